"""Sylvion's nouns, selectors, filters, conditions, quantities, events and keywords.

References are strings: ``player:N``, ``space:b3``, ``row:2`` or a card id.  Nouns name
what is in play: Elementals (on the battlefield and revealed on their stacks), Trees and
Fountains on the battlefield, the Edges, the spaces (empty or not), the rows, the Ravage
cards in play.  The card language checks a card's words against these names at load time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Final

from cardsmith.runtime.core.effects import Sel
from cardsmith.runtime.core.words import passes

from . import battlefield as bf
from .keywords import KEYWORDS

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def _elementals(kind: str | None) -> Callable[["Game"], list[str]]:
    def fn(game: "Game") -> list[str]:
        return [c for c in bf.elementals(game) if kind is None or bf.header(game, c).kind == kind]
    return fn


def _on_field(kind: str) -> Callable[["Game"], list[str]]:
    return lambda game: [c for c in game.state.zones["field"] if bf.header(game, c).kind == kind]


def _spaces(empty: bool) -> Callable[["Game"], list[str]]:
    """Battlefield spaces (never the forest), in row then space order."""
    def fn(game: "Game") -> list[str]:
        return ["space:" + s.key for s in game.state.board.spaces.values()
                if s.col < bf.SPACES and not (empty and s.cards)]
    return fn


def _ravage(game: "Game") -> list[str]:
    tops = bf.revealed_tops(game)
    return tops + [c for c in game.state.zones["field"] if bf.header(game, c).side in ("ravage", "supply")]


_BASE: Final[dict[str, Callable[["Game"], list[str]]]] = {
    "elemental": _elementals(None),
    "standard elemental": _elementals("elemental"),
    "blazing elemental": _elementals("blazing elemental"),
    "tree": _on_field("tree"),
    "fountain": _on_field("fountain"),
    "edge": lambda game: list(game.state.zones[bf.EDGES]),
    "space": _spaces(False),
    "empty space": _spaces(True),
    "row": lambda game: [f"row:{r}" for r in range(bf.ROWS)],
    "ravage card": _ravage,
    "card": _ravage,
    "player": lambda game: [f"player:{p.index}" for p in game.state.players],
}
#: plural nouns mean the same things as the singular
NOUNS: Final = {**_BASE, **{k + "s": v for k, v in _BASE.items()}}


def candidates(game: "Game", noun: str) -> list[str]:
    fn = NOUNS.get(noun)
    return fn(game) if fn else []


def row_of(game: "Game", ref: str) -> int | None:
    if ref.startswith("row:"):
        return int(ref[4:])
    if ref.startswith("space:"):
        return bf.parse_space(ref)[0]
    where = bf.position(game, ref)
    return where[0] if where else None


def resolve_ref(ctx: "Ctx", name: str) -> list[str]:
    if name == "you":
        return [f"player:{ctx.controller}"]
    bound = ctx.bound(name)
    if bound is not None:
        return list(bound) if isinstance(bound, list) else [bound]
    if name == "this":
        return [ctx.source]
    if name in ("it", "them"):
        for k in range(len(ctx.card().targets)):
            refs = ctx.targets(k)
            if refs:
                return refs
        return []
    return []


def select(ctx: "Ctx", sel: Sel) -> list[str]:
    if sel.mode == "ref":
        return resolve_ref(ctx, sel.noun)
    if sel.mode == "target":
        return ctx.targets(sel.index)
    if sel.mode == "choose":
        return list(ctx.data.get("bind", {}).get(f"chosen:{sel.noun}", []))
    refs = candidates(ctx.game, sel.noun)
    return [r for r in refs if not (sel.other and r == ctx.source) and passes(ctx, r, sel.filters)]


def spec_options(ctx: "Ctx", spec: Any) -> list[str]:
    """The legal choices for one target of a card (a TargetSpec or a 'choose' Sel)."""
    return [r for r in candidates(ctx.game, spec.noun)
            if not (spec.other and r == ctx.data.get("src")) and passes(ctx, r, spec.filters)]


def spec_exists(ctx: "Ctx", spec: Any) -> bool:
    """Whether a target has at least one legal choice (stops at the first)."""
    src = ctx.data.get("src")
    return any(not (spec.other and r == src) and passes(ctx, r, spec.filters)
               for r in candidates(ctx.game, spec.noun))


def describe(game: "Game", ref: str) -> str:
    if ref.startswith("player:"):
        return game.state.players[int(ref[7:])].name
    if ref.startswith("space:"):
        return ref[6:]
    if ref.startswith("row:"):
        return f"row {bf.ROW_NAMES[int(ref[4:])]}"
    card = game.state.cards.get(ref)
    if card is None:
        return ref
    where = bf.position(game, ref)
    if where is None:
        return card.name
    row, n = where
    return f"{card.name} at {bf.space_key(row, n)}" if n else f"{card.name} on stack {bf.ROW_NAMES[row]}"


# ---- vocabulary objects -----------------------------------------------------------

class _Word:
    def __init__(self, text: str) -> None:
        self.text = text


class _Event(_Word):
    """An event word; renders itself for the card text: its subject, then what it does
    ("after an Edge flips to Desolated")."""

    def render(self, node: Any, r: Any) -> str:
        head, _, verb = self.text.partition(" ")
        if head == "the" or not verb:
            return self.text
        noun, _, verb = verb.partition(" ")
        subject = r.subject(node.who) if getattr(node, "who", None) is not None else f"{head} {noun}"
        return f"{subject} {verb}".strip()


class _Filter(_Word):
    def __init__(self, fn, text: str) -> None:
        super().__init__(text)
        self.fn = fn

    def test(self, ctx: "Ctx", ref: str, arg: Any) -> bool:
        return bool(self.fn(ctx, ref, arg))


class _Cond(_Word):
    def __init__(self, fn, text: str) -> None:
        super().__init__(text)
        self.fn = fn

    def test(self, ctx: "Ctx", cond: Any) -> bool:
        return bool(self.fn(ctx, cond))


class _Quantity(_Word):
    def __init__(self, fn, text: str) -> None:
        super().__init__(text)
        self.fn = fn

    def value(self, ctx: "Ctx", q: Any) -> int:
        return int(self.fn(ctx, q))


def _in_row_of(ctx: "Ctx", ref: str, arg: Any) -> bool:
    mine = row_of(ctx.game, ref)
    return mine is not None and any(row_of(ctx.game, r) == mine for r in ctx.select(arg))


def _revealed_now(ctx: "Ctx", ref: str, arg: Any) -> bool:
    card = ctx.game.state.cards.get(ref)
    return card is not None and card.revealed and card.zone.startswith("ravage:")


FILTERS: Final = {
    "in row of": (_in_row_of, "in the row of {arg}"),
    "just revealed": (_revealed_now, "just revealed"),
    "revealed": (lambda c, r, a: r in c.game.state.cards and c.game.state.cards[r].revealed, "revealed"),
}


def _count(noun: str) -> Callable[["Ctx", Any], int]:
    return lambda ctx, q: len(candidates(ctx.game, noun))


def _hand_size(ctx: "Ctx", q: Any) -> int:
    refs = ctx.select(q.of) if q.of is not None else [f"player:{ctx.controller}"]
    return sum(len(ctx.game.state.zones[bf.hand(int(r[7:]))]) for r in refs if r.startswith("player:"))


def _strength(ctx: "Ctx", q: Any) -> int:
    return sum(bf.strength(ctx.game, r) for r in ctx.select(q.of) if r in ctx.game.state.cards)


QUANTITIES: Final = {
    "desolated edges": (lambda c, q: len(bf.edges(c.game, True)), "the number of Desolated Edges"),
    "bloom edges": (lambda c, q: len(bf.edges(c.game, False)), "the number of Bloom Edges"),
    "elementals": (_count("elementals"), "the number of Elementals in play"),
    "trees": (_count("trees"), "the number of Trees on the battlefield"),
    "vitality": (lambda c, q: sum(bf.header(c.game, t).vitality for t in candidates(c.game, "trees")),
                 "the Trees' total vitality"),
    "cards in hand": (_hand_size, "the number of cards in {of}'s hand"),
    "strength": (_strength, "the strength of {of}"),
    "turn": (lambda c, q: c.game.state.turn, "the turn number"),
}


def _last_turn(ctx: "Ctx", cond: Any) -> bool:
    return all(not ctx.game.state.zones[bf.stack_zone(r)] for r in range(bf.ROWS))


CONDITIONS: Final = {
    "final_turn": (_last_turn, "this is the final turn"),
    "solo": (lambda c, cond: len(c.game.state.players) == 1, "you play alone"),
    "advanced": (lambda c, cond: bool(c.game.state.options.get("advanced")), "this is the advanced game"),
}

#: the phases of a turn, in order; triggers say "at start of PHASE phase" / "at end of ..."
PHASES: Final = ("reveal", "supports", "mobilization", "move", "reinforcements", "defense", "final_assault")

EVENTS: Final = {
    "flip": "an Edge flips", "desolate": "an Edge flips to Desolated", "bloom": "an Edge flips to Bloom",
    "destroy": "a card is destroyed", "enter": "an Elemental enters a space", "reveal": "a Ravage card is revealed",
    "draw": "a card is drawn", "play": "a Sylvan card is played",
    "turn_start": "the start of a turn", "turn_end": "the end of a turn",
    **{f"{point}:{p}": f"the {point} of the {p.replace('_', ' ')} phase" for p in PHASES for point in ("start", "end")},
}

#: Sylvion's words in the card grammar's closed classes (``Vocabulary.words``)
GRAMMAR_WORDS: Final = {"units": ("damage", "cards", "card", "edges", "edge"),
                        "distances": ("spaces", "space"), "directions": ("left", "right"),
                        "reserved": ("damage", "cards", "left", "right", "just", "revealed")}


def register(vocab: "Vocabulary") -> None:
    vocab.words(**GRAMMAR_WORDS)
    for noun in NOUNS:
        vocab.noun(noun)(_Word(noun))
    for name, (fn, text) in FILTERS.items():
        vocab.filter(name)(_Filter(fn, text))
    for name, (fn, text) in CONDITIONS.items():  # type: ignore[assignment]
        vocab.condition(name)(_Cond(fn, text))
    for name, (fn, text) in QUANTITIES.items():  # type: ignore[assignment]
        vocab.quantity(name)(_Quantity(fn, text))
    for name, text in EVENTS.items():
        vocab.event(name)(_Event(text))
    for keyword in KEYWORDS:
        vocab.keyword(keyword)
