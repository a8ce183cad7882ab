"""An AI's look-ahead never peeks: ``hidden.determinize`` re-deals what a player can't see.

Hidden information is the zones a game hides from a player (``GameRules.zone_visible``:
Ivion 001 § Additional Rules > Zones, a hand is private and a deck secret; Rush of Ikorr
likewise).  These tests check that a re-dealt world keeps everything the player can see,
and that the greedy AI's choice depends only on what its player could know.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsmith.runtime.core.ai import GreedyAI, RandomAI, seed_for
from cardsmith.runtime.core.hidden import determinize
from cardsmith.runtime.ivion.players import zone

from ..duels import new_duel
from ..ikorr.helpers import new_game as new_ikorr


def _advance(game, steps: int, seed: int):
    rnd = RandomAI(seed)
    for _ in range(steps):
        if game.state.over:
            break
        game.apply(rnd.choose(game))
    return game


def _visible(game, viewer):
    state = game.state
    return {z: list(ids) for z, ids in state.zones.items() if game.rules.zone_visible(state, z, viewer)}


@pytest.mark.parametrize("make", [lambda s: new_duel(s), lambda s: new_ikorr(seed=s)], ids=["ivion", "ikorr"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_redealt_world_keeps_what_the_viewer_sees(make, seed):
    game = _advance(make(seed), 60, seed)
    viewer = game.state.pending.player if game.state.pending else 0
    world = game.clone()
    determinize(world, viewer, random.Random(seed))
    before, after = game.state, world.state
    assert _visible(world, viewer) == _visible(game, viewer)            # seen zones untouched
    assert {z: len(ids) for z, ids in after.zones.items()} == {z: len(ids) for z, ids in before.zones.items()}
    assert Counter(c for ids in after.zones.values() for c in ids) == \
        Counter(c for ids in before.zones.values() for c in ids)          # every card once
    for z, ids in after.zones.items():
        for cid in ids:
            card = after.cards[cid]
            assert card.zone == z
            if ":" in z:                                                   # never to another owner's zone
                assert z.split(":", 1)[1] == before.cards[cid].zone.split(":", 1)[1]
            if before.cards[cid].revealed:                                 # a card seen face up stays put
                assert before.cards[cid].zone == z
    assert world.legal_actions() == game.legal_actions()


def test_the_other_hand_is_really_redealt():
    """Re-dealing moves the opponent's unseen cards between their hand and deck."""
    game = _advance(new_duel(5), 20, 5)
    viewer = game.state.pending.player
    other = 1 - viewer
    hands = set()
    for k in range(8):
        world = game.clone()
        determinize(world, viewer, random.Random(k))
        hands.add(tuple(sorted(world.state.cards[c].name for c in world.state.zones[zone("hand", other)])))
    assert len(hands) > 1


def _rearranged(game, seed: int):
    """A twin of ``game`` in which one unseen card of the opponent's hand and one of their
    deck (of another name) have changed places; None if there is no such pair."""
    me = game.state.pending.player
    other = 1 - me
    twin = game.clone()
    state = twin.state
    hand, deck = state.zones[zone("hand", other)], state.zones[zone("deck", other)]
    h = next((k for k, c in enumerate(hand) if not state.cards[c].revealed), None)
    if h is None:
        return None
    d = next((k for k, c in enumerate(deck) if state.cards[c].name != state.cards[hand[h]].name), None)
    if d is None:
        return None
    hand[h], deck[d] = deck[d], hand[h]
    state.cards[hand[h]].zone, state.cards[deck[d]].zone = zone("hand", other), zone("deck", other)
    twin.reindex()
    return twin


def _positions():
    for seed in range(6):
        game = _advance(new_duel(seed), 25 + seed, seed)
        if not game.state.over and game.state.pending.kind == "main":
            twin = _rearranged(game, seed)
            if twin is not None:
                yield seed, game, twin


def test_the_redealt_world_depends_only_on_what_the_viewer_knows():
    """Two games differing only in where the opponent's unseen cards are give the same
    world, card for card: nothing of the true arrangement reaches a look-ahead."""
    compared = 0
    for seed, game, twin in _positions():
        me = game.state.pending.player
        assert game.to_json() != twin.to_json()
        worlds = []
        for g in (game, twin):
            world = g.clone()
            determinize(world, me, random.Random(seed))
            worlds.append(world.to_json())
        assert worlds[0] == worlds[1]
        compared += 1
    assert compared >= 3


def test_greedy_choice_does_not_depend_on_the_opponents_hidden_cards():
    """The greedy player scores its options on such a world, so it chooses the same."""
    compared = 0
    for seed, game, twin in _positions():
        me = game.state.pending.player
        assert GreedyAI(seed_for(seed, me)).choose(game) == GreedyAI(seed_for(seed, me)).choose(twin)
        compared += 1
    assert compared >= 3
