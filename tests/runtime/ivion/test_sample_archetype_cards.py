"""The cards of the sample decks' own archetypes that were missing (Steward, Winterborn,
Cryomancer, Warrior; tsv rows 63-75, 103-117, 185, 227-228), each played as printed."""
from __future__ import annotations

from .helpers import act, duel, end_turn, give, labels, log_text, pass_all, setup, stat, zone_names


def _near(g, **bob):
    setup(g, 0, position="b2", actions=3, power=5)
    setup(g, 1, position="b3", **bob)


def test_frost_helix_deals_4_and_silences_2():
    """tsv Frost Helix (4 damage, Silence 2 them)."""
    g = duel(hands=(["Frost Helix"], []))
    _near(g)
    act(g, "play Frost Helix"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "silence"), stat(g, 0, "power")) == (36, 2, 3)


def test_cripple_deals_5_and_slows_1():
    """tsv Cripple (5 damage, Slow 1 them)."""
    g = duel(hands=(["Cripple"], []))
    _near(g)
    act(g, "play Cripple"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "slow")) == (35, 1)


def test_pommel_strike_is_an_instant_that_disarms_and_stuns():
    """tsv Pommel Strike (instant; 5 damage, Disarm 2, Stun: they lose a resource of their choice); 001 § Glossary: Stun."""
    g = duel(hands=(["T Bolt"], ["Pommel Strike"]))
    setup(g, 0, position="b2", power=1)
    setup(g, 1, position="b3", actions=3, power=0)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with Pommel Strike"); act(g, "target alice")
    pass_all(g)
    assert g.pending.kind == "stun" and g.pending.player == 0       # alice picks what she loses
    act(g, "lose 1 power")
    pass_all(g)
    assert stat(g, 0, "disarm") == 2 and stat(g, 0, "hp") == 35
    assert (stat(g, 0, "actions"), stat(g, 0, "power")) == (2, 1)   # T Bolt: 1 action paid, 1 power gained, then one lost
    assert stat(g, 1, "power") == 2 and "alice is stunned" in log_text(g)


def test_sever_gains_one_more_power_with_frenzy():
    """tsv Sever (4 damage; Frenzy - gain 1 more power); Frenzy: a player has used their Second Wind (001 § Glossary)."""
    for frenzy, power in ((False, 1), (True, 2)):
        g = duel(hands=(["Sever"], []))
        _near(g)
        setup(g, 0, power=0)
        g.state.players[1].flags["second_wind_used"] = frenzy
        act(g, "play Sever"); act(g, "target bob"); pass_all(g)
        assert (stat(g, 1, "hp"), stat(g, 0, "power")) == (36, power)


def test_charge_travels_towards_them_and_stuns_them_if_near():
    """tsv Charge (travel up to two tiles towards another target character; then if you're near them, Stun them); 001 § Glossary: Near."""
    g = duel(hands=(["Charge"], []))
    setup(g, 0, position="a1")
    setup(g, 1, position="a4", actions=0, power=2)
    act(g, "play Charge"); act(g, "target bob"); pass_all(g)
    while g.pending.kind != "main":
        act(g, "a3" if any("a3" in x for x in labels(g)) else labels(g)[0])
    assert g.state.players[0].position == "a3"
    assert stat(g, 1, "power") == 1 and "bob is stunned" in log_text(g)


def test_charge_does_not_stun_when_still_too_far():
    """tsv Charge: the stun only if you're near them after travelling."""
    g = duel(hands=(["Charge"], []))
    setup(g, 0, position="a1")
    setup(g, 1, position="d4", actions=0, power=2)
    act(g, "play Charge"); act(g, "target bob"); pass_all(g)
    while g.pending.kind != "main":
        act(g, labels(g)[0])
    assert stat(g, 1, "power") == 2 and "bob is stunned" not in log_text(g)


def test_blood_spatter_attaches_near_the_enemy_last_attacked_and_stuns_at_your_turns_start():
    """tsv Blood Spatter (attach to an empty tile near an enemy whom the last card you resolved this turn was an Attack against; at the start of your turn, Stun each opponent near it)."""
    g = duel(hands=(["T Jab", "Blood Spatter"], []))
    _near(g, actions=0, power=2)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    act(g, "play Blood Spatter"); pass_all(g)
    assert g.pending.kind == "choose" and sorted(labels(g)) == ["a3", "b4", "c3"]   # empty tiles near bob
    act(g, "c3")
    assert "Blood Spatter" in [g.name(c) for c in g.state.zones["field"]]
    end_turn(g)
    while g.state.active != 0 or g.pending.kind != "main":
        act(g, "end the turn" if any(x == "end the turn" for x in labels(g)) else labels(g)[0])
    assert "bob is stunned" in log_text(g)


def test_blood_spatter_with_no_enemy_attacked_has_nowhere_to_attach():
    """tsv Blood Spatter: no enemy was the last attack's target this turn, so no tile qualifies (IV-ATT: a card that can't attach goes to the discard)."""
    g = duel(hands=(["Blood Spatter"], []))
    _near(g)
    act(g, "play Blood Spatter"); pass_all(g)
    assert "Blood Spatter" not in [g.name(c) for c in g.state.zones["field"]]


