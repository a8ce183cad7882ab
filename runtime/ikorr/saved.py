"""What a saved Rush of Ikorr game must hold beyond what the core checks (``validate``):
its zones, a format's seats and teams, its score and its infused champions.
``IkorrRules`` forwards its saved-game hooks here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.shapes import BOOL, COUNT, Int, ListOf, Record, SaveProblem, Str, key
from cardsmith.runtime.core.state import GameState

from .decks import infused_name
from .zones import FORMATS, PLAYER_ZONES, IkorrState

if TYPE_CHECKING:
    from cardsmith.runtime.core.validate import StateCheck

OPTIONS: Final = Record(optional={"first": Int(0, 1), "mulligan": BOOL, "choose_slots": BOOL, "auto_pass": BOOL})
PHASES: Final = ("", "setup", "start", "draw", "action", "end")
COUNTERS: Final = Record(optional={"slot": Int(0, 5)}, rest=Int(-1_000_000, 1_000_000))


def zone_problem(state: GameState, zone: str) -> str:
    kind, colon, number = zone.partition(":")
    if zone == "queue" or (colon and kind in PLAYER_ZONES and number.isdecimal() and int(number) < len(state.players)):
        return ""
    return f"\"{zone}\" is not a Rush of Ikorr zone (queue, or KIND:N for a player: {', '.join(PLAYER_ZONES)})"


def ref_problem(state: GameState, ref: str) -> str:
    return f"\"{ref}\" is not a card or a player (player:N)"


def check_state(check: "StateCheck") -> None:
    state: IkorrState = check.state  # type: ignore[assignment]
    check.shape(Str(*FORMATS), state.fmt, "state.fmt")
    per = FORMATS[state.fmt]
    if len(state.players) != 2 * per:
        raise SaveProblem("state.players", f"a {state.fmt} game has {2 * per} players, not {len(state.players)}")
    if sorted(state.board.spaces) != sorted(f"{t}.{s}" for t in range(2) for s in range(per)):
        raise SaveProblem("state.board", f"is not the seats of a {state.fmt} game")
    seats = set()
    for p in state.players:
        at = f"state.players[{p.index}]"
        if p.team not in (0, 1):
            raise SaveProblem(f"{at}.team", f"{p.team} is not team 0 or 1")
        if not p.position.startswith(f"{p.team}.") or p.position in seats:
            raise SaveProblem(f"{at}.position", f"\"{p.position}\" is not a free seat of team {p.team}")
        seats.add(p.position)
        for kind in PLAYER_ZONES:
            if f"{kind}:{p.index}" not in state.zones:
                raise SaveProblem("state.zones", f"{p.name}'s zone \"{kind}:{p.index}\" is missing")
        check.shape(Record({"exerted": COUNT}), p.stats, f"{at}.stats")
    if "queue" not in state.zones:
        raise SaveProblem("state.zones", "the zone \"queue\" is missing")
    check.shape(Int(1, 1_000), state.target, "state.target")
    check.shape(ListOf(COUNT), state.secured, "state.secured")
    if len(state.secured) != 2:
        raise SaveProblem("state.secured", f"holds {len(state.secured)} scores, one per team makes 2")
    check.team(state.active_team, "state.active_team")
    for name, pair in state.infused.items():
        at = key("state.infused", name)
        if len(pair) != 2 or not all(n in check.library for n in pair) or infused_name(*pair) != name:
            raise SaveProblem(at, "is not a champion and an infusion of the library making this card")
    for cid, card in state.cards.items():
        check.shape(COUNTERS, card.counters, f"{key('state.cards', cid)}.counters")
    check.shape(OPTIONS, state.options, "state.options")
    check.shape(Str(*PHASES), state.phase, "state.phase")
