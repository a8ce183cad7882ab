"""``options.Option``: a value from a file is read as the game takes it, or refused with why."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core import options
from cardsmith.runtime.core.registry import get_game


def test_integers_are_read_within_their_range() -> None:
    first = options.integer("who goes first", 0, 1)
    assert first.read(1) == 1 and first.read("0") == 0
    for bad in ("1e9", "2", "-1", "x", "", 10 ** 30, "9" * 40, "1.0"):
        with pytest.raises(ValueError) as info:
            first.read(bad)
        assert "takes a whole number from 0 to 1" in str(info.value)


def test_flags_take_the_usual_words_and_nothing_else() -> None:
    flag = options.flag("a switch")
    assert [flag.read(w) for w in ("true", "yes", "on", "1", "True")] == [True] * 5
    assert [flag.read(w) for w in ("false", "no", "off", "0", 0)] == [False] * 5
    with pytest.raises(ValueError, match="takes true or false, not '7'"):
        flag.read(7)


def test_choices_and_names() -> None:
    mode = options.choice("mode", ("logistics", "silence"))
    assert mode.read("silence") == "silence"
    with pytest.raises(ValueError, match="takes logistics or silence, not 'Silence'"):
        mode.read("Silence")
    name = options.text("a rule card", longest=5)
    assert name.read(" Luck ") == "Luck"
    with pytest.raises(ValueError, match="a name of 1 to 5 characters"):
        name.read("x" * 6)


def test_a_long_bad_value_is_quoted_short() -> None:
    with pytest.raises(ValueError) as info:
        options.choice("mode", ("a",)).read("z" * 10_000)
    assert len(str(info.value)) < 80


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
def test_every_game_declares_the_options_its_scenarios_use(game: str) -> None:
    table = get_game(game).setup_options
    assert table and all(isinstance(o, options.Option) and o.help for o in table.values())
