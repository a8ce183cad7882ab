"""Loading card files: parse with textX, compile to ``CardDef``s, cache the result.

Loading never runs code from a card file: the language is data.  Compiled cards are cached
(pickled) under a key made of the compiler's own inputs (the shared grammars, the compiler
and effect classes), the game's card language (its generated grammar and the files of its
packages, ``_language_digest``) and the file's path and content; a file that imports others
also records their content, so editing an imported file invalidates the importer.  A warm start therefore doesn't even import textX (see ``tests/dsl/test_cache``).
The cache folder is used only while it is the user's own (``cachedir``), and a cache file
is read back by an unpickler that builds data, never calls code (``cachefiles``).
Parsing (metamodels, textX errors made friendly) is ``parsing``.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef, Loc
from cardsmith.runtime.core.errors import UnknownGame
from cardsmith.runtime.core.registry import built_game

from .errors import CardError, did_you_mean, line_col
from .languages import GRAMMAR_DIR, SHARED_EXTENSIONS, Language, extensions, game_of, known_games
from .languages import language as card_language
from . import cachedir, cachefiles, userfiles
from .userfiles import read_bytes
# parsing is its own module; the names are kept here for the many callers that load and parse
from .parsing import MAX_DIGITS, build_metamodel, gc_paused, metamodel, parse  # noqa: F401

CACHE_VERSION = "4"      # 4: a card file's entry holds its declarations too
_DIGEST: dict[tuple, str] = {}
_HERE = Path(__file__).parent


# ---- compiling ------------------------------------------------------------------------

def language(game: str, file: str = "<string>") -> Language:
    """A game's card language (built, with the game, on first use), or a ``CardError``."""
    try:
        return card_language(game)
    except UnknownGame:
        raise CardError(f"no card language for game '{game}'{did_you_mean(game, known_games())}",
                        file) from None


def compile_source(text: str, game: str, file: str = "<string>") -> list[CardDef]:
    """Parse and compile card source text for ``game``.  Raises ``CardError``.

    Imports are not followed (there is no folder to resolve them against): use
    ``load_file`` for files that import others.
    """
    return compile_model(text, language(game, file), file)[0]


Declared = dict[str, Any]
#: given a file's imports, loads them and returns what they declare (``_load``)
Follow = Callable[[list[tuple[str, Loc]]], Declared]


def compile_model(text: str, lang: Language, file: str, follow: Follow | None = None
                  ) -> tuple[list[CardDef], list[tuple[str, Loc]], Declared]:
    """The cards of one source text, the files it imports (with their locations), and what
    it declares (a designer's archetype) with what its imports declare.

    ``follow`` loads the imports before the cards are compiled, so a card may use what an
    imported file declares."""
    from .compiler import CardCompiler, _loc

    rules = lang.rules
    with gc_paused():     # the model stays alive (and unscanned) while it is compiled
        try:
            model = parse(metamodel(lang), text, file, lang.game, header_rule=lang.header_rule)
        except CardError as err:
            raise _header_with_colon(err, text, header_words(lang)) from None
        if not hasattr(model, lang.root):
            return [], [], {}       # an empty file, or only comments: textX gives back a bare string
        imports = [(imp.importURI, _loc(imp, file)) for imp in getattr(model, "imports", None) or ()]
        declared = follow(imports) if follow is not None else {}
        compiler = CardCompiler(rules, file, header_words(lang), declared, text)
        cards: list[CardDef] = []
        seen: dict[str, Any] = {}
        try:
            for decl, fields in lang.declarations(model):
                compiler.declare(decl, fields)
            compiler.declare_designs(list(getattr(model, "designs", None) or ()))
            for cm in getattr(model, lang.root):
                first = seen.get(cm.name.casefold())
                if first is not None:
                    raise compiler.fail(cm, f"card \"{cm.name}\" is defined twice in this file "
                                            f"(first at line {_loc(first, file).line})")
                seen[cm.name.casefold()] = cm
                cards.append(compiler.card(cm, lang.header(cm), _card_source(cm, text)))
        except CardError as err:
            err.source = text
            raise
        return cards, imports, compiler.declared


