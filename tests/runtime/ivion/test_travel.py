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


define('''
card "T Paid Hop" { skill warrior cost 1 action types travel
  travel you to target tile }
card "T Fling" { skill warrior cost 1 action range 3 types travel
  travel target enemy to target tile }
card "T Swap" { skill warrior cost 1 action range 3 types travel
  travel target character to target tile }
card "T Leap" { skill warrior cost 1 action range 3 types travel
  travel you to target tile in difficult terrain }
card "T Push Two" { skill warrior cost 1 action range 3 types travel
  travel target enemy 2 tiles away from you }
card "T Two" { skill warrior cost 1 action types travel
  travel you 2 tiles }
''')


def _targets(g) -> set[str]:
    return {a.args[0] for a in g.legal_actions() if a.kind == "target"}


def test_a_target_tile_to_travel_to_is_never_the_enemys_tile():
    """001 § Rules Reference > Additional Rules > Occupied Tiles ("If a card allows you to choose between multiple tiles to travel a player to, you cannot choose a tile with their opponent in it"); 000 § Additional Rules > Traveling ("Traveling may only send players to tiles without enemies in them") (IV-TRAV-3)."""
    import pytest
    from cardsmith.runtime.core.engine import IllegalAction
    from cardsmith.runtime.core.state import Action
    g = duel(hands=(["T Paid Hop"], []))
    setup(g, 1, position="c2")
    act(g, "play T Paid Hop")
    offered = _targets(g)
    assert "tile:c2" not in offered and {"tile:d1", "tile:b2", "tile:c3"} <= offered
    before = g.state.players[0].stats.copy()
    with pytest.raises(IllegalAction):
        g.apply(Action("target", ("tile:c2",)))
    assert g.state.players[0].stats == before and g.pending.kind == "target"


def test_a_target_tile_is_barred_for_whoever_travels():
    """001 § Additional Rules > Occupied Tiles ("a tile with *their* opponent in it": the traveller's) (IV-TRAV-3).
    The tile is asked for before the player it sends (the order the card names its targets in)."""
    g = duel(hands=(["T Fling", "T Swap"], []))
    setup(g, 0, position="c2")
    setup(g, 1, position="c3")
    act(g, "play T Fling")
    offered = _targets(g)
    assert "tile:c2" not in offered                  # alice is bob's opponent
    assert {"tile:c3", "tile:b2", "tile:d2"} <= offered
    act(g, "target b2"); act(g, "target bob"); pass_all(g)
    assert g.state.players[1].position == "b2"
    # any character: every tile is someone's to go to; once it is chosen, only they may
    setup(g, 0, actions=3)
    act(g, "play T Swap")
    assert {"tile:c2", "tile:b2"} <= _targets(g)
    act(g, "target b2")                              # bob's: only bob may go there (stay)
    assert _targets(g) == {"player:1"}


def test_a_travel_card_with_only_the_enemys_tile_to_go_to_cant_be_played():
    """001 § Additional Rules > Occupied Tiles; rulings.md ("A card with a range needs a valid target within range to be played at all") (IV-TRAV-3, IV-RANGE-4): it is neither revealed nor paid for, and nothing fires."""
    import pytest
    from cardsmith.runtime.core.engine import IllegalAction
    from cardsmith.runtime.core.state import Action
    from .helpers import find, hand_card
    g = duel(hands=(["T Leap"], []))
    g.state.board.spaces["c2"].terrain = "difficult"
    setup(g, 1, position="c2")
    assert find(g, "play T Leap") is None
    with pytest.raises(IllegalAction, match="no legal target"):
        g.apply(Action("play", (hand_card(g, "T Leap"),)))
    assert stat(g, 0, "actions") == 3 and not g.state.cards[hand_card(g, "T Leap")].revealed
    setup(g, 1, position="a4")                        # the tile is free again
    assert find(g, "play T Leap") is not None


def test_travel_n_tiles_goes_exactly_n():
    """G-14 ("Travel N tiles" gives a destination exactly N steps away); 001 § Additional Rules > Traveling (no paths) (IV-TRAV-6, IV-TRAV-2, IV-TRAV-3)."""
    g = duel(hands=(["T Two"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="b3")
    act(g, "play T Two"); pass_all(g)
    options = {a.args[0] for a in g.legal_actions()}
    # every tile 2 steps from b2, never staying: bob in b3 is no obstacle to b4 (no path)
    assert options == {"a1", "c1", "d2", "a3", "c3", "b4"}
    act(g, "alice to b4")
    assert g.state.players[0].position == "b4"
    g2 = duel(hands=(["T Two"], []))
    setup(g2, 0, position="b2")
    setup(g2, 1, position="c3")
    act(g2, "play T Two"); pass_all(g2)
    assert "c3" not in {a.args[0] for a in g2.legal_actions()}       # the enemy's tile


def test_travel_n_tiles_away_goes_exactly_n_steps_each_farther():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Away; G-14 (IV-TRAV-4, IV-TRAV-6, IV-KW-AWAY-1)."""
    g = duel(hands=(["T Push Two"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="c2")
    act(g, "play T Push Two"); act(g, "target bob"); pass_all(g)
    options = {a.args[0] for a in g.legal_actions()}
    # from c2 (1 from b2), two steps each farther: distance 3 from b2, never staying
    assert options == {"d1", "d3", "c4"}
    act(g, "bob to d3")
    assert g.state.players[1].position == "d3"


def test_travel_n_tiles_is_checked_as_the_card_loads():
    """The shape of 'travel SELECTOR N tiles' (docs/language.md): N within the 4x4 Field, and not with 'up to' or 'to'."""
    import pytest
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.loader import compile_source
    for step, message in (("travel you 7 tiles", "from 1 to 6"), ("travel you 0 tiles", "from 1 to 6"),
                          ("travel you up to 1 tile 2 tiles", "one of 'up to N tiles' and 'N tiles'"),
                          ("travel you 2 tiles to target tile", "takes no 'N tiles'")):
        with pytest.raises(CardError, match=message):
            compile_source(f'card "T Bad" {{ skill warrior heroic types travel\n  {step} }}', "ivion")
    from cardsmith.dsl.render import render_lines
    from cardsmith.runtime.core import get_game
    from .helpers import library
    assert render_lines(library().get("T Push Two"), get_game("ivion")) == ["Travel target enemy 2 tiles away from you."]
    assert render_lines(library().get("T Two"), get_game("ivion")) == ["Travel you 2 tiles."]

