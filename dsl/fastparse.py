"""Arpeggio, minus the attempts known to fail: the same parse, syntax errors and comments.

Arpeggio tries an ordered choice's alternatives one by one, an optional part, a repetition's
next element, a ``!Reserved`` predicate, and a comment before every token; each failed try
costs several Python calls and an exception unwound through several frames.  Our grammars are
keyword-led, so nearly every try fails at its first token (a card line tries 12 header
rules, 26 units, 11 reference words ...): that was most of a cold parse.

``install(metamodel)`` precomputes, for each alternative of an ordered choice, for the part
of an ``Optional``, ``ZeroOrMore``, ``OneOrMore`` (and its separator) and ``Not``, a *guard*:
the terminals that part would try, in order, at its start position before it could consume
anything (its first keyword; an optional keyword and then the next one; every alternative of
a nested choice; ``!Reserved`` and then a word regex), and one regex that matches where any
of them does.  At parse time, when that regex does not match, the part is known to fail (or
to match nothing) without consuming input, so it is not run: its terminals are recorded in
the parser's "expected" list exactly as their failures would have recorded them (same
terminals, order and position, same ``in_not`` treatment; see ``Guard.record``).  A part
whose guard matches, or that has no guard, is parsed as Arpeggio always did.  Comments are
handled the same way: where the comment regex does not match, no comment is tried.

The nodes keep their classes (``errors.first_words`` reads them by name); only their
``_parse`` (and a terminal's ``_parse_comments``) is replaced on the instance.  Parse trees,
syntax errors (message, line, column, expected rules) and comments are the same as without
it: ``tests/dsl/test_fastparse.py`` checks that on every bundled file and on broken variants
of them.  The fast path steps aside (plain Arpeggio) while debugging, with memoization, in
lexical rules, while comments are parsed, without whitespace skipping, with ``eolterm``,
and before the first failure of a parse (Arpeggio records that one specially).
"""
from __future__ import annotations

import re
from types import MethodType
from typing import Any

from arpeggio import (Match, NoMatch, Not, OneOrMore, Optional, OrderedChoice, Parser,
                      RegExMatch, Sequence, StrMatch, ZeroOrMore)

#: one guard entry: a terminal and whether it is tried inside a ``Not`` predicate
Entry = tuple[Any, bool]


class Guard:
    """The terminals a parsing expression tries before it can consume anything.

    ``hard``: when none of them matches, the expression raises NoMatch; otherwise it gives
    back None having consumed nothing (an optional part, a ``Not`` whose term failed).
    """

    __slots__ = ("entries", "hard", "first", "probe", "rules")

    def __init__(self, entries: tuple[Entry, ...], hard: bool) -> None:
        self.entries = entries
        self.hard = hard
        self.first = entries[0][0]
        self.probe = _probe(entries)
        # without a Not among them, what recording them all does, as one list
        self.rules = None if any(n for _, n in entries) else [m for m, _ in entries]

    def fails(self, text: str, pos: int) -> bool:
        """No terminal of the guard matches at ``pos``."""
        if self.probe is not None:
            return self.probe.match(text, pos) is None
        for m, _ in self.entries:
            if type(m) is RegExMatch:
                if m.regex.match(text, pos) is not None:
                    return False
            elif m.ignore_case:
                if text[pos:pos + len(m.to_match)].lower() == m.to_match.lower():
                    return False
            elif text.startswith(m.to_match, pos):
                return False
        return True

    def record(self, parser: Any, pos: int) -> None:
        """What ``Parser._nm_raise`` records for each terminal failing at ``pos`` in turn
        (outside comments): a farther position starts a new list (``FIRST_NOT`` inside a
        ``Not``), the same position extends it, a nearer one changes nothing."""
        rules = self.rules
        if rules is None:
            for rule, in_not in self.entries:
                _record_one(parser, rule, pos, in_not or parser.in_not)
            return
        nm = parser.nm
        if parser.in_not:
            if nm is None or pos > nm.position:
                parser.nm = NoMatch([Parser.FIRST_NOT], pos, parser)
        elif nm is None or pos > nm.position:
            parser.nm = NoMatch(list(rules), pos, parser)
        elif pos == nm.position:
            nm.rules.extend(rules)


def _record_one(parser: Any, rule: Any, pos: int, in_not: bool) -> None:
    nm = parser.nm
    if nm is None or pos > nm.position:
        parser.nm = NoMatch([Parser.FIRST_NOT] if in_not else [rule], pos, parser)
    elif pos == nm.position and not in_not:
        nm.rules.append(rule)