def _header_with_colon(err: CardError, text: str, headers: dict[str, str]) -> CardError:
    """A syntax error just after a header word and a ':' ('types: attack'), which reads as
    a label whose effect doesn't parse: say the header has no ':' instead (the compiler
    says so where the rest parses as an effect)."""
    lines = text.split("\n")
    if not 0 < err.line <= len(lines):
        return err
    before = lines[err.line - 1][:max(err.col - 1, 0)]
    found = re.fullmatch(r"(\s*)([a-z][a-z_]*)\s*:\s*", before)
    if found is None or found.group(2) not in headers:
        return err
    word, usage = found.group(2), headers[found.group(2)]
    return CardError(f"'{word}:' is not a header: a header has no ':'", err.file, err.line,
                     len(found.group(1)) + 1, text,
                     f"a '{word}' header looks like: {usage}" if usage else "")


_HEADER_WORDS: dict[str, dict[str, str]] = {}


def header_words(lang: Language) -> dict[str, str]:
    """The words that start a header line in the language's grammar, each with what that
    header looks like where the language gives an example ('' otherwise): read from the
    grammar, so a new header can't be missing from the compiler's hints."""
    words = _HEADER_WORDS.get(lang.game)
    if words is None:
        from .errors import first_words
        found: set[str] = set()
        if lang.header_rule:
            found = {w[1:-1] for w in first_words(metamodel(lang)[lang.header_rule]._tx_peg_rule)
                     if w.startswith("'")}
        words = _HEADER_WORDS[lang.game] = {**{w: "" for w in sorted(found)}, **lang.header_usage}
    return words


def _card_source(cm: Any, text: str) -> str:
    start, end = getattr(cm, "_tx_position", 0), getattr(cm, "_tx_position_end", 0)
    return text[start:end] if end > start else ""


# ---- the cache ------------------------------------------------------------------------

def _inputs() -> list[Path]:
    """Every file of the language whose change could change what a file compiles to (a
    game's own are its language's, ``_language_digest``)."""
    import cardsmith.runtime as runtime_pkg
    runtime = Path(runtime_pkg.__file__).parent
    files = sorted(GRAMMAR_DIR.glob("*.tx"))
    files += [_HERE / "compiler.py", _HERE / "designs.py", _HERE / "render.py",
              _HERE / "languages.py", _HERE / "decks.py",
              _HERE / "index.py", _HERE / "scoping.py", _HERE / "parsing.py",
              runtime / "core" / "effects.py", runtime / "core" / "verbs.py"]
    return files


def _files_digest(files: Iterable[Path]) -> str:
    """A digest of files' names and content; stat-checked, so an edit is seen at once."""
    stamp = tuple((str(p), s.st_mtime_ns, s.st_size) for p in files
                  for s in [_stat(p)] if s is not None)
    digest = _DIGEST.get(stamp)
    if digest is None:
        h = hashlib.sha256(CACHE_VERSION.encode())
        for p, _, _ in stamp:
            h.update(p.encode())
            h.update(Path(p).read_bytes())
        digest = _DIGEST[stamp] = h.hexdigest()
    return digest


def _compiler_digest(kind: str) -> str:
    """A digest of what compiles a file of this kind: the language's files, and for a
    game's card file the game's card language too."""
    digest = _files_digest(_inputs())
    if "." + kind in SHARED_EXTENSIONS:
        return digest
    return _sha((digest + _language_digest(kind, digest)).encode())


_LANGUAGE_DIGESTS: dict[str, str] = {}
#: a game's packages (``Language.packages``), from its language memo: a cached card of a
#: game installed outside cardsmith names its header class there (``cachefiles.loads``)
_GAME_PACKAGES: dict[str, tuple[str, ...]] = {}


