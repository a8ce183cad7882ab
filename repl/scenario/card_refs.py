"""Naming one card in an expectation, unambiguously (issue 18 point 7).

``card "NAME"`` names the card of that name when the game holds one copy; with several it
is an error listing each copy (owner, where it lies, and the path that names it), never a
silent pick of the first.  A copy is named by where it lies: ``alice.hand["NAME"]`` (the
card of that name in that zone, pile or tile), ``alice.hand[2]`` (by place),
``tile b1.cards["NAME"]``, ``bob.attached["NAME"]``, ``stack[1].card``.  The game's own
words (its zones) come from its view, so this names no game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .facts import Obj, PathError

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

    from cardsmith.runtime.core.view import GameView


def q(name: str) -> str:
    return '"' + name + '"'


def place_of(game: "Game", view: "GameView", cid: str) -> tuple[str, str]:
    """Where a card lies, in words (``"bob's deck"``), and the path that names it there."""
    s = game.state
    card = s.cards[cid]
    for k, it in enumerate(s.stack, 1):
        if it.card == cid:
            return "on the stack", f"stack[{k}].card"
    for key, space in s.board.spaces.items():
        if cid in space.cards:
            return f"on {key}", f"tile {key}.cards[{space.cards.index(cid) + 1}]"
    if card.attached_to.startswith("player:"):
        who = int(card.attached_to[7:])
        ids = attached_ids(game, who)
        return f"attached to {s.players[who].name}", f"{s.players[who].name}.attached[{ids.index(cid) + 1}]"
    for p in s.players:
        for kind in view.zone_kinds:
            key = view.zone_key(kind, p.index)
            if key == card.zone:
                ids = list(s.zones.get(key, ()))
                return view.zone_label(game, key), f"{p.name}.{kind}[{ids.index(cid) + 1}]"
    return view.zone_label(game, card.zone), ""


def attached_ids(game: "Game", player: int) -> list[str]:
    """The cards attached to a player, in the order they lie in play."""
    s = game.state
    return [c for c in s.zones.get("field", ()) if s.cards[c].attached_to == f"player:{player}"]


def copies(game: "Game", ids: Any, name: str) -> list[str]:
    key = name.casefold()
    return [c for c in ids if game.state.cards[c].name.casefold() == key]


def ambiguous(game: "Game", view: "GameView", what: str, found: list[str], loc: Any,
              name: str, placed: bool) -> PathError:
    """Several cards answer ``what``: each with its owner, its place and its path."""
    s = game.state
    rows = []
    for cid in found:
        words, path = place_of(game, view, cid)
        owner = s.players[s.cards[cid].owner].name
        label = words if words.startswith(f"{owner}'s") else f"{owner}'s, {words}"
        rows.append(label + (f": {path}" if path else ""))
    example = next((p for p in (place_of(game, view, c)[1] for c in found) if p), "")
    if placed:
        how = f"name one by its place ({example})" if example else "name one by its place"
    else:
        zone_path = example.rsplit("[", 1)[0] if example and not example.startswith("stack") else ""
        how = "name one by where it lies" + (f": {zone_path}[{q(name)}]" if zone_path else "") \
              + (f", or by its place: {example}" if example else "")
    return PathError(f"{what} names {len(found)} cards: " + "; ".join(rows) + f"\n{how}", loc, how)


def find_card(game: "Game", view: "GameView", ref: str, loc: Any) -> str | None:
    """``card "NAME"`` (or ``card card12``): the one card of that name in the game, None if
    there is none; several are an error that lists them (``PathError`` at ``loc``)."""
    s = game.state
    if ref in s.cards:
        return ref
    found = copies(game, (c for z in sorted(s.zones) for c in s.zones[z]), ref)
    if len(found) > 1:
        raise ambiguous(game, view, f"card {q(ref)}", found, loc, ref, placed=False)
    return found[0] if found else None


def named(game: "Game", view: "GameView", ids: list[str], name: str, where: str, loc: Any) -> str | None:
    """``ZONE["NAME"]``: the card of that name among ``ids`` (a zone, a pile, a tile's or a
    player's attached cards), None if none is there; several copies there are an error."""
    found = copies(game, ids, name)
    if len(found) > 1:
        raise ambiguous(game, view, f"{where}[{q(name)}]", found, loc, name, placed=True)
    return found[0] if found else None


def select(cur: Any, name: str, loc: Any, game: "Game", view: "GameView", where: str) -> Any:
    """A path's ``["NAME"]`` part on what the path reached so far (``where``, its text)."""
    if isinstance(cur, Obj) and cur.kind in ("zone", "pile"):
        cid = named(game, view, cur.ref, name, where, loc)
        return Obj("card", cid)
    if cur is None:
        raise PathError(f"there is nothing there to hold {q(name)} (no such card or entry in the game now)", loc)
    raise PathError(f"{where} holds no cards to name one of: [{q(name)}] follows a zone, a pile, "
                    "a tile's cards or a player's attached cards", loc)
