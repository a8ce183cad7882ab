"""Battle, keywords and triggers (rulebook 004 § Attack with Champions, § Glossary,
§ Triggered Abilities, § Golden Rules)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ikorr.zones import zone

from .helpers import act, give_influence, hand, log_text, new_game, pass_turn, put, refresh


def _ready(g):
    """Turn 3 (alice again), past the first-turn limits."""
    pass_turn(g)
    pass_turn(g)
    refresh(g)


def test_battle_both_strike_at_once_and_damage_stays():
    """004 § Attack / § Glossary Battle: the two champions strike simultaneously; damage is
    not removed unless healed."""
    g = new_game()
    a = put(g, "T Grunt", 0)               # 2 attack, 3 health
    d = put(g, "T Grunt", 1)
    _ready(g)
    act(g, "attack", a, d)
    assert g.state.cards[a].counters["damage"] == 2 and g.state.cards[d].counters["damage"] == 2
    pass_turn(g)
    pass_turn(g)
    assert g.state.cards[a].counters["damage"] == 2


def test_both_champions_can_die_in_one_battle():
    """004 § Glossary Battle: ends after both strike or one/both die (simultaneous)."""
    g = new_game()
    a = put(g, "T Grunt", 0, damage=2)
    d = put(g, "T Grunt", 1, damage=2)
    _ready(g)
    act(g, "attack", a, d)
    assert g.state.cards[a].zone == zone("graveyard", 0) and g.state.cards[d].zone == zone("graveyard", 1)


def test_quick_strike_strikes_first_and_takes_nothing_back_if_it_kills():
    """004 § Glossary Quick Strike: when attacking, strikes first; if the attack destroys the
    target, this card takes no damage back."""
    g = new_game()
    glad = put(g, "Amazonian Gladiator", 0)        # 3/3 Quick Strike
    d = put(g, "T Grunt", 1)                        # 2/3
    _ready(g)
    act(g, "attack", glad, d)
    assert g.state.cards[d].zone == zone("graveyard", 1)
    assert "damage" not in g.state.cards[glad].counters


def test_quick_strike_takes_damage_back_when_the_target_survives():
    g = new_game()
    glad = put(g, "Amazonian Gladiator", 0)
    d = put(g, "T Wall", 1)                         # 0/9: survives, strikes back for 0
    e = put(g, "Sphinx Riddler", 1)                 # 3/4
    _ready(g)
    act(g, "attack", glad, e)
    assert g.state.cards[e].counters["damage"] == 3
    assert "alice's Amazonian Gladiator (slot 1) takes 3 damage" in log_text(g)
    assert g.state.cards[glad].zone == zone("graveyard", 0)
    del d


def test_quick_strike_does_nothing_when_defending():
    """004 § Glossary Quick Strike: 'when attacking' only: a defender strikes simultaneously."""
    g = new_game()
    a = put(g, "T Grunt", 0)                        # 2/3
    glad = put(g, "Amazonian Gladiator", 1)         # 3/3 QS
    _ready(g)
    act(g, "attack", a, glad)
    assert g.state.cards[a].zone == zone("graveyard", 0)
    assert g.state.cards[glad].counters["damage"] == 2


def test_lethal_any_strike_damage_destroys():
    """004 § Glossary Lethal: any damage dealt when striking destroys the other champion."""
    g = new_game()
    adept = put(g, "Venom Adept", 0)                # 1/2 Lethal
    wall = put(g, "Colossus of Rhodes", 1)          # 5/6
    _ready(g)
    act(g, "attack", adept, wall)
    assert g.state.cards[wall].zone == zone("graveyard", 1)
    assert g.state.cards[adept].zone == zone("graveyard", 0)


def test_lethal_with_zero_damage_kills_nothing():
    g = new_game()
    wall = put(g, "T Wall", 0)                      # 0 attack
    adept = put(g, "Venom Adept", 1)
    g.state.cards[adept].counters["attack_bonus"] = -1   # 0 attack: no damage dealt
    _ready(g)
    g.state.cards[adept].counters["attack_bonus"] = -1
    act(g, "attack", wall, adept)
    assert g.state.cards[wall].zone == zone("champions", 0)


def test_fury_attacks_any_number_of_times_even_the_same_target():
    """004 § Glossary Fury: any number of attacks in your turn, including the same target."""
    g = new_game()
    b = put(g, "Berserker of the Pass", 0)          # 4/4 Fury
    d = put(g, "Stonebound Sentinel", 1)            # 1/5
    _ready(g)
    act(g, "attack", b, d)
    act(g, "attack", b, d)
    assert g.state.cards[d].zone == zone("graveyard", 1)
    with pytest.raises(IllegalAction, match="attacked this turn"):
        g.apply(Action("raid", (b,)))


def test_winged_sandals_card_text_beats_the_attack_or_raid_rule():
    """004 § Golden Rules (card text beats rules) and Winged Sandals: 'This champion can
    both attack and raid.'  Its abilities work as if printed on the champion (§ Infusions)."""
    g = new_game()
    s = put(g, "Berserker of the Pass with Winged Sandals", 0)
    d = put(g, "T Wall", 1)
    _ready(g)
    act(g, "raid", s)
    act(g, "attack", s, d)
    assert g.state.cards[s].counters["ikorr"] == 1 and g.state.cards[d].counters["damage"] == 4


