"""What a saved Ivion game must hold beyond what the core checks (``validate``): its
zones, its tiles as references, a duel's two heroes with every stat, its options, and the
flags the rules read.  ``IvionRules`` forwards its saved-game hooks here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.shapes import BOOL, COUNT, INT, PLAIN, STR, Either, Int, ListOf, Record, SaveProblem, Str, \
    key
from cardsmith.runtime.core.state import GameState

from . import board, precise
from .charges import MAX_CHARGES

if TYPE_CHECKING:
    from cardsmith.runtime.core.validate import StateCheck

#: a hero's zones ("hand:0"), the table's ("field"), and a card's ("beneath:card12")
PLAYER_ZONES: Final = frozenset({"deck", "hand", "discard", "feats", "removed", "relics", "traps", "trap_discard",
                                 "collection", "feathers", "arrowheads", "master_arrow", "rules"})
TABLE_ZONES: Final = frozenset({"field", "stack", "limbo"})
CARD_ZONES: Final = frozenset({"beneath"})
STATS: Final = ("hp", "max_hp", "actions", "power", "initiative", "slow", "silence", "disarm", "mitigate", "poison", "luck")
PHASES: Final = ("", "setup", "start", "main", "end")

PLAYER_FLAGS: Final = Record(optional={"chivalrous": BOOL, "second_wind_used": BOOL, "third_wind_used": BOOL,
                                       "turns_taken": COUNT, "skip_draw": BOOL, "defeated": BOOL,
                                       "must_end_turn": PLAIN, "last_resolved": ListOf(PLAIN)}, rest=PLAIN)
_ON: Final = ("free", "cantrip", "copy", "unleash", "relic", "frenzy", "reduced", "immediate", "advantage", "breach",
              "precise", precise.GAINED)
ITEM_FLAGS: Final = Record(optional={**{f: BOOL for f in _ON}, "unleash_x": COUNT, "played_before": COUNT,
                                     **{f"nth_{k}": COUNT for k in ("any", "attack", "ability", "aura", "buff", "debuff",
                                                                    "instant", "travel", "trap", "relic")}},
                           rest=PLAIN)
OPTIONS: Final = Record({"variant": Str("duel"), "hand_limit": COUNT, "wounded_at": Either(INT, ListOf(INT)),
                         "shuffle_unreveals": BOOL, "exhaustion_blocks_mitigate": BOOL,
                         "both_at_zero": Str("draw", "active_loses", "active_wins", "sequential"),
                         "max_poison": COUNT, "max_luck": COUNT, "poison_triggers": Str("end", "start", "never"),
                         "poison_rule": STR, "luck_rule": STR, "luck_flip_ends_window": BOOL,
                         "combo": Str("played", "resolved"), precise.OPTION: Str(*precise.READINGS),
                         "cost_reduction_floor": COUNT})
COUNTERS: Final = Record(optional={"charge": Int(0, MAX_CHARGES)}, rest=COUNT)


def zone_problem(state: GameState, zone: str) -> str:
    kind, colon, owner = zone.partition(":")
    if not colon and kind in TABLE_ZONES:
        return ""
    if colon and kind in PLAYER_ZONES and owner.isdecimal() and int(owner) < len(state.players):
        return ""
    if colon and kind in CARD_ZONES and owner in state.cards:
        return ""
    return (f"\"{zone}\" is not an Ivion zone (a hero's: {', '.join(sorted(PLAYER_ZONES))} and a number; "
            f"the table's: {', '.join(sorted(TABLE_ZONES))}; beneath:CARD)")


def ref_problem(state: GameState, ref: str) -> str:
    if ref.startswith("tile:") and ref[5:] in state.board.spaces:
        return ""
    return f"\"{ref}\" is not a card, a hero (player:N) or a tile (tile:a1 .. tile:d4)"


def check_state(check: "StateCheck") -> None:
    state = check.state
    if len(state.players) != 2:
        raise SaveProblem("state.players", f"an Ivion duel has 2 heroes, not {len(state.players)}")
    if sorted(state.board.spaces) != sorted(board.TILES) or (state.board.rows, state.board.cols) != (4, 4):
        raise SaveProblem("state.board", "is not Ivion's 4 x 4 board of tiles a1 .. d4")
    for name in ("field", "stack"):
        if name not in state.zones:
            raise SaveProblem("state.zones", f"the zone \"{name}\" is missing")
    for p in state.players:
        at = f"state.players[{p.index}]"
        for stat in STATS:
            if stat not in p.stats:
                raise SaveProblem(f"{at}.stats", f"\"{stat}\" is missing")
        if p.stats["max_hp"] < 0:
            raise SaveProblem(key(f"{at}.stats", "max_hp"), f"{p.stats['max_hp']} is below 0")
        for stat in STATS[2:]:
            if p.stats[stat] < 0:
                raise SaveProblem(key(f"{at}.stats", stat), f"{p.stats[stat]} is below 0")
        for kind in ("deck", "hand", "discard", "feats"):
            if f"{kind}:{p.index}" not in state.zones:
                raise SaveProblem("state.zones", f"{p.name}'s zone \"{kind}:{p.index}\" is missing")
        if p.position and p.position not in board.TILES:
            raise SaveProblem(f"{at}.position", f"\"{p.position}\" is not a tile")
        check.shape(PLAYER_FLAGS, p.flags, f"{at}.flags")
    for k, item in enumerate(state.stack):
        check.shape(ITEM_FLAGS, item.flags, f"state.stack[{k}].flags")
    for cid, card in state.cards.items():
        check.shape(COUNTERS, card.counters, f"{key('state.cards', cid)}.counters")
    check.shape(OPTIONS, state.options, "state.options")
    check.shape(Str(*PHASES), state.phase, "state.phase")
