"""Deep nesting is a located error at any depth, never a RecursionError (``dsl/nesting.py``).

The bound is set in the parser; the deepest card it accepts still compiles, renders,
pickles (the card cache) and plays.
"""
from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from cardsmith.dsl import decks, nesting, scenarios
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.fastparse import parser_nodes
from cardsmith.dsl.languages import language
from cardsmith.runtime.core.registry import game_names
from cardsmith.dsl.loader import build_metamodel, compile_source
from cardsmith.dsl.render import render_card
from cardsmith.runtime.core.registry import get_game

LIMIT = nesting.MAX_DEPTH
HEAD = 'card "Deep" {\n  skill warrior pips gray\n  types ability\n'


def braced_ifs(n: int) -> str:
    return HEAD + "if you have 1 power then {\n" * n + "gain 1 power\n" + "}\n" * n + "}\n"


def bare_ifs(n: int) -> str:
    return HEAD + "if you have 1 power then\n" * n + "gain 1 power\n}\n"


def choices(n: int) -> str:
    return HEAD + "choose one {\n" * n + "gain 1 power\n" + "} or { gain 1 power }\n" * n + "}\n"


def labels(n: int) -> str:
    return HEAD + "advantage:\n" * n + "gain 1 power\n}\n"


def for_each(n: int) -> str:
    return HEAD + "for each enemy:\n" * n + "gain 1 power\n}\n"


def selectors(n: int) -> str:
    return HEAD + "deal 1 damage to target enemy\n" + "near target enemy\n" * n + "}\n"


SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    # the builder, and the line of its first level (each level is one line)
    "braced ifs": (braced_ifs, 4), "bare ifs": (bare_ifs, 4), "choose one": (choices, 4),
    "labels": (labels, 4), "for each": (for_each, 4), "selectors": (selectors, 5),
}


def error_of(text: str) -> CardError:
    with pytest.raises(CardError) as info:
        compile_source(text, "ivion", "deep.ivion")
    return info.value


@pytest.mark.parametrize("depth", [80, 500, 10_000])
@pytest.mark.parametrize("shape", SHAPES)
def test_too_deep_is_located_at_the_level_past_the_limit(shape: str, depth: int) -> None:
    build, first = SHAPES[shape]
    err = error_of(build(depth))
    assert err.message.startswith("nested too deeply"), err.message
    assert f"more than {LIMIT}" in err.message
    # one level a line: the error is on a line within the limit's reach, never past it
    assert first + LIMIT - 3 <= err.line <= first + LIMIT, (err.line, err.format())
    assert err.file == "deep.ivion" and err.col >= 1
    assert "^" in err.format() and "split the effect" in err.hint


def _deepest(build: Callable[[int], str]) -> int:
    n = 1
    while True:
        try:
            compile_source(build(n + 1), "ivion")
        except CardError as err:
            assert "nested too deeply" in err.message, err.format()
            return n
        n += 1


def _frames_needed(fn: Callable[[], Any]) -> int:
    """The smallest recursion limit, above the current stack, that ``fn`` runs within."""
    here = len(_stack())
    lo, hi = 10, 3000
    old = sys.getrecursionlimit()
    try:
        while lo < hi:
            mid = (lo + hi) // 2
            sys.setrecursionlimit(here + mid)
            try:
                fn()
                hi = mid
            except RecursionError:
                lo = mid + 1
    finally:
        sys.setrecursionlimit(old)
    return lo


def _stack() -> list[Any]:
    import inspect
    return inspect.stack(0)


@pytest.mark.parametrize("shape", ["braced ifs", "selectors", "for each"])
def test_the_deepest_accepted_card_compiles_renders_and_pickles_with_room_to_spare(shape: str) -> None:
    build = SHAPES[shape][0]
    n = _deepest(build)
    assert n >= LIMIT - 2
    cards = compile_source(build(n), "ivion")
    rules = get_game("ivion")
    assert render_card(cards[0], rules).count("\n") >= 1
    assert pickle.loads(pickle.dumps(cards, pickle.HIGHEST_PROTOCOL)) == cards
    # every stage stays well inside the default limit of 1,000 frames, so a parse that
    # starts 300 frames deep (a REPL, a test runner) still has room
    for stage in (lambda: compile_source(build(n), "ivion"), lambda: render_card(cards[0], rules),
                  lambda: pickle.dumps(cards, pickle.HIGHEST_PROTOCOL)):
        assert _frames_needed(stage) < 650


