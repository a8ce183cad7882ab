"""The game state: plain data only.

Everything a game is at a decision point lives here, including where effect resolution
stands (``agenda`` frames), the RNG and the log, so a state can be cloned, saved to JSON
and loaded back mid-resolution.  No closures, generators or handles: only dataclasses of
ints, strings, lists and dicts.  Game packages subclass ``GameState`` to add their own
fields; the core never reads them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final
from .native import mypyc_attr, pickle_by_constructor


#: card instance ids read "card12": unlike "c12", never the name of a tile or a space
CARD_ID_PREFIX: Final = "card"


def card_zone(kind: str, card_id: str) -> str:
    """The name of a zone that belongs to a card, not to a player: ``"beneath:card12"``,
    the cards set under card12.  A player's zone reads "KIND:INDEX"; a card's reads
    "KIND:CARD ID", so ``GameRules.zone_visible`` and the views take it apart the same way
    and a game decides what the kind means."""
    return f"{kind}:{card_id}"


def zone_holder(zone: str) -> str:
    """The card a card's zone belongs to ("card12" for "beneath:card12"), "" for any other."""
    owner = zone.partition(":")[2]
    return owner if owner.startswith(CARD_ID_PREFIX) else ""


@dataclass(slots=True)
class CardInstance:
    """One physical card in a game.  ``name`` points at a compiled ``CardDef``."""
    id: str
    name: str
    owner: int
    zone: str
    controller: int = -1
    revealed: bool = False
    attached_to: str = ""          # a reference: "player:1", "space:b2", or a card id
    counters: dict[str, int] = field(default_factory=dict)
    token: bool = False            # a copy or a made card: leaves the game instead of a zone

    def __post_init__(self) -> None:
        if self.controller < 0:
            self.controller = self.owner


@dataclass(slots=True)
class Player:
    index: int
    name: str
    team: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    flags: dict[str, Any] = field(default_factory=dict)
    position: str = ""             # a space key on the board, "" when off the board

    def stat(self, key: str) -> int:
        return self.stats.get(key, 0)


@dataclass(slots=True)
class Space:
    """A place on the board: a tile, a row space, a seat slot."""
    key: str
    row: int
    col: int
    terrain: str = ""
    cards: list[str] = field(default_factory=list)   # card ids attached to / standing in it


@dataclass(slots=True)
class Board:
    """Places in rows and columns: Ivion's 4x4 tiles, Sylvion's rows of spaces, Rush of
    Ikorr's seats and slots.  Keys are a game's own names; ``row``/``col`` give the shape."""
    kind: str = "grid"
    rows: int = 0
    cols: int = 0
    spaces: dict[str, Space] = field(default_factory=dict)

    @classmethod
    def grid(cls, kind: str, rows: int, cols: int, key: "Callable[[int, int], str]",
             terrain: "Callable[[int, int], str] | None" = None) -> "Board":
        """A rows x cols board whose space at (row, col) is named ``key(row, col)``."""
        board = cls(kind, rows, cols)
        for r in range(rows):
            for c in range(cols):
                k = key(r, c)
                board.spaces[k] = Space(k, r, c, terrain(r, c) if terrain else "")
        return board

    def at(self, row: int, col: int) -> Space | None:
        """The space at (row, col), or None off the board."""
        for space in self.spaces.values():
            if space.row == row and space.col == col:
                return space
        return None

    def line(self, row: int) -> list[Space]:
        """The spaces of one row, in column order."""
        return sorted((s for s in self.spaces.values() if s.row == row), key=lambda s: s.col)

    def where(self, card_id: str) -> Space | None:
        """The space a card stands in (or is attached to), if any."""
        for space in self.spaces.values():
            if card_id in space.cards:
                return space
        return None