def _package_files(folders: Iterable[Path]) -> list[Path]:
    return [f for folder in folders for f in sorted([*folder.glob("*.py"), *folder.glob("*.tx")])]


def _memo_path(game: str, inputs: str = "", create: bool = False) -> Path | None:
    """Where the cache keeps the memo of a game's language digest (None: no cache to trust)."""
    folder = cachedir.folder(create=create)
    if folder is None:
        return None
    inputs = inputs or _files_digest(_inputs())
    return folder / f"language-{_sha((inputs + game + sys.prefix).encode())}.json"


def _language_digest(game: str, inputs: str = "") -> str:
    """A digest of a game's card language: its generated grammar (the game's words in it)
    and the files of the game's packages (its rules, its verbs' checks, its header reader).

    Knowing the grammar means building the game; a warm start should not (nor even list
    the installed games).  So the digest is also kept in a small memo in the cache folder,
    filed under the language's own files (``inputs``) and the game's name, with the game's
    folders, their digest and its packages: a process that hasn't built the game takes the
    memo's digest (and the packages its cached cards may name) while those folders' files
    are unchanged.  Raises ``UnknownGame`` for no game."""
    digest = _LANGUAGE_DIGESTS.get(game)
    if digest is not None:
        return digest
    memo = _memo_path(game, inputs, create=True)
    if memo is not None and built_game(game) is None and _read_memo(game, memo):
        return _LANGUAGE_DIGESTS[game]
    lang = card_language(game)
    folders = lang.folders()
    files = _files_digest(_package_files(folders))
    digest = _sha((files + _sha(lang.grammar.encode())).encode())
    if memo is not None:
        record = {"folders": [str(f) for f in folders], "files": files, "digest": digest,
                  "packages": lang.packages()}
        try:
            cachedir.write(memo, json.dumps(record).encode())
        except OSError:
            pass
    _LANGUAGE_DIGESTS[game] = digest
    _GAME_PACKAGES[game] = tuple(lang.packages())
    return digest


def _read_memo(game: str, memo: Path) -> bool:
    """Take a game's language digest and packages from its memo, if the folders it names
    are as they were (False: no memo to trust, the language is built)."""
    data = cachedir.read(memo)
    record: Any             # JSON: whatever the file holds, checked by reading it
    try:
        record = json.loads(data) if data is not None else None
        folders = [Path(f) for f in record["folders"]]
        packages = tuple(str(p) for p in record["packages"])
        if record["files"] == _files_digest(_package_files(folders)) and all(map(_dotted, packages)):
            _LANGUAGE_DIGESTS[game] = str(record["digest"])
            _GAME_PACKAGES[game] = packages
            return True
    except (ValueError, TypeError, KeyError):   # damaged, or not ours: built again
        pass
    return False


def _dotted(name: str) -> bool:
    """A package's dotted name (a memo names nothing else to import from)."""
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def _stat(p: Path) -> os.stat_result | None:
    try:
        return p.stat()
    except OSError:
        return None


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def cached(game: str, path: Path, data: bytes, build: Callable[[], tuple[Any, list[Path]]],
           use_cache: bool = True, valid: Callable[[Any], bool] | None = None) -> tuple[Any, list[Path]]:
    """``build()``'s value for this file, from the cache when its inputs are unchanged.

    ``build`` returns the value and the other files it read (imports); their content is
    stored with the value and checked on every hit, and so is ``valid(value)`` when given
    (a deck: do its names still resolve?).  Returns the value and those files.
    """
    folder = cachedir.folder() if use_cache else None    # None: not ours to trust (said once)
    if folder is None:
        return build()
    # the path as given is part of the key too: locations in the value name the file that way
    key = _sha(_compiler_digest(game).encode() + str(path.resolve()).encode() + b"\0"
               + str(path).encode() + b"\0" + data)
    cache = folder / f"{key}.pickle"
    stored = cachedir.read(cache)
    if stored is not None:
        try:
            deps, value = cachefiles.loads(stored, _GAME_PACKAGES.get(game, ()))
            if all(_sha(Path(p).read_bytes()) == sha for p, sha in deps) and (valid is None or valid(value)):
                return value, [Path(p) for p, _ in deps]
        except Exception:  # a stale, damaged or foreign cache entry (BadCacheFile ...): rebuild
            pass
    value, dep_paths = build()
    try:
        deps = [(str(p), _sha(p.read_bytes())) for p in dep_paths]
        cachedir.write(cache, cachefiles.dumps((deps, value)))
    except OSError:
        pass
    return value, dep_paths


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text of a file; otherwise a ``CardError`` at the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = line_col(data, exc.start)
        raise CardError(f"file is not UTF-8 text (byte 0x{data[exc.start]:02x} can't be decoded)",
                        str(path), line, col, data.decode("utf-8", errors="replace"),
                        hint="save the file as UTF-8") from None


