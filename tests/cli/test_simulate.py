"""``cardsmith simulate`` as a designer runs it: the installed command, its files, its
messages for bad input, a comparison, and Ctrl-C in a real terminal."""
from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import pexpect
import pytest

from tests.installed import cardsmith_exe


def simulate(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([cardsmith_exe(), "simulate", *args], capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ))


def test_a_run_writes_the_same_figures_to_the_table_json_and_csv(tmp_path: Path) -> None:
    j, c = tmp_path / "run.json", tmp_path / "run.csv"
    done = simulate("ivion", "--decks", "steward", "winterborn", "--games", "6", "--seed", "3",
                    "--workers", "2", "--json", str(j), "--csv", str(c))
    assert done.returncode == 0, done.stderr
    figures = json.loads(j.read_text())
    rows = list(csv.DictReader(c.open()))
    arm = figures["arms"][0]
    assert figures["games"] == 6 and arm["games"] == 6 and arm["label"] == "steward"
    assert len(rows) == 6 and [r["swapped"] for r in rows] == ["False", "True"] * 3
    wins = sum(r["won"] == "True" for r in rows)
    assert arm["win_rate"]["hits"] == wins and arm["win_rate"]["n"] == 6
    assert arm["win_rate"]["low"] <= wins / 6 <= arm["win_rate"]["high"]
    line = next(l for l in done.stdout.splitlines() if l.startswith("steward "))
    assert f"{100 * wins / 6:.1f}%" in line
    assert "6 games of ivion" in done.stdout


def test_the_same_run_with_one_worker_writes_the_same_csv(tmp_path: Path) -> None:
    files = []
    for workers in ("1", "2"):
        f = tmp_path / f"w{workers}.csv"
        done = simulate("ikorr", "--decks", "ember-regent", "tide-oracle", "--games", "6",
                        "--workers", workers, "--csv", str(f))
        assert done.returncode == 0, done.stderr
        files.append(f.read_text())
    assert files[0] == files[1] and files[0].count("\n") == 7


def test_compare_reports_the_difference_and_mcnemar(tmp_path: Path) -> None:
    j = tmp_path / "ab.json"
    done = simulate("ivion", "--compare", "steward", "frostguard", "--against", "winterborn",
                    "--games", "6", "--workers", "2", "--json", str(j))
    assert done.returncode == 0, done.stderr
    figures = json.loads(j.read_text())
    first, second = figures["arms"]
    cmp = figures["comparisons"][0]
    assert (cmp["baseline"], cmp["variant"]) == ("steward", "frostguard")
    assert cmp["difference"] == pytest.approx((second["win_rate"]["hits"] - first["win_rate"]["hits"]) / 6)
    assert cmp["gained"] - cmp["lost"] == second["win_rate"]["hits"] - first["win_rate"]["hits"]
    assert 0 <= cmp["p_value"] <= 1
    assert "frostguard vs steward: " in done.stdout and "McNemar exact p = " in done.stdout


@pytest.mark.parametrize("args,message", [
    (("ivion", "--decks", "steward", "nope"), "no deck file or bundled ivion deck named 'nope'"),
    (("ivion", "--decks", "steward", "winterborn", "--option", "hp=lots"), "--option hp takes a whole number"),
    (("ivion", "--decks", "steward", "winterborn", "--option", "colour=red"), "ivion has no option 'colour'"),
    (("ivion", "--decks", "steward", "winterborn", "--ruleset", "house"), "ivion has no ruleset 'house'"),
    (("ivion", "--decks", "steward", "winterborn", "--ai", "clever"), "unknown AI 'clever'"),
    (("ivion",), "ivion is played with decks: --decks A B"),
    (("sylvion", "--decks", "a", "b"), "sylvion takes no decks"),
    (("chess",), "chess"),
    (("ivion", "--decks", "steward", "winterborn", "--games", "0"), "--games needs a positive number"),
    (("ivion", "--compare", "steward"), "--compare needs two or more decks and --against B"),
    (("ivion", "--decks", "steward", "winterborn", "--precision", "2"), "--precision takes a half-width"),
])
def test_bad_input_is_named_and_nothing_is_played(args: tuple[str, ...], message: str) -> None:
    done = simulate(*args, "--games", "2") if "--games" not in args else simulate(*args)
    assert done.returncode == 1
    assert message in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_ctrl_c_stops_the_workers_and_reports_what_was_played(tmp_path: Path) -> None:
    j = tmp_path / "partial.json"
    child = pexpect.spawn(cardsmith_exe(), ["simulate", "sylvion", "--games", "200000", "--workers", "2",
                                            "--json", str(j)], env=dict(os.environ), dimensions=(30, 150),
                          encoding="utf-8", timeout=120)
    try:
        child.expect(r"[1-9]\d*/200000 \[")     # the bar: some of the games planned are done
        child.sendintr()
        child.expect(r"interrupted: (\d+) games of sylvion")
        played = int(child.match.group(1))
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    figures = json.loads(j.read_text())
    assert figures["interrupted"] and figures["games"] == played > 0
    assert figures["arms"][0]["win_rate"]["n"] == played


