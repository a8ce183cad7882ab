"""``cardsmith compile`` (``--backend mypyc``, the default): the runtime's modules built
together by mypyc.

Cython (``build.py``) compiles each module on its own and treats every object as a plain
Python object, which plays the same games about 1.2x faster.  mypyc reads the type hints the
runtime already carries: classes become C structs with their attributes at fixed places,
and calls between compiled modules are direct C calls.  The same games run well over twice
as fast (figures: docs/architecture.md, "Performance").

The price of direct calls is that the modules are built as one *group*: one shared library
holding all their code, and one small extension per module that hands the import system
its part.  A compiled module calls the compiled code of another member, never its ``.py``;
so the group is loaded all or nothing (``compiled.CompiledFinder``): if any member's
source has changed since the build, every member is imported from its ``.py``.  Modules
left out of the group (asked for by name) stay pure and are called through Python as usual.

The build runs mypyc in a subprocess, in a temporary copy of the runtime (so the group's
modules keep their full names, ``cardsmith.runtime.core.engine``, whatever the checkout's
folder layout is), from source bytes whose hashes are what the manifest records.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable, TextIO

from cardsmith.build import (LOG_LINES, BuildUnavailable, _finish, _indent, _old_manifest, check_compiler,
                             output_name, prepare)
from cardsmith.compiled import GROUP, runtime_file

INSTALL_HINT = "pip install 'cardsmith[compile]'"
#: mypy's options for the build: imports outside the runtime (none today) are not followed,
#: and notes about unannotated functions are not errors
MYPY_OPTIONS = ["--ignore-missing-imports", "--disable-error-code", "annotation-unchecked"]
SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
files, jobs = sys.argv[1].split(","), sys.argv[2]
setup(name="cardsmith-compiled", script_args=["build_ext", "--build-lib", "lib", "--build-temp", "temp",
                                              "--parallel", jobs],
      ext_modules=mypycify(%r + files, opt_level="3", group_name=%r, multi_file=True))
"""


def check_toolchain() -> None:
    """Raise ``BuildUnavailable`` saying what to install when a mypyc build can't work."""
    try:
        from mypyc import build as mypyc_build
    except ImportError:
        raise BuildUnavailable(f"mypy (which brings mypyc) is not installed; install it with: {INSTALL_HINT}") from None
    del mypyc_build             # only there to be found: the build runs it in a process of its own
    check_compiler()


def group_sha(hashes: dict[str, str]) -> str:
    """One hash for the whole group: its members' names and source hashes."""
    return hashlib.sha256("".join(f"{n} {h}\n" for n, h in sorted(hashes.items())).encode()).hexdigest()


def _stage(chosen: dict[str, bytes], work: Path) -> list[str]:
    """Copy the runtime into ``work/cardsmith/runtime`` (all of it, since mypy reads the
    modules the group imports; the group's own from the very bytes that were hashed), and
    return the group's files relative to ``work``."""
    spec = importlib.util.find_spec("cardsmith.runtime")
    root = Path(next(iter(spec.submodule_search_locations or []))) if spec else Path()
    runtime = work / "cardsmith" / "runtime"
    runtime.mkdir(parents=True)
    (work / "cardsmith" / "__init__.py").write_text("")
    for path in root.rglob("*.py"):
        dest = runtime / path.relative_to(root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    files = []
    for name, data in chosen.items():
        target = runtime_file(runtime, name)
        target.write_bytes(data)
        files.append(str(target.relative_to(work)))
    return files


def compile_group(names: Iterable[str] = (), *, jobs: int = 1, force: bool = False,
                  out: TextIO, err: TextIO) -> int:
    """Build the runtime modules (all, or ``names``) as one mypyc group; the exit code."""
    ready = prepare(names, check_toolchain, err)
    if isinstance(ready, int):
        return ready
    sources, todo, folder = ready
    chosen = {name: path.read_bytes() for name, path in todo.items()}
    hashes = {name: hashlib.sha256(data).hexdigest() for name, data in chosen.items()}
    digest = group_sha(hashes)
    old = _old_manifest(folder, err)
    entry = old.get(GROUP)
    if (not force and entry and entry["sha256"] == digest and (folder / entry["file"]).is_file()
            and all(old.get(n, {}).get("sha256") == h and (folder / old[n]["file"]).is_file()
                    for n, h in hashes.items())):
        print(f"0 built, {len(hashes)} already current (one mypyc group); {len(hashes)} of "
              f"{len(sources)} runtime modules compiled.  Use them with CARDSMITH_COMPILED=1.", file=out)
        return 0
    print(f"compiling {len(hashes)} runtime modules with mypyc, as one group, into {folder}",
          file=out, flush=True)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardsmith-mypyc-") as tmp:
        work = Path(tmp)
        files = _stage(chosen, work)
        script = SETUP % (MYPY_OPTIONS, GROUP.removesuffix("__mypyc"))     # mypyc adds it back
        try:
            result = subprocess.run([sys.executable, "-c", script, ",".join(files), str(max(1, jobs))],
                                    cwd=work, capture_output=True, text=True, errors="replace")
        except KeyboardInterrupt:
            print("cardsmith compile: interrupted; nothing was changed", file=err)
            return 130
        if result.returncode != 0:
            lines = [line for line in (result.stdout + result.stderr).splitlines()
                     if line.strip() and not line.startswith(("copying ", "creating ", "running "))]
            print(f"cardsmith compile: mypyc failed to build the group:\n{_indent(chr(10).join(lines[-LOG_LINES:]))}",
                  file=err)
            return 1
        if any(hashlib.sha256(todo[n].read_bytes()).hexdigest() != h for n, h in hashes.items()):
            print("cardsmith compile: a source changed while it was being compiled; run again", file=err)
            return 1
        manifest = {}
        lib = work / "lib"
        for name, sha in hashes.items():
            built = next(lib.joinpath(*name.split(".")[:-1]).glob(name.rsplit(".", 1)[1] + ".*.so"), None)
            if built is None:
                print(f"cardsmith compile: mypyc made no extension for {name}", file=err)
                return 1
            manifest[name] = {"sha256": sha, "file": _place(built, folder, output_name(name, sha)),
                              "group": GROUP}
        group_lib = next(lib.glob(f"{GROUP}*.so"), None)
        if group_lib is None:
            print("cardsmith compile: mypyc made no group library", file=err)
            return 1
        manifest[GROUP] = {"sha256": digest, "file": _place(group_lib, folder, output_name(GROUP, digest)),
                           "group": GROUP}
    if not _finish(folder, manifest, err):
        return 1
    print(f"{len(hashes)} built as one mypyc group in {time.perf_counter() - start:.0f} s; {len(hashes)} of "
          f"{len(sources)} runtime modules compiled.  Use them with CARDSMITH_COMPILED=1.", file=out)
    return 0


def _place(built: Path, folder: Path, name: str) -> str:
    """Move a built file into ``folder`` under ``name`` (by rename: atomic)."""
    partial = folder / f"{name}.tmp{os.getpid()}"
    shutil.copyfile(built, partial)
    os.replace(partial, folder / name)
    return name
