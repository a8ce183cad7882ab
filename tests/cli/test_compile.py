"""``cardsmith compile`` and ``CARDSMITH_COMPILED=1``: a compiled runtime module is loaded
only while its source is exactly what it was built from, and never without the variable.

One small module (``runtime/core/rng.py``, a few seconds) is really built, once for the
file, through the real command; the processes that load it are real subprocesses, since
the finder is installed when ``cardsmith`` is first imported.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith import cli
from cardsmith.build import miscompiled
from cardsmith.compiled import CompiledFinder, loaded_counts, read_manifest, source_sha

from .compiling import copy_cache, folder, probe, run

MODULE = "cardsmith.runtime.core.rng"
#: prints where rng came from, some of its values, and whether a finder was installed
PROBE = """
import json, sys
import cardsmith.runtime.core.rng as rng
from cardsmith.runtime.core.rng import below, seed_state, shuffle
items = list(range(20))
state = shuffle(seed_state(7), items)
try:
    below(state, 0)
except ValueError as e:
    import traceback
    where = traceback.extract_tb(e.__traceback__)[-1]
print(json.dumps({"file": rng.__file__, "values": [state, items, below(state, 1000)],
                  "raised_in": [where.filename.replace("\\\\", "/"), where.line],
                  "finder": any(type(f).__name__ == "CompiledFinder" for f in sys.meta_path),
                  "compiled_imported": "cardsmith.compiled" in sys.modules}))
"""





@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding a real build of rng only (skipped without Cython or a C compiler)."""
    pytest.importorskip("Cython", reason="Cython is not installed (pip install 'cardsmith[compile]')")
    from cardsmith.build import BuildUnavailable, check_toolchain
    try:
        check_toolchain()
    except BuildUnavailable as e:
        pytest.skip(str(e))
    cache = tmp_path_factory.mktemp("compiled-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CARDSMITH_CACHE", str(cache))
        code, out, err = run("compile", "--backend", "cython", "core.rng")
    assert code == 0, err
    assert "1 built, 0 already current, 0 left pure, 0 failed" in out
    return cache



def test_a_compiled_module_is_loaded_and_plays_the_same(built: Path) -> None:
    manifest = read_manifest(folder(built))
    assert list(manifest) == [MODULE]
    assert manifest[MODULE]["sha256"] == source_sha(Path(cli.__file__).parents[1] / "runtime/core/rng.py")
    compiled = probe(PROBE, built, compiled=True)
    pure = probe(PROBE, built, compiled=False)
    assert compiled["file"] == str(folder(built) / manifest[MODULE]["file"])
    assert compiled["file"].endswith(".so") and compiled["finder"]
    assert pure["file"].endswith("rng.py")
    assert compiled["values"] == pure["values"]
    # a traceback through compiled code names the source file and shows its line
    assert compiled["raised_in"][0].endswith("runtime/core/rng.py")
    assert compiled["raised_in"][1] == pure["raised_in"][1] == 'raise ValueError("below() needs a positive bound")'


def test_without_the_variable_nothing_is_installed_or_imported(built: Path) -> None:
    pure = probe(PROBE, built, compiled=False)
    assert pure["file"].endswith("rng.py")
    assert not pure["finder"] and not pure["compiled_imported"]


def test_a_changed_source_hash_falls_back_to_the_py(built: Path, tmp_path: Path) -> None:
    cache = copy_cache(built, tmp_path)
    path = folder(cache) / "manifest.json"
    data = json.loads(path.read_text())
    data["modules"][MODULE]["sha256"] = "0" * 64           # built from some other source
    path.write_text(json.dumps(data))
    assert probe(PROBE, cache, compiled=True)["file"].endswith("rng.py")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CARDSMITH_CACHE", str(cache))
        code, out, _ = run("compile", "--status")
    assert code == 0 and "1 stale" in out and MODULE in out


def test_the_finder_follows_an_edit_of_the_source(built: Path, tmp_path: Path) -> None:
    """The finder asked for rng found in a folder of our own: the compiled file while that
    source is byte for byte the one built, the .py once it is edited."""
    where = folder(built)
    entry = read_manifest(where)[MODULE]
    source = tmp_path / "rng.py"
    shutil.copyfile(Path(cli.__file__).parents[1] / "runtime/core/rng.py", source)
    spec = CompiledFinder(where).find_spec(MODULE, [str(tmp_path)])
    assert spec is not None and spec.origin == str(where / entry["file"])
    source.write_text(source.read_text() + "\n# an edit\n")
    finder = CompiledFinder(where)
    assert finder.find_spec(MODULE, [str(tmp_path)]) is None
    assert finder.decisions == {MODULE: False}
    assert CompiledFinder(where).find_spec("cardsmith.dsl.loader", [str(tmp_path)]) is None


