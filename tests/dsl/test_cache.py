"""The compiled-card cache: warm loads skip textX; any change to an input invalidates."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsmith.dsl import loader
from cardsmith.dsl.decks import load_deck
from cardsmith.dsl.languages import GRAMMAR_DIR


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts real compilations (cache misses), by file."""
    calls: list[str] = []
    real = loader.compile_model

    def counting(text: str, lang: Any, file: str, follow: Any = None) -> Any:
        calls.append(Path(file).name)
        return real(text, lang, file, follow)

    monkeypatch.setattr(loader, "compile_model", counting)
    return calls


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_cache_dir_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path / "c"))
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior }\n')
    loader.load_file(f)
    assert len(list((tmp_path / "c").glob("*.pickle"))) == 1


def test_hit_then_source_change_misses(tmp_path: Path, compiles: list[str]) -> None:
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior  draw 1 card }\n')
    first = loader.load_file(f)
    assert loader.load_file(f) == first
    assert compiles == ["a.toy"]
    write(f, 'card "A" { skill warrior  draw 2 cards }\n')
    changed = loader.load_file(f)
    assert compiles == ["a.toy", "a.toy"]
    assert changed != first


def test_locations_name_the_file_as_it_was_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior }\n')
    monkeypatch.chdir(tmp_path)
    assert loader.load_file("a.toy")[0].loc.file == "a.toy"
    assert loader.load_file(f)[0].loc.file == str(f)


def test_use_cache_false_always_compiles(tmp_path: Path, compiles: list[str]) -> None:
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior }\n')
    loader.load_file(f, use_cache=False)
    loader.load_file(f, use_cache=False)
    assert compiles == ["a.toy", "a.toy"]


def test_grammar_change_misses(tmp_path: Path, compiles: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    grammars = tmp_path / "grammars"
    shutil.copytree(GRAMMAR_DIR, grammars)
    monkeypatch.setattr(loader, "GRAMMAR_DIR", grammars)   # what the cache key reads
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior }\n')
    loader.load_file(f)
    loader.load_file(f)
    assert compiles == ["a.toy"]
    common = grammars / "common.tx"
    common.write_text(common.read_text() + "\n/* an edit */\n")
    loader.load_file(f)
    assert compiles == ["a.toy", "a.toy"]


def test_imported_file_change_misses(tmp_path: Path, compiles: list[str]) -> None:
    write(tmp_path / "base.toy", 'card "Base" { skill warrior  draw 1 card }\n')
    main = write(tmp_path / "main.toy", 'import "base.toy"\ncard "Main" { skill warrior }\n')
    cards = loader.load_file(main)
    assert [c.name for c in cards] == ["Main", "Base"]
    loader.load_file(main)
    assert compiles == ["main.toy", "base.toy"]
    write(tmp_path / "base.toy", 'card "Base" { skill warrior  draw 2 cards }\n')
    again = loader.load_file(main)
    assert compiles[2:] == ["main.toy", "base.toy"]
    assert again[1] != cards[1]


def test_corrupt_cache_entry_is_rebuilt(tmp_path: Path, compiles: list[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path / "c"))
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior }\n')
    cards = loader.load_file(f)
    [entry] = (tmp_path / "c").glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert loader.load_file(f) == cards
    assert compiles == ["a.toy", "a.toy"]


def test_errors_are_not_cached(tmp_path: Path, compiles: list[str]) -> None:
    f = write(tmp_path / "a.toy", 'card "A" { skill warrior  dael 1 damage to them }\n')
    for _ in range(2):
        with pytest.raises(loader.CardError):
            loader.load_file(f)
    assert compiles == ["a.toy", "a.toy"]


def test_deck_is_cached_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = write(tmp_path / "d.deck", 'deck "D" for toy\n1 "A"\n')
    deck = load_deck(f)
    monkeypatch.setattr("cardsmith.dsl.decks.compile_deck", lambda *a: pytest.fail("recompiled"))
    assert load_deck(f) == deck


WARM = r'''
import json, sys, time
from cardsmith.dsl.decks import deck_files, load_deck
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library
t = time.perf_counter()
lib = bundled_library()
decks = [load_deck(p) for p in deck_files([bundled_cards_dir()])]
print(json.dumps({"cards": len(lib), "decks": len(decks), "textx": "textx" in sys.modules,
                  "arpeggio": "arpeggio" in sys.modules, "ms": (time.perf_counter() - t) * 1000}))
'''


def test_warm_load_does_not_import_textx(tmp_path: Path) -> None:
    env = dict(os.environ, CARDSMITH_CACHE=str(tmp_path / "cache"))

    def run() -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-c", WARM], env=env, capture_output=True,
                             text=True, check=True, timeout=120).stdout
        return json.loads(out)

    cold = run()
    assert cold["textx"] and cold["cards"] > 0
    warm = run()
    assert warm["cards"] == cold["cards"] and warm["decks"] == cold["decks"]
    assert not warm["textx"] and not warm["arpeggio"]
