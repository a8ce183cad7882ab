"""``teams.keep_sides``: the seats of a team game for players named at a smaller table
(docs/scenarios.md, "Runs": a scenario's named players keep their sides in every format)."""
from __future__ import annotations

from hypothesis import given, strategies as st

from cardsmith.runtime.core.teams import keep_sides

SPARE = ["alice", "bob", "carol", "dave", "erin", "frank"]


def test_two_opponents_stay_across_at_bigger_tables() -> None:
    assert keep_sides(["alice", "bob"], [1, 2, 3], 1, SPARE) == ["alice", "bob"]
    assert keep_sides(["alice", "bob"], [1, 2, 3], 2, SPARE) == ["alice", "carol", "bob", "dave"]
    assert keep_sides(["alice", "bob"], [1, 2, 3], 3, SPARE) == ["alice", "carol", "erin", "bob", "dave", "frank"]


def test_a_full_table_is_seated_as_named() -> None:
    four = ["w", "x", "y", "z"]
    assert keep_sides(four, [1, 2, 3], 2, SPARE) == four
    assert keep_sides(four, [1, 2, 3], 3, SPARE) == ["w", "x", "alice", "y", "z", "bob"]


def test_too_many_names_are_kept_for_the_game_to_refuse() -> None:
    assert keep_sides(["a", "b", "c"], [1, 2, 3], 1, SPARE) == ["a", "b", "c"]


@given(st.integers(0, 6), st.sampled_from([1, 2, 3]))
def test_every_named_player_keeps_team_and_seat(n: int, per: int) -> None:
    named = [f"p{i}" for i in range(n)]
    seats = keep_sides(named, [1, 2, 3], per, SPARE)
    if n > 2 * per:
        assert seats == named
        return
    assert len(seats) == 2 * per and len(set(seats)) == len(seats)
    base = min(k for k in (1, 2, 3) if 2 * k >= n)
    for i, name in enumerate(named):          # at the base table: team i // base, seat i % base
        assert divmod(seats.index(name), per) == divmod(i, base)
