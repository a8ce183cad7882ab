"""The language, the CLI, the REPL, the scenario runner and the engine core name no game
(issue 15, point 1): a game and its words are found through the ``cardsmith.games``
registration, so a new game (``tests/fourth``) needs no line outside its own folder.

Read from the sources with ``ast`` (nothing of them runs).  For every registered game:

- its name (``ivion``) written anywhere in code: in a string (a message, a table key), an
  identifier or an import.  Docstrings and comments may name games in their examples.
- its distinctive words, written as a string of their own (``"cantrip"``, ``"trap "`` in
  ``f"trap {tile}"``): its keywords, ability words, effect labels and view commands, and
  the words its view plays cards with, less those another game or the REPL also has.

What is still there is listed in ``KNOWN`` with why; the list only shrinks: an entry that
is no longer found fails too, so it is taken off when its word moves to its game.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

from importlib import metadata

from cardsmith.runtime.core.registry import get_game
from cardsmith.runtime.core.view import GameView

ROOT = Path(__file__).resolve().parents[1]


def game_names() -> list[str]:
    """The games installed through the ``cardsmith.games`` entry point: not the toy games
    other tests register in this process, whose words would hide the real games' own."""
    return sorted(ep.name for ep in metadata.entry_points(group="cardsmith.games"))
#: the folders that must name no game: the language, the REPL (and scenario runner), the
#: CLI and simulations, and the engine core
FOLDERS = ("dsl", "repl", "cardsmith", "runtime/core")

#: (file, game, word) still found, and why it stays for now
KNOWN: dict[tuple[str, str, str], str] = {
    ("cardsmith/__init__.py", "ivion", "ivion"):
        "DEFAULT_GAME: the one place that says which game `cardsmith` opens with no arguments",
    ("dsl/compiler.py", "ivion", "precise"):
        "the shared grammar's trigger qualifier 'precisely' is checked against the condition "
        "that gives it meaning; the qualifier is still a shared grammar word",
    ("dsl/scenarios.py", "ivion", "trap"): "the scenario language's `trap PLAYER TILE` board line",
    ("repl/scenario/build.py", "ivion", "trap"): "builds the scenario's `trap` lines into REPL lines",
    ("repl/scenario/build.py", "ivion", "terrain"): "builds the scenario's `terrain` lines into REPL lines",
    ("repl/scenario/build.py", "ivion", "main"): "a scenario's `turn P` already at the first turn's phase",
    ("repl/scenario/write.py", "ivion", "trap"): "`save scenario` writes the board's `trap` lines",
    ("repl/scenario/write.py", "ivion", "terrain"): "`save scenario` writes the board's `terrain` lines",
    ("repl/scenario/write.py", "ivion", "main"): "`save scenario` leaves out the first phase's name",
    ("repl/scenario/facts.py", "ivion", "terrain"): "a scenario's `board.TILE.terrain` property",
    ("repl/completer.py", "ivion", "terrain"): "completion of the scenario/REPL `terrain` kinds",
    ("runtime/core/view.py", "ivion", "main"): "GameView.first_phase's default",
    ("runtime/core/view.py", "ivion", "terrain"): "GameView.picture's terrain of a board space",
}


@lru_cache(maxsize=1)
def _all_words() -> dict[str, set[str]]:
    """Every word each game registers, of any class, and its view's words."""
    out: dict[str, set[str]] = {}
    for game in game_names():
        rules = get_game(game)
        v = rules.vocab
        words = {game} | set(v.keywords) | set(v.activations)
        for table in ("verbs", "nouns", "filters", "conditions", "events", "quantities", "statics"):
            words |= set(getattr(v, table))
        for kind in ("units", "labels", "zones", "sources", "counted_zones", "distances", "directions",
                     "states", "reserved"):
            words |= set(getattr(v, kind))
        view = rules.game_view()
        words |= {c.name for c in view.commands} | set(view.option_words) | set(view.play_words)
        out[game] = {_norm(w) for w in words}
    return out


def _norm(word: str) -> str:
    return word.casefold().strip().replace("_", " ")


@lru_cache(maxsize=1)
def distinctive() -> dict[str, set[str]]:
    """Each game's name and the words only it has (see the module's docstring)."""
    from cardsmith.repl.commands import ALIASES, COMMANDS
    shared = {_norm(w) for w in (*COMMANDS, *ALIASES, *GameView.play_words)}
    found: dict[str, set[str]] = {}
    for game in game_names():
        rules = get_game(game)
        v, view = rules.vocab, rules.game_view()
        own = {*v.keywords, *v.activations, *v.labels, *(c.name for c in view.commands), *view.play_words}
        others = set().union(*(w for g, w in _all_words().items() if g != game))
        found[game] = {game} | ({_norm(w) for w in own} - others - shared)
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, kinds) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def named_games(source: str, words: dict[str, set[str]]) -> set[tuple[str, str]]:
    """(game, word) for each game's name or distinctive word ``source`` writes in code."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        for ident in _identifiers(node):
            for game in words:
                if game in ident.casefold():
                    found.add((game, game))
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        text = node.value.casefold()
        alone = _norm(text)
        head = text.split(" ", 1)[0] if text.endswith(" ") or " {" in text else ""
        for game, own in words.items():
            if re.search(rf"(?<![a-z]){re.escape(game)}(?![a-z])", text):
                found.add((game, game))
            found.update((game, w) for w in own if w == alone or w == _norm(head))
    return found


def _sources() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))]


def test_the_check_sees_names_and_words_in_code_not_in_docstrings() -> None:
    words = {"ivion": {"ivion", "cantrip", "trap"}, "ikorr": {"ikorr", "rush"}}
    source = ('"""Ivion\'s cantrip, in a docstring."""\n'
              'PLAYING = ("play", "cantrip")\n'
              'def f(tile):\n    """rush"""\n    return f"trap {tile}"  # ikorr in a comment\n'
              'from cardsmith.runtime.ikorr import x\n'
              'hint = "Ivion\'s trap tokens"\n'
              'ok = ("crush", "trapped", "play ivions")\n')
    assert named_games(source, words) == {("ivion", "cantrip"), ("ivion", "trap"), ("ikorr", "ikorr"),
                                          ("ivion", "ivion")}


def test_every_game_has_distinctive_words() -> None:
    """The check has something to look for in each game, the fourth one too."""
    found = distinctive()
    assert set(found) == set(game_names()) and len(found) >= 3
    assert {"cantrip", "trap", "unleash"} <= found["ivion"]
    for game, words in found.items():
        assert game in words


def test_the_shared_code_names_no_game() -> None:
    words = distinctive()
    seen: dict[tuple[str, str, str], str] = {}
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        for game, word in named_games(path.read_text("utf-8"), words):
            seen[(rel, game, word)] = rel
    new = sorted(k for k in seen if k not in KNOWN)
    gone = sorted(k for k in KNOWN if k not in seen)
    assert not new, "game names or words in shared code (move them to the game, found via its " \
                    "registration):\n" + "\n".join(f"  {f}: {g}'s '{w}'" for f, g, w in new)
    assert not gone, "no longer found, take them off KNOWN:\n" + "\n".join(f"  {k}" for k in gone)


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_folders_exist(folder: str) -> None:
    assert any((ROOT / folder).rglob("*.py")), folder
