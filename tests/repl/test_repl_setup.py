"""Setting up a board by hand: every edit is logged, re-asks the pending question, and undoes."""
from __future__ import annotations

import pytest

ALICE, BOB = 0, 1


def test_set_stat_is_logged_and_undoable(repl):
    assert "bob: hp 36 -> 20" in repl("set bob hp 20")
    assert repl.stat(BOB, "hp") == 20
    assert repl.game.state.log[-1].kind == "edit"
    assert "bob: hp 36 -> 20" in repl.game.state.log[-1].text
    repl("undo")
    assert repl.stat(BOB, "hp") == 36


@pytest.mark.parametrize("stat,key", [("actions", "actions"), ("power", "power"), ("initiative", "initiative"),
                                      ("slow", "slow"), ("silence", "silence"), ("disarm", "disarm"),
                                      ("mitigate", "mitigate"), ("max_hp", "max_hp")])
def test_every_stat_can_be_set(repl, stat, key):
    repl(f"set alice {stat} 3")
    assert repl.stat(ALICE, key) == 3


def test_flags(repl):
    repl("set alice chivalry on")
    assert repl.game.state.players[ALICE].flags["chivalrous"] is True
    repl("set alice second-wind-used on")
    assert repl.game.state.players[ALICE].flags["second_wind_used"] is True
    repl("set alice chivalry off")
    assert repl.game.state.players[ALICE].flags["chivalrous"] is False


def test_bad_set_commands_say_why_and_change_nothing(repl):
    before = repl.game.to_json()
    assert "unknown stat 'hpp'" in repl.fails("set bob hpp 3")
    assert "no player 'carol'" in repl.fails("set carol hp 3")
    assert "whole number" in repl.fails("set bob hp lots")
    assert "at least 1" in repl.fails("set bob hp 0")
    assert "on|off" in repl.fails("set bob chivalry maybe")
    assert repl.game.to_json() == before


def test_above_the_cap_is_allowed_with_a_note(repl):
    assert "above the usual cap of 5" in repl("set alice power 7")
    assert repl.stat(ALICE, "power") == 7


def test_hp_above_max_raises_max(repl):
    assert "max_hp raised to 50" in repl("set alice hp 50")
    assert repl.stat(ALICE, "max_hp") == 50


def test_place_hero(repl):
    repl("place alice b2")
    assert repl.game.state.players[ALICE].position == "b2"
    row2 = next(line for line in repl("board").split("\n") if line.startswith(" 2 |"))
    assert row2.split("|")[2].strip() == "alice"


def test_place_refuses_enemy_tile_and_bad_tiles(repl):
    assert "heroes never share a tile" in repl.fails("place alice a4")
    assert "not a tile" in repl.fails("place alice e9")


def test_put_into_hand_creates_a_card_owned_by_that_player(repl):
    out = repl("put Icebolt into alice hand")
    cid = out.split("[")[1].split("]")[0]
    card = repl.game.state.cards[cid]
    assert (card.name, card.owner, card.zone) == ("Icebolt", ALICE, "hand:0")
    assert repl.game.state.zones["hand:0"][-1] == cid


def test_put_into_deck_positions(repl):
    deck = repl.game.state.zones["deck:1"]
    repl("put Harmony into bob deck")
    assert repl.game.name(deck[0]) == "Harmony"
    repl("put Icebolt into bob deck bottom")
    assert repl.game.name(deck[-1]) == "Icebolt"
    repl("put Freeze into bob deck 3")
    assert repl.game.name(deck[2]) == "Freeze"


def test_put_unknown_card_suggests_a_name(repl):
    assert "did you mean 'Icebolt'" in repl.fails("put Icebolts into bob hand")


def test_put_existing_card_by_id_moves_it(repl):
    cid = repl.game.state.zones["hand:0"][0]
    repl(f"put {cid} into alice discard")
    assert repl.game.state.cards[cid].zone == "discard:0"
    assert cid not in repl.game.state.zones["hand:0"]


