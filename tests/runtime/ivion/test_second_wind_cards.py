"""Cards that change the Second Wind (IV-SW-4, G-7): Third Wind winds again at 10 HP,
Godsend / Invoke / Transcend replace it, Cry Havoc and Epiphany use it at will, and
Apotheosis's Invoke is not one.  The printed cards are the bundled scripts
(cards/ivion/second_wind.ivion)."""
from __future__ import annotations

from cardsmith.runtime.ivion.players import zone

from .helpers import act, deck, define, duel, end_turn, give, hand, log_text, pass_all, setup, stat, zone_names

define('''
card "T After Wind" { trait types passive
  after you second wind: gain 1 power }
card "T Frenzied" { skill warrior types ability
  frenzy: gain 2 power }
card "T Relic Spark" { skill relic heroic keywords relic types ability
  gain 2 action }
card "T Self Hit" { skill warrior types attack
  deal 10 damage to you }
''')

TOP = ("T Jab", "T Bolt", "T Zap", "T Nix", "T Ward")


def _game(feats_bob=("T Ult", "T Trait", "T Passive"), feats_alice=("T Ult", "T Trait", "T Passive"),
          hands=(["T Bolt"], []), relics=(), **kw):
    g = duel(decks=[deck(list(TOP) * 3, feats=feats_alice), deck(list(TOP) * 3, feats=feats_bob, relics=relics)],
             hands=hands, **kw)
    for p in (0, 1):
        for i, name in enumerate(TOP):
            cid = next(c for c in g.state.zones[zone("deck", p)][i:] if g.name(c) == name)
            g.move_card(cid, zone("deck", p), index=i)
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=5)
    return g


def _bolt(g, target="bob"):
    act(g, "play T Bolt"); act(g, f"target {target}"); pass_all(g)


