"""Avalanche picks a lane: the whole row or column through its target tile (tsv Avalanche;
docs/ivion/choices.md "Lanes").  The lane is a "choose" made as the card is played
(001 § Core Concepts > Playing Cards 1a; IV-PLAY-2), the damage to everyone in it is one
event (G-22), and the enemies hit travel to an end of the lane, never into an enemy's tile
(001 § Occupied Tiles; IV-TRAV-3)."""
from __future__ import annotations

from .helpers import act, duel, labels, pass_all, setup, stat


def _game(alice="d1", bob="b2", **kw):
    g = duel(hands=(["Avalanche"], []), **kw)
    setup(g, 1, position=bob)
    setup(g, 0, actions=3, power=4, position=alice)
    return g


def _play(g, option, tile):
    act(g, "play Avalanche"); act(g, option); act(g, f"target {tile}"); pass_all(g)


def _terrain(g):
    return sorted(t for t, s in g.state.board.spaces.items() if s.terrain == "difficult")


def test_the_row_through_the_target_tile():
    """tsv Avalanche (the lane is chosen through a target tile); G-14 (rows in the board frame)."""
    g = _game()
    _play(g, "option 1", "c2")
    assert _terrain(g) == ["a2", "b2", "c2", "d2"]
    assert stat(g, 1, "hp") == 28
    assert g.pending.kind == "travel" and labels(g) == ["bob to a2", "bob to d2"]
    act(g, "bob to a2")
    assert g.state.players[1].position == "a2" and stat(g, 0, "hp") == 40


def test_the_column_through_the_same_tile_misses_an_enemy_outside_it():
    """tsv Avalanche: the other lane through the target tile; only characters in the lane are hit."""
    g = _game()
    _play(g, "option 2", "c2")
    assert _terrain(g) == ["c1", "c2", "c3", "c4"]
    assert stat(g, 1, "hp") == 40 and g.state.players[1].position == "b2"
    assert g.pending.kind == "main"


def test_the_caster_in_the_lane_is_hit_and_blocks_an_end():
    """tsv Avalanche ("each character in them"); 001 § Occupied Tiles (IV-TRAV-3): the caster's end can't be picked."""
    g = _game(alice="d2", bob="b2")
    _play(g, "option 1", "c2")
    assert stat(g, 0, "hp") == 28 and stat(g, 1, "hp") == 28
    assert g.state.players[1].position == "a2"        # the only free end: no question asked
    assert g.pending.kind == "main"


def test_both_heroes_falling_to_one_avalanche_is_a_draw():
    """G-22 ("If one single event brings both heroes to 0, the game is a draw")."""
    g = _game(alice="d2", bob="b2")
    setup(g, 0, hp=12)
    setup(g, 1, hp=10)
    _play(g, "option 1", "c2")
    assert g.state.over and g.state.winner == -1 and g.state.result.startswith("draw")
