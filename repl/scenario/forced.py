"""Forced questions in a scenario script (issue 18 point 8; docs/scenarios.md "Forced
questions"): a question with one legal option needs no answer.  The game waits at it as
the rules say (an expectation there sees that moment: the card on the stack while the
other player has nothing to respond with), and when the script's next command can't be
run there (another player's play, a move), the runner answers it with its one option, and
the forced questions after it within the turn, and runs the command then.  A line that answers it anyway
(its option's text, an alias, a short form, ``repl/short_answers.py``) is that answer,
applied once.  So a script that writes the answer and one that leaves it out go on the
same.
"""
from __future__ import annotations

from ..commands import execute
from ..registry import Result
from ..session import Session

#: the most forced answers taken for one line (a game of one-option questions runs on)
LIMIT = 200


def forced(session: Session) -> bool:
    """Whether a question with one option waits (and nothing else: not paused, not over)."""
    game = session.g
    return game.pending is not None and not game.paused and len(game.legal_actions()) == 1


def answer_one(session: Session) -> bool:
    """Answer the forced question that waits with its one option (and let the AIs play
    after it, as a command does), within the turn: an answer that would begin another turn
    (a forced end of turn) is taken back and not given, since the next line may mean this
    turn's player.  Whether it was answered."""
    if not forced(session):
        return False
    game = session.g
    turn, point = game.state.turn, session.savepoint()
    session.apply(game.legal_actions()[0], by="forced")
    session.advance()
    if session.g.state.turn != turn:
        session.restore(point)
        return False
    return True


def execute_past_forced(session: Session, command: str) -> Result:
    """Run a script's command; one that can't run while a forced question waits is tried
    again once that question is answered, and so on, one forced question at a time (so a
    line that answers the second is that answer).  If it still fails, the game is as it was
    before the line (the forced answers undone too) and the last refusal is the one
    reported, since it is about the command itself."""
    point = session.savepoint()
    result = execute(session, command)
    answered = 0
    while not result.ok and answered < LIMIT and answer_one(session):
        answered += 1
        result = execute(session, command)
    if not result.ok and answered:
        session.restore(point)
    return result


def answer_before_refusal(session: Session, command: str) -> None:
    """Before an ``expect refused`` line: answer the forced questions the command can't be
    weighed past (it is "unavailable" while they wait), as a command would, so the rules
    weigh the command itself.  The command is tried and taken back each time."""
    for _ in range(LIMIT):
        if not forced(session):
            return
        probe = session.savepoint()
        result = execute(session, command)
        session.restore(probe)
        if result.ok or not result.extra.get("unavailable") or not answer_one(session):
            return
