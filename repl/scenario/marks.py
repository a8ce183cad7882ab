"""Once-per marks in scenario files: ``used "KEY"`` lines.

A game remembers what was already used this turn or this game in ``state.used``, as keys of
its own making (Rush of Ikorr: ``turn:power:1``, ``turn:action:card12:0``; Ivion:
``game:Second Wind:0``; a limited trigger: ``turn:card7:1``).  A scenario carries them as
they are, except that a card id, which differs from game to game, is written as where the
card lies on the board: ``{PLAYER ZONE N}`` (the Nth card listed in that zone) or
``{field N}`` (the Nth attached card, in the order the ``attach`` lines are written).  This
keeps the language game-neutral: a game adding a new kind of mark needs nothing here.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cardsmith.runtime.core.shapes import numeral
from cardsmith.runtime.core.state import CARD_ID_PREFIX

from .problems import fail

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

    from ..session import Session
    from cardsmith.runtime.core.view import GameView
    from .check import Prepared

REF = re.compile(r"\{([^{}]*)\}")
CARD_ID = re.compile(re.escape(CARD_ID_PREFIX) + r"\d+")


def _ref_zone(words: list[str], view: "GameView", names: list[str]) -> tuple[str, int]:
    """The zone key and 0-based index a ``{...}`` reference names; ValueError says why not."""
    if len(words) == 2 and words[0] == "field":
        kind, player, n = "field", None, words[1]
    elif len(words) == 3:
        (who, kind, n), player = words, None
        if who not in names:
            raise ValueError(f"unknown player '{who}' (players: {', '.join(names)})")
        player = names.index(who)
        if kind not in view.zone_kinds:
            raise ValueError(f"unknown zone '{kind}' (zones: {', '.join(view.zone_kinds)})")
    else:
        raise ValueError("a card in a mark is {PLAYER ZONE N} or {field N}")
    place = numeral(n)
    if place is None or place < 1:
        raise ValueError(f"the card's place must be a number from 1, not '{n}'")
    return ("field" if player is None else view.zone_key(kind, player)), place - 1


def check_mark(key: str, view: "GameView", names: list[str]) -> None:
    """Raise ValueError if a ``used`` key's card references can't mean anything."""
    for ref in REF.findall(key):
        _ref_zone(ref.split(), view, names)
    if CARD_ID.search(REF.sub("", key)):
        raise ValueError("card ids change from game to game: name the card by where it lies, "
                         "{PLAYER ZONE N} or {field N}")


def resolve_mark(game: "Game", view: "GameView", names: list[str], key: str) -> str:
    """The game's own key, each ``{...}`` replaced by the id of the card lying there."""
    def card(m: re.Match) -> str:
        zone, k = _ref_zone(m.group(1).split(), view, names)
        ids = game.state.zones.get(zone, [])
        if k >= len(ids):
            raise ValueError(f"{{{m.group(1)}}}: that zone holds {len(ids)} cards on this board")
        return ids[k]
    return REF.sub(card, key)


def mark_lines(game: "Game", view: "GameView", skip: set[str]) -> list[str]:
    """``used`` lines for every mark of the game's state (those in ``skip`` are written
    another way).  Raises ValueError for a mark whose card a scenario board can't place."""
    state = game.state
    names = [p.name for p in state.players]
    places: dict[str, str] = {}
    for p in state.players:
        for kind in view.zone_kinds:
            if kind in view.shared_zone_kinds and p.index > 0:
                continue
            for k, cid in enumerate(state.zones.get(view.zone_key(kind, p.index), [])):
                places.setdefault(cid, f"{{{names[p.index]} {kind} {k + 1}}}")
    for k, cid in enumerate(state.zones.get("field", [])):
        places[cid] = f"{{field {k + 1}}}"
    out = []
    for key, value in state.used.items():
        if not value or key in skip:
            continue

        def place(m: re.Match) -> str:
            cid = m.group(0)
            if cid not in state.cards:
                return cid
            if cid not in places:
                raise ValueError(f"the once-per mark '{key}' names {state.cards[cid].name} [{cid}] in "
                                 f"{view.zone_label(game, state.cards[cid].zone)}, where a scenario board "
                                 "can't put a card")
            return places[cid]
        written = CARD_ID.sub(place, key)
        if '"' in written or "\n" in written:
            raise ValueError(f"the once-per mark '{key}' can't be written in a scenario")
        out.append(f'used "{written}"')
    return out


def apply_marks(session: "Session", prep: "Prepared") -> None:
    """Set the scenario's ``used`` marks on the built board (after its ``turn`` line, which
    may start a turn and clear the marks of the last one)."""
    sdef = prep.sdef
    if not sdef.used:
        return
    game = session.g
    keys: list[str] = []
    for key, loc in sdef.used:
        try:
            keys.append(resolve_mark(game, prep.view, prep.names, key))
        except ValueError as exc:
            raise fail(sdef, loc, f"can't set up the board: {exc}") from None
    with session.edit("once-per marks: " + ", ".join(keys)):
        for key in keys:
            game.state.used[key] = 1


def prepared_check(prep: "Prepared") -> None:
    """Check every ``used`` line before anything runs (players, zones, places)."""
    for key, loc in prep.sdef.used:
        try:
            check_mark(key, prep.view, prep.names)
        except ValueError as exc:
            raise fail(prep.sdef, loc, f"bad once-per mark: {exc}", 'used "turn:action:{bob champions 1}:0"') from None
