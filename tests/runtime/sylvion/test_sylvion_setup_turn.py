"""Sylvion setup and the turn: reveal, supports in letter order, Blaze, Simoon, move
(rulebook 002, cited by its headings)."""
from __future__ import annotations

from cardsmith.runtime.sylvion import battlefield as bf
from cardsmith.runtime.sylvion import sandbox

from .helpers import QUIET, TAIL, desolated, game, log_texts, name_at, names


def test_setup_piles():
    """002 § Overview and Setup; § The Battlefield: 24 Sylvan cards make the Defender deck
    (a starting hand of 8 drawn from it), the 16 Blazing Elementals are set aside, 12 Edges."""
    g = game(seed=3)
    z = g.state.zones
    assert len(z["hand:0"]) == 8 and len(z["deck"]) == 16
    assert len(z["supply"]) == 16 and all(g.name(c).startswith("Blazing") for c in z["supply"])
    assert len(z["edges"]) == 12
    ravage = [g.name(c) for r in range(4) for c in z[bf.stack_zone(r)]]
    assert len(ravage) == 48 and ravage.count("Blaze") == 8 and ravage.count("Simoon") == 8
    assert sum(ravage.count(f"Elemental {s}") for s in range(4)) == 32


def test_setup_before_turn_one_exact():
    """002 § The Battlefield: stacks of 12, 6 of 12 Edges Desolated in the introductory game."""
    g = game()
    assert [len(g.state.zones[bf.stack_zone(r)]) for r in range(4)] == [12] * 4
    assert desolated(g) == 6
    assert not any(g.state.cards[c].revealed for r in range(4) for c in g.state.zones[bf.stack_zone(r)])


def test_all_bloom_option():
    """Issue 5 / 002 § The Battlefield: an option starts with all 12 Edges Bloom side up."""
    g = game(all_bloom=True)
    assert desolated(g) == 0


def test_two_player_hands_of_six():
    """002 § Rules for Two Players: each player draws a starting hand of 6 cards."""
    g = game(players=2)
    assert len(g.state.zones["hand:0"]) == 6 and len(g.state.zones["hand:1"]) == 6


def test_same_seed_same_game_and_seeds_differ():
    """Determinism (DESIGN.md): the Defender deck and the stacks are shuffled by the seed."""
    a, b, c = game(seed=11), game(seed=11), game(seed=12)
    assert a.to_json() == b.to_json()
    assert a.state.zones["ravage:0"] != c.state.zones["ravage:0"] or a.state.zones["deck"] != c.state.zones["deck"]


def test_reveal_leaves_cards_on_their_stacks():
    """002 § Reveal Ravage Cards: reveal the first card of each stack and leave it there;
    then the Move step takes the revealed Elementals one space left."""
    g = game(hand=QUIET[:4], stacks=[["Elemental 1", TAIL], ["Elemental 2", TAIL], ["Elemental 0", TAIL],
                                     ["Elemental 3", TAIL]])
    g.run()
    revealed = [e for e in log_texts(g) if "is revealed" in e]
    assert len(revealed) == 4
    assert name_at(g, "a1") == ["Elemental 1"] and name_at(g, "d1") == ["Elemental 3"]
    # the tail cards are still face down on their stacks
    assert all(not g.state.cards[g.state.zones[bf.stack_zone(r)][0]].revealed for r in range(4))


def test_supports_resolve_in_letter_order_then_are_discarded():
    """002 § Support Cards: resolved at the start of the turn in letter order (C Blaze
    before D Simoon, whatever their rows), then discarded."""
    g = game(hand=QUIET[:4], stacks=[["Simoon", TAIL], ["Blaze", TAIL], ["Elemental 1", TAIL], ["Elemental 2", TAIL]])
    g.run()
    log = log_texts(g)
    assert log.index("Blaze (C) resolves") < log.index("Simoon (D) resolves")
    # Blazed first (1 -> 2, 2 -> 3), then Simoon (to space 1), then the march (space 2)
    assert name_at(g, "c2") == ["Blazing Elemental 2"] and name_at(g, "d2") == ["Blazing Elemental 3"]
    assert set(names(g, "ravage discard")) >= {"Blaze", "Simoon", "Elemental 1", "Elemental 2"}


def test_blaze_zero_becomes_four():
    """002 § Blaze Cards: the 0-strength Elemental is replaced by a strength-4 Blazing one,
    including one revealed this turn."""
    g = game(hand=QUIET[:4], stacks=[["Blaze", TAIL], ["Elemental 0", TAIL], [TAIL], [TAIL]])
    g.run()
    assert name_at(g, "b1") == ["Blazing Elemental 4"]


