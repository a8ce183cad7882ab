"""Every kind of error in a card file: message, ``file:line:col``, source line, caret, hint."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import compile_deck
from cardsmith.dsl.errors import CardError, did_you_mean, friendly_syntax, line_col
from cardsmith.dsl.loader import compile_source, load_file, load_library
from cardsmith.repl.scenario.check import prepare


def error_of(src: str, file: str = "bad.toy") -> CardError:
    with pytest.raises(CardError) as info:
        compile_source(src, "toy", file)
    return info.value


def card(body: str, header: str = "skill warrior") -> str:
    return f'card "X" {{\n  {header}\n{body}\n}}\n'


def caret_column(text: str) -> int:
    """1-based column the caret points at, given the formatted error's lines."""
    lines = text.splitlines()
    caret = next(line for line in lines if line.strip() == "^")
    return len(caret) - 4   # four spaces of indentation before the source line


def assert_points_at(err: CardError, line: int, col: int, word: str) -> None:
    text = err.format()
    assert err.line == line and err.col == col, text
    assert text.startswith(f"{err.file}:{line}:{col}: ")
    source_line = text.splitlines()[1][4:]
    assert source_line[col - 1:].startswith(word), text
    assert caret_column(text) == col


# ---- syntax ------------------------------------------------------------------------------

def test_syntax_error_is_short_and_suggests_the_keyword() -> None:
    err = error_of(card("  deal 4 damage to target enmy"))
    assert_points_at(err, 3, 27, "enmy")
    assert "unexpected 'enmy'" in err.message
    assert "a noun ('enemy'" in err.message          # the nouns are folded into one item
    assert err.message.count("'") < 20                 # not 30 alternatives
    assert err.hint == "did you mean 'enemy'?"


def test_missing_closing_brace_says_so() -> None:
    err = error_of('card "X" {\n  skill warrior\n  deal 4 damage to target enemy\n')
    assert "unexpected end of file" in err.message
    assert "'}'" in err.message
    assert "never closed" in err.hint


def test_unquoted_card_name() -> None:
    err = error_of('card Icebolt { skill warrior }')
    assert_points_at(err, 1, 6, "Icebolt")
    assert err.message == "unexpected 'Icebolt'; expected a \"quoted name\""


def test_misspelt_multiword_keyword() -> None:
    err = error_of(card("  at end of you turn: draw 1 card"))
    assert_points_at(err, 3, 13, "you")
    assert err.hint == "did you mean 'your'?"


def test_friendly_syntax_folds_groups_and_limits_length() -> None:
    expected = [f"'w{i}'" for i in range(20)]
    msg, _ = friendly_syntax(expected, "zzz")
    assert msg.endswith("13 more")
    msg, _ = friendly_syntax(["'a'", "'b'", "'c'"], "q", [("letters", frozenset({"'a'", "'b'"}))])
    assert msg == "unexpected 'q'; expected 'c' or letters"


@pytest.mark.parametrize("parse,text,shown", [
    # a card left open before the next one: a lookahead object and a rule name were listed
    (lambda t: compile_source(t, "ivion", "x.ivion"),
     'card "A" {\n  skill cryomancer  cost 1 action\n  types attack\n  deal 2 damage to target enemy\n'
     'card "B" { skill cryomancer }\n', "an ability word (ACTION, RUSH ...)"),
    (lambda t: compile_deck(t, "x.deck"), 'dek "D" for ivion\n', "'deck'"),
    (lambda t: prepare(text=t, file="x.scenario"), 'scenario "x"\ngame ivion\nscript\n  expect .hand == 1\n', "'['"),
])
def test_an_expected_list_names_what_can_be_typed(parse, text: str, shown: str) -> None:
    with pytest.raises(CardError) as info:
        parse(text)
    listed = info.value.message.split("; expected ", 1)[1]
    assert shown in listed, listed
    for leak in ("object at 0x", "<arpeggio", "Comment", "AbilityWord", "something else", "CommandText"):
        assert leak not in listed, listed


# ---- meaning: verbs, nouns, conditions, events -------------------------------------------

def test_unknown_verb_did_you_mean() -> None:
    err = error_of(card("  dael 4 damage to target enemy"))
    assert_points_at(err, 3, 3, "dael")
    assert err.message == "unknown verb 'dael'; did you mean 'deal'?"


