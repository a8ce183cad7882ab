"""Nemesis (Trait Pack 2): an opponent chosen once and remembered by the card; charges
expended as though they were actions to play cards targeting them; a charge at the start
of your turn while they have more HP (G-20; docs/ivion/choices.md "Nemesis")."""
from __future__ import annotations

import pytest

from cardsmith.dsl.render import render_lines
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ivion.charges import charges_left
from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import (FEATS, act, deck, define, duel, end_turn, find, give, labels, library, log_text, pass_all,
                      setup, stat)

define('''card "T Plot Test" { skill warrior cost 1 action range 3 types aura
  attach to target empty tile }''')


def _nemesis(hands=(["T Bolt"], []), charges=1, **alice):
    g = duel(decks=[deck(feats=[FEATS[0], FEATS[1], "Nemesis"]), deck()], hands=hands)
    nem = next(c for c in g.state.zones["feats:0"] if g.name(c) == "Nemesis")
    g.card(nem).counters["charge"] = charges
    setup(g, 1, position="c2")
    setup(g, 0, position="c4", **alice)
    return g, nem


def _card(g, name: str) -> str:
    return next(c for c in g.state.zones["hand:0"] if g.name(c) == name)


def test_the_nemesis_is_chosen_before_the_first_turn_and_kept():
    """tsv Nemesis ("An opponent of your choice is your Nemesis"); IV-SETUP-7: chosen after
    the opening draw, before turn 1 (one opponent: nothing to ask); the card keeps it."""
    g, nem = _nemesis()
    assert g.card(nem).counters["remembered"] == 1
    assert "Nemesis remembers bob" in log_text(g)
    assert g.state.turn == 1 and g.pending.kind == "main"


def test_a_card_too_dear_for_actions_is_offered_at_the_nemesis_and_paid_with_a_charge():
    """tsv Nemesis ("expend [charge] as though it were [a] to play cards targeting your
    Nemesis"); 001 § Core Concepts > Playing Cards 1-2 (targets first, then pay)."""
    g, nem = _nemesis(actions=0)
    act(g, "play T Bolt")
    assert labels(g) == ["target bob"]
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 40 - 3 and charges_left(g, nem) == 0
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "power") == 1     # it still gains (not free)


def test_no_charge_or_no_nemesis_in_reach_offers_nothing_more():
    """The substitute pays only for cards that target the Nemesis (tsv Nemesis): out of
    range, a card with no player target, or no charge left, the card stays too dear
    (IV-PLAY-3: its cost can't be paid)."""
    g, nem = _nemesis(hands=(["T Bolt", "T Plot Test"], []), actions=0)
    assert find(g, "play T Plot Test") is None
    assert "it costs 1 action" in why_cant_play(g, 0, _card(g, "T Plot Test"))
    setup(g, 1, position="a1")                       # 5 tiles away: T Bolt's range is 2
    assert find(g, "play T Bolt") is None
    setup(g, 1, position="c2")
    g.card(nem).counters["charge"] = 0
    setup(g, 0)
    assert find(g, "play T Bolt") is None
    with pytest.raises(IllegalAction):
        g.apply(Action("play", (_card(g, "T Bolt"),)))
    assert g.state.stack == [] and _card(g, "T Bolt")


def test_the_player_chooses_how_many_charges_stand_in_for_actions():
    """tsv Nemesis ("You may expend"): with actions enough, charges are still a choice;
    each mix of actions and charges that pays the cost is offered."""
    g, nem = _nemesis(hands=(["T Big"], []), charges=3, actions=2, power=2)
    act(g, "play T Big")
    act(g, "target bob")
    assert sorted(labels(g)) == ["pay 1 action + 2 power + 1 charge of Nemesis",
                                 "pay 2 actions + 2 power", "pay 2 power + 2 charges of Nemesis"]
    act(g, "pay 2 power + 2 charges of Nemesis")
    pass_all(g)
    assert stat(g, 0, "actions") == 2 and stat(g, 0, "power") == 0 and charges_left(g, nem) == 1
    assert stat(g, 1, "hp") == 30


def test_a_charge_removes_no_control_and_is_not_refunded():
    """G-20 / IV-RES-1: a charge is not a resource, so paying with it removes no Control
    (001 § Control > Removing Control), and a meta-countered card does not give it back
    (IV-META-3 refunds resources)."""
    g, nem = _nemesis(hands=(["T Bolt"], ["T Blink"]), actions=0, slow=1)
    act(g, "play T Bolt"); act(g, "target bob")
    assert stat(g, 0, "slow") == 1 and charges_left(g, nem) == 0
    act(g, "respond with T Blink")
    pass_all(g)
    while find(g, "a2") is not None and g.pending.player == 1:
        act(g, "a2")
    pass_all(g)
    assert g.state.players[1].position == "a2" and stat(g, 1, "hp") == 40    # out of range 2
    assert "meta-countered" in log_text(g) and charges_left(g, nem) == 0


