"""After the computer plays, the REPL prints what happened (``Session.advance``): every
public log line since the command began, grouped under the game's turn headers the way
``cardsmith play`` prints a game (``runtime/core/logtext.py``), and no private line."""
from __future__ import annotations

import pytest

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session
from cardsmith.runtime.core.logtext import format_entry, public_lines

GAMES = {
    # game: (set-up commands, the command after which the computer plays)
    "ivion": (["ai bob greedy"], "end"),
    "sylvion": (["new sylvion players 2", "auto on", "ai briar random"], "ai alder random"),
    "ikorr": (["new ikorr", "auto on", "ai bob random"], "ai alice random"),
}


def run(session: Session, line: str) -> list[str]:
    result = execute(session, line)
    assert result.ok, result.text
    return result.text.split("\n")


def in_order(expected: list[str], printed: list[str]) -> bool:
    rest = iter(printed)
    return all(line in rest for line in expected)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_computers_turns_are_printed_like_cardsmith_play(game):
    setup, command = GAMES[game]
    session = Session(seed=1)
    for line in setup:
        run(session, line)
    start = len(session.g.state.log)
    printed = run(session, command)
    log = session.g.state.log[start:]
    headers = session.g.rules.log_headers
    expected = public_lines(log, headers)
    assert any(e.kind == "turn" for e in log), "the computer should have played a turn"
    assert in_order(expected, printed), "\n".join(l for l in expected if l not in printed)[:2000]
    turns = [format_entry(e, headers) for e in log if e.kind == "turn"]
    assert turns and all(t in printed and not t.startswith(" ") for t in turns)   # headers stand alone
    secret = {format_entry(e, headers) for e in log if e.private} - set(expected)
    assert not secret & set(printed)
    assert any(" AI): " in line for line in printed)      # and each choice the computer made


def test_the_computers_choice_comes_before_what_it_caused():
    session = Session(seed=0)
    run(session, "ai bob greedy")
    printed = run(session, "end")
    choice = next(k for k, line in enumerate(printed) if line.startswith("bob (greedy AI): expend initiative"))
    assert printed[choice + 1] == "  bob draws a card  [initiative]"
    assert printed.index("--- turn 2: bob ---") < choice < printed.index("--- turn 3: alice ---")