# ---- files and libraries --------------------------------------------------------------

def load_file(path: str | Path, *, use_cache: bool = True) -> list[CardDef]:
    """The cards of one card file and of every file it imports (recursively)."""
    return _load(Path(path), use_cache, ())[0]


def load_with_deps(path: Path, use_cache: bool = True) -> tuple[list[CardDef], list[Path]]:
    """The cards of one card file and its imports, and the other files they were read from
    (a deck that imports the file records them all, to see any of them change)."""
    return _load(path, use_cache, ())


def _load(path: Path, use_cache: bool, stack: tuple[Path, ...]) -> tuple[list[CardDef], list[Path]]:
    """The cards of ``path`` and its imports, and every file they were read from."""
    cards, deps, _ = _load_declared(path, use_cache, stack)
    return cards, deps


def card_game(path: Path) -> str | None:
    """The game of a card file, by its extension, or None.  A game whose language the
    cache knows (``_language_digest``'s memo) is taken without listing the installed games,
    which a warm start would otherwise spend most of its time on."""
    game = game_of(path)
    if not game:
        return None
    if game in _LANGUAGE_DIGESTS or built_game(game) is not None:
        return game
    memo = _memo_path(game)
    if memo is not None and _read_memo(game, memo):
        return game
    return game if game in _installed_games() else None


def _installed_games() -> list[str]:
    """``known_games``, kept in a memo in the cache folder while the folders of ``sys.path``
    (where an installed game's entry point is) are unchanged: listing the entry points
    costs a warm start most of its time, and a folder holds files of other kinds too."""
    stamp = json.dumps([(p, s.st_mtime_ns) for p in sys.path for s in [_stat(Path(p or "."))] if s is not None])
    folder = cachedir.folder(create=True)
    memo = folder / f"games-{_sha((stamp + sys.prefix).encode())}.json" if folder is not None else None
    data = cachedir.read(memo) if memo is not None else None
    try:
        names = json.loads(data) if data is not None else None
    except ValueError:
        names = None
    if not isinstance(names, list):
        names = known_games()
        if memo is not None:
            try:
                cachedir.write(memo, json.dumps(names).encode())
            except OSError:
                pass
    return [str(n) for n in names]


