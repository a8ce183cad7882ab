"""Looking at the game: board, stack, hand, player, log, show, legal, why, help."""
from __future__ import annotations

from cardsmith.repl.commands import command_names


def test_board_has_grid_players_and_status(repl):
    repl("terrain b3 enchanted")
    repl("set alice slow 2")
    out = repl("board")
    lines = out.split("\n")
    assert lines[0].split() == ["a", "b", "c", "d"]
    assert any(line.startswith(" 4 |bob") for line in lines)
    assert "*enchanted*" in out
    assert "turn 1 · alice's turn · main phase · ruleset hh" in out
    alice = next(line for line in lines if line.startswith("> alice"))
    assert "HP 42/42" in alice and "actions 3" in alice and "initiative 1" in alice
    assert "Control: slow 2" in alice and "mitigate 0" in alice


def test_hand_lists_ids_costs_and_defaults_to_the_decider(repl):
    out = repl("hand")
    assert out.startswith("alice's hand (5):")
    assert "Tenacity (free, heroic)" in out
    assert repl("hand bob").startswith("bob's hand (5):")


def test_player_shows_feats_flags_discard(repl):
    out = repl("player bob")
    assert "feats: Winterburst, Icicle, Fragments" in out
    assert "flags: none" in out and "discard: empty" in out


def test_log_tail_and_all(repl):
    repl("set bob hp 20")
    assert repl("log 1") == "  bob: hp 36 -> 20  [hand edit]"      # as `cardsmith play` prints a log
    assert repl("log all").split("\n")[0].strip().startswith("alice goes first")


def test_log_private_shows_what_was_drawn(repl):
    repl("end")
    assert "bob draws a card" in repl("log")
    assert "bob draws " in repl("log private") and "bob draws a card" not in repl("log private")


def test_show_card_and_instance(repl):
    out = repl("show Icebolt")
    assert "Icebolt" in out
    cid = repl.game.state.zones["hand:0"][0]
    assert f"[{cid} in alice's hand]" in repl(f"show {cid}")
    assert "did you mean" in repl.fails("show Icebolth")


def test_legal_numbers_the_options(repl):
    out = repl("legal").split("\n")
    assert out[0].startswith("alice to decide:")
    assert out[1].startswith("  1. ")
    assert out[-1].endswith("end the turn")


def test_why_explains(repl):
    assert repl("why Tenacity") == "Tenacity can be played by alice now"
    assert "it is not in their hand or feat zone" in repl("why Icebolt")
    assert "it costs 2 power and you have 0" in repl("why Seize the Day")
    repl("put Block into bob hand")
    assert "only instants can be played in response" not in repl("why Block bob")
    assert "it is not your turn" in repl("why Block bob")


def test_stack_empty(repl):
    assert repl("stack") == "the stack is empty"


def test_status_shows_auto_and_ai(repl):
    repl("ai bob greedy")
    out = repl("status")
    assert "auto off · AI bob: greedy" in out


def test_library_search(repl):
    out = repl("library ice")
    assert "Icebolt" in out and "Ice Flurry" in out


def test_help_lists_every_command_and_each_has_details(repl):
    out = repl("help")
    for name in command_names():
        assert f"  {name}" in out, name
        detail = repl(f"help {name}")
        assert detail.startswith("usage: ")
    assert "no command or help topic 'frobnicate'" in repl.fails("help frobnicate")


def test_quit():
    from cardsmith.repl.commands import execute
    from cardsmith.repl.session import Session
    result = execute(Session(seed=1), "quit")
    assert result.quit and result.ok
