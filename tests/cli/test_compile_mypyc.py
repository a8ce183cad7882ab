"""``cardsmith compile --backend mypyc``: the runtime built as one mypyc group, loaded all or
nothing, and a type error reported as mypy words it.  That the runtime keeps type-checking the
way mypyc needs is tests/test_typing.py's check of the whole package, with the build's options.

Two small modules (``core.rng`` and ``core.errors``) are really built as a group, once for
the file, through the real command; the processes that load them are real subprocesses.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsmith.compiled import GROUP, read_manifest

from .compiling import copy_cache, folder, probe, run

MEMBERS = ["cardsmith.runtime.core.errors", "cardsmith.runtime.core.rng"]
PROBE = """
import json
import cardsmith.runtime.core.errors as errors
import cardsmith.runtime.core.rng as rng
items = list(range(20))
state = rng.shuffle(rng.seed_state(7), items)
class Mine(errors.CardsmithError):      # a plain Python subclass of a compiled exception
    pass
print(json.dumps({"files": [rng.__file__, errors.__file__], "values": [state, items, rng.below(state, 1000)],
                  "subclass": str(Mine("x"))}))
"""





def _toolchain() -> None:
    pytest.importorskip("mypyc", reason="mypy is not installed (pip install 'cardsmith[compile]')")
    from cardsmith.build import BuildUnavailable
    from cardsmith.build_mypyc import check_toolchain
    try:
        check_toolchain()
    except BuildUnavailable as e:
        pytest.skip(str(e))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding a real mypyc group of errors and rng (skipped without mypy or a C compiler)."""
    _toolchain()
    cache = tmp_path_factory.mktemp("mypyc-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CARDSMITH_CACHE", str(cache))
        code, out, err = run("compile", "--backend", "mypyc", "-j", "2", "core.rng", "core.errors")
    assert code == 0, err
    assert "2 built as one mypyc group" in out
    return cache



def test_the_group_is_loaded_and_plays_the_same(built: Path) -> None:
    manifest = read_manifest(folder(built))
    assert sorted(manifest) == sorted(MEMBERS + [GROUP])
    assert all(entry["group"] == GROUP for entry in manifest.values())
    compiled, pure = probe(PROBE, built, compiled=True), probe(PROBE, built, compiled=False)
    assert all(f.endswith(".so") and f.startswith(str(folder(built))) for f in compiled["files"])
    assert all(f.endswith(".py") for f in pure["files"])
    assert compiled["values"] == pure["values"]
    assert compiled["subclass"] == pure["subclass"] == "x"


def test_one_changed_member_leaves_the_whole_group_pure(built: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Members call each other's compiled code directly, so a stale member can't be
    swapped for its .py alone: the group is loaded all or nothing."""
    cache = copy_cache(built, tmp_path)
    path = folder(cache) / "manifest.json"
    data = json.loads(path.read_text())
    data["modules"]["cardsmith.runtime.core.errors"]["sha256"] = "0" * 64     # built from other source
    path.write_text(json.dumps(data))
    assert all(f.endswith(".py") for f in probe(PROBE, cache, compiled=True)["files"])
    monkeypatch.setenv("CARDSMITH_CACHE", str(cache))
    code, out, _ = run("compile", "--status")
    assert code == 0 and "one group of 2 modules: stale (1 changed), so all 2 load from their .py" in out


def test_a_missing_group_library_leaves_the_group_pure(built: Path, tmp_path: Path) -> None:
    cache = copy_cache(built, tmp_path)
    (folder(cache) / read_manifest(folder(cache))[GROUP]["file"]).unlink()
    assert all(f.endswith(".py") for f in probe(PROBE, cache, compiled=True)["files"])


def test_a_current_group_is_not_rebuilt(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Also: mypyc is the default backend."""
    cache = copy_cache(built, tmp_path)
    monkeypatch.setenv("CARDSMITH_CACHE", str(cache))
    code, out, err = run("compile", "core.errors", "core.rng")
    assert code == 0, err
    assert "0 built, 2 already current" in out


def test_a_cython_build_drops_the_group(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rebuilding one member with Cython would leave the others calling its old compiled
    code, so a Cython build starts from a manifest without the group."""
    pytest.importorskip("Cython", reason="Cython is not installed")
    cache = copy_cache(built, tmp_path)
    monkeypatch.setenv("CARDSMITH_CACHE", str(cache))
    code, _, err = run("compile", "--backend", "cython", "core.rng")
    assert code == 0, err
    manifest = read_manifest(folder(cache))
    assert list(manifest) == ["cardsmith.runtime.core.rng"] and "group" not in manifest["cardsmith.runtime.core.rng"]
    assert not list(folder(cache).glob(f"{GROUP}.*"))
    files = probe(PROBE, cache, compiled=True)["files"]
    assert files[0].endswith(".so") and files[1].endswith("errors.py")


def test_a_type_error_fails_the_build_with_mypys_message(tmp_path: Path) -> None:
    """A module mypyc can't compile is reported with its file, line and mypy's words, and
    nothing is written; run against a copy of the runtime with one bad line."""
    _toolchain()
    from cardsmith.build_mypyc import MYPY_OPTIONS, _stage
    import mypy.api
    work = tmp_path / "stage"
    work.mkdir()
    bad = b"def below_bad(n: int) -> int:\n    return 'not an int'\n"
    files = _stage({"cardsmith.runtime.core.rng": bad}, work)
    out, _, status = mypy.api.run(MYPY_OPTIONS + [str(work / f) for f in files])
    assert status == 1 and "core/rng.py:2: error: Incompatible return value type" in out