def test_attach_to_tile_and_player(repl):
    out = repl("put \"Warrior's Banner\" on b2 owner alice")
    assert "attached to b2" in out
    assert "Warrior's Banner" in repl("board")
    cid = out.rsplit("[", 1)[1].rstrip("]")
    assert repl.game.state.cards[cid].attached_to == "tile:b2"
    assert repl.game.state.board.spaces["b2"].cards == [cid]
    out = repl("put Freeze on alice owner bob for 2 turns")
    cid = out.rsplit("[", 1)[1].rstrip("]")
    card = repl.game.state.cards[cid]
    assert (card.attached_to, card.controller, card.counters["duration"]) == ("player:0", BOB, 2)
    assert "Freeze (bob, 2 turns)" in repl("player alice")


def test_attach_follows_the_one_card_per_empty_tile_rule(repl):
    repl("put \"Warrior's Banner\" on b2")
    assert "one card per tile" in repl.fails("put \"Steward's Banner\" on b2")
    assert "a hero stands on a4" in repl.fails("put \"Steward's Banner\" on a4")


def test_delete_and_empty(repl):
    repl("put Icebolt into bob hand")
    n = len(repl.game.state.cards)
    repl("delete Icebolt bob")
    assert len(repl.game.state.cards) == n - 1
    repl("empty alice hand")
    assert repl.game.state.zones["hand:0"] == []
    repl("undo 2")
    assert len(repl.game.state.zones["hand:0"]) == 5
    assert any(repl.game.name(c) == "Icebolt" for c in repl.game.state.zones["hand:1"])


def test_terrain_changes_the_cost_of_moving(repl):
    repl("terrain c1 difficult")
    assert "~difficult~" in repl("board")
    assert "move to c1 (2 actions)" in repl("legal")
    repl("terrain c1 none")
    assert "move to c1 (1 action)" in repl("legal")
    assert "unknown terrain" in repl.fails("terrain c1 lava")


def test_turn_hands_the_main_phase_over(repl):
    repl("turn bob")
    assert repl.game.state.active == BOB
    assert repl.game.pending.player == BOB and repl.game.pending.kind == "main"


def test_turn_start_runs_the_start_of_turn(repl):
    hand = len(repl.game.state.zones["hand:1"])
    out = repl("turn bob start")
    assert "bob gains 3 actions" in out
    assert repl.stat(BOB, "actions") == 3
    assert len(repl.game.state.zones["hand:1"]) == hand + 1


def test_turn_refused_while_something_is_played(repl):
    repl("set alice power 2")
    repl("put Harmony into alice hand")
    repl("play Harmony alice")
    assert "only change while nothing is being played" in repl.fails("turn bob")


def test_reveal_and_hide(repl):
    repl("put Icebolt into bob hand")
    repl("reveal bob Icebolt")
    cards = repl.game.state.cards
    shown = [c for c in repl.game.state.zones["hand:1"] if cards[c].revealed]
    assert [cards[c].name for c in shown] == ["Icebolt"]
    assert "(revealed)" in repl("hand bob")
    repl("hide bob all")
    assert not any(cards[c].revealed for c in repl.game.state.zones["hand:1"])


def test_edits_re_ask_the_pending_question(repl):
    assert "Harmony" not in repl("legal")
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    assert "play Harmony" in repl("legal")


def test_define_then_play_at_once(repl):
    out = repl('define card "Zap" {\n  skill cryomancer  cost 1 action  range 6\n  types attack\n'
               '  deal 3 damage to target enemy\n}')
    assert out == "defined Zap"
    repl("put Zap into alice hand")
    repl("play Zap bob")
    repl("pass")
    repl("step")
    assert repl.stat(BOB, "hp") == 33


def test_define_errors_point_at_line_and_column(repl):
    out = repl.fails('define card "Zop" {\n  skill cryomancer  cost 1 action\n  dael 3 damage to target enemy\n}')
    assert "define:3:3: unknown verb 'dael'; did you mean 'deal'?" in out
    assert "^" in out
    assert "Zop" not in repl.session.library


