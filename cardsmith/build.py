"""``cardsmith compile --backend cython``: build the runtime's modules as C extensions with Cython
(``build_mypyc.py`` is the default backend, mypyc).

The runtime's own ``.py`` files (``runtime/core`` and each registered game's package,
``compiled.packages``; not their ``__init__``s, and not ``dsl``/``repl``, whose time isn't the engine's) are compiled
unmodified by Cython 3 and the C compiler Python was built with, which plays the very same
games about a third faster (figures: docs/architecture.md, "Performance").  What is built and how it is loaded is described in
``cardsmith/compiled.py``; this module only builds.

Each module is built on its own, in a worker process and a temporary folder, from a copy
of the source bytes whose sha256 is what the manifest records (an edit made while the
build runs therefore can't be mislabelled).  The compiled file is named after the module
and that hash, so a file never changes once written: a process that has it loaded is never
disturbed, and a module whose source is unchanged since the last build is not rebuilt.
Only the modules that built are entered in the manifest, which is written atomically; a
failure is reported with the compiler's own messages, never as a traceback.

The extension's name is the module's full name (``cardsmith.runtime.core.engine``), so its
classes keep their ``__module__`` and pickles and saves stay interchangeable with the pure
modules.  ``binding=True`` keeps compiled functions real function-like objects
(``functools.wraps`` in ``runtime/core/memo.py`` needs their attributes).
"""
from __future__ import annotations

import ast
import concurrent.futures
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, TextIO

from cardsmith.compiled import (GROUP, ManifestError, compiled_dir, packages, read_manifest,
                                trusted_folder, wanted, write_manifest)

#: what every module is compiled with (measured: the same games, about 1.35x the duels per second)
DIRECTIVES = {"language_level": 3, "binding": True, "infer_types": True}
INSTALL_HINT = "pip install 'cardsmith[compile]'"
#: the lines of a failed build's compiler output shown in the report
LOG_LINES = 25


class BuildUnavailable(Exception):
    """Cython or a C compiler (or Python's headers) is missing: nothing can be built."""


@dataclass(frozen=True)
class Built:
    """One module's build: its manifest entry, or the error that stopped it."""
    name: str
    sha256: str
    file: str | None = None
    error: str | None = None
    seconds: float = 0.0


def runtime_sources() -> dict[str, Path]:
    """Every compilable runtime module's name and its source file, in a stable order."""
    found: dict[str, Path] = {}
    for package in packages():
        spec = importlib.util.find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            for path in sorted(Path(folder).glob("*.py")):
                if path.name != "__init__.py":
                    found.setdefault(f"{package}.{path.stem}", path)
    return found


def check_toolchain() -> None:
    """Raise ``BuildUnavailable`` saying what to install when a build can't work."""
    try:
        import Cython  # noqa: F401
        import Cython.Build  # noqa: F401
    except ImportError:
        raise BuildUnavailable(f"Cython 3 is not installed; install it with: {INSTALL_HINT}") from None
    version = str(getattr(Cython, "__version__", "0"))
    major = version.split(".")[0]
    if not major.isdigit() or int(major) < 3:
        raise BuildUnavailable(f"Cython {version} is too old (3 or later is needed): {INSTALL_HINT}")
    check_compiler()


def check_compiler() -> None:
    """Raise ``BuildUnavailable`` when there is no C compiler or no Python headers (both
    backends need them)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        raise BuildUnavailable(f"no C compiler found ({' '.join(cc) or 'CC is empty'}); "
                               "install one (e.g. gcc: apt-get install build-essential)")
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        raise BuildUnavailable(f"Python's C headers are missing ({include / 'Python.h'}); "
                               "install them (e.g. apt-get install python3-dev)")


def output_name(name: str, sha256: str) -> str:
    """The compiled file's name: module and source hash, so it is never overwritten."""
    return f"{name}.{sha256[:16]}{importlib.machinery.EXTENSION_SUFFIXES[0]}"