def test_sigint_without_a_terminal_reports_the_games_played_in_the_first_seconds(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) to a run in a pipe, as soon as its first games are in (the bar,
    forced with --progress, counts them): those games are reported, in the table, the JSON
    and the CSV (with chunks of 100 games a worker, the first several seconds of play were
    lost: "interrupted: 0 games")."""
    import re
    import signal

    j, c = tmp_path / "partial.json", tmp_path / "partial.csv"
    child = subprocess.Popen([cardsmith_exe(), "simulate", "ivion", "--decks", "steward", "winterborn", "--games",
                              "100000", "--workers", "2", "--progress", "--json", str(j), "--csv", str(c)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ))
    try:
        bar = b""
        assert child.stderr is not None
        while not re.search(rb"[1-9]\d*/100000", bar):
            more = child.stderr.read1(4096)
            assert more, bar.decode(errors="replace")
            bar = bar[-200:] + more
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130, err.decode(errors="replace")
    figures = json.loads(j.read_text())
    played = figures["games"]
    assert figures["interrupted"] and 0 < played < 100, out
    assert f"interrupted: {played} games of ivion" in out.decode()
    assert len(list(csv.DictReader(c.open()))) == played == figures["arms"][0]["win_rate"]["n"]


def test_sigint_while_the_cards_load_is_no_traceback(tmp_path: Path) -> None:
    """SIGINT before any game is played (the flags being read, the cards being parsed with
    no cache): said in a line, exit 130.  The signal is sent by a timer in the command's own process once cardsmith is
    imported (SIGINT during Python's own imports is Python's to report)."""
    import sys

    script = ("import os, signal, sys, threading\n"
              "from cardsmith.cli import main\n"
              "threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
              "sys.exit(main(['simulate', 'ivion', '--decks', 'steward', 'winterborn', '--games', '100000',"
              " '--workers', '2'], sys.stdout, sys.stderr))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "CARDSMITH_CACHE": str(tmp_path / "cache")})
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 130
    assert "interrupted" in done.stdout + done.stderr


def test_importance_ranks_every_card_of_the_deck(tmp_path: Path) -> None:
    j, chart = tmp_path / "imp.json", tmp_path / "imp.svg"
    done = simulate("ikorr", "--decks", "ember-regent", "tide-oracle", "--games", "2", "--importance",
                    "--json", str(j), "--chart", str(chart))
    assert done.returncode == 0, done.stderr
    figures = json.loads(j.read_text())
    ranked = figures["importance"]
    assert sorted(i["card"] for i in ranked) == sorted(figures["cards"])
    falls = [i["win_rate_falls_by"] for i in ranked]
    assert falls == sorted(falls, reverse=True)
    assert "card importance" in done.stdout
    assert "<svg" in chart.read_text()


def test_per_card_table_and_png_chart(tmp_path: Path) -> None:
    chart = tmp_path / "cards.png"
    done = simulate("ivion", "--decks", "steward", "winterborn", "--games", "4", "--per-card", "--chart", str(chart))
    assert done.returncode == 0, done.stderr
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    header = next(l for l in done.stdout.splitlines() if l.startswith("card "))
    assert "GIH win" in header and "IWD" in header
    assert "Hammer Strike " in done.stdout


def test_a_chart_must_be_png_or_svg() -> None:
    done = simulate("ivion", "--decks", "steward", "winterborn", "--games", "2", "--chart", "out.pdf")
    assert done.returncode == 1 and "--chart writes a .png or .svg file" in done.stderr


def test_a_skill_check_plays_one_ai_against_another(tmp_path: Path) -> None:
    j = tmp_path / "skill.json"
    done = simulate("ivion", "--decks", "steward", "steward", "--ai", "greedy", "--against-ai", "random",
                    "--games", "4", "--json", str(j))
    assert done.returncode == 0, done.stderr
    arm = json.loads(j.read_text())["arms"][0]
    assert (arm["ai"], arm["opponent_ai"]) == ("greedy", "random")
    assert arm["win_rate"]["hits"] >= 3          # greedy beats random in a mirror match
    assert "greedy AI against random" in done.stdout
    wrong = simulate("sylvion", "--against-ai", "random", "--games", "2")
    assert wrong.returncode == 1 and "--against-ai needs two sides" in wrong.stderr
