"""The Action Phase: playing cards, champions, locations, spells, activated abilities
(rulebook 004 § Action Phase, § Card Types, § Card Abilities)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ikorr.zones import zone

from .helpers import (act, give_influence, hand, names, new_game, options, pass_turn,
                      put, refresh)


def _play(g, cid):
    act(g, "play", cid)
    while g.pending is not None and g.pending.kind in ("target", "slot", "choose"):
        g.apply(g.legal_actions()[0])
    while g.pending is not None and g.pending.kind == "priority" and \
            any(it.fate == "pending" for it in g.state.stack):
        act(g, "pass")


def test_playing_a_card_exerts_influence_equal_to_its_cost():
    """004 § Play Cards: exert influence equal to the cost in the top left corner."""
    g = new_game()
    give_influence(g, 0, 5)
    c = put(g, "Amazonian Gladiator", 0, "hand")
    refresh(g)
    _play(g, c)
    assert g.state.players[0].stats["exerted"] == 4
    assert g.state.cards[c].zone == zone("champions", 0)


def test_not_enough_influence_is_refused_with_a_reason():
    """004 § Play Cards: a card can't be played without the influence to pay it."""
    g = new_game()
    give_influence(g, 0, 3)
    put(g, "T Plan", 0, "hand")
    c = put(g, "Amazonian Gladiator", 0, "hand")
    refresh(g)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="costs 4 influence and you have 3 ready"):
        g.apply(Action("play", (c,)))
    assert g.to_json() == before


def test_at_most_six_champions():
    """004 § Champions: you may only control six champions; you can't attempt a seventh."""
    g = new_game()
    give_influence(g, 0, 5)
    for _ in range(6):
        put(g, "T Wall", 0)
    c = put(g, "T Grunt", 0, "hand")
    put(g, "T Plan", 0, "hand")
    refresh(g)
    assert not [a for a in options(g, "play") if a.args[0] == c]
    with pytest.raises(IllegalAction, match="already control 6 champions"):
        g.apply(Action("play", (c,)))


def test_champion_position_is_chosen_when_summoned_and_fixed():
    """004 § Champions: any position when summoned, never moved afterwards."""
    g = new_game(choose_slots=True)
    give_influence(g, 0, 5)
    c = put(g, "T Grunt", 0, "hand")
    refresh(g)
    act(g, "play", c)
    assert g.pending.kind == "slot" and len(g.legal_actions()) == 6
    act(g, "slot", 4)
    act(g, "pass")
    assert g.state.cards[c].counters["slot"] == 4
    pass_turn(g)
    pass_turn(g)
    assert g.state.cards[c].counters["slot"] == 4


def test_champions_cannot_attack_the_turn_they_are_summoned():
    """004 § Attack with Champions: not the turn they are summoned."""
    g = new_game()
    pass_turn(g)
    put(g, "T Grunt", 0)
    pass_turn(g)
    give_influence(g, 0, 3)
    c = put(g, "T Grunt", 0, "hand")
    refresh(g)
    _play(g, c)
    assert not [a for a in options(g, "attack") if a.args[0] == c]
    with pytest.raises(IllegalAction, match="summoned this turn and is not Swift"):
        g.apply(Action("attack", (c, g.state.zones[zone("champions", 1)][0] if g.state.zones[zone("champions", 1)] else c)))


def test_swift_champions_may_attack_the_turn_they_arrive():
    """004 § Glossary: Swift may attack the turn it was summoned."""
    g = new_game()
    foe = put(g, "T Wall", 1)
    pass_turn(g)
    pass_turn(g)
    give_influence(g, 0, 5)
    c = put(g, "Blazing Charger", 0, "hand")
    refresh(g)
    _play(g, c)
    act(g, "attack", c, foe)
    assert g.state.cards[foe].counters["damage"] == 3


def test_champions_can_raid_the_turn_they_are_summoned():
    """004 § Raid with Champions: champions CAN raid the turn they are summoned."""
    g = new_game()
    pass_turn(g)
    pass_turn(g)
    give_influence(g, 0, 5)
    c = put(g, "T Grunt", 0, "hand")
    refresh(g)
    _play(g, c)
    act(g, "raid", c)
    assert g.state.cards[c].counters["ikorr"] == 1


def test_no_raids_on_the_first_turn_of_the_game():
    """004 § Turn Phases 3: champions cannot raid on the first turn of the game."""
    g = new_game()
    c = put(g, "T Grunt", 0)
    refresh(g)
    with pytest.raises(IllegalAction, match="cannot raid on the first turn"):
        g.apply(Action("raid", (c,)))


def test_attack_or_raid_once_per_turn_each():
    """004 § Attack/Raid: champions can either attack or raid, once per turn."""
    g = new_game()
    pass_turn(g)
    a = put(g, "T Grunt", 0)
    foe = put(g, "T Wall", 1)
    pass_turn(g)
    act(g, "raid", a)
    with pytest.raises(IllegalAction, match="already raided"):
        g.apply(Action("raid", (a,)))
    with pytest.raises(IllegalAction, match="raided this turn: a champion attacks or raids"):
        g.apply(Action("attack", (a, foe)))
    b = put(g, "T Grunt", 0)
    refresh(g)
    act(g, "attack", b, foe)
    with pytest.raises(IllegalAction, match="already attacked this turn"):
        g.apply(Action("attack", (b, foe)))
    with pytest.raises(IllegalAction, match="attacked this turn"):
        g.apply(Action("raid", (b,)))


