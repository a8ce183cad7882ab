"""Stepping through a Sylvion turn in the REPL: `stack` lists what waits to happen, in
order, and `step` stops before each Support, the march, each combat and the
reinforcements (002 § Battle: Reveal, Move Elementals, Reinforcements, Defense; § Support
Cards; § Combat; § Final Assault)."""
from __future__ import annotations

from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare

from .conftest import Driver

BOARD = """scenario "A turn to step through"
game sylvion seed 1
player warden
  hand: "Tree 1"
  deck: "Owl", "Whale", "Tree 2", "Tree 3"
  ravage-a: "Simoon", "Elemental 3"
  ravage-b: "Elemental 1"
  ravage-c:
  ravage-d:
attach "Fountain 2" to b2
auto off
turn warden reveal
"""

FINAL = """scenario "The last turn"
game sylvion seed 1
player warden desolated 4
  hand: "Tree 1"
  ravage-a:
  ravage-b: "Elemental 2"
  ravage-c:
  ravage-d:
attach "Tree 4" to c2
auto off
turn warden reveal
"""


def _open(tmp_path, text: str) -> Driver:
    path = tmp_path / "board.scenario"
    path.write_text(text, encoding="utf-8")
    return Driver(new_session(prepare(path)))


def test_stack_lists_the_turns_steps_while_paused_before_a_support(tmp_path):
    r = _open(tmp_path, BOARD)
    assert r.game.paused == "support"
    listing = r("stack").splitlines()
    assert listing[0] == "turn 1, Support cards: what waits to happen, in order"
    assert listing[1:5] == ["  1. the Support Simoon (D) of row a resolves",
                            "  2. Move Elementals: 1 Elemental moves one space left",
                            "  3. Reinforcements: warden draws 3 cards",
                            "  4. Defense: warden plays cards, then the hand limit of 10"]
    assert listing[-1] == "next `step`: the Support Simoon (D) of row a"


def test_step_stops_at_the_support_the_march_each_combat_and_the_reinforcements(tmp_path):
    r = _open(tmp_path, BOARD)
    game = r.game
    out = r("step")
    assert "Simoon (D) resolves" in out and "Elemental 1 leaves the Ravage stack of row b for b1" in out
    assert "march" not in out.split("changes:")[0] and "warden draws" not in out
    assert "paused: next to resolve: the march: every Elemental moves one space left" in out

    out = r("step")
    assert "the Elementals march one space left" in out and "combat" not in out.split("paused:")[0]
    assert "next to resolve: the march: Elemental 1 moves b1 -> b2: combat, strength 1 against Fountain 2" in out
    assert "1. Elemental 1 moves b1 -> b2: combat, strength 1 against Fountain 2 (strength 2)" in r("stack")

    out = r("step")
    assert "combat at b2: Elemental 1 (1) against Fountain 2 (2)" in out
    assert "Elemental 1 is destroyed" in out and "[reinforcements]" not in out
    assert "next to resolve: the reinforcements: warden draws 3 cards" in out

    out = r("step")
    assert "warden draws Owl, Whale, Tree 2  [reinforcements]" in out
    assert game.pending is not None and game.pending.kind == "defense" and not game.paused


def test_each_step_undoes_alone(tmp_path):
    r = _open(tmp_path, BOARD)
    game = r.game
    start = game.to_json()
    states = []
    for _ in range(4):
        states.append(game.to_json())
        r("step")
    for before in reversed(states):
        r("undo")
        assert game.to_json() == before
    assert game.to_json() == start


def test_auto_on_runs_the_whole_turn_to_the_next_decision(tmp_path):
    r = _open(tmp_path, BOARD)
    r("auto on")
    assert r.game.pending.kind == "defense" and not r.game.paused
    log = r("log")
    assert "Simoon (D) resolves" in log and "combat at b2" in log and "[reinforcements]" in log


def test_the_final_turn_lists_the_final_assault_and_steps_through_it(tmp_path):
    r = _open(tmp_path, FINAL)
    game = r.game
    assert game.paused == "march"                  # no Support: the reveal goes on to the march
    listing = r("stack").splitlines()
    assert listing[1:] == ["  1. the march: every Elemental moves one space left",
                           "  2. Reinforcements: warden draws 3 cards",
                           "  3. Defense: warden plays cards, then the hand limit of 10",
                           "  4. the Final Assault: the Elementals left move on until destroyed or in the forest, "
                           "then the Trees' vitality is counted",
                           "next `step`: the march: every Elemental moves one space left"]
    while game.paused:
        r("step")
    out = r("end Defense")
    assert "paused: next to resolve: a round of the Final Assault: every Elemental moves one space left" in out
    while game.paused:
        r("step")
    assert game.state.over and "vitality" in game.state.result


def test_the_status_line_names_the_step_in_the_rulebooks_words(tmp_path):
    r = _open(tmp_path, BOARD)
    assert "turn 1 · Support cards ·" in r("board")
    while r.game.paused:
        r("step")
    assert "turn 1 · Defense ·" in r("board")
