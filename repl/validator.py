"""Checks a line before it is run: ``define`` blocks are compiled when the block ends (the
cursor jumps to the line and column of the first error); unknown command words and open
quotes are caught before they reach the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from cardsmith.runtime.core.errors import CardsmithError

from .commands import _option_word, is_block_open, lookup, split_command, tokenize

if TYPE_CHECKING:
    from .session import Session


def position(text: str, line: int, col: int) -> int:
    """The index in ``text`` of 1-based ``line``/``col`` (clamped to the text)."""
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    return min(len(text), sum(len(x) + 1 for x in lines[:line - 1]) + max(0, col - 1))


class ReplValidator(Validator):
    def __init__(self, session: "Session") -> None:
        self.session = session

    def validate(self, document: Document) -> None:
        text = document.text
        if not text.strip() or text.strip().startswith("#"):
            return
        head, _ = split_command(text)
        if head == "define":
            self._define(text)
            return
        try:
            tokenize(text)
        except CardsmithError as exc:
            raise ValidationError(cursor_position=len(text), message=str(exc)) from None
        if lookup(head) is None and not head.isdecimal() and self.session.game is not None \
                and not _option_word(self.session, head):
            lead = len(text) - len(text.lstrip())
            raise ValidationError(cursor_position=lead,
                                  message=f"unknown command '{head}' (`help` lists the commands)")

    def _define(self, text: str) -> None:
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.loader import compile_source
        if is_block_open(text):
            raise ValidationError(cursor_position=len(text), message="the card block is not closed: add '}'")
        stripped_at = len(text) - len(text.lstrip())
        body = text.lstrip()
        source = " " * len("define") + body[len("define"):]
        try:
            compile_source(source, self.session.game_name, "define")
        except CardError as err:
            raise ValidationError(cursor_position=stripped_at + position(source, err.line, err.col),
                                  message=f"line {err.line}, column {err.col}: {err.message}") from None
        except CardsmithError as exc:
            raise ValidationError(cursor_position=len(text), message=str(exc)) from None
