"""`save scenario` round trip: after random legal play in the REPL, the saved scenario
replays (through the REPL command layer) to the same board and passes its own expectations."""
from __future__ import annotations

import random

import pytest

from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import Outcome, run_lines
from cardsmith.repl.session import Session


def _names(state, zone):
    return [state.cards[c].name for c in state.zones.get(zone, ())]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_random_play_saved_as_a_scenario_replays_to_the_same_board(seed, tmp_path):
    session = Session(seed=seed)
    assert execute(session, "auto on").ok
    rng = random.Random(seed)
    for _ in range(40):
        game = session.g
        if game.state.over or not game.legal_actions():
            break
        k = rng.randrange(len(game.legal_actions())) + 1
        result = execute(session, f"choose {k}")
        assert result.ok, result.text
    path = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {path}").ok
    prep = prepare(path)
    replay = new_session(prep)
    outcome = Outcome(str(path), prep.sdef.name)
    assert run_lines(prep.sdef.section("script").lines, replay, outcome), outcome.summary()
    a, b = session.g.state, replay.g.state
    assert [p.stats for p in a.players] == [p.stats for p in b.players]
    assert [p.position for p in a.players] == [p.position for p in b.players]
    for zone in sorted(set(a.zones) | set(b.zones)):
        assert _names(a, zone) == _names(b, zone), zone
    assert (a.active, a.phase, a.over) == (b.active, b.phase, b.over)


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
def test_a_scenario_saved_after_loading_a_game_mid_way_replays(seed, tmp_path):
    first = Session(seed=seed)
    assert execute(first, "auto on").ok
    rng = random.Random(seed)

    def play(session, n):
        for _ in range(n):
            game = session.g
            if game.state.over or not game.legal_actions():
                return
            k = rng.randrange(len(game.legal_actions())) + 1
            assert execute(session, f"choose {k}").ok

    play(first, 30)
    for _ in range(30):        # a scenario's board has no stack: save between plays
        if first.g.state.over or (first.g.pending and first.g.pending.kind == "main"):
            break
        assert execute(first, "choose 1").ok
    assert execute(first, f"save {tmp_path / 'mid.json'}").ok
    session = Session(seed=1)
    assert execute(session, f"load {tmp_path / 'mid.json'}").ok
    assert execute(session, "auto on").ok
    play(session, 20)
    path = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {path}").ok
    prep = prepare(path)
    replay = new_session(prep)
    outcome = Outcome(str(path), prep.sdef.name)
    assert run_lines(prep.sdef.section("script").lines, replay, outcome), outcome.summary()
    a, b = session.g.state, replay.g.state
    assert [p.stats for p in a.players] == [p.stats for p in b.players]
    for zone in sorted(set(a.zones) | set(b.zones)):
        assert _names(a, zone) == _names(b, zone), zone
