"""The runtime asks a step's verb what it does (``Verb.attaches``, ``counters``, ``destroys``,
``remembers``) instead of testing the verb's name: a designer's alias or a new verb that
attaches is then treated as one, with no rule to edit.

Read from the sources with ``ast``: no comparison in the runtime sets a step's ``.verb``
against a word (``step.verb == "attach"``, ``node.verb in ("counter", "destroy")``).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"


def _words(node: ast.expr) -> bool:
    """A string, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_words(e) for e in node.elts)


def _is_verb(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "verb"


def name_tests(source: str) -> list[str]:
    """The comparisons of a ``.verb`` attribute with words, as written, in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_verb(s) for s in sides) and any(_words(s) for s in sides):
                found.append(ast.unparse(node))
    return found


def test_the_check_sees_the_ways_a_verb_name_is_tested() -> None:
    assert name_tests('n.verb == "attach"\nx = step.verb in ("counter", "destroy")\n'
                      'y = "remember" != node.verb') == [
        "n.verb == 'attach'", "step.verb in ('counter', 'destroy')", "'remember' != node.verb"]
    assert name_tests('n.verb == other.verb\nname = step.verb\nn.kind == "attach"') == []


@pytest.mark.parametrize("path", sorted(RUNTIME.rglob("*.py")), ids=lambda p: str(p.relative_to(RUNTIME)))
def test_no_runtime_module_tests_a_verb_by_its_name(path: Path) -> None:
    assert name_tests(path.read_text(encoding="utf-8")) == []
