"""The search AI (``runtime/core/search.py``): legal, blind to what its player can't see,
deterministic at an iteration budget, and strong where strength is obvious.

Small budgets keep the tests quick; what is checked does not depend on the budget's size.
"""
from __future__ import annotations

import random

import pytest

from cardsmith.runtime.core import CardsmithError
from cardsmith.runtime.core.ai import RandomAI, seed_for
from cardsmith.runtime.core.ai_kinds import make_ai, parse_ai_spec
from cardsmith.runtime.core.hidden import determinize
from cardsmith.runtime.core.search import Budget, SearchAI, action_key, parse_budget

from ..duels import new_duel
from ..ikorr.helpers import new_game as new_ikorr
from ..test_ai import _lethal_position
from .test_hidden import _advance


def _sylvion(seed: int):
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import Game, get_game
    return Game.new(get_game("sylvion"), bundled_library("sylvion"), history=False, seed=seed, players=1)


GAMES = {"ivion": lambda s: new_duel(s), "ikorr": lambda s: new_ikorr(seed=s), "sylvion": _sylvion}


def _thinking_position(game, seed: int):
    """Play on at random to a decision with at least two different actions."""
    rnd = RandomAI(seed)
    while not game.state.over:
        options = game.legal_actions()
        if len({action_key(game, a) for a in options}) > 1:
            return game
        game.apply(rnd.choose(game))
    pytest.fail("the game ended before a real decision")


# ---- budgets and names ----------------------------------------------------------------

def test_budgets_parse_as_iterations_or_seconds():
    assert parse_budget("") == Budget()
    assert parse_budget("800") == Budget(iterations=800)
    assert parse_budget("0.5s") == Budget(seconds=0.5)
    for bad in ("fast", "0", "-3", "1.5", "0s", "9999s"):
        with pytest.raises(CardsmithError, match="not a search budget"):
            parse_budget(bad)


def test_make_ai_knows_search_and_its_budget():
    assert make_ai("search", 1).spec == "search"
    assert make_ai("search:800", 1).spec == "search:800"
    assert make_ai("Search:0.5s", 1).spec == "search:0.5s"
    assert make_ai("greedy", 1).spec == "greedy"
    with pytest.raises(CardsmithError, match="takes no budget"):
        make_ai("greedy:5")
    with pytest.raises(CardsmithError, match="not a search budget"):
        make_ai("search:lots")


def test_one_ai_per_seat():
    assert parse_ai_spec("search", 2) == ["search", "search"]
    assert parse_ai_spec("search:50, greedy", 2) == ["search:50", "greedy"]
    with pytest.raises(CardsmithError, match="names 3 AIs for 2 seats"):
        parse_ai_spec("search,greedy,random", 2)
    with pytest.raises(CardsmithError, match="empty AI name"):
        parse_ai_spec("search,", 2)
    with pytest.raises(CardsmithError, match="unknown AI 'clever'"):
        parse_ai_spec("search,clever", 2)


# ---- it plays by the rules and never peeks ------------------------------------------

@pytest.mark.parametrize("name", sorted(GAMES))
def test_it_only_chooses_legal_actions(name):
    game = GAMES[name](3)
    ais = [make_ai("search:12", seed_for(3, seat)) for seat in range(len(game.state.players))]
    for _ in range(60):
        if game.state.over:
            break
        before = game.to_json()
        action = ais[game.pending.player].choose(game)
        assert game.to_json() == before                      # it thinks on copies only
        assert action in game.legal_actions()
        game.apply(action)


@pytest.mark.parametrize("name", ["ivion", "ikorr"])
@pytest.mark.parametrize("seed", [1, 2])
def test_what_it_cannot_see_does_not_change_its_choice(name, seed):
    """Re-deal every card the deciding player can't see (the other hand, both decks): the
    search's choice, at a fixed seed and iteration budget, is the same."""
    game = _thinking_position(_advance(GAMES[name](seed), 40, seed), seed)
    player = game.pending.player
    chosen = SearchAI(7, Budget(iterations=30)).choose(game)
    for k in range(3):
        world = game.clone()
        determinize(world, player, random.Random(100 + k))
        again = SearchAI(7, Budget(iterations=30)).choose(world)
        assert action_key(world, again) == action_key(game, chosen)


