"""`save` and `load` (repl/saves.py): the format follows the file's extension, a scenario
saved from the REPL runs and loads back to the same board, and every bad file or file name
is a plain message with the game left exactly as it was."""
from __future__ import annotations

import io
import json
import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from cardsmith.cli import main as cli
from cardsmith.repl.commands import execute
from cardsmith.repl.main import open_scenario
from cardsmith.repl.session import Session

from . import save_corpus as corpus


def _names(state, zone):
    return [state.cards[c].name for c in state.zones.get(zone, ())]


def _same_board(a, b) -> None:
    """Two states alike in everything a scenario describes (card ids aside)."""
    assert [(p.name, p.stats, p.position) for p in a.players] == [(p.name, p.stats, p.position) for p in b.players]
    for zone in sorted(set(a.zones) | set(b.zones)):
        assert _names(a, zone) == _names(b, zone), zone
    assert (a.active, a.phase, a.turn, len(a.stack)) == (b.active, b.phase, b.turn, len(b.stack))


def _unchanged(repl, line: str) -> str:
    """Run a failing line; the game, its undo history and the session are as before."""
    before = (repl.game.to_json(), len(repl.game._undo), list(repl.session.marks), repl.session.game_name)
    text = repl.fails(line)
    assert "internal error" not in text, text
    assert (repl.game.to_json(), len(repl.game._undo), list(repl.session.marks), repl.session.game_name) == before
    return text


def test_save_picks_the_format_by_extension_and_the_scenario_runs_and_loads_back(repl, tmp_path):
    repl("set bob hp 30")
    repl("place alice b1")
    repl("end")
    scenario, saved = tmp_path / "war.scenario", tmp_path / "war.json"
    assert "scenario saved to" in repl(f"save {scenario}")
    assert "game saved to" in repl(f"save {saved}")
    assert scenario.read_text().startswith('scenario "war"')
    assert json.loads(saved.read_text())["format"] == "cardsmith-save"
    out = io.StringIO()
    assert cli(["run", str(scenario)], out=out, err=out) == 0, out.getvalue()
    assert "1 passed" in out.getvalue()
    # `load` opens both: the scenario's board is the one the REPL opens for the file ...
    other = Session("sylvion")
    result = execute(other, f"load {scenario}")
    assert result.ok and "opened the board of" in result.text, result.text
    opened = open_scenario(str(scenario), out=lambda s: None)
    _same_board(other.g.state, opened.g.state)
    # ... and the saved game is the very game
    assert execute(other, f"load {saved}").ok
    assert other.g.to_json() == repl.game.to_json()


def test_a_scenario_saved_as_a_scenario_replays_to_the_board_reached(repl, tmp_path):
    repl("set bob hp 25")
    repl("set alice power 2")
    path = tmp_path / "s.scenario"
    repl(f"save {path}")
    session = Session(seed=5)
    assert execute(session, f"load {path}").ok
    script = [ln.strip() for ln in path.read_text().split("script", 1)[1].splitlines()
              if ln.strip() and not ln.strip().startswith("expect")]
    for line in script:
        assert execute(session, line).ok, line
    _same_board(session.g.state, repl.game.state)


def test_save_refuses_an_unknown_extension_and_lists_the_known_ones(repl, tmp_path):
    text = _unchanged(repl, f"save {tmp_path / 'war.txt'}")
    assert "'.txt' is not a format `save` knows" in text and ".json (saved game)" in text \
        and ".scenario (scenario)" in text
    assert "no extension" in _unchanged(repl, f"save {tmp_path / 'war'}")
    assert not list(tmp_path.iterdir())
    repl(f"save scenario {tmp_path / 'war.txt'}")          # the explicit form writes what it says
    assert (tmp_path / "war.txt").read_text().startswith('scenario "war"')


