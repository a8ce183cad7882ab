"""``cardsmith play GAME --ai SPEC``: the search AI and one AI per seat, for every game,
through the installed command; a bad spec is refused with what is wrong with it."""
from __future__ import annotations

import subprocess

import pytest

from cardsmith.runtime.core.ai import GreedyAI, RandomAI
from cardsmith.runtime.core.ai_kinds import make_ais
from cardsmith.runtime.core.search import SearchAI
from tests.installed import cardsmith_exe


def play(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([cardsmith_exe(), "play", *argv], capture_output=True, text=True, timeout=600)


def test_make_ais_seats_one_ai_per_name_with_its_seed():
    ais = make_ais("search:5, greedy", [11, 12])
    assert [type(a) for a in ais] == [SearchAI, GreedyAI]
    assert (ais[0].spec, ais[0].seed, ais[1].seed) == ("search:5", 11, 12)
    assert [type(a) for a in make_ais("random", [1, 2, 3])] == [RandomAI] * 3


@pytest.mark.parametrize("game, spec, last", [
    ("ivion", "search:2,greedy", "winner: "),
    ("ikorr", "greedy,search:2", "winner: team "),
    ("sylvion", "search:2", ("WON", "LOST")),
])
def test_a_search_ai_plays_every_game_the_same_way_each_time(game, spec, last):
    first = play(game, "--seed", "3", "--ai", spec)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert f"{spec} AI" in lines[0]
    assert lines[-1].startswith(last)
    again = play(game, "--seed", "3", "--ai", spec)
    assert again.stdout == first.stdout               # an iteration budget is deterministic


def test_one_name_is_every_seats_and_a_list_names_each_seat():
    """`--ai greedy` and `--ai greedy,greedy` seat the same players; swapping two AIs
    between the seats plays another game."""
    body = lambda r: r.stdout.splitlines()[1:]       # noqa: E731 (the first line names the spec)
    both, each = play("ivion", "--seed", "4", "--ai", "greedy"), play("ivion", "--seed", "4", "--ai", "greedy,greedy")
    assert both.returncode == each.returncode == 0
    assert body(both) == body(each)
    one, other = play("ivion", "--seed", "4", "--ai", "random,greedy"), play("ivion", "--seed", "4", "--ai", "greedy,random")
    assert body(one) != body(other)


@pytest.mark.parametrize("spec, code, message", [
    ("smart", 2, "unknown AI 'smart' (known: random, greedy, search"),
    ("search:fast", 2, "'fast' is not a search budget"),
    ("search:0", 2, "'0' is not a search budget"),
    ("search:", 2, "'search:' has no budget after the colon"),
    ("greedy:3", 2, "the greedy AI takes no budget"),
    ("search,", 2, "has an empty AI name"),
    ("search:2,greedy,random", 1, "names 3 AIs for "),
])
def test_a_bad_spec_says_what_is_wrong(spec, code, message):
    for game in ("ivion", "ikorr", "sylvion"):
        result = play(game, "--ai", spec)
        assert result.returncode == code, (game, result.stderr)
        assert message in result.stderr, (game, result.stderr)
        assert "Traceback" not in result.stderr and result.stdout == ""
