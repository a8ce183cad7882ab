"""`save scenario` of a session that starts in the middle of things (a game loaded from a
save): a stack on the starting board is refused with the reason and what to do, and once it
is resolved the board is taken from there; once-per marks (what was used this turn or this
game) travel in `used "KEY"` lines and come back on the rebuilt board."""
from __future__ import annotations

import io
import random
import re

import pytest

from cardsmith.cli import main
from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.marks import mark_lines
from cardsmith.repl.session import Session

from .conftest import replay


def _run(session: Session, *lines: str) -> str:
    out = []
    for line in lines:
        result = execute(session, line)
        assert result.ok, f"{line!r}: {result.text}"
        out.append(result.text)
    return "\n".join(out)


def _loaded(first: Session, tmp_path) -> Session:
    save = tmp_path / "game.json"
    _run(first, f"save {save}")
    session = Session(first.game_name)
    _run(session, f"load {save}")
    return session


# ---- a stack on the starting board ------------------------------------------------------

def _strike_on_the_stack() -> Session:
    session = Session(seed=1)
    _run(session, "place alice b1", "place bob b2", "set alice power 3",
         "put \"Warrior's Strike\" into alice hand", "play Warrior's Strike bob", "pass")
    assert session.g.state.stack and session.g.paused
    return session


def test_a_session_starting_with_cards_on_the_stack_is_refused_plainly(tmp_path):
    session = _loaded(_strike_on_the_stack(), tmp_path)
    path = tmp_path / "mid.scenario"
    before = session.g.to_json()
    result = execute(session, f"save scenario {path}")
    assert not result.ok
    assert "a scenario's board is a moment between plays" in result.text
    assert "1 on the stack (Warrior's Strike)" in result.text
    assert "`resolve`" in result.text and "`save FILE`" in result.text
    assert not path.exists()
    assert session.g.to_json() == before


def test_after_resolving_the_board_is_taken_from_there_and_replays(tmp_path):
    session = _loaded(_strike_on_the_stack(), tmp_path)
    _run(session, "resolve", "move c1")
    path = tmp_path / "after.scenario"
    assert "1 commands" in _run(session, f"save scenario {path}")
    text = path.read_text()
    assert "\nscript\n  move c1\n" in text and "\n  resolve\n" not in text
    rebuilt = replay(path)
    a, b = session.g.state, rebuilt.g.state
    assert [p.stats for p in a.players] == [p.stats for p in b.players]
    assert [p.position for p in a.players] == [p.position for p in b.players]
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()


def test_a_stack_made_by_the_recorded_commands_still_saves(tmp_path):
    session = _strike_on_the_stack()
    path = tmp_path / "made.scenario"
    _run(session, f"save scenario {path}")
    text = path.read_text()
    assert "play Warrior's Strike bob" in text and "expect stack.size == 1" in text
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()


# ---- once-per marks -----------------------------------------------------------------------

def _ikorr_with_marks() -> Session:
    """Random Rush of Ikorr play, preferring activations, until an ACTION ability was used
    this turn and the queue is empty (seed 1: alice's RUSH, her avatar power, an ACTION)."""
    session = Session("ikorr")
    _run(session, "new ikorr seed 1", "auto on")
    rng = random.Random(1)
    for _ in range(300):
        game = session.g
        used = game.state.used
        if any(k.startswith("turn:action:") for k in used) and not game.state.stack \
                and game.state.phase == "action":
            return session
        acts = game.legal_actions()
        prefer = [k for k, a in enumerate(acts) if a.kind == "activate"]
        k = rng.choice(prefer) if prefer and rng.random() < 0.7 else rng.randrange(len(acts))
        _run(session, f"choose {k + 1}")
    pytest.fail("no ACTION ability was used")


def test_ikorr_once_per_marks_survive_a_scenario_saved_after_loading_mid_turn(tmp_path):
    session = _loaded(_ikorr_with_marks(), tmp_path)
    path = tmp_path / "marks.scenario"
    _run(session, f"save scenario {path}")
    text = path.read_text()
    used = [line for line in text.splitlines() if line.startswith("used ")]
    assert any(re.fullmatch(r'used "turn:action:\{(alice|bob) \w+ \d\}:\d"', u) for u in used), used
    assert 'used "turn:power:1"' in used and 'used "game:rush:1"' in used
    rebuilt = replay(path)
    assert mark_lines(rebuilt.g, rebuilt.view, set()) == mark_lines(session.g, session.view, set())
    # what the marks are for: the abilities used are refused again after the replay
    reasons = [_activation_reasons(game) for game in (session.g, rebuilt.g)]
    assert reasons[0] == reasons[1]
    assert any("already used this turn" in why for why in reasons[0])
    assert any("already used this game" in why for why in reasons[0])


