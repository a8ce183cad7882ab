"""The search AI on Sylvion, which plays the tactics' best options out to the end in the
same re-dealt worlds (``core.playouts``): it plays only legal actions, never peeks, is
deterministic at an iteration budget, and wins where the tactics' own choice obviously
wins.  No win rates here: those are benchmarks/ai_ladder.py's."""
from __future__ import annotations

import random

from cardsmith.runtime.core.hidden import determinize
from cardsmith.runtime.core.search import Budget, SearchAI, action_key

from .helpers import game, labels


def _last_defense():
    """002 § Final Assault; § End of the Game: the stacks' last cards are revealed, the
    forest holds 6 Desolated Edges (the introductory game) and the hand two Trees worth 7:
    planting both where nothing reaches them wins, ending Defense loses."""
    g = game(hand=["Tree 4", "Tree 3", "Fountain 1", "Fountain 2", "Tree 1"], stacks=[["Elemental 0"], [], [], []])
    g.run()
    assert g.state.pending.kind == "defense"
    return g


def _play_out(g, choose) -> bool:
    while not g.state.over:
        g.apply(choose(g))
    return g.state.winner == 0


def test_search_wins_where_the_tactics_choice_obviously_wins():
    """The premise first: the tactics alone win this position, and ending Defense loses it.
    The search, at any seed, does no worse than the tactics: it wins too."""
    assert _play_out(_last_defense(), lambda g: g.rules.order_actions(g, g.legal_actions())[0])
    assert not _play_out(_last_defense(), lambda g: next(a for a in g.legal_actions() if a.kind == "end")
                         if g.pending.kind == "defense" else g.legal_actions()[0])
    for seed in range(3):
        ai = SearchAI(seed, Budget(iterations=4))
        assert _play_out(_last_defense(), ai.choose), f"seed {seed}"


def test_search_plays_the_tactics_choice_unless_it_finds_better():
    """The tactics' first option stands unless a playout mean beats it by the game's
    ``search_keep_first``; each of the tactics' two best is played out in every world."""
    g = _last_defense()
    first = g.rules.order_actions(g, g.legal_actions())[0]
    ai = SearchAI(1, Budget(iterations=6))
    top = ai.analyse(g)
    assert ai.last_iterations == 6                  # 3 worlds, each for the tactics' two best
    assert len(top) == 2 and all(0.0 <= c.win_rate <= 1.0 and c.visits == 3 for c in top)
    chosen = SearchAI(1, Budget(iterations=6)).choose(g)
    assert chosen == top[0].action
    means = {str(c.action): c.win_rate for c in top}
    assert chosen == first or means[str(chosen)] >= means[str(first)] + g.rules.search_keep_first


def _thinking(seed: int):
    g = game(seed=seed)
    g.run()
    while len({action_key(g, a) for a in g.legal_actions()}) < 2:
        g.apply(g.legal_actions()[0])
    return g


def test_what_it_cannot_see_does_not_change_its_choice():
    """Re-deal the Defender deck and the Ravage stacks' unrevealed cards: the search's
    choice, at a fixed seed and iteration budget, is the same (it re-deals them itself)."""
    g = _thinking(5)
    chosen = SearchAI(7, Budget(iterations=6)).choose(g)
    for k in range(3):
        world = g.clone()
        determinize(world, 0, random.Random(100 + k))
        assert world.state.zones["deck"] != g.state.zones["deck"]
        assert action_key(world, SearchAI(7, Budget(iterations=6)).choose(world)) == action_key(g, chosen)


def _search_game(seed: int, decisions: int, players: int = 1) -> list[str]:
    g = game(seed=seed, players=players)
    g.run()
    ais = [SearchAI(seed + p, Budget(iterations=4)) for p in range(players)]
    out = []
    for _ in range(decisions):
        if g.state.over:
            break
        options = labels(g)
        before = g.to_json()
        action = ais[g.state.pending.player].choose(g)
        assert g.to_json() == before            # it thinks on copies only
        assert str(action) in options            # only ever a legal action
        out.append(str(action))
        g.apply(action)
    return out


def test_two_players_legal_and_deterministic():
    """Two players (002 § Rules for Two Players): each seat's search plays legal actions,
    the same game for the same seed."""
    first = _search_game(2, 20, players=2)
    assert len(first) == 20 and first == _search_game(2, 20, players=2)
