"""Keywords (IV-KW-*): chivalry, cantrip, unleash, stun, free, copy, near, away, relics,
heroic."""
from __future__ import annotations

from .helpers import (act, deck, define, duel, end_turn, find, give, hand, labels, log_text,
                      pass_all, setup, stat, zone_names)

define('''
card "T Oath" { skill warrior types ability
  become_chivalrous }
card "T Quick" { skill warrior cost 1 action generates 1 power range 3 banner silence
  keywords cantrip
  types attack
  deal 1 damage to target enemy }
card "T Unleashed" { skill warrior cost 1 action range 3 banner silence
  keywords unleash
  types attack
  deal 1 damage to target enemy
  unleash: deal (unleashed power) more damage to them }
card "T Stun" { skill warrior range 3 types debuff
  stun target enemy }
card "T Echo" { skill warrior range 3 instant types ability
  copy target card for free }
card "T Paid Echo" { skill warrior range 3 instant types ability
  copy target card }
card "T Gift" { skill warrior types ability
  play a card for free }
card "T Pulse" { skill warrior types attack
  for each enemy near you { deal 2 damage to them } }
card "T Seek" { skill warrior types ability
  gain_relic }
card "T Relic Power" { skill relic heroic keywords relic types ability
  gain 2 power }
card "T Relic Mantle" { skill relic heroic keywords relic types aura
  attach to you
  static reduce_damage = 1 }
card "T Relic Skill" { skill relic cost 1 action heroic instant keywords relic types ability
  gain 1 power }
''')


def _close(g, actions=3, power=3):
    setup(g, 1, position="d3", actions=actions, power=power)
    setup(g, 0, actions=actions, power=power)


# ---- chivalry ------------------------------------------------------------------------

def test_chivalrous_heroes_heal_two_at_the_start_of_their_turn():
    """001 § Rules Reference > Glossary > CHIVALRY ("at the start of your turn, you heal 2 HP") (IV-KW-CHIV-1, IV-KW-CHIV-2)."""
    g = duel(hands=(["T Oath"], []))
    setup(g, 0, hp=30)
    act(g, "play T Oath"); pass_all(g)
    assert g.state.players[0].flags["chivalrous"]
    end_turn(g); end_turn(g)
    assert stat(g, 0, "hp") == 32
    end_turn(g); end_turn(g)
    assert stat(g, 0, "hp") == 34                    # stays chivalrous


def test_dishonour_by_targeting_a_controlled_enemy():
    """001 § Glossary > CHIVALRY ("You play a card targeting an enemy affected by control") (IV-KW-CHIV-3a)."""
    g = duel(hands=(["T Bolt", "T Bolt"], []))
    _close(g)
    g.state.players[0].flags["chivalrous"] = True
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert g.state.players[0].flags["chivalrous"]    # bob was not controlled
    setup(g, 1, slow=1)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert not g.state.players[0].flags["chivalrous"]


def test_dishonour_by_playing_a_card_on_an_enemys_turn():
    """001 § Glossary > CHIVALRY ("You play a card during an enemy's turn"); G-26 (IV-KW-CHIV-3b)."""
    g = duel(hands=(["T Bolt"], ["T Zap"]))
    _close(g)
    g.state.players[1].flags["chivalrous"] = True
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Zap"); act(g, "target alice")
    assert not g.state.players[1].flags["chivalrous"]


