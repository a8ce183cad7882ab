"""The compiled runtime's finder loads only compiled files it can trust: in the user's own
folder, named by a manifest entry inside that folder, not a link, and hashing to the value
the manifest recorded.  Checked without a compiler: the finder decides before it loads, so
a file that merely stands where a compiled module would is enough."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import cardsmith.runtime.core as core
from cardsmith import compiled
from cardsmith.dsl import cachedir

MODULE = "cardsmith.runtime.core.rng"
RNG = Path(core.__file__).parent / "rng.py"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cachedir, "_SAID", set())
    where = compiled.compiled_dir()
    assert compiled.trusted_folder(where, create=True)
    (where / "rng.so").write_bytes(b"stands in for a compiled rng")
    compiled.write_manifest(where, {MODULE: {"sha256": compiled.source_sha(RNG), "file": "rng.so"}})
    return where


def decided(where: Path) -> bool:
    """Whether a fresh finder would hand the import system the compiled file."""
    return compiled.CompiledFinder(where).find_spec(MODULE, list(core.__path__)) is not None


def test_a_good_entry_is_found(folder: Path) -> None:
    assert decided(folder)
    entry = compiled.read_manifest(folder)[MODULE]
    assert entry["so_sha256"] == compiled.source_sha(folder / "rng.so")
    for level in (folder, folder.parent, folder.parent.parent):
        assert oct(level.stat().st_mode & 0o777) == "0o700"


def test_a_compiled_file_swapped_under_its_entry_is_not_loaded(folder: Path) -> None:
    (folder / "rng.so").write_bytes(b"someone else's code")
    assert not decided(folder)


def test_a_link_to_a_file_elsewhere_is_not_loaded(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.so"
    (folder / "rng.so").rename(outside)
    (folder / "rng.so").symlink_to(outside)          # same bytes, same hash: still refused
    assert not decided(folder)


@pytest.mark.parametrize("name", ["../rng.so", "/tmp/rng.so", "sub/rng.so", "..", ""])
def test_an_entry_naming_a_file_outside_the_folder_voids_the_manifest(folder: Path, name: str) -> None:
    manifest = folder / compiled.MANIFEST
    data = json.loads(manifest.read_text())
    data["modules"][MODULE]["file"] = name
    manifest.write_text(json.dumps(data))
    with pytest.raises(compiled.ManifestError, match="outside its folder"):
        compiled.read_manifest(folder)
    assert not decided(folder)


def test_a_manifest_others_can_write_is_not_used(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / compiled.MANIFEST).chmod(0o666)
    with pytest.raises(compiled.ManifestError):
        compiled.read_manifest(folder)
    assert not decided(folder)
    assert "writable by others" in capsys.readouterr().err


@pytest.mark.parametrize("level", [0, 1, 2])
def test_a_folder_others_can_write_anywhere_on_the_way_is_not_used(folder: Path, level: int,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    [folder, folder.parent, folder.parent.parent][level].chmod(0o777)
    assert not decided(folder)
    assert "others can write to it" in capsys.readouterr().err


def test_a_compiled_file_others_can_write_is_not_loaded(folder: Path) -> None:
    (folder / "rng.so").chmod(0o666)
    assert not decided(folder)


def test_a_version_1_manifest_without_file_hashes_reads_as_nothing_compiled(folder: Path) -> None:
    manifest = folder / compiled.MANIFEST
    data = json.loads(manifest.read_text())
    data["version"] = 1
    for entry in data["modules"].values():
        del entry["so_sha256"]
    manifest.write_text(json.dumps(data))
    os.chmod(manifest, 0o600)
    assert not decided(folder)


def test_the_build_seals_what_the_umask_left_writable(folder: Path) -> None:
    (folder / "rng.so").chmod(0o666)
    compiled.write_manifest(folder, {MODULE: {"sha256": compiled.source_sha(RNG), "file": "rng.so"}})
    assert (folder / "rng.so").stat().st_mode & 0o022 == 0
    assert decided(folder)
