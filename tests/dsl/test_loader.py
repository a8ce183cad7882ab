"""``dsl/loader.py``'s parse, for every language it parses (cards, decks, scenarios): what
the text says and nothing else, and a number no file needs refused where it stands."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import compile_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import MAX_DIGITS, compile_source
from cardsmith.repl.scenario.check import prepare

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "cards" / "ivion" / "decks" / "steward.deck"
SCENARIO = ROOT / "cards" / "ivion" / "puzzles" / "03-control-first.scenario"


def test_empty_text_is_empty_not_the_file_its_name_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # textX reads the file named by file_name when the text is empty: the deck text ""
    # came back as steward.deck's deck, and card text "" named "<define>" opened that file
    monkeypatch.chdir(tmp_path)
    assert compile_source("", "ivion", "<define>") == []
    (tmp_path / "cards.ivion").write_text('card "Planted" {\n  trait pips gray\n  types passive\n}\n')
    assert compile_source("", "ivion", "cards.ivion") == []
    with pytest.raises(CardError) as deck:
        compile_deck("", str(DECK))
    assert deck.value.format().startswith(f"{DECK}:1:1: unexpected end of file")
    with pytest.raises(CardError) as scenario:
        prepare(text="", file=str(SCENARIO))
    assert scenario.value.format().startswith(f"{SCENARIO}:1:1: unexpected end of file")


def _card(amount: str) -> str:
    return f'card "X" {{\n  skill cryomancer  cost 1 action\n  types attack\n  deal {amount} damage to target enemy\n}}\n'


@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 4301, 60_000])
def test_a_number_of_too_many_digits_is_refused_at_its_place(digits: int) -> None:
    # past 4,300 digits Python's int() raises ValueError, which textX let out as a crash
    with pytest.raises(CardError) as card:
        compile_source(_card("9" * digits), "ivion", "long.ivion")
    assert card.value.where == "long.ivion:4:8"
    assert card.value.message == f"a number of {digits} digits is too long (at most {MAX_DIGITS})"
    deck = DECK.read_text(encoding="utf-8").replace('3 "Crush"', "9" * digits + ' "Crush"')
    with pytest.raises(CardError) as refused:
        compile_deck(deck, "long.deck")
    assert refused.value.message.startswith(f"a number of {digits} digits")
    with pytest.raises(CardError) as seed:
        prepare(text=f'scenario "x"\ngame ivion seed {"1" * digits}\n', file="long.scenario")
    assert (seed.value.where, seed.value.message.split(" is ")[0]) == ("long.scenario:2:17", f"a number of {digits} digits")


def test_a_long_number_within_the_limit_reaches_the_range_check() -> None:
    with pytest.raises(CardError) as card:
        compile_source(_card("9" * MAX_DIGITS), "ivion", "big.ivion")
    assert "is out of range" in card.value.message
