"""``load FILE.replay [turn N]`` inside the REPL (issue 17: outlier games opened at any
turn), through the real command layer on real replays of the three games: the session
becomes the replayed game at the start of turn N, the same as ``cardsmith repl FILE
--turn N`` opens it, with undo and redo over the recorded actions; a file that can't be
replayed is refused with the file and the problem named, and the session is exactly as it
was (``walks.check_line`` compares every part of it); nothing in the file is run."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardsmith.repl.commands import execute
from cardsmith.repl.replay_open import replay_session
from cardsmith.repl.saves import shown
from cardsmith.repl.session import Session
from cardsmith.simulate import replay
from cardsmith.simulate.setup import Spec

from ..fuzzing.walks import check_line
from .test_repl_completer import texts

SPECS = {"ivion": Spec("ivion", ("steward", "winterborn")), "ikorr": Spec("ikorr", ("ember-regent", "tide-oracle")),
         "sylvion": Spec("sylvion")}


def written(folder: Path, game: str, change=None) -> tuple[Path, dict]:
    data, _ = replay.record(SPECS[game], 5, 3, "a test game")
    if change is not None:
        change(data)
    path = folder / f"{game}.replay"
    path.write_text(replay.dumps(data), encoding="utf-8")
    return path, data


@pytest.mark.parametrize("game", sorted(SPECS))
def test_load_opens_a_replay_at_the_start_of_a_turn_in_a_running_session(tmp_path: Path, game: str) -> None:
    path, data = written(tmp_path, game)
    ended = replay.replay(str(path))
    turn = ended.turns[len(ended.turns) // 2]
    session = Session(seed=1)                    # an Ivion duel under way, whatever the replay's game
    assert execute(session, "end").ok and session.marks
    kept = session
    result = execute(session, f"load {path} turn {turn}")
    assert result.ok, result.text
    assert session is kept and session.game_name == game and not session.unsaved
    assert f"opened at the start of turn {turn}" in result.text and "replay: a test game" in result.text
    assert session.g.state.turn == turn and not session.g.state.over
    same, _ = replay_session(str(path), turn)    # what `cardsmith repl FILE --turn N` opens
    assert session.g.to_json() == same.g.to_json() and session.marks == same.marks
    assert len(session.marks) + len(session.redo_marks) == len(data["actions"])
    at = len(session.marks)
    assert execute(session, f"redo {len(data['actions']) - at}").ok and session.g.state.over
    assert replay.state_digest(session.g) == data["digest"]
    assert execute(session, f"undo {len(data['actions'])}").ok and session.marks == []


def test_without_a_turn_it_opens_at_the_first_decision_and_past_the_end_at_the_end(tmp_path: Path) -> None:
    path, data = written(tmp_path, "ikorr")
    session = Session(seed=1)
    result = execute(session, f"load {path}")
    assert result.ok and session.marks == [] and session.g.state.turn == 0, result.text
    result = execute(session, f"load {path} TURN 500")
    assert result.ok and session.g.state.over and "turn 500 is past the end of this game" in result.text


def _seed_changed(d: dict) -> None:
    d["seed"] += 1


def _an_action_changed(d: dict) -> None:
    d["actions"][2] = ["move", ["z9"]]


REFUSED = [
    ("nosuch.replay", None, "turn 2", r"can't read .*nosuch\.replay: no such file"),
    ("ivion.replay", _seed_changed, "turn 2", r"ivion\.replay: (digest|actions\[\d+\]): "),
    ("ivion.replay", _an_action_changed, "", r"ivion\.replay: actions\[2\]: \[\"move\", \[\"z9\"\]\] is not one of"),
    ("ivion.replay", lambda d: d.update(cards=["/no/such/cards.ivion"]), "", r"ivion\.replay: cards\[0\]: .*no such file"),
    ("ivion.replay", lambda d: d.update(format="cardsmith-save"), "", r"ivion\.replay is not a cardsmith replay"),
    ("ivion.replay", None, "turn x", r"the turn must be a whole number, not 'x'"),
    ("ivion.replay", None, "turn -1", r"the turn must be at least 0"),
    ("ivion.replay", None, "turn", r"load FILE \| load FILE\.replay turn N"),
    ("ivion.replay", None, "round 2", r"load FILE \| load FILE\.replay turn N"),
    ("saved.json", None, "turn 2", r"load .*saved\.json turn 2: `turn N` opens a replay file at a turn, and .* is not one"),
]


@pytest.mark.parametrize("name, change, tail, says", REFUSED, ids=[f"{r[0]} {r[2]} {r[3][:30]}" for r in REFUSED])
def test_a_replay_that_cant_be_opened_is_refused_and_the_session_stays_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, change, tail: str, says: str) -> None:
    written(tmp_path, "ivion", change)
    monkeypatch.chdir(tmp_path)                      # short names: messages cut long ones
    session = Session(seed=2)
    assert execute(session, "end").ok
    assert execute(session, "save saved.json").ok
    assert execute(session, "end").ok                # unsaved again, with an undo step
    before = session.g.to_json()
    line = f"load {name} {tail}".strip()
    assert check_line(session, line) == "refused"    # and nothing in the session changed
    result = execute(session, line)
    assert re.search(says, result.text), result.text
    assert session.g.to_json() == before and session.unsaved and session.marks


def test_nothing_in_a_replay_is_run(tmp_path: Path) -> None:
    """A replay naming a Python file as its cards or deck, or code as a deck or an AI, is
    refused by its field; the file is never imported or run."""
    marker = tmp_path / "ran"
    code = tmp_path / "evil.py"
    code.write_text(f"open({str(marker)!r}, 'w').write('ran')\n", encoding="utf-8")
    session = Session(seed=1)
    for change, field in ((lambda d: d.update(cards=[str(code)]), "cards"),
                          (lambda d: d.update(decks=[str(code), "winterborn"]), "decks"),
                          (lambda d: d.update(decks=["__import__('os').system('touch ran')", "winterborn"]), "decks"),
                          (lambda d: d.update(ai="__import__('os')"), "ai")):
        path, _ = written(tmp_path, "ivion", change)
        result = execute(session, f"load {path} turn 3")
        assert not result.ok and f"{shown(str(path))}: {field}" in result.text, result.text
        assert not marker.exists() and not (tmp_path / "ran").exists()
    assert session.game_name == "ivion" and session.marks == []


def test_a_replay_named_otherwise_is_found_by_its_format(tmp_path: Path) -> None:
    path, _ = written(tmp_path, "sylvion")
    other = tmp_path / "game.txt"
    other.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    session = Session(seed=1)
    result = execute(session, f"load {other} turn 2")
    assert result.ok and session.game_name == "sylvion", result.text
    data = json.loads(other.read_text(encoding="utf-8"))
    assert len(session.marks) + len(session.redo_marks) == len(data["actions"])


def test_help_and_completion_name_the_replay_form(repl, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "load FILE.replay turn N" in repl("help load")
    written(tmp_path, "ivion")
    monkeypatch.chdir(tmp_path)
    assert texts(repl, "load ivion.replay t") == ["turn"]
    assert texts(repl, "load game.json t") == []