def test_raid_stores_ikorr_equal_to_the_raid_value():
    """004 § Raid with Champions / § Glossary: Raid stores Ikorr equal to the raid value."""
    g = new_game()
    pass_turn(g)
    c = put(g, "Colossus of Rhodes", 0)
    pass_turn(g)
    act(g, "raid", c)
    assert g.state.cards[c].counters["ikorr"] == 2


def test_location_slot_holds_one_location():
    """004 § Locations: one slot; a new location sends the old one to the discard."""
    g = new_game()
    give_influence(g, 0, 5)
    old = put(g, "T Hut", 0, "location")
    new = put(g, "Ikorr Cache", 0, "hand")
    refresh(g)
    _play(g, new)
    assert names(g, "location", 0) == ["Ikorr Cache"]
    assert g.state.cards[old].zone == zone("graveyard", 0)


def test_fabled_champions_and_locations_one_of_a_name():
    """004 § Champions/Locations, § Glossary Fabled: can't play one whose name is on your battlefield."""
    g = new_game()
    give_influence(g, 0, 10)
    put(g, "Colossus of Rhodes", 0)
    put(g, "T Shrine", 0, "location")
    c = put(g, "Colossus of Rhodes", 0, "hand")
    s = put(g, "T Shrine", 0, "hand")
    ok = put(g, "T Hut", 0, "hand")
    refresh(g)
    playable = {a.args[0] for a in options(g, "play")}
    assert c not in playable and s not in playable and ok in playable
    with pytest.raises(IllegalAction, match="already controls the Fabled Colossus of Rhodes"):
        g.apply(Action("play", (c,)))


def test_fabled_limit_is_per_player_board():
    """004 § Glossary Fabled: one copy per individual player board (an ally may have one)."""
    g = new_game("2v2")
    give_influence(g, 1, 10)
    put(g, "Colossus of Rhodes", 0)
    c = put(g, "Colossus of Rhodes", 1, "hand")
    refresh(g)
    while g.pending.player != 1:
        act(g, "pass")
    assert c in {a.args[0] for a in options(g, "play")}


def test_spells_resolve_then_go_to_the_graveyard():
    """004 § Spells: resolve its ability, then send it to your graveyard."""
    g = new_game()
    give_influence(g, 0, 3)
    foe = put(g, "T Wall", 1)
    s = put(g, "Spear Volley", 0, "hand")
    refresh(g)
    _play(g, s)
    assert g.state.cards[foe].counters["damage"] == 3
    assert g.state.cards[s].zone == zone("graveyard", 0)


def test_oracular_visions_reorders_the_top_three_then_draws():
    """004 § Spells, Oracular Visions: look at the top three, put them back in any order,
    you may shuffle, draw a card."""
    g = new_game()
    give_influence(g, 0, 1)
    s = put(g, "Oracular Visions", 0, "hand")
    refresh(g)
    deck = g.state.zones[zone("deck", 0)]
    top = list(deck[:3])
    act(g, "play", s)
    act(g, "pass")
    assert g.pending.kind == "arrange"
    wanted = next(a for a in g.legal_actions() if a.args[0] == top[2])
    g.apply(wanted)
    assert g.pending.kind == "may"
    act(g, "may", False)
    assert hand(g, 0)[-1] == wanted.args[0]
    assert g.state.zones[zone("deck", 0)][:2] == list(wanted.args[1:])


def test_avatar_power_once_per_turn_with_an_empty_queue():
    """004 § Use Avatar Powers: pay the cost; once per turn; only with an empty queue."""
    g = new_game()
    pass_turn(g)
    foe = put(g, "T Wall", 1)
    pass_turn(g)
    give_influence(g, 0, 6)
    avatar = g.state.zones[zone("avatar", 0)][0]
    act(g, "activate", avatar, 0)
    act(g, "choose", foe) if g.pending.kind == "choose" else None
    act(g, "pass") if any(it.fate == "pending" for it in g.state.stack) else None
    assert g.state.cards[foe].counters["damage"] == 1
    assert g.state.players[0].stats["exerted"] == 2
    with pytest.raises(IllegalAction, match="already used this turn"):
        g.apply(Action("activate", (avatar, 0)))
    pass_turn(g)
    pass_turn(g)
    assert any(a.args == (avatar, 0) for a in options(g, "activate"))


