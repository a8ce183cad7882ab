"""``dsl/fastparse.py`` must not change what any file parses to, nor any syntax error.

Every grammar is built twice, by textX alone and through ``loader.build_metamodel`` (which
installs the fast choices), and both parsers read the same texts: every bundled card, deck
and scenario file, and broken variants of them (a token deleted, doubled or misspelt, the
text cut after a token).  A success must give the same parse tree and comments; a failure
the same position and the same expected terminals in the same order, hence the same
message.  The compiled cards of the bundled library must be equal, too.

The variants are a deterministic sample; ``CARDSMITH_FASTPARSE_ALL=1`` tries every one
(every variant of every file: about half an hour on the shared machine; it passed).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from arpeggio import NoMatch, NonTerminal
from textx import metamodel_from_file, metamodel_from_str
from textx.exceptions import TextXSyntaxError

from cardsmith.dsl import decks, fastparse, parsing, scenarios
from cardsmith.dsl import loader
from cardsmith.dsl.languages import language
from cardsmith.runtime.core.registry import game_names

ROOT = Path(__file__).resolve().parents[2]
#: every grammar by the extension of its files: the games' card languages, decks, scenarios
EXTENSIONS = (*game_names(), "deck", "scenario")
ALL = os.environ.get("CARDSMITH_FASTPARSE_ALL") == "1"
TOKEN = re.compile(r'"[^"\n]*"|[A-Za-z_]+|\d+|\S')


def _files(ext: str) -> list[Path]:
    return sorted(p for p in ROOT.rglob(f"*.{ext}") if ".git" not in p.parts)


_PARSERS: dict[str, tuple[Any, Any]] = {}


def grammar(ext: str) -> Path | str:
    """A grammar file (decks, scenarios), or a card language's generated text."""
    return {"deck": decks.GRAMMAR, "scenario": scenarios.GRAMMAR}.get(ext) or language(ext).grammar


def parsers(ext: str) -> tuple[Any, Any]:
    """(textX's own parser, the same with the fast path) for a grammar.  The guards that
    ``loader.build_metamodel`` adds after it (``nesting``, ``foreign``) change errors on
    purpose and have their own tests."""
    if ext not in _PARSERS:
        source = grammar(ext)
        plain, fast = ((metamodel_from_file(str(source), autokwd=True, auto_init_attributes=False)
                        if isinstance(source, Path) else
                        metamodel_from_str(source, autokwd=True, auto_init_attributes=False))
                       for _ in range(2))
        assert fastparse.install(fast) > 0
        _PARSERS[ext] = (plain._parser_blueprint, fast._parser_blueprint)
    return _PARSERS[ext]


def _rule(rule: Any) -> tuple:
    return type(rule).__name__, getattr(rule, "rule_name", ""), str(getattr(rule, "to_match", ""))


def _tree(node: Any) -> Any:
    if isinstance(node, NonTerminal):
        return (_rule(node.rule), node.position, [_tree(n) for n in node])
    return (_rule(node.rule), node.position, node.value, node.suppress)


def outcome(blueprint: Any, text: str) -> tuple:
    """What a parser makes of a text: its tree and comments, or where and what it expected."""
    parser = blueprint.clone()
    try:
        tree = parser.parse(text)
    except TextXSyntaxError as err:
        exc = err.__cause__
        assert isinstance(exc, NoMatch)
        return "error", exc.position, [_rule(r) for r in exc.rules], err.message
    return "tree", _tree(tree), [(c.position, c.value) for c in parser.comments]


def variants(text: str) -> list[str]:
    """Broken copies of a text: each token deleted, doubled, misspelt, and the text cut after it."""
    out = []
    for m in TOKEN.finditer(text):
        a, b = m.span()
        word = m.group()
        out.append(text[:a] + text[b:])
        out.append(text[:b] + " " + word + text[b:])
        out.append(text[:b])
        if len(word) > 2:
            out.append(text[:a] + word[:-1] + text[b:])
    return out


def sample(items: list[str], n: int) -> list[str]:
    if ALL or len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(k * step)] for k in range(n)]


CASES = [(ext, f) for ext in EXTENSIONS for f in _files(ext)]


@pytest.mark.parametrize("ext,path", CASES, ids=[str(p.relative_to(ROOT)) for _, p in CASES])
def test_same_parse_of_every_file_and_its_broken_variants(ext: str, path: Path) -> None:
    plain, fast = parsers(ext)
    text = path.read_text("utf-8")
    assert outcome(fast, text) == outcome(plain, text)
    if ext in ("deck", "scenario"):
        broken_texts = sample(variants(text), 6)
    else:       # each card alone: as good a test, and much shorter to parse
        cards = re.split(r"(?m)^(?=card \")", text)
        broken_texts = sample([v for card in cards for v in variants(card)], 120)
    for broken in broken_texts:
        assert outcome(fast, broken) == outcome(plain, broken), broken


def test_some_variants_are_errors_and_the_lists_are_long() -> None:
    """The comparison above is not vacuous: broken cards fail where long choices were tried."""
    plain, fast = parsers("ivion")
    text = (ROOT / "cards" / "ivion" / "cryomancer.ivion").read_text("utf-8")
    card = re.split(r"(?m)^(?=card \")", text)[3]
    results = [outcome(fast, v) for v in sample(variants(card), 200)]
    errors = [r for r in results if r[0] == "error"]
    assert len(errors) > 50
    assert max(len(r[2]) for r in errors) >= 20


def test_install_guards_most_choices_optionals_and_repetitions() -> None:
    plain, fast = parsers("ivion")
    nodes = fastparse.parser_nodes(fast.parser_model)
    assert all(not fastparse.installed(n) for n in fastparse.parser_nodes(plain.parser_model))
    assert sum(fastparse.installed(n) for n in nodes) >= 80
    choices = [n for n in nodes if fastparse.installed(n) and hasattr(n, "_fast_guards")]
    guarded = sum(g is not None for c in choices for g in c._fast_guards)
    assert guarded > 0.8 * sum(len(c._fast_guards) for c in choices)


def _library(monkeypatch: pytest.MonkeyPatch, plain: bool) -> list:
    if plain:
        monkeypatch.setattr(fastparse, "install", lambda mm: 0)
    monkeypatch.setattr(parsing, "_METAMODELS", {})
    try:
        lib = loader.bundled_library(use_cache=False)
    finally:
        monkeypatch.undo()
    return sorted(lib, key=lambda c: (c.game, c.name))


def test_bundled_cards_compile_to_the_same_carddefs(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _library(monkeypatch, plain=True)
    after = _library(monkeypatch, plain=False)
    assert len(after) > 100
    assert after == before


def test_an_unchecked_arpeggio_release_or_the_off_switch_parses_the_plain_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path leans on Arpeggio's internals, checked for the releases the tests ran
    against: another release (or CARDSMITH_PLAIN_PARSE=1) must not get it."""
    import arpeggio
    source = grammar("ivion")
    assert fastparse.enabled()          # the release this suite runs on is a checked one
    monkeypatch.setattr(arpeggio, "__version__", "3.0.0", raising=False)
    mm = loader.build_metamodel(source)
    assert not any(fastparse.installed(n) for n in fastparse.parser_nodes(mm._parser_blueprint.parser_model))
    monkeypatch.undo()
    monkeypatch.setenv(fastparse.OFF_SWITCH, "1")
    mm = loader.build_metamodel(source)
    assert not any(fastparse.installed(n) for n in fastparse.parser_nodes(mm._parser_blueprint.parser_model))
