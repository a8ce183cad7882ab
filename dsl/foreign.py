"""Files that may not be ours: a syntax error before a file's opening line quotes none of it.

``cardsmith check x.ivion``, where ``x.ivion`` links to ``/etc/passwd`` (or a deck imports
such a link), must not print the linked file's text.  ``errors.opening_line`` is where a
card, deck or scenario file's own text begins; ``CardError.format`` shows source lines only
from there on, and this guard, on the root rule of every metamodel, makes a syntax error
before it say "unexpected text" rather than quote the word found, for ``cardsmith`` and for
``textx check`` alike (textX would otherwise print Arpeggio's context, the text at the error).
"""
from __future__ import annotations

from types import MethodType
from typing import Any

from arpeggio import NoMatch
from textx.exceptions import TextXSyntaxError

from .errors import friendly_syntax, opening_line


class NotOurText(TextXSyntaxError):
    """A syntax error before the file's opening line (``expected_rules`` as Arpeggio's)."""


def install(mm: Any) -> None:
    root = mm._parser_blueprint.parser_model
    if "_foreign_inner" not in vars(root):
        root._foreign_inner = root._parse
        root._parse = MethodType(_root, root)


def _root(self: Any, parser: Any) -> Any:
    try:
        return self._foreign_inner(parser)
    except NoMatch as nm:
        line, col = parser.pos_to_linecol(nm.position)
        opening = opening_line(parser.input)
        if opening is not None and line >= opening or not parser.input[nm.position:].strip():
            raise                       # the file's own text, or nothing at all: say what
        message, _ = friendly_syntax(nm.rules, "", shown=False)
        raise NotOurText(message, line=line, col=col, filename=parser.file_name,
                         expected_rules=nm.rules) from nm
