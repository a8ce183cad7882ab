"""Eagle (a feather: 2 more damage and a Stun per tile separating you from the arrow's
target: `for each (tiles between of them)`) and Elfshot (an arrowhead: 6 damage, and the target
gains no initiative when their next turn starts: `deny_initiative them`), fired as Master
Arrows (docs/ivion/choices.md, "The Fletcher's Feather deck, Arrowhead deck and Master
Arrow"; cards/ivion/fletcher.ivion)."""
from __future__ import annotations

import json

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.render import render_text
from cardsmith.runtime.core import Game, get_game

from .helpers import act, define, duel, find, library, log_text, play, setup, shown, stat
from .test_fletcher import _ready


# ---- Eagle ----------------------------------------------------------------------------------

def test_an_eagle_arrow_takes_the_feathers_cost_and_range():
    """tsv Eagle (2 actions, range 4, Silence and Disarm); choices.md "The Fletcher's ..."
    (the feather's action cost and range, the arrowhead's power, both banners)."""
    g = _ready("Eagle", "Bodkin")
    arrow = next(c for c in g.state.zones["feats:0"] if g.name(c).startswith("Master Arrow"))
    h = g.cdef(arrow).header
    assert g.name(arrow) == "Master Arrow: Eagle + Bodkin"
    assert (h.action_cost, h.power_gain, h.range) == (2, 2, 4)
    assert h.banner == frozenset({"silence", "disarm"})


@pytest.mark.parametrize("bob, between", [("b2", 0), ("b3", 1), ("b4", 2), ("c4", 3)])
def test_eagle_adds_two_damage_and_a_stun_per_tile_between(bob, between):
    """tsv Eagle (per tile separating you from the target: 2 more damage and a Stun, each
    costing them a resource they pick); choices.md "The Fletcher's ..." (tiles between: one
    fewer than the distance, counted as range is, 001 § Resources > RANGE); 001 § Glossary:
    STUN (a resource lost, not spent)."""
    g = _ready("Eagle", "Bodkin")
    setup(g, 1, position=bob, actions=5, power=0, slow=2)
    setup(g, 0, position="b1", actions=5, power=0)
    play(g, "Master Arrow: Eagle + Bodkin", "target bob")
    assert stat(g, 1, "hp") == 40 - 3 - 2 * between
    assert stat(g, 1, "actions") == 5 - between
    assert stat(g, 1, "slow") == 2                      # lost, not spent: the Control stays
    assert log_text(g).count("bob is stunned") == between


def test_eagle_is_out_of_range_past_four_tiles():
    """tsv Eagle (range 4); 001 § Core Concepts > Playing Cards 1c (targets within range)."""
    g = _ready("Eagle", "Bodkin")
    setup(g, 1, position="d4")
    setup(g, 0, position="a1")                          # 6 tiles apart
    assert find(g, "play Master Arrow: Eagle + Bodkin") is None


# ---- Elfshot --------------------------------------------------------------------------------

def _elfshot():
    g = _ready("Finch", "Elfshot")
    setup(g, 1, initiative=0)
    setup(g, 0, power=2)
    return g


def test_elfshot_deals_six_and_denies_the_next_initiative():
    """tsv Elfshot (6 damage; the target's next turn starts without initiative; costs 2 power);
    000 § Parts of a Turn > Start of Turn 3 (the turn's initiative); choices.md "The
    Fletcher's ..." (only that turn's gain is withheld, and only once)."""
    g = _elfshot()
    play(g, "Master Arrow: Finch + Elfshot", "target bob")
    assert stat(g, 1, "hp") == 40 - 6 and stat(g, 0, "power") == 0
    act(g, "end the turn")
    assert g.state.active == 1
    assert stat(g, 1, "initiative") == 0 and stat(g, 1, "actions") >= 3
    assert "bob gains no initiative this turn" in log_text(g)
    act(g, "end the turn")
    act(g, "end the turn")
    assert g.state.active == 1 and stat(g, 1, "initiative") == 1     # the turn after: as usual


def test_elfshot_does_not_touch_its_own_players_initiative():
    """tsv Elfshot (only the target's initiative is withheld)."""
    g = _elfshot()
    play(g, "Master Arrow: Finch + Elfshot", "target bob")
    act(g, "end the turn")
    act(g, "end the turn")
    assert g.state.active == 0 and stat(g, 0, "initiative") == 1


def test_the_denial_survives_save_and_load():
    """Bad input never loses state (HELPERS): the mark is part of the saved game."""
    g = _elfshot()
    play(g, "Master Arrow: Finch + Elfshot", "target bob")
    twin = Game.from_data(get_game("ivion"), library(), json.loads(g.to_json()))
    act(twin, "end the turn")
    assert twin.state.active == 1 and stat(twin, 1, "initiative") == 0


# ---- the words ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("Eagle", "For every tile separating you from them, deal 2 more damage to them and stun them."),
    ("Elfshot", "Deal 6 damage to target enemy."),
    ("Elfshot", "They gain no initiative when their next turn starts."),
])
def test_the_cards_render_from_their_scripts(name, words):
    """DESIGN § The language (rules text rendered from the script); cardsmith show."""
    assert words in shown(name)


# ---- the language pieces --------------------------------------------------------------------

def test_for_each_quantity_repeats_the_body_and_keeps_them():
    """docs/language.md § Choices and repetition (`for each (QUANTITY)`: that many times,
    binding nothing, so `them` is still the target); a quantity without an "each" phrase
    renders "as many times as ..."."""
    define('''card "T Volley" { skill warrior cost 1 action range 4 types attack
      deal 1 damage to target enemy
      for each (cards in hand of you) { deal 1 more damage to them } }''')
    g = duel(hands=(["T Volley", "T Filler", "T Filler"], []))
    setup(g, 1, position="b3")
    setup(g, 0, position="b1")
    play(g, "T Volley", "bob")
    assert stat(g, 1, "hp") == 40 - 1 - 2               # two cards left in hand as it resolves
    text = render_text(g.library.get("T Volley"), g.rules)
    assert "As many times as the number of cards in your hand, deal 1 more damage to them." in text


def test_within_of_is_only_for_filters_that_count_from_something():
    """docs/language.md § Selectors (`within N of SELECTOR`); a filter that takes no 'of' is
    a load error, with where it is."""
    with pytest.raises(CardError, match="'near N of ...' is not a filter"):
        compile_source('card "X" { skill warrior types ability\n  deal 1 damage to each enemy near 2 of you }', "ivion")