def test_define_again_replaces_the_card(repl):
    repl('define card "Zap" {\n skill cryomancer cost 1 action range 6\n types attack\n deal 3 damage to target enemy\n}')
    repl('define card "Zap" {\n skill cryomancer cost 1 action range 6\n types attack\n deal 5 damage to target enemy\n}')
    repl("put Zap into alice hand")
    repl("play Zap bob")
    repl("pass")
    repl("step")
    assert repl.stat(BOB, "hp") == 31


def test_reload_keeps_the_game_and_defined_cards(repl):
    repl('define card "Zap" {\n skill cryomancer cost 1 action range 6\n types attack\n deal 3 damage to target enemy\n}')
    repl("put Zap into alice hand")
    repl("set bob hp 30")
    assert "reloaded" in repl("reload")
    assert repl.stat(BOB, "hp") == 30
    assert "play Zap" in repl("legal")


def test_new_game_options(repl):
    repl("new seed 3 ruleset original first bob")
    st = repl.game.state
    assert (st.seed, st.ruleset, st.active) == (3, "original", BOB)
    assert not repl.session.marks
    assert "unknown option" in repl.fails("new colour blue")


def test_new_refuses_a_seed_a_saved_game_could_not_hold(repl, tmp_path):
    """A seed is 64 bits; a larger one started a game whose save `load` then refused."""
    before = repl.game.to_json()
    assert "the seed must be at most 18446744073709551615" in repl.fails(f"new seed {2 ** 64}")
    assert repl.game.to_json() == before
    repl(f"new seed {2 ** 64 - 1}")
    repl(f"save {tmp_path / 'big.json'}")
    repl(f"load {tmp_path / 'big.json'}")
    assert repl.game.state.seed == 2 ** 64 - 1


def test_new_game_with_named_decks(repl):
    repl("new decks winterborn steward names ann ben")
    assert repl.session.player_names() == ["ann", "ben"]
    feats = [repl.game.name(c) for c in repl.game.state.zones["feats:0"]]
    assert "Winterburst" in feats


def test_poison_luck_and_traps_are_set_and_shown_on_the_board(repl):
    """G-21: Poison and Luck are stats like Control (``set``, the player line of ``board``);
    trap tokens show on their tiles and in their owner's line."""
    repl("set bob poison 2")
    repl("set alice luck 1")
    board = repl("board")
    bob_line = next(line for line in board.split("\n") if " bob " in line and "HP" in line)
    alice_line = next(line for line in board.split("\n") if " alice " in line and "HP" in line)
    assert "Poison 2" in bob_line and "Luck" not in bob_line
    assert "Luck 1" in alice_line and "Poison" not in alice_line
    repl("turn alice main")
    repl("place alice b2")
    repl("set alice actions 3")
    repl('put "Hunting Grounds" into alice hand')
    repl('play "Hunting Grounds" b3 c3')
    repl("pass")
    repl("resolve")
    board = repl("board")
    assert "traps b3,c3" in board
    row3 = next(line for line in board.split("\n") if line.startswith("   |") and "^trap" in line)
    assert row3.split("|")[2].strip() == "^trap alice" and row3.split("|")[3].strip() == "^trap alice"


def test_a_deck_with_a_misspelt_card_is_reported_at_its_line(repl, tmp_path):
    """Deck names resolve against the session's cards as the deck file is read."""
    from cardsmith.dsl.loader import bundled_cards_dir
    text = (bundled_cards_dir() / "ivion" / "decks" / "steward.deck").read_text()
    deck = tmp_path / "typo.deck"
    deck.write_text(text.replace('"Hammer Strike"', '"Hamer Strike"', 1))
    line = next(i for i, ln in enumerate(deck.read_text().splitlines(), 1) if "Hamer" in ln)
    out = repl.fails(f"new decks {deck} winterborn")
    assert f"{deck}:{line}:" in out and "did you mean 'Hammer Strike'?" in out