@contextmanager
def _output_to(log: Path) -> Iterator[None]:
    """Send this process's stdout and stderr (file descriptors: the C compiler writes
    there directly) to ``log`` for a while; shown only if the build fails."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(log, "wb") as f:
        os.dup2(f.fileno(), 1)
        os.dup2(f.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def build_module(name: str, source: str, sha256: str, folder: str) -> Built:
    """Compile one module (run in a worker process): Cython to C, C to an extension, then
    the extension moved into ``folder`` under its hashed name (by rename: atomic).

    Cython reads the real source file, from the folder above ``runtime/``, so tracebacks
    through compiled code name ``runtime/ivion/turn.py`` and its line (the very lines, since
    the file must hash to ``sha256`` both before and after Cython read it); everything it
    and the C compiler write goes to a temporary folder."""
    start = time.perf_counter()
    path = Path(source)
    with tempfile.TemporaryDirectory(prefix="cardsmith-compile-") as tmp:
        work = Path(tmp)
        log = work / "build.log"
        error = None
        try:
            if _sha(path.read_bytes()) != sha256:
                raise ChangedDuringBuild(f"{path} changed since it was hashed")
            with _output_to(log):
                from Cython.Build import cythonize
                from setuptools import Distribution, Extension
                from setuptools.command.build_ext import build_ext

                os.chdir(path.parents[2])                  # the folder holding runtime/
                extensions = cythonize([Extension(name, [str(path.relative_to(path.parents[2]))])],
                                       compiler_directives=DIRECTIVES, build_dir=str(work / "c"),
                                       quiet=True, force=True)
                command = build_ext(Distribution({"name": "cardsmith-compiled", "ext_modules": extensions}))
                command.build_lib = str(work / "lib")
                command.build_temp = str(work / "temp")
                command.ensure_finalized()
                command.run()
                built = Path(command.get_ext_fullpath(name))
            if _sha(path.read_bytes()) != sha256:
                raise ChangedDuringBuild(f"{path} changed while it was being compiled; run again")
        except KeyboardInterrupt:
            raise
        except ChangedDuringBuild as e:
            error = str(e)
        except BaseException as e:      # Cython's, setuptools' and the compiler's errors alike
            error = f"{type(e).__name__}: {e}".strip()
        if error is not None:
            lines = [line for line in log.read_text(errors="replace").splitlines()
                     if line.strip()] if log.exists() else []
            tail = "\n".join(lines[-LOG_LINES:])
            return Built(name, sha256, error=f"{error}\n{tail}" if tail else error,
                         seconds=time.perf_counter() - start)
        target = Path(folder) / output_name(name, sha256)
        partial = target.with_name(f"{target.name}.tmp{os.getpid()}")
        shutil.copyfile(built, partial)
        os.replace(partial, target)
    return Built(name, sha256, file=target.name, seconds=time.perf_counter() - start)


class ChangedDuringBuild(Exception):
    """The source was edited between being hashed and being compiled: not built."""


def miscompiled(source: bytes) -> list[int]:
    """Lines where the source uses a construct Cython 3 is known to compile wrongly, so the
    module is left pure rather than built to behave differently.

    The one known today: a zero-argument ``super()`` inside a comprehension or generator
    expression (cython/cython#1828: CPython evaluates a comprehension's first iterable in
    the method, where ``super()`` works; Cython raises "super(): no arguments" or
    "__class__ cell not found").  ``base = super().f(...)`` before the comprehension is
    the usual rewrite that lets the module compile.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []                        # Cython will report it, like the import would
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                        and inner.func.id == "super" and not inner.args and not inner.keywords):
                    lines.add(inner.lineno)
    return sorted(lines)


