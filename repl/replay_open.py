"""Opening a replay file (``cardsmith simulate --replays DIR`` writes them) in the REPL at a
turn: ``cardsmith repl FILE.replay --turn N``, or from inside it, ``load FILE.replay turn N``.

The game is replayed through the engine to its end and checked (``simulate/replay.py``),
then stepped back to the start of turn N.  Each recorded action is one undo step of the
session: ``undo`` goes back a decision at a time, ``redo`` plays the recorded actions on,
and anything else played from there is the session's own.  A file that can't be replayed
is refused with its field named, and nothing is opened: inside the REPL the session is
then exactly as it was (the replay is played on a session of its own, taken over only
once it stands at its turn).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from cardsmith.runtime.core.errors import CardsmithError

from .saves import Loaded, file_head
from .session import Session

#: undo marks of the recorded actions (each is its own step: none is grouped with another)
REPLAYED = "replay"


def is_replay(path: str) -> bool:
    """Whether ``path`` names a replay: ``.replay``, or JSON whose format says so."""
    from cardsmith.simulate.replay import EXTENSION, FORMAT    # lazy: the REPL starts without simulate

    if path.casefold().endswith(EXTENSION):
        return True
    head = file_head(path, 4096)
    return head.lstrip()[:1] == b"{" and f'"{FORMAT}"'.encode() in head


def open_replay(path: str, turn: int | None, out: Callable[[str], None] = print) -> Session | None:
    """A session on the replayed game at the start of ``turn`` (the first decision when
    None); None after saying on stderr why the file can't be opened."""
    try:
        session, lines = replay_session(path, turn)
    except CardsmithError as exc:
        print(f"cardsmith: {exc}", file=sys.stderr)
        return None
    for line in lines:
        out(line)
    return session


def load_replay(session: Session, path: str, turn: int | None) -> str:
    """``load FILE.replay [turn N]``: ``session`` becomes the replay's at the start of
    ``turn``; what it is and where it stands, to print.  A ``ReplayProblem`` (a
    ``CommandError``) leaves ``session`` untouched."""
    other, lines = replay_session(path, turn)
    session.become(other)
    return "\n".join(lines)


def replay_session(path: str, turn: int | None) -> tuple[Session, list[str]]:
    """A new session on the replay at ``path``, at the start of ``turn``, and the lines
    that say what it is and where it stands; a ``ReplayProblem`` if it can't be replayed."""
    from cardsmith.simulate import replay    # lazy: the REPL starts without simulate

    replayed = replay.replay(path)
    at, note = replay.seek(replayed, turn)
    game = replayed.game
    view = game.rules.game_view()
    library = replayed.table.library.merged(type(replayed.table.library)())
    view.extend_library(library)          # the cards the REPL can name besides the decks'
    game.library = library
    session = Session(replayed.spec.game, start=False)
    session.take(Loaded(replayed.spec.game, view, library, game, [Path(c) for c in replayed.spec.cards],
                        {}, {}, False))
    session.marks = [REPLAYED] * at
    session.redo_marks = [REPLAYED] * (replayed.actions - at)
    return session, [replay.describe(replayed), note, session.status()]