def _activation_reasons(game) -> list[str]:
    """Why the active player can or can't activate each activated ability of their cards."""
    from cardsmith.runtime.core.effects import Activated
    from cardsmith.runtime.ikorr.actions import why_cant_activate
    from cardsmith.runtime.ikorr.zones import cards_in
    player = game.state.active
    out = []
    for kind in ("avatar", "champions", "location"):
        for cid in cards_in(game, kind, player):
            for i, ab in enumerate(game.cdef(cid).abilities):
                if isinstance(ab, Activated):
                    out.append(f"{game.name(cid)} {i}: {why_cant_activate(game, player, cid, i) or 'yes'}")
    return out


def test_ivion_once_per_marks_and_used_feats_round_trip(tmp_path):
    first = Session(seed=1)
    _run(first, "set alice power 3", "place alice b1", "place bob b2")
    feat = next(c for c in first.g.state.zones["feats:0"])
    first.g.state.used[f"feat:{feat}"] = 1              # a feat played this round
    first.g.state.used["game:Second Wind:0"] = 1        # a once-per-game card of alice's
    first.g.state.used[f"turn:{feat}:0"] = 1            # a limited trigger of that feat
    first._refresh()            # as a hand edit does: the question asked again for these marks
    session = _loaded(first, tmp_path)
    path = tmp_path / "ivion.scenario"
    _run(session, f"save scenario {path}")
    text = path.read_text()
    assert 'used "game:Second Wind:0"' in text and 'used "turn:{alice feats 1}:0"' in text
    assert f"feat:{feat}" not in text and '" used' in text      # the feat: `used` after its name
    rebuilt = replay(path)
    new_feat = rebuilt.g.state.zones["feats:0"][0]
    assert {"game:Second Wind:0", f"turn:{new_feat}:0", f"feat:{new_feat}"} <= set(rebuilt.g.state.used)


@pytest.mark.parametrize("line,message", [
    ('used "turn:{carol feats 1}:0"', "unknown player 'carol'"),
    ('used "turn:{alice pockets 1}:0"', "unknown zone 'pockets'"),
    ('used "turn:{alice feats x}:0"', "the card's place must be a number from 1, not 'x'"),
    ('used "turn:card12:0"', "card ids change from game to game"),
])
def test_a_bad_used_line_is_reported_at_its_line(tmp_path, line, message):
    path = tmp_path / "bad.scenario"
    path.write_text(f'scenario "bad"\ngame ivion seed 1\nplayer alice\nplayer bob\n{line}\n', encoding="utf-8")
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 1
    assert f"{path}:5:1" in out.getvalue() and message in out.getvalue(), out.getvalue()


def test_a_used_line_naming_a_card_the_board_lacks_is_reported(tmp_path):
    path = tmp_path / "far.scenario"
    path.write_text('scenario "far"\ngame ivion seed 1\nplayer alice\n  hand: "Icebolt"\nplayer bob\n'
                    'used "turn:{alice hand 2}:0"\n', encoding="utf-8")
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 1
    assert f"{path}:6:1" in out.getvalue() and "that zone holds 1 cards" in out.getvalue(), out.getvalue()


def test_answers_typed_as_option_words_are_saved_so_the_file_loads(tmp_path):
    """`we go first` (Rush of Ikorr) and `respond with Goad` (Ivion) are options' words the
    REPL takes but the scenario checker can't tell from a typo: saved as `choose ...`."""
    session = Session("ikorr")
    _run(session, "new ikorr seed 1", "we go first")
    path = tmp_path / "ikorr.scenario"
    _run(session, f"save scenario {path}")
    assert "\n  choose we go first\n" in path.read_text()
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()
    duel = Session(seed=1)
    _run(duel, "place alice b1", "place bob b2", "set bob power 1", "put Goad into bob hand",
         "put \"Warrior's Strike\" into alice hand", "play Warrior's Strike bob", "respond with Goad")
    path = tmp_path / "ivion.scenario"
    _run(duel, f"save scenario {path}")
    assert "\n  choose respond with Goad\n" in path.read_text()
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()
