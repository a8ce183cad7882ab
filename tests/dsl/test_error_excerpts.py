"""What an error shows of a file: at most a line's worth around the column, and nothing of a
file that isn't a card, deck or scenario file (a link to /etc/passwd, a binary)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import load_deck
from cardsmith.dsl.errors import SHOWN_WIDTH, CardError, excerpt, opening_line
from cardsmith.dsl.loader import load_file

CARD = 'card "C%d" {   skill warrior pips gray   types ability   gain 1 power }  '
SECRET = "hunter2:x:0:0:hunter2:/home/hunter2:/bin/bash\nswordfish:x:1:1::/usr/sbin:/usr/sbin/nologin\n"


def error_of(path: Path) -> CardError:
    with pytest.raises(CardError) as info:
        load_file(path)
    return info.value


def test_a_long_line_is_cut_around_the_column(tmp_path: Path) -> None:
    f = tmp_path / "one_line.ivion"
    f.write_text("".join(CARD % i for i in range(3000)) + 'card "C7" { skill warrior pips gray gian 1 power }')
    err = error_of(f)
    text = err.format()
    assert len(text) < 3 * SHOWN_WIDTH + len(err.message) + len(err.hint) + 50, len(text)
    line, caret = text.splitlines()[1:3]
    assert line.startswith("    ...") and caret.strip() == "^"
    assert line[caret.index("^"):].startswith('card "C7"')       # still under the column


@pytest.mark.parametrize("col", [1, 40, 99, 100, 101, 150, 299, 300])
def test_the_caret_stays_under_its_character(col: int) -> None:
    raw = "".join(chr(ord("a") + i % 26) for i in range(300))
    shown, caret = excerpt(raw, col)
    assert len(shown) <= SHOWN_WIDTH + 6
    assert shown[caret] == raw[col - 1]


def test_a_short_line_is_shown_whole_with_tabs_expanded() -> None:
    assert excerpt("\tdeal 1 dmg", 9) == ("    deal 1 dmg", 11)


def test_the_opening_line_is_the_first_card_deck_scenario_or_import() -> None:
    assert opening_line('# a comment\n\nimport "x.ivion"\ncard "A" {}') == 3
    assert opening_line('# notes\ncard Bad {') == 2            # an unquoted name is still ours
    assert opening_line('deck "D" for ivion\n') == 1
    assert opening_line("card:x:1001:1001::/home/card:/bin/sh\nimport os\n") is None
    assert opening_line(SECRET) is None


def test_a_link_to_a_system_file_shows_where_never_what(tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    secret.write_text(SECRET)
    (tmp_path / "evil.ivion").symlink_to(secret)
    text = error_of(tmp_path / "evil.ivion").format()
    assert text.startswith(f"{tmp_path / 'evil.ivion'}:1:1: unexpected text (not shown")
    assert "hunter2" not in text and "swordfish" not in text and "bash" not in text


def test_a_deck_importing_such_a_link_shows_nothing_of_it(tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    secret.write_text(SECRET)
    (tmp_path / "evil.ivion").symlink_to(secret)
    (tmp_path / "evil.deck").write_text('deck "E" for ivion\nimport "evil.ivion"\n')
    with pytest.raises(CardError) as info:
        load_deck(tmp_path / "evil.deck")
    text = info.value.format()
    assert "evil.ivion:1:1" in text
    assert "hunter2" not in text and "swordfish" not in text


def test_a_binary_named_like_a_card_file_shows_none_of_its_bytes(tmp_path: Path) -> None:
    f = tmp_path / "bin.ivion"
    f.write_bytes(b"\x7fELF\x02\x01\x01secret-ish\xd0\xcf more")
    text = error_of(f).format()
    assert "not UTF-8" in text and "secret" not in text and "ELF" not in text


def test_a_typo_in_the_first_card_keyword_still_gets_its_hint(tmp_path: Path) -> None:
    f = tmp_path / "typo.ivion"
    f.write_text('crad "X" {\n  skill warrior pips gray\n}\n')
    err = error_of(f)
    assert "did you mean 'card'?" in err.hint and "crad" not in err.format()


def test_an_error_after_the_opening_line_shows_its_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.ivion"
    f.write_text('# my cards\ncard "X" {\n  skill warrior pips gray\n  types ability\n  deal 1 dmage to target enemy\n}\n')
    text = error_of(f).format()
    assert "\n      deal 1 dmage to target enemy\n" in text
