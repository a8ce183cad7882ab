"""What an expectation can ask about: properties of players, cards, zones, the stack,
tiles, the pending decision and the game, read from a ``Game`` through the REPL's view.

Two halves that must agree: ``kind_of`` walks a path over *kinds* (no game needed), so a
misspelt property is caught with a hint before the script runs; ``evaluate`` walks the
same path over a live game.  The core's state is game-neutral, and a game's own words
(stats, flags, zone kinds) come from its view.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardsmith.dsl.errors import did_you_mean
from cardsmith.dsl.scenarios import Named, PathRef

from ..registry import games_with

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

    from cardsmith.runtime.core.view import GameView

#: attributes by kind; a kind ending in '*' is a map whose keys are anything
KINDS: dict[str, dict[str, str]] = {
    "zone": {"size": "int", "count": "int", "top": "card", "bottom": "card", "names": "names",
             "ids": "names", "[]": "card"},
    # the cards beneath a card (CARD.beneath, in a game with piles: Ivion's, IV-ZONE-6), top
    # first: a zone, and which of its cards lie face up (revealed) or face down
    "pile": {"size": "int", "count": "int", "top": "card", "bottom": "card", "names": "names",
             "ids": "names", "[]": "card", "face_up": "names", "face_down": "names"},
    "names": {"size": "int", "count": "int", "[]": "str"},
    "card": {"name": "str", "id": "str", "zone": "str", "where": "str", "owner": "str",
             "controller": "str", "attached": "str", "revealed": "bool", "counters": "map*"},
    "stack": {"size": "int", "count": "int", "top": "item", "bottom": "item", "names": "names",
              "[]": "item"},
    "item": {"card": "card", "id": "str", "controller": "str", "fate": "str", "reason": "str",
             "paid": "map*", "targets": "names", "flags": "map*"},
    "tile": {"terrain": "str", "cards": "zone", "occupant": "str", "key": "str", "traps": "names"},
    "pending": {"player": "str", "kind": "str", "prompt": "str", "options": "names", "size": "int"},
    "log": {"size": "int", "count": "int", "last": "str", "[]": "str"},
    "int": {}, "str": {}, "bool": {}, "map*": {},
}
GAME_ROOTS = {"stack": "stack", "log": "log", "pending": "pending", "turn": "int", "phase": "str",
              "active": "str", "winner": "str", "over": "bool", "result": "str", "ruleset": "str",
              "seed": "int"}
PLAYER_FIXED = {"name": "str", "position": "str", "at": "str", "attached": "zone", "team": "int",
                "index": "int", "log": "log"}    # PLAYER.log: the log as that player sees it


def _a(kind: str) -> str:
    kind = {"map*": "map", "names": "list"}.get(kind, kind)
    return ("an " if kind[0] in "aeiou" else "a ") + kind


class PathError(Exception):
    """A path that names nothing: ``message`` and the ``Loc`` of the offending part."""

    def __init__(self, message: str, loc: Any, hint: str = "") -> None:
        super().__init__(message)
        self.message, self.loc, self.hint = message, loc, hint


def player_attrs(view: "GameView") -> dict[str, str]:
    attrs = dict(PLAYER_FIXED)
    for alias in view.stats:
        attrs[alias] = "int"
    for alias in view.flags:
        attrs[alias] = "bool"
    for key in view.player_values:
        attrs[key] = "int"
    for kind in view.zone_kinds:
        attrs[kind] = "zone"
    return attrs


def kind_of(path: PathRef, view: "GameView", players: list[str]) -> str:
    """The kind of value a path gives, or ``PathError`` naming the first part that fails."""
    if path.root_kind == "card":
        kind = "card"
    elif path.root_kind == "tile":
        kind = "tile"
    elif path.root in GAME_ROOTS:
        kind = GAME_ROOTS[path.root]
    elif path.root in players:
        kind = "player"
    else:
        raise PathError(f"unknown player or property '{path.root}'"
                        + did_you_mean(path.root, [*players, *GAME_ROOTS]), path.loc,
                        "players: " + ", ".join(players) + "; the game: " + ", ".join(GAME_ROOTS))
    for part, loc in path.parts:
        attrs = player_attrs(view) if kind == "player" else KINDS.get(kind, {})
        if kind == "card" and view.card_stats:
            attrs = {**attrs, **{k: "int" for k in view.card_stats}}
        if kind == "card" and view.has_piles:
            attrs = {**attrs, "beneath": "pile"}
        elif kind == "card" and part == "beneath":
            raise PathError(f"{view.game} has no piles beneath cards", loc,
                            "`beneath` is for " + games_with(lambda v: v.has_piles))
        if isinstance(part, Named):         # ZONE["NAME"]: the card of that name there
            if attrs.get("[]") != "card":
                raise PathError(f"{_a(kind)} holds no cards to name one of", loc,
                                '["NAME"] follows a zone, a pile, a tile\'s cards or a player\'s attached cards')
            kind = "card"
            continue
        if isinstance(part, int):
            if "[]" not in attrs:
                raise PathError(f"{_a(kind)} has no numbered entries", loc)
            kind = attrs["[]"]
            continue
        if kind == "map*":
            kind = "int"
            continue
        if part not in attrs:
            known = sorted(a for a in attrs if a != "[]")
            raise PathError(f"unknown property '{part}' of {_a(kind)}" + did_you_mean(part, known), loc,
                            "known: " + (", ".join(known) or "none (it is a plain value)"))
        kind = attrs[part]
    return kind


# ---- values on a live game ----------------------------------------------------------------

@dataclass
class Obj:
    """A thing a path can point at: a kind and what it refers to."""
    kind: str
    ref: Any


def evaluate(path: PathRef, game: "Game", view: "GameView") -> Any:
    """The value a path has now: a plain int/str/bool or a list of names."""
    return plain(walk(path, game, view), game, view)


def walk(path: PathRef, game: "Game", view: "GameView") -> Any:
    from .card_refs import find_card, select
    s = game.state
    if path.root_kind == "card":
        cur: Any = Obj("card", find_card(game, view, path.root, path.loc))
    elif path.root_kind == "tile":
        if path.root not in s.board.spaces:
            raise PathError(f"no tile '{path.root}'" + did_you_mean(path.root, s.board.spaces), path.loc)
        cur = Obj("tile", path.root)
    elif path.root in GAME_ROOTS:
        cur = game_root(path.root, game)
    else:
        idx = next((p.index for p in s.players if p.name == path.root), None)
        if idx is None:
            raise PathError(f"no player '{path.root}' in this game", path.loc)
        cur = Obj("player", idx)
    for k, (part, loc) in enumerate(path.parts):
        if isinstance(part, Named):
            cur = select(cur, part.name, loc, game, view, PathRef(path.root_kind, path.root, path.parts[:k]).text())
        else:
            cur = step(cur, part, loc, game, view)
    return cur


def game_root(name: str, game: "Game") -> Any:
    s = game.state
    if name == "stack":
        return Obj("stack", None)
    if name == "log":
        return Obj("log", None)
    if name == "pending":
        return Obj("pending", None)
    if name == "active":
        return s.players[s.active].name
    if name == "winner":
        if s.winner < 0:
            return ""
        return next((p.name for p in s.players if p.team == s.winner), str(s.winner))
    return {"turn": s.turn, "phase": s.phase, "over": s.over, "result": s.result,
            "ruleset": s.ruleset, "seed": s.seed}[name]


def _zone_ids(game: "Game", view: "GameView", player: int, kind: str) -> list[str]:
    return list(game.state.zones.get(view.zone_key(kind, player), ()))


def step(cur: Any, part: str | int, loc: Any, game: "Game", view: "GameView") -> Any:
    s = game.state
    if isinstance(cur, dict):                             # a map: missing keys are 0
        return cur.get(part, 0)
    if isinstance(cur, list):
        if isinstance(part, int):
            return cur[part - 1] if 1 <= part <= len(cur) else None
        if part in ("size", "count"):
            return len(cur)
        if part == "last":
            return cur[-1] if cur else None
        raise PathError(f"a list has no '{part}'", loc)
    if cur is None:                 # a numbered entry past the end, a card not in the game
        raise PathError(f"there is nothing there to have a '{part}' (no such card or entry in the game now)", loc)
    if not isinstance(cur, Obj):
        raise PathError(f"'{cur}' is a plain value: it has no '{part}'", loc)
    k, ref = cur.kind, cur.ref
    if k == "player":
        p = s.players[ref]
        if part in view.zone_kinds:
            return Obj("zone", _zone_ids(game, view, ref, part))
        if part in view.player_values:
            return view.player_value(game, ref, part)
        if part in view.stats:
            return view.stat_value(s, ref, view.stats[part])
        if part in view.flags:
            return bool(p.flags.get(view.flags[part], False))
        if part in ("position", "at"):
            return p.position
        if part == "attached":
            return Obj("zone", [c for c in s.zones.get("field", ()) if s.cards[c].attached_to == f"player:{ref}"])
        if part in ("name", "team", "index"):
            return getattr(p, part)
        if part == "log":                   # private entries of others left out (hidden hands)
            return Obj("log", ref)
        raise PathError(f"unknown property '{part}' of a player", loc)
    if k in ("zone", "pile", "stack"):
        pile = k != "stack"                     # a player's zone or the cards beneath a card
        items = ref if pile else list(s.stack)
        wrap = (lambda c: Obj("card", c)) if pile else (lambda it: Obj("item", it))
        if isinstance(part, int):               # zones: 1 = top; stack: 1 = first played
            return wrap(items[part - 1]) if 1 <= part <= len(items) else None
        if part in ("size", "count"):
            return len(items)
        if part == "top":
            if not items:
                return None
            return wrap(items[0] if pile else items[-1])
        if part == "bottom":
            if not items:
                return None
            return wrap(items[-1] if pile else items[0])
        if part == "names":
            return plain(cur, game, view)
        if part == "ids":
            return list(items)
        if k == "pile" and part in ("face_up", "face_down"):
            return [s.cards[c].name for c in ref if s.cards[c].revealed == (part == "face_up")]
        raise PathError(f"unknown property '{part}' of a {k}", loc)
    if k == "card":
        if ref is None and part == "beneath":
            raise PathError("no such card in the game now: nothing lies beneath it", loc)
        if ref is None:
            return None
        c = s.cards.get(ref)
        if c is None:
            return None
        if part == "name":
            return c.name
        if part == "id":
            return c.id
        if part in ("zone", "where"):
            return "attached to " + view.describe_ref(game, c.attached_to) if c.attached_to and part == "where" \
                else view.zone_label(game, c.zone)
        if part in ("owner", "controller"):
            return s.players[getattr(c, part)].name
        if part == "attached":
            return view.describe_ref(game, c.attached_to) if c.attached_to else ""
        if part == "revealed":
            return c.revealed
        if part == "counters":
            return dict(c.counters)
        if part == "beneath":
            return Obj("pile", view.pile(game, ref))
        if part in view.card_stats:
            return view.card_stat(game, ref, part)
    if k == "item":
        it = ref
        if part == "card":
            return Obj("card", it.card) if it.card in s.cards else it.card
        if part == "id":
            return it.id
        if part == "controller":
            return s.players[it.controller].name
        if part in ("fate", "reason"):
            return getattr(it, part)
        if part == "paid":
            return dict(it.paid)
        if part == "flags":
            return dict(it.flags)
        if part == "targets":
            return [view.describe_ref(game, r) for g in it.targets for r in g]
    if k == "tile":
        space = s.board.spaces[ref]
        if part == "terrain":
            return space.terrain or "none"
        if part == "cards":
            return Obj("zone", [c for c in space.cards if c in s.cards])
        if part == "occupant":
            return next((p.name for p in s.players if p.position == ref), "")
        if part == "key":
            return ref
        if part == "traps":         # whose trap tokens lie there (G-21), in seat order
            return [s.players[i].name for i, t in view.traps(game) if t == ref]
    if k == "pending":
        d = game.pending
        if part == "size":
            return len(d.options) if d else 0
        if part == "options":
            return [str(a) for a in d.options] if d else []
        if d is None:
            return ""
        if part == "player":
            return s.players[d.player].name
        if part in ("kind", "prompt"):
            return getattr(d, part)
    if k == "log":
        texts = [e.text for e in game.log_for(ref)]
        if isinstance(part, int):
            return texts[part - 1] if 1 <= part <= len(texts) else None
        if part in ("size", "count"):
            return len(texts)
        if part == "last":
            return texts[-1] if texts else None
    raise PathError(f"unknown property '{part}' of a {k}", loc)


def plain(value: Any, game: "Game", view: "GameView") -> Any:
    """What a thing is worth in a comparison: a player is its name, a card its name, a
    zone or the stack the list of card names, a tile its key."""
    if not isinstance(value, Obj):
        return value
    s = game.state
    if value.kind == "player":
        return s.players[value.ref].name
    if value.kind == "card":
        return s.cards[value.ref].name if value.ref in s.cards else None
    if value.kind in ("zone", "pile"):
        return [s.cards[c].name for c in value.ref]
    if value.kind == "stack":
        return [s.cards[it.card].name if it.card in s.cards else it.card for it in s.stack]
    if value.kind == "item":
        return s.cards[value.ref.card].name if value.ref.card in s.cards else value.ref.card
    if value.kind == "tile":
        return value.ref
    if value.kind == "pending":
        return game.pending.kind if game.pending else ""
    if value.kind == "log":
        return [e.text for e in game.log_for(value.ref)]
    return value.ref
