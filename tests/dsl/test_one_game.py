"""Loading one game's cards builds that game only (its card language asks for its words
alone), and a warm load builds none, nor lists the installed games."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import json, sys
from cardsmith.dsl.loader import load_library
from cardsmith.runtime.core import registry
lib = load_library([sys.argv[1]], use_cache=sys.argv[2] == "cache")
built = sorted(m.split(".")[2] for m in sys.modules
               if m.startswith("cardsmith.runtime.") and m.endswith(".game"))
print(json.dumps({"cards": len(lib), "registered": sorted(registry._GAMES), "built": built,
                  "metadata": "importlib.metadata" in sys.modules}))
'''


def load_in_a_fresh_process(folder: Path, cache: Path, use_cache: bool) -> dict:
    env = dict(os.environ, CARDSMITH_CACHE=str(cache))
    out = subprocess.run([sys.executable, "-c", CHILD, str(folder), "cache" if use_cache else "none"],
                         env=env, capture_output=True, text=True, check=True, timeout=300).stdout
    return json.loads(out)


def test_loading_ivion_cards_builds_ivion_alone(tmp_path: Path) -> None:
    from cardsmith.dsl.loader import bundled_cards_dir
    folder = bundled_cards_dir() / "ivion"
    cold = load_in_a_fresh_process(folder, tmp_path / "cache", use_cache=True)
    assert cold["cards"] > 100
    assert cold["registered"] == ["ivion"] and cold["built"] == ["ivion"]
    warm = load_in_a_fresh_process(folder, tmp_path / "cache", use_cache=True)
    assert warm["cards"] == cold["cards"]
    assert warm["registered"] == [] and warm["built"] == []
    assert not warm["metadata"]         # nor listed the installed games: the cache's memo knows


def test_asking_for_one_game_builds_no_other() -> None:
    code = ("import json; from cardsmith.runtime.core import registry; registry.get_game('sylvion');"
            "print(json.dumps([sorted(registry._GAMES), registry.game_names()]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    registered, names = json.loads(out)
    assert registered == ["sylvion"]
    assert {"ivion", "sylvion", "ikorr"} <= set(names)       # known, without being built