def test_cant_beats_can_stun_stops_even_winged_sandals():
    """004 § Golden Rules: can't beats can.  Stun: can't attack, raid, or secure until the
    end of the next turn (§ Glossary)."""
    g = new_game()
    s = put(g, "Berserker of the Pass with Winged Sandals", 0, ikorr=2)
    d = put(g, "T Wall", 1)
    _ready(g)
    g.state.cards[s].counters["stun_until"] = g.state.turn
    refresh(g)
    for action in (Action("raid", (s,)), Action("attack", (s, d))):
        with pytest.raises(IllegalAction, match="is stunned"):
            g.apply(action)


def test_stun_lasts_until_the_end_of_the_next_turn_and_blocks_securing():
    """004 § Glossary Stun."""
    g = new_game()
    c = put(g, "T Grunt", 1)
    _ready(g)
    g.state.cards[c].counters["ikorr"] = 2
    give_influence(g, 0, 4)
    mask = put(g, "Hexing Mask", 0, "hand")
    refresh(g)
    act(g, "play", mask)
    act(g, "target", c)
    act(g, "pass")
    pass_turn(g)             # bob's turn 4: stunned, doesn't secure or raid
    assert g.state.secured[1] == 0 and "is stunned and can't secure" in log_text(g)
    assert not [a for a in g.legal_actions() if a.args[:1] == (c,)]
    pass_turn(g)
    pass_turn(g)             # bob's turn 6: the stun is over
    assert g.state.secured[1] == 2


def test_support_gives_attack_until_end_of_turn_and_the_supporter_rests():
    """004 § Glossary Support: give this champion's attack to a target champion until the
    end of the turn; it can't attack or raid that turn, before or after."""
    g = new_game()
    drummer = put(g, "War Drummer", 0)              # 2 attack, Support any
    grunt = put(g, "T Grunt", 0)
    wall = put(g, "T Wall", 1)
    _ready(g)
    act(g, "support", drummer, grunt)
    for action in (Action("raid", (drummer,)), Action("attack", (drummer, wall))):
        with pytest.raises(IllegalAction, match="supported this turn"):
            g.apply(action)
    act(g, "attack", grunt, wall)
    assert g.state.cards[wall].counters["damage"] == 4
    pass_turn(g)
    assert "attack_bonus" not in g.state.cards[grunt].counters


def test_a_champion_that_attacked_cannot_support():
    g = new_game()
    drummer = put(g, "War Drummer", 0)
    grunt = put(g, "T Grunt", 0)
    wall = put(g, "T Wall", 1)
    _ready(g)
    act(g, "attack", drummer, wall)
    with pytest.raises(IllegalAction, match="attacked this turn"):
        g.apply(Action("support", (drummer, grunt)))


def test_attack_trigger_fires_when_the_champion_attacks():
    """004 § Triggered Abilities ATTACK (Blazing Charger stores 1 Ikorr when it attacks)."""
    g = new_game()
    c = put(g, "Blazing Charger", 0)
    d = put(g, "T Wall", 1)
    _ready(g)
    act(g, "attack", c, d)
    assert g.state.cards[c].counters["ikorr"] == 1
    assert log_text(g).index("alice's Blazing Charger (slot 1) triggers") < log_text(g).index("T Wall (slot 1) takes 3 damage")


def test_raid_trigger_fires_when_the_champion_raids():
    """004 § Triggered Abilities RAID (Raiding Party deals 1 damage when it raids)."""
    g = new_game()
    r = put(g, "Raiding Party", 0)
    d = put(g, "T Wall", 1)
    _ready(g)
    act(g, "raid", r)
    if g.pending.kind == "choose":
        act(g, "choose", d)
    assert g.state.cards[r].counters["ikorr"] == 2 and g.state.cards[d].counters["damage"] == 1


