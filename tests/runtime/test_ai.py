"""The game-neutral AIs: legal, deterministic per seed, and they never touch the game."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core import CardsmithError

from cardsmith.runtime.core.ai import GreedyAI, Mark, RandomAI, seed_for, settle
from cardsmith.runtime.core.ai_kinds import make_ai

from .duels import new_duel, play_random


def _run(ai_kind: str, seed: int, steps: int) -> list:
    game = new_duel(seed)
    ais = [make_ai(ai_kind, seed_for(seed, seat)) for seat in range(2)]
    chosen = []
    for _ in range(steps):
        if game.state.over:
            break
        action = ais[game.pending.player].choose(game)
        assert action in game.legal_actions()
        chosen.append(action)
        game.apply(action)
    return chosen


def test_random_ai_is_deterministic_per_seed() -> None:
    assert _run("random", 4, 200) == _run("random", 4, 200)
    assert _run("random", 4, 200) != _run("random", 5, 200)


def test_ai_seeds_differ_per_seat_and_come_from_the_game_seed() -> None:
    assert seed_for(1, 0) != seed_for(1, 1)
    assert seed_for(1, 0) != seed_for(2, 0)
    assert seed_for(7, 1) == seed_for(7, 1)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_choosing_does_not_change_the_game(kind: str) -> None:
    """An AI thinks on copies and uses its own RNG: the game's state (and its RNG) stay put."""
    game = new_duel(8)
    ai = make_ai(kind, 3)
    for _ in range(25):
        before = game.to_json()
        action = ai.choose(game)
        assert game.to_json() == before
        game.apply(action)


def test_random_ai_uses_every_option_eventually() -> None:
    game = new_duel(2)
    ai = RandomAI(0)
    picks = {ai.choose(game) for _ in range(300)}
    assert picks == set(game.legal_actions())


def test_unknown_ai_kind() -> None:
    with pytest.raises(CardsmithError, match="unknown AI 'smart'.*random, greedy"):
        make_ai("smart", 0)


def test_greedy_ai_is_deterministic_per_seed() -> None:
    assert _run("greedy", 3, 40) == _run("greedy", 3, 40)


def _lethal_position():
    """A main-phase decision where some play wins on the spot and some action doesn't."""
    for seed in range(20):
        game = new_duel(seed)
        for _ in range(150):
            if game.state.over:
                break
            pending = game.pending
            plays = [a for a in game.legal_actions() if a.kind == "play"]
            if pending.kind == "main" and plays:
                trial = game.clone()
                trial.state.players[1 - pending.player].stats.update(hp=1, mitigate=0)
                outcomes = {}
                for action in trial.legal_actions():
                    twin = trial.clone()
                    mark = Mark(twin)
                    twin.apply(action)
                    settle(twin, mark)
                    outcomes[action] = twin.state.over and twin.state.winner == pending.player
                winning = [a for a, won in outcomes.items() if won]
                if winning and len(winning) < len(outcomes) and winning[0].kind == "play":
                    return trial, outcomes
            game.apply(game.legal_actions()[len(game.legal_actions()) // 2])
    pytest.fail("no position with a lethal play found")


def test_greedy_ai_takes_a_lethal_play() -> None:
    game, outcomes = _lethal_position()
    for seed in range(3):
        action = GreedyAI(seed).choose(game)
        assert outcomes[action], f"greedy chose {action} over a winning play"


def test_random_games_end() -> None:
    """Random duels finish with a winner (zero HP), in both rulesets."""
    for seed, ruleset in ((1, "hh"), (2, "original")):
        game = new_duel(seed, ruleset)
        play_random(game, seed)
        assert game.state.over and game.state.winner in (0, 1)
        assert "0 HP" in game.state.result
