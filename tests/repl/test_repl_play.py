"""Deciding by number or by name, stepping through the stack, undo/redo, and the AIs."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.ai import GreedyAI, RandomAI
from cardsmith.runtime.core.ai_kinds import make_ai
from cardsmith.runtime.core.errors import CardsmithError

ALICE, BOB = 0, 1


@pytest.fixture
def duel(repl):
    """alice on b1 with Harmony and Warrior's Strike; bob on b3 with Goad and 1 power."""
    for line in ("place alice b1", "place bob b3", "set alice power 2", "set alice actions 5",
                 "put Harmony into alice hand", "put \"Warrior's Strike\" into alice hand",
                 "put Goad into bob hand", "set bob power 1"):
        repl(line)
    return repl


def test_a_number_picks_that_option(repl):
    options = repl.game.legal_actions()
    k = next(i for i, a in enumerate(options, 1) if a.kind == "end")
    out = repl(str(k))
    assert "--- turn 2: bob ---" in out
    assert repl.game.state.active == BOB


def test_out_of_range_number(repl):
    assert "is not one of them" in repl.fails("99")


def test_play_and_a_number_says_how_to_answer_by_number(repl):
    before = repl.game.to_json()
    out = repl.fails("play 1")
    assert "to answer by number, type '1' (or 'choose 1')" in out
    assert repl.game.to_json() == before


def test_play_with_target_on_one_line(duel):
    out = duel("play Harmony alice")
    assert "alice plays Harmony targeting alice" in out
    assert "bob to decide: bob: respond to Harmony?" in out
    assert duel.game.state.stack[0].targets == [["player:0"]]


def test_questions_one_at_a_time(duel):
    out = duel("play Harmony")
    assert "Harmony: choose target 1" in out and "target alice" in out
    duel("target bob")
    assert duel.game.state.stack[0].targets == [["player:1"]]


def test_a_line_is_all_or_nothing(duel):
    before = duel.game.to_json()
    out = duel.fails("play Harmony carol")
    assert "'carol' is not an option now" in out
    assert duel.game.to_json() == before
    assert duel.session.marks[-1] == "edit"


def test_refusal_names_the_reason(duel):
    duel("set alice disarm 1")
    out = duel.fails("play Warrior's Strike bob")
    assert "its Control banner has Disarm" in out
    assert "Warrior's Strike can't be played by alice now: you are Disarmed, and its Control banner has Disarm" \
        in duel("why Warrior's Strike")


def test_unknown_command_suggests(repl):
    assert "unknown command 'boad'; did you mean 'board'?" in repl.fails("boad")


def test_unclosed_quote_is_an_error_not_a_crash(repl):
    assert "quote is not closed" in repl.fails('put "Icebolt into bob hand')


def test_stack_waits_for_step(duel):
    duel("play Harmony alice")
    out = duel("pass")
    assert "paused: next to resolve: Harmony (alice)" in out
    assert duel.game.paused
    assert "step" in duel.fails("end")
    out = duel("step")
    assert out.startswith("resolving Harmony (alice)")
    assert "Harmony resolves" in out
    assert "Harmony: the stack -> alice's discard" in out
    assert not duel.game.state.stack


def test_step_with_nothing_to_resolve(repl):
    assert "nothing waits to resolve" in repl.fails("step")


def test_response_resolves_first_and_meta_counters_with_its_reason(duel):
    duel("place bob b2")
    duel("play Warrior's Strike bob")
    out = duel("respond Goad alice")
    assert "bob plays Goad targeting alice" in out
    duel("pass")
    stack = duel("stack")
    assert stack.index("Goad") < stack.index("Warrior's Strike")
    out = duel("step")
    assert out.startswith("resolving Goad (bob)")
    assert "alice disarm: 0 -> 2" in out
    out = duel("step")
    assert "Warrior's Strike is meta-countered: Control: alice is Disarmed, and its Control banner has Disarm" in out
    assert "alice actions: 4 -> 5" in out           # the refund
    assert duel.stat(BOB, "hp") == 36


