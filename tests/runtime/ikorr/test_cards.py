"""Glossary verbs and the rulebook's named cards (rulebook 004 § Glossary, § Card Types)."""
from __future__ import annotations

from cardsmith.runtime.ikorr.zones import zone

from .helpers import act, give_influence, hand, log_text, new_game, pass_turn, play, put, refresh


def _cast(g, name, *targets, player=0):
    give_influence(g, player, 10)
    put(g, name, player, "hand")
    refresh(g)
    c = play(g, name)
    for t in targets:
        act(g, "target", t)
    if g.pending.kind == "priority":
        act(g, "pass")
    return c


def test_destroy_kills_a_champion():
    """004 § Glossary Destroy: to the graveyard; a champion dies (DEATH triggers)."""
    g = new_game()
    v = put(g, "Ikorr Courier with Contemplate Impermanence", 1)
    n = len(hand(g, 1))
    _cast(g, "Earthshaker", v)
    assert g.state.cards[v].zone == zone("graveyard", 1) and len(hand(g, 1)) == n + 1
    assert "Ikorr Courier with Contemplate Impermanence (slot 1) dies" in log_text(g)


def test_void_sends_to_the_void_without_dying():
    """004 § Glossary Void."""
    g = new_game()
    v = put(g, "Ikorr Courier with Contemplate Impermanence", 1)
    n = len(hand(g, 1))
    _cast(g, "Banishing Rite", v)
    assert g.state.cards[v].zone == zone("void", 1) and len(hand(g, 1)) == n


def test_sacrifice_only_your_own_and_it_dies():
    """004 § Glossary Sacrifice: send a permanent under your control to the graveyard."""
    g = new_game()
    mine = put(g, "T Grunt", 0)
    theirs = put(g, "T Grunt", 1)
    n = len(hand(g, 0))
    _cast(g, "Grave Offering")
    assert g.state.cards[mine].zone == zone("graveyard", 0)
    assert g.state.cards[theirs].zone == zone("champions", 1)
    assert len(hand(g, 0)) == n + 2


def test_retreat_returns_to_the_owners_hand():
    """004 § Glossary Retreat."""
    g = new_game()
    c = put(g, "T Grunt", 1)
    _cast(g, "Sudden Retreat", c)
    assert g.state.cards[c].zone == zone("hand", 1)


def test_search_finds_a_card_shows_it_and_shuffles():
    """004 § Glossary Search: search your deck, show the card, always shuffle."""
    g = new_game()
    deck = g.state.zones[zone("deck", 0)]
    before = list(deck)
    _cast(g, "Scout's Map")
    if g.pending.kind == "choose":
        act(g, "choose")
    got = hand(g, 0)[-1]
    assert g.cdef(got).header.kind == "champion" and got in before
    assert "searches and shows" in log_text(g)
    assert sorted(deck) == sorted(c for c in before if c != got)


def test_discard_from_your_hand():
    """004 § Glossary Discard: from your hand to the graveyard (a champion does not die)."""
    g = new_game()
    _cast(g, "Trickster's Bargain")
    assert g.pending.kind in ("discard", "priority")
    if g.pending.kind == "discard":
        act(g, "choose")
    assert len(g.state.zones[zone("graveyard", 0)]) == 2      # the discarded card + the spell
    assert "dies" not in log_text(g)


def test_heal_removes_damage_counters():
    """004 § Glossary Heal (Field Medic: SUMMON heal 2 damage from target champion)."""
    g = new_game()
    hurt = put(g, "T Wall", 0, damage=5)
    give_influence(g, 0, 3)
    put(g, "Field Medic", 0, "hand")
    refresh(g)
    play(g, "Field Medic")
    act(g, "pass")
    if g.pending.kind == "choose":
        act(g, "choose", hurt)
    assert g.state.cards[hurt].counters["damage"] == 3


def test_store_and_secure_from_a_location():
    """004 § Glossary Store / Secure (Ikorr Cache: END store 1; ACTION secure 1)."""
    g = new_game()
    cache = put(g, "Ikorr Cache", 0, "location")
    pass_turn(g)
    pass_turn(g)
    assert g.state.cards[cache].counters["ikorr"] == 1
    act(g, "activate", cache, 1)
    act(g, "pass")
    assert g.state.secured[0] == 1 and "ikorr" not in g.state.cards[cache].counters


def test_nonstrike_damage_kills_too():
    """004 § Glossary Nonstrike Damage (Spear Volley deals 3)."""
    g = new_game()
    c = put(g, "T Grunt", 1)
    _cast(g, "Spear Volley", c)
    assert g.state.cards[c].zone == zone("graveyard", 1)


def test_each_effects_reach_every_opposing_champion():
    g = new_game()
    a, b = put(g, "T Grunt", 1), put(g, "T Wall", 1)
    mine = put(g, "T Grunt", 0)
    g.state.players[0].flags  # noqa: B018
    _cast(g, "Sandstorm")
    assert g.state.cards[a].counters["damage"] == 1 and g.state.cards[b].counters["damage"] == 1
    assert "damage" not in g.state.cards[mine].counters


def test_ix_chel_power_returns_the_next_spell_to_hand():
    """Ix Chel, Lady Rainbow's avatar power: the next spell you cast this turn goes to your
    hand after it resolves instead of the graveyard (only the next one)."""
    d = __import__("tests.runtime.ikorr.helpers", fromlist=["decks"]).decks()
    deck = dict(d["Tide Oracle"], avatar="Ix Chel, Lady Rainbow")
    g = new_game(decks_=[deck, d["Ember Regent"]])
    give_influence(g, 0, 10)
    put(g, "T Plan", 0, "hand")
    put(g, "T Ping", 0, "hand")
    put(g, "T Wall", 1)
    refresh(g)
    ix = g.state.zones[zone("avatar", 0)][0]
    act(g, "activate", ix, 0)
    act(g, "pass")
    s1 = play(g, "T Plan")
    act(g, "pass")
    assert g.state.cards[s1].zone == zone("hand", 0)
    s2 = play(g, "T Ping")
    act(g, "target")
    act(g, "pass")
    assert g.state.cards[s2].zone == zone("graveyard", 0)


def test_ix_chel_rush_makes_allied_spells_cheaper_this_turn():
    """Ix Chel's RUSH 3: until the end of this turn, allied spells cost less (1 less, our reading)."""
    d = __import__("tests.runtime.ikorr.helpers", fromlist=["decks"]).decks()
    deck = dict(d["Tide Oracle"], avatar="Ix Chel, Lady Rainbow")
    g = new_game("2v2", decks_=[deck, d["Tide Oracle"], d["Ember Regent"], d["Ember Regent"]])
    g.state.secured[0] = 3
    give_influence(g, 0, 4)
    give_influence(g, 1, 0)
    put(g, "T Burn", 1, "hand")                # cost 1; an ally's spell
    put(g, "T Wall", 3)                        # seat 2 of team 2: across from the ally
    refresh(g)
    ix = g.state.zones[zone("avatar", 0)][0]
    act(g, "activate", ix, 1)
    while g.state.stack:
        act(g, "pass")
    assert g.state.secured[0] == 0 and g.pending.player == 0
    act(g, "pass")                              # priority to the ally
    assert g.pending.player == 1
    play(g, "T Burn")
    assert g.state.players[1].stats["exerted"] == 0
    pass_turn(g)
    assert "spell_discount" not in g.state.players[1].flags
