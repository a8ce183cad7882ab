"""Loading the runtime compiled by ``cardsmith compile``, only where it can't be stale.

``cardsmith compile`` turns the runtime's modules into C extensions, with mypyc
(``cardsmith/build_mypyc.py``, the default) or Cython (``cardsmith/build.py``), in a folder
of the compiled-card cache keyed by the Python ABI, and writes a manifest mapping each
module name to the sha256 of the exact source bytes it was built from.  With ``CARDSMITH_COMPILED=1``, ``cardsmith/__init__.py`` installs
``CompiledFinder`` at the front of ``sys.meta_path``; it hands the import system the
compiled file only for a module whose source file, as the normal import would find it,
hashes to the manifest's value.  A module edited since the build (or never built) is
imported from its ``.py`` as usual, so a compiled build can make the engine faster but can
never run code other than what the sources say.  A mypyc build is a *group* (its entries
say ``"group": GROUP``): its members call each other's compiled code directly, so the group
is loaded only while every member's source is unchanged, and otherwise not at all.

Why opt-in: the project's users are meant to read and change the runtime, and a plain
Python engine is what every test, traceback and debugger expects.  Without the variable
this module isn't even imported.  With it, the cost is one manifest read, one hash per
runtime module and one per compiled file per process (a few milliseconds for the whole runtime).

A compiled file is code, so where it comes from is checked before it is loaded
(``cardsmith.dsl.cachedir``): the cache folder and the ``compiled/<abi>`` folders in it must
be the user's own and writable by no one else, and so must the manifest and every compiled
file, none of them a link; a manifest entry names a file in that folder (no ``..``, no
folder, no absolute path), with the sha256 of the compiled file, checked before it is
loaded, so a file swapped under an entry (or damaged) is not loaded.  Anything that fails
a check means "not compiled": the module is imported from its source.

Only the standard library is used here (and ``cachedir``, which uses nothing else): this
runs before anything else of cardsmith.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from cardsmith.dsl import cachedir

#: the environment variable that turns loading compiled modules on
ENV = "CARDSMITH_COMPILED"
#: the engine's package, whose subpackages are compiled: the core and the games'
RUNTIME = "cardsmith.runtime"
CORE = RUNTIME + ".core"
#: the entry point group games register under (``runtime.core.registry``)
GAMES_GROUP = "cardsmith.games"
_PACKAGES: list[tuple[str, ...]] = []
MANIFEST = "manifest.json"
#: the module name of a mypyc build's shared library (``build_mypyc.py``); the manifest
#: entries of its members say ``"group": GROUP``, and the group is loaded all or nothing
GROUP = "cardsmith_runtime__mypyc"
#: bumped when the manifest's layout changes; another version reads as "nothing compiled"
#: (2: each entry has the compiled file's own hash, ``so_sha256``)
MANIFEST_VERSION = 2


class ManifestError(Exception):
    """The manifest exists but can't be used (unreadable, not JSON, the wrong shape)."""


def packages() -> tuple[str, ...]:
    """The packages whose modules are compiled: the core, and the package of every game
    registered in the runtime (its ``cardsmith.games`` entry point, read without loading the
    game).  ``dsl`` and ``repl`` are not the engine's hot path, and a game outside the
    runtime is not in the build's copy of it."""
    if not _PACKAGES:
        from importlib import metadata      # when a runtime module is first imported: slow to import
        games = {ep.module for ep in metadata.entry_points(group=GAMES_GROUP)}
        _PACKAGES.append((CORE, *sorted(g for g in games if g.startswith(RUNTIME + "."))))
    return _PACKAGES[0]


def cache_root() -> Path:
    """The cache root shared with the compiled-card cache (``dsl/loader.py``):
    ``$CARDSMITH_CACHE``, else ``$XDG_CACHE_HOME/cardsmith``, else ``~/.cache/cardsmith``."""
    return cachedir.root()


def abi_tag() -> str:
    """This interpreter's extension-module tag, e.g. ``cpython-311-x86_64-linux-gnu``: a
    build for another Python version or platform lives in another folder and is never loaded."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]      # '.cpython-311-x86_64-linux-gnu.so'
    tag = suffix.strip(".").rsplit(".", 1)[0]
    return tag or sys.implementation.cache_tag or "unknown"


def compiled_dir(root: Path | None = None) -> Path:
    """Where compiled modules and their manifest live for this interpreter."""
    return (root if root is not None else cache_root()) / "compiled" / abi_tag()


def runtime_file(runtime: Path, name: str) -> Path:
    """Where runtime module ``name`` (``cardsmith.runtime.core.engine``) lies under the
    runtime's folder (``core/engine.py``)."""
    return runtime.joinpath(*name.split(".")[2:]).with_suffix(".py")


