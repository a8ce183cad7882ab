"""Cards that change where range is drawn from (IV-RANGE-7)."""
from __future__ import annotations

from cardsmith.runtime.ivion.playable import why_cant_play
from cardsmith.runtime.ivion.targeting import in_range, nearest_choice

from .helpers import act, define, duel, find, give, play, setup

define('''card "T Lens Test" { skill warrior types buff
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


define('''card "T Leap Test" { skill warrior cost 1 action range 1 types travel
  travel you to target tile }
card "T Leap Empty Test" { skill warrior cost 1 action range 1 types travel
  travel you to target empty tile }
card "T Tug Test" { skill warrior cost 1 action range 3 types travel
  travel target enemy up to 2 tiles towards you }
card "T Plant Test" { skill warrior cost 1 action range 1 types aura
  attach to target empty tile }''')


def _attach(g, player: int, name: str, tile: str) -> str:
    cid = give(g, player, name)
    g.move_card(cid, "field")
    g.card(cid).attached_to = "tile:" + tile
    g.state.board.spaces[tile].cards.append(cid)
    return cid


def test_projection_leaves_out_travel_cards_that_target_a_tile():
    """tsv Projection: all of your cards also draw range from it, except Travel cards that
    target a tile (IV-RANGE-7).  Played through the engine: an attack and a Travel card that
    targets an enemy reach from its tile; a Travel card that targets a tile does not."""
    g = duel(hands=(["Projection", "T Bolt", "T Tug Test", "T Leap Test"], []))
    setup(g, 1, position="a4")
    setup(g, 0, position="c1", actions=3)
    assert find(g, "play T Bolt") is None and find(g, "play T Tug Test") is None
    play(g, "Projection", "b3")
    assert [g.name(c) for c in g.state.board.spaces["b3"].cards] == ["Projection"]
    assert find(g, "play T Bolt") is not None          # b3 is 2 from bob
    assert find(g, "play T Tug Test") is not None          # a Travel card, but it targets an enemy
    leap = next(c for c in g.state.zones["hand:0"] if g.name(c) == "T Leap Test")
    bolt = next(c for c in g.state.zones["hand:0"] if g.name(c) == "T Bolt")
    assert not in_range(g, 0, "tile:a3", 1, src=leap) and in_range(g, 0, "tile:a3", 1, src=bolt)
    act(g, "play T Leap Test")
    tiles = {a.label.split()[-1] for a in g.legal_actions()}
    assert "b1" in tiles and "a3" not in tiles and "b4" not in tiles


def test_projection_exception_in_the_listing_short_cut():
    """The plain-target short cut of a legal-action listing (one nearest distance per noun)
    asks per card while Projection is in play (tsv Projection; IV-RANGE-7, IV-RANGE-4)."""
    g = duel(hands=(["T Plant Test", "T Leap Empty Test"], []))
    setup(g, 1, position="a2")
    _attach(g, 1, "T Lens Test", "b1")
    setup(g, 0, position="a1", actions=3)          # alice's nearest empty tiles are 2 away
    assert find(g, "play T Plant Test") is None and find(g, "play T Leap Empty Test") is None
    _attach(g, 0, "Projection", "d4")
    setup(g, 0)
    assert find(g, "play T Plant Test") is not None
    assert find(g, "play T Leap Empty Test") is None
    leap = next(c for c in g.state.zones["hand:0"] if g.name(c) == "T Leap Empty Test")
    assert "range" in why_cant_play(g, 0, leap)


def test_a_misspelt_exception_is_a_located_compile_error():
    """``except_TYPE`` names a card type; a misspelt one is reported at the static's line."""
    import pytest

    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.loader import compile_source
    with pytest.raises(CardError) as info:
        compile_source('card "T Bad Lens" { skill warrior types buff\n'
                       '  static range_from = except_travle_targeting_tile }', "ivion", "<t>")
    assert (info.value.line, info.value.col) == (2, 3)
    assert "no card type 'travle'" in info.value.message