_BACKREF = re.compile(r"\\[1-9]|\(\?P=")


def _probe(entries: tuple[Entry, ...]) -> Any:
    """One regex matching at a position exactly where some entry matches, when the entries'
    patterns can be joined (same flags, no back-references); else None."""
    parts, flags = [], None
    for m, _ in entries:
        if type(m) is StrMatch:
            if m.ignore_case:
                return None
            pattern, f = re.escape(m.to_match), None
        else:
            pattern, f = m.regex.pattern, m.regex.flags
            if _BACKREF.search(pattern):
                return None
        if f is not None:
            if flags is not None and f != flags:
                return None
            flags = f
        parts.append(f"(?:{pattern})")
    try:
        return re.compile("|".join(parts), flags if flags is not None else re.MULTILINE)
    except re.error:
        return None


def _plain(node: Any) -> bool:
    """No whitespace or ``skipws`` change of its own (those would move the position)."""
    return getattr(node, "ws", None) is None and getattr(node, "skipws", None) is None


def guard(node: Any, stack: frozenset[int] = frozenset()) -> Guard | None:
    """What ``node`` tries first, when the parser model tells; else None."""
    found = _entries(node, stack)
    return Guard(*found) if found is not None and found[0] else None


def _entries(node: Any, stack: frozenset[int]) -> tuple[tuple[Entry, ...], bool] | None:
    if id(node) in stack:
        return None
    stack = stack | {id(node)}
    kind = type(node)
    if kind is StrMatch or (kind is RegExMatch and hasattr(node, "regex")):
        return ((node, False),), True
    if kind is Optional:
        inner = _entries(node.nodes[0], stack)
        return (inner[0], False) if inner is not None else None
    if kind is Not:
        # ``!T``, T failing at its first terminal: Not succeeds, consuming nothing
        inner = _entries(node.nodes[0], stack) if len(node.nodes) == 1 else None
        if inner is not None and len(inner[0]) == 1 and inner[1]:
            return ((inner[0][0][0], True),), False
        return None
    if kind is Sequence and _plain(node):
        entries: list[Entry] = []
        for child in node.nodes:
            found = _entries(child, stack)
            if found is None:
                return None
            entries.extend(found[0])
            if found[1]:
                return tuple(entries), True
        return tuple(entries), False
    if kind is OrderedChoice and _plain(node):
        # every alternative fails (or gives None) and the choice then fails: its own
        # failure is recorded at its start, not after its terminals', so it adds nothing
        entries = []
        for child in node.nodes:
            found = _entries(child, stack)
            if found is None:
                return None
            entries.extend(found[0])
        return tuple(entries), True
    return None


def token_position(parser: Any, match: Match) -> int:
    """Where a terminal would be tried from here: Arpeggio's ``Match.parse`` up to the
    match itself (whitespace, then comments, parsed once per position and remembered)."""
    c_pos = parser.position
    pos, ws, text = c_pos, parser.ws, parser.input
    length = len(text)
    while pos < length and text[pos] in ws:
        pos += 1
    positions = parser.comment_positions
    if pos in positions:
        return positions[pos]
    parser.position = pos
    match._parse_comments(parser)
    found = positions[pos] = parser.position
    parser.position = c_pos
    return found


def _slow(parser: Any) -> bool:
    return (parser.nm is None or not parser.skipws or parser.in_lex_rule
            or parser.in_parse_comments or parser.debug or parser.memoization)


# ---- the replacements of ``_parse`` (bound to one node each) ---------------------------

def _choice(self: Any, parser: Any) -> Any:
    if _slow(parser):
        return OrderedChoice._parse(self, parser)
    c_pos = parser.position
    pos = -1
    text = parser.input
    guards = self._fast_guards
    nodes = self.nodes
    for k, e in enumerate(nodes):
        g = guards[k]
        if g is not None:
            if pos < 0:
                pos = token_position(parser, g.first)
            if g.fails(text, pos):
                g.record(parser, pos)
                continue
        try:
            result = e.parse(parser)
        except NoMatch:
            parser.position = c_pos
            continue
        if result is not None:
            return [result]
        if parser.position != c_pos:
            # matched nothing yet moved: finish the Arpeggio way
            for e in nodes[k + 1:]:
                try:
                    result = e.parse(parser)
                    if result is not None:
                        return [result]
                except NoMatch:
                    parser.position = c_pos
            break
    parser._nm_raise(self, c_pos, parser)