def _select(sources: dict[str, Path], wanted_names: Iterable[str]) -> dict[str, Path]:
    """The modules asked for by full name (``cardsmith.runtime.core.rng``) or a shorter tail
    (``core.rng``); raises ValueError naming any that isn't a runtime module."""
    chosen: dict[str, Path] = {}
    for asked in wanted_names:
        hits = [n for n in sources if n == asked or n.endswith("." + asked)]
        if len(hits) != 1:
            raise ValueError(f"'{asked}' is {'ambiguous' if hits else 'not a compilable runtime module'}"
                             " (e.g. cardsmith.runtime.core.rng or core.rng)")
        chosen[hits[0]] = sources[hits[0]]
    return chosen


def _old_manifest(folder: Path, err: TextIO) -> dict[str, dict[str, str]]:
    try:
        return read_manifest(folder)
    except ManifestError as e:
        print(f"cardsmith compile: {e}; building afresh", file=err)
        return {}


def prepare(names: Iterable[str], check: Callable[[], None],
            err: TextIO) -> tuple[dict[str, Path], dict[str, Path], Path] | int:
    """What both backends do first: the runtime's modules, the ones asked for, a toolchain
    that can build them (``check`` raises ``BuildUnavailable``), and the folder the build
    goes to.  Returns those three, or the exit code after saying what is wrong."""
    sources = runtime_sources()
    try:
        todo = _select(sources, names) if names else dict(sources)
    except ValueError as e:
        print(f"cardsmith compile: {e}", file=err)
        return 2
    try:
        check()
    except BuildUnavailable as e:
        print(f"cardsmith compile: {e}", file=err)
        return 1
    folder = compiled_dir()
    if not trusted_folder(folder, create=True):     # made owner-only; refused if not the user's own
        print(f"cardsmith compile: can't use {folder}: it (or the cache folder above it) must be "
              f"a folder of your own that no one else can write", file=err)
        return 1
    return sources, todo, folder


def compile_runtime(names: Iterable[str] = (), *, jobs: int = 1, force: bool = False,
                    out: TextIO, err: TextIO) -> int:
    """Build the runtime modules (all, or ``names``) that aren't current; the exit code."""
    ready = prepare(names, check_toolchain, err)
    if isinstance(ready, int):
        return ready
    sources, todo, folder = ready
    manifest = _old_manifest(folder, err)
    # modules since removed go, and so does a mypyc group: its members call each other's
    # compiled code, so one member rebuilt alone would leave the others calling old code
    manifest = {n: e for n, e in manifest.items() if n in sources and "group" not in e}
    jobs_list: list[tuple[str, str, str]] = []
    current = 0
    left_pure: dict[str, list[int]] = {}
    for name, path in todo.items():
        data = path.read_bytes()
        sha = _sha(data)
        entry = manifest.get(name)
        if lines := miscompiled(data):
            left_pure[name] = lines
            manifest.pop(name, None)
        elif not force and entry and entry["sha256"] == sha and (folder / entry["file"]).is_file():
            current += 1
        else:   # its old entry stays until the new build succeeds (a stale one is never loaded)
            jobs_list.append((name, str(path), sha))
    for name, lines in left_pure.items():
        print(f"cardsmith compile: {name} left pure: {_why(todo[name], lines)}", file=err)
    start = time.perf_counter()
    failed: list[Built] = []
    if jobs_list:
        print(f"compiling {len(jobs_list)} runtime module{'s' if len(jobs_list) != 1 else ''} "
              f"with Cython ({max(1, jobs)} at a time) into {folder}", file=out, flush=True)
    try:
        with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = [pool.submit(build_module, n, d, s, str(folder)) for n, d, s in jobs_list]
            for future in concurrent.futures.as_completed(futures):
                result = future.result()
                if result.error is None and result.file is not None:
                    manifest[result.name] = {"sha256": result.sha256, "file": result.file}
                    print(f"  {result.name}  {result.seconds:.1f} s", file=out, flush=True)
                else:
                    failed.append(result)
                    print(f"  {result.name}  FAILED", file=out, flush=True)
    except KeyboardInterrupt:
        print("cardsmith compile: interrupted; the modules built so far are kept", file=err)
        _finish(folder, manifest, err)
        return 130
    except concurrent.futures.BrokenExecutor as e:
        print(f"cardsmith compile: a build process died ({e})", file=err)
        _finish(folder, manifest, err)
        return 1
    if not _finish(folder, manifest, err):
        return 1
    for result in failed:
        print(f"cardsmith compile: {result.name} failed to build:\n{_indent(result.error or '')}", file=err)
    built = len(jobs_list) - len(failed)
    print(f"{built} built, {current} already current, {len(left_pure)} left pure, {len(failed)} failed "
          f"in {time.perf_counter() - start:.0f} s; {len(manifest)} of {len(sources)} runtime modules "
          f"compiled.  Use them with CARDSMITH_COMPILED=1.", file=out)
    return 1 if failed else 0