def test_avatar_power_needs_an_empty_queue():
    """004 § Use Avatar Powers: only when the queue is empty."""
    g = new_game()
    pass_turn(g)
    put(g, "T Wall", 1)
    put(g, "Amazonian Gladiator", 0)
    pass_turn(g)
    give_influence(g, 0, 8)
    s = put(g, "T Plan", 0, "hand")
    refresh(g)
    act(g, "play", s)
    avatar = g.state.zones[zone("avatar", 0)][0]
    with pytest.raises(IllegalAction, match="need an empty queue"):
        g.apply(Action("activate", (avatar, 0)))


def test_rush_destroys_secured_ikorr_once_per_game():
    """004 § Use RUSH Abilities: destroy secured Ikorr equal to N; once per game."""
    g = new_game()
    avatar = g.state.zones[zone("avatar", 0)][0]
    g.state.secured[0] = 2
    refresh(g)
    with pytest.raises(IllegalAction, match="RUSH 3 destroys 3 secured Ikorr and your team has 2"):
        g.apply(Action("activate", (avatar, 1)))
    g.state.secured[0] = 5
    refresh(g)
    n = len(hand(g, 0))
    act(g, "activate", avatar, 1)
    act(g, "pass")
    assert g.state.secured[0] == 2 and len(hand(g, 0)) == n + 2
    pass_turn(g)
    pass_turn(g)
    g.state.secured[0] = 5
    refresh(g)
    with pytest.raises(IllegalAction, match="already used this game"):
        g.apply(Action("activate", (avatar, 1)))


def test_action_abilities_once_per_turn_while_you_have_priority():
    """004 § Activate ACTION Abilities: while you have priority (also with a card queued),
    once per turn, paying the additional cost (Amazonian Gladiator: 2 influence)."""
    g = new_game()
    glad = put(g, "Amazonian Gladiator", 0)
    foe = put(g, "T Wall", 1)
    give_influence(g, 0, 4)
    s = put(g, "T Plan", 0, "hand")
    refresh(g)
    act(g, "play", s)
    assert g.state.stack and any(a.args == (glad, 0) for a in options(g, "activate"))
    act(g, "activate", glad, 0)
    act(g, "pass")           # the ACTION resolves first (it is newest)
    if g.pending.kind == "choose":
        act(g, "choose", foe)
    assert g.state.cards[foe].counters["damage"] == 1
    assert g.state.cards[s].zone == "queue"
    act(g, "pass")
    assert g.state.cards[s].zone == zone("graveyard", 0)
    assert g.state.players[0].stats["exerted"] == 3
    with pytest.raises(IllegalAction, match="ACTION ability was already used this turn"):
        g.apply(Action("activate", (glad, 0)))


def test_opponents_never_act_on_your_turn():
    """004 § Action Phase: only *your* Action Phase; the other team holds priority but
    has nothing to do, so it is never asked."""
    g = new_game()
    put(g, "Amazonian Gladiator", 1)
    give_influence(g, 1, 5)
    refresh(g)
    players = set()
    while g.state.turn == 1:
        players.add(g.pending.player)
        act(g, "pass")
    assert players == {0}


def test_an_ally_may_answer_a_queued_card_with_an_action_ability():
    """004 § Activate ACTION Abilities / § Glossary Priority, in 2v2: while alice's card waits
    on the queue, priority passes to her ally bob, who may use an ACTION ability; the newest
    item resolves first, then priority returns to the resolved item's controller."""
    g = new_game("2v2")
    glad = put(g, "Amazonian Gladiator", 1)
    foe = put(g, "T Wall", 3)                  # across from bob (seat 2 faces seat 2)
    give_influence(g, 0, 2)
    give_influence(g, 1, 2)
    s = put(g, "T Plan", 0, "hand")
    refresh(g)
    act(g, "play", s)
    assert g.pending.player == 0
    act(g, "pass")
    assert g.pending.player == 1 and any(a.args == (glad, 0) for a in options(g, "activate"))
    act(g, "activate", glad, 0)
    assert [g.name(it.card) for it in g.state.stack] == ["T Plan", "Amazonian Gladiator"]
    while g.pending.kind == "priority" and len(g.state.stack) == 2:
        act(g, "pass")
    if g.pending.kind == "choose":
        act(g, "choose", foe)
    assert g.state.cards[foe].counters["damage"] == 1
    assert g.state.cards[s].zone == "queue" and g.pending.player == 1
    while g.state.stack:
        act(g, "pass")
    assert g.state.cards[s].zone == zone("graveyard", 0) and g.pending.player == 0


def test_support_with_a_loyalty_boosts_only_that_loyalty():
    """004 § Glossary Support: 'Support Greek would give target Greek champion additional attack.'"""
    from .helpers import library
    from cardsmith.dsl.loader import compile_source
    for card in compile_source('card "T Greek Drummer" { champion cost 1 attack 2 health 2 raid 1 support greek }',
                               "ikorr", "<t>"):
        library().add(card)
    g = new_game()
    d = put(g, "T Greek Drummer", 0)
    greek = put(g, "T Grunt", 0)
    egyptian = put(g, "T Egyptian", 0)
    pass_turn(g)
    pass_turn(g)
    targets = {a.args[1] for a in options(g, "support") if a.args[0] == d}
    assert greek in targets and egyptian not in targets