def test_plain_arpeggio_is_bounded_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    from textx.exceptions import TextXSyntaxError
    monkeypatch.setenv("CARDSMITH_PLAIN_PARSE", "1")
    mm = build_metamodel(language("ivion").grammar)
    with pytest.raises(nesting.NestedTooDeeply) as info:
        mm.model_from_str(braced_ifs(500))
    assert isinstance(info.value, TextXSyntaxError)
    assert info.value.line == error_of(braced_ifs(500)).line


def test_an_empty_block_at_the_limit_is_not_a_level_deeper() -> None:
    n = _deepest(braced_ifs)
    text = HEAD + "if you have 1 power then {\n" * n + "}\n" * n + "}\n"
    compile_source(text, "ivion")       # the innermost block tries an effect at '}' and fails


def _graph(root: Any) -> dict[int, tuple[Any, list[Any]]]:
    out: dict[int, tuple[Any, list[Any]]] = {}
    for node in parser_nodes(root):
        kids = list(getattr(node, "nodes", None) or ())
        if getattr(node, "sep", None) is not None:
            kids.append(node.sep)
        out[id(node)] = (node, kids)
    return out


def _has_cycle(graph: dict[int, tuple[Any, list[Any]]], skip: set[int]) -> bool:
    state: dict[int, int] = {}         # 1: on the path, 2: done
    for start in graph:
        if start in skip or start in state:
            continue
        todo = [(start, iter(graph[start][1]))]
        state[start] = 1
        while todo:
            node, kids = todo[-1]
            kid = next(kids, None)
            if kid is None:
                state[node] = 2
                todo.pop()
                continue
            k = id(kid)
            if k in skip:
                continue
            if state.get(k) == 1:
                return True
            if k not in state:
                state[k] = 1
                todo.append((k, iter(graph[k][1])))
    return False


GRAMMARS = {"deck": decks.GRAMMAR, "scenario": scenarios.GRAMMAR}


@pytest.mark.parametrize("name", sorted([*GRAMMARS, *game_names()]))
def test_every_recursion_of_every_grammar_passes_a_counted_rule(name: str) -> None:
    """Otherwise some nesting would escape the bound."""
    grammar = GRAMMARS.get(name) or language(name).grammar
    graph = _graph(build_metamodel(grammar)._parser_blueprint.parser_model)
    counted = {k for k, (node, _) in graph.items() if node.rule_name in nesting.NESTING_RULES}
    assert not _has_cycle(graph, counted)
    if name not in GRAMMARS:
        assert _has_cycle(graph, set()), "the card grammar nests: the test must see it"


def test_the_deepest_accepted_card_plays(tmp_path: Path) -> None:
    from cardsmith.repl.scenario.check import prepare
    from cardsmith.repl.scenario.run import run_prepared
    n = _deepest(for_each)
    (tmp_path / "deep.ivion").write_text(for_each(n), encoding="utf-8")
    (tmp_path / "deep.scenario").write_text(
        'scenario "deep"\ngame ivion seed 1\nimport "deep.ivion"\n'
        'player alice at c1 actions 1 power 0\n  hand: "Deep"\n  deck: "Tenacity"\n  feats: "Winterburst"\n'
        'player bob at c3\n  deck: "Tenacity"\n  feats: "Winterburst"\nturn alice\n'
        'script\n  play Deep\n  pass\n  expect alice.power == 1\n', encoding="utf-8")
    outcome = run_prepared(prepare(tmp_path / "deep.scenario"))
    assert outcome.ok, outcome.summary()
