"""The ``cardsmith`` command line: check, show, and the not-yet-wired play/repl."""
from __future__ import annotations

import io
import subprocess
import sys
import types
from pathlib import Path

import pytest

from cardsmith import cli
from cardsmith.dsl.loader import bundled_cards_dir


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_check_bundled_cards_and_decks() -> None:
    code, out, err = run("check", str(bundled_cards_dir()))
    assert code == 0, err
    decks = len(list(bundled_cards_dir().rglob("*.deck")))
    assert decks >= 4                     # Ivion's two, Rush of Ikorr's two
    assert out.startswith("OK: ") and f" cards and {decks} decks in " in out


def test_check_reports_every_bad_file_with_location_line_and_caret(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.ivion").write_text('card "A" {\n  skill warrior\n  dael 2 damage to target enemy\n}\n')
    (tmp_path / "b.ivion").write_text('card "B" {\n  skill warrior  range 9\n}\n')
    (tmp_path / "ok.ivion").write_text('card "C" {\n  skill warrior\n  deal 2 damage to target enemy\n}\n')
    (tmp_path / "readme.txt").write_text("ignored in folders")
    code, out, err = run("check", str(tmp_path))
    assert code == 1 and out == ""
    lines = err.splitlines()
    a = tmp_path / "sub" / "a.ivion"
    i = lines.index(f"{a}:3:3: unknown verb 'dael'; did you mean 'deal'?")
    assert lines[i + 1] == "      dael 2 damage to target enemy"
    assert lines[i + 2] == "      ^"
    assert any(line.startswith(f"{tmp_path / 'b.ivion'}:2:18: ") for line in lines)
    assert lines[-1] == "2 problems in 3 files"


def test_check_a_deck_against_bundled_and_given_cards(tmp_path: Path) -> None:
    (tmp_path / "mine.ivion").write_text('card "My Bolt" {\n  skill warrior\n  deal 2 damage to target enemy\n}\n')
    deck = tmp_path / "d.deck"
    deck.write_text('deck "D" for ivion\nfeats "Shield Slam", "Strike", "Resilience"\n'
                    '3 "My Bolt"\n3 "Hamer Strike"\n')
    code, _, err = run("check", str(tmp_path / "mine.ivion"), str(deck))
    assert code == 1
    assert f"{deck}:4:3: unknown card \"Hamer Strike\"; did you mean 'Hammer Strike'?" in err
    assert "My Bolt" not in err     # found among the files being checked


def _check_deck(tmp_path: Path, text: str) -> tuple[Path, str]:
    """Write a deck file and check it; the deck's path and the errors (the check must fail)."""
    deck = tmp_path / "d.deck"
    deck.write_text(text)
    code, _, err = run("check", str(deck))
    assert code == 1
    return deck, err


def test_check_applies_the_games_deck_rules(tmp_path: Path) -> None:
    deck, err = _check_deck(tmp_path, 'deck "D" for ivion\nfeats "Shield Slam", "Strike", "Resilience"\n3 "Hammer Strike"\n')
    assert f"{deck}:1:1: an Ivion deck has 45 cards; this one has 3" in err


def test_check_bad_paths(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("")
    code, _, err = run("check", str(tmp_path / "missing"), str(tmp_path / "x.txt"))
    assert code == 1
    assert f"{tmp_path / 'missing'}: no such file or folder" in err
    assert f"{tmp_path / 'x.txt'}: not a card or deck file" in err


def test_check_duplicate_across_files(tmp_path: Path) -> None:
    (tmp_path / "a.ivion").write_text('card "Twin" { skill warrior }\n')
    (tmp_path / "b.ivion").write_text('card "twin" { skill warrior }\n')
    code, _, err = run("check", str(tmp_path))
    assert code == 1 and 'card "twin" is defined twice: first at' in err


def test_show_renders_stats_and_text() -> None:
    code, out, err = run("show", "icebolt")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Icebolt"
    assert lines[1].startswith("Cryomancer skill - Attack - Cost 1 action")
    assert "Deal 4 damage to target enemy." in lines
    assert any(line.startswith("[ivion] ") and "cryomancer.ivion:" in line for line in lines)


def test_check_lists_every_unknown_name_of_a_deck(tmp_path: Path) -> None:
    """textX stops at the first unknown reference; the check still reports them all."""
    deck, err = _check_deck(tmp_path, 'deck "D" for ivion\n3 "Icebolz"\n2 "Icicel"\n')
    assert f"{deck}:2:3: unknown card \"Icebolz\"; did you mean 'Icebolt'?" in err
    assert f"{deck}:3:3: unknown card \"Icicel\"; did you mean 'Icicle'?" in err
    assert err.strip().endswith("2 problems in 1 files")


def test_show_source_and_extra_cards(tmp_path: Path) -> None:
    f = tmp_path / "mine.ivion"
    f.write_text('card "Zap" {\n  skill wizard  range 3\n  deal 1 damage to target enemy\n}\n')
    code, out, _ = run("show", "Zap", "--cards", str(f), "--source")
    assert code == 0
    assert "Wizard skill - Range 3" in out and 'card "Zap" {' in out


def test_show_unknown_card() -> None:
    code, out, err = run("show", "Icebollt")
    assert code == 1 and out == ""
    assert err.strip() == "cardsmith show: unknown card 'Icebollt'; did you mean 'Icebolt'?"
    code, _, err = run("show", "Icebolt", "--game", "sylvion")
    assert code == 1 and "among the sylvion cards" in err


def test_no_command_opens_the_repl(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple] = []
    import cardsmith.repl.main as repl_main
    monkeypatch.setattr(repl_main, "run_repl", lambda *a: seen.append(a) or 0)
    assert run()[0] == 0                    # no command: the REPL
    assert run("repl", "game.json", "--script", "s.txt")[0] == 0
    assert seen[0][:2] == (None, None) and seen[1][:2] == ("game.json", "s.txt")


def test_play_flags_are_the_games() -> None:
    """``cardsmith play GAME --help`` lists that game's flags, from its rules object: decks
    for the games that take them, the ruleset where there are two, its ``play`` options."""
    helps = {game: run("play", game, "--help") for game in ("ivion", "sylvion", "ikorr")}
    assert all(code == 0 and err == "" for code, _, err in helps.values())
    ivion, sylvion, ikorr = (helps[g][1] for g in ("ivion", "sylvion", "ikorr"))
    assert "--decks A B" in ivion and "--ruleset {hh,original}" in ivion and "--players" not in ivion
    assert "--players 1-2" in sylvion and "--all-bloom" in sylvion and "--decks" not in sylvion
    assert "--format 1v1|2v2|3v3" in ikorr and "--decks A B" in ikorr and "--ruleset" not in ikorr
    assert "1 (solo) or 2 players" in sylvion            # the option's own help
    assert run("play", "--help")[1] == ivion             # no game named: the default one
    code, out, err = run("play", "sylvion", "--decks", "a", "b")
    assert code == 2 and out == "" and "unrecognized arguments: --decks a b" in err


def test_play_checks_a_flag_as_the_scenario_option_is_checked() -> None:
    code, out, err = run("play", "sylvion", "--players", "3")
    assert code == 2 and out == ""
    assert "argument --players: takes a whole number from 1 to 2, not '3'" in err
    code, _, err = run("play", "ikorr", "--format", "4v4")
    assert code == 2 and "argument --format: takes 1v1 or 2v2 or 3v3, not '4v4'" in err


def test_play_an_unknown_game_says_which_there_are() -> None:
    code, out, err = run("play", "sylvon")
    assert code == 2 and out == ""
    assert err.startswith("cardsmith play: unknown game 'sylvon'; did you mean 'sylvion'? (games: ")
    assert all(game in err for game in ("ikorr", "ivion", "sylvion"))


def test_console_entry_point_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "cardsmith.cli", "show", "Icebolt"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.startswith("Icebolt\n")
    result = subprocess.run([sys.executable, "-m", "cardsmith.cli", "--version"],
                            capture_output=True, text=True, timeout=120)
    assert result.stdout.startswith("cardsmith ")


def test_check_names_deckbuilding_problems_where_they_stand(tmp_path: Path) -> None:
    """IV-SETUP-9 (001 § Make Your Own Hero; 000 Fox § Deck Customization > Build Your Deck):
    the bundled Steward deck, not a starter, with a Winterborn ultimate and a blue trait."""
    text = (bundled_cards_dir() / "ivion" / "decks" / "steward.deck").read_text()
    text = text.replace("starter\n", "").replace('"Shield Slam", "Strike"', '"Winterburst", "Icicle"')
    deck, err = _check_deck(tmp_path, text)
    line = text.splitlines().index('feats "Winterburst", "Icicle", "Resilience"') + 1
    assert (f"{deck}:{line}:7: the ultimate \"Winterburst\" is Winterborn's; a hero's ultimate "
            f"comes from its specialization, Steward (IV-SETUP-9; 001 § Make Your Own Hero)") in err
    assert (f"{deck}:{line}:22: the trait \"Icicle\" needs 1 blue archetype; this hero "
            f"(Warrior and Steward) has 0 (IV-SETUP-9; 001 § Make Your Own Hero)") in err
    # the same deck as a starter (its prebuilt list) is held to copies and feats only
    first, rest = text.split("\n", 1)
    (tmp_path / "d.deck").write_text(f"{first}\nstarter\n{rest}")
    code, out, err = run("check", str(tmp_path / "d.deck"))
    assert code == 0 and out.startswith("OK: "), err


def test_check_names_format_problems_with_rule_section_and_caret(tmp_path: Path) -> None:
    """IV-SETUP-10 (000 § Variant Rules > Paragon): the real-card Paragon fixture with a trait
    among its feats; and a misspelt format, at its word."""
    from tests.dsl.ivion_format_decks import FEATS, PARAGON_DECK, line_of, write_paragon

    text = PARAGON_DECK.replace(FEATS, '"Winterburst", "Strike", "Shield Slam"')
    deck = write_paragon(tmp_path, text)
    code, out, err = run("check", str(deck))
    assert code == 1 and out == ""
    line = line_of(text, "feats ")
    assert err.splitlines() == [
        f"{deck}:{line}:7: a Paragon hero's feats are its three specializations' ultimates and no "
        f"traits; this deck has 2 ultimate(s) and 1 trait(s) (IV-SETUP-10; 000 § Variant Rules > Paragon)",
        '    feats "Winterburst", "Strike", "Shield Slam"',
        "          ^",
        "1 problem in 1 files"]
    deck.write_text(PARAGON_DECK.replace("format paragon", "format paragn"))
    code, _, err = run("check", str(deck))
    assert code == 1
    assert err.splitlines()[:3] == [
        f"{deck}:3:8: unknown ivion deck format 'paragn'; did you mean 'paragon'? "
        f"(known: standard, paragon, herocrafting, herocrafting_league)",
        "    format paragn",
        "           ^"]
    deck.write_text(PARAGON_DECK)
    code, out, err = run("check", str(deck))
    assert code == 0 and out.startswith("OK: 0 cards and 1 decks"), err