@dataclass(slots=True)
class StackItem:
    """A played card waiting to resolve, with what was paid so it can be refunded."""
    id: str
    card: str                      # card instance id
    controller: int
    targets: list[list[str]] = field(default_factory=list)   # per TargetSpec, chosen refs
    modes: list[int] = field(default_factory=list)
    paid: dict[str, int] = field(default_factory=dict)
    fate: str = "pending"          # pending | resolving | resolved | countered | meta-countered
    reason: str = ""
    source_zone: str = ""
    flags: dict[str, Any] = field(default_factory=dict)      # free, copy, unleashed, cantrip ...

    # Written out rather than generated, as are the other classes built on every step: a
    # compiled build (mypyc) runs a dataclass's generated __init__ as interpreted Python, about
    # six times slower.  tests/runtime/core/test_state.py holds each to its fields.
    def __init__(self, id: str, card: str, controller: int, targets: list[list[str]] | None = None,
                 modes: list[int] | None = None, paid: dict[str, int] | None = None, fate: str = "pending",
                 reason: str = "", source_zone: str = "", flags: dict[str, Any] | None = None) -> None:
        self.id = id
        self.card = card
        self.controller = controller
        self.targets = [] if targets is None else targets
        self.modes = [] if modes is None else modes
        self.paid = {} if paid is None else paid
        self.fate = fate
        self.reason = reason
        self.source_zone = source_zone
        self.flags = {} if flags is None else flags


@dataclass(slots=True)
class Frame:
    """A unit of pending work.  Handlers registered by kind run it (see ``engine``)."""
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, data: dict[str, Any] | None = None) -> None:     # see StackItem
        self.kind = kind
        self.data = {} if data is None else data


@dataclass(slots=True, unsafe_hash=True)
class Action:
    """A choice a player can make.  ``label`` is for people; equality ignores it.

    A value: nothing changes an action once made.  It is not ``frozen`` only because a
    frozen dataclass costs five times as much to build, and every legal-action listing
    builds a handful (benchmarks/ivion_duels.py)."""
    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)

    def __init__(self, kind: str, args: tuple = (), label: str = "") -> None:       # see StackItem
        self.kind = kind
        self.args = args
        self.label = label

    def __str__(self) -> str:
        return self.label or " ".join([self.kind, *map(str, self.args)])


@dataclass(slots=True)
class Decision:
    """Who must decide what, and the legal options."""
    player: int
    kind: str
    prompt: str
    options: list[Action] = field(default_factory=list)

    def __init__(self, player: int, kind: str, prompt: str, options: list[Action] | None = None) -> None:
        self.player = player                                                        # see StackItem
        self.kind = kind
        self.prompt = prompt
        self.options = [] if options is None else options


@dataclass(slots=True)
class LogEntry:
    turn: int
    kind: str
    text: str
    cause: str = ""
    player: int = -1
    private: bool = False          # seen only by ``player`` (hidden information)

    def __init__(self, turn: int, kind: str, text: str, cause: str = "", player: int = -1,
                 private: bool = False) -> None:                                    # see StackItem
        self.turn = turn
        self.kind = kind
        self.text = text
        self.cause = cause
        self.player = player
        self.private = private


@dataclass(slots=True)
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    game: str
    ruleset: str = "default"
    seed: int = 0
    rng: int = 0
    players: list[Player] = field(default_factory=list)
    cards: dict[str, CardInstance] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=dict)
    board: Board = field(default_factory=Board)
    stack: list[StackItem] = field(default_factory=list)
    agenda: list[Frame] = field(default_factory=list)
    pending: Decision | None = None
    triggered: list[dict[str, Any]] = field(default_factory=list)
    turn: int = 0
    active: int = 0
    phase: str = ""
    winner: int = -1               # team index, -1 while the game goes on
    over: bool = False
    result: str = ""
    used: dict[str, int] = field(default_factory=dict)       # once-per-turn / once-per-game marks
    options: dict[str, Any] = field(default_factory=dict)    # game options (variant, rules switches)
    log: list[LogEntry] = field(default_factory=list)
    listeners: dict[str, list[str]] = field(default_factory=dict)  # "on:EVENT" -> card ids
    next_id: int = 1

    def new_id(self, prefix: str) -> str:
        ident = f"{prefix}{self.next_id}"
        self.next_id += 1
        return ident

    def new_ids(self, prefix: str, n: int) -> list[str]:
        """``n`` fresh ids at once, as ``new_id`` would give them one by one: a whole deck
        is made at setup, and the counter is then read and written once."""
        first = self.next_id
        self.next_id = first + n
        return [f"{prefix}{i}" for i in range(first, first + n)]


pickle_by_constructor(globals())      # the classes whose __init__ is written out (see native.py)
