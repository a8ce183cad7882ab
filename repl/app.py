"""The terminal half of the REPL: a prompt_toolkit ``PromptSession`` around the command
layer.  History file, suggestions from history, completion, highlighting, a bottom toolbar
with the turn, the active player and the pending decision, and multi-line ``define``
blocks.  Every line goes to ``commands.execute``; nothing here touches the game."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.formatted_text import HTML
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.lexers import PygmentsLexer
from prompt_toolkit.styles import Style

from .commands import execute
from .completer import ReplCompleter
from .keys import make_bindings
from .lexer import ReplLexer
from .session import Session
from .validator import ReplValidator

PROMPT = "cardsmith> "
STYLE = Style.from_dict({"bottom-toolbar": "noreverse bg:#303040 #e0e0e0",
                         "bottom-toolbar.key": "bold #ffd75f"})
BANNER = ("cardsmith sandbox: {what}.  `help` lists the commands, Tab completes, "
          "Ctrl-D leaves.")


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


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ReplApp:
    def __init__(self, session: Session, *, echo: Callable[[str], None] = print,
                 history: History | None = None) -> None:
        self.session = session
        self.echo = echo
        self.prompt = PromptSession(
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

    def toolbar(self) -> HTML:
        s = self.session
        if s.game is None:
            return HTML("no game")
        game = s.game
        st = game.state
        parts = [f"<key>turn {st.turn}</key>", f"{_html(st.players[st.active].name)}'s turn ({_html(st.phase or '-')})"]
        if st.over:
            parts.append(_html("game over: " + st.result))
        elif game.paused:
            parts.append(_html("paused before " + (s.view.next_to_resolve(game) or game.paused) + ": step / resolve"))
        elif game.pending is not None:
            who = st.players[game.pending.player].name
            prompt = game.pending.prompt
            prompt = prompt if len(prompt) <= 60 else prompt[:57] + "..."
            parts.append(_html(f"{who}: {game.pending.kind}: {prompt} ({len(game.pending.options)} options)"))
        parts.append("auto on" if s.auto else "auto off")
        for i, ai in sorted(s.ai.items()):
            parts.append(_html(f"{st.players[i].name}: {ai.name} AI"))
        return HTML(" · ".join(parts))

    def run(self) -> int:
        what = "the default Ivion duel (Steward vs Winterborn)" if self.session.game else "no game"
        self.echo(BANNER.format(what=what))
        self.echo(self.session.status())
        while True:
            try:
                text = self.prompt.prompt(PROMPT)
            except KeyboardInterrupt:
                continue          # Ctrl-C: the line is dropped, the session goes on
            except EOFError:
                break             # Ctrl-D: leave
            result = execute(self.session, text)
            if result.text:
                self.echo(result.text)
            if result.quit:
                break
        return 0
