"""Attached cards and destroy (IV-ATT-*)."""
from __future__ import annotations

from cardsmith.runtime.ivion.attach import attach

from .helpers import act, define, duel, end_turn, find, give, labels, log_text, pass_all, setup, stat, zone_names

define('''
card "T Totem" { skill warrior cost 1 action range 3 types aura
  attach to target empty tile }
card "T Charm" { skill warrior cost 1 action types aura
  attach to you }
card "T Smash" { skill warrior cost 1 action range 3 instant types ability
  destroy target attached card }
card "T Tonic" { skill warrior cost 1 action types buff
  attach to you for 2 turns
  at start of your turn: gain 1 power }
card "T Aura Feat" { trait cost 1 action types aura
  attach to you }
''')


def _close(g):
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=3)


def test_card_attaches_to_an_empty_tile_when_it_resolves():
    """001 § Rules Reference > Additional Rules > Attached Cards (IV-ATT-1)."""
    g = duel(hands=(["T Totem"], []))
    _close(g)
    act(g, "play T Totem")
    tiles = {a.label.split()[-1] for a in g.legal_actions()}
    assert "d1" not in tiles and "d3" not in tiles   # heroes stand there: not empty
    act(g, "target c1")
    pass_all(g)
    cid = g.state.zones["field"][0]
    assert g.card(cid).attached_to == "tile:c1" and g.state.board.spaces["c1"].cards == [cid]


def test_only_one_card_per_tile():
    """000 § Game Concepts > Attached Cards ("A tile cannot have more than one card attached to it"); 001 § Glossary > EMPTY TILE (IV-ATT-2)."""
    g = duel(hands=(["T Totem", "T Totem"], []))
    _close(g)
    act(g, "play T Totem"); act(g, "target c1"); pass_all(g)
    act(g, "play T Totem")
    assert find(g, "target c1") is None


def test_tile_that_stops_being_empty_meta_counters_the_attach():
    """001 § Attached Cards ("Only empty tiles can have cards attached to them"); 000 § Game Concepts > Attached Cards ("you cannot attach a card to a tile with a player in it") (IV-ATT-2, IV-META-2)."""
    g = duel(hands=(["T Totem"], ["T Blink"]))
    _close(g)
    setup(g, 1, position="c3")
    act(g, "play T Totem"); act(g, "target c1")
    act(g, "respond with T Blink"); act(g, "don't respond")
    act(g, "bob to c1")
    assert g.state.zones["field"] == []
    assert "meta-countered" in log_text(g) and stat(g, 0, "actions") == 3


def test_destroy_only_hits_resolved_attached_cards_and_sends_them_to_the_discard():
    """001 § Attached Cards > DESTROY; 000 § Additional Rules > Destroying Cards; rulings.md (IV-ATT-5)."""
    g = duel(hands=(["T Totem"], ["T Smash"]))
    _close(g)
    act(g, "play T Totem"); act(g, "target c1")
    assert find(g, "respond with T Smash") is None    # nothing attached yet: the Totem is unresolved
    pass_all(g)
    end_turn(g)
    setup(g, 1, position="d3")
    act(g, "play T Smash"); act(g, "target T Totem")
    pass_all(g)
    assert g.state.zones["field"] == [] and g.state.board.spaces["c1"].cards == []
    assert zone_names(g, "discard", 0) == ["T Totem"]


def test_destroy_uses_range_from_the_attached_cards_location():
    """001 § Attached Cards > DESTROY ("attached cards are in either the tile they are attached to, the tile of the player/card they are attached to") (IV-ATT-4, IV-RANGE-6)."""
    g = duel(hands=([], ["T Smash"]))                 # range 3
    tot = give(g, 0, "T Totem")
    attach(g, tot, "tile:a1")
    charm = give(g, 0, "T Charm")
    attach(g, charm, "player:0")                     # alice is at d1
    end_turn(g)
    setup(g, 1, position="d4", actions=3)            # a1 is 6 away, d1 is 3 away
    act(g, "play T Smash")
    assert labels(g) == [f"target T Charm ({charm})"]


