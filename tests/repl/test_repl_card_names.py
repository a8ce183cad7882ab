"""Card names typed in commands: multi-word names quoted or not, an unknown name refused
whole with the closest card's name, and lines of any length matched without trying every
prefix (repl/card_names.py, repl/commands.py)."""
from __future__ import annotations

import pytest

from cardsmith.repl.card_names import unknown_card
from cardsmith.repl.commands import execute, find_option


@pytest.mark.parametrize("line,named", [
    ("show Warrior's Slash", "Warrior's Slash"),
    ('show "Warrior\'s Slash"', "Warrior's Slash"),
    ("show warriors strike", "warriors strike"),
    ("why Warrior's Slash bob", "Warrior's Slash"),
    ("put Warriors Strikes into bob hand", "Warriors Strikes"),
    ("delete Warrior's Slash bob", "Warrior's Slash"),
    ("reveal alice Warrior's Slash", "Warrior's Slash"),
])
def test_an_unknown_multi_word_name_is_named_whole_with_a_did_you_mean(repl, line, named):
    before = repl.game.to_json()
    out = repl.fails(line)
    assert f"unknown card '{named}'; did you mean 'Warrior's Strike'?" in out
    assert repl.game.to_json() == before


@pytest.mark.parametrize("line", ["play Icebolts", "play Icebolts bob", "why Icebolts",
                                  "show Icebolts", "put Icebolts into bob hand", "delete Icebolts bob"])
def test_a_near_miss_gets_the_card_it_is_near(repl, line):
    out = repl.fails(line)
    assert "unknown card 'Icebolts'; did you mean 'Icebolt'?" in out


def test_play_of_an_unknown_card_says_so_and_lists_the_options(repl):
    out = repl.fails("play Icebolts")
    assert out.startswith("error: 'play Icebolts' is not an option now: unknown card 'Icebolts'")
    assert "1. play" in out


def test_a_name_unlike_any_card_is_named_whole_up_to_the_next_word_of_the_command(repl):
    out = repl.fails("put Qqq Zzz into bob hand")
    assert "unknown card 'Qqq Zzz'" in out and "did you mean" not in out


def test_multi_word_names_work_unquoted_in_every_card_taking_command(repl):
    assert "is now in alice's hand" in repl("put Warrior's Strike into alice hand")
    assert "Deal 6 damage" in repl("show Warrior's Strike")
    assert "Warrior's Strike" in repl("why Warrior's Strike alice")
    assert "revealed" in repl("reveal alice Warrior's Strike")
    assert "taken out of the game" in repl("delete Warrior's Strike alice")


def test_card_words_tries_no_run_longer_than_the_longest_name(repl):
    library = repl.session.library
    longest = library.most_name_words
    assert longest == max(len(n.split()) for n in library.names())
    words = ["Warrior's", "Strike", *["zap"] * 50_000]
    assert library.name_words(words) == 2
    assert library.name_words(["zap"] * 50_000) == 0
    assert unknown_card(library, ["Icebolts", *["zap"] * 50_000]) == \
        "unknown card 'Icebolts'; did you mean 'Icebolt'?"


def test_a_very_long_line_is_refused_briefly_and_changes_nothing(repl):
    before = repl.game.to_json()
    for head in ("", "show ", "play Icebolt ", "put Icebolt into "):
        result = execute(repl.session, head + "zap " * 30_000)
        assert not result.ok
        assert len(result.text) < 2_000, result.text[:300]
        assert repl.game.to_json() == before
    assert "... (30,000 words)' is left over" in execute(repl.session, "play Tenacity " + "zap " * 30_000).text


def test_a_long_line_still_answers_its_first_option(repl):
    game = repl.game
    first = game.legal_actions()[0]
    typed = str(first).split() + ["zap"] * 30_000
    action, rest = find_option(repl.session.view, game, typed)
    assert action == first and len(rest) == 30_000
