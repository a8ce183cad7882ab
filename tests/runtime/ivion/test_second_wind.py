"""Second Wind (IV-SW-*): the first time a hero is at 20 HP or less (the tracker's wounded
side under 001), look at the top five cards, keep two, the rest to the bottom in the order
you choose; it interrupts whatever is happening."""
from __future__ import annotations

from cardsmith.runtime.ivion.players import zone

from .helpers import act, deck, define, duel, give, hand, labels, pass_all, setup, stat

NAMES = ["T Jab", "T Bolt", "T Zap", "T Nix", "T Ward", "T Think", "T Far", "T Big"]


def _game(**kw):
    g = duel(decks=[deck(), deck(NAMES * 2)], **kw)
    # put five known cards on top of bob's deck
    top = [give(g, 1, n, "deck") for n in ("T Jab", "T Bolt", "T Zap", "T Nix", "T Ward")]
    for i, cid in enumerate(top):
        g.move_card(cid, zone("deck", 1), index=i)
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=3)
    return g


def test_second_wind_keeps_two_of_five_and_orders_the_rest_on_the_bottom():
    """001 § Rules Reference > Additional Rules > Second Wind; 000 § Game Concepts > Second Wind (IV-SW-1, IV-SW-3)."""
    g = _game(hands=(["T Bolt"], []))
    setup(g, 1, hp=22)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 19
    assert g.pending.kind == "second_wind" and g.pending.player == 1
    assert len(labels(g)) == 10                       # C(5, 2) distinct pairs
    act(g, "keep T Bolt + T Jab")
    assert g.pending.kind == "second_wind_order"
    assert len(labels(g)) == 6                        # 3! orders
    act(g, "to the bottom: T Ward, T Zap, T Nix")
    assert sorted(hand(g, 1)) == ["T Bolt", "T Jab"]
    bottom = [g.name(c) for c in g.state.zones[zone("deck", 1)][-3:]]
    assert bottom == ["T Ward", "T Zap", "T Nix"]
    assert g.state.players[1].flags["second_wind_used"]


def test_second_wind_happens_only_the_first_time():
    """001 § Additional Rules > Second Wind ("for the first time during the game"); IV-SW-4."""
    g = _game(hands=(["T Bolt", "T Bolt"], []))
    setup(g, 1, hp=22)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    act(g, "keep"); act(g, "to the bottom")
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 16 and g.pending.kind == "main"


def test_second_wind_interrupts_a_chain():
    """001 § Additional Rules > Second Wind ("interrupt the current player's turn and immediately use your second wind"); 000 § Quick Start > Second Wind (IV-SW-2)."""
    g = _game(hands=(["T Bolt", "T Zap"], ["T Zap"]))
    setup(g, 1, hp=21)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Zap"); act(g, "target alice")
    act(g, "respond with T Zap"); act(g, "target bob")
    act(g, "don't respond")                           # alice's Zap resolves: bob 21 -> 20
    assert stat(g, 1, "hp") == 20
    assert g.pending.kind == "second_wind"
    assert [it.fate for it in g.state.stack][:2] == ["pending", "pending"]   # Bolt and bob's Zap wait
    act(g, "keep"); act(g, "to the bottom")
    assert g.pending.kind == "main" and stat(g, 1, "hp") == 17 and stat(g, 0, "hp") == 39


def test_second_wind_threshold_is_the_tracker_in_hh_and_twenty_in_original():
    """001 § Additional Rules > Second Wind (the wounded side of the tracker); 000 § Game Concepts > Second Wind (20 HP); G-7 (IV-SW-1, D7)."""
    g = _game(hands=(["T Bolt"], []), wounded_at=[20, 24])
    setup(g, 1, hp=26)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 23 and g.pending.kind == "second_wind"
    g = _game(hands=(["T Bolt"], []), wounded_at=[20, 24], ruleset="original")
    setup(g, 1, hp=26)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 23 and g.pending.kind == "main"


def test_cards_can_move_the_threshold():
    """tsv Coward ("adds 6"); G-7 (IV-SW-4)."""
    define('''card "T Coward" { trait types passive
      static wounded_plus = 6 }''')
    g = _game(hands=(["T Bolt"], []))
    give(g, 1, "T Coward", "feats")
    setup(g, 1, hp=28)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 25 and g.pending.kind == "second_wind"


def test_no_second_wind_at_zero_hp():
    """001 § Learn to Play > Overview (0 HP loses); G-7 (IV-WIN-2)."""
    g = _game(hands=(["T Bolt"], []))
    setup(g, 1, hp=3)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert g.state.over and g.state.winner == 0 and g.pending is None


def test_second_wind_with_a_short_deck_looks_at_what_is_there():
    """G-7: fewer than five cards: look at all, keep up to two; not a draw (IV-SW-3)."""
    g = duel(decks=[deck(), deck(["T Jab", "T Bolt", "T Zap", "T Nix", "T Ward", "T Far", "T Big"])],
             hands=(["T Bolt"], []))
    for cid in list(g.state.zones[zone("deck", 1)])[3:]:
        g.move_card(cid, zone("discard", 1))
    setup(g, 1, position="d3", hp=21)
    setup(g, 0)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert len(labels(g)) == 3                        # C(3, 2)
    act(g, "keep")
    assert len(hand(g, 1)) == 2 and len(g.state.zones[zone("deck", 1)]) == 1
