"""``cardsmith play``: whole AI-vs-AI duels, a readable log, byte-identical per seed."""
from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.cli import build_parser, main
from cardsmith.dsl import decks
from cardsmith.play import main as play_main
from cardsmith.runtime.core import get_game


def find_deck(spec: str) -> Path:
    return decks.find_deck(spec, get_game("ivion"))


def _cli(*args: str, hashseed: str = "0") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    return subprocess.run([sys.executable, "-m", "cardsmith.cli", *args], capture_output=True,
                          env=env, timeout=120)


def _play_game(game: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", game, *args], out, err)
    return code, out.getvalue(), err.getvalue()


def _play(*args: str) -> tuple[int, str, str]:
    return _play_game("ivion", *args)


def test_same_seed_same_bytes_in_two_processes() -> None:
    first = _cli("play", "ivion", "--seed", "7", hashseed="1")
    second = _cli("play", "ivion", "--seed", "7", hashseed="2")
    assert first.returncode == 0, first.stderr.decode()
    assert first.stdout == second.stdout
    text = first.stdout.decode()
    assert text.splitlines()[-1].startswith("winner: ")
    assert "--- turn 1: " in text


@pytest.mark.parametrize("command, first_words", [
    (("play", "ivion", "--seed", "9"), b"Ivion duel: "),
    (("play", "sylvion", "--seed", "9"), b"Sylvion "),
    (("play", "ikorr", "--seed", "9"), b"Rush of Ikorr "),
    (("show", "Icebolt", "--source"), b"Icebolt"),
])
def test_a_closed_pipe_is_not_a_crash(command: tuple[str, ...], first_words: bytes) -> None:
    """``cardsmith play sylvion | head -1``: no traceback when the reader stops early,
    whichever command was writing."""
    proc = subprocess.Popen([sys.executable, "-m", "cardsmith.cli", *command],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert first.startswith(first_words)
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def test_different_seeds_give_different_games() -> None:
    assert _play("--seed", "1")[1] != _play("--seed", "2")[1]


def test_log_is_readable_and_public() -> None:
    code, out, _ = _play("--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Ivion duel: alice (Steward), bob (Winterborn); seed 3, random AI, ruleset hh")
    assert any(" plays " in line for line in lines)
    assert any("doesn't respond" in line for line in lines)
    assert any(" resolves" in line for line in lines)
    assert any(" damage" in line for line in lines)
    # hidden information stays hidden: draws are logged without the card's name
    assert not [line for line in lines if " draws " in line and "a card" not in line]
    # causes are shown
    assert "[start of turn]" in out
    winner = lines[-1].split()[1]
    assert f"{winner} wins" in out


def test_counters_and_meta_counters_show_their_cause() -> None:
    """Across a few seeds the log shows Control being applied and a meta-counter with why."""
    seen_meta = seen_control = False
    for seed in range(12):
        _, out, _ = _play("--seed", str(seed), "--ruleset", "original" if seed % 2 else "hh")
        for line in out.splitlines():
            if "meta-countered:" in line:
                seen_meta = True
                assert "Control" in line or "no valid target" in line
            if " slow" in line or " disarm" in line or " silence" in line:
                seen_control = True
        if seen_meta and seen_control:
            break
    assert seen_meta and seen_control


def test_responses_say_what_they_answer() -> None:
    """A card played in response names the card it answers (the one below it on the stack)."""
    lines = [line for seed in (1, 2) for line in _play("--seed", str(seed))[1].splitlines()]
    answers = [line for line in lines if ", in response to " in line]
    assert answers
    for line in answers:
        assert " plays " in line
    # the first play of a turn is never a response
    for k, line in enumerate(lines[1:], 1):
        if " plays " in line and lines[k - 1].startswith("--- turn"):
            assert "in response" not in line


def test_original_ruleset_and_options_are_echoed() -> None:
    code, out, _ = _play("--seed", "4", "--ruleset", "original", "--decks", "winterborn", "steward")
    assert code == 0
    assert out.splitlines()[0] == "Ivion duel: alice (Winterborn), bob (Steward); seed 4, random AI, ruleset original"


def test_greedy_game_is_deterministic() -> None:
    first = _play("--seed", "2", "--ai", "greedy")
    assert first[0] == 0
    assert "greedy AI" in first[1].splitlines()[0]
    assert first == _play("--seed", "2", "--ai", "greedy")


def test_decks_by_path_and_by_name(tmp_path: Path) -> None:
    assert find_deck("Steward") == find_deck("steward.deck") == find_deck(str(find_deck("steward")))
    copy = tmp_path / "mine.deck"
    copy.write_text(find_deck("winterborn").read_text())
    by_name = _play("--seed", "5", "--decks", "steward", "winterborn")
    by_path = _play("--seed", "5", "--decks", str(find_deck("steward")), str(copy))
    assert by_name == by_path


def test_unknown_deck_is_an_error_not_a_crash() -> None:
    code, out, err = _play("--decks", "nope", "steward")
    assert code == 1 and out == ""
    bundled = ", ".join(sorted(p.stem for p in find_deck("steward").parent.glob("*.deck")))
    assert "no deck file or bundled ivion deck named 'nope'" in err and f"(bundled: {bundled})" in err


def test_bad_deck_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.deck"
    bad.write_text('deck "Bad" for ivion\nfeats "Shield Slam"\nthree "Crush"\n')
    code, out, err = _play("--decks", str(bad), "steward")
    assert code == 1 and out == ""
    assert "bad.deck:3:1:" in err


def test_unknown_card_in_a_deck(tmp_path: Path) -> None:
    deck = tmp_path / "typo.deck"
    deck.write_text(find_deck("steward").read_text().replace('"Crush"', '"Crrush"'))
    code, out, err = _play("--decks", str(deck), "winterborn")
    assert code == 1 and out == ""
    assert 'typo.deck:' in err and 'unknown card "Crrush"' in err and "Crush" in err


def test_a_deck_for_another_game_is_named_as_such(tmp_path: Path) -> None:
    """A Rush of Ikorr deck given to an Ivion duel: one located line saying whose deck it
    is, not an "unknown card" for each of its names; a comment line is not the header."""
    from cardsmith.dsl.loader import bundled_cards_dir
    ikorr = (bundled_cards_dir() / "ikorr" / "decks" / "ember-regent.deck").read_text()
    deck = tmp_path / "other.deck"
    deck.write_text('# deck "Old" for ivion\n\n  ' + ikorr)
    code, out, err = _play("--decks", "steward", str(deck))
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert f"{deck}:3:3: this deck is for ikorr, not ivion" in err
    assert "unknown card" not in err


def test_a_game_that_is_not_registered_is_refused() -> None:
    """Any registered game can be played; another name is a usage error."""
    code, _, err = _play_game("chess")
    assert code == 2 and "cardsmith play: unknown game 'chess'" in err


def test_bad_options_are_refused_by_argparse() -> None:
    result = _cli("play", "ivion", "--ai", "smart")
    assert result.returncode == 2
    assert b"argument --ai: unknown AI 'smart'" in result.stderr
    assert isinstance(build_parser().parse_args(["play", "ivion"]), argparse.Namespace)


def test_play_alone_prints_to_stdout(capsys: pytest.CaptureFixture) -> None:
    """``cardsmith.play.main(argv)`` is callable on its own (the CLI passes its streams)."""
    assert play_main(["ivion", "--seed", "3"]) == 0
    assert capsys.readouterr().out == _play("--seed", "3")[1]
    assert play_main(["--seed", "3"]) == 0            # no game named: the default one
    assert capsys.readouterr().out == _play("--seed", "3")[1]


MY_BOLT = '''card "My Bolt" {
  skill winterborn  cost 1 action  generates 1 power  range 2  banner disarm
  types attack
  deal 3 damage to target enemy
}
'''


def _my_deck(tmp_path: Path) -> Path:
    """The Winterborn sample deck with its Icebolts swapped for a designer's own card."""
    text = find_deck("winterborn").read_text().replace('3 "Icebolt"', '3 "My Bolt"')
    assert '3 "My Bolt"' in text
    deck = tmp_path / "mine.deck"
    deck.write_text(text)
    return deck


def test_play_with_your_own_cards(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "my.ivion").write_text(MY_BOLT)
    deck = _my_deck(tmp_path)
    code, out, err = _play("--decks", "steward", str(deck), "--cards", str(tmp_path / "cards"), "--seed", "2")
    assert code == 0, err
    assert "My Bolt" in out                     # in the game: drawn, played or discarded
    code, _, err = _play("--decks", "steward", str(deck), "--seed", "2")       # without --cards
    assert code == 1 and f'{deck}:' in err and 'unknown card "My Bolt"' in err


def test_play_with_a_broken_card_file_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ivion"
    bad.write_text(MY_BOLT.replace("deal 3 damage", "dmg 3 damage"))
    code, out, err = _play("--decks", "steward", str(_my_deck(tmp_path)), "--cards", str(bad))
    assert code == 1 and out == ""
    assert f"{bad}:4:3: unknown verb 'dmg'" in err


def test_a_paragon_deck_file_sets_up_its_hero_and_plays(tmp_path: Path) -> None:
    """IV-SETUP-10: a game from a Paragon deck file (the real-card fixture: Steward,
    Winterborn and Baron) has the three ultimates as feats and the highest HP (Shield Slam's 42)."""
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.decks import library_for_decks
    from cardsmith.play import game_library, read_deck_defs
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.ivion.players import zone
    from tests.dsl.ivion_format_decks import HIGHEST_HP, write_paragon

    path = write_paragon(tmp_path)
    library = game_library("ivion")
    defs = read_deck_defs([str(path), "steward"], library, ivion.GAME)
    library = library_for_decks(library, defs)
    decks = [d.as_options() for d in defs]
    assert decks[0]["format"] == "paragon" and "format" not in decks[1]
    game = Game.new(ivion.GAME, library, history=False, decks=decks, seed=5)
    feats = sorted(game.name(c) for c in game.state.zones[zone("feats", 0)])
    assert feats == ["Shield Slam", "Treachery", "Winterburst"]
    hero = game.state.players[0]
    assert hero.stats["hp"] == hero.stats["max_hp"] == HIGHEST_HP
    assert len(game.state.zones[zone("deck", 0)]) + len(game.state.zones[zone("hand", 0)]) == 45
    code, out, err = _play("--decks", str(path), "steward", "--seed", "2")
    assert code == 0, err
    assert f"  alice starts at {HIGHEST_HP} HP, Shield Slam's: the highest of 3 ultimates  [IV-SETUP-10]" in out
    assert out.splitlines()[-1].startswith("winner: ")


def test_the_bundled_herocrafting_deck_plays_by_name() -> None:
    """cards/ivion/decks/frostguard.deck (format herocrafting, IV-SETUP-11) is a bundled deck."""
    code, out, err = _play("--decks", "frostguard", "winterborn", "--seed", "4")
    assert code == 0, err
    assert out.startswith("Ivion duel: alice (Frostguard), bob (Winterborn)")
    assert out.splitlines()[-1].startswith("winner: ")
