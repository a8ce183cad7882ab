"""The Season-3 keywords no rulebook defines (catalogue G-21): Poison, Luck, Trap/Spring,
Combo and Precise, as engine primitives with their readings and options
(docs/ivion/choices.md).  The printed cards are scripted in cards/ivion/season3.ivion."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core import Game, get_game

from .helpers import (act, deck, define, duel, end_turn, find, give, labels, library, log_text,
                      pass_all, play, setup, stat, zone_names)

define('''
card "T Venom" { skill warrior range 3 types debuff
  poison 3 target enemy }
card "T Antidote" { skill warrior types ability
  lose 2 poison }
card "T Fester" { skill warrior range 3 types debuff
  trigger_poison target enemy }
card "T Rot Rule" { rule card
  draw 1 card }
card "T Black Death" { trait types passive
  after you poison an opponent: gain 1 power }
card "T Sickbed" { trait types passive
  after you poison_trigger: gain 2 mitigate }
card "T Deep Venom" { trait types passive
  static max_poison = 7 }
card "T Lady Luck" { trait types passive
  after you flip_clover: gain 1 power
  after you flip_rooster: gain 1 action }
card "T Trapper" { trait types passive
  after you spring: gain 1 power }
card "T Snare" { skill warrior range 3 types ability
  trap target tile }
''')

PASSIVES = ["T Ult", "T Trait", "T Passive"]


def _feats(*extra: str) -> list[str]:
    return ["T Ult", "T Trait", *extra] if extra else PASSIVES


def _near(g, alice="b2", bob="b3", **stats):
    setup(g, 1, position=bob)
    setup(g, 0, position=alice, actions=5, power=5, **stats)


# ---- Poison ------------------------------------------------------------------------------

def test_poison_is_a_counter_given_by_the_poison_verb():
    """G-21 Poison ("a counter on a hero"); tsv Poison Strike (deal 4 damage, Poison them)."""
    g = duel(hands=(["Poison Strike"], []))
    _near(g)
    play(g, "Poison Strike", "target bob")
    assert stat(g, 1, "hp") == 36 and stat(g, 1, "poison") == 1
    assert "bob gains 1 Poison" in log_text(g)


def test_poison_is_capped_at_five_by_default():
    """G-21 Poison ("max Poison", cap 5 assumed; option max_poison); tsv Catalyst ("exceed their max Poison")."""
    g = duel(hands=(["T Venom", "T Venom"], []))
    _near(g)
    play(g, "T Venom", "target bob"); play(g, "T Venom", "target bob")
    assert stat(g, 1, "poison") == 5
    assert "bob gains 2 Poison (1 more would pass the cap of 5)" in log_text(g)


def test_the_poison_cap_is_an_engine_option():
    """G-21 Poison: option max_poison."""
    g = duel(hands=(["T Venom", "T Venom"], []), max_poison=4)
    _near(g)
    play(g, "T Venom", "target bob"); play(g, "T Venom", "target bob")
    assert stat(g, 1, "poison") == 4


def test_a_card_raises_the_poison_cap():
    """G-21 Poison; IV-GOLD-1 (a card's static changes a cap, as max_power does)."""
    g = duel(decks=[deck(), deck(feats=_feats("T Deep Venom"))], hands=(["T Venom", "T Venom"], []))
    _near(g)
    play(g, "T Venom", "target bob"); play(g, "T Venom", "target bob")
    assert stat(g, 1, "poison") == 6


def test_poison_triggers_at_the_end_of_the_poisoned_heros_turn():
    """G-21 Poison ("their Poison triggers", by default at the end of the poisoned player's turn, tsv Dukebane; "until they have no Poison": it decreases).  The default rule card "Poison" deals damage equal to the Poison and removes one."""
    g = duel(hands=(["Hemlock", "Hemlock"], []))
    _near(g)
    play(g, "Hemlock", "target bob"); play(g, "Hemlock", "target bob")
    assert stat(g, 1, "poison") == 2
    end_turn(g)                                       # alice's turn ends: bob's poison waits
    assert stat(g, 1, "hp") == 40 and stat(g, 1, "poison") == 2
    end_turn(g)                                       # bob's turn ends: it triggers
    assert stat(g, 1, "hp") == 38 and stat(g, 1, "poison") == 1
    assert "bob's Poison triggers (2)" in log_text(g)
    end_turn(g); end_turn(g)
    assert stat(g, 1, "hp") == 37 and stat(g, 1, "poison") == 0
    end_turn(g); end_turn(g)
    assert stat(g, 1, "hp") == 37                     # no Poison, no trigger


@pytest.mark.parametrize("timing, hp_after_alice, hp_after_bob", [("start", 38, 38), ("never", 40, 40)])
def test_when_poison_triggers_is_an_engine_option(timing, hp_after_alice, hp_after_bob):
    """G-21 Poison: option poison_triggers (end | start | never)."""
    g = duel(hands=(["T Venom"], []), poison_triggers=timing)
    _near(g)
    play(g, "T Venom", "target bob")
    setup(g, 1, poison=2)
    end_turn(g)                                       # bob's turn starts
    assert stat(g, 1, "hp") == hp_after_alice
    end_turn(g)
    assert stat(g, 1, "hp") == hp_after_bob


def test_what_a_poison_trigger_does_is_a_rule_card_an_option_names():
    """G-21 Poison ("The exact trigger effect is unknown"): option poison_rule names the card whose effect runs."""
    g = duel(hands=(["T Venom"], []), poison_rule="T Rot Rule")
    _near(g)
    play(g, "T Venom", "target bob")
    before = len(g.state.zones["hand:1"])
    end_turn(g); end_turn(g)
    assert stat(g, 1, "hp") == 40 and stat(g, 1, "poison") == 3
    assert len(g.state.zones["hand:1"]) == before + 2     # start-of-turn draw + the rule card's draw


def test_without_a_rule_card_a_poison_trigger_only_announces_itself():
    """G-21 Poison: an empty poison_rule leaves the effect to cards' own triggers (tsv Dukebane, Catalyst: "their Poison triggers")."""
    g = duel(decks=[deck(), deck(feats=_feats("T Sickbed"))], hands=(["T Venom"], []), poison_rule="")
    _near(g)
    play(g, "T Venom", "target bob")
    end_turn(g); end_turn(g)
    assert stat(g, 1, "hp") == 40 and stat(g, 1, "poison") == 3
    assert stat(g, 0, "mitigate") == 0
    assert "T Sickbed triggers" in log_text(g)


def test_a_card_makes_poison_trigger_now():
    """G-21 Poison; tsv Catalyst ("Then, their Poison triggers"), Dukebane ("triggers an additional time")."""
    g = duel(hands=(["T Venom", "T Fester"], []))
    _near(g)
    play(g, "T Venom", "target bob")
    play(g, "T Fester", "target bob")
    assert stat(g, 1, "hp") == 37 and stat(g, 1, "poison") == 2


def test_poisoning_is_an_event_cards_listen_for():
    """G-21 Poison; tsv Black Death ("After you Poison an opponent ...")."""
    g = duel(decks=[deck(feats=_feats("T Black Death")), deck()], hands=(["Poison Strike"], []))
    _near(g)
    setup(g, 0, power=0)
    play(g, "Poison Strike", "target bob")
    assert stat(g, 0, "power") == 2                   # 1 generated + 1 from the trigger


def test_poison_is_lost_with_lose():
    """G-21 Poison ("until they have no Poison": the counter decreases)."""
    g = duel(hands=(["T Antidote"], []))
    _near(g, poison=3)
    play(g, "T Antidote")
    assert stat(g, 0, "poison") == 1


# ---- Luck --------------------------------------------------------------------------------

def test_luck_is_gained_and_capped():
    """G-21 Luck (a token that is gained; Rule of Five, option max_luck); tsv Drink (gain two Luck)."""
    g = duel(hands=(["Drink", "Drink", "Drink"], []))
    _near(g)
    for _ in range(3):
        play(g, "Drink")
    assert stat(g, 0, "luck") == 5


def _horseshoe(seed: int) -> tuple[Game, str]:
    g = duel(hands=(["Horseshoe"], []), seed=seed)
    _near(g)
    setup(g, 1, actions=2, power=0)
    play(g, "Horseshoe", "target bob")
    side = "clover" if "flips from the supply: clover" in log_text(g) else "rooster"
    return g, side


def test_a_flip_from_the_supply_reads_the_seeded_rng():
    """G-21 Luck ("flipped from the supply", "Use seeded RNG"); tsv Horseshoe (clover: gain two Luck; rooster: Stun them twice)."""
    seen = set()
    for seed in range(1, 12):
        g, side = _horseshoe(seed)
        seen.add(side)
        assert stat(g, 1, "hp") == 34
        if side == "clover":
            assert stat(g, 0, "luck") == 2 and stat(g, 1, "actions") == 2
        else:
            assert stat(g, 0, "luck") == 0 and stat(g, 1, "actions") == 0
        assert _horseshoe(seed)[1] == side            # the same seed, the same flip
    assert seen == {"clover", "rooster"}


def test_flipping_luck_is_a_reaction_in_a_response_window():
    """G-21 Luck ("flipped as a reaction"); IV-INST-8 (instants and luck flips are reactions); G-2 (one reaction per window)."""
    g = duel(hands=(["T Bolt"], []))
    _near(g)
    setup(g, 1, luck=1)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.player == 1 and "flip a Luck token (a reaction)" in labels(g)
    act(g, "flip a Luck token")
    assert stat(g, 1, "luck") == 0
    assert g.pending.kind == "main" and not g.state.stack      # the window was the flip's
    side = "clover" if "flips a Luck token: clover" in log_text(g) else "rooster"
    if side == "clover":                              # default rule card "Luck": 1 mitigate ...
        assert stat(g, 1, "hp") == 38
    else:                                             # ... or 1 damage to the card's controller
        assert stat(g, 1, "hp") == 37 and stat(g, 0, "hp") == 39


def test_no_luck_no_flip_and_no_flip_outside_a_window():
    """IV-INST-8: a flip is a reaction; you need a Luck token."""
    g = duel(hands=(["T Bolt"], []))
    _near(g, luck=2)
    assert not find(g, "flip")                        # alice's own main phase: no window
    act(g, "play T Bolt"); act(g, "target bob")
    assert not find(g, "flip")                        # bob has no Luck


def test_a_flip_may_leave_the_window_open_by_option():
    """G-2 / G-21: option luck_flip_ends_window=false lets the flipper still answer with an instant."""
    g = duel(hands=(["T Bolt"], ["T Zap"]), luck_flip_ends_window=False)
    _near(g)
    setup(g, 1, luck=1, actions=1)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "flip a Luck token")
    assert g.pending.kind == "respond" and g.pending.player == 1
    assert "respond with T Zap" in labels(g) and not find(g, "flip")
    act(g, "respond with T Zap"); act(g, "target alice"); pass_all(g)
    assert not g.state.stack