def test_redealing_really_moves_the_hidden_cards():
    """The check above means something: the re-dealt worlds differ where it can't see."""
    game = _thinking_position(_advance(new_duel(1), 40, 1), 1)
    player = game.pending.player
    world = game.clone()
    determinize(world, player, random.Random(100))
    other = f"hand:{1 - player}"
    assert world.state.zones[other] != game.state.zones[other]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_it_is_deterministic_at_an_iteration_budget(name):
    def run(seed: int) -> list:
        game = GAMES[name](seed)
        ais = [make_ai("search:10", seed_for(seed, s)) for s in range(len(game.state.players))]
        for _ in range(40):
            if game.state.over:
                break
            game.apply(ais[game.pending.player].choose(game))
        return [game.to_json()]
    assert run(5) == run(5)


def test_a_different_seed_thinks_differently():
    """Each seed deals other worlds: in Sylvion the next Ravage cards, which the search
    plays out before it scores (to the end: ``search_playouts``), differ, and so do the
    values it finds."""
    game = _thinking_position(_sylvion(4), 4)
    values = {}
    for seed in (1, 2):
        values[seed] = sorted((str(c.action), c.win_rate) for c in SearchAI(seed, Budget(iterations=40)).analyse(game))
    assert values[1] != values[2]


def test_a_time_budget_stops_on_time():
    game = _thinking_position(_advance(new_duel(2), 30, 2), 2)
    ai = SearchAI(3, Budget(seconds=0.05))
    ai.choose(game)
    assert 0 < ai.last_iterations < 10_000


def test_bookkeeping_costs_nothing():
    """A decision with one distinct action is taken without a search."""
    game = new_duel(1)
    ai = SearchAI(0, Budget(iterations=50))
    rnd = RandomAI(1)
    seen = 0
    for _ in range(200):
        if game.state.over:
            break
        options = game.legal_actions()
        if len({action_key(game, a) for a in options}) == 1:
            assert ai.choose(game) == options[0]
            assert ai.last_iterations == 0
            seen += 1
        game.apply(rnd.choose(game))
    assert seen > 5


# ---- strength where it is obvious -----------------------------------------------------

def test_it_takes_a_lethal_play():
    game, outcomes = _lethal_position()
    for seed in range(3):
        action = SearchAI(seed, Budget(iterations=60)).choose(game)
        assert outcomes[action], f"search chose {action} over a winning play"


def test_it_wins_a_game_it_should_obviously_win():
    """An Ivion duel from a position where its opponent has 4 HP left and it has 30: the
    search finishes it off against the random player within a few turns."""
    game = _advance(new_duel(6), 30, 6)
    me = game.pending.player
    game.state.players[1 - me].stats.update(hp=4)
    ais = {me: SearchAI(2, Budget(iterations=40)), 1 - me: RandomAI(9)}
    start = game.state.turn
    while not game.state.over and game.state.turn < start + 8:
        game.apply(ais[game.pending.player].choose(game))
    assert game.state.over and game.state.winner == game.state.players[me].team


def test_the_analysis_ranks_the_root_actions():
    game = _thinking_position(_advance(new_duel(3), 20, 3), 3)
    ai = SearchAI(4, Budget(iterations=60))
    top = ai.analyse(game, top=3)
    assert 1 <= len(top) <= 3
    assert [c.visits for c in top] == sorted((c.visits for c in top), reverse=True)
    assert all(c.action in game.legal_actions() and 0.0 <= c.win_rate <= 1.0 for c in top)
    assert sum(c.visits for c in ai.analyse(game, top=99)) == 60
    assert top[0].action == SearchAI(4, Budget(iterations=60)).choose(game)
