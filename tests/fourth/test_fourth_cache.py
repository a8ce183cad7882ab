"""The fourth game's cards come from the compiled-card cache on a warm start, as a bundled
game's do: no textX, the game not even built (its card header's module is imported by the
unpickler, from the package its language memo names)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

LOAD = r'''
import json, sys
from cardsmith.dsl.loader import load_file
from cardsmith.runtime.core.registry import built_game
cards = load_file(sys.argv[1])
print(json.dumps({"cards": [repr(c) for c in cards], "textx": "textx" in sys.modules,
                  "built": built_game("fourth") is not None}))
'''


def _load(path: Path, env: dict[str, str], cwd: Path) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", LOAD, str(path)], env=env, cwd=cwd,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_warm_start_takes_its_cards_from_the_cache(fourth_env: dict[str, str], tmp_path: Path) -> None:
    cold = _load(HERE / "pebbles.fourth", fourth_env, tmp_path)
    assert cold["textx"] and cold["built"] and len(cold["cards"]) == 5
    warm = _load(HERE / "pebbles.fourth", fourth_env, tmp_path)
    assert warm == {"cards": cold["cards"], "textx": False, "built": False}


def test_a_changed_file_is_compiled_again(fourth_env: dict[str, str], tmp_path: Path) -> None:
    cards = tmp_path / "mine.fourth"
    cards.write_text('card "Mine" {\n  heap 2\n  gain 1 pebble\n}\n')
    _load(cards, fourth_env, tmp_path)
    cards.write_text('card "Mine" {\n  heap 3\n  gain 2 pebbles\n}\n')
    again = _load(cards, fourth_env, tmp_path)
    assert again["textx"] and "heap=3" in again["cards"][0]