def test_what_a_flip_does_is_scriptable():
    """G-21 Luck ("The base effect of a flip is unknown"): option luck_rule, and the flip_clover / flip_rooster events; tsv Lady Luck ("After you flip Clover ...")."""
    g = duel(decks=[deck(), deck(feats=_feats("T Lady Luck"))], hands=(["T Bolt"], []), luck_rule="")
    _near(g)
    setup(g, 1, luck=1, actions=0, power=0)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "flip a Luck token")
    assert stat(g, 1, "mitigate") == 0 and stat(g, 0, "hp") == 40     # no rule card
    clover = "flips a Luck token: clover" in log_text(g)
    assert (stat(g, 1, "power"), stat(g, 1, "actions")) == ((1, 0) if clover else (0, 1))


# ---- Trap / Spring -----------------------------------------------------------------------

def _trapper(traps=("Bearjaws", "Honeypot"), feats=PASSIVES, cards=("Hunting Grounds", "Ambuscade")):
    g = duel(decks=[deck(feats=feats, traps=traps), deck()], hands=(list(cards), []))
    pile = g.state.zones["traps:0"]
    pile.sort(key=lambda c: list(traps).index(g.name(c)))     # the order the test names
    _near(g, alice="b2", bob="b4")
    return g


def test_traps_are_tokens_on_tiles_and_the_trap_deck_is_its_own_pile():
    """G-21 Trap ("trap tokens on tiles and a separate Trap deck"); tsv Hunting Grounds (Trap two target tiles)."""
    g = _trapper()
    assert zone_names(g, "traps", 0) == ["Bearjaws", "Honeypot"]
    assert not g.rules.zone_visible(g.state, "traps:0", 0)            # a deck: secret
    play(g, "Hunting Grounds", "target b3", "target c3")
    assert g.state.players[0].flags["traps"] == ["b3", "c3"]


