"""The runtime asks a card's keywords what they do (``Keyword`` hooks: ``own_distance``,
``diagonal_step`` ...) instead of testing their names: a keyword's name is compared as a
word only in its own module (where its ``Keyword`` class is), so adding a keyword, or a
designer's, is adding its class.

Read from the sources with ``ast``: a comparison with a game's keyword name on one side and
something about keywords on the other (``"reach" in cdef.keywords``, ``keyword == "fury"``,
``precise.KEYWORD in keywords``), ``has_keyword(..., "swift")``, or a definition's
``cdef.has("relic")``.  No module but the keyword's own may do any of them.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from cardsmith.runtime.core.keywords import Keyword
from cardsmith.runtime.core.registry import get_game

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
GAMES = ("ivion", "sylvion", "ikorr")

def _words(node: ast.expr) -> list[str]:
    """The words a string, or a tuple, list or set of them, writes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [w for e in node.elts for w in _words(e)]
    return []


def _constant(node: ast.expr, package: str) -> list[str]:
    """``mod.KEYWORD``: the keyword name a module of the game holds as its constant."""
    if isinstance(node, ast.Attribute) and node.attr == "KEYWORD" and isinstance(node.value, ast.Name):
        try:
            return [getattr(importlib.import_module(f"{package}.{node.value.id}"), "KEYWORD")]
        except (ImportError, AttributeError):
            return []
    return []


def name_tests(source: str, names: set[str], package: str = "cardsmith.runtime.ivion") -> set[str]:
    """The keyword names of ``names`` that ``source`` compares as words."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any("keyword" in ast.unparse(s).casefold() for s in sides):
                found.update(w for s in sides for w in _words(s) + _constant(s, package) if w in names)
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("has_keyword"):
            found.update(w for a in node.args for w in _words(a) if w in names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "has":
            # ``CardDef.has(keyword)``; a step's ``has(clause)`` names no keyword
            found.update(w for a in node.args[:1] for w in _words(a) if w in names)
    return found


def test_the_check_sees_the_ways_a_keyword_name_is_tested() -> None:
    names = {"reach", "precise", "swift", "fury"}
    source = ('a = "reach" in cdef.keywords\nb = keyword == "fury"\nc = precise.KEYWORD in keywords\n'
              'd = bf.has_keyword(game, cid, "swift")\n')
    assert name_tests(source, names) == names
    assert name_tests('e = game.cdef(cid).has("reach")\nf = step.has("free")', names) == {"reach"}
    assert name_tests('a = step.verb == "reach"\nb = "reach" in board\nc = REACH.diagonal_step', names) == set()


def _own_module(keyword: Keyword) -> str:
    """The module a keyword's behaviour lives in ("" for a plain ``Keyword``: none yet)."""
    if type(keyword) is Keyword:
        return ""
    return type(keyword).__module__.removeprefix("cardsmith.runtime.").replace(".", "/") + ".py"


@pytest.mark.parametrize("game", GAMES)
def test_no_module_tests_a_keyword_by_name_outside_its_own(game: str) -> None:
    keywords = get_game(game).vocab.keywords
    names = set(keywords)
    tested: dict[str, set[str]] = {}
    for path in sorted([*(RUNTIME / game).rglob("*.py"), *(RUNTIME / "core").rglob("*.py")]):
        module = str(path.relative_to(RUNTIME))
        for name in name_tests(path.read_text(encoding="utf-8"), names, f"cardsmith.runtime.{game}"):
            if module != _own_module(keywords[name]):
                tested.setdefault(name, set()).add(module)
    assert tested == {}

