"""``hint`` (repl/cmd_hint.py) and ``ai PLAYER search[:BUDGET]``: the search AI in the REPL.

A hint shows the search's top choices for whoever must decide, and never changes the game:
not its state, its undo history, nor the seeded AIs' next choices.
"""
from __future__ import annotations

import re

import pytest

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session

LINE = re.compile(r"^  (\d+)\. (.+?)  win (\d+)%, (\d+) visits(; then .+)?$")


def run(session: Session, line: str) -> str:
    result = execute(session, line)
    assert result.ok, result.text
    return result.text


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
def test_a_hint_ranks_real_options_and_changes_nothing(game):
    session = Session(seed=2)
    if game != "ivion":
        run(session, f"new {game}")
        run(session, "auto on")
    g = session.g
    while len(set(map(str, g.legal_actions()))) < 2:
        run(session, "1")
    before, undo = g.to_json(), len(g._undo)
    text = run(session, "hint 40")
    assert g.to_json() == before and len(g._undo) == undo
    rows = [LINE.match(line) for line in text.split("\n")[1:]]
    assert rows and all(rows) and len(rows) <= 3, text
    options = [str(a) for a in g.legal_actions()]
    for m in rows:
        assert options[int(m.group(1)) - 1] == m.group(2)
        assert 0 <= int(m.group(3)) <= 100
    visits = [int(m.group(4)) for m in rows]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 40
    assert run(session, "hint 40") == text                       # the same position, the same hint


def test_a_hint_does_not_move_an_ai_on():
    """With bob played by the search AI, a hint in between leaves bob's choices as they were."""
    def bobs_choices(hint: bool) -> str:
        session = Session(seed=4)                # alice decides first
        run(session, "ai bob search:20")
        if hint:
            run(session, "hint 20")
        return run(session, "end")
    assert bobs_choices(True) == bobs_choices(False)


def test_ai_accepts_a_search_budget():
    session = Session(seed=1)
    assert "played by the search:30 AI" in run(session, "ai bob search:30")
    assert session.ai[1].spec == "search:30"
    assert "played by the search AI" in run(session, "ai bob search")
    for bad, message in (("search:fast", "not a search budget"), ("genius", "unknown AI 'genius'"),
                         ("greedy:3", "takes no budget"), ("search:", "no budget after the colon")):
        result = execute(session, f"ai bob {bad}")
        assert not result.ok and message in result.text
        assert session.ai[1].spec == "search"                        # refused: as before


def test_hint_refuses_a_bad_budget():
    session = Session(seed=1)
    for bad in ("hint lots", "hint 1 2", "hint 0"):
        result = execute(session, bad)
        assert not result.ok and ("budget" in result.text)
