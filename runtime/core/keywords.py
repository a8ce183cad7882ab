"""The base class of keywords: what a keyword printed on a card does, asked by the play
pipeline through hooks, so no rule tests a keyword's name.

A game registers one instance per keyword in its ``Vocabulary`` (``vocab.keyword``), as it
does verbs; a keyword whose rule asks no hook yet is a plain ``Keyword``: a name and a
meaning.  Every hook does nothing by default, so a keyword overrides only the ones its rule
changes, and adding one is adding a class.  The hooks are named for what the pipeline asks
(may it be played, what may it do, how does it strike), never for a game; the questions
the pipeline asks of every card (``refusals``, ``allowed``, ...) are read once per
definition, since a listing asks them of every card at every decision.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Final

from .effects import CardDef
from .memo import per_definition
from .native import mypyc_attr
from .registry import get_game

if TYPE_CHECKING:
    from .engine import Game


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

    # ---- playability and cost -------------------------------------------------------

    #: cost: another cost the card may be played for instead of its printed one, as
    #: (resource, amount) pairs (Ivion's Cantrip: one initiative token); () for none
    alternative_cost: ClassVar[tuple[tuple[str, int], ...]] = ()
    #: cost: the resource of which the player may spend all that is left, as the card is
    #: paid for, for its stronger effect (Ivion's Unleash: power); '' for none
    spends_the_rest: ClassVar[str] = ""

    def refuses_play(self, game: "Game", player: int, cid: str) -> str:
        """Why the keyword stops ``player`` playing card ``cid`` now ('' when it doesn't):
        Ivion's Hardcast while the card is hidden, Once per game once it was played."""
        return ""

    def on_play(self, game: "Game", player: int, cid: str) -> None:
        """What the keyword records as ``player`` plays card ``cid`` (its cost is paid and
        it goes to be resolved): Once per turn marks the card played this turn."""

    # ---- targets --------------------------------------------------------------------

    def exact_range(self, game: "Game", card: CardDef) -> bool:
        """Whether the card's targets must stand exactly at its range now, not merely
        within it (Ivion's Precise, read as a restriction)."""
        return False

    # ---- what a card in play may do ---------------------------------------------------

    #: the game's words for what a card with it may do that others may not (Swift: attack
    #: the turn it arrived; Support: support; Reaction: be played in a reaction window)
    allows: ClassVar[frozenset[str]] = frozenset()
    #: combat: it strikes first, and is struck back only if the other survives
    strikes_first: ClassVar[bool] = False
    #: combat: any damage its strike deals destroys what it strikes
    deadly: ClassVar[bool] = False

    # ---- leaving play -------------------------------------------------------------------

    def replaces_discard(self, game: "Game", cid: str, cause: str) -> bool:
        """Card ``cid`` would go to its owner's discard: whether the keyword sends it
        elsewhere instead (having done so): Ivion's Relic removes it from the game."""
        return False

    # ---- triggers -----------------------------------------------------------------------

    def after_death(self, game: "Game", cid: str) -> None:
        """What the keyword does once card ``cid`` has died (moved to its graveyard):
        Ikorr's Reanimate marks it to return at the next end phase."""


def keywords_of(card: CardDef) -> tuple[Keyword, ...]:
    """The keywords ``card`` has, as its game registered them (a word the game doesn't
    register is no keyword of it: the compiler refuses it)."""
    return _keywords_of(card)


@per_definition
def _keywords_of(card: CardDef) -> tuple[Keyword, ...]:
    registered = get_game(card.game).vocab.keywords
    return tuple(registered[k] for k in sorted(card.keywords) if k in registered)


def _any(flag: str) -> Callable[[CardDef], bool]:
    """Whether one of a card's keywords sets the class flag ``flag``, per definition."""
    def any_sets(card: CardDef) -> bool:
        return any(getattr(k, flag) for k in _keywords_of(card))
    return per_definition(any_sets)


#: range: one of the card's keywords lets one step of its range be diagonal (Reach)
diagonal_step: Final = _any("diagonal_step")
#: range: one of the card's keywords has it measure its own distances (Reach, Precise)
own_distance: Final = _any("own_distance")
#: combat: one of the card's keywords has it strike first (Quick Strike)
strikes_first: Final = _any("strikes_first")
#: combat: one of the card's keywords makes any damage its strike deals destroy (Lethal)
deadly: Final = _any("deadly")


def _overriding(hook: str) -> Callable[[CardDef], tuple[Keyword, ...]]:
    """A card's keywords that override the method ``hook``, per definition: () for nearly
    every card, so the pipeline asks nothing of them."""
    def overriding(card: CardDef) -> tuple[Keyword, ...]:
        return tuple(k for k in _keywords_of(card) if getattr(type(k), hook) is not getattr(Keyword, hook))
    return per_definition(overriding)


#: ``card``'s keywords that may refuse its play (``Keyword.refuses_play``)
refusals: Final = _overriding("refuses_play")
_on_play: Final = _overriding("on_play")
_after_death: Final = _overriding("after_death")


def refuses_play(game: "Game", player: int, cid: str, card: CardDef) -> str:
    """Why one of ``card``'s keywords stops ``player`` playing ``cid`` now ('' if none does)."""
    for k in refusals(card):
        why = k.refuses_play(game, player, cid)
        if why:
            return why
    return ""


def on_play(game: "Game", player: int, cid: str, card: CardDef) -> None:
    """Tell ``card``'s keywords it is being played (``Keyword.on_play``)."""
    if card.keywords:           # most cards have none: no look-up at every play
        for k in _on_play(card):
            k.on_play(game, player, cid)


@per_definition
def alternative_cost(card: CardDef) -> tuple[tuple[str, int], ...]:
    """The other cost ``card`` may be played for (``Keyword.alternative_cost``), () if none."""
    return next((k.alternative_cost for k in _keywords_of(card) if k.alternative_cost), ())


@per_definition
def spends_the_rest(card: CardDef) -> str:
    """The resource ``card`` may be played spending all of (``Keyword.spends_the_rest``)."""
    return next((k.spends_the_rest for k in _keywords_of(card) if k.spends_the_rest), "")


def replaces_discard(game: "Game", cid: str, card: CardDef, cause: str) -> bool:
    """Whether one of ``card``'s keywords sent ``cid``, bound for the discard, elsewhere."""
    if not card.keywords:       # most cards have none: no look-up at every discard
        return False
    return any(k.replaces_discard(game, cid, cause) for k in _keywords_of(card))


def exact_range(game: "Game", card: CardDef) -> bool:
    """Whether one of ``card``'s keywords has its targets stand exactly at its range now."""
    if not card.keywords:
        return False
    return any(k.exact_range(game, card) for k in _keywords_of(card))


def allows(card: CardDef, what: str) -> bool:
    """Whether one of ``card``'s keywords lets it do ``what`` (``Keyword.allows``)."""
    return what in _allowed(card)


@per_definition
def _allowed(card: CardDef) -> frozenset[str]:
    return frozenset(w for k in _keywords_of(card) for w in k.allows)


def after_death(game: "Game", cid: str, card: CardDef) -> None:
    """Tell ``card``'s keywords that card ``cid`` died (``Keyword.after_death``)."""
    for k in _after_death(card):
        k.after_death(game, cid)


def read_keywords_line(line: Any, fields: dict[str, Any], where: dict[Any, Any]) -> None:
    """A card header's ``keywords A, B`` line as a game's header reader files it: each word
    (a space written as an underscore, as vocabularies name them) in ``fields["keywords"]``,
    and where the line and each word stand, for the compiler's located errors."""
    where.setdefault("keywords", line)
    for k in line.keywords:
        word = k.word.replace(" ", "_")
        where.setdefault(("keywords", word), k)
        fields["keywords"].append(word)
