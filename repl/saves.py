"""The files ``save`` and ``load`` read and write: a saved game (JSON) or a scenario file,
told apart by the name's extension, and the checks a file name and its text pass first.

A saved file is read as untrusted text: its name may be anything a person types (a NUL
byte, a folder, a name too long for the file system), its text may be anything at all
(JSON nested deeper than the json module can recurse).  Each such case is a message that
names the file and the problem; nothing here raises anything but ``CommandError``.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from cardsmith.dsl.userfiles import is_file
from cardsmith.runtime.core.errors import CommandError

SAVE_FORMAT: Final = "cardsmith-save"
SAVE_VERSION: Final = 1
#: what ``save FILE`` writes, by the name's extension
SAVED_GAME: Final = "saved game"
SCENARIO: Final = "scenario"
FORMATS: Final = {".json": SAVED_GAME, ".scenario": SCENARIO}

#: a saved game's text is refused past this size (a long session's save is a few MB)
MAX_BYTES: Final = 64 * 1024 * 1024
#: and past this nesting of arrays and objects: a real save nests about a dozen deep, the
#: json module recurses once per level (a RecursionError near 1,000), and so do the checks
MAX_DEPTH: Final = 100
#: names longer than this are shown cut short in messages
SHOWN: Final = 80


def shown(path: str) -> str:
    """A file name as a message can print it: control characters escaped, a long name cut."""
    text = path if path.isprintable() else path.encode("unicode_escape").decode("ascii")
    if len(text) > SHOWN:
        text = f"{text[:SHOWN - 20]}...{text[-16:]} ({len(path)} characters)"
    return text


def format_of(path: str) -> str:
    """What ``save`` writes to ``path``: a saved game or a scenario, by its extension."""
    ext = os.path.splitext(path)[1].casefold()
    found = FORMATS.get(ext)
    if found is None:
        known = ", ".join(f"{e} ({what})" for e, what in FORMATS.items())
        said = f"'{ext}'" if ext else "no extension"
        raise CommandError(f"save {shown(path)}: {said} is not a format `save` knows; name the file with "
                           f"one of: {known}")
    return found


def _problem(path: str, doing: str, exc: BaseException) -> CommandError:
    """The message for a file that can't be opened: what was wrong, in plain words."""
    code = getattr(exc, "errno", None)
    if isinstance(exc, ValueError):         # open() refuses a NUL byte with ValueError
        why = "a file name can't hold a NUL character"
    elif code == errno.ENAMETOOLONG:
        why = "the file name is too long for the file system"
    elif code == errno.EISDIR or (code in (errno.EACCES, errno.EPERM, errno.EEXIST) and Path(path).is_dir()):
        why = "that is a folder, not a file"
    elif code in (errno.EACCES, errno.EPERM):
        why = "permission denied"
    elif code == errno.ENOENT:
        folder = os.path.dirname(path)
        why = f"no folder {shown(folder)}" if doing == "write" and folder and not Path(folder).is_dir() \
            else "no such file"
    elif code == errno.ENOTDIR:
        why = "a part of the path is a file, not a folder"
    else:
        why = getattr(exc, "strerror", None) or str(exc)
    return CommandError(f"can't {doing} {shown(path)}: {why}")


def _name_problem(path: str, doing: str) -> None:
    if not path:
        raise CommandError(f"can't {doing} a file with no name")
    if "\x00" in path:
        raise _problem(path, doing, ValueError())


def write_text(path: str, text: str) -> None:
    """Write a file whole or not at all: a failed save leaves the old file as it was."""
    _name_problem(path, "write")
    target = Path(path)
    tmp = ""
    try:
        if target.is_dir():
            raise OSError(errno.EISDIR, "")
        if target.exists() and not os.access(target, os.W_OK):
            raise OSError(errno.EACCES, "")
        fd, tmp = tempfile.mkstemp(prefix=".cardsmith-", suffix=".tmp", dir=str(target.parent))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, target.stat().st_mode & 0o7777 if target.exists() else 0o666 & ~_umask())
        os.replace(tmp, target)
        tmp = ""
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and exc.errno == errno.ENOENT and target.parent.is_dir():
            exc = OSError(errno.ENAMETOOLONG, "")        # mkstemp's own name added to a long one
        raise _problem(path, "write", exc) from None
    finally:
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_text(path: str) -> str:
    """A file's text (UTF-8, at most ``MAX_BYTES``)."""
    _name_problem(path, "read")
    try:
        # not blocking, and checked a regular file: a FIFO named x.json or x.replay would
        # otherwise wait for a writer forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                raise OSError(errno.EISDIR, "")
            if not stat.S_ISREG(mode):
                raise CommandError(f"can't read {shown(path)}: it is a device or pipe, not a file")
            raw = fh.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:
        raise _problem(path, "read", exc) from None
    if len(raw) > MAX_BYTES:
        raise CommandError(f"can't read {shown(path)}: it is over {MAX_BYTES // (1024 * 1024)} MB, "
                           "far more than any saved game")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{shown(path)} is not a text file (byte {exc.start} is not UTF-8)") from None


_TOKENS: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


def nesting_problem(text: str, limit: int = MAX_DEPTH) -> str:
    """Where ``text`` nests arrays and objects deeper than ``limit`` ('' if it doesn't),
    found without recursing: strings are skipped whole, brackets counted."""
    depth = 0
    for m in _TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, m.start()) + 1
                return f"line {line}: arrays and objects nest more than {limit} deep"
        elif token in "]}":
            depth -= 1
    return ""


