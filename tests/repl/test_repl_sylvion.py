"""The REPL on Sylvion: the battlefield view, set up, step, undo, define, save (issue 5)."""
from __future__ import annotations

from cardsmith.repl.session import Session

from .conftest import Driver


def sylvion(**options) -> Driver:
    return Driver(Session("sylvion", seed=2, **options))


def test_board_draws_rows_stacks_and_edges():
    r = sylvion()
    text = r("board")
    for row in "abcd":
        assert f" {row}  |~~ forest ~~" in text
    assert "space 4" in text and "Ravage stack" in text and "12 left [" in text
    assert "6 Bloom, 6 Desolated" in text


def test_put_on_a_space_then_undo():
    r = sylvion()
    out = r("put Fountain 4 on b3")
    assert "stands at b3" in out
    assert "Fountain 4" in r("board").splitlines()[4]
    assert "not empty" in r.fails("put Tree 2 on b3")
    r("undo")
    assert "Fountain 4" not in r("board")


def _choose(r: Driver, label: str) -> str:
    """Answer the option starting with ``label``, then step through the turn's pauses (a
    Support, the march, a combat, the reinforcements) up to the next question."""
    options = [str(a) for a in r.game.legal_actions()]
    out = r(str(next(k for k, o in enumerate(options, 1) if o.startswith(label))))
    while r.game.paused:
        out += "\n" + r("step")
    return out


def test_play_through_defense_and_why():
    r = sylvion()
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    assert game.pending.kind == "defense"
    assert "can be played by warden now" in r("why Owl")
    _choose(r, "play Tree 1")
    out = _choose(r, "a4")
    assert "Tree 1 is placed at a4" in out
    _choose(r, "end Defense")
    assert game.state.turn == 2 or game.state.over
    r("undo")
    assert game.state.turn == 1 or r.game.state.turn == 1


def test_step_stops_before_each_support():
    r = sylvion()
    r("new sylvion seed 1")                 # turn 1 reveals a Simoon and a Blaze
    game = r.game
    if game.pending is not None and game.pending.kind == "react":
        r("pass")
    assert game.paused == "support"
    first = r("step")
    assert "Blaze (C) resolves" in first and "Simoon (D) resolves" not in first
    second = r("step")
    assert "Simoon (D) resolves" in second and "the Elementals march" not in second
    assert game.paused == "march"


def test_new_two_player_silence_hides_the_partner():
    r = sylvion()
    r("new sylvion seed 4 players 2 mode silence")
    board = r("board")
    game = r.game
    deciding = game.pending.player
    other = 1 - deciding
    assert "(hidden: Total Silence)" in board
    assert game.state.players[other].name in board


def test_define_a_designer_card_and_save(tmp_path):
    r = sylvion()
    r('define card "Spring Rain" { animal cost 0 designer\n bloom 1 edge }')
    r("put Spring Rain into warden hand")
    path = tmp_path / "game.json"
    r(f"save {path}")
    back = Driver(Session("sylvion", seed=9))
    back(f"load {path}")
    assert "Spring Rain" in back("board")


def test_arrange_a_ravage_stack_then_play_on():
    r = sylvion()
    out = r("put Blaze into warden ravage-b top")
    assert "the Ravage stack of row b (top)" in out
    r("put Elemental 0 into warden ravage-c top")
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    _choose(r, "end Defense")
    while game.pending is not None and game.pending.kind == "pick_cards":
        r("1")
    if game.pending is not None and game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    r("resolve") if game.paused else None
    text = r("log all")
    assert "row b: Blaze (support C) is revealed" in text
    assert "row c: Elemental 0 (strength 0) is revealed" in text


# ---- scenarios on a Sylvion board (issue 5: save scenario, Edges, turns, hidden hands) -------

def _replay(path):
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.check import prepare
    from cardsmith.repl.scenario.run import Outcome, run_lines
    prep = prepare(path)
    replay = new_session(prep)
    outcome = Outcome(str(path), prep.sdef.name)
    ok = run_lines(prep.sdef.section("script").lines, replay, outcome)
    return ok, outcome, replay


def _zones(game):
    s = game.state
    return {z: [s.cards[c].name for c in ids] for z, ids in s.zones.items() if z not in ("box", "limbo")}


def _spaces(game):
    s = game.state
    return {k: [s.cards[c].name for c in sp.cards] for k, sp in s.board.spaces.items() if sp.cards}


def test_save_scenario_solo_replays_to_the_same_board(tmp_path):
    """Saved at the first decision of turn 1, played to turn 2: the rebuilt board starts
    turn 1 again from the same stacks and hand (a Sylvion scenario is held before turn 1)."""
    r = sylvion()
    game = r.game
    for _ in range(12):
        if game.state.turn >= 2 or game.state.over:
            break
        if game.paused:             # the march, a combat, the reinforcements
            r("step")
            continue
        r("1" if game.pending.kind == "pick_cards" else str(len(game.legal_actions())))
    path = tmp_path / "solo.scenario"
    r(f"save scenario {path}")
    text = path.read_text()
    assert "player warden desolated 6" in text and "terrain" not in text and "hp ==" not in text
    ok, outcome, replay = _replay(path)
    assert ok, outcome.summary()
    assert _zones(replay.g) == _zones(game) and _spaces(replay.g) == _spaces(game)
    assert replay.g.state.turn == game.state.turn


def test_save_scenario_two_players_silence_keeps_the_options(tmp_path):
    r = sylvion()
    r("new sylvion seed 4 players 2 mode silence")
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    _choose(r, "end Defense")
    while game.pending is not None and game.pending.kind == "pick_cards":
        r("1")
    path = tmp_path / "two.scenario"
    r(f"save scenario {path}")
    text = path.read_text()
    assert "option players 2\noption mode silence" in text
    assert text.count("  deck:") == 1           # the shared zones are written once
    ok, outcome, replay = _replay(path)
    assert ok, outcome.summary()
    assert replay.g.state.options["mode"] == "silence" and replay.g.state.active == game.state.active
    assert _zones(replay.g) == _zones(game)


def test_set_desolated_edges_and_read_them_back():
    r = sylvion()
    assert "5 Bloom side up" in r("set warden desolated 7")
    assert "(5 Bloom, 7 Desolated" in r("board")
    assert "only 12 Edges" in r.fails("set warden desolated 13")
    r("undo")
    assert "(6 Bloom, 6 Desolated" in r("board")


def test_turn_starts_a_fresh_turn_between_cards_only():
    r = sylvion()
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    assert game.pending.kind == "defense"
    r("put Elemental 2 into warden ravage-a top")
    out = r("turn warden reveal")
    assert "turn 2 begins: warden is active" in out
    assert game.state.turn == 2 and "row a: Elemental 2 (strength 2) is revealed" in r("log")
    assert "unknown phase" in r.fails("turn warden main")


def test_ravage_discard_and_schemes_are_zones():
    r = sylvion()
    assert "the Ravage discard" in r("put Blaze into warden ravage-discard")
    assert "the schemes beside the battlefield" in r("put War Drums into warden schemes")
    s = r.game.state
    assert [s.cards[c].name for c in s.zones["ravage discard"]] == ["Blaze"]
    assert [s.cards[c].name for c in s.zones["schemes"]] == ["War Drums"]
