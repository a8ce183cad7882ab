"""Zones that cards make (IV-ZONE-6): piles beneath a card (Spellbook, Stormstruck,
Disguise) and the Collection outside the game (Tourneygoer).  The readings are in
docs/ivion/choices.md, "Piles beneath a card" and "The Collection"; the cards are
scripted in cards/ivion/card_zones.ivion."""
from __future__ import annotations

import json

from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.ivion.players import beneath

from .helpers import (act, deck, define, duel, end_turn, find, labels, library, log_text, pass_all,
                      play, setup, stat, zone_names)

define('''
card "T Satchel" { skill warrior range 3 types aura
  attach to target empty tile
  put 1 card from hand beneath this card }
card "T Pile Smash" { skill warrior range 3 types ability
  destroy target attached card }
card "T Raise" { trait types passive
  after you second wind: gain 1 power }
card "T Wallop" { skill warrior range 3 types attack
  deal 5 damage to target enemy }
''')

SPELLS = ["Counterspell", "Wish", "Alter"]


def pile_names(g: Game, cid: str) -> list[str]:
    return [g.name(c) for c in g.state.zones.get(beneath(cid), [])]


def feat(g: Game, player: int, name: str) -> str:
    return next(c for c in g.state.zones[f"feats:{player}"] if g.name(c) == name)


def _spellbook(**kw) -> Game:
    """Alice's feats hold Spellbook with three cards beneath it (deck-file 'beneath')."""
    d = deck(feats=["T Ult", "T Trait", "Spellbook"])
    d["beneath"] = {"Spellbook": list(SPELLS)}
    return duel(decks=[d, deck()], **kw)


# ---- piles beneath a card ----------------------------------------------------------------

def test_a_face_down_pile_is_filled_at_character_creation_and_hidden_from_everyone():
    """IV-ZONE-6 (piles beneath a card); choices.md "Piles beneath a card" (face down:
    hidden from everyone); tsv Spellbook ("During character creation, put three ... facedown")."""
    g = _spellbook()
    book = feat(g, 0, "Spellbook")
    assert sorted(pile_names(g, book)) == sorted(SPELLS)
    assert not any(g.card(c).revealed for c in g.state.zones[beneath(book)])
    # not in the deck, not in the hand
    assert not set(SPELLS) & set(zone_names(g, "deck", 0) + zone_names(g, "hand", 0))
    for viewer in (0, 1):
        seen = g.view(viewer)
        names = [seen["cards"][c]["name"] for c in seen["zones"][beneath(book)]]
        assert names == ["?", "?", "?"], (viewer, names)
    assert not any("Counterspell" in e["text"] for e in g.view(1)["log"])   # the names reach alice only
    assert any("Counterspell" in e["text"] for e in g.view(0)["log"])


def test_spellbook_puts_a_random_card_from_beneath_it_into_the_hand_and_keeps_its_pile():
    """tsv Spellbook (a random card from beneath it goes to your hand); choices.md
    "Piles beneath a card" (a played feat comes back to its feat zone with its pile, 001 § Feats)."""
    g = _spellbook()
    setup(g, 0, power=2)
    book = feat(g, 0, "Spellbook")
    play(g, "Spellbook")
    took = [n for n in zone_names(g, "hand", 0) if n in SPELLS]
    assert len(took) == 1 and took[0] not in pile_names(g, book)
    assert len(pile_names(g, book)) == 2
    assert g.card(book).zone == "feats:0"
    cid = next(c for c in g.state.zones["hand:0"] if g.name(c) == took[0])
    assert not g.card(cid).revealed                       # face down, still hidden in the hand
    assert g.view(1)["cards"].get(cid) is None             # bob can't follow it into the hand


def test_the_random_take_follows_the_seed():
    """choices.md "Piles beneath a card" ("at random": the seeded RNG, so a seed replays)."""
    picks = set()
    for seed in range(1, 9):
        g = _spellbook(seed=seed)
        setup(g, 0, power=2)
        play(g, "Spellbook")
        again = _spellbook(seed=seed)
        setup(again, 0, power=2)
        play(again, "Spellbook")
        assert zone_names(g, "hand", 0) == zone_names(again, "hand", 0)
        picks.add(next(n for n in zone_names(g, "hand", 0) if n in SPELLS))
    assert len(picks) > 1                                  # not always the same card


def _stormstruck(collection=("Spark", "Spark", "Spark"), first=0) -> Game:
    d = deck(feats=["T Ult", "T Trait", "Stormstruck"])
    d["collection"] = list(collection)
    return duel(decks=[d, deck()], first=first)


def test_stormstruck_puts_three_sparks_from_the_collection_face_up_beneath_it():
    """tsv Stormstruck (three Sparks go beneath it as your first turn starts); choices.md "Piles beneath a card" (face up: everyone sees them) and
    "The Collection" (the Sparks come from it)."""
    g = _stormstruck()
    storm = feat(g, 0, "Stormstruck")
    assert pile_names(g, storm) == ["Spark", "Spark", "Spark"]
    assert zone_names(g, "collection", 0) == []
    seen = g.view(1)
    assert [seen["cards"][c]["name"] for c in seen["zones"][beneath(storm)]] == ["Spark"] * 3