def test_unknown_verb_synonym() -> None:
    err = error_of(card("  dmg 4 damage to target enemy"))
    assert err.message == "unknown verb 'dmg'; did you mean 'deal'?"


def test_unknown_verb_lists_the_games_verbs_when_nothing_is_close() -> None:
    err = error_of(card("  zorble target enemy"))
    assert err.message == "unknown verb 'zorble'"
    assert "deal" in err.hint and "heal" in err.hint


def test_misspelt_unit_is_reported_not_the_step_before_it() -> None:
    # 'damag' starts a new step, which would make 'deal 4' look malformed
    err = error_of(card("  deal 4 damag to target enemy"))
    assert_points_at(err, 3, 10, "damag")
    assert "did you mean 'damage'?" in err.message
    assert "new step" in err.hint


def test_header_after_effects() -> None:
    err = error_of(card("  deal 4 damage to target enemy\n  range 2"))
    assert_points_at(err, 4, 3, "range")
    assert err.message == "a header after the card's effects: headers come before the effects"
    assert err.hint == "the effects start at line 3"


def test_malformed_header() -> None:
    err = error_of(card("  cost 1 acton"))
    assert_points_at(err, 3, 10, "acton")
    assert "unknown resource 'acton'; did you mean 'action'?" in err.message


def test_unknown_noun_for_the_game() -> None:
    err = error_of(card("  deal 4 damage to target lane"))
    assert_points_at(err, 3, 20, "target lane")
    assert "'lane' is not something toy cards can select" in err.message


def test_verb_shape_is_checked() -> None:
    err = error_of(card("  counter target enemy"))
    assert "'counter' can't act on 'enemy'" in err.message
    err = error_of(card("  deal 4 damage"))
    assert "'deal' needs a 'to' clause" in err.message


def test_unknown_condition() -> None:
    err = error_of(card("  if you are wonded then draw 1 card"))
    assert err.message == "unknown condition 'wonded'; did you mean 'wounded'?"
    assert err.line == 3


def test_unknown_event() -> None:
    err = error_of(card("  after you stunn an enemy: draw 1 card"))
    assert err.message == "unknown event 'stunn'; did you mean 'stun'?"
    assert_points_at(err, 3, 3, "after")


def test_precisely_in_a_game_without_precision() -> None:
    """docs/language.md § Abilities: the qualifier 'precisely' asks a game's 'precise'."""
    err = error_of(card("  after you play a card precisely: draw 1 card"))
    assert err.message.startswith("'precisely' means nothing in toy")
    assert_points_at(err, 3, 3, "after")


def test_no_condition_needs_the_games_exists() -> None:
    """docs/language.md § Conditions ('no NOUN': the game registers 'exists')."""
    err = error_of(card("  if no enemies near you then draw 1 card"))
    assert err.message.startswith("unknown condition 'exists'")


def test_unknown_keyword_points_at_the_keyword() -> None:
    err = error_of(card("  deal 1 damage to them", "skill warrior\n  keywords cantrip, unleash"))
    assert_points_at(err, 3, 21, "unleash")
    assert err.message == "unknown keyword 'unleash'"
    assert err.hint == "toy keywords: cantrip, once per game"


def test_unknown_quantity() -> None:
    err = error_of(card("  deal (cards in hond) damage to target enemy"))
    assert "unknown quantity 'cards in hond'; did you mean 'cards in hand'?" == err.message


# ---- impossible numbers --------------------------------------------------------------------

@pytest.mark.parametrize("header, word, message", [
    ("skill warrior\n  range 9", "range", "range 9 is impossible"),
    ("skill warrior\n  cost 7 action", "cost", "cost 7 action is impossible"),
    ("skill warrior\n  generates 6 power", "generates", "generate 6 power is impossible"),
    ("ultimate warrior hp 0", "ultimate", "an ultimate needs 'hp N'"),
])
def test_impossible_header_numbers_point_at_their_header(header: str, word: str, message: str) -> None:
    err = error_of(card("  draw 1 card", header))
    assert message in err.message
    assert err.message.startswith('card "X": ')
    text = err.format().splitlines()[1]
    assert text[4 + err.col - 1:].startswith(word)


def test_impossible_step_number() -> None:
    err = error_of(card("  deal 40 damage to target enemy"))
    assert "'deal' amount 40 is out of range 0..20" == err.message
    err = error_of(card("  draw 100 cards"))
    assert "number 100 is out of range" in err.message


# ---- files ---------------------------------------------------------------------------------

