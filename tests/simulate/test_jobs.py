"""Which games a run plays: seeds from the run's seed and the deal, seats swapped in every
other game, every game of every arm in exactly one chunk."""
from __future__ import annotations

from cardsmith.simulate.jobs import chunk_size, chunks, deal_of, game_seed, swapped


def test_both_games_of_a_deal_share_its_seed_and_swap_seats() -> None:
    numbers = range(100)
    seeds = {g: game_seed(7, g // 2) for g in numbers}
    assert all(seeds[2 * k] == seeds[2 * k + 1] for k in range(50))
    assert len(set(seeds.values())) == 50            # every deal its own shuffles
    assert sum(swapped(g) for g in numbers) == 50
    assert [swapped(g) for g in (0, 1, 2, 3)] == [False, True, False, True]


def test_seeds_depend_on_the_run_seed_and_fit_a_play_seed() -> None:
    assert game_seed(0, 3) == game_seed(0, 3)
    assert game_seed(0, 3) != game_seed(1, 3)
    assert all(0 <= game_seed(s, d) < 2 ** 31 for s in range(20) for d in range(20))


def test_chunks_cover_every_game_of_every_arm_once() -> None:
    seen = [(c.arm, g) for c in chunks(3, 0, 1001, 64) for g in range(c.start, c.stop)]
    assert sorted(seen) == sorted((a, g) for a in range(3) for g in range(1001))
    assert max(len(c) for c in chunks(2, 0, 1001, 64)) == 64


def test_chunks_are_small_enough_to_share_and_large_enough_to_pay() -> None:
    assert chunk_size(10_000, 2) == 100
    assert chunk_size(40, 2) == 2
    assert chunk_size(3, 8) == 1


def test_a_game_without_sides_deals_every_game_afresh() -> None:
    """Sylvion (no decks, no seats to swap): a pair sharing a deal would be one game played
    twice, and an interval over n games would count n/2 as n."""
    assert [deal_of(g, True) for g in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [deal_of(g, False) for g in range(6)] == list(range(6))


def test_chunks_of_a_changing_size_still_cover_every_game_once() -> None:
    """``run.Pace`` sizes each stretch of chunks as the games come back; the games are the
    same whatever the sizes."""
    sizes = iter([2, 2, 8, 1, 50, 0, 300])
    seen = [(c.arm, g) for c in chunks(2, 0, 400, lambda: next(sizes, 30)) for g in range(c.start, c.stop)]
    assert sorted(seen) == [(a, g) for a in range(2) for g in range(400)]