def test_springing_resolves_the_top_trap_card_against_the_enemy():
    """G-21 Spring ("resolves the top Trap card against them", tsv Ye Olde Marge); tsv Ambuscade (each Trap near the target enemy sprung on them), Bearjaws."""
    g = _trapper(feats=_feats("T Trapper"))
    play(g, "Hunting Grounds", "target b3", "target c3")
    power = stat(g, 0, "power")
    play(g, "Ambuscade", "target bob")
    assert stat(g, 1, "hp") == 36 and stat(g, 1, "slow") == 2       # Bearjaws
    assert g.state.players[0].flags["traps"] == ["c3"]              # c3 is not near b4
    assert zone_names(g, "trap_discard", 0) == ["Bearjaws"]
    assert zone_names(g, "traps", 0) == ["Honeypot"]
    assert stat(g, 0, "power") == power - 2 + 1                     # Ambuscade's cost, then T Trapper


def test_a_trap_with_an_empty_trap_deck_springs_nothing():
    """G-21 Spring: no Trap card, nothing resolves; the token is still used."""
    g = _trapper(traps=())
    play(g, "Hunting Grounds", "target b3", "target c3")
    play(g, "Ambuscade", "target bob")
    assert stat(g, 1, "hp") == 40 and "Trap deck is empty" in log_text(g)
    assert g.state.players[0].flags["traps"] == ["c3"]