def test_stack_shows_target_paid_and_fate(duel):
    duel("place bob b2")
    duel("play Warrior's Strike bob")
    duel("respond Goad alice")
    out = duel("stack")
    lines = out.split("\n")
    assert lines[0].startswith("   2. Goad [") and "by bob  targets: alice  paid: 1 power  fate: pending" in lines[0]
    assert "Warrior's Strike [" in lines[1] and "paid: 1 action  fate: pending" in lines[1]


def test_resolve_runs_to_the_end(duel):
    duel("place bob b2")
    duel("play Warrior's Strike bob")
    duel("pass")
    out = duel("resolve")
    assert "bob takes 6 damage, HP 30" in out
    assert not duel.game.state.stack and not duel.game.paused


def test_auto_on_resolves_at_once(duel):
    duel("auto on")
    duel("place bob b2")
    duel("play Warrior's Strike bob")
    out = duel("pass")
    assert "bob takes 6 damage" in out
    assert "alice to act" in out


def test_undo_mid_resolution_and_redo(duel):
    duel("place bob b2")
    duel("play Warrior's Strike bob")
    duel("respond Goad alice")
    duel("pass")
    duel("step")                         # Goad resolves
    assert duel.stat(ALICE, "disarm") == 2
    duel("undo")                         # back to the pause before Goad
    assert duel.stat(ALICE, "disarm") == 0
    assert duel.game.paused and duel.session.view.next_to_resolve(duel.game) == "Goad (bob)"
    duel("redo")
    assert duel.stat(ALICE, "disarm") == 2
    assert duel.session.view.next_to_resolve(duel.game) == "Warrior's Strike (alice)"


def test_undo_all_the_way_back(duel):
    start = duel.game.to_json()
    duel("play Harmony alice")
    duel("pass")
    duel("step")
    duel("move b2")
    assert duel("undo 4").startswith("undid 4 steps")
    assert duel.game.to_json() == start
    assert "nothing to redo" not in duel("redo 100")


def test_undo_everything_and_nothing_left(repl):
    repl("set bob hp 3")
    repl("undo")
    assert "nothing to undo" in repl.fails("undo")
    assert "nothing to redo" not in repl("redo")
    assert repl.stat(BOB, "hp") == 3
    assert "nothing to redo" in repl.fails("redo")


def test_undo_past_a_new_definition_plays_on_with_it_and_saves(repl, tmp_path):
    """`define` is not undone (it is kept, like a card file): a state from before it is
    taken under the card as defined now.  Resilience listened for the start of its turn
    before; after the undo the listener index still said so, and the save was refused."""
    feat = next(c for c in repl.game.state.zones["feats:0"] if repl.game.name(c) == "Resilience")
    assert feat in repl.game.state.listeners["on:turn_start"]
    repl("end")
    repl('define card "Resilience" {\n trait pips gray\n types passive\n}')
    repl("undo")
    assert feat not in repl.game.state.listeners.get("on:turn_start", [])
    repl(f"save {tmp_path / 'g.json'}")
    repl(f"load {tmp_path / 'g.json'}")
    start = len(repl.game.state.log)
    repl("end")
    repl("end")           # alice's turn starts: the new Resilience has no trigger
    assert "Resilience triggers" not in "\n".join(e.text for e in repl.game.state.log[start:])


def test_a_line_of_choices_undoes_as_one_step(duel):
    duel("set alice slow 3")
    duel("set alice disarm 2")
    duel("play Harmony alice slow slow slow")
    assert duel.stat(ALICE, "slow") == 0
    duel("undo")
    assert duel.stat(ALICE, "slow") == 3 and duel.game.pending.kind == "main"


def test_remove_control_by_name(duel):
    duel("set alice slow 3")
    duel("set alice disarm 2")
    out = duel("play Harmony alice")
    assert "alice: remove 3 Control (paying for Harmony): which kind next?" in out
    assert "1. remove 1 slow (of 3)" in out
    duel("remove disarm")
    duel("slow")
    duel("2")
    assert (duel.stat(ALICE, "slow"), duel.stat(ALICE, "disarm")) == (2, 0)