def test_blaze_one_stronger_and_blazing_unaffected():
    """002 § Blaze Cards: 3, 2, 1 become Blazing 4, 3, 2; Blazing Elementals are not
    affected; Elementals already on the battlefield are replaced in place."""
    g = game(hand=QUIET[:4], stacks=[["Blaze", TAIL], ["Elemental 1", TAIL], [TAIL], [TAIL]])
    sandbox.to_space(g, "Elemental 3", "c2")
    sandbox.to_space(g, "Blazing Elemental 2", "d3")
    g.run()
    assert name_at(g, "b1") == ["Blazing Elemental 2"]
    assert name_at(g, "c3") == ["Blazing Elemental 4"]          # blazed at c2, then marched
    assert name_at(g, "d4") == ["Blazing Elemental 2"]          # untouched, marched


def test_blaze_with_no_elementals_is_ignored():
    """002 § Blaze Cards: with no Elemental in play the Blaze is ignored and discarded."""
    g = game(hand=QUIET[:4], stacks=[["Blaze", TAIL], ["Simoon", TAIL], ["Blaze", TAIL], ["Simoon", TAIL]])
    g.run()
    assert names(g, "ravage discard").count("Blaze") >= 2
    assert not bf.elementals(g)
    assert any("nothing happens" in t for t in log_texts(g))


def test_simoon_moves_revealed_elementals_too():
    """002 § Simoon Cards: every Elemental, those revealed this turn included, moves one
    space left; then the Move step moves them again."""
    g = game(hand=QUIET[:4], stacks=[["Simoon", TAIL], ["Elemental 2", TAIL], [TAIL], [TAIL]])
    sandbox.to_space(g, "Elemental 1", "c1")
    g.run()
    assert name_at(g, "b2") == ["Elemental 2"]
    assert name_at(g, "c3") == ["Elemental 1"]


def test_two_simoons_stack():
    """002 § Simoon Cards: "if you reveal numerous Simoon cards during the same turn, each
    Simoon card will make every Elemental card move one space to the left"."""
    g = game(hand=QUIET[:4], stacks=[["Simoon", TAIL], ["Simoon", TAIL], ["Elemental 1", TAIL], [TAIL]])
    sandbox.to_space(g, "Elemental 2", "d2")
    g.run()
    assert name_at(g, "c3") == ["Elemental 1"]          # stack -> c1 -> c2 (Simoons) -> c3 (march)
    # d2 -> d3 -> d4 (Simoons) -> the forest (march): 2 damage
    assert desolated(g) == 8


def test_move_every_elemental_one_space_left():
    """002 § Move Elementals: each Elemental, revealed this turn or already there, moves
    one space left towards the forest."""
    g = game(hand=QUIET[:4], stacks=[["Elemental 0", TAIL], [TAIL], [TAIL], [TAIL]])
    sandbox.to_space(g, "Elemental 1", "b3")
    sandbox.to_space(g, "Elemental 2", "c1")
    g.run()
    assert name_at(g, "b4") == ["Elemental 1"] and name_at(g, "c2") == ["Elemental 2"]


def test_reaching_the_forest_deals_strength_damage_then_discards():
    """002 § Move Elementals: an Elemental reaching the fifth space deals its strength as
    damage (one Edge flipped per point) and is discarded."""
    g = game(hand=QUIET[:4], stacks=[[TAIL, TAIL]] * 4)
    eid = sandbox.to_space(g, "Elemental 3", "a4")
    before = desolated(g)
    g.run()
    assert desolated(g) == before + 3
    assert g.state.cards[eid].zone == "ravage discard"
    assert not g.state.board.spaces["a5"].cards


def test_strength_zero_in_the_forest_deals_nothing():
    """002 § Move Elementals: damage equals strength, so a strength-0 Elemental flips none."""
    g = game(hand=QUIET[:4], stacks=[[TAIL, TAIL]] * 4)
    sandbox.to_space(g, "Elemental 0", "b4")
    g.run()
    assert desolated(g) == 6


def test_lose_at_once_when_an_edge_cannot_flip():
    """002 § The Battlefield / § Move Elementals: suffering more damage than there are
    Bloom Edges loses the game immediately."""
    g = game(hand=QUIET[:4], stacks=[[TAIL, TAIL]] * 4)
    sandbox.set_edges(g, 11)
    sandbox.to_space(g, "Elemental 3", "a4")
    g.run()
    assert g.state.over and g.state.winner == -1
    assert g.state.result.startswith("lost") and "Desolated" in g.state.result
    assert g.legal_actions() == []
