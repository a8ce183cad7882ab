"""A saved game is checked whole before anything plays it (``checked_game``).

A save is a file anyone can edit, so nothing in it is trusted: first every field is held
to the type its dataclass declares (``codec.field_types``: a missing or unknown field, a
string where a number belongs, a number out of range), then every reference is followed
(player numbers, card ids in zones, on the stack, in frames and triggers, zone names, the
listener index, the id counter), then each game checks what is its own (its frames' data
through each handler's ``check``, its flags and options through ``GameRules.check_state``),
and last the pending decision is asked again from the frame that asks it and must come out
the same (the engine can ask any decision again: the REPL does after a hand edit).  The
first problem found is raised as ``SaveProblem`` with its path (``state.zones["hand:1"][3]``);
a game is only built once every check has passed.
"""
from __future__ import annotations

import dataclasses
import math
import pickle
import re
import types
import typing
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from . import codec
from .effects import Replacement, Trigger
from .engine import Game
from .shapes import CARD, INT, MAX_INT, PLAIN, PLAYER, Record, SaveProblem, Shape, brief, key
from .state import CARD_ID_PREFIX, GameState

if TYPE_CHECKING:
    from .cards import CardLibrary
    from .effects import CardDef
    from .rules import GameRules

_U64: Final = (1 << 64) - 1
#: the numbers that are not counts: the RNG's state and the seed it came from
WIDE: Final = {"rng": (0, _U64), "seed": (-(1 << 63), _U64)}
FATES: Final = frozenset({"pending", "resolving", "resolved", "countered", "meta-countered"})
LISTENER_KINDS: Final = ("on:", "static:", "instead:")
_CARD_ID: Final = re.compile(re.escape(CARD_ID_PREFIX) + r"[1-9][0-9]*")
_ITEM_ID: Final = re.compile(r"[a-z]+([1-9][0-9]*)")
_NONE: Final = type(None)


