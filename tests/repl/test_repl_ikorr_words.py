"""Rush of Ikorr in its own words: every champion named with its controller and slot (two
Stonebound Sentinels told apart) in logs, options and prompts; prompts that say what is
chosen for which card's step; and the queue called the queue (004 § Use Avatar Powers:
"when the queue is empty"; § Champions: six slots)."""
from __future__ import annotations

import pytest

from .conftest import Driver


@pytest.fixture
def ikorr(repl) -> Driver:
    """alice's turn, Action Phase, 4 ready influence; bob has two Stonebound Sentinels
    (slots 1 and 2) and alice an Amazonian Gladiator able to attack."""
    repl("new ikorr seed 1")
    repl("first 0")
    repl("keep")
    repl("keep")
    for _ in range(4):
        repl("put Influence into alice influence")
    repl("put Stonebound Sentinel into bob champions")
    repl("put Stonebound Sentinel into bob champions")
    repl("put Amazonian Gladiator into alice champions")
    gladiator = repl.game.state.zones["champions:0"][0]
    repl.game.state.cards[gladiator].counters["summoned"] = -1        # not summoned this turn
    return repl


def test_options_tell_two_champions_of_one_name_apart(ikorr):
    legal = ikorr("legal")
    assert "alice's Amazonian Gladiator (slot 1) attacks bob's Stonebound Sentinel (slot 1)" in legal
    assert "alice's Amazonian Gladiator (slot 1) attacks bob's Stonebound Sentinel (slot 2)" in legal
    assert "card" not in "".join(line for line in legal.splitlines() if "attacks" in line)


def test_the_log_names_the_owner_and_slot_of_each_champion(ikorr):
    ikorr("alice's Amazonian Gladiator (slot 1) attacks bob's Stonebound Sentinel (slot 2)")
    out = ikorr("step")
    assert "alice's Amazonian Gladiator (slot 1) attacks bob's Stonebound Sentinel (slot 2)" in out
    assert "bob's Stonebound Sentinel (slot 2) takes 3 damage (3 damage on it, health 5)" in out
    assert "alice's Amazonian Gladiator (slot 1) takes 1 damage (1 damage on it, health 3)" in out


def test_a_prompt_says_what_is_chosen_for_which_cards_step(ikorr):
    ikorr("power")
    ikorr("pass")
    out = ikorr("step")
    assert "alice: choose the target champion for Ember Regent's 'deal 1 damage'" in out
    assert "bob's Stonebound Sentinel (slot 1)" in out and "bob's Stonebound Sentinel (slot 2)" in out


def test_the_queue_is_called_the_queue(ikorr):
    assert ikorr("stack") == "the queue is empty"
    assert ikorr("queue") == "the queue is empty"
    ikorr("power")
    ikorr("pass")
    listing = ikorr("queue")
    assert "1. Ember Regent" in listing and "next to resolve: alice's Ember Regent (avatar)" in listing
    out = ikorr("step")
    assert "on the queue: pending -> resolving" in out and "stack" not in out


def test_a_battle_waiting_to_be_stepped_is_listed(ikorr):
    ikorr("alice's Amazonian Gladiator (slot 1) attacks bob's Stonebound Sentinel (slot 1)")
    assert ikorr("queue") == ("the queue is empty\nnext to resolve: the battle: alice's Amazonian "
                              "Gladiator (slot 1) attacking bob's Stonebound Sentinel (slot 1)")


def test_the_board_says_seat_facing_and_attack_and_health_in_words(ikorr):
    board = ikorr("board")
    assert "alice (seat 1, facing bob)" in board
    assert "slot 2: Stonebound Sentinel (" in board and "attack 1, health 5" in board
