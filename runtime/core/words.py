"""The small objects games register for their selector words.

A noun, filter, condition, quantity or event is a name, an English text (for rendering a
card's rules text) and, for the ones that compute something, a function.  Every game
describes its words as tables of ``name -> (function, text)`` and registers them with
``register_tables``, so no game needs classes of its own for this.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from .keywords import Keyword
from .native import mypyc_attr

if TYPE_CHECKING:
    from .interpreter import Ctx
    from .registry import Vocabulary


@mypyc_attr(allow_interpreted_subclasses=True)
class Word:
    """A registered word with its English text, and a predicate or value if it has one.

    Filters are tested as ``fn(ctx, ref, arg)``, conditions as ``fn(ctx, cond)``,
    quantities valued as ``fn(ctx, quantity)``.
    """

    def __init__(self, text: str, fn: Callable[..., Any] | None = None, help: str = "") -> None:
        self.text = text
        self.fn = fn
        #: what the word means, for the REPL's help, where ``text`` (how a card prints it,
        #: "Advantage") doesn't say it
        self.help = help
        #: a condition's words in a rendered rules text when it stands alone ("if you have
        #: advantage, ..."); '' for the renderer's own reading of ``text``
        self.said = ""
        #: the heading of an effect labelled with this condition ("Unleash - ..."); '' for
        #: the label's own word
        self.heading = ""

    def test(self, ctx: "Ctx", *args: Any) -> bool:
        return bool(self.fn(ctx, *args))  # type: ignore[misc]

    def value(self, ctx: "Ctx", q: Any) -> int:
        return int(self.fn(ctx, q))  # type: ignore[misc]


#: name -> (function, text) or (function, text, help)
Table = Mapping[str, tuple[Any, ...]]


def refs_of(ctx: "Ctx", sel: Any) -> list[str]:
    """What a condition's subject selects ([] when it has none)."""
    return ctx.select(sel) if sel is not None else []


def passes(ctx: "Ctx", ref: str, filters: Iterable[Any]) -> bool:
    """Whether ``ref`` passes each of a selector's filters (a negated filter: fails it), as
    the game's registered filter words test them: every game's selectors ask this."""
    vocab = ctx.game.rules.vocab
    for f in filters:
        if bool(vocab.filters[f.name].test(ctx, ref, f.arg)) == f.negated:
            return False
    return True


def every(pred: Callable[["Ctx", str], bool]) -> Callable[["Ctx", Any], bool]:
    """A condition "SUBJECT is ...": true when the subject selects something and ``pred``
    holds for each reference it selects."""
    def fn(ctx: "Ctx", cond: Any) -> bool:
        refs = refs_of(ctx, cond.subject)
        return bool(refs) and all(pred(ctx, r) for r in refs)
    return fn


def register_tables(vocab: "Vocabulary", *, nouns: Iterable[str] = (), filters: Table = {},
                    conditions: Table = {}, quantities: Table = {},
                    events: Mapping[str, str] = {}, keywords: Mapping[str, str] = {},
                    statics: Mapping[str, str] = {}) -> None:
    """Register a game's word tables in its vocabulary."""
    for name in nouns:
        vocab.noun(name)(Word(name))
    for name, (fn, text) in filters.items():
        vocab.filter(name)(Word(text, fn))
    for name, (fn, text, *help) in conditions.items():
        vocab.condition(name)(Word(text, fn, *help))
    for name, (fn, text) in quantities.items():
        vocab.quantity(name)(Word(text, fn))
    for name, text in events.items():
        vocab.event(name)(Word(text))
    for name, text in statics.items():
        vocab.static(name)(Word(text))
    for name, text in keywords.items():
        vocab.keyword(Keyword(name, text))
