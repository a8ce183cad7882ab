"""Ctrl-C while a command runs (``repl/cancel.py`` through ``commands.execute``): the
command stops and the session is exactly as it was before it.  Real signals: a timer
thread sends SIGINT to this process while the command runs, as a terminal does, or (where a
fast machine could finish the command first) the command raises it itself, part way."""
from __future__ import annotations

import io
import os
import signal
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from cardsmith.repl.cancel import held
from cardsmith.repl.commands import execute
from cardsmith.repl.main import run_script
from cardsmith.repl.session import Session
from cardsmith.runtime.core.ai import GreedyAI

from .big_cards import CARD, big_card_file

@contextmanager
def ctrl_c_after(seconds: float) -> Iterator[None]:
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def whole(session: Session) -> tuple[Any, ...]:
    """Everything a cancelled command must put back: the game (state, undo and redo, pause),
    the library, the session's settings and bookkeeping, the AIs' random generators."""
    g = session.g
    return (g.to_data(), list(g._undo), list(g._redo), g.paused, set(g.breakpoints), g.library,
            session.library, session.auto, list(session.marks), list(session.redo_marks),
            list(session.history), list(session.card_paths), dict(session.defined), session.unsaved,
            {i: (ai.name, ai.random.getstate()) for i, ai in session.ai.items()})


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    return big_card_file(tmp_path_factory.mktemp("big"), 2_000_000)


def test_ctrl_c_cancels_a_slow_load_and_puts_everything_back(repl, big, tmp_path):
    repl("set bob hp 20")
    repl("ai bob random")
    repl("set alice power 3")
    repl("undo")                                   # something to redo, too
    before = whole(repl.session)
    with ctrl_c_after(0.5):
        result = execute(repl.session, f"cards {big}", cancellable=True)
    assert not result.ok and result.extra == {"cancelled": True}, result.text
    assert result.text == "cancelled `cards` (Ctrl-C): the game is as it was before it"
    assert whole(repl.session) == before
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    small = tmp_path / "small.ivion"
    small.write_text(CARD.format(n=1))
    assert repl(f"cards {small}") == f"loaded 1 cards from {small}"     # loading still works
    assert repl("redo").startswith("redid 1 step")


def test_ctrl_c_cancels_the_ais_playing_and_they_think_again_the_same(repl, monkeypatch):
    """Two AIs play a whole game in one command; cancelled, nothing of it is left, and the
    AIs' generators are back too: the next command plays as in a session that never ran it.

    The Ctrl-C is a real SIGINT, raised in the middle of an AI's look-ahead (its 40th option
    weighed, a few turns into the game, its generator already drawn from), not after a
    time: a fast machine could finish the whole game before a timer fired."""
    twin = Session(seed=1)
    for session in (repl.session, twin):
        execute(session, "auto on")
        execute(session, "ai bob greedy")
    before = whole(repl.session)
    weighed: list[bool] = []
    score = GreedyAI.score

    def score_then_ctrl_c(self: GreedyAI, game: Any, action: Any, player: int) -> float | None:
        weighed.append(game.state.over)
        if len(weighed) == 40:
            signal.raise_signal(signal.SIGINT)
        return score(self, game, action, player)

    with monkeypatch.context() as mp:
        mp.setattr(GreedyAI, "score", score_then_ctrl_c)
        result = execute(repl.session, "ai alice greedy", cancellable=True)
    assert result.extra.get("cancelled"), result.text
    assert len(weighed) == 40 and not any(weighed)         # stopped there, mid-game
    assert whole(repl.session) == before
    assert execute(repl.session, "end").text == execute(twin, "end").text


def test_a_second_ctrl_c_while_the_session_is_put_back_is_held(repl, big, monkeypatch):
    pressed = []
    original = Session.restore

    def restore_pressing_ctrl_c(self: Session, point: dict) -> None:
        signal.raise_signal(signal.SIGINT)         # Ctrl-C again, while putting back
        pressed.append(True)
        original(self, point)

    repl("set bob hp 20")
    before = whole(repl.session)
    monkeypatch.setattr(Session, "restore", restore_pressing_ctrl_c)
    with ctrl_c_after(0.5):
        result = execute(repl.session, f"cards {big}", cancellable=True)
    assert pressed == [True] and result.extra.get("cancelled")
    assert whole(repl.session) == before


def test_elsewhere_ctrl_c_still_stops_the_caller_once_the_session_is_put_back(repl, big):
    """A scenario file, pytest, a script: the caller stops too (as before), with the session whole."""
    repl("set bob hp 20")
    before = whole(repl.session)
    with ctrl_c_after(0.5), pytest.raises(KeyboardInterrupt):
        execute(repl.session, f"cards {big}")
    assert whole(repl.session) == before


def test_a_script_stops_at_the_line_it_was_interrupted_on(repl, big):
    err = io.StringIO()
    with ctrl_c_after(0.5):
        status = run_script(repl.session, ["set alice hp 30", f"cards {big}", "set bob hp 20"], "s.cmds",
                            out=lambda s: None, err=err)
    assert status == 130
    assert err.getvalue() == "s.cmds:2: interrupted (Ctrl-C): the game is as it was before this line\n"
    assert repl.stat(0, "hp") == 30 and repl.stat(1, "hp") == 36


def test_interrupts_raise_once_when_live_and_are_noted_otherwise():
    with held() as ctl:
        with pytest.raises(KeyboardInterrupt):
            with ctl.live():
                signal.raise_signal(signal.SIGINT)
        signal.raise_signal(signal.SIGINT)          # after it: noted, not raised
        assert ctl.noted == 1
        with pytest.raises(KeyboardInterrupt):      # pressed while held: the next command stops at once
            with ctl.live():
                pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
