"""The puzzle solver and puzzle checks: finds a line, proves there is none, lists them all."""
from __future__ import annotations

import io

from cardsmith.cli import main
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared
from cardsmith.repl.scenario.solver import solve

PUZZLE = '''scenario "Two hits"
game ivion seed 1
import "CARDS"
player alice at c2 actions 2 power 0 initiative 0
  hand: "T Bolt", "T Jab", "T Filler"
  feats: "T Passive"
player bob at c3 hp 5 flags second-wind-used
  hand:
  feats: "T Passive"
turn alice
goal win this turn depth 4
'''


def test_finds_a_line_and_replays_it(write):
    prep = prepare(write("p.scenario", PUZZLE))
    res = solve(prep, 4)
    assert res.found and res.nodes > 0 and not res.exhausted
    line = res.lines[0]
    assert line[0] == "play T Bolt" and any(c.startswith("play T Jab") for c in line)
    # the printed line is a valid solution section
    solved = write("s.scenario", PUZZLE + "solution\n" + "".join(f"  {c}\n" for c in line))
    outcome = run_prepared(prepare(solved))
    assert outcome.ok, outcome.summary()


def test_proves_no_solution_within_the_bound(write):
    prep = prepare(write("p.scenario", PUZZLE.replace("actions 2", "actions 1")))
    res = solve(prep, 4)
    assert not res.found and not res.exhausted


def test_all_lists_distinct_solutions_ignoring_order(write):
    res = solve(prepare(write("p.scenario", PUZZLE)), 4, find_all=True)
    assert len(res.solutions) == 1          # Bolt+Jab in either order is one solution
    wider = solve(prepare(write("q.scenario", PUZZLE.replace('"T Filler"', '"T Big"').replace("power 0", "power 2"))),
                  4, find_all=True)
    assert len(wider.solutions) == 2        # Bolt+Jab, or the Big one


def test_puzzle_checks_in_run(write):
    good = write("g.scenario", PUZZLE + 'solution\n  play "T Bolt" bob\n  pass\n  play "T Jab" bob\n  pass\n')
    assert run_prepared(prepare(good)).ok
    short = write("h.scenario", PUZZLE + 'solution\n  play "T Bolt" bob\n  pass\n')
    out = run_prepared(prepare(short))
    assert not out.ok and "does not reach the goal" in out.message
    none = write("n.scenario", PUZZLE.replace("actions 2", "actions 1") + "solution\n")
    out = run_prepared(prepare(none))
    assert out.ok and "proven" in out.notes[0]
    wrong_claim = write("w.scenario", PUZZLE + "solution\n")
    out = run_prepared(prepare(wrong_claim))
    assert not out.ok and "the solver found one" in out.message
    other = write("o.scenario", PUZZLE.replace('"T Filler"', '"T Big"').replace("power 0", "power 2")
                  + 'solution\n  play "T Bolt" bob\n  pass\n  play "T Jab" bob\n  pass\n')
    out = run_prepared(prepare(other))
    assert out.ok and any("2 distinct solutions" in n for n in out.notes)


