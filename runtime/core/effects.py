"""Compiled card definitions: the immutable objects a card file becomes.

The textX model is never on the hot path: the compiler in ``cardsmith.dsl`` turns it into
these frozen, slotted dataclasses once (and caches them by content hash).  They refer to
other cards by name only, so they pickle, hash and compare cheaply, and a game state can
name a card definition without holding it.

Nothing here knows a game's words: verbs, nouns, filters, conditions and event names are
plain strings that a game registers meaning for (see ``registry``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Union
from .native import pickle_by_constructor


@dataclass(frozen=True, slots=True)
class Loc:
    """Where a construct came from, for messages: ``file:line:col``."""
    file: str = "<string>"
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


# ---- expressions -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Num:
    value: int


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number read from the game when the effect runs (``the number of cards in their hand``).

    ``what`` is a quantity name a game registers; ``of`` the selector it is measured on.
    """
    what: str
    of: "Sel | None" = None


Expr = Union[Num, Quantity]


# ---- selectors ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Filter:
    """A condition on a selector's candidates, e.g. ``near you``, ``in terrain``, ``controlled``."""
    name: str
    arg: Any = None      # a Sel, an Expr, a word, or what a game's filter reads (a pair for "within N of")
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Sel:
    """Who or what an effect acts on.

    mode: ``target`` (chosen when the card is played; ``index`` points into the card's
    target list), ``each`` (every candidate when the step runs), ``ref`` (a name bound
    earlier: ``you``, ``them``, ``it``, ``this``, or an ``as NAME`` binding), ``choose``
    (picked by the controller when the step runs).
    """
    mode: str
    noun: str = ""
    filters: tuple[Filter, ...] = ()
    index: int = -1
    other: bool = False
    count: int = 1
    upto: bool = False


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target the card asks for when it is played (rule: choose targets, then pay)."""
    noun: str
    filters: tuple[Filter, ...] = ()
    other: bool = False
    count: int = 1
    upto: bool = False
    mode: int = -1          # which ``choose one`` option asks for it (-1: always)
    name: str = ""         # binding name given with ``as NAME``


# ---- effect nodes ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Clause:
    """A prepositional part of a step: ``to X``, ``up to 2 tiles``, ``unless they pay 3``."""
    prep: str
    value: "Sel | Expr | Unless | str | None" = None


@dataclass(frozen=True, slots=True)
class Unless:
    who: Sel
    amount: Expr
    how: str = "pay"        # pay | spend


@dataclass(frozen=True, slots=True)
class Step:
    """One verb invocation.  The verb's registered class gives it meaning."""
    verb: str
    amount: Expr | None = None
    unit: str = ""
    obj: Sel | None = None
    clauses: tuple[Clause, ...] = ()
    more: bool = False      # "deal 2 more damage": only changes the rendered text
    optional: bool = False  # "you may ..."
    gate: bool = False      # declining it skips the rest of its block ("you may PAY to ...")
    loc: Loc = field(default=Loc(), compare=False)

    def clause(self, prep: str):
        for c in self.clauses:
            if c.prep == prep:
                return c.value
        return None

    def has(self, prep: str) -> bool:
        return any(c.prep == prep for c in self.clauses)


@dataclass(frozen=True, slots=True)
class Cond:
    """A condition a game registers under ``name`` (advantage, breach, frenzy, has ...)."""
    name: str
    subject: Sel | None = None
    arg: Any = None                 # an Expr, a word, a Sel, or a pair the game reads
    negated: bool = False


@dataclass(frozen=True, slots=True)
class If:
    cond: Cond
    then: tuple["Node", ...]
    otherwise: tuple["Node", ...] = ()
    label: str = ""         # keyword form ("advantage", "frenzy") for rendering


@dataclass(frozen=True, slots=True)
class Choose:
    """``choose one``: the option is picked when the card is played (mode index)."""
    options: tuple[tuple["Node", ...], ...]