def test_one_trap_per_tile():
    """G-21 Trap: a tile holds at most one of a player's trap tokens (tsv Corner: "Trap three tiles")."""
    g = duel(hands=(["T Snare", "T Snare"], []))
    _near(g)
    play(g, "T Snare", "target c2"); play(g, "T Snare", "target c2")
    assert g.state.players[0].flags["traps"] == ["c2"] and "already holds" in log_text(g)


# ---- Combo -------------------------------------------------------------------------------

def test_combo_needs_another_card_played_earlier_this_turn():
    """G-21 Combo (default reading "you have already played a card this turn", option combo); tsv Envenom (Combo - Poison them twice)."""
    g = duel(hands=(["Envenom", "Envenom", "T Filler"], []))
    _near(g)
    play(g, "Envenom", "target bob")
    assert stat(g, 1, "poison") == 0                  # the first card of the turn
    play(g, "Envenom", "target bob")
    assert stat(g, 1, "poison") == 2
    end_turn(g); end_turn(g)
    setup(g, 0, actions=5, power=5)
    poison = stat(g, 1, "poison")
    play(g, "T Filler")                               # a new turn counts afresh
    assert stat(g, 1, "poison") == poison


def test_combo_counts_a_countered_card_unless_the_option_says_resolved():
    """G-21 Combo ("played or resolved"; make it configurable): option combo=resolved."""
    for reading, poison in (("played", 2), ("resolved", 0)):
        g = duel(hands=(["T Filler", "Envenom"], ["T Nix"]), combo=reading)
        _near(g)
        setup(g, 1, power=1)
        act(g, "play T Filler"); act(g, "respond with T Nix"); act(g, "target T Filler"); pass_all(g)
        play(g, "Envenom", "target bob")
        assert stat(g, 1, "poison") == poison, reading


