"""Charged feats (G-20, IV-FEAT-6): charge tokens, one expended per play besides the cost."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.ivion.charges import charges_left
from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, define, duel, end_turn, find, give, pass_all, setup, stat

define('''
card "T Dynamo" { trait  cost 1 action  types ability  charged 1
  gain 1 power
  at start of your turn: add 1 charge to this card }
card "T Tinder" { trait  cost 1 action  types ability  charged 1
  gain 1 power }
''')


def _feat(g, name: str) -> str:
    return give(g, 0, name, "feats")


def _next_own_turn(g) -> None:
    end_turn(g)
    end_turn(g)


def test_a_charged_feat_starts_with_its_printed_charges():
    """G-20 ("a Charged feat starts the game with as many charge tokens as its printed [charge] icons"); tsv: Shoot."""
    g = duel()
    assert charges_left(g, _feat(g, "Shoot")) == 3


def test_each_play_expends_one_charge_besides_the_cost():
    """G-20 ("can be played only by expending 1 charge in addition to its cost") (IV-FEAT-6)."""
    g = duel()
    setup(g, 1, position="d2")
    cid = _feat(g, "Shoot")
    setup(g, 0, actions=3)
    act(g, "play Shoot")
    act(g, "target bob")
    assert charges_left(g, cid) == 2 and stat(g, 0, "actions") == 2
    pass_all(g)
    assert stat(g, 1, "hp") == 37


def test_without_charges_it_cannot_be_played():
    """G-20 ("When it runs out, it cannot be played until text adds charges") (IV-FEAT-6)."""
    g = duel()
    cid = _feat(g, "T Tinder")
    setup(g, 0)
    act(g, "play T Tinder"); pass_all(g)
    _next_own_turn(g)
    assert find(g, "play T Tinder") is None
    assert "no charge" in why_cant_play(g, 0, cid)


def test_an_effect_adds_charges():
    """G-20 ("until text adds charges": Nemesis adds one at the start of your turn): ``add N charges``."""
    g = duel()
    cid = _feat(g, "T Dynamo")
    setup(g, 0)
    act(g, "play T Dynamo"); pass_all(g)
    assert charges_left(g, cid) == 0
    end_turn(g)
    assert g.state.active == 1
    end_turn(g)
    assert charges_left(g, cid) == 1
    act(g, "play T Dynamo"); pass_all(g)
    assert stat(g, 0, "power") == 2 and charges_left(g, cid) == 0


def test_a_charge_is_not_a_resource_and_is_not_refunded():
    """IV-RES-1 ("charge ... tokens are not resources"); 001 § Glossary > CANTRIP (a token that is not a resource is not refunded): a countered charged feat keeps its charge spent."""
    g = duel(hands=([], ["T Nix"]))
    cid = _feat(g, "T Tinder")
    setup(g, 1, power=1, position="d2")
    act(g, "play T Tinder")
    act(g, "respond with T Nix")
    act(g, "target T Tinder")
    pass_all(g)
    assert charges_left(g, cid) == 0


def test_a_skill_card_cannot_be_charged():
    """G-20 speaks of Charged feats only: the header is refused on a skill card."""
    with pytest.raises(CardError, match="only a feat can be charged"):
        compile_source('card "T Bad" { skill warrior charged 2 types ability gain 1 power }', "ivion", "<t>")
