"""Errors in card, deck and scenario files, reported as ``file:line:col: message``.

Every message shows the offending line with a caret under the column, and a hint where
one helps, in the manner of a compiler: the designer should never need a traceback.

This module must not import textX: errors are also raised on the warm path (a cached card
library, a deck naming an unknown card), where textX is never loaded.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Final, Iterable, Sequence

from cardsmith.runtime.core.errors import CardsmithError


class CardError(CardsmithError):
    """One problem in a source file, with its location and (when known) the file's text."""

    def __init__(self, message: str, file: str = "<string>", line: int = 0, col: int = 0,
                 source: str | None = None, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.source = source
        self.hint = hint

    @property
    def where(self) -> str:
        """``file:line:col``, or the file alone for a problem with the file as a whole."""
        return f"{self.file}:{self.line}:{self.col}" if self.line > 0 else self.file

    def format(self, source: str | None = None) -> str:
        """``file:line:col: message``, then the source line and a caret, then the hint.

        The line is shown only from the file's ``opening_line`` on, and at most
        ``SHOWN_WIDTH`` characters of it, cut around the column."""
        text = f"{self.where}: {self.message}"
        source = source if source is not None else self.source
        if source is not None and self.line > 0:
            raw = source_line(source, self.line)
            opening = opening_line(source)
            if raw is not None and opening is not None and self.line >= opening:
                shown, caret = excerpt(raw, self.col)
                text += f"\n    {shown}\n    {' ' * caret}^"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def __str__(self) -> str:
        return self.format()


#: the most of a source line an error shows: a longer line is cut around the column
SHOWN_WIDTH: Final = 100
#: where a file's own text begins: the first line opening a card, a deck or a scenario,
#: or a card file's first quoted import
_OPENING: Final = re.compile(r'^[ \t]*(?:(?:card|deck|scenario)[ \t]+\S|import[ \t]+")', re.MULTILINE)


def opening_line(source: str) -> int | None:
    """The first line of a source that opens a card, deck or scenario (it starts with the
    word ``card``, ``deck`` or ``scenario`` and something after it) or imports one
    (``import "``), or None.

    An error shows a file's text only from there on.  Before it there is nothing of ours to
    see (a card file's comments and imports at most), and a file with no such line may not be
    ours at all: a link named ``x.ivion`` to ``/etc/passwd``, a binary.  Its errors say where,
    never what (see "Limits" in ``docs/language.md``)."""
    match = _OPENING.search(source)
    return None if match is None else source.count("\n", 0, match.start()) + 1


def source_line(source: str, line: int) -> str | None:
    """Line ``line`` (1-based) of a source, counting lines as the parser does (by \\n)."""
    start = 0
    for _ in range(line - 1):
        start = source.find("\n", start) + 1
        if start == 0:
            return None
    if start >= len(source) and line > 1:
        return None                     # past the last line
    end = source.find("\n", start)
    return (source[start:] if end < 0 else source[start:end]).rstrip("\r")


def excerpt(raw: str, col: int) -> tuple[str, int]:
    """A source line as shown (tabs expanded, at most ``SHOWN_WIDTH`` characters around
    column ``col``, "..." where it is cut) and the caret's offset in it."""
    line = raw.expandtabs(4)
    caret = len(raw[: max(col - 1, 0)].expandtabs(4))     # stays under the column with tabs
    if len(line) <= SHOWN_WIDTH:
        return line, caret
    start = max(0, min(caret - SHOWN_WIDTH * 2 // 3, len(line) - SHOWN_WIDTH))
    end = start + SHOWN_WIDTH
    shown, caret = line[start:end], caret - start
    if start > 0:
        shown, caret = "..." + shown, caret + 3
    return shown + ("..." if end < len(line) else ""), caret


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """``; did you mean 'x'?`` for the closest choice, or an empty string.

    Case is ignored when comparing (card names are matched case-insensitively elsewhere),
    but the suggestion keeps the choice's own spelling.
    """
    by_fold: dict[str, str] = {}
    for c in choices:
        by_fold.setdefault(c.casefold(), c)
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=cutoff)
    return f"; did you mean '{by_fold[close[0]]}'?" if close else ""


def line_col(text: str | bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of a character (or byte) offset."""
    before = text[:offset]
    if isinstance(before, bytes):
        before = before.decode("latin-1")       # one character a byte: the same offsets
    line = before.count("\n") + 1
    col = offset - (before.rfind("\n") + 1) + 1
    return line, col


# ---- syntax errors -------------------------------------------------------------------

#: names for the grammar's non-keyword tokens, by textX rule name or regex
_TOKEN_NAMES = {
    "INT": "a number", "STRING": 'a "quoted name"', "Number": "a number",
    "VerbWord": "a verb", "Word": "a word", "BoundName": "a Name", "EventWord": "an event",
    "TileWord": "a tile", "FormatWord": "a format name (a lower-case word)",
    "AbilityWord": "an ability word (ACTION, RUSH ...)", "PhaseName": "a phase", "Phase": "a phase",
    "Name": "a name", "NotIn": "'not in'", "DigitWord": "a word", "CommandText": "a REPL command",
    "RestOfLine": "the rest of the line", "CardBody": "a card's body in braces ({ ... })",
    "Comment": "",          # a comment fits anywhere: naming it says nothing
}
_REGEX_NAMES = {
    "[a-z][a-z_]*": "a word", "[A-Z][A-Za-z0-9_]*": "a Name", "[-+]?[0-9]+": "a number",
}
_WORDLIKE = re.compile(r"[A-Za-z' ]+|[{}()\[\],:.=<>!]+")

#: (grammar rule, how to name the whole group in a message, the rule whose first words
#: are given as examples ('' for none), the hint for a word that is none of them (a word
#: of another game: '{game}' is the card's)): most general first; rule '' is a card
#: language's header line (its game's rule)
SYNTAX_GROUPS: tuple[tuple[str, str, str, str], ...] = (
    ("Statement", "another effect", "", ""),
    ("", "a header", "", ""),
    ("DeckStmt", "a deck line", "", ""),
    ("Clause", "a clause ('to', 'up to', 'at', ...)", "", ""),
    ("Filter", "a filter", "FilterWord", "'{word}' is not a filter {game} knows"),
    ("Noun", "a noun", "Noun", "'{word}' is not something {game} cards can select"),
    ("Unit", "a unit", "Unit", "'{word}' is not a unit {game} cards count"),
)
#: the regex of a rule that matches nothing (a class of words a game has none of)
NOTHING: Final = "(?!)"
#: rules a message never offers: they only catch a mistake to report it better
_UNLISTED: Final = frozenset({"OtherLabel"})


def group_label(label: str, examples: Any = None) -> str:
    """A group's name in messages, with the first three words of ``examples`` (a grammar
    rule: a game's nouns, its units ...), leaving out a plural whose singular is there and
    a phrase that starts with one of the words: "a noun ('enemy', 'player', 'tile', ...)"."""
    if examples is None:
        return label
    words = _words_in_order(examples)
    shown = [w for w in words if not (w.endswith("s") and w[:-1] in words)
             and not (w.endswith("ies") and w[:-3] + "y" in words)
             and not any(w.startswith(v + " ") for v in words)][:3]
    return f"{label} ({', '.join(repr(w) for w in shown)}, ...)" if shown else label


def _words_in_order(rule: Any) -> list[str]:
    """The keywords of a rule's alternatives, in the order the grammar tries them."""
    if type(rule).__name__ in ("StrMatch", "RegExMatch"):
        name = expected_name(rule)          # a keyword is a RegExMatch under autokwd
        return [name[1:-1]] if name.startswith("'") else []
    return [w for node in getattr(rule, "nodes", ()) or () for w in _words_in_order(node)]


def expected_name(rule: Any) -> str:
    """A readable name for one of Arpeggio's expected matches: a keyword or a token kind
    ('' for a rule that matches nothing, which a message leaves out)."""
    name = getattr(rule, "rule_name", "") or ""
    if type(rule).__name__ == "EndOfFile":
        return "end of file"
    if type(rule).__name__ in ("Not", "And"):
        return ""                       # a lookahead ('!Reserved'): nothing one could write
    to_match = getattr(rule, "to_match", None)
    if to_match == NOTHING or name in _UNLISTED:
        return ""
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    if to_match is None:
        return str(rule)
    if to_match in _REGEX_NAMES:
        return _REGEX_NAMES[to_match]
    if _WORDLIKE.fullmatch(to_match):
        return f"'{to_match}'"
    return name or "something else"


def first_words(rule: Any, seen: set[int] | None = None) -> frozenset[str]:
    """The keywords a grammar rule can start with (its FIRST set), from Arpeggio's model.

    Used to fold a long "expected" list into "a filter", "a clause" ... when the parser
    would accept any of a rule's words at the error.
    """
    seen = seen if seen is not None else set()
    if id(rule) in seen:
        return frozenset()
    seen.add(id(rule))
    kind = type(rule).__name__
    if kind in ("StrMatch", "RegExMatch"):
        return frozenset({expected_name(rule)} - {""})
    nodes = list(getattr(rule, "nodes", ()) or ())
    if kind == "Sequence":
        out: set[str] = set()
        for node in nodes:
            out |= first_words(node, seen)
            if type(node).__name__ not in ("Optional", "ZeroOrMore", "Not", "And"):
                break
        return frozenset(out)
    if kind in ("Not", "And"):
        return frozenset()
    out = set()
    for node in nodes:
        out |= first_words(node, seen)
    return frozenset(out)


#: what a syntax error before a file's ``opening_line`` says instead of quoting the text
UNSHOWN: Final = "text (not shown: no card, deck or scenario begins before it)"


def friendly_syntax(expected: Sequence[Any], got: str,
                    groups: Sequence[tuple[str, frozenset[str]] | tuple[str, frozenset[str], str]] = (),
                    shown: bool = True, known: frozenset[str] = frozenset()) -> tuple[str, str]:
    """Turn Arpeggio's 'Expected a or b or ...' into a short message and a hint.

    ``expected`` are Arpeggio match objects (or plain strings); ``got`` the text at the
    error; ``groups`` (label, words) pairs from ``first_words`` used to fold long lists,
    with a third item, the hint (``{word}``: the word found) when the word found is none of
    the group's, none of them is close to it and it is no word of the grammar (``known``:
    the first words of its keywords); ``shown`` False: the message doesn't quote ``got``
    (the hint may still suggest a keyword).  Returns ``(message, hint)``.
    """
    names: list[str] = []
    for rule in expected:
        n = rule if isinstance(rule, str) else expected_name(rule)
        if n and n not in names:
            names.append(n)
    word_match = re.match(r"[A-Za-z_][A-Za-z_']*|\S", got.strip())
    got_word = word_match.group(0) if word_match else ""
    shown_got = f"'{got_word}'" if got_word else "end of file"
    if not shown:
        shown_got = UNSHOWN
    if not names:
        return f"unexpected {shown_got}", ""
    hint = ""
    keywords = [n[1:-1] for n in names if n.startswith("'")]
    if got_word:
        # a misspelt keyword: compare the whole phrase where a keyword has several words
        phrase = " ".join(got.split()[: 3])
        for candidate in (got_word, phrase):
            dym = did_you_mean(candidate, keywords, cutoff=0.75)
            if dym:
                hint = dym[2:]
                break
    if not got_word and "'}'" in names:
        hint = "a '{' is never closed: add '}' at the end of the card"
    remaining = list(names)
    labels: list[str] = []
    unknown_hints: list[str] = []
    present = set(names)
    for label, words, *unknown in groups:
        if len(words) >= 2 and words <= present and any(w in remaining for w in words):
            labels.append(label)
            remaining = [n for n in remaining if n not in words]
            unknown_hints += [u for u in unknown if u]
    if (not hint and shown and got_word[:1].islower() and len(labels) == len(unknown_hints) == 1
            and len(remaining) <= 3 and got_word not in known):
        # a word where only one class of the game's words (and a number ...) may stand: most
        # likely one of another game's (a noun, a unit): say so, as the compiler would
        hint = unknown_hints[0].format(word=got_word)
    parts = remaining + labels
    if len(parts) > 8:
        parts = parts[:7] + [f"{len(parts) - 7} more"]
    expected_text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
    return f"unexpected {shown_got}; expected {expected_text}", hint