def parse_json(text: str, path: str) -> Any:
    """The JSON in ``text``, refused with a located message when it is not JSON or nests
    too deep to be a saved game."""
    deep = nesting_problem(text)
    if deep:
        raise CommandError(f"{shown(path)} is not a saved game: {deep}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CommandError(f"{shown(path)} is not a saved game (bad JSON: {exc})") from None


def read_save(path: str) -> dict[str, Any]:
    """The top level of a saved game file, refused unless it is one."""
    return parse_save(read_text(path), path)


def parse_save(text: str, path: str) -> dict[str, Any]:
    """The top level of a saved game's text (``path`` names it in messages)."""
    data = parse_json(text, path)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CommandError(f"{shown(path)} is not a cardsmith saved game (no \"format\": \"{SAVE_FORMAT}\")")
    return data


def looks_saved(path: str) -> bool:
    """Whether ``path`` is meant as a saved game rather than a script of commands (for
    ``cardsmith repl FILE``): its text starts with a JSON object.  A broken save is then
    refused by ``load`` with its problem, not run line by line.  Never raises."""
    return file_head(path, 64).lstrip()[:1] == b"{"


def file_head(path: str, size: int) -> bytes:
    """The first ``size`` bytes of the regular file at ``path``; empty for anything else (a
    FIFO, which would never end, a device, a folder, nothing).  Never raises."""
    try:
        if not is_file(Path(path)):
            return b""
        with open(path, "rb") as fh:
            return fh.read(size)
    except (OSError, ValueError):
        return b""


@dataclass
class Loaded:
    """A saved game, checked and ready for a session to take over."""
    game_name: str
    view: Any
    library: Any
    game: Any
    card_paths: list[Path]
    defined: dict[str, str]
    ai: dict[int, str]
    auto: bool


def saved_game(data: dict[str, Any], path: str) -> Loaded:
    """Check a saved game's every field and build its game (``CommandError`` naming the
    first field that is wrong, prefixed with the file's name)."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl import userfiles
    from cardsmith.runtime.core import game_names, get_game
    from cardsmith.runtime.core.ai_kinds import check_ai
    from cardsmith.runtime.core.errors import CardsmithError
    from cardsmith.runtime.core.shapes import SaveProblem, brief, key
    from cardsmith.runtime.core.validate import checked_game

    from .session import load_cards

    name = shown(path)

    def refuse(where: str, problem: str) -> CommandError:
        return CommandError(f"{name}: {where}: {problem}")

    known = {"format", "version", "game", "state", "defined", "card_files", "ai", "auto"}
    for field in data:
        if field not in known:
            raise refuse(field, "is not part of a saved game")
    for field in known:
        if field not in data:
            raise refuse(field, "is missing")
    if data["version"] != SAVE_VERSION:
        raise refuse("version", f"{brief(data['version'])}: this cardsmith reads version {SAVE_VERSION}")
    game_name = data["game"]
    if type(game_name) is not str or game_name not in game_names():
        raise refuse("game", f"{brief(game_name)} is not a game here ({', '.join(game_names())})")
    defined, files, ai, auto = data["defined"], data["card_files"], data["ai"], data["auto"]
    if type(defined) is not dict or any(type(v) is not str for v in defined.values()):
        raise refuse("defined", "is not an object of card names and their source text")
    if type(files) is not list or any(type(f) is not str or not f or "\x00" in f for f in files):
        raise refuse("card_files", "is not a list of file names")
    if type(auto) is not bool:
        raise refuse("auto", f"{brief(auto)} is not true or false")
    if type(ai) is not dict:
        raise refuse("ai", f"{brief(ai)} is not an object of seats and AI names")
    seats: dict[int, str] = {}
    for seat, kind in ai.items():
        if not seat.isdecimal() or len(seat) > 3:
            raise refuse(key("ai", seat), "is not a seat number")
        problem = check_ai(kind) if type(kind) is str and len(kind) <= 40 else "not an AI name"
        if problem:
            raise refuse(key("ai", seat), f"{brief(kind)} is not an AI: {problem}")
        seats[int(seat)] = kind
    paths = [Path(p) for p in files]
    for k, p in enumerate(paths):
        try:
            # a folder too: a game on bundled decks keeps the bundled cards' folder
            ok = userfiles.kind(p) in ("file", "folder")
        except CardError:
            ok = False
        if not ok:
            raise refuse(f"card_files[{k}]", f"{shown(str(p))} is not a card file or folder that can be read")
    try:
        library = load_cards(game_name, paths, dict(defined))
    except CardError as exc:
        raise refuse("defined" if exc.file.startswith("<define") else "card_files", exc.format()) from None
    except CardsmithError as exc:
        raise refuse("card_files", str(exc)) from None
    try:
        game = checked_game(get_game(game_name), library, data["state"])
    except SaveProblem as exc:
        raise CommandError(f"{name}: {exc}") from None
    for seat in seats:
        if seat >= len(game.state.players):
            raise refuse(key("ai", str(seat)), f"this game has {len(game.state.players)} players")
    return Loaded(game_name, get_game(game_name).game_view(), library, game, paths, dict(defined), seats, auto)


def is_scenario(path: str) -> bool:
    """Whether ``load`` opens ``path`` as a scenario file: named so, or (named otherwise
    than a saved game) text that doesn't start with a JSON object."""
    ext = os.path.splitext(path)[1].casefold()
    if FORMATS.get(ext) is not None:
        return FORMATS[ext] == SCENARIO
    try:
        return Path(path).is_file() and not looks_saved(path)
    except (OSError, ValueError):
        return False                # `load` then says what is wrong with the name
