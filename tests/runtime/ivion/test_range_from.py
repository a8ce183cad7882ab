"""Cards that change where range is drawn from (IV-RANGE-7)."""
from __future__ import annotations

from cardsmith.runtime.ivion.targeting import in_range, nearest_choice

from .helpers import define, duel, find, give, setup

define('''card "T Lens Test" { skill tester types buff
  static range_from }
card "T Roots Test" { trait types passive
  static range_from = terrain }''')


def test_range_also_drawn_from_an_attached_card():
    """tsv Projection ("also draw range from"); 000 F&F § Ultimates (Wild Roots) (IV-RANGE-7)."""
    g = duel(hands=(["T Bolt"], []))
    setup(g, 1, position="a4")
    setup(g, 0, position="c1")
    assert find(g, "play T Bolt") is None
    cid = give(g, 0, "T Lens Test")
    g.move_card(cid, "field")
    g.card(cid).attached_to = "tile:b3"
    g.state.board.spaces["b3"].cards.append(cid)
    setup(g, 0)
    assert find(g, "play T Bolt") is not None
    assert in_range(g, 0, "player:1", 2) and not in_range(g, 1, "player:0", 2)   # only its controller's cards
    assert nearest_choice(g, 0, "enemy") == 2 and nearest_choice(g, 1, "enemy") == 5


def test_range_drawn_from_terrain():
    """000 F&F § Ultimates (Wild Roots: tiles with Terrain) (IV-RANGE-7)."""
    g = duel()
    setup(g, 1, position="a4")
    setup(g, 0, position="c1")
    cid = give(g, 0, "T Roots Test", where="feats")
    assert not in_range(g, 0, "player:1", 2)
    g.state.board.spaces["a3"].terrain = "enchanted"
    assert in_range(g, 0, "player:1", 1) and cid
