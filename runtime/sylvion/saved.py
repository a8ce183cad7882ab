"""What a saved Sylvion game must hold beyond what the core checks (``validate``): its
zones, its spaces and rows as references, the battlefield's shape, one or two Wardens on
one team, its options.  ``SylvionRules`` forwards its saved-game hooks here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.shapes import BOOL, Int, Record, SaveProblem, Str
from cardsmith.runtime.core.state import GameState

from . import battlefield as bf
from .words import PHASES

if TYPE_CHECKING:
    from cardsmith.runtime.core.validate import StateCheck

TABLE_ZONES: Final = frozenset({bf.DECK, bf.SYLVAN_DISCARD, bf.RAVAGE_DISCARD, bf.SUPPLY, "field", bf.EDGES,
                                "schemes", "limbo"})
OPTIONS: Final = Record({"players": Int(1, 2), "mode": Str("logistics", "silence"), "all_bloom": BOOL,
                         "advanced": BOOL})


def zone_problem(state: GameState, zone: str) -> str:
    kind, colon, number = zone.partition(":")
    if not colon and zone in TABLE_ZONES:
        return ""
    if colon and number.isdecimal() and ((kind == "hand" and int(number) < len(state.players))
                                       or (kind == "ravage" and int(number) < bf.ROWS)):
        return ""
    return (f"\"{zone}\" is not a Sylvion zone ({', '.join(sorted(TABLE_ZONES))}, hand:N for a Warden, "
            f"ravage:0 .. ravage:{bf.ROWS - 1} for a row's stack)")


def ref_problem(state: GameState, ref: str) -> str:
    if ref.startswith("space:") and ref[6:] in state.board.spaces:
        return ""
    if ref.startswith("row:") and ref[4:].isdecimal() and int(ref[4:]) < bf.ROWS:
        return ""
    return f"\"{ref}\" is not a card, a Warden (player:N), a space (space:a1 .. space:d5) or a row (row:0 .. row:3)"


def check_state(check: "StateCheck") -> None:
    state = check.state
    want = bf.new_board()
    if sorted(state.board.spaces) != sorted(want.spaces) or (state.board.rows, state.board.cols) != \
            (want.rows, want.cols):
        raise SaveProblem("state.board", f"is not Sylvion's battlefield of {bf.ROWS} rows of {bf.FOREST} spaces")
    check.shape(OPTIONS, state.options, "state.options")
    if state.options["players"] != len(state.players):
        raise SaveProblem("state.options[\"players\"]", f"says {state.options['players']}, "
                                                       f"but the game has {len(state.players)} Wardens")
    for p in state.players:
        if p.team != 0:
            raise SaveProblem(f"state.players[{p.index}].team", "the Wardens play together, as team 0")
        if f"hand:{p.index}" not in state.zones:
            raise SaveProblem("state.zones", f"{p.name}'s hand \"hand:{p.index}\" is missing")
    for name in (*sorted(TABLE_ZONES - {"limbo", "schemes"}), *(bf.stack_zone(r) for r in range(bf.ROWS))):
        if name not in state.zones:
            raise SaveProblem("state.zones", f"the zone \"{name}\" is missing")
    check.shape(Str("", "setup", *PHASES), state.phase, "state.phase")
