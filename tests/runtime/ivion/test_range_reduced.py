"""Range reduced while in a card's tile (Trapdoor; IV-RANGE-7)."""
from __future__ import annotations

from cardsmith.runtime.ivion.range_rules import effective_range

from .helpers import define, duel, find, give, setup

define('''card "T Pit Test" { skill warrior types ability
  static range_reduced_here = enemies, 1 }''')


def _pit(g, tile: str) -> None:
    cid = give(g, 0, "T Pit Test")
    g.move_card(cid, "field")
    g.card(cid).attached_to = "tile:" + tile
    g.state.board.spaces[tile].cards.append(cid)


def test_enemy_in_the_tile_has_less_range_never_below_zero():
    """tsv Trapdoor (reduced by one; a range-0 card reaches only its own tile) (IV-RANGE-7, IV-RANGE-3)."""
    g = duel()
    setup(g, 1, position="c3")
    _pit(g, "c3")
    assert effective_range(g, 1, 2) == 1 and effective_range(g, 1, 0) == 0
    assert effective_range(g, 1, None) is None                      # no range: no limit
    assert effective_range(g, 0, 2) == 2                            # not its controller's cards
    setup(g, 1, position="c4")
    assert effective_range(g, 1, 2) == 2                            # only while in the tile


def test_the_play_check_uses_the_reduced_range():
    """IV-RANGE-4 with Trapdoor's reduction (IV-RANGE-7)."""
    g = duel(first=1, hands=([], ["T Bolt"]))
    _pit(g, "c3")
    setup(g, 0, position="c1")
    setup(g, 1, position="c3")
    assert find(g, "play T Bolt") is None
    setup(g, 0, position="c2")
    assert find(g, "play T Bolt") is not None
