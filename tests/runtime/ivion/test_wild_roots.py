"""Wild Roots (tsv #291, Wilder ultimate): range also from tiles with Terrain, Travel cards
that target a tile left out, and other characters targetable only in Terrain (IV-RANGE-7;
docs/ivion/choices.md "Where range is drawn from", "Can't beats can")."""
from __future__ import annotations

import pytest

from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, define, duel, find, give, labels, log_text, pass_all, setup, stat

define('''card "T Mend Other Test" { skill warrior cost 1 action range 3 types ability
  heal 2 hp to target character }
card "T Hop Test" { skill warrior cost 1 action range 1 types travel
  travel you to target tile }''')


def _roots(hands=(["T Bolt"], []), terrain=("a4",)):
    g = duel(hands=hands)
    give(g, 0, "Wild Roots", "feats")
    for t in terrain:
        g.state.board.spaces[t].terrain = "difficult"
    return g


def test_range_is_drawn_from_tiles_with_terrain():
    """tsv Wild Roots ("also draw range from tiles with Terrain"); IV-RANGE-7, IV-RANGE-4:
    bob is 6 tiles away, but in Terrain, so a range-2 attack reaches him."""
    g = _roots()
    setup(g, 1, position="a4")
    setup(g, 0, position="d1", actions=3)
    act(g, "play T Bolt")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 40 - 3


def test_other_characters_out_of_terrain_cant_be_targeted():
    """tsv Wild Roots (other characters are targets only while in Terrain);
    IV-PLAY-3 (a card needs a legal target): bob stands next to alice but not in Terrain."""
    g = _roots(hands=(["T Bolt", "T Mend Other Test"], []), terrain=("a1",))
    setup(g, 1, position="c2")
    setup(g, 0, position="c1", actions=3, hp=30)
    assert find(g, "play T Bolt") is None
    bolt = next(c for c in g.state.zones["hand:0"] if g.name(c) == "T Bolt")
    assert "no legal target" in why_cant_play(g, 0, bolt)
    act(g, "play T Mend Other Test")          # "other" characters: alice herself still may be
    assert labels(g) == ["target alice"]
    g.state.board.spaces["c2"].terrain = "enchanted"     # any kind of Terrain will do
    act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "hp") == 32
    setup(g, 0)
    act(g, "play T Bolt")
    act(g, "target bob")


def test_only_its_controllers_cards_are_limited():
    """tsv Wild Roots ("You may only target"): the enemy's cards target alice anywhere."""
    g = _roots(hands=([], []))
    setup(g, 1, position="c2")
    setup(g, 0, position="c1")
    act(g, "end the turn")
    give(g, 1, "T Bolt")
    setup(g, 1, actions=3)
    act(g, "play T Bolt")
    act(g, "target alice")


def test_travel_cards_that_target_a_tile_keep_the_heros_range():
    """tsv Wild Roots ("except Travel cards that target a tile"), read as Projection's
    exception (IV-RANGE-7): a range-1 hop reaches only the hero's neighbours."""
    g = _roots(hands=(["T Hop Test"], []), terrain=("b4",))
    setup(g, 1, position="a1")
    setup(g, 0, position="d1", actions=3)
    act(g, "play T Hop Test")
    tiles = sorted(a.label.split()[-1] for a in g.legal_actions())
    assert tiles == ["c1", "d1", "d2"]


def test_a_target_that_leaves_terrain_meta_counters_the_card():
    """IV-META-2 ("untargetable"), IV-RANGE-5 (checked again at resolution): bob answers
    by travelling out of Terrain, so the attack has no valid target and is refunded."""
    g = _roots(hands=(["T Bolt"], ["T Blink"]))
    setup(g, 1, position="a4")
    setup(g, 0, position="d1", actions=3)
    act(g, "play T Bolt")
    act(g, "target bob")
    act(g, "respond with T Blink")
    pass_all(g)
    for _ in range(5):
        if find(g, "a3") is None:
            break
        act(g, "a3")
    assert g.state.players[1].position == "a3"
    pass_all(g)
    assert stat(g, 1, "hp") == 40
    assert "meta-countered" in log_text(g)
    assert stat(g, 0, "actions") == 3               # refunded (IV-META-3)


def test_a_misspelt_qualifier_is_a_located_compile_error():
    """The qualifier words are checked as the card compiles (docs/language.md, Errors)."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.loader import compile_source
    with pytest.raises(CardError) as info:
        compile_source('card "T Bad Roots" { trait types passive\n'
                       '  static cant_be_targeted = all, by_me }', "ivion", "<t>")
    assert (info.value.line, info.value.col) == (2, 3)
    assert "'by_me'" in info.value.message
