"""The cache folder, trusted only while it is the user's own.

cardsmith loads what it finds there: compiled cards (``loader``, unpickled) and the compiled
runtime (``cardsmith/compiled.py``, C extensions).  Whoever can write the folder could make
cardsmith run their code as the user, so a hash stored beside a file proves nothing (they
could write the hash too).  What guards it is who may write:

* the folder, and each folder made under it, is created owner-only (0700);
* a folder that belongs to someone else, or that its group or others can write, is not used
  at all (nothing read, nothing written; cards are compiled afresh);
* a file is read only if it is a plain file (not a link) of the user's that only they can
  write; anything else is ignored as if it weren't there;
* each refusal is said once per process on stderr, with what to do about it.

The files' own hashes (``cachefiles``, the manifest's) then guard against corruption and
against a compiled file swapped under a manifest entry.  Standard library only: the
compiled runtime's finder uses this before anything else of cardsmith is imported.
"""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Final

_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_SAID: set[str] = set()


def root() -> Path:
    """``$CARDSMITH_CACHE``, else ``$XDG_CACHE_HOME/cardsmith``, else ``~/.cache/cardsmith``."""
    given = os.environ.get("CARDSMITH_CACHE")
    if given:
        return Path(given)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardsmith"


def distrust(st: os.stat_result) -> str | None:
    """Why a folder or file with this status can't be trusted, or None."""
    getuid = getattr(os, "getuid", None)
    if getuid is not None and st.st_uid != getuid():
        return f"it belongs to another user (uid {st.st_uid})"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "others can write to it"
    return None


def folder(path: Path | None = None, *, create: bool = True) -> Path | None:
    """The cache folder, or ``path`` under it, if every level of it can be trusted (missing
    ones made owner-only when ``create``); else None, after saying why once."""
    base = root()
    target = base if path is None else path
    try:
        parts = target.relative_to(base).parts
    except ValueError:
        raise ValueError(f"{target} is not under the cache folder {base}") from None
    level = base
    for depth in range(len(parts) + 1):
        if depth:
            level = level / parts[depth - 1]
        why = _check_level(level, below_root=depth > 0, create=create)
        if why is not None:
            if why:
                notice(f"not using the cache folder {level}: {why}; it is left alone "
                       f"(use a folder of your own: set CARDSMITH_CACHE, or chmod 700 it if it is yours)")
            return None
    return target


def _check_level(level: Path, *, below_root: bool, create: bool) -> str | None:
    """None: trusted; '': missing and not to be made; else the reason it is refused.  The
    root may be reached through a link (a cache moved to another disk); a level under it
    may not be one."""
    try:
        st = os.lstat(level) if below_root else os.stat(level)
    except FileNotFoundError:
        if not create:
            return ""
        try:
            if not below_root:
                _make_parents(level.parent)
            os.mkdir(level, 0o700)
            st = os.lstat(level)
        except FileExistsError:
            st = os.lstat(level) if below_root else os.stat(level)
        except OSError as exc:
            return f"it can't be made ({exc.strerror or exc})"
    except OSError as exc:
        return f"it can't be looked at ({exc.strerror or exc})"
    if not stat.S_ISDIR(st.st_mode):
        return "it is a link or a file, not a folder" if below_root else "it is not a folder"
    return distrust(st)


def _make_parents(path: Path) -> None:
    """Missing folders above the cache folder, owner-only too (``~/.cache`` should be)."""
    missing = []
    while not path.exists():
        missing.append(path)
        path = path.parent
    for p in reversed(missing):
        try:
            os.mkdir(p, 0o700)
        except FileExistsError:
            pass


def read(path: Path) -> bytes | None:
    """A cache file's bytes, or None: missing, or (said once) not a plain file of the user's
    that only they can write.  The checks are made on the open file, not on its name."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError as exc:
        _ignored(path, exc.strerror or str(exc))
        return None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        why = "not a plain file" if not stat.S_ISREG(st.st_mode) else distrust(st)
        if why is not None:
            _ignored(path, why)
            return None
        return fh.read()


def trusted_file(path: Path) -> bool:
    """Whether ``path`` is a plain file (not a link) of the user's that only they can write
    (for files loaded by name, like compiled modules); said once if not."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    why = "not a plain file" if not stat.S_ISREG(st.st_mode) else distrust(st)
    if why is not None:
        _ignored(path, why)
    return why is None


def write(path: Path, data: bytes) -> None:
    """Write a cache file owner-only and atomically (a temporary file renamed over it), so a
    reader sees the old file or the new one, never half of one.  Raises ``OSError``."""
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def seal(path: Path) -> None:
    """Take group and others' write permission off a file the user made (a compiler's
    output follows the umask), so the checks above accept it."""
    mode = os.lstat(path).st_mode
    if mode & (stat.S_IWGRP | stat.S_IWOTH):
        os.chmod(path, stat.S_IMODE(mode) & ~(stat.S_IWGRP | stat.S_IWOTH))


def notice(text: str, key: str | None = None) -> None:
    """Say ``text`` on stderr, once per process for each ``key`` (default: the text)."""
    key = text if key is None else key
    if key not in _SAID:
        _SAID.add(key)
        print(f"cardsmith: {text}", file=sys.stderr)


def _ignored(path: Path, why: str) -> None:
    notice(f"ignoring files in the cache folder {path.parent} that are links, not yours, or "
           f"writable by others (the first: {path.name}: {why}); remove them", key=f"files {path.parent}")
