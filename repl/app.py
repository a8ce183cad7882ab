"""The terminal half of the REPL: a prompt_toolkit ``PromptSession`` around the command
layer.  History file, suggestions from history, completion, highlighting, a bottom toolbar
with the pending decision and the turn (``toolbar``), and multi-line ``define`` blocks.

Every line goes to ``commands.execute`` and leaves the prompt empty, whatever happened: a
failed command prints its error (in colour) and is in the history for Up to bring back.
Only a ``define`` block that is unfinished or doesn't compile stays in the buffer, for
editing (``validator``).  Ctrl-C cancels a running command (``commands.execute`` puts the
game back) or clears the line being typed; leaving with unsaved changes asks once."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import get_app
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.key_processor import KeyPressEvent
from prompt_toolkit.lexers import PygmentsLexer
from prompt_toolkit.styles import Style

from . import toolbar
from .commands import Result, execute
from .completer import ReplCompleter
from .keys import make_bindings
from .lexer import ReplLexer
from .session import Session
from .validator import ReplValidator

PROMPT = "cardsmith> "
STYLE = Style.from_dict({"bottom-toolbar": "noreverse bg:#303040 #e0e0e0",
                         "bottom-toolbar.key": "bold #ffd75f",
                         "validation-toolbar": "bg:#5f0000 #ffffff bold",
                         "error": "#ff5f5f", "cancelled": "#ffaf00"})
BANNER = ("cardsmith sandbox: {what}.  `help` lists the commands, Tab completes, "
          "Ctrl-C cancels, Ctrl-D leaves.")
UNSAVED = "unsaved changes since the last save: quit anyway? [y/N] "

#: ``echo(text, style)``: style '' for output, 'error' for a failed command, 'cancelled'
Echo = Callable[[str, str], None]


def history_path() -> Path:
    """$CARDSMITH_HISTORY, else $XDG_STATE_HOME/cardsmith/history (~/.local/state/...)."""
    env = os.environ.get("CARDSMITH_HISTORY")
    if env:
        return Path(env)
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "cardsmith" / "history"


def make_history() -> History:
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def show(text: str, style: str = "") -> None:
    """Print to the terminal, coloured by the style class (prompt_toolkit's output, so
    colours work wherever the prompt does)."""
    print_formatted_text(FormattedText([(f"class:{style}" if style else "", text)]), style=STYLE)


def ask_yes(message: str) -> bool:
    """A yes/no question whose answer is no unless 'y' is typed: Enter, 'n' and Ctrl-C
    say no; Ctrl-D (pressed again to leave) says yes."""
    kb = KeyBindings()

    def answer(value: bool) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.app.current_buffer.text = "y" if value else "n"     # the answer stays on screen
            event.app.exit(result=value)
        return handler

    for key in ("y", "Y", "c-d"):
        kb.add(key)(answer(True))
    for key in ("n", "N", "enter", "c-c"):
        kb.add(key)(answer(False))
    kb.add("<any>")(lambda event: None)
    return bool(PromptSession(key_bindings=kb).prompt(message))


class ReplApp:
    def __init__(self, session: Session, *, echo: Echo = show, history: History | None = None,
                 confirm: Callable[[str], bool] = ask_yes) -> None:
        self.session = session
        self.echo = echo
        self.confirm = confirm
        self.prompt: PromptSession[str] = PromptSession(
            history=history if history is not None else make_history(),
            auto_suggest=AutoSuggestFromHistory(),
            completer=ReplCompleter(session),
            complete_while_typing=False,
            lexer=PygmentsLexer(ReplLexer),
            key_bindings=make_bindings(),
            bottom_toolbar=self.toolbar,
            validator=ReplValidator(session),
            validate_while_typing=False,
            multiline=True,
            prompt_continuation=lambda width, line, wrap: "." * (width - 1) + " ",
            style=STYLE,
        )

    def toolbar(self, width: int | None = None, error_at: tuple[int, int] | None = None) -> FormattedText:
        """The bottom toolbar, fitted to ``width`` columns; while a ``define`` block that
        doesn't compile waits (``error_at``: its 1-based line and column), what to do
        about it.  Drawn with the terminal's width and the buffer's validation error."""
        if width is None:
            app = get_app()
            width = app.output.get_size().columns
            buf = app.current_buffer
            if buf.validation_error is not None:
                row, col = buf.document.translate_index_to_position(buf.validation_error.cursor_position)
                error_at = (row + 1, col + 1)
        parts = toolbar.define_error(*error_at) if error_at else toolbar.parts(self.session)
        out: list[tuple[str, str]] = []
        for k, part in enumerate(toolbar.fit(parts, max(1, width - 1))):
            if k:
                out.append(("", toolbar.SEP))
            out.append(("class:bottom-toolbar.key" if part.key else "", part.text))
        return FormattedText(out)

    def report(self, result: Result) -> None:
        if result.text:
            style = "" if result.ok else "cancelled" if result.extra.get("cancelled") else "error"
            self.echo(result.text, style)

    def may_leave(self) -> bool:
        """Leave at once unless something changed since the session started, was saved or
        was loaded; then ask once (no unless 'y')."""
        if not self.session.unsaved:
            return True
        try:
            return self.confirm(UNSAVED)
        except (KeyboardInterrupt, EOFError):
            return False

    def run(self) -> int:
        what = "no game"
        if self.session.game is not None:
            decks = self.session.game.rules.default_decks
            what = f"the default {self.session.game_name} game" + (f" ({' vs '.join(decks)})" if decks else "")
        self.echo(BANNER.format(what=what), "")
        self.echo(self.session.status(), "")
        while True:
            try:
                text = self.prompt.prompt(PROMPT)
            except KeyboardInterrupt:
                continue          # Ctrl-C at the prompt: the line is dropped
            except EOFError:      # Ctrl-D
                if self.may_leave():
                    break
                continue
            try:
                result = execute(self.session, text, cancellable=True)
                if result.quit and not self.may_leave():
                    continue
                self.report(result)
            except KeyboardInterrupt:
                # in the instant before the command started or after it ended, or while its
                # output was printed: the game is whole either way (``execute`` puts back
                # a command it interrupts)
                self.echo("interrupted", "cancelled")
                continue
            if result.quit:
                break
        return 0
