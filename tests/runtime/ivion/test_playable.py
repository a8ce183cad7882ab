"""The legal-action listing and the explanations agree (001 § Core Concepts > Playing Cards).

A main-phase listing asks ``PlayCheck.can`` of every card, with short cuts (plain targets
answered from one nearest distance, reasons never formatted); ``why`` answers a person.
These tests play real random duels and check, at every main decision and response window,
that the short cuts give exactly the answers of the general checks.
"""
from __future__ import annotations

import random

from cardsmith.runtime.ivion.playable import PlayCheck, play_info, why_cant_play
from cardsmith.runtime.ivion.players import zone

from .helpers import duel, setup


def _cards(game, player):
    state = game.state
    return [cid for kind in ("hand", "feats") for cid in state.zones.get(zone(kind, player), ())]


def _random_positions(seed: int, games: int = 6, cap: int = 400):
    """Every decision point of a few seeded random duels of the default decks."""
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.play import read_decks
    from cardsmith.runtime.core import Game
    import cardsmith.runtime.ivion as ivion

    library = bundled_library("ivion")
    decks = read_decks(list(ivion.GAME.default_decks), library, ivion.GAME)
    for g in range(seed, seed + games):
        game = Game.new(ivion.GAME, library, history=False, decks=decks, seed=g)
        rng = random.Random(g)
        for _ in range(cap):
            if game.state.over:
                break
            yield game
            game.apply(rng.choice(game.legal_actions()))


def _decisions(kind: str, seed: int):
    """(game, deciding player) at each pending decision of ``kind``."""
    for game in _random_positions(seed=seed):
        if game.state.pending.kind == kind:
            yield game, game.state.pending.player


def test_main_listing_offers_exactly_the_cards_why_allows():
    """001 § Core Concepts > Playing Cards (IV-PLAY-1): a card is offered iff nothing forbids it."""
    checked = 0
    for game, me in _decisions("main", seed=11):
        offered = {game.name(a.args[0]) for a in game.state.pending.options if a.kind == "play"}
        allowed = {game.name(cid) for cid in _cards(game, me) if why_cant_play(game, me, cid) == ""}
        assert offered == allowed, (game.state.turn, offered, allowed)
        check = PlayCheck(game, me)
        for cid in _cards(game, me):
            assert check.can(cid) == (check.why(cid) == "")
            # the listing's first question only ever says no where the full check does
            if check.ruled_out(play_info(game.cdef(cid))):
                assert check.why(cid) != ""
        checked += 1
    assert checked > 100


def test_response_window_offers_exactly_the_instants_why_allows():
    """001 § Instants (IV-INST-1): only instants, only those that can be paid and target."""
    checked = 0
    for game, me in _decisions("respond", seed=21):
        offered = {a.args[0] for a in game.state.pending.options if a.kind == "respond"}
        allowed = {cid for cid in _cards(game, me) if why_cant_play(game, me, cid, response=True) == ""}
        assert offered == allowed
        checked += 1
    assert checked > 20


def test_plain_target_short_cut_agrees_with_the_general_target_plan():
    """rulings.md (a card with a range needs a legal target in range to be played):
    the nearest-distance short cut answers as the general target plan does."""
    compared = refused = 0
    for game in _random_positions(seed=31, games=4):
        for player in (0, 1):
            for cid in _cards(game, player):
                cdef = game.cdef(cid)
                info = play_info(cdef)
                if not info.plain_targets:
                    continue
                short = PlayCheck(game, player).plain_targets_exist(info)
                general, _ = PlayCheck(game, player)._target_plan(cid, cdef)
                assert short == general, (cdef.name, game.state.turn)
                compared += 1
                refused += not short
    assert compared > 200 and refused > 0


def test_counter_short_cut_agrees_with_the_target_search():
    """A counter's target is an unresolved card (rulings.md: counter vs destroy; IV-CNTR-1):
    the short cut that answers "none" while nothing waits on the stack agrees with the
    search over every candidate, in main phases and in response windows alike."""
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.ivion.targeting import spec_options, spec_zones

    compared = {True: 0, False: 0}
    for game in _random_positions(seed=41, games=4):
        for player in (0, 1):
            for cid in _cards(game, player):
                cdef = game.cdef(cid)
                zones = spec_zones(cdef)
                for spec in cdef.targets:
                    if zones.get(id(spec)) != "stack":
                        continue
                    ctx = Ctx(game, None, src=cid, ctl=player, item="", bind={}, targets=[])
                    searched = len(spec_options(game, ctx, spec, cdef.header.range, limit=spec.count)) >= spec.count
                    assert PlayCheck(game, player)._spec_exists(cid, spec, cdef.header.range) == searched
                    compared[searched] += 1
    assert compared[False] > 50 and compared[True] > 0, compared


def test_reason_for_a_short_card_names_the_missing_resource():
    """001 § Core Concepts > Playing Cards 2 (pay the cost) (IV-PLAY-3): the words are built
    from the template only when asked."""
    g = duel(hands=(["T Big"], []))
    setup(g, 0, actions=2, power=1)
    big = g.state.zones[zone("hand", 0)][0]
    assert why_cant_play(g, 0, big) == "it costs 2 power and you have 1"
    assert PlayCheck(g, 0).verdict(big) == ("it costs {} {} and you have {}", 2, "power", 1)
    setup(g, 0, actions=1, power=2)
    assert why_cant_play(g, 0, big) == "it costs 2 actions and you have 1"
