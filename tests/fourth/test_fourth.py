"""The fourth game, installed through its entry point, through every command a game has:
``check``, ``show``, ``play``, the REPL (``new``, ``step``, ``undo``, save and load) and
``run``.  Each runs the installed ``cardsmith`` in a subprocess (``conftest.py``)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
CARDS = HERE / "pebbles.fourth"
SCENARIO = HERE / "race.scenario"


def test_check_reads_its_cards_and_locates_its_own_mistakes(cardsmith, tmp_path: Path) -> None:
    ok = cardsmith("check", CARDS)
    assert ok.returncode == 0, ok.stderr
    assert "OK: 5 cards and 0 decks in 1 files" in ok.stdout
    bad = tmp_path / "bad.fourth"
    bad.write_text('card "A" {\n  heap 2  keywords encor\n  gain 1 pebble\n}\n'
                   'card "B" {\n  heap 12\n  gain 1 pebble\n}\n')
    out = cardsmith("check", bad)
    assert out.returncode == 1
    # the keyword is the game's own: misspelt, it is found at its word with the right one
    assert re.search(r"bad\.fourth:2:\d+: .*unknown keyword 'encor'; did you mean 'encore'", out.stderr), out.stderr


def test_check_refuses_header_numbers_and_other_games_words(cardsmith, tmp_path: Path) -> None:
    heap = tmp_path / "heap.fourth"
    heap.write_text('card "B" {\n  heap 12\n  gain 1 pebble\n}\n')
    out = cardsmith("check", heap)
    assert out.returncode == 1 and "heap 12 is impossible (0..9)" in out.stderr, out.stderr
    assert "heap.fourth:" in out.stderr
    ivion = tmp_path / "ivion_words.fourth"       # Ivion's unit: not a word of this game
    ivion.write_text('card "C" {\n  heap 1\n  gain 2 power\n}\n')
    out = cardsmith("check", ivion)
    assert out.returncode == 1 and "ivion_words.fourth:3:" in out.stderr, out.stderr


def test_show_renders_bundled_and_designer_cards(cardsmith, tmp_path: Path) -> None:
    bundled = cardsmith("show", "--game", "fourth", "Quick Step")
    assert bundled.returncode == 0, bundled.stderr
    assert bundled.stdout.splitlines()[:4] == ["Quick Step", "Pebbles card - heap 2", "Encore.", "Gain 1 pebble."]
    mine = tmp_path / "mine.fourth"
    mine.write_text('card "Avalanche" {\n  heap 1\n  take 3 pebbles\n  draw 1 card\n}\n')
    out = cardsmith("show", "--cards", mine, "--", "Avalanche")
    assert out.returncode == 0, out.stderr
    assert "Take 3 pebbles." in out.stdout and "[fourth]" in out.stdout


def test_play_runs_a_whole_game_the_same_way_twice(cardsmith) -> None:
    helped = cardsmith("play", "fourth", "--help")
    assert helped.returncode == 0 and "cardsmith play fourth" in helped.stdout
    assert "--decks" not in helped.stdout           # its setup takes no decks
    first = cardsmith("play", "fourth", "--seed", "1", "--ai", "greedy")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0] == "fourth: alice, bob; seed 1, greedy AI"
    assert re.fullmatch(r"(alice|bob) wins with 1\d pebbles after \d+ turns and \d+ decisions", lines[-1]), lines[-1]
    assert cardsmith("play", "fourth", "--seed", "1", "--ai", "greedy").stdout == first.stdout


def test_repl_new_step_undo_save_and_load(cardsmith, tmp_path: Path) -> None:
    script = tmp_path / "session.txt"
    script.write_text("\n".join([
        "new fourth seed 2", "why Landslide", "play Boulder", "board", "step", "board",
        "undo", "board", "step", f"save {tmp_path / 'game.json'}", "new fourth seed 5",
        f"load {tmp_path / 'game.json'}", "board", "help keywords"]) + "\n")
    out = cardsmith("repl", "--script", script)
    assert out.returncode == 0, out.stdout + out.stderr
    text = out.stdout
    assert "it can be played now" in text
    # auto is off: the played card waits, before it resolves, for `step`
    assert "paused: next to resolve: Boulder" in text
    boards = re.findall(r"cardsmith> board\n(.*\n.*\n.*)\n", text)
    assert boards[0].splitlines()[1].startswith("alice: 0 pebbles")          # played, not resolved
    assert boards[1].splitlines()[1].startswith("alice: 3 pebbles")          # stepped
    assert boards[1].splitlines()[0] == "turn 2: bob to play"
    assert boards[2].splitlines()[:2] == ["turn 1: alice to play", "alice: 0 pebbles  heap 7  discard 1  hand 3"]
    assert "alice pebbles: 0 -> 3" in text                                   # what the step changed
    assert boards[3] == boards[1]                                            # saved, loaded back
    assert "encore  after it resolves, you play another card this turn" in text


def test_run_passes_its_scenario_and_locates_a_failure(cardsmith, tmp_path: Path) -> None:
    out = cardsmith("run", SCENARIO)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed, 0 failed of 1 scenarios" in out.stdout
    wrong = tmp_path / "wrong.scenario"
    wrong.write_text(SCENARIO.read_text().replace("expect alice.pebbles == 9", "expect alice.pebbles == 7"))
    out = cardsmith("run", wrong)
    assert out.returncode == 1
    line = next(n for n, text in enumerate(wrong.read_text().splitlines(), 1) if "== 7" in text)
    assert f"wrong.scenario:{line}:3" in out.stdout and "alice.pebbles is 9" in out.stdout, out.stdout


def test_a_saved_scenario_rebuilds_the_board_mid_game(cardsmith, tmp_path: Path) -> None:
    script = tmp_path / "session.txt"
    saved = tmp_path / "mid.scenario"
    game = tmp_path / "game.json"
    script.write_text(f"new fourth seed 2\nplay Boulder\nstep\nsave {game}\nload {game}\nsave {saved}\n")
    out = cardsmith("repl", "--script", script)
    assert out.returncode == 0, out.stdout + out.stderr
    text = saved.read_text()        # the loaded game is the board: bob's turn 2, no commands since
    assert "player alice pebbles 3\n" in text and "\nturn bob play 2\n" in text, text
    run = cardsmith("run", saved)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout


def test_the_shared_code_names_this_game_nowhere_either(fourth_env: dict[str, str]) -> None:
    """``tests/test_names_no_game.py`` with the fourth game installed: its name and its own
    keyword are among the words looked for, and found in no shared module."""
    code = ("import json, tests.test_names_no_game as t\n"
            "words = t.distinctive()\n"
            "hits = [(p.relative_to(t.ROOT).as_posix(), w) for p in t._sources()\n"
            "        for _, w in t.named_games(p.read_text('utf-8'), {'fourth': words['fourth']})]\n"
            "print(json.dumps([sorted(words['fourth']), hits]))\n")
    done = subprocess.run([sys.executable, "-c", code], env=fourth_env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    words, hits = json.loads(done.stdout)
    assert {"fourth", "encore"} <= set(words)
    assert hits == []