def test_third_wind_floors_the_first_drop_to_ten_and_winds_again():
    """tsv Third Wind; G-7 ("Third Wind adds a second trigger at 10"); IV-SW-4."""
    g = _game(feats_bob=("T Ult", "Third Wind", "T Passive"), hands=(["T Big"], []))
    g.state.players[1].flags["second_wind_used"] = True
    setup(g, 1, hp=15)
    act(g, "play T Big"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 10                     # 15 - 10 would be 5: instead 10
    assert g.pending.kind == "second_wind" and g.pending.player == 1
    assert "instead at 10" in log_text(g)


def test_third_wind_saves_from_lethal_damage_once():
    """tsv Third Wind ("reduced to 10 or less ... instead reduced to 10"); G-7 (IV-WIN-1 yields to the card, IV-GOLD-1)."""
    g = _game(feats_bob=("T Ult", "Third Wind", "T Passive"), hands=(["T Big", "T Big"], []))
    g.state.players[1].flags["second_wind_used"] = True
    setup(g, 1, hp=8 + 4, power=0)
    setup(g, 0, actions=5, power=5)
    act(g, "play T Big"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 10 and not g.state.over
    act(g, "keep"); act(g, "to the bottom")
    act(g, "play T Big"); act(g, "target bob"); pass_all(g)
    assert g.state.over and g.state.winner == 0      # only the first time


def test_third_wind_and_the_first_second_wind_from_one_hit():
    """tsv Third Wind ("Second Wind again"); 001 § Additional Rules > Second Wind; G-7: one hit past both thresholds gives both, the usual one first."""
    g = _game(feats_bob=("T Ult", "Third Wind", "T Passive"), hands=(["T Big"], []))
    setup(g, 1, hp=18)
    act(g, "play T Big"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 10
    winds = 0
    while g.pending is not None and g.pending.kind in ("second_wind", "second_wind_order"):
        if g.pending.kind == "second_wind":
            winds += 1
        act(g, "keep" if g.pending.kind == "second_wind" else "to the bottom")
    assert winds == 2 and len(hand(g, 1)) == 4


def test_godsend_replaces_and_counts_as_the_second_wind():
    """tsv Godsend ("replaces and counts as"); G-7; 001 § Glossary > RELICS (IV-SW-4)."""
    g = _game(feats_bob=("Godsend", "T After Wind", "T Passive"), relics=["T Relic Spark"])
    setup(g, 1, hp=22, actions=0, power=0)
    _bolt(g)
    assert g.pending.kind == "main"                   # no look-at-five decision
    assert stat(g, 1, "actions") == 2                 # the relic was gained and activated
    assert stat(g, 1, "power") == 1                   # "after you second wind" fired
    assert g.state.players[1].flags["second_wind_used"]


def test_invoke_replaces_the_second_wind_and_counts_as_used_for_frenzy():
    """tsv Invoke ("replaces your Second Wind"); G-7 ("Treat it as used for Frenzy and Cry Havoc") (IV-SW-4)."""
    g = _game(feats_bob=("Invoke", "T After Wind", "T Passive"), hands=(["T Bolt", "T Frenzied"], []))
    setup(g, 1, hp=22, slow=2, disarm=1, power=0)
    _bolt(g)
    assert g.pending.kind == "play_free" and g.pending.player == 1
    assert "T Jab, T Bolt, T Zap" in g.pending.prompt
    act(g, "play T Bolt for free"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "hp") == 37
    assert stat(g, 1, "slow") == 0 and stat(g, 1, "disarm") == 0
    assert zone_names(g, "discard", 1) == ["T Jab", "T Zap", "T Bolt"]
    assert stat(g, 1, "power") == 0                   # replaced: no "after you second wind"
    assert g.state.players[1].flags["second_wind_used"]


def test_frenzy_is_on_after_an_invoke():
    """G-7: Invoke counts as a used Second Wind for Frenzy (tsv Overwhelm's reminder)."""
    g = _game(feats_bob=("Invoke", "T Trait", "T Passive"), hands=(["T Bolt", "T Frenzied"], []))
    setup(g, 1, hp=22)
    setup(g, 0, power=0)
    _bolt(g)
    act(g, "play none of them")
    act(g, "play T Frenzied"); pass_all(g)
    assert stat(g, 0, "power") == 1 + 2               # T Bolt's 1, then Frenzy's 2


def test_apotheosis_invokes_without_using_the_second_wind():
    """tsv Apotheosis (not counted as a Second Wind); G-7 (IV-SW-4)."""
    g = _game(feats_alice=("T Ult", "T After Wind", "T Passive"), hands=(["Apotheosis", "T Frenzied"], []))
    setup(g, 0, actions=3, power=5, silence=0)
    act(g, "play Apotheosis"); pass_all(g)
    setup(g, 0, slow=1)
    end_turn(g)
    assert g.pending.kind == "play_free" and g.pending.player == 0
    act(g, "play none of them")
    assert stat(g, 0, "slow") == 0
    assert zone_names(g, "discard", 0) == ["T Jab", "T Bolt", "T Zap"]
    assert not g.state.players[0].flags["second_wind_used"]
    assert stat(g, 0, "power") == 0                   # no "after you second wind" (5 spent on Apotheosis)
    assert g.pending.player == 1                      # bob's turn goes on
    end_turn(g)
    act(g, "play T Frenzied"); pass_all(g)
    assert stat(g, 0, "power") == 0                   # no Frenzy: nobody has used a Second Wind


def test_cry_havoc_uses_the_second_wind_then_makes_enemies_discard():
    """tsv Cry Havoc ("Use your Second Wind. If you've already used it, instead ..."); IV-SW-4."""
    g = _game(hands=(["Cry Havoc", "Cry Havoc"], ["T Jab", "T Zap", "T Nix"]))
    setup(g, 1, position="d2")
    act(g, "play Cry Havoc"); pass_all(g)
    assert g.pending.kind == "second_wind" and g.pending.player == 0
    act(g, "keep"); act(g, "to the bottom")
    assert g.state.players[0].flags["second_wind_used"] and len(hand(g, 0)) == 3
    act(g, "play Cry Havoc"); pass_all(g)
    while g.pending.kind == "discard":
        act(g, "discard")
    assert len(hand(g, 1)) == 1
    assert g.state.players[0].stats["hp"] == 40      # a voluntary wind needs no wound


def test_a_used_second_wind_does_not_come_back_at_the_threshold():
    """001 § Additional Rules > Second Wind ("for the first time"); IV-SW-4: a voluntary Second Wind is the one per game."""
    g = _game(hands=(["Epiphany"], ["T Bolt"]))
    act(g, "play Epiphany"); pass_all(g)
    act(g, "keep"); act(g, "to the bottom")
    setup(g, 0, hp=22)
    end_turn(g)
    act(g, "play T Bolt"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "hp") == 19 and g.pending.kind == "main" and g.pending.player == 1


def test_epiphany_takes_the_bottom_card_once_the_wind_is_used():
    """tsv Epiphany; G-7 (taking a card is not a draw: no exhaustion damage) (IV-SW-4)."""
    g = _game(hands=(["Epiphany", "Epiphany"], []))
    g.state.players[0].flags["second_wind_used"] = True
    give(g, 0, "T Big", "deck")                       # created at the bottom
    act(g, "play Epiphany"); pass_all(g)
    assert hand(g, 0) == ["Epiphany", "T Big"]
    g.state.zones[zone("deck", 0)].clear()
    act(g, "play Epiphany"); pass_all(g)
    assert stat(g, 0, "hp") == 40 and "nothing to take" in log_text(g)


def test_a_voluntary_second_wind_is_replaced_too():
    """tsv Invoke + Epiphany: "Invoke replaces your Second Wind", whatever starts it (IV-SW-4)."""
    g = _game(feats_alice=("Invoke", "T Trait", "T Passive"), hands=(["Epiphany"], []))
    act(g, "play Epiphany"); pass_all(g)
    assert g.pending.kind == "play_free"
    act(g, "play none of them")
    assert zone_names(g, "discard", 0) == ["T Jab", "T Bolt", "T Zap", "Epiphany"]
    assert g.state.players[0].flags["second_wind_used"]


def test_transcend_draws_three_and_heals_five():
    """tsv Transcend ("replaces your Second Wind"); IV-SW-4."""
    g = _game(feats_bob=("Transcend", "T Trait", "T Passive"))
    setup(g, 1, hp=22)
    _bolt(g)
    assert g.pending.kind == "main"
    assert hand(g, 1) == ["T Jab", "T Bolt", "T Zap"] and stat(g, 1, "hp") == 24
    assert g.state.players[1].flags["second_wind_used"]
