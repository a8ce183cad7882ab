"""Terrain (IV-TERR-*)."""
from __future__ import annotations

from .helpers import act, define, duel, find, pass_all, setup, stat

define('''
card "T Bog" { skill warrior cost 1 action range 3 types ability
  make difficult terrain at target tile }
card "T Glow" { skill warrior cost 1 action range 3 types ability
  make enchanted terrain at target tile }
card "T Totem" { skill warrior cost 1 action range 3 types aura
  attach to target empty tile }
card "T Hop" { skill warrior heroic types travel
  travel you to target tile }
''')


def test_making_terrain_replaces_the_old_terrain():
    """001 § Rules Reference > Additional Rules > Terrain ("the previous terrain is replaced") (IV-TERR-1)."""
    g = duel(hands=(["T Bog", "T Glow"], []))
    act(g, "play T Bog"); act(g, "target c1"); pass_all(g)
    assert g.state.board.spaces["c1"].terrain == "difficult"
    act(g, "play T Glow"); act(g, "target c1"); pass_all(g)
    assert g.state.board.spaces["c1"].terrain == "enchanted"


def test_terrain_does_not_stop_a_tile_being_empty():
    """001 § Rules Reference > Glossary > EMPTY TILE ("An empty tile may have a terrain token on it") (IV-TERR-2)."""
    g = duel(hands=(["T Totem"], []))
    g.state.board.spaces["c1"].terrain = "difficult"
    setup(g, 0)
    act(g, "play T Totem")
    assert find(g, "target c1") is not None


def test_entering_enchanted_terrain_by_a_move_gives_one_power_and_removes_it():
    """001 § Rules Reference > Glossary > ENCHANTED TERRAIN (IV-TERR-4)."""
    g = duel()
    g.state.board.spaces["c1"].terrain = "enchanted"
    setup(g, 0)
    act(g, "move to c1")
    assert stat(g, 0, "power") == 1 and g.state.board.spaces["c1"].terrain == ""


def test_entering_enchanted_terrain_by_travel_also_gives_power():
    """001 § Glossary > ENCHANTED TERRAIN ("After a player enters"); 001 § Additional Rules > Traveling ("Traveling causes players to enter and leave tiles") (IV-TERR-4, IV-TRAV-5)."""
    g = duel(hands=(["T Hop"], []))
    g.state.board.spaces["b2"].terrain = "enchanted"
    setup(g, 0)
    act(g, "play T Hop"); act(g, "target b2"); pass_all(g)
    assert g.state.players[0].position == "b2"
    assert stat(g, 0, "power") == 1 and g.state.board.spaces["b2"].terrain == ""


def test_travel_into_difficult_terrain_costs_nothing_extra():
    """000 § Additional Rules > Terrain (only moving costs more); G-15 (IV-TERR-3)."""
    g = duel(hands=(["T Hop"], []))
    g.state.board.spaces["b2"].terrain = "difficult"
    setup(g, 0)
    act(g, "play T Hop"); act(g, "target b2"); pass_all(g)
    assert g.state.players[0].position == "b2" and stat(g, 0, "actions") == 3


def test_in_terrain_filter_sees_terrain_on_the_tile():
    """IV-TERR-5: terrain can be counted by effects (Blizzard: each enemy in terrain)."""
    g = duel(hands=(["Blizzard"], []))
    setup(g, 0, power=1)
    setup(g, 1, position="d3")
    g.state.board.spaces["d3"].terrain = "difficult"
    act(g, "play Blizzard"); pass_all(g)
    act(g, "end the turn")
    assert stat(g, 1, "hp") == 35