def test_a_charge_is_added_at_the_start_of_your_turn_while_they_have_more_hp():
    """tsv Nemesis (a charge at the start of your turn while the Nemesis has more HP than
    you); IV-TURN-3 step 4."""
    g, nem = _nemesis(charges=0, hp=35)
    end_turn(g); end_turn(g)
    assert charges_left(g, nem) == 1
    g.state.players[1].stats["hp"] = 35                 # equal is not more
    end_turn(g); end_turn(g)
    assert charges_left(g, nem) == 1


def test_charges_pay_for_a_response_at_the_nemesis():
    """tsv Nemesis ("to play cards"): an instant in response is a play too (IV-INST-1,
    IV-INST-7): with no action left, a charge pays for it."""
    g, nem = _nemesis(hands=([], ["T Filler"]), actions=0)
    g.state.zones["hand:0"].clear()
    give(g, 0, "T Zap")
    end_turn(g)
    setup(g, 1, actions=3)
    act(g, "play T Filler")
    act(g, "respond with T Zap")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 39 and charges_left(g, nem) == 0


def test_put_in_play_after_the_opening_draw_its_only_opponent_is_the_nemesis():
    """IV-SETUP-7 is where it chooses; a Nemesis put in play later (a scenario, the REPL)
    has one possible choice in a duel, so that is its Nemesis ("they" on it)."""
    g = duel(hands=(["T Bolt"], []))
    nem = give(g, 0, "Nemesis", "feats")
    assert "remembered" not in g.card(nem).counters
    g.card(nem).counters["charge"] = 1
    setup(g, 1, position="c2")
    setup(g, 0, position="c4", actions=0)
    act(g, "play T Bolt")
    assert labels(g) == ["target bob"]


def test_its_text_is_rendered_from_its_script():
    """The card's text comes from its script (DESIGN.md, The language)."""
    lines = render_lines(library().get("Nemesis"), get_game("ivion"))
    assert "You may expend a Charge as though it were an action to play cards targeting them." in lines
    assert "At the start of your turn, if they have more HP than you, add 1 Charge to this card." in lines


# ---- cards played by another card's effect ----------------------------------------------

define('''
card "T Encore" { skill warrior types ability
  play a card }
card "T Free Encore" { skill warrior types ability
  play a card for free }
card "T Paid Mirror" { skill warrior range 3 instant types ability
  copy target card }
''')


def _hand(g, player: int = 0) -> list[str]:
    return sorted(g.name(c) for c in g.state.zones[f"hand:{player}"])


def test_charges_pay_for_a_card_an_effect_plays_at_the_nemesis():
    """tsv Nemesis ("to play cards targeting your Nemesis": a card another card's effect
    plays is played, IV-PLAY-9, and pays its cost, choices.md § Free plays and copies);
    001 § Core Concepts > Playing Cards 1-2 (targets first, then pay).  Only a card that
    can target the Nemesis is offered: T Plot Test targets a tile."""
    g, nem = _nemesis(hands=(["T Encore", "T Bolt", "T Plot Test"], []), actions=0)
    act(g, "play T Encore"); pass_all(g)
    assert sorted(labels(g)) == ["play T Bolt", "play nothing"]
    act(g, "play T Bolt")
    assert labels(g) == ["target bob"]
    act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 40 - 3 and charges_left(g, nem) == 0
    assert stat(g, 0, "power") == 1                     # paid, not free: it still gains


def test_without_a_charge_an_effect_offers_nothing_too_dear():
    """tsv Nemesis (expend a charge: none left, nothing stands in); IV-PLAY-3."""
    g, nem = _nemesis(hands=(["T Encore", "T Bolt"], []), charges=0, actions=0)
    act(g, "play T Encore"); pass_all(g)
    assert g.pending.kind == "main" and _hand(g) == ["T Bolt"]