def test_death_trigger_of_an_infusion_acts_as_printed_on_the_champion():
    """004 § Infusions / Contemplate Impermanence 'DEATH - Draw a card' on Ikorr Courier."""
    g = new_game()
    courier = put(g, "Ikorr Courier with Contemplate Impermanence", 1)
    grunt = put(g, "T Grunt", 0)
    _ready(g)
    n = len(hand(g, 1))
    act(g, "attack", grunt, courier)
    assert g.state.cards[courier].zone == zone("graveyard", 1)
    assert len(hand(g, 1)) == n + 1


def test_summon_trigger_target_player_draws_then_discards_at_random():
    """004 § Abilities that Target, ROI-090: 'Target player draws a card, then discards a
    card at random.'"""
    g = new_game()
    give_influence(g, 0, 2)
    y = put(g, "Beast Yokai (ROI-090)", 0, "hand")
    refresh(g)
    act(g, "play", y)
    act(g, "pass")
    assert g.pending.kind == "choose"
    act(g, "choose", "player:1")
    assert len(hand(g, 1)) == 5
    assert len(g.state.zones[zone("graveyard", 1)]) == 1
    assert "bob discards" in log_text(g) and "at random" in log_text(g)


def test_secure_trigger_fires_when_the_champion_secures():
    """004 § Triggered Abilities SECURE (Ikorr Courier draws a card)."""
    g = new_game()
    put(g, "Ikorr Courier", 0, ikorr=1)
    pass_turn(g)
    n = len(hand(g, 0))
    pass_turn(g)
    assert g.state.secured[0] == 1 and len(hand(g, 0)) == n + 1 + 1    # SECURE + Draw Phase


def test_reanimate_returns_at_the_next_end_phase_then_is_voided():
    """004 § Glossary Reanimate: when it dies, summon it from your graveyard during the next
    end phase; the next time it would die, void it instead."""
    g = new_game()
    phoenix = put(g, "Phoenix Acolyte", 1, damage=1)   # 2/2
    grunt = put(g, "T Grunt", 0)
    _ready(g)
    act(g, "attack", grunt, phoenix)
    assert g.state.cards[phoenix].zone == zone("graveyard", 1)
    pass_turn(g)                 # alice's end phase: back on bob's battlefield
    assert g.state.cards[phoenix].zone == zone("champions", 1)
    assert "damage" not in g.state.cards[phoenix].counters
    pass_turn(g)
    g.state.cards[phoenix].counters["damage"] = 1
    refresh(g)
    act(g, "attack", grunt, phoenix)
    assert g.state.cards[phoenix].zone == zone("void", 1)


def test_troublesome_tanuki_gives_egyptian_champions_plus_one_attack():
    """004 § Passive Abilities: 'Egyptian champions you control have +1 attack.'"""
    from cardsmith.runtime.ikorr.battlefield import attack_of
    g = new_game()
    e = put(g, "T Egyptian", 0)
    greek = put(g, "T Grunt", 0)
    foe = put(g, "T Egyptian", 1)
    t = put(g, "Troublesome Tanuki", 0)
    assert attack_of(g, e) == 2 and attack_of(g, greek) == 2 and attack_of(g, foe) == 1
    assert attack_of(g, t) == 3
    g.move_card(t, zone("graveyard", 0))
    assert attack_of(g, e) == 1


def test_great_pyramid_keeps_ikorr_of_a_leaving_champion_and_secures_it():
    """004 § Locations, Great Pyramid: store the Ikorr a leaving champion held on this
    location; ACTION: secure 1 Ikorr from this location."""
    g = new_game()
    pyramid = put(g, "Great Pyramid", 0, "location")
    grunt = put(g, "T Grunt", 0, damage=2)
    foe = put(g, "T Grunt", 1)
    _ready(g)
    g.state.cards[grunt].counters["ikorr"] = 3
    refresh(g)
    act(g, "attack", grunt, foe)
    assert g.state.cards[grunt].zone == zone("graveyard", 0)
    assert g.state.cards[pyramid].counters["ikorr"] == 3
    act(g, "activate", pyramid, 1)
    act(g, "pass")
    assert g.state.secured[0] == 1 and g.state.cards[pyramid].counters["ikorr"] == 2


def test_stored_ikorr_is_lost_when_a_champion_leaves():
    """004 § Glossary Store/Retreat: Ikorr stored on a champion goes with it."""
    g = new_game()
    c = put(g, "T Grunt", 1, ikorr=2)
    _ready(g)
    give_influence(g, 0, 2)
    r = put(g, "Sudden Retreat", 0, "hand")
    refresh(g)
    act(g, "play", r)
    act(g, "target", c)
    act(g, "pass")
    assert g.state.cards[c].zone == zone("hand", 1) and not g.state.cards[c].counters
