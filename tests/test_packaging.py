"""What the wheel holds: setup.py finds packages, so a folder of modules without an
``__init__.py`` would be left out of the wheel without a word; and the files the package
reads at run time (grammars, bundled cards) must match a package-data pattern. CI builds and
installs the real wheel too (.ci/installed); these catch the same mistakes in seconds."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = {"cardsmith": "cardsmith", "cardsmith.dsl": "dsl", "cardsmith.runtime": "runtime",
         "cardsmith.repl": "repl", "cardsmith.cards": "cards"}
#: files read at run time, by the kinds they are
DATA_SUFFIXES = {".tx", ".ivion", ".sylvion", ".ikorr", ".deck", ".scenario", ".tsv"}


def _folders_with_modules(top: Path) -> list[Path]:
    return sorted({p.parent for p in top.rglob("*.py") if "__pycache__" not in p.parts})


def test_every_folder_of_modules_is_a_package():
    missing = [str(folder.relative_to(ROOT)) for folder in PARTS.values()
               for folder in _folders_with_modules(ROOT / folder)
               if not (folder / "__init__.py").exists()]
    assert missing == [], f"no __init__.py, so left out of the wheel: {missing}"


def test_setup_py_maps_the_same_parts():
    text = (ROOT / "setup.py").read_text()
    for name, folder in PARTS.items():
        assert f'"{name}": "{folder}"' in text


def _package_of(path: Path) -> tuple[str, Path]:
    """The innermost package a file is in, and its path from that package's folder (as
    setuptools reads package-data patterns)."""
    folder = path.parent
    while not (folder / "__init__.py").exists():
        folder = folder.parent
    for name, top in PARTS.items():           # the parts' folders sit side by side
        base = ROOT / top
        if folder.is_relative_to(base):
            return ".".join((name, *folder.relative_to(base).parts)), path.relative_to(folder)
    raise AssertionError(f"{path} is in no part of the package")


def test_every_data_file_matches_a_package_data_pattern():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    unshipped = []
    for name, folder in PARTS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in DATA_SUFFIXES:
                continue
            package, rel = _package_of(path)
            globs = [*patterns.get(package, []), *patterns.get("*", [])]   # "*": every package (setuptools)
            if not any(fnmatch.fnmatch(str(rel), g) or fnmatch.fnmatch(rel.name, g) for g in globs):
                unshipped.append(str(path.relative_to(ROOT)))
    assert unshipped == [], f"not in any package-data pattern: {unshipped[:10]}"


def test_the_package_says_it_is_typed():
    assert (ROOT / "cardsmith" / "py.typed").exists()
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in patterns["cardsmith"]
