"""Walks of REPL lines (``lines.Words``) against the real command layer
(``repl.commands.execute``) on the three games, each line checked where it lands.

A walk starts from a new game, a real saved game or a bundled scenario's board, so it
reaches deep states (mid-resolution, paused, the game over, after undo) and then pokes at
them.  After every line (``check_line``): no internal error; a refused line left the game
(``Game.to_data()``), its undo and redo history, the session's bookkeeping and the card
library exactly as they were; after an accepted one the game still answers
``legal_actions()``, its board, stack and status render, and its state survives
``to_data``/``from_data`` unchanged; sometimes it is also undone and redone, or saved and
loaded back.  What a loader accepted is used here too (``play_defined``, ``play_deck``).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from cardsmith.repl.commands import execute
from cardsmith.repl.saves import parse_save, saved_game
from cardsmith.repl.session import GROUPED, Session

from ..repl.save_corpus import game_saves
from .draw import Draw
from .lines import FOLDER, Words
from .loaders import GAMES, ROOT, Crash, scenario_files, scenario_game


# ---- checking one line ---------------------------------------------------------------------

#: what a bare ``hint`` costs in a walk: hundreds of lines run, the game's default budget
#: would make each hint seconds long
HINT_BUDGET = "3"


def _state(session: Session) -> tuple:
    """Everything a refused line must leave as it was."""
    game = session.game
    library = session.library
    about_game: tuple = ()
    if game is not None:
        about_game = (id(game), game.to_json(), list(game._undo), list(game._redo), game.paused,
                      id(game.library), len(game.library))
    return (session.game_name, id(library), tuple(library.names()), list(session.marks),
            list(session.redo_marks), len(session.history), dict(session.defined), list(session.card_paths),
            {i: ai.name for i, ai in session.ai.items()}, session.auto, about_game)


def check_line(session: Session, line: str, draw: Draw | None = None) -> str:
    """Run one line and check what it left (module docstring): "refused" or "accepted";
    raises ``Crash`` for an internal error or a refused line that changed something.  With
    ``draw``, an accepted line is sometimes also undone and redone (``check_undo``), or the
    game saved and loaded back (``check_saved``)."""
    session.hint_budget = HINT_BUDGET
    before = _state(session)
    game_before, marks_before = session.game, list(session.marks)
    result = execute(session, line)
    if "internal error" in result.text:
        raise Crash(f"{line!r}: {result.text}")
    if not result.ok:
        if _state(session) != before:
            raise Crash(f"{line!r} was refused but changed the game or the session: {result.text[:300]}")
        return "refused"
    if session.game is None:
        return "accepted"
    check_game(session)
    if draw is not None and session.game is game_before:
        roll = draw.chance()
        if roll < 0.25:
            check_undo(session, line, before[-1][1], marks_before)
        elif roll < 0.3:
            check_saved(session, line)
    return "accepted"


def check_game(session: Session) -> None:
    """The game reached answers, renders, and survives saving as data."""
    from cardsmith.runtime.core.engine import Game
    game = session.g
    game.legal_actions()
    for look in ("board", "stack", "status"):
        out = execute(session, look)
        if not out.ok or "internal error" in out.text:
            raise Crash(f"`{look}` after an accepted line: {out.text[:500]}")
    text = game.to_json()
    again = Game.from_data(game.rules, game.library, json.loads(text), history=False)
    if again.to_json() != text:
        raise Crash("the state changed on its way through to_data/from_data")


def check_undo(session: Session, line: str, before: str, marks_before: list[str]) -> None:
    """A line that made one undo step of its own (a person's move, an edit, a step; not an
    AI's reply, which goes back with the move before it): ``undo`` gives back the game as
    it was before the line, and ``redo`` the game the line made."""
    marks = session.marks
    if len(marks) <= len(marks_before) or marks[:len(marks_before)] != marks_before \
            or marks[len(marks_before)] in GROUPED:
        return
    after = session.g.to_json()
    steps = sum(1 for mark in marks[len(marks_before):] if mark not in GROUPED)   # what `undo N` counts
    for word, want in (("undo", before), ("redo", after)):
        result = execute(session, f"{word} {steps}" if steps > 1 else word)
        if not result.ok or "internal error" in result.text:
            raise Crash(f"`{word}` after {line!r}: {result.text[:500]}")
        if session.g.to_json() != want:
            raise Crash(f"`{word}` after {line!r} did not give back the game {'before' if word == 'undo' else 'after'} it")


def check_saved(session: Session, line: str) -> None:
    """The game saved as a file (``save X.json``) loads back, in a new session, as the same
    game."""
    path = FOLDER / "roundtrip.json"
    result = execute(session, f"save {path}")
    if not result.ok:
        raise Crash(f"`save` after {line!r}: {result.text[:500]}")
    other = Session(session.game_name, start=False)
    loaded = execute(other, f"load {path}")
    if not loaded.ok or other.g.to_json() != session.g.to_json():
        raise Crash(f"the game after {line!r}, saved and loaded, is not the same game: {loaded.text[:300]}")


def walk(draw: Draw, session: Session, lines: int, focus: tuple[str, ...] = (),
         seen: list[str] | None = None, verdicts: list[str] | None = None) -> list[str]:
    """``lines`` lines on one session; the verdict of each (also added to ``verdicts``).
    Each line is added to ``seen`` before it runs (what led to a crash)."""
    words = Words(draw, session, focus)
    verdicts = verdicts if verdicts is not None else []
    for _ in range(lines):
        line = words.line()
        if seen is not None:
            seen.append(line)
        verdicts.append(check_line(session, line, draw))
        if session.game_name != words.game:         # `new OTHER` or `load`: words of that game
            words = Words(draw, session, focus)
    return verdicts


# ---- where walks start ---------------------------------------------------------------------

#: ``new`` lines that start each game in its other shapes (team formats, two wardens, a
#: ruleset), besides the default game
VARIANTS = {"ivion": ("new ruleset original", "new names kassidy morgan first morgan"),
            "sylvion": ("new sylvion players 2", "new sylvion players 2 mode silence", "new sylvion mode silence"),
            "ikorr": ("new ikorr format 2v2", "new ikorr format 3v3")}


def new_session(draw: Draw, game: str, seen: list[str] | None = None) -> Session:
    """Where a walk starts: a fresh game (a seed drawn, perhaps in another shape), a saved
    game of a real session (tests/repl/save_corpus.py: mid-resolution, cards on the stack,
    the game over), or the board of one of the game's bundled scenarios with a part of its
    script already run.  ``seen`` gets how it was made, as comment lines and the lines run."""
    seen = seen if seen is not None else []
    start = draw.integer(0, 9)
    if start < 4:
        seed = draw.integer(0, 5)
        seen.append(f"# Session({game!r}, seed={seed})")
        session = Session(game, seed=seed)
        if start == 0:
            line = f"{draw.choice(VARIANTS[game])} seed {seed}"
            seen.append(line)
            execute(session, line)
        return session
    if start < 6:
        k = draw.integer(0, len(game_saves(game)) - 1)
        seen.append(f"# the saved game save_corpus.game_saves({game!r})[{k}]")
        session = Session(game, start=False)
        session.take(saved_game(parse_save(game_saves(game)[k], "save.json"), "save.json"))
        return session
    from cardsmith.repl.scenario.build import new_session as scenario_session
    path = draw.choice([p for p in scenario_files() if scenario_game(p) == game])
    prep = _prepared(str(path))
    seen.append(f"# the board of {path.relative_to(ROOT)}")
    session = scenario_session(prep)
    script = prep.sdef.section("script") or prep.sdef.section("solution")
    if script is not None:
        commands = [ln.command for ln in script.lines if ln.kind == "command"]
        for command in commands[:draw.integer(0, len(commands))]:
            seen.append(command)
            execute(session, command)
    return session


@lru_cache(maxsize=64)
def _prepared(path: str) -> Any:
    from cardsmith.repl.scenario.check import prepare
    return prepare(path)    # a scenario is not changed by building a session on it


# ---- using what a loader accepted ----------------------------------------------------------

_SESSIONS: dict[str, Session] = {}


def _base(game: str) -> Session:
    if game not in _SESSIONS:
        _SESSIONS[game] = Session(game, seed=1)
    return _SESSIONS[game]


def play_defined(draw: Draw, game: str, source: str, names: list[str], lines: int = 8) -> None:
    """Define cards in a REPL session, put them in the hand of the player to act, and play
    on for a few lines, mostly choosing the options that name them; the session is put
    back afterwards."""
    session = _base(game)
    point = session.savepoint()
    try:
        if check_line(session, "define " + source) == "accepted":
            who = session.g.pending.player if session.g.pending else 0
            player = session.g.state.players[who].name
            for name in names:
                check_line(session, f'put "{name}" into {player} hand')
            walk(draw, session, lines, tuple(names))
    finally:
        session.restore(point)


def play_deck(draw: Draw, deck: Any, lines: int = 8) -> tuple[str, str]:
    """Start a game with the deck for every player, as ``new decks A B`` does, and play on."""
    from cardsmith.repl.decks import CARD_FILES
    from cardsmith.runtime.core import get_game
    from cardsmith.runtime.core.errors import CardsmithError
    if deck.game not in GAMES or get_game(deck.game).game_view().default_options().get("decks") is None:
        return "accepted", ""
    session = _base(deck.game)
    point = session.savepoint()
    options = deck.as_options()
    if deck.card_files:
        options[CARD_FILES] = list(deck.card_files)
    seats = len(get_game(deck.game).game_view().default_options()["decks"])
    try:
        try:
            session.new_game(decks=[options] * seats, seed=draw.integer(0, 5))
        except CardsmithError as exc:
            return "refused", str(exc)
        walk(draw, session, lines)
    finally:
        session.restore(point)
    return "accepted", ""


def try_lines(draw: Draw, game: str, lines: int, seen: list[str] | None = None,
              verdicts: list[str] | None = None) -> list[str]:
    """A walk of ``lines`` lines from a new starting point of ``game``."""
    return walk(draw, new_session(draw, game, seen), lines, seen=seen, verdicts=verdicts)
