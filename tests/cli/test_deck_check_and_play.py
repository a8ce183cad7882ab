"""``cardsmith check DECK`` and the check a game makes when it starts (``cardsmith play
--decks``, ``simulate``) list the same problems, every one of them, with the same words
and places (001 § Make Your Own Hero; 000 § The Fox and the Forest Rules Reference > Deck
Customization)."""
from __future__ import annotations

import io
from pathlib import Path

from cardsmith import cli
from cardsmith.dsl.loader import bundled_cards_dir

STEWARD = (bundled_cards_dir() / "ivion" / "decks" / "steward.deck").read_text().replace("\nstarter\n", "\n")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def bad_deck(tmp_path: Path) -> Path:
    """Four problems of the rules (size, class cards, a trait's pip, copies), an unscripted
    printed card and a misspelt one."""
    text = (STEWARD.replace('3 "Crush"', '3 "Humble"').replace('2 "Duck"', '4 "Duck"')
            .replace('"Resilience"', '"Icicle"'))
    path = tmp_path / "bad.deck"
    path.write_text(text)
    return path


def test_check_and_play_report_the_same_problems(tmp_path: Path) -> None:
    deck = bad_deck(tmp_path)
    code, out, checked = run("check", str(deck))
    assert code == 1 and out == ""
    assert checked.strip().endswith("5 problems in 1 files")
    listed = checked.strip().splitlines()[:-1]
    assert [ln for ln in listed if ln.startswith(str(deck))] == [
        f"{deck}:1:1: an Ivion deck has 45 cards; this one has 47 (IV-SETUP-9; 001 § Make Your Own Hero)",
        f"{deck}:1:1: an Ivion deck has 30 class cards; this one has 32 (Warrior and Knight) (IV-SETUP-9; 001 § Make Your Own Hero)",
        f'{deck}:7:32: the trait "Icicle" needs 1 blue archetype; this hero (Warrior, Knight and Steward) '
        "has 0 (IV-SETUP-9; 001 § Make Your Own Hero)",
        f'{deck}:19:3: "Humble" is a printed card (S1, Knight) with no script (not scripted yet): the '
        "deck rules are checked with its printed data, but a deck holding it can't be played",
        f'{deck}:21:3: 4 copies of "Duck": at most 3 copies of a card by name (IV-SETUP-9; 000 § The Fox '
        "and the Forest Rules Reference > Deck Customization > Build Your Deck)"]
    code, out, played = run("play", "ivion", "--decks", str(deck), "winterborn")
    assert code == 1 and out == ""
    assert played.strip().removeprefix("cardsmith play: ").splitlines() == listed
    code, out, simulated = run("simulate", "ivion", "--games", "1", "--decks", str(deck), "winterborn")
    assert code != 0 and out == ""
    assert all(ln in simulated for ln in listed)


def test_play_lists_every_unknown_name_as_check_does(tmp_path: Path) -> None:
    """textX stops at a deck's first unknown name; a game's start lists them all too."""
    deck = tmp_path / "typos.deck"
    deck.write_text(STEWARD.replace('"Crush"', '"Crrush"').replace('"Duck"', '"Dukc"'))
    _, _, checked = run("check", str(deck))
    _, _, played = run("play", "ivion", "--decks", str(deck), "winterborn")
    assert 'unknown card "Crrush"' in played and 'unknown card "Dukc"' in played
    assert played.strip().removeprefix("cardsmith play: ").splitlines() == checked.strip().splitlines()[:-1]


def test_a_legal_deck_checks_and_plays(tmp_path: Path) -> None:
    deck = tmp_path / "steward.deck"
    deck.write_text(STEWARD)
    code, out, err = run("check", str(deck))
    assert (code, err) == (0, "") and out.startswith("OK: 0 cards and 1 decks")
    code, out, _ = run("play", "ivion", "--decks", str(deck), "winterborn", "--seed", "3")
    assert code == 0 and out
