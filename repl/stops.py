"""``step until STOP``: run resolution on to a named point inside a turn (issue 18 point 8;
docs/scenarios.md "Stops inside a turn"), so a scenario can check what happened before it
and what hasn't happened yet.  The points are the game's (``GameView.stops``, ``at_stop``,
``stop_frames``); this module names none.  All or nothing: a stop that isn't reached (a
question comes first, the game ends) leaves the game as it was.
"""
from __future__ import annotations

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.registry import did_you_mean

from .session import ADVANCE_LIMIT, Session


def step_until(session: Session, stop: str) -> None:
    """Resume resolution, pausing before the game's stop frames, until the game is at
    ``stop``.  Raises ``CommandError`` (the caller's savepoint puts the game back) for an
    unknown stop, a question pending now or met first, and the end of the game."""
    view, game = session.view, session.g
    known = view.stops()
    if not known:
        raise CommandError(f"{session.game_name} names no stops inside a turn (`step` resolves one card)")
    if stop not in known:
        raise CommandError(f"unknown stop '{stop}'{did_you_mean(stop, known)} (known: {', '.join(known)})")
    if game.state.over:
        raise CommandError(f"the game is over ({game.state.result})")
    if game.pending is not None and not game.paused:
        who = game.state.players[game.pending.player].name
        raise CommandError(f"{who} is deciding ({game.pending.prompt}): `step until` runs resolution only, "
                           "so the stop is past or behind that question (a board with `auto off` "
                           "waits before the first step of its turn)")
    game.checkpoint()
    session.mark("step")
    saved = game.breakpoints
    game.breakpoints = set(saved) | set(view.stop_frames)
    try:
        for _ in range(ADVANCE_LIMIT):
            if game.paused and game.state.agenda and view.at_stop(game, game.state.agenda[-1], stop):
                return
            game.resume()
            if game.state.over:
                raise CommandError(f"'{stop}' was not reached: the game ended ({game.state.result})")
            if not game.paused:
                who = game.state.players[game.pending.player].name if game.pending else "nobody"
                raise CommandError(f"'{stop}' was not reached: {who} must decide first "
                                   f"({game.pending.prompt if game.pending else 'nothing waits'}); "
                                   f"answer, then `step until {stop}`")
        raise CommandError(f"'{stop}' was not reached")
    finally:
        game.breakpoints = saved