def test_a_free_play_costs_no_action_so_no_charge_is_spent():
    """001 § Rules Reference > Glossary > FREE (played as if its cost were 0 actions and 0
    power): there is no action for a charge to stand in for (choices.md § Nemesis)."""
    g, nem = _nemesis(hands=(["T Free Encore", "T Bolt"], []), actions=0)
    act(g, "play T Free Encore"); pass_all(g)
    act(g, "play T Bolt for free"); act(g, "target bob")
    assert g.pending.kind == "respond"                  # no cost step: nothing to pay
    pass_all(g)
    assert stat(g, 1, "hp") == 37 and charges_left(g, nem) == 1 and stat(g, 0, "power") == 0


def test_a_copy_that_is_not_free_may_be_paid_with_a_charge():
    """001 § Rules Reference > Glossary > COPY (a copy is played like a normal card, and
    pays its cost unless free: IV-KW-COPY-1) with tsv Nemesis: alice copies bob's T Bolt
    with no action left; the charge pays the copy at bob."""
    g, nem = _nemesis(hands=(["T Paid Mirror"], ["T Bolt"]), actions=0)
    end_turn(g)
    act(g, "play T Bolt"); act(g, "target alice")
    act(g, "respond with T Paid Mirror"); act(g, "target T Bolt")
    act(g, "don't respond")
    assert labels(g) == ["target bob"]
    act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 37 and stat(g, 0, "hp") == 37 and charges_left(g, nem) == 0


def test_bullseye_plays_an_attack_paid_with_a_charge():
    """tsv Bullseye (play an attack card targeting an enemy) with tsv Nemesis: Bullseye's
    own cost takes the last action, the charge pays T Bolt's (1 action), and T Bolt gets
    Bullseye's Precise and 8 more damage (choices.md § Season-3 keywords)."""
    g, nem = _nemesis(hands=(["Bullseye", "T Bolt"], []), actions=1, power=3)
    act(g, "play Bullseye"); pass_all(g)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 40 - 3 - 8 and charges_left(g, nem) == 0
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "initiative") == 1 + 2


# ---- team games: several opponents to choose from -----------------------------------------

def _seat_cara(g, position: str) -> None:
    """A third hero, cara, on bob's side.  Ivion's engine seats two heroes (Arena, 000 §
    Variant Rules > Arena, is not a mode of its own), so the test seats her by hand; the
    code it drives (``remember``, opponents, targets, charges) is written for any number."""
    from cardsmith.runtime.core.state import Player
    from cardsmith.runtime.ivion.players import zone
    cara = Player(2, "cara", team=1, position=position)
    cara.stats.update(g.state.players[1].stats)
    cara.flags.update(second_wind_used=False, chivalrous=False)
    g.state.players.append(cara)
    for kind in ("deck", "hand", "discard", "feats", "removed", "relics", "traps", "trap_discard"):
        g.state.zones[zone(kind, 2)] = []


def _team_nemesis(choice: str, **alice):
    g, nem = _nemesis(**alice)
    _seat_cara(g, "c3")
    del g.card(nem).counters["remembered"]
    g.state.pending = None
    g.emit("draw_opening_hand", who=0)      # where Nemesis chooses (IV-SETUP-7)
    g.run()
    assert g.pending.kind != "main" and sorted(labels(g)) == ["bob", "cara"]
    act(g, choice)
    assert g.pending.kind == "main"
    return g, nem


@pytest.mark.parametrize("choice, index", [("bob", 1), ("cara", 2)])
def test_with_several_opponents_the_player_chooses_the_nemesis(choice, index):
    """tsv Nemesis ("An opponent of your choice"); choices.md § Nemesis (in a team game the
    player picks; before the choice no one is remembered, as two opponents are possible)."""
    g, nem = _nemesis()
    _seat_cara(g, "c3")
    del g.card(nem).counters["remembered"]
    from cardsmith.runtime.ivion.remembered import remembered
    assert remembered(g, nem) is None                   # two opponents: none until chosen
    g2, nem2 = _team_nemesis(choice)
    assert g2.card(nem2).counters["remembered"] == index and remembered(g2, nem2) == index
    assert f"Nemesis remembers {choice}" in log_text(g2)


def test_charges_pay_only_for_cards_targeting_the_chosen_opponent():
    """tsv Nemesis ("targeting your Nemesis"): bob and cara both stand in T Bolt's range;
    with cara the Nemesis and no action left, T Bolt may be played, at cara only."""
    g, nem = _team_nemesis("cara", actions=0)
    act(g, "play T Bolt")
    assert labels(g) == ["target cara"]
    act(g, "target cara"); pass_all(g)
    assert stat(g, 2, "hp") == 37 and stat(g, 1, "hp") == 40 and charges_left(g, nem) == 0
