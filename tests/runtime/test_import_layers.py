"""The runtime's modules import in layers: no module imports, at module level, a module that
imports it back (directly or round a longer loop), and no import hides a loop by sitting
inside a function: counting the imports inside functions, there is still no loop.  An
import inside a function is only for deliberate lazy loading, and says so and why on its
line (``# lazy: REASON``).

Read from the sources with ``ast`` (nothing is imported), so the test sees the imports that
``if TYPE_CHECKING:`` keeps from running as what they are: annotations only.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
PACKAGE = "cardsmith.runtime"


def _name(path: Path) -> str:
    parts = list(path.relative_to(RUNTIME).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


MODULES = {_name(p): p for p in sorted(RUNTIME.rglob("*.py"))}


def _type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _module_level(body: list[ast.stmt]):
    """The import statements that run when the module is imported: at its top level and in
    top-level ``if``/``try`` blocks, not under ``if TYPE_CHECKING:`` nor in functions."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.If, ast.Try)) and not _type_checking(node):
            for part in (node.body, node.orelse, getattr(node, "finalbody", []),
                         *(h.body for h in getattr(node, "handlers", []))):
                yield from _module_level(part)


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The runtime modules one import statement loads (a package's own ``__init__`` is
    loaded before any of its modules anyway, so a module naming its package is no edge)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    if isinstance(node, ast.Import):
        named = [a.name for a in node.names]
    else:
        base = package
        for _ in range(node.level - 1):
            base = base.rsplit(".", 1)[0]
        source = (base + "." + node.module if node.module else base) if node.level else node.module or ""
        submodules = [f"{source}.{a.name}" for a in node.names if f"{source}.{a.name}" in MODULES]
        named = submodules or [source]
    return {t for t in named if t in MODULES and t != module and not module.startswith(t + ".")}


def _in_functions(tree: ast.Module):
    """The import statements inside functions (the lazy ones), wherever the function is."""
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from (n for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom)))


def import_graph(lazy: bool = False) -> dict[str, set[str]]:
    """Who imports whom at module level; with ``lazy``, the imports inside functions too."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        nodes = [*_module_level(tree.body), *(_in_functions(tree) if lazy else ())]
        graph[module] = set().union(*(_targets(module, n) for n in nodes))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm),
    and modules that import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_runtime_has_no_import_cycle():
    found = cycles(import_graph())
    assert not found, "import cycles among runtime modules (module-level imports):\n" + \
        "\n".join(" <-> ".join(m.removeprefix(PACKAGE + ".") for m in c) for c in found)


def test_no_import_inside_a_function_closes_a_cycle():
    """A lazy import is for load time, not to hide a loop: counted as an edge, it closes
    none (ai <-> search was one, held by a lazy import in make_ai, until ai_kinds)."""
    found = cycles(import_graph(lazy=True))
    assert not found, "import cycles among runtime modules, counting imports inside functions:\n" + \
        "\n".join(" <-> ".join(m.removeprefix(PACKAGE + ".") for m in c) for c in found)


def test_the_ais_import_in_layers():
    """search builds on ai, and the AIs by name (ai_kinds) on both: neither of ai and search
    reaches the other's dependants, even lazily."""
    graph = import_graph(lazy=True)
    core = PACKAGE + ".core"
    assert f"{core}.ai" in graph[f"{core}.search"]
    assert {f"{core}.ai", f"{core}.search"} <= graph[f"{core}.ai_kinds"]
    assert not graph[f"{core}.ai"] & {f"{core}.search", f"{core}.ai_kinds"}


def test_imports_inside_functions_say_why_they_are_lazy():
    unmarked = []
    for module, path in MODULES.items():
        source = path.read_text()
        lines = source.splitlines()
        for fn in ast.walk(ast.parse(source)):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and "# lazy:" not in lines[node.lineno - 1]:
                        unmarked.append(f"{path.relative_to(RUNTIME.parent)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert not unmarked, "imports inside functions without '# lazy: REASON':\n" + "\n".join(unmarked)


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"a"}}, [["a"]]),
])
def test_the_cycle_finder_finds_loops_of_any_length(edges, expected):
    assert cycles(edges) == expected


def test_the_graph_sees_relative_absolute_and_package_imports():
    graph = import_graph()
    assert f"{PACKAGE}.ivion.players" in graph[f"{PACKAGE}.ivion.resources"]        # from .players import
    assert f"{PACKAGE}.core.registry" in graph[f"{PACKAGE}.ivion"]                   # absolute, in __init__
    assert f"{PACKAGE}.ivion.board" in graph[f"{PACKAGE}.ivion.targeting"]           # from . import board
    assert f"{PACKAGE}.core.engine" not in graph[f"{PACKAGE}.core.interpreter"]      # under TYPE_CHECKING
    assert f"{PACKAGE}.ivion.view" not in graph[f"{PACKAGE}.ivion.rules"]            # inside a function
    assert f"{PACKAGE}.ivion.view" in import_graph(lazy=True)[f"{PACKAGE}.ivion.rules"]