def test_solve_command(write):
    path = write("p.scenario", PUZZLE)
    out = io.StringIO()
    assert main(["solve", str(path)], out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert "play T Bolt" in text and "nodes searched in" in text
    out = io.StringIO()
    assert main(["solve", str(path), "--depth", "1"], out=out, err=io.StringIO()) == 1
    assert "no solution within depth 1" in out.getvalue()


def test_goal_condition_and_survive(write):
    cond = write("c.scenario", PUZZLE.replace("goal win this turn depth 4", "goal bob.hp <= 2 this turn depth 2"))
    assert solve(prepare(cond), 2).found
    survive = write("s.scenario", PUZZLE.replace("goal win this turn depth 4", "goal survive until turn 2 depth 2"))
    assert solve(prepare(survive), 2).found     # bob has nothing: ending the turn survives


def test_win_within_two_turns_searches_the_enemys_turn(write):
    two = PUZZLE.replace('hand: "T Bolt", "T Jab", "T Filler"', 'hand: "T Bolt", "T Far"').replace(
        "actions 2 power 0", "actions 1 power 0").replace("hp 5", "hp 4").replace(
        "goal win this turn depth 4", "goal win within 2 turns depth 4")
    path = write("two.scenario", two)
    res = solve(prepare(path), 4)
    assert res.found and res.lines[0][0] == "play T Bolt"
    assert any(c.startswith("play T Far") for c in res.lines[0])
    assert any("# bob" in c for c in res.lines[0])       # bob's whole turn is in the line
    assert not solve(prepare(write("one.scenario", two.replace("within 2 turns", "this turn"))), 4).found


def test_a_win_after_the_horizon_is_not_this_turn(write):
    # bob's deck is empty: his next draw is 5 damage (exhaustion), which kills him at the
    # start of *his* turn; "win this turn" must not count it, "win within 2 turns" does
    text = PUZZLE.replace("actions 2", "actions 0").replace(
        '  hand:\n  feats: "T Passive"', '  hand:\n  deck:\n  feats: "T Passive"')
    assert "  deck:\n" in text
    assert not solve(prepare(write("t.scenario", text)), 4).found
    cond = text.replace("goal win this turn depth 4", "goal bob.hp <= 0 this turn depth 4")
    assert not solve(prepare(write("c.scenario", cond)), 4).found
    later = text.replace("goal win this turn depth 4", "goal win within 2 turns depth 4")
    assert solve(prepare(write("l.scenario", later)), 4).found


EMBER = '''scenario "Burn at the end"
game ivion seed 1
import "CARDS"
card "T Ember" {
  skill warrior  cost 1 action  range 3  banner silence
  types aura
  attach to target opponent
  at end of your turn: deal 3 damage to them
}
player alice at c2 actions 1 power 0 initiative 1
  hand: "T Ember"
  deck: "T Filler", "T Filler"
  feats: "T Passive"
player bob at c3 hp 3 flags second-wind-used
  hand:
  feats: "T Passive"
turn alice
goal win this turn depth 4
'''


def test_spending_a_spare_initiative_before_ending_is_not_another_solution(write):
    # the win comes as the turn ends; moving or drawing with the spare initiative first
    # (after which ending the turn is forced) only pads the same solution
    res = solve(prepare(write("e.scenario", EMBER)), 4, find_all=True)
    assert res.found
    assert len(res.solutions) == 1, res.lines
    assert res.lines[0][-1].startswith("end the turn")


def test_the_line_shown_follows_the_toughest_defence(write):
    # bob can let the Bolt hit (alice has won) or counter it (alice must counter his
    # counter): the line shown, and the solutions --all lists, follow the counter
    text = PUZZLE.replace('"T Bolt", "T Jab", "T Filler"', '"T Bolt", "T Nix"').replace(
        "actions 2 power 0", "actions 1 power 1").replace(
        'hp 5 flags second-wind-used\n  hand:', 'hp 3 power 1 flags second-wind-used\n  hand: "T Nix"')
    assert 'hand: "T Nix"' in text
    res = solve(prepare(write("n.scenario", text)), 4, find_all=True)
    assert res.found and len(res.solutions) == 1
    line = res.lines[0]
    assert any(c.startswith("respond with T Nix  # bob") for c in line), line
    assert "respond with T Nix" in line                    # alice's answer, a choice of hers


DRIFT = '''scenario "Drift"
game ivion seed 1
import "CARDS"
card "T Drift" {
  skill warrior  cost 1 action  range 3  banner silence
  types attack
  make difficult terrain at a tile near you
  deal 3 damage to target enemy
}
player alice at c2 actions 1 power 0 initiative 0
  hand: "T Drift"
  deck: "T Filler", "T Filler"
  feats: "T Passive"
player bob at c3 hp 3 flags second-wind-used
  hand:
  feats: "T Passive"
terrain b2 difficult
terrain c1 difficult
terrain c2 difficult
terrain d2 difficult
turn alice
goal win this turn depth 4
'''


def test_choices_that_lead_to_the_same_position_are_one_solution(write):
    # every tile near alice but bob's already has difficult terrain: making it again there
    # changes nothing, so those choices are one; c3 (bob's tile) is a different position
    res = solve(prepare(write("d.scenario", DRIFT)), 4, find_all=True)
    assert res.found and len(res.solutions) == 2, res.lines
    snowed = solve(prepare(write("e.scenario", DRIFT.replace("turn alice", "terrain c3 difficult\nturn alice"))),
                   4, find_all=True)
    assert len(snowed.solutions) == 1, snowed.lines


def test_when_ending_the_turn_wins_other_choices_there_are_padding(write):
    # four spare actions give hundreds of ways to walk about before ending the turn; they
    # must not crowd the one solution out of the listing
    res = solve(prepare(write("w.scenario", EMBER.replace("actions 1 power 0", "actions 5 power 0"))),
                6, find_all=True)
    assert res.found
    assert len(res.solutions) == 1, res.lines[:3]
    assert [c for c in res.lines[0] if "#" not in c] == ["play T Ember", "end the turn"]


def test_the_same_card_on_another_turn_is_another_choice(write):
    # Bolt now and Far next turn, or Far now and Bolt next turn: the same cards, but not the
    # same solution (before, the choices were compared without their turn and made one)
    two = PUZZLE.replace('hand: "T Bolt", "T Jab", "T Filler"', 'hand: "T Bolt", "T Far"').replace(
        "actions 2 power 0", "actions 1 power 0").replace("hp 5", "hp 4").replace(
        "goal win this turn depth 4", "goal win within 2 turns depth 4")
    res = solve(prepare(write("two.scenario", two)), 4, find_all=True)
    firsts = {[c for c in line if "#" not in c][0] for line in res.lines}
    assert {"play T Bolt", "play T Far"} <= firsts, res.lines
