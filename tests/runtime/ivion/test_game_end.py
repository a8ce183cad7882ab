"""The game ends the moment a hero is at 0 HP: nothing after it happens or is logged
(001 § Winning: zero HP loses)."""
from __future__ import annotations

from cardsmith.runtime.ivion.players import zone

from .helpers import act, duel, setup


def test_start_of_turn_stops_when_the_draw_ends_the_game() -> None:
    """An exhausted hero at 5 HP dies to the start-of-turn draw; the turn's later steps
    (gaining actions and initiative) don't happen and aren't logged."""
    g = duel()
    for cid in list(g.state.zones[zone("deck", 1)]):
        g.move_card(cid, zone("discard", 1))
    setup(g, 1, hp=5)
    g.state.players[1].flags["second_wind_used"] = True
    before = dict(g.state.players[1].stats)
    act(g, "end the turn")
    assert g.state.over and "exhaustion" in g.state.result
    assert g.state.log[-1].kind == "game over"
    after = g.state.players[1].stats
    assert (after["actions"], after["initiative"]) == (before["actions"], before["initiative"])