def test_destroyed_feat_returns_to_the_feat_zone():
    """001 § Additional Rules > Feats; tsv Lifeseed/Wary reminders (IV-FEAT-5)."""
    g = duel(hands=([], ["T Smash"]))
    feat = give(g, 0, "T Aura Feat", "feats")
    _close(g)
    act(g, "play T Aura Feat")
    pass_all(g)
    assert g.card(feat).zone == "field"
    end_turn(g)
    setup(g, 1, position="d3", actions=3)
    act(g, "play T Smash"); act(g, "target T Aura Feat")
    pass_all(g)
    assert g.card(feat).zone == "feats:0"


def test_duration_tokens_count_down_at_the_start_of_the_controllers_turn():
    """000 § Additional Rules > Maximum of 5 ("A card cannot have more than 5 Duration"); G-6 (IV-ATT-7)."""
    g = duel(hands=(["T Tonic"], []))
    act(g, "play T Tonic"); pass_all(g)
    cid = g.state.zones["field"][0]
    assert g.card(cid).counters["duration"] == 2
    end_turn(g); end_turn(g)                          # alice's turn 2: effect, then 1 left
    assert stat(g, 0, "power") == 1 and g.card(cid).counters["duration"] == 1
    end_turn(g); end_turn(g)                          # turn 3: effect again, then it leaves
    assert stat(g, 0, "power") == 2
    assert g.card(cid).zone == "discard:0"
    end_turn(g); end_turn(g)
    assert stat(g, 0, "power") == 2


def test_duration_is_capped_at_five():
    """000 § Additional Rules > Maximum of 5 (IV-RES-4)."""
    define('''card "T Long Tonic" { skill warrior types buff
      attach to you for 9 turns }''')
    g = duel(hands=(["T Long Tonic"], []))
    act(g, "play T Long Tonic"); pass_all(g)
    assert g.card(g.state.zones["field"][0]).counters["duration"] == 5


def test_until_end_of_turn_attachments_leave_at_the_end_step():
    """000 § Parts of a Turn > End of Turn 3; G-5 (IV-TURN-7, IV-ATT-7)."""
    g = duel()
    cid = give(g, 0, "T Charm")
    attach(g, cid, "player:0", until_end_of_turn=True)   # as "attach to you until end of turn"
    end_turn(g)
    assert g.card(cid).zone == "discard:0"


def test_attached_cards_triggers_work_while_attached():
    """000 § F&F Glossary > Attach ("Attached cards persist on the board, having a permanent effect until destroyed") (IV-ATT-7)."""
    g = duel(hands=(["Steward's Banner"], []))
    _close(g)
    act(g, "play Steward's Banner"); act(g, "target c1"); pass_all(g)
    end_turn(g); end_turn(g)
    assert stat(g, 0, "mitigate") == 1               # alice at d1 is near c1


def test_a_card_attached_to_a_card_that_leaves_is_destroyed():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Attach ("if a card is attached to an object and that object changes zone, then the attached card is destroyed") (IV-ATT-6)."""
    define('''card "T Rider" { skill warrior cost 1 action range 3 types aura
      attach to target attached card }''')
    g = duel(hands=(["T Totem", "T Rider"], ["T Smash"]))
    _close(g)
    act(g, "play T Totem"); act(g, "target c1"); pass_all(g)
    act(g, "play T Rider"); act(g, "target T Totem"); pass_all(g)
    rider = next(c for c in g.state.zones["field"] if g.name(c) == "T Rider")
    assert g.card(rider).attached_to != ""
    end_turn(g)
    setup(g, 1, position="d3", actions=3)
    act(g, "play T Smash"); act(g, "target T Totem"); pass_all(g)
    assert g.state.zones["field"] == [] and g.card(rider).zone == "discard:0"
