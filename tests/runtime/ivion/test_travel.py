"""Travel (IV-TRAV-*): a card changes a hero's tile; it is not a move, follows no path, and
can never end in an enemy's tile."""
from __future__ import annotations

from .helpers import act, define, duel, log_text, pass_all, setup, stat

define('''
card "T Hop" { skill warrior heroic types travel
  travel you to target tile }
card "T Shove" { skill warrior cost 1 action range 3 types travel
  travel target enemy up to 2 tiles away from you }
card "T Pull" { skill warrior cost 1 action range 3 types travel
  travel target enemy up to 2 tiles towards you }
card "T Dash" { skill warrior types travel
  move you up to 2 tiles }
card "T Watcher" { trait types passive
  after an enemy moves: gain 1 mitigate
  after an enemy travels: gain 1 power }
''')


def test_slowed_heroes_can_still_travel_and_it_costs_nothing():
    """001 § Rules Reference > Additional Rules > Traveling ("does not count as moving") (IV-TRAV-1, IV-CTRL-5)."""
    g = duel(hands=(["T Hop"], []))
    setup(g, 0, slow=2)
    act(g, "play T Hop"); act(g, "target b2"); pass_all(g)
    assert g.state.players[0].position == "b2"
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "slow") == 2


def test_travel_is_not_a_move_for_triggers():
    """001 § Additional Rules > Traveling ("does not count as moving") (IV-TRAV-1, IV-MOVE-5)."""
    from .helpers import give
    g2 = duel(hands=(["T Hop"], []))
    give(g2, 1, "T Watcher", "feats")
    setup(g2, 0)
    act(g2, "move to d2")
    assert stat(g2, 1, "mitigate") == 1 and stat(g2, 1, "power") == 0
    act(g2, "play T Hop"); act(g2, "target b2"); pass_all(g2)
    assert stat(g2, 1, "mitigate") == 1 and stat(g2, 1, "power") == 1


def test_travel_follows_no_path():
    """001 § Additional Rules > Traveling ("Players do not travel along paths") (IV-TRAV-2)."""
    g = duel(hands=(["T Hop"], []))
    g.state.board.spaces["c1"].terrain = "enchanted"      # between d1 and b1
    setup(g, 0)
    act(g, "play T Hop"); act(g, "target b1"); pass_all(g)
    assert g.state.board.spaces["c1"].terrain == "enchanted" and stat(g, 0, "power") == 0


def test_travel_into_an_occupied_tile_is_meta_countered():
    """001 § Additional Rules > Occupied Tiles ("A card that would cause a player to travel to a tile with an opponent cannot resolve and will be meta-countered"); 000 § Additional Rules > Occupied Tiles (IV-TRAV-3, IV-META-5)."""
    define('''card "T Paid Hop" { skill warrior cost 1 action types travel
      travel you to target tile }''')
    g = duel(hands=(["T Paid Hop"], ["T Blink"]))
    setup(g, 1, position="c3", actions=3)
    act(g, "play T Paid Hop"); act(g, "target b2")
    act(g, "respond with T Blink"); act(g, "don't respond")
    act(g, "bob to b2")
    assert g.state.players[0].position == "d1"
    assert "meta-countered" in log_text(g) and stat(g, 0, "actions") == 3


def test_a_chosen_destination_can_never_be_the_enemys_tile():
    """001 § Additional Rules > Occupied Tiles ("you cannot choose a tile with their opponent in it") (IV-TRAV-3)."""
    g = duel(hands=(["T Pull"], []))
    setup(g, 1, position="d3")
    act(g, "play T Pull"); act(g, "target bob"); pass_all(g)
    options = [a.args[0] for a in g.legal_actions()]
    assert "d1" not in options                       # alice's own tile
    assert set(options) <= {"d3", "d2", "c2", "c1", "b1"} and "d2" in options


def test_away_means_each_step_farther_from_you():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Away (IV-TRAV-4, IV-KW-AWAY-1)."""
    g = duel(hands=(["T Shove"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="c2")
    act(g, "play T Shove"); act(g, "target bob"); pass_all(g)
    options = {a.args[0] for a in g.legal_actions()}
    # from c2 (1 from b2): 1 step to d2/c1/c3 (distance 2), 2 steps to d1/d3/c4 (distance 3)
    assert options == {"c2", "d2", "c1", "c3", "d1", "d3", "c4"}
    act(g, "bob to c4")
    assert g.state.players[1].position == "c4"


def test_a_card_granted_move_is_a_move():
    """001 § Additional Rules > Traveling (contrast); 001 § Core Concepts > Control (slowed can't move) (IV-MOVE-2, IV-MOVE-5)."""
    from .helpers import give
    g = duel(hands=(["T Dash", "T Dash"], []))
    give(g, 1, "T Watcher", "feats")
    setup(g, 0)
    act(g, "play T Dash"); pass_all(g)
    act(g, "move to d2"); act(g, "move to d3")
    assert g.state.players[0].position == "d3" and stat(g, 1, "mitigate") == 2
    setup(g, 0, slow=1)
    act(g, "play T Dash"); pass_all(g)
    assert g.state.players[0].position == "d3" and g.pending.kind == "main"
