"""How deeply a card's effects and selectors may nest, enforced while the file is parsed.

Every stage after the parser walks a card recursively, a few Python frames per level:
Arpeggio's parse (about 16 frames a level), textX building the model, the compiler, the
renderer, pickling the compiled card.  An unbounded nest (``if ... then {`` 500 deep) would
end in a ``RecursionError`` in whichever of them ran out first, with no location.  So the
bound is set at the first of them, the parser, and every later stage only ever sees cards
within it: ``MAX_DEPTH`` levels fit well inside Python's default recursion limit, also when
the parse itself starts deep in a call stack (the REPL's ``define``, a test).

The grammar recurses only through two rules (``tests/dsl/test_nesting.py`` checks that every
recursive path of every grammar passes through one of ``NESTING_RULES``): ``Effect`` (an
effect inside an ``if``, ``choose one``, ``for each``, a label, ``you may ... to``, a
trigger's body) and ``Sel`` (a selector inside a filter or a quantity of another selector).
The depth is how many of them are open at once; a rule about to open one level too many
raises ``NestedTooDeeply`` at the text it would have parsed, unless it can't start there
(then it fails as it always did: an empty block is not one level deeper).
"""
from __future__ import annotations

from types import MethodType
from typing import Any, Final

from textx.exceptions import TextXSyntaxError

from arpeggio import (And, Not, OneOrMore, Optional, OrderedChoice, RegExMatch, Sequence,
                      StrMatch, ZeroOrMore)

from .fastparse import Guard, parser_nodes, token_position

#: effects and selectors open at once, at most (the deepest bundled card uses 4)
MAX_DEPTH: Final = 32
#: the grammar rules each of which opens one level
NESTING_RULES: Final = ("Effect", "Sel")
_DEPTH: Final = "_cardsmith_depth"
#: what a designer can do about it
HINT: Final = ("the body of an 'if', 'choose one', 'for each', a label or a trigger is one level "
               "deeper, and so is a selector inside a filter or a quantity; "
               "split the effect over several cards or flatten its conditions")


class NestedTooDeeply(TextXSyntaxError):
    """A card nests effects or selectors deeper than ``MAX_DEPTH``; located where it does."""


def install(mm: Any) -> int:
    """Count the nesting of a metamodel's parser (after ``fastparse.install``, whose
    ``_parse`` it wraps); returns how many rules are counted."""
    count = 0
    for node in parser_nodes(mm._parser_blueprint.parser_model):
        if getattr(node, "rule_name", None) in NESTING_RULES and "_nest_inner" not in vars(node):
            node._nest_inner = node._parse
            node._nest_guard = _start_guard(node)
            node._parse = MethodType(_counted, node)
            count += 1
    return count


def _counted(self: Any, parser: Any) -> Any:
    depth = getattr(parser, _DEPTH, 0)
    if depth >= MAX_DEPTH and _can_start(self._nest_guard, parser):
        _raise(parser)
    setattr(parser, _DEPTH, depth + 1)
    try:
        return self._nest_inner(parser)
    finally:
        setattr(parser, _DEPTH, depth)


def _can_start(g: Guard | None, parser: Any) -> bool:
    """Whether the rule's first terminals match here (True when they can't be told)."""
    if g is None:
        return True
    return not g.fails(parser.input, token_position(parser, g.first))


def _start_guard(node: Any) -> Guard | None:
    """The terminals ``node`` can start with, predicates ignored (so it may say "can
    start" where the rule then fails, never the other way); None if it can match nothing."""
    found = _firsts(node, frozenset())
    if found is None or found[1] or not found[0]:
        return None
    return Guard(tuple((m, False) for m in found[0]), True)


def _firsts(node: Any, stack: frozenset[int]) -> tuple[list[Any], bool] | None:
    """(first terminals, whether it can match empty) of a parsing expression, or None."""
    if id(node) in stack:
        return None
    stack = stack | {id(node)}
    kind = type(node)
    if kind is StrMatch or (kind is RegExMatch and hasattr(node, "regex")):
        return [node], False
    if kind in (Not, And):
        return [], True
    if kind in (Optional, ZeroOrMore, OneOrMore):
        inner = _firsts(node.nodes[0], stack)
        return None if inner is None else (inner[0], inner[1] or kind is not OneOrMore)
    if kind is Sequence or kind is OrderedChoice:
        terms: list[Any] = []
        for child in node.nodes:
            found = _firsts(child, stack)
            if found is None:
                return None
            terms += found[0]
            if kind is Sequence and not found[1]:
                return terms, False
            if kind is OrderedChoice and found[1]:
                return terms, True
        return terms, kind is Sequence
    return None


def _raise(parser: Any) -> None:
    text, pos = parser.input, parser.position
    while pos < len(text) and text[pos].isspace():
        pos += 1
    line, col = parser.pos_to_linecol(pos)
    raise NestedTooDeeply(f"nested too deeply: more than {MAX_DEPTH} effects and selectors "
                          f"one inside another", line=line, col=col, filename=parser.file_name)