# ---- types, by the dataclasses' own hints -------------------------------------------------
def check_types(hint: Any, data: Any, path: str) -> None:
    """``data`` (parsed JSON) has the shape ``codec.decode(hint, data)`` expects, every
    field present and none unknown."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        arms = [a for a in typing.get_args(hint) if a is not _NONE]
        if data is None:
            if len(arms) < len(typing.get_args(hint)):
                return
            raise SaveProblem(path, "is null")
        check_types(arms[0], data, path)
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if type(data) is not dict:
            raise SaveProblem(path, f"{brief(data)} is not an object")
        hints, names = _fields(hint)
        for name in data:
            if name not in hints:
                raise SaveProblem(f"{path}.{name}", "is not a field of this part of the game")
        for name in names:
            if name not in data:
                raise SaveProblem(path, f"the field \"{name}\" is missing")
            sub = f"{path}.{name}"
            if name in WIDE and issubclass(hint, GameState):
                lo, hi = WIDE[name]
                if type(data[name]) is not int or not lo <= data[name] <= hi:
                    raise SaveProblem(sub, f"{brief(data[name])} is not a whole number from {lo} to {hi}")
                continue
            check_types(hints[name], data[name], sub)
    elif origin is list:
        if type(data) is not list:
            raise SaveProblem(path, f"{brief(data)} is not a list")
        (arg,) = typing.get_args(hint) or (Any,)
        for k, v in enumerate(data):
            check_types(arg, v, key(path, k))
    elif origin is dict:
        if type(data) is not dict:
            raise SaveProblem(path, f"{brief(data)} is not an object")
        _, arg = typing.get_args(hint) or (str, Any)
        for k, v in data.items():
            check_types(arg, v, key(path, k))
    elif origin is tuple or hint is tuple:
        if type(data) is not list:
            raise SaveProblem(path, f"{brief(data)} is not a list")
        for k, v in enumerate(data):
            _plain(v, key(path, k))
    elif hint is bool:
        if type(data) is not bool:
            raise SaveProblem(path, f"{brief(data)} is not true or false")
    elif hint is int:
        if type(data) is not int or not -MAX_INT <= data <= MAX_INT:
            raise SaveProblem(path, f"{brief(data)} is not a whole number from {-MAX_INT} to {MAX_INT}")
    elif hint is str:
        if type(data) is not str:
            raise SaveProblem(path, f"{brief(data)} is not text")
    else:
        _plain(data, path)


@lru_cache(maxsize=None)
def _fields(cls: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    return codec.field_types(cls), tuple(f.name for f in dataclasses.fields(cls))


def _plain(data: Any, path: str) -> None:
    """Plain JSON whose numbers are whole and in range."""
    cls = type(data)
    if cls is str or cls is bool or data is None:
        return
    if cls is int:
        if not -MAX_INT <= data <= MAX_INT:
            raise SaveProblem(path, f"{brief(data)} is out of range ({-MAX_INT} to {MAX_INT})")
        return
    if cls is float:
        why = "is not a finite number" if not math.isfinite(data) else "is not a whole number"
        raise SaveProblem(path, f"{brief(data)} {why}")
    if cls is list:
        for k, v in enumerate(data):
            _plain(v, key(path, k))
        return
    if cls is dict:
        for k, v in data.items():
            _plain(v, key(path, k))
        return
    raise SaveProblem(path, f"{brief(data)} is not plain data")


# ---- references -----------------------------------------------------------------------
class StateCheck:
    """The state being checked, and the questions shapes and games ask of it."""

    def __init__(self, rules: "GameRules", state: GameState, library: "CardLibrary") -> None:
        self.rules, self.state, self.library = rules, state, library
        self.with_library = False           # set once every card's definition is known
        self.items = {it.id for it in state.stack}
        self.teams = {p.team for p in state.players}
        self.ref_kinds = ("player:", *rules.ref_kinds)

    @staticmethod
    def fail(path: str, problem: str) -> SaveProblem:
        return SaveProblem(path, problem)

    def shape(self, shape: Shape, value: Any, path: str) -> None:
        shape.check(self, value, path)

    def player(self, value: Any, path: str) -> int:
        if type(value) is not int or not 0 <= value < len(self.state.players):
            raise SaveProblem(path, f"{brief(value)} is not a player's number "
                                    f"(0 to {len(self.state.players) - 1})")
        return value

    def team(self, value: Any, path: str) -> int:
        if type(value) is not int or value not in self.teams:
            raise SaveProblem(path, f"{brief(value)} is not a team of this game "
                                    f"({', '.join(map(str, sorted(self.teams)))})")
        return value

    def card(self, value: Any, path: str) -> str:
        if type(value) is not str or value not in self.state.cards:
            raise SaveProblem(path, f"{brief(value)} is not a card in this game")
        return value

    def item(self, value: Any, path: str) -> str:
        if type(value) is not str or value not in self.items:
            raise SaveProblem(path, f"{brief(value)} is not an item on the stack")
        return value

    def zone(self, value: Any, path: str) -> str:
        if type(value) is not str:
            raise SaveProblem(path, f"{brief(value)} is not a zone name")
        holder = value.partition(":")[2]
        if _CARD_ID.fullmatch(holder) and holder not in self.state.cards:
            raise SaveProblem(path, f"zone \"{value}\" belongs to {holder}, which is not a card in this game")
        why = self.rules.zone_problem(self.state, value)
        if why:
            raise SaveProblem(path, why)
        return value

    def ref(self, value: Any, path: str) -> str:
        if type(value) is not str:
            raise SaveProblem(path, f"{brief(value)} is not a reference")
        if value.startswith(CARD_ID_PREFIX) and value[len(CARD_ID_PREFIX):].isdecimal():
            return self.card(value, path)
        if value.startswith("player:"):
            number = value[7:]
            if not number.isdecimal() or int(number) >= len(self.state.players):
                raise SaveProblem(path, f"{brief(value)} is not a player of this game")
            return value
        why = self.rules.ref_problem(self.state, value)
        if why:
            raise SaveProblem(path, why)
        return value

    def plain(self, value: Any, path: str) -> None:
        """Plain data whose references are good (a trigger's event, a flag's record): text
        that reads as a card id, ``player:N`` or one of the game's ``ref_kinds`` must be one."""
        if type(value) is str:
            if _CARD_ID.fullmatch(value) or value.startswith(self.ref_kinds):
                self.ref(value, path)
        elif type(value) is list:
            for k, v in enumerate(value):
                self.plain(v, key(path, k))
        elif type(value) is dict:
            for k, v in value.items():
                self.plain(v, key(path, k))

    def trigger(self, value: Any, path: str) -> None:
        check_trigger(self, value, path, with_library=self.with_library)

    def cdef(self, card_id: str, path: str) -> "CardDef":
        """The definition of a card of the game (its name checked already)."""
        return self.library.get(self.state.cards[card_id].name)