def test_ai_plays_bob(repl):
    out = repl("ai bob greedy")
    assert "bob is played by the greedy AI" in out
    out = repl("end")
    assert "(greedy AI)" in out
    assert repl.game.state.active == ALICE or repl.game.state.over or repl.game.pending.player == ALICE
    repl("undo")
    assert repl.game.state.active == ALICE and repl.game.state.turn == 1


def test_ai_off_and_bad_kind(repl):
    repl("ai bob random")
    assert 1 in repl.session.ai
    repl("ai bob off")
    assert 1 not in repl.session.ai
    before = repl.game.to_json()
    text = repl.fails("ai bob clever")
    assert "unknown AI 'clever' (known: random, greedy, search" in text
    assert "ai PLAYER random|greedy|search[:BUDGET]|off" in text
    assert 1 not in repl.session.ai and repl.game.to_json() == before


def test_two_random_ais_play_a_whole_game(repl):
    repl("auto on")
    repl("ai alice random")
    repl("ai bob random")
    assert repl.game.state.over
    assert "game over" in repl("status")


def test_random_ai_is_seeded_and_leaves_the_game_rng_alone(repl):
    game = repl.game
    rng = game.state.rng
    picks = [RandomAI(5).choose(game) for _ in range(3)]
    assert picks == [RandomAI(5).choose(game) for _ in range(3)]
    assert game.state.rng == rng


def test_greedy_answers_a_lethal_attack_with_its_counter(duel):
    duel("place bob b2")
    duel("set bob hp 6")
    duel("play Warrior's Strike bob")
    assert GreedyAI().choose(duel.game).label == "respond with Goad"
    duel("auto on")
    out = duel("ai bob greedy")
    assert "bob (greedy AI): respond with Goad" in out
    out = duel("pass")
    assert "Warrior's Strike is meta-countered" in out
    assert not duel.game.state.over


def test_greedy_without_an_answer_loses(duel):
    duel("place bob b2")
    duel("set bob hp 6")
    duel("set bob power 0")
    duel("ai bob greedy")
    duel("auto on")
    duel("play Warrior's Strike bob")
    assert duel.game.state.over and duel.game.state.winner == 0


def test_make_ai_names():
    assert make_ai("greedy").name == "greedy"
    with pytest.raises(CardsmithError):
        make_ai("clever")


def test_a_question_in_the_middle_of_resolution_original_ruleset(repl):
    """000: Control comes off when the card resolves, so `step` stops at the question."""
    for line in ("new seed 1 ruleset original", "set alice power 2", "set alice slow 3", "set alice disarm 2",
                 "put Harmony into alice hand", "play Harmony alice", "pass"):
        repl(line)
    assert repl.stat(ALICE, "slow") == 3          # paid, but nothing removed yet
    out = repl("step")
    assert "alice: remove 3 Control (Harmony resolves): which kind next?" in out
    repl("remove disarm")
    assert "fate: resolving" in repl("stack")
    repl("slow")
    repl("undo")                                   # mid-resolution, one answer back
    assert (repl.stat(ALICE, "slow"), repl.stat(ALICE, "disarm")) == (3, 1)
    assert repl.game.pending.kind == "remove_control"
    repl("slow slow")
    assert (repl.stat(ALICE, "slow"), repl.stat(ALICE, "disarm")) == (1, 1)
    assert not repl.game.state.stack and repl.game.pending.kind == "main"


def test_a_refused_move_names_the_rule(duel):
    """001 § How to Play > Main: a slowed hero can't move; the refusal says so, and nothing changes."""
    duel("set alice slow 2")
    before = duel.game.to_json()
    out = duel.fails("move b2")
    assert "slowed players can't move" in out
    assert duel.game.to_json() == before