def test_json_nested_far_too_deep_is_refused_where_it_is(repl, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    text = _unchanged(repl, f"load {deep}")
    assert "is not a saved game: line 1: arrays and objects nest more than 100 deep" in text
    deep.write_text('{"format": "cardsmith-save", "state": ' + "{\"a\": " * 5000 + "1" + "}" * 5001)
    assert "nest more than 100 deep" in _unchanged(repl, f"load {deep}")


def test_file_names_that_cant_be_files(repl, tmp_path):
    assert "a file name can't hold a NUL character" in _unchanged(repl, 'save "a\x00b.json"')
    assert "a file name can't hold a NUL character" in _unchanged(repl, 'load "a\x00b.json"')
    assert "a\\x00b.json" in _unchanged(repl, 'save "a\x00b.json"')          # shown escaped
    long = str(tmp_path / ("x" * 300 + ".json"))
    text = _unchanged(repl, f"save {long}")
    assert "the file name is too long" in text and "(3" in text               # cut short, its length said
    assert "the file name is too long" in _unchanged(repl, f"load {long}")
    folder = tmp_path / "games.json"
    folder.mkdir()
    assert "that is a folder, not a file" in _unchanged(repl, f"save {folder}")
    assert "that is a folder, not a file" in _unchanged(repl, f"load {folder}")
    assert "no folder" in _unchanged(repl, f"save {tmp_path / 'nowhere' / 'g.json'}")
    assert "no such file" in _unchanged(repl, f"load {tmp_path / 'missing.json'}")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes whatever the permissions say")
def test_no_permission(repl, tmp_path):
    locked = tmp_path / "locked.json"
    repl(f"save {locked}")
    locked.chmod(0)
    assert "permission denied" in _unchanged(repl, f"load {locked}")
    assert "permission denied" in _unchanged(repl, f"save {locked}")


def test_a_save_replaces_the_file_whole_and_leaves_nothing_beside_it(repl, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("old")
    path.chmod(0o640)
    repl(f"save {path}")
    assert json.loads(path.read_text())["state"] == json.loads(repl.game.to_json())
    assert path.stat().st_mode & 0o777 == 0o640          # the file keeps its permissions
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_bad_saves_are_refused_with_the_field_named_and_nothing_changes(repl, tmp_path):
    path = tmp_path / "g.json"
    repl("set bob hp 30")
    repl(f"save {path}")
    good = json.loads(path.read_text())
    cases = [
        (lambda d: d["state"]["zones"]["hand:1"].__setitem__(3, "card9999"),
         'state.zones["hand:1"][3]: "card9999" is not a card in this game'),
        (lambda d: d["state"]["players"][1]["stats"].__setitem__("hp", "thirty"),
         'state.players[1].stats["hp"]: "thirty" is not a whole number'),
        (lambda d: d.__setitem__("version", 7), "version: 7: this cardsmith reads version 1"),
        (lambda d: d["ai"].__setitem__("1", "genius"), 'ai["1"]: "genius" is not an AI'),
        (lambda d: d.__setitem__("defined", {"Zap": "card \"Zap\" {"}), "defined: <define Zap>:"),
        (lambda d: d.__setitem__("card_files", ["/no/such/cards.ivion"]), "card_files[0]:"),
        (lambda d: d["state"]["agenda"][0]["data"].__setitem__("stage", "lunch"),
         'state.agenda[0].data["stage"]: "lunch" is not one of'),
        # a superscript two is a digit to str.isdigit() but not to int(): a ValueError before
        (lambda d: d["ai"].__setitem__("²", "random"), 'ai["\\u00b2"]: is not a seat number'),
        (lambda d: d["state"]["zones"].__setitem__("hand:²", []),
         'state.zones["hand:\\u00b2"]: "hand:²" is not an Ivion zone'),
    ]
    for change, expected in cases:
        data = json.loads(json.dumps(good))
        change(data)
        path.write_text(json.dumps(data))
        text = _unchanged(repl, f"load {path}")
        assert expected in text, text


def test_a_scenario_with_errors_is_refused_at_its_line(repl, tmp_path):
    path = tmp_path / "bad.scenario"
    path.write_text('scenario "bad"\ngame ivion seed 1\nplayer alice hp lots\nplayer bob\n')
    text = _unchanged(repl, f"load {path}")
    assert f"{path}:3:" in text


# ---- mutated saves of all three games ---------------------------------------------------

@pytest.fixture(scope="module")
def saves() -> list[str]:
    corpus.cache_card_libraries()
    return corpus.all_saves()


@settings(deadline=None)
@given(st.data())
def test_a_mutated_save_is_refused_with_its_field_or_plays_on(saves, data):
    """Whatever one to three changes do to a real save (mid-resolution, with items on the
    stack, over ...): it is refused with a CardsmithError naming where, or accepted and then
    shown, listed and played on (with undo) without any other exception."""
    text = data.draw(st.sampled_from(saves), label="save")
    seed = data.draw(st.integers(0, 2 ** 32), label="seed")
    mutated = corpus.mutate(text, random.Random(seed))
    verdict, detail = corpus.load_and_use(mutated, random.Random(seed))
    if verdict == "refused":
        assert corpus.names_a_field(detail), detail
    else:
        assert verdict == "accepted"


def test_the_corpus_reaches_the_points_that_matter(saves):
    """The saves come from the moments a mutation can hurt most, in every game."""
    states = [json.loads(s)["state"] for s in saves]
    assert {json.loads(s)["game"] for s in saves} == set(corpus.GAMES)
    assert sum(bool(s["stack"]) for s in states) >= 20
    assert sum(any(f["kind"] == "block" for f in s["agenda"]) for s in states) >= 5
    assert sum(s["pending"] is not None and s["agenda"][-1]["kind"] in ("play", "block") for s in states) >= 10
    assert sum(s["over"] for s in states) >= 1


def test_a_game_with_a_folder_of_cards_saves_and_loads_back(repl, tmp_path):
    """Found by benchmarks/fuzz_inputs.py: `cards FOLDER` keeps the folder among the game's
    card files, and load refused the game's own save ('not a card file')."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "tone.ivion").write_text('card "Tone" { skill cryomancer  cost 1 action  gain 1 power }\n')
    repl(f"cards {folder}")
    repl("put Tone into alice hand")
    before = repl.game.to_json()
    repl(f"save {tmp_path / 'mine.json'}")
    out = repl(f"load {tmp_path / 'mine.json'}")
    assert "error" not in out, out
    assert repl.game.to_json() == before
    assert "Tone" in repl("hand alice")


def test_a_play_waiting_for_targets_holds_one_group_a_kind_of_target(repl, tmp_path):
    """Found by benchmarks/fuzz_inputs.py: a saved play frame with more target groups than
    its card has kinds of target loaded, then stopped the game on an IndexError."""
    repl("put Avalanche into alice hand")
    repl("set alice actions 5")
    repl("set alice power 5")
    repl("play Avalanche")
    repl("1")
    path = tmp_path / "av.json"
    repl(f"save {path}")
    data = json.loads(path.read_text())
    [play] = [k for k, f in enumerate(data["state"]["agenda"]) if f["kind"] == "play"]
    assert data["state"]["agenda"][play]["data"]["targets"] == [[], []]
    data["state"]["agenda"][play]["data"]["targets"] += [[], [], []]
    path.write_text(json.dumps(data))
    text = _unchanged(repl, f"load {path}")
    assert f'state.agenda[{play}].data["targets"]: Avalanche has 2 kinds of target, not 5' in text