# ---- Precise -----------------------------------------------------------------------------

@pytest.mark.parametrize("bob, damage", [("b4", 6), ("b3", 0)])
def test_precise_means_resolved_at_its_max_range(bob, damage):
    """G-21 Precise ("resolved at its max range", Applethrough reminder); tsv Whistler (if you Precisely resolve Whistler, deal 6 damage)."""
    g = duel(hands=(["Whistler"], []))
    _near(g, alice="b1", bob=bob)
    play(g, "Whistler", "target bob")
    assert stat(g, 1, "silence") == 3 and stat(g, 1, "hp") == 40 - damage


def test_precise_instant_in_response_and_on_its_own_turn():
    """G-21 Precise (judged as the card starts to resolve); tsv Nettle (an instant: if you Precisely resolve Nettle, Poison them)."""
    g = duel(hands=(["T Bolt"], ["Nettle", "T Blink"]))
    _near(g, alice="b1", bob="b3")
    setup(g, 1, actions=3, power=3)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with Nettle"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "slow") == 2 and stat(g, 0, "poison") == 0     # 2 tiles away: not precise
    end_turn(g)
    setup(g, 1, position="b4", actions=3, power=3)
    give(g, 1, "Nettle"); setup(g, 1)
    play(g, "Nettle", "target alice")
    assert stat(g, 0, "poison") == 1                                 # 3 tiles: precise


def test_the_season3_keywords_survive_save_and_load():
    """G-21: tokens, traps and the rule-card instances are plain data (issue 2 § 6)."""
    import json
    g = _trapper()
    play(g, "Hunting Grounds", "target b3", "target c3")
    setup(g, 1, poison=2, luck=1)
    end_turn(g); end_turn(g)
    twin = Game.from_data(get_game("ivion"), library(), json.loads(g.to_json()))
    assert twin.state == g.state
    assert twin.state.players[0].flags["traps"] == ["b3", "c3"]


# ---- more printed cards on the primitives --------------------------------------------------

def test_catalyst_poisons_past_the_cap_then_their_poison_triggers():
    """G-21 Poison; tsv Catalyst (Poison three times, "can cause them to exceed their max Poison", then their Poison triggers)."""
    g = duel(hands=(["Catalyst"], []))
    _near(g)
    setup(g, 1, poison=4)
    play(g, "Catalyst", "target bob")
    assert "past the cap" in log_text(g)
    assert stat(g, 1, "hp") == 33 and stat(g, 1, "poison") == 6      # 7 Poison, 7 damage, 1 lost


def test_adders_kiss_poisons_each_end_of_turn_and_discards_at_three():
    """G-21 Poison (a "have N Poison" condition); tsv Adder's Kiss (at the end of your turn Poison them; then if they have 3 or more, they discard a card)."""
    g = duel(hands=(["Adder's Kiss"], ["T Filler", "T Filler"]), poison_triggers="never")
    _near(g)
    setup(g, 1, poison=1)
    play(g, "Adder's Kiss", "target bob")
    end_turn(g)
    assert stat(g, 1, "poison") == 2 and "bob discards" not in log_text(g)
    end_turn(g); end_turn(g)
    assert stat(g, 1, "poison") == 3
    assert g.pending.player == 1 and g.pending.kind == "discard"     # bob picks the card
    act(g, "discard")
    assert len(g.state.zones["discard:1"]) == 1 and "bob discards" in log_text(g)


