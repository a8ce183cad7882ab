"""The REPL's command language: parse a line, run it against a session, return text.

No terminal here (the ptpython split): the prompt_toolkit app, ``--script`` files, the
tests and scenario files all call ``execute(session, line)``.  Commands are registered by
topic in ``cmd_setup`` (building a board), ``cmd_play`` (deciding, stepping, undoing) and
``cmd_inspect`` (looking), in the table of ``registry`` (with the tokenizer and the
matching of typed words against the options of the pending decision); this module imports
them all and runs a line.

A line whose first word is not a command is matched against the pending decision's
options (so ``target bob``, ``remove slow``, ``keep Icebolt + Freeze`` and a bare option
number all work), and several decisions of the same player can be answered on one line:
``play Harmony alice`` plays Harmony, then answers its target question with ``alice``.
"""
from __future__ import annotations

import difflib

from cardsmith.runtime.core.errors import CardsmithError, CommandError
from cardsmith.runtime.core.registry import game_names

from . import cmd_hint, cmd_inspect, cmd_play, cmd_setup  # noqa: F401  (they register their commands)
from .cancel import held
from .registry import (ALIASES, COMMANDS, TOPICS, Call, Command, Quit, Result, Unavailable, command,
                       command_names, decider, echo, find_option, game_commands, is_block_open, lookup,
                       match_option, no_words, norm, option_names, other_games_command, run_choices,
                       split_command, take_card, take_int, tokenize)
from .session import Session, describe_error

__all__ = ["ALIASES", "COMMANDS", "TOPICS", "Call", "Command", "Quit", "Result", "Unavailable", "command",
           "command_names", "decider", "echo", "execute", "find_option", "game_commands", "is_block_open",
           "lookup", "match_option", "no_words", "norm",
           "option_names", "run_choices", "split_command", "take_card", "take_int", "tokenize"]


def execute(session: Session, line: str, *, cancellable: bool = False) -> Result:
    """Run one command line (or one ``define`` block).  Errors come back as a Result with
    ``ok=False``, and the game is as it was before the line.

    Ctrl-C (``cancel``) stops the command and puts back everything it changed; then the
    REPL's prompt (``cancellable``) gets a Result saying so, and every other caller (a
    script, a scenario file, pytest, a command running another) the ``KeyboardInterrupt``,
    so that it stops too: the only exception that leaves here."""
    text = line.strip()
    if not text or text.startswith("#"):
        return Result()
    with held() as interrupts:
        point = session.savepoint()
        try:
            with interrupts.live():
                return _run(session, text, point)
        except KeyboardInterrupt:
            session.restore(point)
            if not cancellable:
                raise
            head, _ = split_command(text)
            return Result(f"cancelled `{head}` (Ctrl-C): the game is as it was before it", ok=False,
                          extra={"cancelled": True})


def _run(session: Session, text: str, point: dict) -> Result:
    head, rest = split_command(text)
    cmd = lookup(head, session.view)
    depth = len(session.marks)
    out: str | None             # a command may print nothing
    try:
        if cmd is None:
            if not head.isdecimal() and session.game is not None and not session.g.legal_actions() \
                    and not session.g.paused:
                raise Unavailable(_unknown(head, session))
            try:
                out = run_choices(session, tokenize(text))
            except CommandError:
                if head.isdecimal() or session.game is None or _option_word(session, head) \
                        or norm(head) in session.view.option_words:
                    raise
                raise Unavailable(_unknown(head, session)) from None
            records = "state"
        else:
            words = tokenize(rest) if cmd.name != "define" else []
            out = cmd.func(session, Call(text, cmd.name, words, rest))
            records = cmd.records
        if records != "no":
            session.record(text, depth, sticky=records == "sticky")
        if changes_session(records, session, point):
            session.unsaved = True
        return Result(out or "")
    except Quit:
        return Result("bye", quit=True)
    except CardsmithError as exc:
        session.restore(point)
        return Result("error: " + describe_error(exc), ok=False,
                      extra={"unavailable": True} if isinstance(exc, Unavailable) else {})
    except Exception as exc:  # a bug of ours: report it, keep the session as it was
        session.restore(point)
        return Result(f"error: internal error ({type(exc).__name__}: {exc}); please report it", ok=False)


def changes_session(records: str, session: Session, point: dict) -> bool:
    """Whether a command that ran changed what a save keeps, so that leaving asks first:
    every command that is recorded does (``records``: a move, an edit, a new game, a
    setting, a card defined or loaded), and so does walking through the same game's undo
    history.  Looking, saving, loading and ``reload`` don't."""
    if records != "no":
        return True
    game = point.get("_game")
    return game is not None and session.game is game[0] and \
        (session.marks != point["marks"] or session.redo_marks != point["redo_marks"])


def _option_word(session: Session, word: str) -> bool:
    """Whether some option of the pending decision starts with this word."""
    key = norm(word)
    return any(name.split(" ")[0] == key for a in session.g.legal_actions()
               for name in option_names(session.view, session.g, a) if name)


def _unknown(word: str, session: Session) -> str:
    """An unknown command's message: a game's own command typed in another game says so."""
    elsewhere = other_games_command(word, session.game_name, game_names())
    if elsewhere:
        return f"'{word.casefold()}' is not a command of {session.game_name}: it is {elsewhere}'s " \
               f"(`help` lists {session.game_name}'s commands)"
    close = difflib.get_close_matches(word.casefold(), command_names(session.view), n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else "; `help` lists the commands"
    return f"unknown command '{word}'{hint}"
