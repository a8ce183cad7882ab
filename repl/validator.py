"""Checks a ``define`` block before it is run: an unfinished block, or one that doesn't
compile, stays in the buffer for editing, with the cursor at the line and column of the
first error and the message above the toolbar.  Every other line is run as it is typed:
``commands.execute`` reports what is wrong with it (a did-you-mean for a misspelt
command), and the prompt comes back empty, so nothing typed next is joined to it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from cardsmith.runtime.core.errors import CardsmithError

from .commands import is_block_open, split_command

if TYPE_CHECKING:
    from .session import Session


def position(text: str, line: int, col: int) -> int:
    """The index in ``text`` of 1-based ``line``/``col`` (clamped to the text)."""
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    return min(len(text), sum(len(x) + 1 for x in lines[:line - 1]) + max(0, col - 1))


def line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``index`` in ``text``."""
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


class ReplValidator(Validator):
    def __init__(self, session: "Session") -> None:
        self.session = session

    def validate(self, document: Document) -> None:
        text = document.text
        head, _ = split_command(text)
        if head == "define":
            self._define(text)

    def _define(self, text: str) -> None:
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.loader import compile_source
        if is_block_open(text):
            line, col = line_col(text, len(text))
            raise ValidationError(cursor_position=len(text),
                                  message=f"line {line}, column {col}: the card block is not closed: add '}}'")
        stripped_at = len(text) - len(text.lstrip())
        body = text.lstrip()
        source = " " * len("define") + body[len("define"):]
        try:
            compile_source(source, self.session.game_name, "define")
        except CardError as err:
            raise ValidationError(cursor_position=stripped_at + position(source, err.line, err.col),
                                  message=f"line {err.line}, column {err.col}: {err.message}") from None
        except CardsmithError as exc:          # not about a place in the text
            raise ValidationError(cursor_position=len(text), message=str(exc)) from None
