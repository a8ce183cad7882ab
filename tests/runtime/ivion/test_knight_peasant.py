"""Knight and Peasant cards (tsv rows 1-20 and the Peasant class), played as printed."""
from __future__ import annotations

from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, duel, end_turn, hand_card, labels, log_text, pass_all, setup, stat


def test_chastise_silences_only_an_uncontrolled_opponent():
    """tsv Chastise (Silence 3 target Uncontrolled opponent)."""
    g = duel(hands=(["Chastise"], []))
    setup(g, 0, position="b1")
    setup(g, 1, position="b3", slow=1)
    assert "play Chastise" not in labels(g)
    setup(g, 1, slow=0)
    act(g, "play Chastise"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "silence") == 3


def test_rebuke_disarms_the_controller_of_the_card_it_counters():
    """tsv Rebuke (counter unless they pay 3 resources; if countered, Disarm 3 them)."""
    g = duel(hands=(["T Jab"], ["Rebuke"]))
    setup(g, 0, position="b2", actions=1, power=0)
    setup(g, 1, position="b3", power=2)
    act(g, "play T Jab"); act(g, "target bob")
    act(g, "respond with Rebuke"); act(g, "target T Jab"); pass_all(g)
    assert stat(g, 0, "disarm") == 3 and stat(g, 1, "hp") == 40


def test_grumble_rewards_you_when_they_pay():
    """tsv Grumble (counter unless they pay 1 resource; if they pay, draw a card and gain Luck)."""
    g = duel(hands=(["T Jab"], ["Grumble"]))
    setup(g, 0, position="b2", actions=2, power=0)
    setup(g, 1, position="b3", power=1)
    act(g, "play T Jab"); act(g, "target bob")
    act(g, "respond with Grumble"); act(g, "target T Jab")
    act(g, "don't respond")
    act(g, "pay")
    pass_all(g)
    assert stat(g, 1, "hp") == 38                       # the Jab resolved
    assert stat(g, 1, "luck") == 1 and len(g.state.zones["hand:1"]) == 1


def test_hot_tar_slows_or_silences_then_stuns():
    """tsv Hot Tar (choose one: Slow 1 or Silence 1 target opponent; then Stun them)."""
    g = duel(hands=(["Hot Tar"], []))
    setup(g, 0, position="b1")
    setup(g, 1, position="b3", actions=1, power=0)
    act(g, "play Hot Tar")
    act(g, labels(g)[-1])                               # either option, then its target
    while g.pending.kind != "main":
        act(g, "don't respond" if "don't respond" in labels(g) else labels(g)[0])
    assert stat(g, 1, "slow") + stat(g, 1, "silence") == 1
    assert stat(g, 1, "actions") == 0 and "bob is stunned" in log_text(g)


def test_throw_the_gauntlet_pulls_them_in_then_steps_towards_them():
    """tsv Throw the Gauntlet (travel another target character one tile towards you, then travel one tile towards them)."""
    g = duel(hands=(["Throw the Gauntlet"], []))
    setup(g, 0, position="a1")
    setup(g, 1, position="a4")
    act(g, "play Throw the Gauntlet"); act(g, "target bob"); pass_all(g)
    while g.pending.kind != "main":
        act(g, labels(g)[0])
    a, b = (p.position for p in g.state.players)
    assert (a, b) == ("a2", "a3")


def test_chase_off_pushes_an_enemy_one_tile_and_gives_initiative():
    """tsv Chase Off (travel target enemy one tile away from yourself; gain an initiative)."""
    g = duel(hands=(["Chase Off"], []))
    setup(g, 0, position="a1", initiative=0)
    setup(g, 1, position="a2")
    act(g, "play Chase Off"); act(g, "target bob"); pass_all(g)
    while g.pending.kind != "main":
        act(g, labels(g)[0])
    assert g.state.players[1].position in ("a3", "b2") and stat(g, 0, "initiative") == 1


def test_reliquary_needs_you_chivalrous():
    """tsv Reliquary ("You must be Chivalrous to play Reliquary"); 001 § Glossary > CHIVALRY."""
    g = duel(hands=(["Reliquary"], []))
    setup(g, 0, power=2)
    assert "chivalrous" in why_cant_play(g, 0, hand_card(g, "Reliquary"))
    g.state.players[0].flags["chivalrous"] = True
    setup(g, 0)
    assert "play Reliquary" in labels(g)


def test_farmland_gives_luck_and_then_power_while_you_are_near_it():
    """tsv Farmland (gain Luck, attach to target empty tile; at the start of your turn, if you're near it, gain a power)."""
    g = duel(hands=(["Farmland"], []))
    setup(g, 0, position="b2", power=0)
    act(g, "play Farmland"); act(g, "target b3"); pass_all(g)
    assert stat(g, 0, "luck") == 1 and stat(g, 0, "power") == 2
    end_turn(g)
    setup(g, 0, power=0)
    end_turn(g)
    assert stat(g, 0, "power") == 1
