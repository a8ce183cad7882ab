"""The base class of keywords: what a keyword printed on a card does, asked by the play
pipeline through hooks, so no rule tests a keyword's name.

A game registers one instance per keyword in its ``Vocabulary`` (``vocab.keyword``), as it
does verbs; a keyword whose rule asks no hook yet is a plain ``Keyword``: a name and a meaning.  Every hook does nothing by default, so a
keyword overrides only the ones its rule changes, and adding one is adding a class.
"""
from __future__ import annotations

from typing import Any, ClassVar

from .effects import CardDef
from .memo import per_definition
from .native import mypyc_attr
from .registry import get_game


@mypyc_attr(allow_interpreted_subclasses=True)
class Keyword:
    #: range: the card measures its own distances to its targets (a range of another shape,
    #: or only its exact length), so a distance worked out once for other cards doesn't
    #: answer its targets
    own_distance: ClassVar[bool] = False
    #: range: one of the steps its range is drawn with may be diagonal
    diagonal_step: ClassVar[bool] = False

    def __init__(self, name: str, meaning: str) -> None:
        #: the word a card's ``keywords`` line writes (underscores for spaces)
        self.name = name
        #: what the keyword does, in one line: the REPL's ``help keywords`` shows it
        self.meaning = meaning


def keywords_of(card: CardDef) -> tuple[Keyword, ...]:
    """The keywords ``card`` has, as its game registered them (a word the game doesn't
    register is no keyword of it: the compiler refuses it)."""
    return _keywords_of(card)


@per_definition
def _keywords_of(card: CardDef) -> tuple[Keyword, ...]:
    registered = get_game(card.game).vocab.keywords
    return tuple(registered[k] for k in sorted(card.keywords) if k in registered)


@per_definition
def diagonal_step(card: CardDef) -> bool:
    """Whether one of ``card``'s keywords lets one step of its range be diagonal."""
    return any(k.diagonal_step for k in _keywords_of(card))


@per_definition
def own_distance(card: CardDef) -> bool:
    """Whether one of ``card``'s keywords has it measure its own distances."""
    return any(k.own_distance for k in _keywords_of(card))


def read_keywords_line(line: Any, fields: dict[str, Any], where: dict[Any, Any]) -> None:
    """A card header's ``keywords A, B`` line as a game's header reader files it: each word
    (a space written as an underscore, as vocabularies name them) in ``fields["keywords"]``,
    and where the line and each word stand, for the compiler's located errors."""
    where.setdefault("keywords", line)
    for k in line.keywords:
        word = k.word.replace(" ", "_")
        where.setdefault(("keywords", word), k)
        fields["keywords"].append(word)