def test_duplicate_card_in_one_file() -> None:
    err = error_of('card "A" { skill warrior }\n\ncard "a" { skill warrior }\n')
    assert_points_at(err, 3, 1, 'card "a"')
    assert 'defined twice in this file (first at line 1)' in err.message


def test_duplicate_card_across_files(tmp_path: Path) -> None:
    (tmp_path / "one.toy").write_text('card "Bolt" { skill warrior }\n')
    (tmp_path / "two.toy").write_text('\ncard "Bolt" { skill warrior }\n')
    with pytest.raises(CardError) as info:
        load_library([tmp_path])
    err = info.value
    assert err.file.endswith("two.toy") and err.line == 2
    assert f'first at {tmp_path / "one.toy"}:1:1' in err.message
    assert 'card "Bolt"' in err.format()


def test_import_of_a_file_also_in_the_folder_is_not_a_duplicate(tmp_path: Path) -> None:
    (tmp_path / "base.toy").write_text('card "Base" { skill warrior }\n')
    (tmp_path / "more.toy").write_text('import "base.toy"\ncard "More" { skill warrior }\n')
    lib = load_library([tmp_path])
    assert sorted(lib.names()) == ["Base", "More"]


def test_import_reached_by_relative_and_absolute_paths(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "base.toy").write_text('card "Base" { skill warrior }\n')
    (tmp_path / "lib" / "more.toy").write_text('import "base.toy"\ncard "More" { skill warrior }\n')
    monkeypatch.chdir(tmp_path)
    assert sorted(load_library(["lib"]).names()) == ["Base", "More"]


def test_missing_import_file(tmp_path: Path) -> None:
    f = tmp_path / "main.toy"
    f.write_text('import "nowhere.toy"\ncard "A" { skill warrior }\n')
    with pytest.raises(CardError) as info:
        load_file(f)
    err = info.value
    assert_points_at(err, 1, 1, "import")
    assert "can't import 'nowhere.toy'" in err.message
    assert "no such file" in err.message
    assert str(tmp_path / "nowhere.toy") in err.hint


def test_import_cycle(tmp_path: Path) -> None:
    (tmp_path / "a.toy").write_text('import "b.toy"\ncard "A" { skill warrior }\n')
    (tmp_path / "b.toy").write_text('import "a.toy"\ncard "B" { skill warrior }\n')
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "a.toy")
    assert "import cycle: a.toy -> b.toy -> a.toy" in info.value.message


def test_import_of_a_non_card_file(tmp_path: Path) -> None:
    (tmp_path / "a.toy").write_text('import "notes.txt"\n')
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "a.toy")
    assert "not a card file" in info.value.message and info.value.line == 1


def test_non_utf8_file(tmp_path: Path) -> None:
    f = tmp_path / "latin.toy"
    f.write_bytes('card "A" {\n  skill warrior\n  note "caf'.encode() + b"\xe9" + b'"\n}\n')
    with pytest.raises(CardError) as info:
        load_file(f)
    err = info.value
    assert (err.line, err.col) == (3, 12)
    assert "not UTF-8" in err.message and "0xe9" in err.message
    assert "caf\ufffd" in err.format()      # the line is still shown


def test_unreadable_path(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "missing.toy")
    assert "can't read file" in str(info.value)


def test_wrong_game() -> None:
    with pytest.raises(CardError) as info:
        compile_source('card "A" { skill warrior }', "ivoin")
    assert "no card language for game 'ivoin'; did you mean 'ivion'?" in str(info.value)


def test_not_a_card_file(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("hello")
    with pytest.raises(CardError, match="not a card file"):
        load_file(f)


# ---- helpers -------------------------------------------------------------------------------

def test_caret_stays_under_the_column_with_tabs() -> None:
    err = CardError("boom", "f", 2, 3, 'card "X" {\n\tab')
    lines = err.format().splitlines()
    assert lines[1] == "        ab"
    assert lines[2] == "         ^"     # under the b: the tab is one column, shown as 4


def test_did_you_mean_ignores_case_but_keeps_spelling() -> None:
    assert did_you_mean("icebolt", ["Icebolt", "Fireball"]) == "; did you mean 'Icebolt'?"
    assert did_you_mean("zzz", ["Icebolt"]) == ""


def test_line_col() -> None:
    assert line_col("ab\ncd", 4) == (2, 2)
    assert line_col(b"ab\ncd", 0) == (1, 1)