def test_stormstruck_only_on_the_first_turn_and_only_what_the_collection_has():
    """tsv Stormstruck ("At the start of your first turn"); choices.md "The Collection"
    (a card the Collection lacks is not put)."""
    g = _stormstruck(collection=("Spark", "Spark"), first=1)     # bob first: alice's first turn is turn 2
    storm = feat(g, 0, "Stormstruck")
    assert pile_names(g, storm) == []
    end_turn(g)
    assert pile_names(g, storm) == ["Spark", "Spark"]
    end_turn(g)
    end_turn(g)
    assert pile_names(g, storm) == ["Spark", "Spark"]               # not again on a later turn


def test_stormstruck_takes_a_spark_for_an_initiative_once_per_turn():
    """tsv Stormstruck (once a turn, an initiative takes a Spark from beneath it to your
    hand); choices.md "Activated abilities of feats" (MAIN 1: once a turn)."""
    g = _stormstruck()
    storm = feat(g, 0, "Stormstruck")
    setup(g, 0, initiative=2)
    act(g, "activate Stormstruck")
    assert zone_names(g, "hand", 0).count("Spark") == 1 and len(pile_names(g, storm)) == 2
    assert stat(g, 0, "initiative") == 1
    assert find(g, "activate Stormstruck") is None                   # once per turn
    end_turn(g)
    end_turn(g)
    assert find(g, "activate Stormstruck") is not None               # a new turn
    spark = next(c for c in g.state.zones["hand:0"] if g.name(c) == "Spark")
    assert g.card(spark).revealed                                    # it was face up: bob knows it


def _disguise(traits=("T Raise", "Strike", "Icicle")) -> Game:
    d = deck(feats=["T Ult", "T Trait", "Disguise"])
    d["beneath"] = {"Disguise": list(traits)}
    return duel(decks=[d, deck()])


def test_disguise_is_replaced_by_the_chosen_trait_after_a_second_wind():
    """tsv Disguise (after your Second Wind, one of the traits beneath it takes its place);
    choices.md "Piles beneath a card" (the chosen trait to the feat zone, Disguise to the
    Collection, the other traits removed from the game)."""
    g = _disguise()
    disguise = feat(g, 0, "Disguise")
    assert sorted(pile_names(g, disguise)) == ["Icicle", "Strike", "T Raise"]
    setup(g, 1, position="b3", actions=5, power=5)
    setup(g, 0, position="b2", hp=22)
    end_turn(g)
    g.create_card("T Wallop", 1, "hand:1")
    setup(g, 1)
    play(g, "T Wallop", "target alice")
    assert g.state.pending.kind == "choose_card", labels(g)         # alice chooses among her three
    assert g.state.pending.player == 0 and sorted(labels(g)) == ["put Icicle", "put Strike", "put T Raise"]
    assert g.legal_actions(1) == [] and g.view(1)["pending"]["options"] == []
    act(g, "put T Raise")
    pass_all(g)
    assert "T Raise" in zone_names(g, "feats", 0) and "Disguise" not in zone_names(g, "feats", 0)
    assert zone_names(g, "collection", 0) == ["Disguise"]
    assert sorted(zone_names(g, "removed", 0)) == ["Icicle", "Strike"]
    assert all(g.card(c).revealed for c in g.state.zones["removed:0"])   # public now (IV-ZONE-3)
    assert not g.state.zones.get(beneath(disguise))
    # The trait now works: its "after you second wind" is in the listener index
    raise_id = feat(g, 0, "T Raise")
    assert raise_id in g.state.listeners.get("on:second_wind", [])


def test_disguise_with_nothing_beneath_it_stays_after_a_second_wind():
    """tsv Disguise (one of the traits beneath it takes its place: with none there is nothing
    to replace it with); choices.md "Piles beneath a card"."""
    g = duel(decks=[deck(feats=["T Ult", "T Trait", "Disguise"]), deck()])
    setup(g, 0, hp=22, position="b2")
    setup(g, 1, position="b3")
    g.state.players[1].stats.update(actions=5)
    end_turn(g)
    g.create_card("T Wallop", 1, "hand:1")
    setup(g, 1)
    play(g, "T Wallop", "target alice")
    assert g.state.players[0].flags["second_wind_used"]
    assert "Disguise" in zone_names(g, "feats", 0) and zone_names(g, "collection", 0) == []