def _load_declared(path: Path, use_cache: bool, stack: tuple[Path, ...], at: Loc | None = None,
                   importer_source: str | None = None) -> tuple[list[CardDef], list[Path], Declared]:
    """``_load``, and what the file and its imports declare (a designer's archetype)."""
    game = card_game(path)
    if game is None:
        known = extensions()
        if at is not None:
            raise CardError(f"can't import '{path.name}': not a card file (known extensions: {known})",
                            at.file, at.line, at.col, importer_source)
        raise CardError(f"not a card file (known extensions: {known})", str(path))
    data = read_bytes(path, at=at, source=importer_source)

    def build() -> tuple[tuple[list[CardDef], Declared], list[Path]]:
        text = decode(path, data)
        more: list[CardDef] = []
        deps: list[Path] = []

        def follow(imports: list[tuple[str, Loc]]) -> Declared:
            declared: Declared = {}
            for uri, loc in imports:
                target = (path.parent / uri).resolve()
                chain = stack + (path.resolve(),)
                if target in chain:
                    names = " -> ".join(p.name for p in chain + (target,))
                    raise CardError(f"import cycle: {names}", loc.file, loc.line, loc.col, text)
                other = card_game(target)
                if other is not None and other != game:
                    raise CardError(f"can't import '{uri}': it holds {other} cards, this file is {game}",
                                    loc.file, loc.line, loc.col, text)
                cards, their_deps, theirs = _load_declared(target, False, chain, loc, text)
                more.extend(cards)
                declared.update(theirs)
                deps.extend(p for p in [target, *their_deps] if p not in deps)
            return declared

        cards, _, declared = compile_model(text, language(game, str(path)), str(path), follow)
        return (cards + more, declared), deps

    (cards, declared), deps = cached(game, path, data, build, use_cache)
    return cards, deps, declared


def card_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every card file under the given folders (sorted for determinism), and the files
    given; a ``CardError`` for the first path that is missing or can't be read."""
    return userfiles.expand_or_raise(paths, lambda f: card_game(f) is not None)


def add_cards(lib: CardLibrary, cards: Iterable[CardDef]) -> None:
    """Add cards to a library; a name defined in two places is an error at the second.

    The same definition reached twice (a file loaded and also imported) is not a clash.
    """
    for card in cards:
        if card.name in lib:
            first = lib.get(card.name)
            if first == card and _same_place(first.loc, card.loc):
                continue
            source = None
            try:
                source = Path(card.loc.file).read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                pass
            raise CardError(f"card \"{card.name}\" is defined twice: first at {first.loc}",
                            card.loc.file, card.loc.line, card.loc.col, source,
                            hint="card names are unique across a library (case does not matter)")
        lib.add(card)


def _same_place(a: Loc, b: Loc) -> bool:
    """Two locations of one definition, however each file was named (relative, absolute)."""
    if (a.line, a.col) != (b.line, b.col):
        return False
    return a.file == b.file or Path(a.file).resolve() == Path(b.file).resolve()


def load_library(paths: Iterable[str | Path], *, use_cache: bool = True) -> CardLibrary:
    lib = CardLibrary()
    for f in card_files(paths):
        add_cards(lib, load_file(f, use_cache=use_cache))
    return lib


def bundled_cards_dir() -> Path:
    import cardsmith.cards as pkg
    return Path(pkg.__file__).parent


def bundled_library(game: str | None = None, *, use_cache: bool = True) -> CardLibrary:
    """The bundled cards of one game, or of every game.  The games shipped with cardsmith
    keep theirs in a folder named after the game under ``cardsmith/cards``, found without
    building the game; any other game's are where its rules say (``GameRules.bundled_cards``),
    each file ``*.GAME``."""
    root = bundled_cards_dir()
    if game:
        folders = [(game, root / game if (root / game).is_dir() else _own_cards(game))]
    else:
        folders = [(p.name, p) for p in sorted(root.iterdir()) if p.is_dir()]
        shipped = {name for name, _ in folders}
        folders += [(g, _own_cards(g)) for g in _installed_games() if g not in shipped]
    files = [f for g, folder in folders if folder is not None
             for f in userfiles.folder_files(folder, _suffix_is("." + g))]
    return load_library(files, use_cache=use_cache)


def _suffix_is(suffix: str) -> Callable[[Path], bool]:
    """Whether a file's name ends in ``suffix`` (a game's card files: ``.ivion``)."""
    return lambda f: f.suffix == suffix


def _own_cards(game: str) -> Path | None:
    """The folder of the bundled cards of a game not shipped with cardsmith (None: none)."""
    from cardsmith.runtime.core.registry import get_game
    return get_game(game).bundled_cards()