def test_a_current_module_is_not_rebuilt(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = copy_cache(built, tmp_path)
    monkeypatch.setenv("CARDSMITH_CACHE", str(cache))
    code, out, err = run("compile", "--backend", "cython", "core.rng")
    assert code == 0, err
    assert "0 built, 1 already current, 0 left pure, 0 failed" in out


def test_a_compiler_failure_is_reported_and_keeps_the_manifest(built: Path, tmp_path: Path) -> None:
    cache = copy_cache(built, tmp_path)
    before = (folder(cache) / "manifest.json").read_text()
    env = dict(os.environ, CARDSMITH_CACHE=str(cache), CC="false")
    result = subprocess.run([sys.executable, "-m", "cardsmith.cli", "compile", "--backend", "cython", "--force", "core.rng"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 1
    assert f"{MODULE} failed to build" in result.stderr and "Traceback" not in result.stderr
    assert (folder(cache) / "manifest.json").read_text() == before
    assert probe(PROBE, cache, compiled=True)["file"].endswith(".so")     # the old build still serves


def test_a_corrupt_manifest_is_reported_and_ignored(built: Path, tmp_path: Path) -> None:
    cache = copy_cache(built, tmp_path)
    (folder(cache) / "manifest.json").write_text('{"version": 1, "modules": [')
    assert probe(PROBE, cache, compiled=True)["file"].endswith("rng.py")
    env = dict(os.environ, CARDSMITH_CACHE=str(cache))
    result = subprocess.run([sys.executable, "-m", "cardsmith.cli", "compile", "--status"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 1
    assert "not valid JSON" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("backend, missing", [("cython", ["Cython"]), ("mypyc", ["mypyc", "mypyc.build"])])
def test_without_its_compiler_a_backend_says_what_to_install(tmp_path: Path, backend: str,
                                                             missing: list[str]) -> None:
    hide = "; ".join(f"sys.modules[{name!r}] = None" for name in missing)    # as if not installed
    code = (f"import sys; {hide}\n"
            f"from cardsmith.cli import main; sys.exit(main(['compile', '--backend', {backend!r}]))")
    env = dict(os.environ, CARDSMITH_CACHE=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 1
    assert "pip install 'cardsmith[compile]'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "compiled").exists()


def test_an_unknown_module_is_bad_usage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run("compile", "core.nonesuch")
    assert code == 2 and "'core.nonesuch' is not a compilable runtime module" in err


def test_loaded_counts_counts_extension_files_under_the_runtime() -> None:
    import types
    modules = {name: types.SimpleNamespace(__file__=f) for name, f in [
        ("cardsmith.runtime.core.rng", "/c/rng.cpython-311-x86_64-linux-gnu.so"),
        ("cardsmith.runtime.core.state", "/r/state.py"),
        ("cardsmith.runtime.core", "/r/__init__.py"),
        ("cardsmith.dsl.loader", "/c/loader.so")]}
    assert loaded_counts(modules) == (1, 2)


def test_the_compiled_folder_is_under_the_card_cache_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cardsmith.compiled import compiled_dir
    from cardsmith.dsl.cachedir import root as _cache_dir
    for var, value in [("CARDSMITH_CACHE", str(tmp_path)), ("CARDSMITH_CACHE", "")]:
        monkeypatch.setenv(var, value)
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
        assert compiled_dir().parent.parent == _cache_dir()


def test_super_in_a_comprehension_is_left_pure() -> None:
    """Cython raises where CPython doesn't (cython/cython#1828): such a module isn't built."""
    source = (b"class B(A):\n"
              b"    def f(self):\n"
              b"        base = super().f()\n"
              b"        return [x for x in base]\n"
              b"    def g(self):\n"
              b"        return [x for x in super().g() if x]\n"
              b"    def h(self):\n"
              b"        return sorted(super(B, self).h() for _ in ())\n")
    assert miscompiled(source) == [6]
    assert miscompiled(b"def broken(:\n") == []


def test_the_packages_compiled_are_the_core_and_the_registered_games() -> None:
    """No list of games: the runtime packages built are the core's and those the
    ``cardsmith.games`` entry points name, read without building a game."""
    from importlib import metadata

    from cardsmith.build import runtime_sources
    from cardsmith.compiled import packages
    registered = {ep.module for ep in metadata.entry_points(group="cardsmith.games")}
    assert packages()[0] == "cardsmith.runtime.core"
    assert set(packages()[1:]) == {m for m in registered if m.startswith("cardsmith.runtime.")}
    assert len(packages()) == len(registered) + 1
    sources = runtime_sources()
    assert {name.rpartition(".")[0] for name in sources} == set(packages())
    assert "cardsmith.runtime.ivion.deck_rules" in sources and "cardsmith.runtime.core.view" in sources
