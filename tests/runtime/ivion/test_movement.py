"""Movement and range (IV-MOVE-*, IV-RANGE-*)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action

from .helpers import act, define, duel, find, give, labels, setup, stat


def test_move_is_orthogonal_and_costs_one_action():
    """001 § Core Concepts > Resources > MOVEMENT; 000 § Game Concepts > Movement (IV-MOVE-1)."""
    g = duel()
    setup(g, 0, position="b2")
    moves = {a.args[0] for a in g.legal_actions() if a.kind == "move"}
    assert moves == {"b1", "b3", "a2", "c2"}
    act(g, "move to b3 (1 action)")
    assert g.state.players[0].position == "b3" and stat(g, 0, "actions") == 2


def test_move_spends_an_action_so_it_removes_control():
    """001 § Core Concepts > Control > REMOVING CONTROL (IV-MOVE-1, IV-CTRL-7)."""
    g = duel()
    setup(g, 0, disarm=2)
    act(g, "move to d2 (1 action)")
    assert stat(g, 0, "disarm") == 1


def test_cannot_move_into_the_enemys_tile():
    """001 § Learn to Play > How to Play > Main; 000 § Additional Rules > Occupied Tiles (IV-MOVE-3)."""
    g = duel()
    setup(g, 1, position="d2")
    assert find(g, "move to d2") is None
    with pytest.raises(IllegalAction):
        g.apply(Action("move", ("d2",)))


def test_slowed_players_cannot_move_even_with_initiative():
    """001 § Core Concepts > Control ("while slowed, you can't move nor spend an initiative token to move") (IV-MOVE-2, IV-INIT-3)."""
    g = duel()
    setup(g, 0, slow=1)
    assert not any(a.kind in ("move", "initiative_move") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="slowed"):
        g.apply(Action("move", ("d2",)))
    assert find(g, "expend initiative: draw") is not None      # drawing is still fine


def test_initiative_move_costs_no_action():
    """001 § Learn to Play > How to Play > Main ("move without spending an action") (IV-INIT-2, IV-INIT-7)."""
    g = duel()
    act(g, "expend initiative: move to d2")
    assert g.state.players[0].position == "d2"
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "initiative") == 0


def test_difficult_terrain_costs_one_more_resource():
    """000 § Additional Rules > Terrain ("cost 1 more Resource to move to"); G-15 (IV-MOVE-4, IV-TERR-3)."""
    g = duel()
    g.state.board.spaces["d2"].terrain = "difficult"
    setup(g, 0, actions=3, power=1)
    assert find(g, "move to d2 (2 actions)") is not None
    act(g, "move to d2 (1 action + 1 power")
    assert stat(g, 0, "actions") == 2 and stat(g, 0, "power") == 0


def test_initiative_move_into_difficult_terrain_pays_the_extra():
    """000 § Additional Rules > Terrain; G-15 (the initiative replaces only the base action) (IV-MOVE-4)."""
    g = duel()
    g.state.board.spaces["d2"].terrain = "difficult"
    setup(g, 0, actions=0, power=0)
    assert find(g, "expend initiative: move to d2") is None        # can't pay the extra
    setup(g, 0, actions=1)
    act(g, "expend initiative: move to d2 (+1 action")
    assert stat(g, 0, "actions") == 0 and g.state.players[0].position == "d2"


def test_moving_onto_a_tile_with_an_attached_card_is_allowed():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Attach (IV-MOVE-6, IV-ATT-3)."""
    g = duel()
    banner = give(g, 1, "T Filler", "hand")
    from cardsmith.runtime.ivion.attach import attach
    attach(g, banner, "tile:d2")
    setup(g, 0)
    act(g, "move to d2 (1 action)")
    assert g.state.players[0].position == "d2"


def test_range_is_grid_distance_from_the_player():
    """001 § Core Concepts > Resources > RANGE; IV-RANGE-2 (orthogonal steps) (IV-RANGE-1)."""
    g = duel(hands=(["T Bolt"], []))                 # range 2
    setup(g, 0, position="b2")
    setup(g, 1, position="c3")                       # diagonal: 2 orthogonal steps
    assert find(g, "play T Bolt") is not None
    setup(g, 1, position="c4")                       # 3 steps
    assert find(g, "play T Bolt") is None


def test_range_zero_means_your_own_tile_only():
    """rulings.md ("A card with range 0 can't target outside its own tile") (IV-RANGE-3)."""
    g = duel(hands=(["T Self"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="b3")
    assert find(g, "play T Self") is None
    # nobody can share a tile with an enemy, so test range 0 on tiles
    define('''card "T Mark Here" { skill warrior cost 1 action range 0 types ability
      make enchanted terrain at target tile }''')
    give(g, 0, "T Mark Here")
    setup(g, 0)
    act(g, "play T Mark Here")
    assert [a.label for a in g.legal_actions()] == ["target b2"]


def test_blank_range_is_unlimited():
    """001 § Core Concepts > Resources > RANGE ("if a card's range is not listed, there is no maximum") (IV-RANGE-1)."""
    g = duel(hands=(["T Far"], []))
    assert find(g, "play T Far") is not None         # the enemy is 6 tiles away


def test_a_card_with_a_range_needs_a_target_in_range_to_be_played():
    """rulings.md ("you can't play it just for the power it generates"); 001 § Core Concepts > Playing Cards 1c (IV-RANGE-4)."""
    g = duel(hands=(["T Jab"], []))
    assert find(g, "play T Jab") is None
    with pytest.raises(IllegalAction, match="no legal target"):
        g.apply(Action("play", (g.state.zones["hand:0"][0],)))
    assert "T Jab" not in " ".join(labels(g))
