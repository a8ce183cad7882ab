"""A scenario's ``seed`` and ``option`` lines are checked where they are read: a value the game
can't use is a located error at the value, never an internal error in the game's setup."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import parse_scenario
from cardsmith.runtime.core.registry import get_game
from cardsmith.runtime.core.rng import MAX_SEED

ROOT = Path(__file__).resolve().parents[2]


def scenario(game: str, line: str) -> str:
    return f'scenario "x"\ngame {game} seed 1\n{line}\nscript\n  expect 1 == 1\n'


def error_of(text: str) -> CardError:
    with pytest.raises(CardError) as info:
        parse_scenario(text, "s.scenario")
    return info.value


BAD = [
    ("ivion", "option first 1e9", "option 'first' takes a whole number from 0 to 1, not '1e9'"),
    ("ivion", "option first 1000000000000000000000", "takes a whole number from 0 to 1"),
    ("ivion", "option first -1", "takes a whole number from 0 to 1, not '-1'"),
    ("ivion", 'option first "x"', "not 'x'"),
    ("ivion", "option hand_limit 100000", "takes a whole number from 0 to 99"),
    ("ivion", "option both_at_zero maybe", "takes draw or active_loses or active_wins or sequential"),
    ("ivion", "option shuffle_unreveals perhaps", "takes true or false, not 'perhaps'"),
    ("sylvion", "option players 99", "takes a whole number from 1 to 2, not '99'"),
    ("sylvion", "option all_bloom 7", "takes true or false, not '7'"),
    ("sylvion", "option mode 3", "takes logistics or silence"),
    ("ikorr", "option format 9v9", "takes 1v1 or 2v2 or 3v3, not '9v9'"),
    ("ikorr", "option first 2", "takes a whole number from 0 to 1"),
]


@pytest.mark.parametrize("game,line,message", BAD, ids=[line for _, line, _ in BAD])
def test_a_bad_option_value_is_located_at_the_value(game: str, line: str, message: str) -> None:
    err = error_of(scenario(game, line))
    assert message in err.message
    value_col = len(" ".join(line.split()[:2])) + 2
    assert (err.line, err.col) == (3, value_col), err.format()
    assert err.hint == get_game(game).setup_options[line.split()[1]].help


def test_an_unknown_option_is_refused_with_a_suggestion() -> None:
    err = error_of(scenario("ivion", "option fist 1"))
    assert err.message == "unknown option 'fist' for ivion; did you mean 'first'?"
    assert (err.line, err.col) == (3, 1)
    assert "first" in err.hint and "hand_limit" in err.hint
    assert "unknown option 'auto_pass' for ivion" in error_of(scenario("ivion", "option auto_pass false")).message


@pytest.mark.parametrize("seed", [str(MAX_SEED + 1), "-1", "9" * 40])
def test_a_seed_beyond_the_rngs_64_bits_is_refused(seed: str) -> None:
    text = f'scenario "x"\ngame ivion seed {seed}\nscript\n  expect 1 == 1\n'
    err = error_of(text)
    assert err.message == f"seed takes a whole number from 0 to {MAX_SEED}"
    assert (err.line, err.col) == (2, 12)


def test_good_values_reach_the_game_converted() -> None:
    sdef = parse_scenario(scenario("ivion", "option shuffle_unreveals false\noption first 1\nseed 7"), "s.scenario")
    assert [(k, v) for k, v, _ in sdef.options] == [("shuffle_unreveals", False), ("first", 1)]
    assert parse_scenario(scenario("ivion", "seed " + str(MAX_SEED)), "s.scenario").seed == MAX_SEED


def test_every_option_a_bundled_scenario_sets_is_declared() -> None:
    files = sorted(ROOT.glob("tests/scenarios/**/*.scenario")) + sorted(ROOT.glob("cards/**/*.scenario"))
    seen = 0
    for f in files:
        sdef = parse_scenario(f.read_text(encoding="utf-8"), str(f))
        seen += len(sdef.options)
    assert seen > 50


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
def test_a_scenario_with_each_declared_option_starts(game: str, tmp_path: Path) -> None:
    """Every value the table accepts is one the game's setup can take."""
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.check import prepare
    examples = {"int": lambda o: str(o.low), "bool": lambda o: "false",
                "choice": lambda o: o.choices[-1], "text": lambda o: '"Luck"'}
    players = {"ivion": "player alice\nplayer bob\n", "sylvion": "player alice\n", "ikorr": ""}[game]
    for key, opt in get_game(game).setup_options.items():
        f = tmp_path / f"{key}.scenario"
        f.write_text(f'scenario "x"\ngame {game} seed 1\noption {key} {examples[opt.kind](opt)}\n{players}'
                     f"script\n  expect 1 == 1\n", encoding="utf-8")
        session = new_session(prepare(f))
        assert session.game is not None, key


def test_two_players_with_one_player_line_is_a_located_refusal(tmp_path: Path) -> None:
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.check import prepare
    f = tmp_path / "two.scenario"
    f.write_text('scenario "x"\ngame sylvion seed 1\noption players 2\nplayer alice\nscript\n  expect 1 == 1\n')
    with pytest.raises(CardError) as info:
        new_session(prepare(f))
    assert info.value.message == "can't start the game: a 2-player game needs 2 players' names, not 1"
    assert info.value.line == 2
