"""Replay files of simulate's games, on the real engine for all three games: a replay plays
back to exactly the game the run played (the same final state digest), opens in the REPL
at the start of a turn with undo back to the start and redo on to the end, and a changed
file is refused with the field named and nothing opened."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.repl.replay_open import replay_session
from cardsmith.repl.saves import shown
from cardsmith.runtime.core.ai_kinds import make_ai
from cardsmith.simulate import replay
from cardsmith.simulate.setup import Spec, read_options
from cardsmith.simulate.worker import state_digest, table_for

SPECS = {
    "ivion": Spec("ivion", ("steward", "winterborn")),
    "ikorr": Spec("ikorr", ("ember-regent", "tide-oracle")),
    "ikorr-2v2": Spec("ikorr", ("ember-regent", "tide-oracle"), options=read_options("ikorr", ["format=2v2"], None)),
    "sylvion": Spec("sylvion"),
    "sylvion-2p": Spec("sylvion", options=read_options("sylvion", ["players=2"], None)),
}


def written(tmp_path: Path, which: str, number: int = 3, seed: int = 5) -> tuple[Path, dict, dict]:
    data, summary = replay.record(SPECS[which], seed, number, "a test game")
    path = tmp_path / f"{which}.replay"
    path.write_text(replay.dumps(data), encoding="utf-8")
    return path, data, summary


def played_again(spec: Spec, seed: int, swapped: bool) -> str:
    """The digest of the game dealt and played as a run plays it, by hand: new AIs, no replay."""
    table = table_for(spec)
    game = table.deal(seed, swapped and bool(table.decks))
    ais = [make_ai(spec.ai, table.rules.ai_seed(seed, p.index)) for p in game.state.players]
    while not game.state.over:
        game.apply(ais[game.pending.player].choose(game))
    return state_digest(game)


@pytest.mark.parametrize("which", sorted(SPECS))
def test_a_replay_plays_back_the_very_game(tmp_path: Path, which: str) -> None:
    path, data, summary = written(tmp_path, which)
    replayed = replay.replay(str(path))
    assert replayed.game.state.over and replayed.actions == len(data["actions"]) == summary["decisions"]
    assert state_digest(replayed.game) == data["digest"] == summary["digest"]
    assert played_again(SPECS[which], data["seed"], data["swapped"]) == data["digest"]
    assert replayed.turns == sorted(replayed.turns) and replayed.last_turn == summary["turns"]


@pytest.mark.parametrize("which", ["ivion", "ikorr", "sylvion"])
def test_turn_n_opens_at_the_start_of_that_turn(tmp_path: Path, which: str) -> None:
    path, data, summary = written(tmp_path, which)
    first = replay.replay(str(path))
    start_digest = state_digest(first.game)          # the end, before seeking
    wanted = first.turns[len(first.turns) // 2]      # a turn with decisions in it
    session, lines = replay_session(str(path), wanted)
    game = session.g
    assert game.state.turn == wanted and not game.state.over
    assert f"opened at the start of turn {wanted}" in lines[1]
    at = len(session.marks)
    assert first.turns[at] == wanted and (at == 0 or first.turns[at - 1] < wanted)
    if at:
        assert session.undo(1) == 1 and game.state.turn == first.turns[at - 1] < wanted
        at -= 1
    session.undo(at)                                  # back to the deal
    fresh = table_for(SPECS[which]).deal(data["seed"], data["swapped"] and bool(SPECS[which].decks))
    assert session.g.to_json() == fresh.to_json()
    assert session.redo(len(first.turns)) == len(first.turns)   # and on to the recorded end
    assert session.g.state.over and state_digest(session.g) == start_digest


def test_no_turn_opens_at_the_first_decision_and_a_turn_past_the_end_at_the_end(tmp_path: Path) -> None:
    path, data, summary = written(tmp_path, "ikorr")
    session, lines = replay_session(str(path), None)
    assert session.marks == [] and len(session.redo_marks) == len(data["actions"])
    assert session.g.state.turn == 0 and session.g.pending is not None
    session, lines = replay_session(str(path), summary["turns"] + 50)
    assert session.g.state.over and len(session.marks) == len(data["actions"])
    assert f"turn {summary['turns'] + 50} is past the end of this game (its last turn is {summary['turns']})" in lines[1]
    assert session.undo(1) == 1 and not session.g.state.over


def changed(tmp_path: Path, data: dict, change) -> str:
    data = json.loads(json.dumps(data))
    change(data)
    path = tmp_path / "changed.replay"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def swap_an_action(data: dict) -> None:
    k = next(k for k, a in enumerate(data["actions"]) if a[0] == "move")
    data["actions"][k] = ["move", ["z9"]]


@pytest.mark.parametrize("change, says", [
    (swap_an_action, r"actions\[\d+\]: \[\"move\", \[\"z9\"\]\] is not one of the \d+ options of \w+'s decision in turn \d+"),
    (lambda d: d.update(seed=d["seed"] + 1), r"actions\[\d+\]: .* is not one of|digest: its actions play to another game"),
    (lambda d: d.update(digest="0" * 64), r"digest: its actions play to another game than the one recorded"),
    (lambda d: d["actions"].pop(), r"digest: its actions play to another game"),
    (lambda d: d["actions"].append(["end", []]), r"actions\[\d+\]: the game was over after \d+ actions"),
    (lambda d: d.pop("seed"), r"seed: is missing"),
    (lambda d: d.update(junk=1), r"junk: is not part of a replay"),
    (lambda d: d.update(version=2), r"version: 2: this cardsmith reads version 1"),
    (lambda d: d.update(game="chess"), r"game: .*chess"),
    (lambda d: d.update(decks=["steward", "nosuchdeck"]), r"decks: .*nosuchdeck"),
    (lambda d: d.update(cards=["/no/such/cards.ivion"]), r"cards\[0\]: /no/such/cards.ivion: no such file"),
    (lambda d: d.update(options={"ruleset": "chess"}), r"options\[\"ruleset\"\]: \"chess\" is not a ruleset of ivion"),
    (lambda d: d.update(options={"players": 3}), r"options\[\"players\"\]: is not an option of ivion"),
    (lambda d: d.update(ai="telepath"), r"ai: \"telepath\" is not an AI"),
    (lambda d: d.update(swapped="yes"), r"swapped: \"yes\" is not true or false"),
    (lambda d: d["actions"].__setitem__(0, "play card1"), r"actions\[0\]: \"play card1\" is not an action"),
    (lambda d: d.update(format="cardsmith-save"), r"is not a cardsmith replay"),
])
def test_a_changed_replay_is_refused_with_its_field(tmp_path: Path, change, says) -> None:
    path, data, _ = written(tmp_path, "ivion")
    bad = changed(tmp_path, data, change)
    with pytest.raises(replay.ReplayProblem, match=r"^" + re.escape(shown(bad)) + r"[: ]") as found:
        replay_session(bad, 2)
    assert re.search(says, str(found.value)), str(found.value)


def test_text_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.replay"
    path.write_text('{"format": "cardsmith-replay", "actions": [', encoding="utf-8")
    with pytest.raises(replay.ReplayProblem, match=re.escape(shown(str(path))) + r" is not a replay \(bad JSON"):
        replay.replay(str(path))


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardsmith.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def test_simulate_writes_the_outliers_that_the_repl_opens(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    done = run_cli("simulate", "ivion", "--decks", "steward", "winterborn", "--games", "6", "--seed", "2",
                   "--workers", "1", "--replays", str(folder), "--json", str(tmp_path / "run.json"))
    assert done.returncode == 0, done.stderr
    figures = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert set(figures["replays"]) == set(figures["outliers"])
    for name, found in figures["outliers"].items():
        data = json.loads(Path(figures["replays"][name]).read_text(encoding="utf-8"))
        assert (data["seed"], data["swapped"]) == (found["seed"], found["swapped"])
        if "turns" in found:
            assert data["turns"] == found["turns"]
    longest = figures["replays"]["longest"]
    opened = run_cli("repl", longest, "--turn", "4", stdin="status\nundo\nstatus\n")
    assert opened.returncode == 0, opened.stderr
    assert "opened at the start of turn 4" in opened.stdout and "turn 4 ·" in opened.stdout
    assert "undid 1 step" in opened.stdout


def test_the_repl_refuses_a_bad_replay_and_a_turn_without_one(tmp_path: Path) -> None:
    path, data, _ = written(tmp_path, "sylvion")
    bad = changed(tmp_path, data, lambda d: d.update(digest="f" * 64))
    done = run_cli("repl", bad, "--turn", "2", stdin="status\n")
    assert done.returncode == 1 and f"{shown(bad)}: digest:" in done.stderr and "cardsmith>" not in done.stdout
    done = run_cli("repl", "--turn", "2", stdin="status\n")
    assert done.returncode == 2 and "--turn opens a replay file" in done.stderr
    done = run_cli("repl", str(path), "--turn", "-1", stdin="status\n")
    assert done.returncode == 2 and "turns are numbered from 0" in done.stderr


def test_the_ikorr_race_is_reported_turn_by_turn() -> None:
    """Rush of Ikorr's race (004 § Winning: the first team to secure its target of Ikorr
    wins): each side's secured Ikorr as each turn starts, the first deck's side first, as
    distributions over the games."""
    import io

    from cardsmith.simulate.jobs import game_seed, swapped
    from cardsmith.simulate.report import figures
    from cardsmith.simulate.run import Plan, run

    spec = SPECS["ikorr"]
    outcome = run(Plan((spec,), ("ember-regent",), seed=3, games=4), io.StringIO(), progress=False)
    games = outcome.tally.games(0, outcome.numbers)
    for g in games:                 # the same figures read off the game played by hand
        seed, side = game_seed(3, g["game"] // 2), int(swapped(g["game"]))
        table = table_for(spec)
        game = table.deal(seed, bool(side))
        ais = [make_ai("random", table.rules.ai_seed(seed, p.index)) for p in game.state.players]
        by_hand: dict[int, list[int]] = {}
        while not game.state.over:
            secured = game.state.secured
            by_hand.setdefault(game.state.turn, [secured[side], secured[1 - side]])
            game.apply(ais[game.pending.player].choose(game))
        assert g["race"] == by_hand and by_hand[min(by_hand)] == [0, 0]
    out = figures(outcome)
    race = out["arms"][0]["race"]
    assert out["race_name"] == "secured Ikorr"
    assert race[0]["turn"] == 0 and race[0]["games"] == 4 and race[0]["this_side"]["max"] == 0
    assert [row["turn"] for row in race] == sorted({t for g in games for t in g["race"]})
    assert any(row["this_side"]["max"] > 0 for row in race) and any(row["other_side"]["max"] > 0 for row in race)


def test_a_game_without_a_race_reports_none() -> None:
    import io

    from cardsmith.simulate.run import Plan, run

    outcome = run(Plan((SPECS["ivion"],), ("steward",), seed=3, games=2), io.StringIO(), progress=False)
    assert all("race" not in g for g in outcome.tally.games(0, outcome.numbers))
    assert outcome.tally.summary(0, outcome.numbers)["race"] == []
