"""``cardsmith play ikorr``: a whole game ending with the winning team, byte-identical for
the same options (issue 6 § Play)."""
from __future__ import annotations

import io

import pytest

from cardsmith import cli


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("fmt, target", [("1v1", 10), ("2v2", 15), ("3v3", 15)])
def test_a_whole_game_ends_with_the_winning_team(fmt, target):
    code, out, err = run("play", "ikorr", "--format", fmt, "--seed", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"Rush of Ikorr {fmt}: ") and f"{target} secured Ikorr to win" in lines[0]
    assert lines[-1].startswith("winner: team ") and f"with {target}" in lines[-1] or "with 1" in lines[-1]
    assert any("avatars revealed together" in line for line in lines)


def test_same_options_same_bytes_and_seeds_differ():
    a = run("play", "ikorr", "--seed", "9")[1]
    assert a == run("play", "ikorr", "--seed", "9")[1]
    assert a != run("play", "ikorr", "--seed", "10")[1]


def test_greedy_ai_plays_a_game():
    code, out, _ = run("play", "ikorr", "--ai", "greedy", "--seed", "2")
    assert code == 0 and out.splitlines()[-1].startswith("winner: team ")


def test_decks_by_name_and_a_clear_error_for_an_unknown_one():
    code, out, _ = run("play", "ikorr", "--decks", "tide-oracle", "ember-regent", "--seed", "1")
    assert code == 0 and "alice (Tide Oracle) vs bob (Ember Regent)" in out.splitlines()[0]
    code, _, err = run("play", "ikorr", "--decks", "tide-oracle", "nope")
    assert code == 1 and "no deck file or bundled ikorr deck named 'nope'" in err


def test_the_private_draws_are_not_printed():
    import re
    out = run("play", "ikorr", "--seed", "1")[1]
    assert not re.search(r"^\s+\w+ draws [A-Z]", out, re.M)
