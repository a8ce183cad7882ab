"""Parsing with textX: building a grammar's metamodel (once per process, with our fast
parser, the nesting guard and the foreign-text check installed), and turning textX's errors
into located ``CardError``s with a friendly "expected ..." list.

Apart from loading (``loader``: files, the cache, libraries), because the deck and scenario
languages parse with the same metamodels and errors without loading any card file.
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .errors import CardError, friendly_syntax, line_col
from .languages import Language

_METAMODELS: dict[str, Any] = {}
_GROUPS: dict[str, list[tuple[str, frozenset[str], str]]] = {}

def metamodel(lang: Language) -> Any:
    """The textX metamodel of a language, built once per process."""
    mm = _METAMODELS.get(lang.game)
    if mm is None:
        mm = build_metamodel(lang.grammar)
        _METAMODELS[lang.game] = mm
    return mm


def build_metamodel(grammar: Path | str) -> Any:
    """A fresh metamodel from a grammar file (a ``Path``) or a grammar's text (a ``str``: a
    card language's, ``Language.grammar``); the REPL's reload and textX registration want
    their own."""
    from textx import metamodel_from_file, metamodel_from_str

    from . import fastparse, foreign, nesting
    settings: dict[str, Any] = {"autokwd": True, "auto_init_attributes": False}
    mm = (metamodel_from_file(str(grammar), **settings) if isinstance(grammar, Path)
          else metamodel_from_str(grammar, **settings))
    fastparse.install(mm)
    nesting.install(mm)
    foreign.install(mm)
    mm.register_obj_processors({"INT": whole_number})
    return mm


#: digits a number in our files may have: far more than any count, cost or seed needs, and
#: far fewer than Python's int() refuses to read (4,300), which would be a ValueError
MAX_DIGITS = 100


def whole_number(text: str) -> int:
    """textX's INT, refused (at its place in the file) when it has too many digits."""
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        from textx.exceptions import TextXSemanticError
        raise TextXSemanticError(f"a number of {digits} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def syntax_groups(key: str, mm: Any, header_rule: str = "") -> list[tuple[str, frozenset[str], str]]:
    """(label, first words, hint for a word that is none of them) for the grammar rules
    that long "expected" lists fold into (``header_rule``: a card language's rule of one
    header line, and ``key`` its game)."""
    groups = _GROUPS.get(key)
    if groups is None:
        from .errors import SYNTAX_GROUPS, first_words, group_label
        groups = []
        for rule, label, examples, unknown in SYNTAX_GROUPS:
            rule = rule or header_rule
            try:
                peg = mm[rule]._tx_peg_rule
                sample = mm[examples]._tx_peg_rule if examples else None
            except (KeyError, AttributeError):
                continue
            hint = unknown.replace("{game}", key) if header_rule else ""
            groups.append((group_label(label, sample), first_words(peg), hint))
        _GROUPS[key] = groups
    return groups


_WORDS: dict[str, frozenset[str]] = {}


def grammar_words(key: str, mm: Any) -> frozenset[str]:
    """The first word of every keyword of a grammar ('near' for 'near terrain')."""
    words = _WORDS.get(key)
    if words is None:
        from .errors import expected_name
        from .fastparse import parser_nodes
        names = (expected_name(n) for n in parser_nodes(mm._parser_blueprint.parser_model))
        words = _WORDS[key] = frozenset(n[1:-1].split()[0] for n in names if n.startswith("'") and n[1:-1].strip())
    return words


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while textX builds a model.

    A parse allocates hundreds of thousands of small objects (parse-tree nodes, model
    objects) that all stay alive until the model is compiled, so every collection the
    allocations trigger scans them in vain: a quarter of a large file's parse.  Reference
    counting still frees what it can; collection resumes (if it was on) afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def parse(mm: Any, text: str, file: str, key: str, *, header_rule: str = "", **params: Any) -> Any:
    """Parse ``text`` with a metamodel; any textX error becomes a friendly ``CardError``.

    ``params`` are textX model parameters (``cards``: the library card names resolve
    against, see ``scoping.py``); a semantic error keeps the hint it carries.
    """
    from textx.exceptions import TextXError, TextXSyntaxError

    from .foreign import NotOurText
    from .nesting import HINT as HINT_TOO_DEEP, NestedTooDeeply
    try:
        with gc_paused():
            # textX reads the file named ``file_name`` when the text is empty: "" must
            # parse as "", never as whatever a file of that name holds
            return mm.model_from_str(text, file_name=file if text else None, **params)
    except NestedTooDeeply as exc:
        raise CardError(exc.message, file, exc.line, exc.col, text,
                        HINT_TOO_DEEP) from None
    except TextXSyntaxError as exc:
        got = _text_at(text, exc.line or 0, exc.col or 0)
        msg, hint = friendly_syntax(list(exc.expected_rules or []), got, syntax_groups(key, mm, header_rule),
                                    known=grammar_words(key, mm),
                                    shown=not isinstance(exc, NotOurText))
        raise CardError(msg, file, exc.line or 0, exc.col or 0, text, hint) from None
    except TextXError as exc:
        if not exc.line and getattr(exc, "position", -1) >= 0:
            exc.line, exc.col = line_col(text, exc.position)
        where = getattr(exc, "filename", None) or file
        if os.path.abspath(where) == os.path.abspath(file):
            where = file                # textX names the file by its absolute path
        source = text if where == file else None
        raise CardError(str(exc.message), where, exc.line or 0, exc.col or 0, source,
                        getattr(exc, "hint", "")) from None


def _text_at(text: str, line: int, col: int) -> str:
    """A few words of the text from a line and column on (the next line's when the error
    is at the end of one), for a syntax error to name what it found."""
    if line <= 0:
        return ""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    start += max(col - 1, 0)
    rest = text[start:start + 200].split("\n", 1)[0]
    return rest if rest.strip() else text[start:start + 200].lstrip()   # at a line's end: the next