def test_cold_snap_targets_only_a_controlled_opponent():
    """tsv Cold Snap (3 damage to target Controlled opponent); 001 § Glossary: Controlled."""
    g = duel(hands=(["Cold Snap"], []))
    _near(g)
    assert "play Cold Snap" not in labels(g)
    setup(g, 1, disarm=1)
    act(g, "play Cold Snap"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 37


def test_crystal_blade_hurts_and_slows_a_nearby_enemy_after_your_first_attack_on_them():
    """tsv Crystal Blade (attach to yourself; after you resolve an Attack card targeting a nearby enemy for the first time during your turn: 2 damage and Slow 1)."""
    g = duel(hands=(["Crystal Blade", "T Jab", "T Jab"], []))
    _near(g)
    act(g, "play Crystal Blade"); pass_all(g)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "slow")) == (36, 1)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "slow")) == (34, 1)          # once a turn


def test_crystal_blade_ignores_an_enemy_that_is_not_near():
    """tsv Crystal Blade ("a nearby enemy"): an attack from two tiles away does nothing more."""
    g = duel(hands=(["Crystal Blade", "T Bolt"], []))
    setup(g, 0, position="b1", actions=3, power=5)
    setup(g, 1, position="b3")
    act(g, "play Crystal Blade"); pass_all(g)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "slow")) == (37, 0)


def test_fractal_burst_draws_then_gives_a_power_at_your_next_turn_and_leaves():
    """tsv Fractal Burst (draw a card; attach to yourself; Duration - gain a power); G-6 (one Duration token: the effect at the start of your turn, then it leaves)."""
    g = duel(hands=(["Fractal Burst"], []))
    setup(g, 0, power=1)
    act(g, "play Fractal Burst"); pass_all(g)
    assert len(zone_names(g, "hand", 0)) == 1 and stat(g, 0, "power") == 0
    end_turn(g)
    end_turn(g)
    assert stat(g, 0, "power") == 1
    assert "Fractal Burst" in zone_names(g, "discard", 0)


def test_shatter_with_advantage_removes_all_control_and_stuns_once_a_token():
    """tsv Shatter (8 damage; Advantage - remove all Control affecting them, Stun them for each token removed); 000 § Glossary: Advantage."""
    g = duel(hands=(["Shatter"], []))
    setup(g, 0, position="b1", actions=3, power=5)
    setup(g, 1, position="b3", slow=1, disarm=2, actions=3, power=0)
    act(g, "play Shatter"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 32
    assert (stat(g, 1, "slow"), stat(g, 1, "disarm")) == (0, 0)
    assert stat(g, 1, "actions") == 0 and log_text(g).count("bob is stunned") == 3


def test_shatter_without_advantage_only_deals_damage():
    g = duel(hands=(["Shatter"], []))
    setup(g, 0, position="b1", actions=3, power=5)
    setup(g, 1, position="b3", actions=3)
    act(g, "play Shatter"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 32 and "bob is stunned" not in log_text(g)


def test_shield_wall_gives_six_mitigate_past_the_max():
    """tsv Shield Wall (target player gains six mitigate; this can exceed their max); IV-RES-4 (the Rule of Five, which cards may exceed)."""
    g = duel(hands=(["Shield Wall"], []))
    _near(g)
    setup(g, 0, mitigate=2)
    act(g, "play Shield Wall"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "mitigate") == 8


def test_shrug_off_destroys_a_card_attached_to_you():
    """tsv Shrug Off (choose one: destroy target card attached to you ...); heroic, instant."""
    g = duel(hands=([], ["Frostbite"]), first=1)
    setup(g, 1, position="b3", actions=3, power=5)
    setup(g, 0, position="b2")
    act(g, "play Frostbite"); act(g, "target alice"); pass_all(g)
    end_turn(g)
    give(g, 0, "Shrug Off"); setup(g, 0, power=2)
    act(g, "play Shrug Off")
    act(g, "target Frostbite"); pass_all(g)
    assert "Frostbite" in zone_names(g, "discard", 1)


def test_shrug_off_counters_an_attack_on_you_unless_they_spend_a_resource():
    """tsv Shrug Off (... or counter target Attack card targeting you unless its controller spends 1 resource); 001 § Glossary: Counter."""
    g = duel(hands=(["T Jab"], ["Shrug Off"]))
    setup(g, 0, position="b2", actions=1, power=0)
    setup(g, 1, position="b3", power=1)
    act(g, "play T Jab"); act(g, "target bob")
    act(g, "respond with Shrug Off")
    act(g, "target T Jab"); pass_all(g)
    if g.pending.kind != "main":
        act(g, "don't pay")
    pass_all(g)
    assert stat(g, 1, "hp") == 40 and "T Jab" in zone_names(g, "discard", 0)