def _finish(folder: Path, manifest: dict[str, dict[str, str]], err: TextIO) -> bool:
    """Write the manifest, then remove compiled files it no longer names (a process that
    has one loaded keeps its copy: unlinking doesn't disturb a mapped file)."""
    try:
        write_manifest(folder, manifest)
    except OSError as e:
        print(f"cardsmith compile: can't write the manifest in {folder}: {e}", file=err)
        return False
    keep = {entry["file"] for entry in manifest.values()}
    for pattern in ("cardsmith.runtime.*", f"{GROUP}.*"):
        for path in folder.glob(pattern):
            if path.name not in keep:
                path.unlink(missing_ok=True)
    return True


def status(out: TextIO, err: TextIO) -> int:
    """How many runtime modules are compiled and current, stale, or not compiled."""
    folder = compiled_dir()
    sources = runtime_sources()
    try:
        manifest = read_manifest(folder)
    except ManifestError as e:
        print(f"cardsmith compile: {e}; run 'cardsmith compile' to rebuild it", file=err)
        return 1
    current, stale, missing, pure = [], [], [], []
    for name, path in sources.items():
        entry = manifest.get(name)
        lines = miscompiled(path.read_bytes())
        if lines:
            pure.append(f"{name} ({_why(path, lines)})")
        elif entry is None or not (folder / entry["file"]).is_file():
            missing.append(name)
        elif entry["sha256"] == _sha(path.read_bytes()):
            current.append(name)
        else:
            stale.append(name)
    print(f"compiled runtime: {folder}", file=out)
    print(f"  {len(current)} of {len(sources)} runtime modules compiled and current, "
          f"{len(stale)} stale (source changed since), {len(missing)} not compiled, "
          f"{len(pure)} left pure", file=out)
    for line in pure:
        print(f"  left pure: {line}", file=out)
    if stale:
        print(f"  stale (loaded from their .py): {', '.join(stale)}", file=out)
    members = [n for n, e in manifest.items() if e.get("group") == GROUP and n != GROUP]
    if members:
        broken = [n for n in members if n in stale or n in missing or n not in sources]
        how = (f"stale ({len(broken)} changed), so all {len(members)} load from their .py"
               if broken else "current: loaded together")
        print(f"  built by mypyc as one group of {len(members)} modules: {how}", file=out)
    if missing and len(missing) <= 10:
        print(f"  not compiled: {', '.join(missing)}", file=out)
    used = "used (CARDSMITH_COMPILED is set)" if wanted() else "not used: set CARDSMITH_COMPILED=1 to use them"
    print(f"  compiled modules are {used}", file=out)
    return 0


def _why(path: Path, lines: list[int]) -> str:
    where = ", ".join(f"{path.name}:{n}" for n in lines)
    return (f"zero-argument super() in a comprehension at {where}, which Cython compiles wrongly "
            "(cython/cython#1828); 'base = super()...' before the comprehension would let it compile")


def _sha(data: bytes) -> str:
    import hashlib
    return hashlib.sha256(data).hexdigest()


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