def _optional(self: Any, parser: Any) -> Any:
    g = self._fast_guard
    if not _slow(parser):
        pos = token_position(parser, g.first)
        if g.fails(parser.input, pos):
            g.record(parser, pos)
            return None
    return type(self)._parse(self, parser)


def _repetition(self: Any, parser: Any) -> Any:
    """``ZeroOrMore`` and ``OneOrMore`` (without ``eolterm``): Arpeggio's loop, where a next
    element (or separator) known to fail ends the repetition without being run."""
    if _slow(parser):
        return type(self)._parse(self, parser)
    results: list = []
    append = results.append
    p = self.nodes[0].parse
    sep = self.sep.parse if self.sep else None
    g, gs = self._fast_guard, self._fast_sep_guard
    text = parser.input
    first = type(self) is OneOrMore
    result = None
    while True:
        c_pos = parser.position
        try:
            if sep and result:
                if gs is not None:
                    pos = token_position(parser, gs.first)
                    if gs.fails(text, pos):
                        gs.record(parser, pos)
                        break
                sep_result = sep(parser)
                if sep_result:
                    append(sep_result)
            if g is not None and not first:
                pos = token_position(parser, g.first)
                if g.fails(text, pos):
                    g.record(parser, pos)
                    if g.hard:
                        parser.position = c_pos
                    break
            result = p(parser)
            if not result:
                break
            append(result)
            first = False
        except NoMatch:
            parser.position = c_pos
            if first:
                raise
            break
    return results


def _fast_comments(self: Any, parser: Any) -> None:
    """``Match._parse_comments`` for a one-regex comment rule, without the exception when no
    comment starts here (nearly always): Arpeggio then records only a parse's first failure."""
    comment = parser.comments_model
    if not parser.debug and comment.regex.match(parser.input, parser.position) is None:
        if parser.nm is None:
            parser.nm = NoMatch([Parser.FIRST_NOT] if parser.in_not else [comment],
                                parser.position, parser)
        return
    Match._parse_comments(self, parser)


# ---- installing ------------------------------------------------------------------------

def parser_nodes(root: Any) -> list[Any]:
    seen: set[int] = set()
    out: list[Any] = []
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        out.append(node)
        todo.extend(getattr(node, "nodes", None) or ())
        if getattr(node, "sep", None) is not None:
            todo.append(node.sep)
    return out


#: Arpeggio releases whose parser internals (``_parse``, ``_nm_raise``, ``nm``, ``in_not``)
#: this module was checked against by tests/dsl/test_fastparse.py; any other release parses
#: the plain way, so an upgrade can cost speed but never change a parse or an error.
CHECKED_RELEASES = ("2.0.",)
#: set to 1 to parse the plain way (to tell a parsing bug from a fast-path one)
OFF_SWITCH = "CARDSMITH_PLAIN_PARSE"


def enabled() -> bool:
    import os

    import arpeggio
    version = str(getattr(arpeggio, "__version__", ""))
    return version.startswith(CHECKED_RELEASES) and os.environ.get(OFF_SWITCH, "") in ("", "0")


def install(mm: Any) -> int:
    """Give the nodes of a textX metamodel's parser their fast ``_parse``; returns how many
    (0 when not ``enabled``).  Parsers textX clones from the metamodel share these nodes."""
    if not enabled():
        return 0
    parser = mm._parser_blueprint
    nodes = parser_nodes(parser.parser_model)
    count = 0
    for node in nodes:
        kind = type(node)
        if kind is OrderedChoice and _plain(node):
            node._fast_guards = tuple(guard(alt) for alt in node.nodes)
            node._parse = MethodType(_choice, node)
        elif kind in (Optional, Not):
            g = guard(node)
            if g is None:
                continue
            node._fast_guard = g
            node._parse = MethodType(_optional, node)
        elif kind in (ZeroOrMore, OneOrMore) and not node.eolterm:
            node._fast_guard = guard(node.nodes[0])
            sep = guard(node.sep) if node.sep is not None else None
            node._fast_sep_guard = sep if sep is not None and sep.hard else None
            node._parse = MethodType(_repetition, node)
        else:
            continue
        count += 1
    comment = parser.comments_model
    if type(comment) is RegExMatch and hasattr(comment, "regex"):
        for node in nodes:
            if isinstance(node, Match):
                node._parse_comments = MethodType(_fast_comments, node)
    return count


def installed(node: Any) -> bool:
    """Whether a parser node has a fast ``_parse`` (for tests; ``nesting`` wraps some
    nodes' ``_parse`` too, so the guards it leaves are what tell)."""
    return "_fast_guards" in vars(node) or "_fast_guard" in vars(node)