def source_sha(path: Path | str) -> str:
    """The sha256 of a source file's bytes (what the manifest records)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def trusted_folder(folder: Path, create: bool = False) -> bool:
    """Whether the compiled folder (and the cache folder above it) is the user's own and
    writable by no one else; made owner-only if ``create``.  A folder outside the cache
    folder (a test's) is checked on its own."""
    try:
        return cachedir.folder(folder, create=create) is not None
    except ValueError:
        if create:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            why = cachedir.distrust(os.stat(folder))
        except OSError:
            return False
        if why is not None:
            cachedir.notice(f"not using the compiled runtime in {folder}: {why}")
        return why is None


def plain_name(file: str) -> bool:
    """Whether a manifest's file name names a file in the manifest's own folder."""
    return file not in ("", ".", "..") and Path(file).name == file and not any(c in file for c in "\\\0")


def read_manifest(folder: Path) -> dict[str, dict[str, str]]:
    """The manifest's modules: name -> {"sha256": ..., "file": ..., "so_sha256": ...} ({}
    if there is no manifest yet).  Raises ``ManifestError`` for a manifest that can't be
    trusted: not the user's, writable by others, not JSON, or an entry naming a file
    outside its folder."""
    path = folder / MANIFEST
    if not trusted_folder(folder):
        if not folder.exists():
            return {}
        raise ManifestError(f"{folder}: not the user's own, or writable by others")
    try:
        raw = cachedir.read(path)
        if raw is None:
            if path.exists() or path.is_symlink():
                raise ManifestError(f"{path}: not the user's own file, or writable by others")
            return {}
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ManifestError(f"{path}: can't be read ({e})") from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ManifestError(f"{path}: not valid JSON ({e})") from None
    if not isinstance(data, dict) or data.get("version") != MANIFEST_VERSION:
        raise ManifestError(f"{path}: not a version {MANIFEST_VERSION} manifest")
    modules = data.get("modules")
    if not isinstance(modules, dict) or not all(
            isinstance(name, str) and isinstance(entry, dict)
            and all(isinstance(entry.get(k), str) for k in ("sha256", "file", "so_sha256"))
            for name, entry in modules.items()):
        raise ManifestError(f"{path}: its module list has the wrong shape")
    outside = sorted(e["file"] for e in modules.values() if not plain_name(e["file"]))
    if outside:
        raise ManifestError(f"{path}: it names files outside its folder ({outside[0]!r})")
    return modules


def write_manifest(folder: Path, modules: dict[str, dict[str, str]]) -> None:
    """Write the manifest atomically (a temporary file renamed over it), so a reader sees
    the old manifest or the new one, never half of one.  Each entry gets the sha256 of its
    compiled file (checked before it is loaded), and the file loses any group or others'
    write permission."""
    if not trusted_folder(folder, create=True):
        raise OSError(f"{folder} is not the user's own folder, or others can write to it")
    entries = {}
    for name, entry in sorted(modules.items()):
        so = folder / entry["file"]
        if not plain_name(entry["file"]):
            raise ValueError(f"a compiled file must be in {folder}: {entry['file']!r}")
        cachedir.seal(so)
        entries[name] = dict(entry, so_sha256=source_sha(so))
    data = {"version": MANIFEST_VERSION, "python": sys.version.split()[0], "abi": abi_tag(),
            "modules": entries}
    cachedir.write(folder / MANIFEST, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled build of a runtime module whose source hasn't changed since.

    For a module of ``packages()`` named in the manifest, asks the ordinary path finder where
    its source is (the parent package is already imported, so its ``__path__`` is known),
    hashes that file once per process, and returns an extension-module spec for the
    compiled file only if the hashes agree and the file exists.  Anything else returns
    None, and the import goes on as if this finder weren't there.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._modules: dict[str, dict[str, str]] | None = None
        #: module name -> whether its compiled build was used (each decided once)
        self.decisions: dict[str, bool] = {}
        #: group name -> whether all its members' sources are what it was built from
        self._groups: dict[str, bool] = {}
        #: compiled file name -> whether it is the user's and hashes to its entry's value
        self._files: dict[str, bool] = {}

    def modules(self) -> dict[str, dict[str, str]]:
        """The manifest, read on first use; an unusable one means nothing is compiled
        (``cardsmith compile --status`` says why)."""
        if self._modules is None:
            try:
                self._modules = read_manifest(self.folder)
            except ManifestError:
                self._modules = {}
        return self._modules

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname == GROUP:               # a mypyc member's extension asks for its group
            entry = self.modules().get(GROUP)
            return self._extension(fullname, entry) if entry and self.group_fresh(GROUP) else None
        package = fullname.rpartition(".")[0]
        if not package.startswith(RUNTIME + ".") or package not in packages():
            return None
        entry = self.modules().get(fullname)
        if entry is None or path is None:
            return None
        group = entry.get("group")
        if group is not None:
            fresh = self.decisions[fullname] = self.group_fresh(group)
            return self._extension(fullname, entry) if fresh else None
        source = importlib.machinery.PathFinder.find_spec(fullname, path)
        if source is None or not isinstance(source.loader, importlib.machinery.SourceFileLoader):
            return None
        try:
            fresh = source_sha(source.origin or "") == entry["sha256"] and self.file_ok(entry)
        except OSError:
            fresh = False
        self.decisions[fullname] = fresh
        return self._extension(fullname, entry) if fresh else None

    def file_ok(self, entry: dict[str, str]) -> bool:
        """Whether an entry's compiled file is a plain file of the user's, writable by no
        one else, that hashes to the value the manifest recorded (decided once a file)."""
        name = entry["file"]
        if name not in self._files:
            so = self.folder / name
            try:
                self._files[name] = (plain_name(name) and cachedir.trusted_file(so)
                                     and source_sha(so) == entry["so_sha256"])
            except OSError:
                self._files[name] = False
        return self._files[name]

    def _extension(self, fullname: str, entry: dict[str, str]) -> importlib.machinery.ModuleSpec | None:
        so = self.folder / entry["file"]
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(so))
        return importlib.util.spec_from_file_location(fullname, so, loader=loader)

    def group_fresh(self, group: str) -> bool:
        """Whether every member of a mypyc group has the source it was built from and all
        its files are there (decided once per process).  Members call each other's compiled
        code directly, so one changed member means none of them is loaded compiled."""
        if group not in self._groups:
            self._groups[group] = self._check_group(group)
        return self._groups[group]

    def _check_group(self, group: str) -> bool:
        runtime = sys.modules.get("cardsmith.runtime")
        roots = list(getattr(runtime, "__path__", []))
        if not roots:
            return False
        members = {n: e for n, e in self.modules().items() if e.get("group") == group}
        if group not in members:
            return False
        for name, entry in members.items():
            try:
                if not self.file_ok(entry):
                    return False
                if name != group and source_sha(runtime_file(Path(roots[0]), name)) != entry["sha256"]:
                    return False
            except OSError:
                return False
        return True


def install(folder: Path | None = None) -> CompiledFinder:
    """Put a ``CompiledFinder`` first in ``sys.meta_path`` (once per process)."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    finder = CompiledFinder(folder if folder is not None else compiled_dir())
    sys.meta_path.insert(0, finder)
    return finder


def wanted() -> bool:
    """Whether ``CARDSMITH_COMPILED`` asks for the compiled runtime (1, yes, true, on)."""
    return os.environ.get(ENV, "").strip().lower() in ("1", "yes", "true", "on")


def loaded_counts(modules: dict[str, Any] | None = None) -> tuple[int, int]:
    """(runtime modules loaded from a compiled file, runtime modules loaded in all), for
    benchmarks to print beside their figures so a rate is never mislabelled."""
    modules = sys.modules if modules is None else modules
    files = [getattr(m, "__file__", None) or "" for name, m in list(modules.items())
             if name.startswith("cardsmith.runtime.") and m is not None]
    files = [f for f in files if not f.endswith("__init__.py")]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sum(f.endswith(suffixes) for f in files), len(files)


def loaded_line() -> str:
    """A benchmark's one-line account of what it ran on."""
    compiled, total = loaded_counts()
    how = "all of them" if compiled == total else "the rest pure Python" if compiled else "pure Python"
    return f"runtime modules loaded compiled (cardsmith compile): {compiled} of {total} ({how})"