def check_references(check: StateCheck) -> None:
    """Everything the core itself reads, before the game's own parts and its library."""
    state, rules = check.state, check.rules
    if state.game != rules.name:
        raise SaveProblem("state.game", f"{brief(state.game)} is not {rules.name}")
    if state.ruleset not in rules.rulesets:
        raise SaveProblem("state.ruleset", f"{brief(state.ruleset)} is not one of {', '.join(rules.rulesets)}")
    if not state.players:
        raise SaveProblem("state.players", "the game has no players")
    for k, p in enumerate(state.players):
        at = f"state.players[{k}]"
        if p.index != k:
            raise SaveProblem(f"{at}.index", f"{p.index} is not its place in the list ({k})")
        if not p.name.strip():
            raise SaveProblem(f"{at}.name", "a player needs a name")
        if not 0 <= p.team < len(state.players):
            raise SaveProblem(f"{at}.team", f"{p.team} is not a team number (0 to {len(state.players) - 1})")
        if p.position and p.position not in state.board.spaces:
            raise SaveProblem(f"{at}.position", f"{brief(p.position)} is not a place on the board")
        for name, v in p.flags.items():
            _plain(v, key(f"{at}.flags", name))
    _check_board(check)
    _check_cards(check)
    _check_stack(check)
    check.player(state.active, "state.active")
    if state.winner != -1:
        check.team(state.winner, "state.winner")
    if state.turn < 0:
        raise SaveProblem("state.turn", f"{state.turn} is below 0")
    for k, entry in enumerate(state.log):
        if entry.player != -1:
            check.player(entry.player, f"state.log[{k}].player")
    for name, v in state.used.items():
        if v < 0:
            raise SaveProblem(key("state.used", name), f"{v} is below 0")
    for k, trig in enumerate(state.triggered):
        check_trigger(check, trig, f"state.triggered[{k}]", with_library=False)
    _check_ids(check)
    for k, frame in enumerate(state.agenda):
        if frame.kind not in rules.handlers:
            raise SaveProblem(f"state.agenda[{k}].kind",
                              f"{brief(frame.kind)} is not a step of {rules.name} "
                              f"({', '.join(sorted(rules.handlers))})")
    if state.pending is not None:
        pending = state.pending
        check.player(pending.player, "state.pending.player")
        if not state.agenda:
            raise SaveProblem("state.pending", "a decision is pending, but no step of the game is asking it")
        if state.over:
            raise SaveProblem("state.pending", "a decision is pending in a game that is over")
        if not pending.options:
            raise SaveProblem("state.pending.options", "a decision needs at least one option")


def _check_board(check: StateCheck) -> None:
    board = check.state.board
    for name in ("rows", "cols"):
        if not 0 <= getattr(board, name) <= 64:
            raise SaveProblem(f"state.board.{name}", f"{getattr(board, name)} is not from 0 to 64")
    places: dict[tuple[int, int], str] = {}
    for name, space in board.spaces.items():
        at = key("state.board.spaces", name)
        if space.key != name:
            raise SaveProblem(f"{at}.key", f"{brief(space.key)} is not the name it is filed under ({brief(name)})")
        if not (0 <= space.row < board.rows and 0 <= space.col < board.cols):
            raise SaveProblem(at, f"row {space.row}, column {space.col} is off a {board.rows} x {board.cols} board")
        if (space.row, space.col) in places:
            raise SaveProblem(at, f"row {space.row}, column {space.col} is also {places[space.row, space.col]}")
        places[space.row, space.col] = name
        for k, cid in enumerate(space.cards):
            check.card(cid, f"{at}.cards[{k}]")


