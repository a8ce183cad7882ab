"""The whole package type-checks with the options the mypyc build uses, so the shipped
``py.typed`` promises something, and ``cardsmith compile --backend mypyc`` keeps working as
the runtime changes (mypyc refuses a module with a type error; this is that check for the
runtime, run here once for the whole package rather than again in tests/cli).

The checkout's folders are the package's parts (setup.py maps ``dsl`` to ``cardsmith.dsl``
...), so mypy reads a staged tree: a ``cardsmith`` folder of links to the package's own files
and to each part, checked as ``-p cardsmith`` so every module has its installed name.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .test_packaging import PARTS, ROOT

def _stage(work: Path) -> Path:
    """``work/cardsmith``: links to the package's top-level files and to each part's folder."""
    top = work / "cardsmith"
    top.mkdir()
    for path in (ROOT / PARTS["cardsmith"]).iterdir():
        if path.name != "__pycache__":
            (top / path.name).symlink_to(path)
    for name, folder in PARTS.items():
        if name != "cardsmith":
            (top / name.rpartition(".")[2]).symlink_to(ROOT / folder, target_is_directory=True)
    return top


def _modules(top: Path) -> int:
    return sum(f.endswith(".py") for _, _, files in os.walk(top, followlinks=True) for f in files)


def test_the_package_type_checks(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    mypy_api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install 'cardsmith[compile]')")
    from cardsmith.build_mypyc import MYPY_OPTIONS
    work = tmp_path_factory.mktemp("typing")
    top = _stage(work)
    # mypy's cache kept between runs (pytest's cache folder): a warm run takes seconds
    cache = request.config.cache.mkdir("mypy") if getattr(request.config, "cache", None) else work / ".mypy_cache"
    monkeypatch.chdir(work)
    out, err, status = mypy_api.run(MYPY_OPTIONS + ["--cache-dir", str(cache), "-p", "cardsmith"])
    assert status in (0, 1), out + err                    # 2: mypy itself failed
    checked = re.search(r"(?:checked|issues found in) (\d+) source files?", out)
    # no part left out (mypy also counts folders without modules, as namespace packages)
    assert checked and int(checked.group(1)) >= _modules(top), out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert errors == [], "mypy finds type errors:\n" + "\n".join(errors)
