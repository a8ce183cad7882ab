"""What the tests of ``cardsmith compile`` share: running the command in-process, probing
a fresh interpreter with or without ``CARDSMITH_COMPILED``, and a cache's compiled folder."""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from cardsmith import cli
from cardsmith.compiled import abi_tag


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def probe(code: str, cache: Path, compiled: bool) -> dict:
    """Run ``code`` (which prints JSON) in a new interpreter using ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "CARDSMITH_COMPILED"}
    env["CARDSMITH_CACHE"] = str(cache)
    if compiled:
        env["CARDSMITH_COMPILED"] = "1"
    # from the checkout's root, where a compiled traceback's "runtime/core/rng.py" is found
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                            timeout=60, cwd=Path(cli.__file__).parents[1])
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def folder(cache: Path) -> Path:
    return cache / "compiled" / abi_tag()


def copy_cache(cache: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "cache"
    shutil.copytree(cache, copy)
    return copy
