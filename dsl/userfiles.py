"""Paths a person names (a card, deck or scenario file, a folder of them, a deck by path):
looking at one and reading one, with one clear message for every way that can fail.

``pathlib``'s ``exists``/``is_dir``/``is_file`` raise for a name the system refuses (over
255 bytes, a path over 4,096) or a folder on the way that can't be searched, and reading a
FIFO or ``/dev/zero`` named ``x.ivion`` would never end; so every path from a user goes
through ``kind`` and ``read_bytes`` here.

Files are read whole and parsed at about 10 s a megabyte (``benchmarks/parse_throughput.py``),
so a card, deck or scenario file over ``MAX_FILE_BYTES`` is refused before it is read, with
the limit and how to split the file (see "Limits" in ``docs/language.md``).

textX-free: the warm path (a cached library) reads files too.
"""
from __future__ import annotations

import errno
import glob
import os
import stat
from pathlib import Path
from typing import Callable, Final, Iterable, Literal

from cardsmith.runtime.core.effects import Loc

from .errors import CardError

#: the largest card, deck or scenario file read (1 MiB: about 10 s of parsing)
MAX_FILE_BYTES: Final = 1 << 20
#: how to stay under it, said with the refusal
SPLIT_HINT: Final = ("split it into several files: a card file can import others "
                     "(import \"more.GAME\", in the game's own extension), and so can decks and scenarios")

Kind = Literal["file", "folder", "other"]
_MISSING: Final = (errno.ENOENT, errno.ENOTDIR)


def reason(exc: OSError) -> str:
    """What went wrong, in words (``file name too long``), without the path again."""
    if exc.errno == errno.ENAMETOOLONG:
        return "file name too long (the system allows 255 bytes a name, 4096 a path)"
    return (exc.strerror or str(exc)).lower()


def kind(path: Path) -> Kind | None:
    """'file', 'folder' or 'other' (a device, a FIFO ...), or None when nothing is there.

    A path that can't even be looked at (a name too long, a folder on the way that can't be
    searched, a loop of links) is a ``CardError`` naming it."""
    try:
        st = path.stat()
    except OSError as exc:
        if exc.errno in _MISSING:
            return None
        raise CardError(f"can't open: {reason(exc)}", str(path)) from None
    except ValueError:          # a NUL byte: no system call takes the name
        raise CardError("can't open: a file name can't hold a NUL byte", repr(str(path))) from None
    if stat.S_ISDIR(st.st_mode):
        return "folder"
    return "file" if stat.S_ISREG(st.st_mode) else "other"


def expand(paths: Iterable[str | Path], wanted: Callable[[Path], bool]) -> tuple[list[Path], list[str]]:
    """The files that the given files and folders name: a folder's files that ``wanted``
    accepts (recursively, sorted), a file as given; and a problem for each path that is
    missing or can't be looked at (``check``, ``run``: every problem is listed, then the
    others are read)."""
    files, problems = _expand(paths, wanted)
    return files, [p.format() for p in problems]


def expand_or_raise(paths: Iterable[str | Path], wanted: Callable[[Path], bool]) -> list[Path]:
    """``expand`` for a caller that reads all or nothing (a library, a deck list): the
    first problem is raised, as the ``CardError`` ``expand`` would have listed."""
    files, problems = _expand(paths, wanted)
    if problems:
        raise problems[0]
    return files


def _expand(paths: Iterable[str | Path], wanted: Callable[[Path], bool]) -> tuple[list[Path], list[CardError]]:
    files: list[Path] = []
    problems: list[CardError] = []
    for p in map(Path, paths):
        try:
            found = kind(p)
            if found == "folder":
                files.extend(folder_files(p, wanted))
            elif found is None:
                problems.append(CardError("no such file or folder", str(p)))
            else:
                files.append(p)
        except CardError as exc:
            problems.append(exc)
    return files, problems


def folder_files(folder: Path, wanted: Callable[[Path], bool]) -> list[Path]:
    """The regular files under ``folder`` that ``wanted`` accepts, sorted; links to folders
    are not followed (no loops). A folder inside that can't be read is a ``CardError``
    naming it: ``Path.rglob`` would raise a bare PermissionError at the first one."""
    def refuse(exc: OSError) -> None:
        raise CardError(f"can't read this folder: {reason(exc)}", str(exc.filename or folder))
    found: list[Path] = []
    for top, _dirs, names in os.walk(folder, onerror=refuse):
        for name in names:
            path = Path(top, name)
            if wanted(path) and is_file(path):
                found.append(path)
    return sorted(found)


def is_file(path: Path) -> bool:
    """Whether a regular file is there; False for an unusable path too (for lookups that
    go on to other candidates, like a deck named by path or by a bundled deck's name)."""
    try:
        return kind(path) == "file"
    except CardError:
        return False


def missing(pattern: str) -> str:
    """Why an import's path (or glob pattern) matched no file: ``no such file``, or what
    the system said of a plain path (``glob`` takes every error for "no match")."""
    if glob.escape(pattern) == pattern:
        try:
            kind(Path(pattern))
        except CardError as exc:
            return exc.message.removeprefix("can't open: ")
    return "no such file"


def read_bytes(path: Path, *, at: Loc | None = None, source: str | None = None,
               limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes; a located ``CardError`` if it can't be read, isn't a regular file, or
    is over ``limit``.  ``at`` (and the importing file's ``source``): where an import named it."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise _problem(path, reason(exc), at, source) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise _problem(path, _not_a_file(st.st_mode), at, source)
    with os.fdopen(fd, "rb") as fh:            # at most one byte over: a file still growing
        data = fh.read(limit + 1) if st.st_size <= limit else b""
    if st.st_size > limit or len(data) > limit:
        size = max(st.st_size, len(data))
        raise _problem(path, f"the file is {_mb(size)}; a card, deck or scenario file may be at "
                             f"most {_mb(limit)}", at, source, SPLIT_HINT)
    return data


def find_file(path: Path) -> Path | None:
    """``path`` if it is a regular file, None if no file is there (nothing, or a folder:
    a deck named ``steward`` is still the bundled one); a ``CardError`` for a FIFO or a
    device, or a name the system refuses, which a lookup going on to other candidates
    would otherwise report as "not found" (or, reading it, wait on forever)."""
    found = kind(path)
    if found == "other":
        raise _problem(path, _not_a_file(os.stat(path).st_mode), None, None)
    return path if found == "file" else None


def _not_a_file(mode: int) -> str:
    return f"it is {'a folder' if stat.S_ISDIR(mode) else 'a device or pipe'}, not a file"


def _mb(n: int) -> str:
    return f"{n / (1 << 20):.1f} MB" if n >= 1 << 20 else f"{n / 1024:.0f} KB"


def _problem(path: Path, why: str, at: Loc | None, source: str | None, hint: str = "") -> CardError:
    if at is not None:
        return CardError(f"can't import '{path.name}': {why}", at.file, at.line, at.col, source,
                         hint=hint or f"imports are relative to the importing file: {path}")
    return CardError(f"can't read file: {why}", str(path), hint=hint)