def test_the_pile_is_removed_from_the_game_when_its_card_leaves_play():
    """choices.md "Piles beneath a card" (the card leaves play: its pile is removed from
    the game); 000 § The Fox and the Forest Rules Reference > Rules Reference Glossary >
    Attach (what hangs on a card does not outlive it)."""
    g = duel(hands=(["T Satchel", "T Filler"], []))
    setup(g, 0, actions=5, power=5)
    play(g, "T Satchel", "c1")
    satchel = next(c for c in g.state.zones["field"] if g.name(c) == "T Satchel")
    assert pile_names(g, satchel) == ["T Filler"]      # the only card in hand: no question
    g.create_card("T Pile Smash", 0, "hand:0")
    setup(g, 0)
    play(g, "T Pile Smash", "T Satchel")
    assert g.card(satchel).zone == "discard:0"
    assert zone_names(g, "removed", 0) == ["T Filler"]
    assert not g.state.zones.get(beneath(satchel))
    assert "removed from the game" in log_text(g)


def test_a_pile_survives_save_load_and_undo():
    """Issue 2 § 6 (state is plain data: save/load and undo at any point); IV-ZONE-6."""
    g = _spellbook()
    book = feat(g, 0, "Spellbook")
    twin = Game.from_data(get_game("ivion"), library(), json.loads(g.to_json()))
    assert twin.state == g.state
    assert pile_names(twin, book) == pile_names(g, book)
    assert [twin.card(c).revealed for c in twin.state.zones[beneath(book)]] == [False] * 3
    setup(g, 0, power=2)
    before = g.to_json()
    play(g, "Spellbook")
    assert len(pile_names(g, book)) == 2
    while g.can_undo() and g.to_json() != before:
        g.undo()
    assert g.to_json() == before and len(pile_names(g, book)) == 3


# ---- the Collection (Tourneygoer) ----------------------------------------------------------

def _tourneygoer(collection, first=1) -> Game:
    d = deck(feats=["T Ult", "T Trait", "Tourneygoer"])
    d["collection"] = list(collection)
    return duel(decks=[d, deck()], first=first, clear_hands=False)


def test_tourneygoer_puts_three_cards_from_the_collection_on_top_after_the_opening_hand():
    """tsv Tourneygoer (after the opening hand, three named cards from the Collection go on
    top of the deck, Breathe uppermost); IV-SETUP-7;
    choices.md "The Collection"."""
    g = _tourneygoer(["Aim", "Bullseye", "Breathe", "T Filler"])
    assert zone_names(g, "deck", 0)[:3] == ["Breathe", "Aim", "Bullseye"]
    assert zone_names(g, "collection", 0) == ["T Filler"]                # only the named cards came
    assert not {"Breathe", "Aim", "Bullseye"} & set(zone_names(g, "hand", 0))   # after the opening hand
    assert len(zone_names(g, "hand", 0)) == 5 and len(zone_names(g, "deck", 0)) == 15 + 3
    seen = g.view(1)
    assert all(seen["cards"][c]["name"] == "?" for c in seen["zones"]["collection:0"])   # bob can't look
    end_turn(g)                                                          # bob first: alice draws Breathe
    assert zone_names(g, "hand", 0)[-1] == "Breathe"


def test_a_tourneygoer_deck_file_lists_breathe_aim_and_bullseye_in_its_collection():
    """tsv Tourneygoer; docs/language.md § Decks (`collection N "CARD"`, names resolved
    against the library: all three Yeoman cards are scripted, Breathe with 'playable if')."""
    from cardsmith.dsl.decks import check_deck, compile_deck, resolve_deck
    text = ('deck "Tourney" for ivion\nstarter\nfeats "T Ult", "T Trait", "Tourneygoer"\n'
            'collection 1 "breathe"\ncollection 1 "Aim"\ncollection 1 "Bullseye"\n3 "T Filler"\n')
    d = compile_deck(text, "tourney.deck")
    assert check_deck(d, library()) == []
    opts = resolve_deck(d, library()).as_options()
    assert opts["collection"] == ["Breathe", "Aim", "Bullseye"]
    opts["cards"] = opts["cards"] * 7                  # enough to draw from (a starter list of 3)
    g = duel(decks=[opts, deck()], clear_hands=False)
    assert zone_names(g, "deck", 0)[:3] == ["Breathe", "Aim", "Bullseye"] and zone_names(g, "collection", 0) == []


def test_tourneygoer_puts_only_what_the_collection_holds():
    """choices.md "The Collection" (a card the Collection lacks is not put, and the log says so)."""
    g = _tourneygoer(["Aim"])
    assert zone_names(g, "deck", 0)[0] == "Aim" and zone_names(g, "collection", 0) == []
    assert "no card to put from collection" in log_text(g)


def test_a_game_with_a_collection_saves_and_loads():
    """Issue 2 § 6 (save/load at any point) with a Collection; IV-ZONE-6."""
    g = _tourneygoer(["Aim", "T Filler"])
    twin = Game.from_data(get_game("ivion"), library(), json.loads(g.to_json()))
    assert twin.state == g.state and zone_names(twin, "collection", 0) == ["T Filler"]
