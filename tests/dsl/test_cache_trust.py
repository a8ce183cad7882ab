"""The compiled-card cache runs no one else's code: a planted pickle is never executed, and a
cache folder or file that isn't the user's own (or that others can write) is not used.
(``compiles``, the real compilations by file name, is test_cache's fixture.)"""
from __future__ import annotations

import os
import pickle
import sys
import stat
from pathlib import Path
from typing import Any

import pytest

from cardsmith.dsl import cachedir, cachefiles, loader

from .test_cache import compiles  # noqa: F401  (a fixture)

CARD = 'card "A" { skill warrior  draw 1 card }\n'


class _Planted:
    """Pickles as a call to os.system: what an attacker would write into the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDSMITH_CACHE", str(folder))
    monkeypatch.setattr(cachedir, "_SAID", set())      # notices are once per process: a fresh one
    return folder


def _entry(cache: Path, tmp_path: Path) -> tuple[Path, Path]:
    f = tmp_path / "a.toy"
    f.write_text(CARD)
    loader.load_file(f)
    [entry] = cache.glob("*.pickle")
    return f, entry


def test_a_planted_pickle_under_the_right_name_runs_nothing(cache: Path, tmp_path: Path,
                                                            compiles: list[str]) -> None:
    f, entry = _entry(cache, tmp_path)
    marker = tmp_path / "pwned"
    for planted in (pickle.dumps(_Planted(marker)), cachefiles.MAGIC + b"x" * 32 + pickle.dumps(_Planted(marker))):
        entry.write_bytes(planted)
        loader.load_file(f)
        assert not marker.exists()
    # even with a matching hash (whoever writes the file can write that too)
    payload = pickle.dumps(([], _Planted(marker)))
    import hashlib
    entry.write_bytes(cachefiles.MAGIC + hashlib.sha256(payload).digest() + payload)
    assert loader.load_file(f)[0].name == "A"
    assert not marker.exists()
    assert compiles == ["a.toy"] * 4          # each refused entry was rebuilt


def test_the_unpickler_builds_only_frozen_dataclasses_and_containers() -> None:
    from cardsmith.runtime.core.state import GameState
    for bad in (os.system, GameState("toy"), Path("/etc"), print):
        with pytest.raises(cachefiles.BadCacheFile, match="a cache file may not"):
            cachefiles.loads(cachefiles.dumps(bad))
    cards = loader.compile_source(CARD, "toy")
    value = ([("x.toy", "ab" * 32)], cards, {"k": frozenset({1, 2})}, {3}, 1.5, b"b")
    assert cachefiles.loads(cachefiles.dumps(value)) == value


def test_a_game_s_own_package_may_be_imported_for_a_class_and_no_other(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A game installed outside cardsmith: on a warm start nothing has imported its card
    header yet, so the unpickler may import it, from the packages its language memo names."""
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "__init__.py").write_text("")
    (tmp_path / "elsewhere" / "head.py").write_text(
        "from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass Head:\n    n: int = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import elsewhere.head
    data = cachefiles.dumps((elsewhere.head.Head(3),))
    for name in ("elsewhere", "elsewhere.head"):
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(cachefiles.BadCacheFile, match="it names elsewhere.head.Head"):
        cachefiles.loads(data)
    with pytest.raises(cachefiles.BadCacheFile):
        cachefiles.loads(data, ("elsewher",))          # a package's name, not a prefix of one
    [head] = cachefiles.loads(data, ("elsewhere",))
    assert type(head).__module__ == "elsewhere.head" and head.n == 3


def test_a_damaged_entry_is_rebuilt(cache: Path, tmp_path: Path, compiles: list[str]) -> None:
    f, entry = _entry(cache, tmp_path)
    data = bytearray(entry.read_bytes())
    data[-5] ^= 0xFF
    entry.write_bytes(bytes(data))
    with pytest.raises(cachefiles.BadCacheFile, match="damaged"):
        cachefiles.loads(bytes(data))
    loader.load_file(f)
    entry.write_bytes(entry.read_bytes()[:40])            # truncated
    loader.load_file(f)
    assert compiles == ["a.toy"] * 3


def test_the_folder_and_its_files_are_made_owner_only(cache: Path, tmp_path: Path) -> None:
    _, entry = _entry(cache, tmp_path)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600


def test_a_folder_others_can_write_is_not_used_and_said_once(cache: Path, tmp_path: Path, compiles: list[str],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    cache.mkdir()
    cache.chmod(0o777)
    f = tmp_path / "a.toy"
    f.write_text(CARD)
    g = tmp_path / "b.toy"
    g.write_text(CARD.replace('"A"', '"B"'))
    for path in (f, f, g):
        loader.load_file(path)
    assert compiles == ["a.toy", "a.toy", "b.toy"]       # never cached ...
    assert not list(cache.iterdir())                      # ... nothing written there
    err = capsys.readouterr().err
    assert err.count("cardsmith: not using the cache folder") == 1, err
    assert "others can write to it" in err and "CARDSMITH_CACHE" in err


def test_a_file_others_can_write_is_ignored_with_one_notice(cache: Path, tmp_path: Path, compiles: list[str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    f, entry = _entry(cache, tmp_path)
    entry.chmod(0o666)
    loader.load_file(f)
    assert compiles == ["a.toy", "a.toy"]
    entry.chmod(0o666)                                    # the rewrite made it the user's again
    loader.load_file(f)
    err = capsys.readouterr().err
    assert err.count("ignoring files in the cache folder") == 1, err
    assert "writable by others" in err


def test_a_link_in_the_cache_is_not_followed(cache: Path, tmp_path: Path, compiles: list[str]) -> None:
    f, entry = _entry(cache, tmp_path)
    elsewhere = tmp_path / "elsewhere.pickle"
    entry.rename(elsewhere)
    entry.symlink_to(elsewhere)
    loader.load_file(f)
    assert compiles == ["a.toy", "a.toy"]
    assert not entry.is_symlink()                         # replaced by the rebuilt entry


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to give a file away")
def test_a_folder_or_file_of_another_user_is_not_used(cache: Path, tmp_path: Path, compiles: list[str],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    f, entry = _entry(cache, tmp_path)
    os.chown(entry, 65534, 65534)
    loader.load_file(f)
    os.chown(cache, 65534, 65534)
    loader.load_file(f)
    assert compiles == ["a.toy"] * 3
    err = capsys.readouterr().err
    assert "it belongs to another user (uid 65534)" in err