def test_dishonour_by_leaving_the_enemys_side_yourself_but_not_when_pushed():
    """001 § Glossary > CHIVALRY ("A game action or effect you control causes you to leave a tile near an enemy and enter a tile that is not near an enemy") (IV-KW-CHIV-3c)."""
    g = duel()
    setup(g, 1, position="c2")
    setup(g, 0, position="c1")
    g.state.players[0].flags["chivalrous"] = True
    act(g, "move to b1")                              # b1 is still adjacent? no: b1-c2 is diagonal
    assert not g.state.players[0].flags["chivalrous"]
    # pushed away by the enemy's card: no dishonour
    define('''card "T Push" { skill warrior cost 1 action range 3 types travel
      travel target enemy up to 2 tiles away from you }''')
    g = duel(hands=([], ["T Push"]))
    end_turn(g)
    setup(g, 1, position="c2", actions=3)
    setup(g, 0, position="c1")
    g.state.players[0].flags["chivalrous"] = True
    act(g, "play T Push"); act(g, "target alice"); pass_all(g)
    act(g, "alice to a1")
    assert g.state.players[0].position == "a1" and g.state.players[0].flags["chivalrous"]


# ---- cantrip ---------------------------------------------------------------------------

def test_cantrip_is_played_for_an_initiative_and_gains_nothing():
    """001 § Rules Reference > Glossary > CANTRIP; 001 § Glossary > FREE (IV-KW-CANT-1, IV-KW-CANT-2)."""
    g = duel(hands=(["T Quick"], []))
    _close(g, actions=0, power=0)
    assert find(g, "play T Quick") is None           # can't pay its action
    act(g, "cantrip T Quick (expend initiative)"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 39
    assert stat(g, 0, "initiative") == 0 and stat(g, 0, "power") == 0


def test_meta_countered_cantrip_does_not_refund_the_initiative():
    """001 § Glossary > CANTRIP ("if a card played this way is meta-countered, the initiative token is not refunded") (IV-META-4)."""
    g = duel(hands=(["T Quick"], ["T Hush"]))
    _close(g)
    act(g, "cantrip T Quick"); act(g, "target bob")
    act(g, "respond with T Hush"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 1, "hp") == 40
    assert stat(g, 0, "initiative") == 0 and stat(g, 0, "actions") == 3


# ---- unleash ---------------------------------------------------------------------------

def test_unleash_spends_all_remaining_power_for_the_unleash_effect():
    """001 § Rules Reference > Glossary > UNLEASH; G-24 (IV-KW-UNL-1)."""
    g = duel(hands=(["T Unleashed"], []))
    _close(g, power=3)
    act(g, "play T Unleashed"); act(g, "target bob")
    act(g, "unleash (3 power)")
    pass_all(g)
    assert stat(g, 0, "power") == 0 and stat(g, 1, "hp") == 40 - 1 - 3


def test_unleash_is_a_choice_and_needs_extra_power():
    """001 § Glossary > UNLEASH ("you choose whether or not to unleash it"; "only if one or more extra power is available") (IV-KW-UNL-1)."""
    g = duel(hands=(["T Unleashed", "T Unleashed"], []))
    _close(g, power=2)
    act(g, "play T Unleashed"); act(g, "target bob")
    act(g, "don't unleash")
    pass_all(g)
    assert stat(g, 0, "power") == 2 and stat(g, 1, "hp") == 39
    setup(g, 0, power=0)
    act(g, "play T Unleashed"); act(g, "target bob")
    assert g.pending.kind == "respond"               # no power left: not even asked


# ---- stun ------------------------------------------------------------------------------

def test_stun_loses_a_resource_of_the_targets_choice_without_removing_control():
    """001 § Rules Reference > Glossary > STUN; rulings.md (IV-KW-STUN-1)."""
    g = duel(hands=(["T Stun"], []))
    _close(g, actions=1, power=1)
    setup(g, 1, slow=1)
    act(g, "play T Stun"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "stun" and g.pending.player == 1
    act(g, "lose 1 power")
    assert stat(g, 1, "power") == 0 and stat(g, 1, "actions") == 1 and stat(g, 1, "slow") == 1


def test_stun_with_nothing_to_lose_does_nothing():
    """IV-KW-STUN-2 (inferred): a hero with no resources loses nothing."""
    g = duel(hands=(["T Stun"], []))
    _close(g, actions=0, power=0)
    setup(g, 0, actions=1)
    act(g, "play T Stun"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "main" and "bob is stunned" in log_text(g)


# ---- free and copy ---------------------------------------------------------------------

def test_free_play_costs_nothing_and_generates_nothing():
    """001 § Rules Reference > Glossary > FREE ("a -1/+1 card played for free will not generate power") (IV-KW-FREE-1, IV-KW-FREE-2)."""
    g = duel(hands=(["T Gift", "T Bolt"], []))
    _close(g, actions=0, power=0)
    act(g, "play T Gift"); pass_all(g)
    act(g, "play T Bolt for free")
    act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 37
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "power") == 0
    assert sorted(zone_names(g, "discard", 0)) == ["T Bolt", "T Gift"]


def test_free_play_still_obeys_its_banner():
    """IV-PLAY-9 (inferred): a card played by an effect is blocked by Control unless it gains Heroic."""
    g = duel(hands=(["T Gift", "T Bolt", "T Jab"], []))
    _close(g)
    setup(g, 1, position="d2")
    setup(g, 0, silence=2)
    act(g, "play T Gift")                             # no banner: playable while silenced
    pass_all(g)
    # T Bolt's banner has silence: only T Jab is offered
    assert [a.label for a in g.legal_actions()] == ["play T Jab for free", "play nothing"]


def test_reflect_plays_the_countered_card_for_free():
    """tsv Reflect; 001 § Glossary > FREE; G-4 (a card played from a resolving effect resolves before the rest of it) (IV-KW-FREE-1, IV-PLAY-9)."""
    g = duel(hands=(["T Bolt"], ["Reflect"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with Reflect"); act(g, "target T Bolt")
    act(g, "don't respond")
    act(g, "don't pay")
    act(g, "yes")                                     # you may play that card for free
    act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "hp") == 37 and stat(g, 1, "hp") == 40
    assert stat(g, 1, "power") == 0                  # free: no +1 power for bob
    assert "T Bolt" in zone_names(g, "discard", 0)   # back to its owner's discard


def test_copy_is_played_like_a_card_never_attaches_and_never_reaches_a_discard():
    """001 § Rules Reference > Glossary > COPY (IV-KW-COPY-1)."""
    g = duel(hands=(["Steward's Banner"], ["T Echo"]))
    _close(g)
    act(g, "play Steward's Banner"); act(g, "target c1")
    act(g, "respond with T Echo"); act(g, "target Steward's Banner")
    act(g, "don't respond")                           # Echo resolves: bob plays a copy
    act(g, "target c3")                               # the copy picks its own target
    assert g.pending.kind == "respond" and g.pending.player == 0   # and can be answered
    pass_all(g)
    field = [g.name(c) for c in g.state.zones["field"]]
    assert field == ["Steward's Banner"]              # only the original attached
    assert stat(g, 1, "power") == 3                   # the free copy generated nothing
    assert zone_names(g, "discard", 1) == ["T Echo"]  # the copy went nowhere


def test_a_copy_that_is_not_free_pays_its_cost():
    """001 § Glossary > COPY ("In all other ways, treat it like playing a normal card") (IV-KW-COPY-1)."""
    g = duel(hands=(["T Bolt"], ["T Paid Echo"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Paid Echo"); act(g, "target T Bolt")
    act(g, "don't respond")
    act(g, "target alice"); pass_all(g)
    assert stat(g, 1, "actions") == 2 and stat(g, 1, "power") == 4   # paid 1, gained 1
    assert stat(g, 0, "hp") == 37


# ---- near and away ---------------------------------------------------------------------

def test_near_is_same_tile_or_orthogonally_adjacent():
    """001 § Rules Reference > Glossary > NEAR ("Tiles that are diagonal to one another are not considered adjacent") (IV-KW-NEAR-1)."""
    g = duel(hands=(["T Pulse", "T Pulse"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="c3")                        # diagonal
    act(g, "play T Pulse"); pass_all(g)
    assert stat(g, 1, "hp") == 40
    setup(g, 1, position="b3")                        # adjacent
    act(g, "play T Pulse"); pass_all(g)
    assert stat(g, 1, "hp") == 38


def test_away_paths_get_farther_each_step():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Away (IV-KW-AWAY-1)."""
    from cardsmith.runtime.ivion import board
    tiles = board.paths_monotone("b2", "b2", 1, frozenset(), closer=False)
    assert tiles == {"a2", "c2", "b1", "b3"}
    two = board.paths_monotone("c2", "b2", 2, frozenset({"d2"}), closer=False)
    assert "d2" not in two and "d1" in two and "b2" not in two


# ---- relics ----------------------------------------------------------------------------

def test_gaining_a_relic_activates_it_at_once_and_it_leaves_the_game():
    """001 § Rules Reference > Glossary > RELICS ("draw the top card of this deck and immediately activate its effects. If a relic would enter the discard, instead remove it from the game") (IV-KW-RELIC-1..3)."""
    g = duel(decks=[deck(relics=["T Relic Power"]), deck()], hands=(["T Seek", "T Seek"], []))
    assert zone_names(g, "relics", 0) == ["T Relic Power"]
    act(g, "play T Seek")
    act(g, "don't respond")                           # the only window is for T Seek itself
    assert g.pending.kind == "main" and not g.state.stack
    assert stat(g, 0, "power") == 2
    assert zone_names(g, "removed", 0) == ["T Relic Power"] and zone_names(g, "discard", 0) == ["T Seek"]
    act(g, "play T Seek"); pass_all(g)
    assert "no relic left" in log_text(g) and stat(g, 0, "power") == 2


def test_an_attached_relic_is_removed_from_the_game_when_destroyed():
    """001 § Glossary > RELICS ("It cannot be gained again in this game") (IV-KW-RELIC-3, IV-ATT-5)."""
    define('''card "T Smash" { skill warrior cost 1 action range 3 instant types ability
      destroy target attached card }''')
    g = duel(decks=[deck(relics=["T Relic Mantle"]), deck()], hands=(["T Seek", "T Bolt"], ["T Smash"]))
    _close(g)
    act(g, "play T Seek"); pass_all(g)
    assert [g.name(c) for c in g.state.zones["field"]] == ["T Relic Mantle"]
    end_turn(g)
    setup(g, 1, position="d3")
    give(g, 1, "T Bolt"); setup(g, 1)
    act(g, "play T Bolt"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "hp") == 38                     # 3 - 1 from the Mantle
    act(g, "play T Smash"); act(g, "target T Relic Mantle"); pass_all(g)
    assert zone_names(g, "removed", 0) == ["T Relic Mantle"]


def test_a_relic_skill_goes_to_hand():
    """tsv Prismatic Light (gained, it goes straight to the hand) (IV-KW-RELIC-2)."""
    g = duel(decks=[deck(relics=["T Relic Skill"]), deck()], hands=(["T Seek"], []))
    act(g, "play T Seek"); pass_all(g)
    assert hand(g, 0) == ["T Relic Skill"]
    act(g, "play T Relic Skill"); pass_all(g)
    assert zone_names(g, "removed", 0) == ["T Relic Skill"]


# ---- heroic ----------------------------------------------------------------------------

def test_heroic_cards_are_playable_under_every_control():
    """001 § Rules Reference > Core Concepts > Control > HEROIC CARDS ("They are unaffected by control") (IV-KW-HERO-1, IV-CTRL-6)."""
    g = duel(hands=(["Hammer Strike"], ["T Hush"]))
    _close(g)
    setup(g, 1, position="d2")
    setup(g, 0, slow=5, silence=5, disarm=5)
    act(g, "play Hammer Strike"); act(g, "target bob")
    act(g, "remove 1 slow")                           # its action is spent: 1 Control comes off
    act(g, "respond with T Hush"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 1, "hp") == 35                     # resolved despite more Control
    assert labels(g)
