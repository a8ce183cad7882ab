"""textX language registration: list-languages, check, and our meaning checks inside it."""
from __future__ import annotations

from pathlib import Path

import shutil
import subprocess
import sys

import pytest
from textx import metamodel_for_language
from textx.exceptions import TextXSemanticError

#: the 'textx' command of this environment (textX[cli], in the test extra)
TEXTX = shutil.which("textx", path=str(Path(sys.executable).parent)) or shutil.which("textx")


def run(*args: str) -> tuple[int, str]:
    if TEXTX is None:
        pytest.skip("the textx command is not installed (pip install 'textX[cli]')")
    result = subprocess.run([TEXTX, *args], capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout + result.stderr


def test_languages_are_listed() -> None:
    code, out = run("list-languages")
    assert code == 0
    assert "cardsmith-ivion (*.ivion)" in out
    assert "cardsmith-deck (*.deck)" in out
    assert "cardsmith-sylvion (*.sylvion)" in out
    assert "cardsmith-ikorr (*.ikorr)" in out


def test_ikorr_language_checks_meaning() -> None:
    mm = metamodel_for_language("cardsmith-ikorr")
    mm.model_from_str('card "A" { spell cost 1  draw 1 card }')
    with pytest.raises(TextXSemanticError) as info:
        mm.model_from_str('card "A" { champion cost 1 health 2\n  DYING: draw 1 card }')
    assert "'DYING' is not an ability word" in str(info.value)


def test_metamodel_for_language_checks_meaning() -> None:
    mm = metamodel_for_language("cardsmith-ivion")
    mm.model_from_str('card "A" { skill warrior  deal 2 damage to target enemy }')
    with pytest.raises(TextXSemanticError) as info:
        mm.model_from_str('card "A" { skill warrior\n  dael 2 damage to target enemy }')
    assert "unknown verb 'dael'; did you mean 'deal'?" in str(info.value)
    assert info.value.line == 2 and info.value.col == 3


def test_check_a_good_and_a_bad_card_file(tmp_path: Path) -> None:
    good = tmp_path / "good.ivion"
    good.write_text('card "A" {\n  skill warrior  range 1\n  deal 2 damage to target enemy\n}\n')
    code, out = run("check", str(good))
    assert code == 0 and "OK" in out
    bad = tmp_path / "bad.ivion"
    bad.write_text('card "A" {\n  skill warrior  range 9\n}\n')
    code, out = run("check", str(bad))
    assert code != 0
    assert f"{bad}:2:18:" in out and "range 9 is impossible" in out


def test_check_a_deck(tmp_path: Path) -> None:
    deck = tmp_path / "d.deck"
    deck.write_text('deck "D" for ivion\n3 "Hamer Strike"\n')
    code, out = run("check", str(deck))
    assert code != 0
    assert "2:3" in out and "did you mean 'Hammer Strike'?" in out
    deck.write_text('deck "D" for ivoin\n')
    code, out = run("check", str(deck))
    assert code != 0 and "unknown game 'ivoin'" in out


def test_check_a_syntax_error(tmp_path: Path) -> None:
    f = tmp_path / "s.ivion"
    f.write_text('card "A" { skill warrior\n  deal 2 damage to target enmy }\n')
    code, out = run("check", str(f))
    assert code != 0 and "2:" in out


def test_check_a_scenario_resolves_its_board_names_and_imports(tmp_path: Path) -> None:
    """textX's own tools resolve a scenario's card references with the same provider."""
    write = (tmp_path / "s.scenario").write_text
    write('scenario "x"\ngame ivion\nplayer alice\n  hand: "Icebolt", "Icebolt2"\n')
    code, out = run("check", str(tmp_path / "s.scenario"))
    assert code != 0 and "s.scenario:4:20: unknown card 'Icebolt2'; did you mean 'Icebolt'?" in out
    assert 'hint: define it with card "Name"' in out
    write('scenario "x"\ngame ivion\n\nscenario "y"\ngame ivion\nplayer bob\n  hand: "Icebolt3"\n')
    code, out = run("check", str(tmp_path / "s.scenario"))     # a later scenario of the file too
    assert code != 0 and "s.scenario:7:9: unknown card 'Icebolt3'" in out, out
    write('scenario "x"\ngame ivion\nimport "gone.ivion"\n')
    code, out = run("check", str(tmp_path / "s.scenario"))
    assert code != 0 and "s.scenario:3:1: can't import 'gone.ivion': no such file" in out


def test_check_a_deck_that_imports_its_cards(tmp_path: Path) -> None:
    """``textx check`` resolves a deck's names against its imports (then the bundled cards)
    and checks the game's deck rules with the imported cards in the library."""
    (tmp_path / "mine.ivion").write_text('card "My Bolt" { skill winterborn  deal 3 damage to target enemy }\n')
    from cardsmith.dsl.loader import bundled_cards_dir
    text = (bundled_cards_dir() / "ivion" / "decks" / "winterborn.deck").read_text()
    deck = tmp_path / "mine.deck"
    deck.write_text('import "mine.ivion"\n' + text.replace('3 "Icebolt"', '3 "My Bolt"'))
    code, out = run("check", str(deck))
    assert code == 0 and "OK" in out, out
    deck.write_text('import "gone.ivion"\n' + text)
    code, out = run("check", str(deck))
    assert code != 0 and f"{deck}:1:1: can't import 'gone.ivion': no such file" in out