def _check_cards(check: StateCheck) -> None:
    state = check.state
    for cid, card in state.cards.items():
        at = key("state.cards", cid)
        if not _CARD_ID.fullmatch(cid):
            raise SaveProblem(at, f"a card's id reads {CARD_ID_PREFIX}N (N a number from 1)")
        if card.id != cid:
            raise SaveProblem(f"{at}.id", f"{brief(card.id)} is not the id it is filed under ({brief(cid)})")
        check.player(card.owner, f"{at}.owner")
        check.player(card.controller, f"{at}.controller")
        if card.zone not in state.zones:
            raise SaveProblem(f"{at}.zone", f"{brief(card.zone)} is not one of the game's zones")
        if card.attached_to:
            check.ref(card.attached_to, f"{at}.attached_to")
        for name, n in card.counters.items():
            if not 0 <= n <= MAX_INT:
                raise SaveProblem(key(f"{at}.counters", name), f"{n} is below 0")
    seen: dict[str, str] = {}
    for name, ids in state.zones.items():
        at = key("state.zones", name)
        check.zone(name, at)
        for k, cid in enumerate(ids):
            where = key(at, k)
            check.card(cid, where)
            if cid in seen:
                raise SaveProblem(where, f"{cid} is already in {seen[cid]}: a card is in one zone at a time")
            seen[cid] = name
            if state.cards[cid].zone != name:
                raise SaveProblem(where, f"{cid} is here, but the card says it is in "
                                         f"{brief(state.cards[cid].zone)}")
    for cid, card in state.cards.items():
        if cid not in seen:
            raise SaveProblem(f"{key('state.cards', cid)}.zone", f"{cid} is not listed in {brief(card.zone)}")


def _check_stack(check: StateCheck) -> None:
    state = check.state
    ids: set[str] = set()
    for k, item in enumerate(state.stack):
        at = f"state.stack[{k}]"
        if not _ITEM_ID.fullmatch(item.id) or _CARD_ID.fullmatch(item.id):
            raise SaveProblem(f"{at}.id", f"{brief(item.id)} is not a stack item's id (letters, then a number)")
        if item.id in ids:
            raise SaveProblem(f"{at}.id", f"{item.id} is on the stack twice")
        ids.add(item.id)
        check.card(item.card, f"{at}.card")
        check.player(item.controller, f"{at}.controller")
        for g, group in enumerate(item.targets):
            for t, ref in enumerate(group):
                check.ref(ref, f"{at}.targets[{g}][{t}]")
        if item.fate not in FATES:
            raise SaveProblem(f"{at}.fate", f"{brief(item.fate)} is not one of {', '.join(sorted(FATES))}")
        for name, n in item.paid.items():
            if n < 0:
                raise SaveProblem(key(f"{at}.paid", name), f"{n} is below 0")
        if item.source_zone:
            check.zone(item.source_zone, f"{at}.source_zone")
        for name, v in item.flags.items():
            check.plain(v, key(f"{at}.flags", name))


def _check_ids(check: StateCheck) -> None:
    """The id counter is past every id in use, so the next card or item made is new."""
    state = check.state
    numbers = [(int(cid[len(CARD_ID_PREFIX):]), key("state.cards", cid)) for cid in state.cards]
    numbers += [(int(m.group(1)), f"state.stack[{k}].id") for k, it in enumerate(state.stack)
                if (m := _ITEM_ID.fullmatch(it.id))]
    for n, at in numbers:
        if n >= state.next_id:
            raise SaveProblem("state.next_id", f"{state.next_id} is not past the id of {at}, so a new card "
                                               "would take an id in use")


def check_trigger(check: StateCheck, trig: Any, at: str, *, with_library: bool = True) -> None:
    """A triggered ability waiting to be ordered: its card, ability, controller, event."""
    Record({"src": CARD, "ability": INT, "ctl": PLAYER, "data": PLAIN}).check(check, trig, at)
    if type(trig["data"]) is not dict:
        raise SaveProblem(key(at, "data"), f"{brief(trig['data'])} is not an object")
    if with_library:
        card = check.cdef(trig["src"], key(at, "src"))
        k = trig["ability"]
        if not 0 <= k < len(card.abilities) or not isinstance(card.abilities[k], (Trigger, Replacement)):
            raise SaveProblem(key(at, "ability"), f"{card.name} has no triggered ability {k}")


def check_library(check: StateCheck) -> None:
    """Every card's definition is in the library, of this game; stack items' modes and
    waiting triggers fit the definitions."""
    state, library = check.state, check.library
    for cid, card in state.cards.items():
        if card.name not in library:
            raise SaveProblem(f"{key('state.cards', cid)}.name", f"{brief(card.name)} is not a card in the library")
        cdef = library.get(card.name)
        if cdef.game != check.rules.name:
            raise SaveProblem(f"{key('state.cards', cid)}.name", f"{card.name} is a card of {cdef.game}, "
                                                               f"not {check.rules.name}")
    for k, item in enumerate(state.stack):
        cdef = check.cdef(item.card, f"state.stack[{k}].card")
        for m, mode in enumerate(item.modes):
            if not 0 <= mode < max(cdef.modes, 1):
                raise SaveProblem(f"state.stack[{k}].modes[{m}]", f"{cdef.name} has no option {mode}")
        if len(item.targets) > max(len(cdef.targets), 1):
            raise SaveProblem(f"state.stack[{k}].targets", f"{cdef.name} has {len(cdef.targets)} kinds of target, "
                                                           f"not {len(item.targets)}")
    for k, trig in enumerate(state.triggered):
        check_trigger(check, trig, f"state.triggered[{k}]")