@dataclass(frozen=True, slots=True)
class ForEach:
    """``for each NOUN ...``: the body once per match, ``them`` bound to it; or, with
    ``count``, ``for each (QUANTITY)``: the body that many times, binding nothing (Eagle)."""
    sel: Sel | None
    body: tuple["Node", ...]
    name: str = "each"
    count: "Expr | None" = None


Node = Union[Step, If, Choose, ForEach]


def every_node(nodes: tuple[Node, ...]) -> Iterator[Node]:
    """Each node of an effect and of every branch and loop inside it, in reading order
    (a node before its branches): for the questions asked of a card's whole text."""
    for node in nodes:
        yield node
        if isinstance(node, If):
            yield from every_node(node.then)
            yield from every_node(node.otherwise)
        elif isinstance(node, Choose):
            for option in node.options:
                yield from every_node(option)
        elif isinstance(node, ForEach):
            yield from every_node(node.body)


# ---- abilities ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Trigger:
    """``at start of your turn: ...`` / ``after you stun an opponent: ...``."""
    event: str
    who: Sel | None = None
    obj: Sel | None = None
    qualifiers: tuple[str, ...] = ()      # e.g. "first time this turn"
    body: tuple[Node, ...] = ()
    limit: str = ""                       # "turn" | "game" | ""
    loc: Loc = field(default=Loc(), compare=False)


@dataclass(frozen=True, slots=True)
class Static:
    """A continuous effect that holds while the card is where it works (``while``)."""
    rule: str
    args: tuple = ()
    loc: Loc = field(default=Loc(), compare=False)


@dataclass(frozen=True, slots=True)
class Replacement:
    """``instead of EVENT: ...``: the body happens and the event does not."""
    event: str
    who: Sel | None = None
    body: tuple[Node, ...] = ()
    loc: Loc = field(default=Loc(), compare=False)


@dataclass(frozen=True, slots=True)
class Activated:
    """An ability a player chooses to use, with a cost: ``ACTION (2 influence): ...``.

    ``kind`` is a word the game registers (``Vocabulary.activations``): what it costs and
    when it may be used are the game's rules.  ``amount`` is a number written after the
    word (``RUSH 3``); ``costs`` are ``(unit, amount)`` pairs written in parentheses.
    """
    kind: str
    amount: int | None = None
    costs: tuple[tuple[str, int], ...] = ()
    body: tuple[Node, ...] = ()
    loc: Loc = field(default=Loc(), compare=False)

    def cost(self, unit: str) -> int:
        return sum(n for u, n in self.costs if u == unit)


Ability = Union[Trigger, Static, Replacement, Activated]


@dataclass(frozen=True, slots=True)
class Use:
    """A designer's keyword or effect as a card writes it (``Overload 2``), for the card's
    text: the effects it stands for are in the card as if written there, ``effect`` and
    ``abilities`` their places in it, ``reminder`` their English."""
    name: str
    args: tuple[int, ...] = ()
    kind: str = "keyword"
    reminder: str = ""
    effect: tuple[int, ...] = ()
    abilities: tuple[int, ...] = ()
    declared: str = ""      # as declared, parameters by name: "Overload N: at the start ..."


@dataclass(frozen=True, slots=True)
class CardDef:
    """A compiled card.  ``header`` is the game's own frozen header dataclass."""
    name: str
    game: str
    header: Any
    effect: tuple[Node, ...] = ()         # what happens when the card resolves
    targets: tuple[TargetSpec, ...] = ()
    modes: int = 0                        # number of ``choose one`` options (0: none)
    abilities: tuple[Ability, ...] = ()   # triggers, statics, replacements
    keywords: frozenset[str] = frozenset()
    uses: tuple[Use, ...] = ()            # a designer's keywords and effects it names
    note: str = ""
    loc: Loc = field(default=Loc(), compare=False)
    source: str = field(default="", compare=False)   # the card's own source text

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


pickle_by_constructor(globals())      # the frozen dataclasses above (see native.py)
