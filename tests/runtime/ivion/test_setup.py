"""Setup rules (catalogue IV-SETUP-*)."""
from __future__ import annotations

from cardsmith.runtime.ivion import board
from cardsmith.runtime.ivion.players import zone

from .helpers import deck, duel, hand, stat, zone_names


def test_board_is_four_by_four_with_orthogonal_adjacency():
    """001 § Learn to Play > Setup (a); 000 § Game Concepts > The Field and Tiles (IV-SETUP-1)."""
    g = duel()
    assert len(g.state.board.spaces) == 16
    assert set(board.neighbours("b2")) == {"b1", "b3", "a2", "c2"}
    assert "c3" not in board.neighbours("b2")       # diagonal is not adjacent


def test_heroes_start_in_opposite_corners():
    """001 § Learn to Play > Setup (e); 000 § Quick Start > Setup 5 (IV-SETUP-4)."""
    g = duel()
    a, b = g.state.players[0].position, g.state.players[1].position
    assert board.distance(a, b) == 6                 # the two far corners of a 4x4 grid


def test_opening_hand_is_five_and_hp_comes_from_the_ultimate():
    """001 § Learn to Play > Setup (d), (g); 000 § Game Setup 3, 5 (IV-SETUP-3, IV-SETUP-5)."""
    g = duel(hands=(None, None), first=0)
    # the first player skips their first draw, so both hold exactly five
    assert len(hand(g, 0)) == 5 and len(hand(g, 1)) == 5
    assert stat(g, 0, "hp") == stat(g, 0, "max_hp") == 40      # "T Ult" prints 40 HP


def test_feats_sit_face_up_in_the_feat_zone_not_in_the_deck():
    """001 § Learn to Play > Setup (c), (f) (IV-SETUP-2)."""
    g = duel()
    assert sorted(zone_names(g, "feats", 0)) == ["T Passive", "T Trait", "T Ult"]
    assert "T Ult" not in zone_names(g, "deck", 0)


def test_pools_start_empty_and_the_first_player_skips_the_first_draw():
    """000 § Game Setup 6; 000 § Parts of a Turn > Start of Turn 1 (IV-SETUP-6, IV-TURN-3)."""
    g = duel(hands=(None, None), first=1)
    assert g.state.active == 1
    # player 1 went first: 3 actions and 1 initiative, but no draw (still 5 cards)
    assert stat(g, 1, "actions") == 3 and stat(g, 1, "initiative") == 1
    assert len(hand(g, 1)) == 5
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "power") == 0


def test_first_player_comes_from_the_seed_when_not_given():
    """000 § Game Setup ("Randomly determine a player to go first"); G-11 (IV-SETUP-8)."""
    from cardsmith.runtime.core import Game, get_game
    from .helpers import library
    firsts = {Game.new(get_game("ivion"), library(), decks=[deck(), deck()], seed=s).state.active
              for s in range(12)}
    assert firsts == {0, 1}
    again = [Game.new(get_game("ivion"), library(), decks=[deck(), deck()], seed=7).state.active
             for _ in range(2)]
    assert again[0] == again[1]


def test_decks_are_shuffled_by_the_seed():
    """000 § Game Setup 4 (IV-SETUP-2): same seed, same order; another seed, another order."""
    names = [f"T {n}" for n in ("Jab", "Bolt", "Zap", "Nix", "Ward", "Think", "Far", "Big")] * 2
    d = deck(names)
    def order(seed):
        g = duel(decks=[d, d], seed=seed, hands=(None, None))
        return [g.name(c) for c in g.state.zones[zone("deck", 0)]]
    assert order(3) == order(3)
    assert any(order(3) != order(s) for s in (4, 5, 6))


def test_after_you_draw_your_opening_hand_effects_happen_before_the_first_turn():
    """001 § Learn to Play > Setup ("Immediate bonus"); tsv Destiny (IV-SETUP-7)."""
    from .helpers import define
    define('''card "T Head Start" { trait types passive
      after you draw_opening_hand: gain 2 power }''')
    g = duel(decks=[deck(feats=["T Ult", "T Trait", "T Head Start"]), deck()], first=1)
    assert stat(g, 0, "power") == 2 and stat(g, 1, "power") == 0
    assert g.state.turn == 1 and g.state.active == 1


def test_a_paragon_hero_starts_at_the_highest_hp_of_its_ultimates():
    """000 § Variant Rules > Paragon: "Your three Feats are each Specialization's Ultimate";
    "start at the highest maximum HP total among their three Specializations" (IV-SETUP-10)."""
    from .helpers import define
    define('''card "T Ult 36" { ultimate steward hp 36 }
card "T Ult 44" { ultimate jarl hp 44 }
card "T Ult 38" { ultimate winterborn hp 38 }''')
    paragon = ["T Ult 36", "T Ult 44", "T Ult 38"]
    g = duel(decks=[deck(feats=paragon), deck()])
    assert sorted(zone_names(g, "feats", 0)) == sorted(paragon)
    assert stat(g, 0, "hp") == stat(g, 0, "max_hp") == 44
    assert stat(g, 1, "hp") == 40                     # one ultimate: its HP, as ever
    setup = [e.text for e in g.state.log if e.kind == "setup"]
    assert "alice starts at 44 HP, T Ult 44's: the highest of 3 ultimates" in setup
    assert not any(t.startswith("bob starts at") for t in setup)