def check_frames(check: StateCheck) -> None:
    for k, frame in enumerate(check.state.agenda):
        check.rules.handlers[frame.kind].check(check, frame, f"state.agenda[{k}].data", k == len(check.state.agenda) - 1)


def check_listeners(game: "Game") -> None:
    """The listener index is the one the cards where they are give (it decides which
    triggers fire; its order, which fires first, is the saved one)."""
    state = game.state
    for name, ids in state.listeners.items():
        at = key("state.listeners", name)
        if not name.startswith(LISTENER_KINDS):
            raise SaveProblem(at, f"a listener key starts with {', '.join(LISTENER_KINDS)}")
        if len(set(ids)) != len(ids):
            raise SaveProblem(at, "lists a card twice")
        for k, cid in enumerate(ids):
            if cid not in state.cards:
                raise SaveProblem(key(at, k), f"{brief(cid)} is not a card in this game")
    twin = _bare(game)
    twin.reindex()
    for name in set(state.listeners) | set(twin.state.listeners):
        have, want = set(state.listeners.get(name, ())), set(twin.state.listeners.get(name, ()))
        if have != want:
            odd = sorted(have ^ want)[0]
            why = "does not listen" if odd in have else "listens for it where it is"
            raise SaveProblem(key("state.listeners", name), f"{odd} {why}, so the index can't be this")


def check_pending(game: "Game") -> None:
    """Ask the pending decision again from the frame that asks it: it must come out the
    same, or the saved options (or the frame's data) are not what the game would ask."""
    state = game.state
    twin = _bare(game)
    twin.state.pending = None
    try:
        twin.run()
    except SaveProblem:
        raise
    except Exception as exc:     # noqa: BLE001 - any failure is the save's: it is refused, never played
        top = len(state.agenda) - 1
        raise SaveProblem(f"state.agenda[{top}]", f"the game can't go on from this step "
                                                  f"({type(exc).__name__}: {exc})") from None
    if state.pending is None:
        return
    if codec.encode(twin.state) != codec.encode(state):
        path, what = _difference(state, twin.state, "state")
        raise SaveProblem(path, f"is not what the game holds at this point (it would be {what}): "
                                "the pending decision must be the one its step asks")


def _difference(a: Any, b: Any, path: str) -> tuple[str, str]:
    """The path of the first part where two states differ, and the second one's value there."""
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        for f in dataclasses.fields(a):
            x, y = getattr(a, f.name), getattr(b, f.name)
            if codec.encode(x) != codec.encode(y):
                return _difference(x, y, f"{path}.{f.name}")
    elif type(a) is dict and type(b) is dict:
        for name in list(a) + [n for n in b if n not in a]:
            if name not in a or name not in b or codec.encode(a[name]) != codec.encode(b[name]):
                return _difference(a.get(name), b.get(name), key(path, name))
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for k, (x, y) in enumerate(zip(a, b)):
            if codec.encode(x) != codec.encode(y):
                return _difference(x, y, key(path, k))
    return path, brief(codec.encode(b))


def _bare(game: "Game") -> "Game":
    """A copy of the game to try things on, with no breakpoints and no history."""
    return Game(game.rules, pickle.loads(pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)),
                game.library, history=False)


def checked_game(rules: "GameRules", library: "CardLibrary", data: Any, *, history: bool = True) -> "Game":
    """The game a saved state describes, once every check has passed (``SaveProblem``
    otherwise, naming the first field that is wrong)."""
    check_types(rules.state_class, data, "state")
    state = codec.decode(rules.state_class, data)
    check = StateCheck(rules, state, library)
    check_references(check)
    rules.check_state(check)
    try:
        rules.prepare(state, library)
    except Exception as exc:     # noqa: BLE001 - a derived card the save can't make
        raise SaveProblem("state", f"the game can't be set up from it ({exc})") from None
    check_library(check)
    check.with_library = True
    check_frames(check)
    game = Game(rules, state, library, history=history)
    check_listeners(game)
    check_pending(game)
    return game
