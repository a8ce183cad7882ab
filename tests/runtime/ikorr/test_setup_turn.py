"""Setting up and the turn (rulebook 004 § Setting Up, § Turn Phases, § Victory Condition)."""
from __future__ import annotations

from cardsmith.runtime.ikorr.zones import zone

from .helpers import (act, choose, give_influence, hand, log_text, new_game, pass_turn, put,
                      refresh)


def test_a_random_team_decides_who_goes_first():
    """004 § Setting Up 1: a random team decides which team goes first."""
    deciders = set()
    for seed in range(6):
        g = new_game(seed=seed, first=None)
        assert g.pending.kind == "first"
        decider = g.state.players[g.pending.player].team
        deciders.add(decider)
        choose(g, "we go first")
        assert f"team {decider + 1} goes first" in log_text(g)
    assert deciders == {0, 1}


def test_the_deciding_team_may_go_second():
    """004 § Setting Up 1: the deciding team chooses; going second hands turn 1 to the others."""
    g = new_game(seed=3, first=None)
    decider = g.state.players[g.pending.player].team
    choose(g, "we go second")
    assert f"team {2 - decider} goes first" in log_text(g)
    first_turn = [e for e in g.state.log if e.text.startswith("--- turn 1:")][0]
    assert f"team {2 - decider}" in first_turn.text


def test_opening_hand_is_five_and_mulligan_draws_as_many_as_shuffled_back():
    """004 § Setting Up 2-3: draw 5; shuffle any number back, then draw that many."""
    g = new_game(mulligan=True)
    assert g.pending.kind == "mulligan" and g.pending.player == 0
    before = list(hand(g, 0))
    act(g, "back", before[0])
    act(g, "back")          # the next card offered
    act(g, "keep")
    assert len(hand(g, 0)) == 5
    assert len(g.state.zones[zone("deck", 0)]) == 35
    assert "shuffles 2 back and draws 2" in log_text(g)
    assert g.pending.player == 1 and len(hand(g, 1)) == 5
    act(g, "keep")          # bob keeps all five


def test_avatars_are_revealed_together_after_the_mulligan():
    """004 § Setting Up 4: both teams reveal their avatars simultaneously."""
    g = new_game(mulligan=True)
    assert not any(g.state.cards[c].revealed for p in (0, 1) for c in g.state.zones[zone("avatar", p)])
    act(g, "keep")
    act(g, "keep")
    assert all(g.state.cards[c].revealed for p in (0, 1) for c in g.state.zones[zone("avatar", p)])
    assert "avatars revealed together: alice: Ember Regent; bob: Tide Oracle" in log_text(g)


def test_secure_step_moves_stored_ikorr_to_the_team_pile():
    """004 § Turn Phases 1a: all allied champions secure their stored Ikorr at the start."""
    g = new_game()
    c = put(g, "T Grunt", 0, ikorr=3)
    pass_turn(g)            # bob's turn: alice's champion does not secure
    assert g.state.secured == [0, 0]
    pass_turn(g)            # alice's turn 3
    assert g.state.secured == [3, 0]
    assert "ikorr" not in g.state.cards[c].counters


def test_secured_ikorr_is_one_pile_shared_by_allies():
    """004 § Turn Phases 1a: secured Ikorr is a pile shared by all allied players (2v2)."""
    g = new_game("2v2")
    put(g, "T Grunt", 0, ikorr=2)
    put(g, "T Grunt", 1, ikorr=3)
    pass_turn(g)
    pass_turn(g)
    assert g.state.secured == [5, 0]


def test_influence_step_refreshes_and_adds_one_up_to_ten():
    """004 § Turn Phases 1b: refresh exerted influence and gain 1 influence (max 10)."""
    g = new_game()
    assert len(g.state.zones[zone("influence", 0)]) == 1
    give_influence(g, 0, 10)
    g.state.players[0].stats["exerted"] = 4
    pass_turn(g)
    pass_turn(g)
    assert len(g.state.zones[zone("influence", 0)]) == 10
    assert len(g.state.zones[zone("influence_deck", 0)]) == 0
    assert g.state.players[0].stats["exerted"] == 0


def test_draw_phase_is_skipped_on_the_first_turn_only():
    """004 § Turn Phases 2: all allied players draw 1, skipped in the game's first turn."""
    g = new_game()
    assert len(hand(g, 0)) == 5
    pass_turn(g)
    assert len(hand(g, 1)) == 6
    assert "skipped on the first turn" in log_text(g)


def test_every_allied_player_draws_in_the_draw_phase():
    """004 § Turn Phases 2: *all allied players* draw (2v2)."""
    g = new_game("2v2")
    pass_turn(g)
    assert [len(hand(g, p)) for p in range(4)] == [5, 5, 6, 6]


def test_end_abilities_trigger_in_your_end_phase_only():
    """004 § Turn Phases 4 and § Triggered Abilities: END triggers in your End Phase."""
    g = new_game()
    cache = put(g, "Ikorr Cache", 0, "location")
    put(g, "Ikorr Cache", 1, "location")
    pass_turn(g)
    assert g.state.cards[cache].counters.get("ikorr") == 1
    pass_turn(g)
    assert g.state.cards[cache].counters.get("ikorr") == 1


def test_victory_at_ten_secured_in_1v1():
    """004 § Victory Condition: 1v1 secures 10 Ikorr."""
    g = new_game()
    g.state.secured[0] = 8
    put(g, "T Grunt", 0, ikorr=2)
    pass_turn(g)
    pass_turn(g)
    assert g.state.over and g.state.winner == 0
    assert "team 1 (alice) wins with 10 secured Ikorr" in g.state.result


def test_victory_at_fifteen_in_2v2_and_3v3():
    """004 § Victory Condition: 2v2 and 3v3 secure 15 Ikorr."""
    for fmt in ("2v2", "3v3"):
        g = new_game(fmt)
        assert g.state.target == 15
        g.state.secured[0] = 10
        put(g, "T Grunt", 0, ikorr=4)
        pass_turn(g)
        pass_turn(g)
        assert not g.state.over and g.state.secured[0] == 14
        put(g, "T Grunt", 0, ikorr=1)
        pass_turn(g)
        pass_turn(g)
        assert g.state.over and g.state.winner == 0


def test_drawing_from_an_empty_deck_secures_ikorr_for_the_opposing_team():
    """004 § Drawing with No Cards in Deck: the opposing team secures 1 Ikorr for each
    allied player who cannot draw."""
    g = new_game("2v2")
    for p in (2, 3):
        for cid in list(g.state.zones[zone("deck", p)]):
            g.move_card(cid, zone("void", p))
    pass_turn(g)
    assert g.state.secured == [2, 0]
    assert "carol must draw from an empty deck" in log_text(g)


def test_turns_alternate_between_teams_and_all_seats_act():
    """004 § Turn Phases: turns belong to teams; in 3v3 every allied seat gets priority."""
    g = new_game("3v3")
    assert g.state.active_team == 0
    to_play = []
    for p in (0, 1, 2):
        give_influence(g, p, 1)
        to_play.append(put(g, "T Plan", p, "hand"))
    refresh(g)
    seen = set()
    while g.state.turn == 1:
        if g.pending.kind == "priority":
            seen.add(g.pending.player)
        opts = [a for a in g.legal_actions() if a.kind == "play" and a.args[0] in to_play] or \
            [a for a in g.legal_actions() if a.kind == "pass"]
        g.apply(opts[0])
    assert seen == {0, 1, 2}
    assert g.state.active_team == 1
    assert all(g.state.cards[c].zone.startswith("graveyard") for c in to_play)