def test_lady_luck_heals_on_a_clover_and_simple_starts_with_luck():
    """G-21 Luck; tsv Lady Luck ("After you flip Clover, heal yourself 1 HP"), Simple ("At the start of your first turn, gain [n] and two Luck")."""
    for seed in range(1, 8):
        g = duel(decks=[deck(), deck(feats=_feats("Lady Luck"))], hands=(["T Bolt"], []), seed=seed, luck_rule="")
        _near(g)
        setup(g, 1, luck=1, hp=30)
        act(g, "play T Bolt"); act(g, "target bob")
        act(g, "flip a Luck token")
        clover = "flips a Luck token: clover" in log_text(g)
        assert stat(g, 1, "hp") == (28 if clover else 27)        # the heal, then T Bolt's 3
    g = Game.new(get_game("ivion"), library(), decks=[deck(feats=_feats("Simple")), deck()], seed=1, first=0)
    assert stat(g, 0, "luck") == 2 and stat(g, 0, "initiative") == 2
    end_turn(g); end_turn(g)
    assert stat(g, 0, "luck") == 2 and stat(g, 0, "initiative") == 1


def test_dukebane_triggers_poison_again_and_leaves_when_they_have_none():
    """G-21 Poison; G-5 ("until they have no Poison": checked continuously); tsv Dukebane (Poison twice, attach until they have no Poison; at the end of their turn their Poison triggers an additional time)."""
    g = duel(hands=(["Dukebane"], []))
    _near(g)
    play(g, "Dukebane", "target bob")
    assert stat(g, 1, "poison") == 2 and [g.name(c) for c in g.state.zones["field"]] == ["Dukebane"]
    end_turn(g)
    assert stat(g, 1, "hp") == 40
    end_turn(g)                                       # two triggers: 2 damage, then 1
    assert stat(g, 1, "hp") == 37 and stat(g, 1, "poison") == 0
    assert not g.state.zones["field"] and zone_names(g, "discard", 0) == ["Dukebane"]
    assert "Dukebane leaves: bob has no Poison" in log_text(g)


def test_losing_the_last_poison_ends_an_until_no_poison_attachment():
    """G-5, G-21: the check also follows ``lose N poison``."""
    define('''card "T Purge" { skill warrior types ability
      lose 5 poison }''')
    g = duel(hands=(["Dukebane"], ["T Purge"]), poison_triggers="never")
    _near(g)
    play(g, "Dukebane", "target bob")
    end_turn(g)
    play(g, "T Purge")
    assert stat(g, 1, "poison") == 0 and not g.state.zones["field"]


def test_ye_olde_marge_hits_near_the_sprung_tile_and_reshuffles_the_trap_deck():
    """G-21 Spring ("resolves the top Trap card against them"); tsv Ye Olde Marge (7 damage to each enemy near this tile, they each discard two cards, shuffle your Trap discard and Ye Olde Marge into your Trap deck)."""
    g = _trapper(traps=("Bearjaws", "Ye Olde Marge"), cards=("Hunting Grounds", "Ambuscade", "T Snare", "Ambuscade"))
    play(g, "Hunting Grounds", "target b3", "target a3")
    play(g, "Ambuscade", "target bob")                # b3: Bearjaws
    assert zone_names(g, "trap_discard", 0) == ["Bearjaws"] and stat(g, 1, "hp") == 36
    setup(g, 0, actions=5, power=5)
    play(g, "T Snare", "target a4")
    for _ in range(3):
        give(g, 1, "T Filler")
    g.state.players[1].position = "a4"; setup(g, 1)
    play(g, "Ambuscade", "target bob")                # a3: Ye Olde Marge; a4: the Trap deck is empty
    for _ in range(2):
        assert g.pending.player == 1 and g.pending.kind == "discard"
        act(g, "discard")
    assert stat(g, 1, "hp") == 29 and "Trap deck is empty" in log_text(g)
    assert len(g.state.zones["discard:1"]) == 2 and len(g.state.zones["hand:1"]) == 1
    assert sorted(zone_names(g, "traps", 0)) == ["Bearjaws", "Ye Olde Marge"]
    assert zone_names(g, "trap_discard", 0) == [] and g.state.players[0].flags["traps"] == []
