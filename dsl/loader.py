"""Loading card files: parse with textX, compile to ``CardDef``s, cache the result.

Loading never runs code from a card file: the language is data.  Compiled cards are cached
(pickled) under a key made of the compiler's own inputs (grammar files, the compiler and
effect classes, the game's rule modules) and the file's path and content; a file that
imports others also records their content, so editing an imported file invalidates the
importer.  A warm start therefore doesn't even import textX (see ``tests/dsl/test_cache``).
The cache folder is used only while it is the user's own (``cachedir``), and a cache file
is read back by an unpickler that builds data, never calls code (``cachefiles``).
"""
from __future__ import annotations

import gc
import hashlib
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef, Loc
from cardsmith.runtime.core.errors import UnknownGame

from .errors import CardError, did_you_mean, friendly_syntax, line_col
from .languages import GRAMMAR_DIR, LANGUAGES, Language, by_extension
from . import cachedir, cachefiles, userfiles
from .userfiles import read_bytes

CACHE_VERSION = "4"      # 4: a card file's entry holds its declarations too
_METAMODELS: dict[str, Any] = {}
_GROUPS: dict[str, list[tuple[str, frozenset[str]]]] = {}
_DIGEST: dict[tuple, str] = {}
_HERE = Path(__file__).parent


def metamodel(lang: Language) -> Any:
    """The textX metamodel of a language, built once per process."""
    mm = _METAMODELS.get(lang.game)
    if mm is None:
        mm = build_metamodel(lang.grammar_path)
        _METAMODELS[lang.game] = mm
    return mm


def build_metamodel(grammar: Path) -> Any:
    """A fresh metamodel (the REPL's reload and textX registration want their own)."""
    from textx import metamodel_from_file

    from . import fastparse, foreign, nesting
    mm = metamodel_from_file(str(grammar), autokwd=True, auto_init_attributes=False)
    fastparse.install(mm)
    nesting.install(mm)
    foreign.install(mm)
    mm.register_obj_processors({"INT": whole_number})
    return mm


#: digits a number in our files may have: far more than any count, cost or seed needs, and
#: far fewer than Python's int() refuses to read (4,300), which would be a ValueError
MAX_DIGITS = 100


def whole_number(text: str) -> int:
    """textX's INT, refused (at its place in the file) when it has too many digits."""
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        from textx.exceptions import TextXSemanticError
        raise TextXSemanticError(f"a number of {digits} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def syntax_groups(key: str, mm: Any) -> list[tuple[str, frozenset[str]]]:
    """(label, first words) for the grammar rules that long "expected" lists fold into."""
    groups = _GROUPS.get(key)
    if groups is None:
        from .errors import SYNTAX_GROUPS, first_words
        groups = []
        for rule, label in SYNTAX_GROUPS:
            try:
                peg = mm[rule]._tx_peg_rule
            except (KeyError, AttributeError):
                continue
            groups.append((label, first_words(peg)))
        _GROUPS[key] = groups
    return groups


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while textX builds a model.

    A parse allocates hundreds of thousands of small objects (parse-tree nodes, model
    objects) that all stay alive until the model is compiled, so every collection the
    allocations trigger scans them in vain: a quarter of a large file's parse.  Reference
    counting still frees what it can; collection resumes (if it was on) afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def parse(mm: Any, text: str, file: str, key: str, **params: Any) -> Any:
    """Parse ``text`` with a metamodel; any textX error becomes a friendly ``CardError``.

    ``params`` are textX model parameters (``cards``: the library card names resolve
    against, see ``scoping.py``); a semantic error keeps the hint it carries.
    """
    from textx.exceptions import TextXError, TextXSyntaxError

    from .foreign import NotOurText
    from .nesting import HINT as HINT_TOO_DEEP, NestedTooDeeply
    try:
        with gc_paused():
            # textX reads the file named ``file_name`` when the text is empty: "" must
            # parse as "", never as whatever a file of that name holds
            return mm.model_from_str(text, file_name=file if text else None, **params)
    except NestedTooDeeply as exc:
        raise CardError(exc.message, file, exc.line, exc.col, text,
                        HINT_TOO_DEEP) from None
    except TextXSyntaxError as exc:
        got = _text_at(text, exc.line or 0, exc.col or 0)
        msg, hint = friendly_syntax(list(exc.expected_rules or []), got, syntax_groups(key, mm),
                                    shown=not isinstance(exc, NotOurText))
        raise CardError(msg, file, exc.line or 0, exc.col or 0, text, hint) from None
    except TextXError as exc:
        if not exc.line and getattr(exc, "position", -1) >= 0:
            exc.line, exc.col = line_col(text, exc.position)
        where = getattr(exc, "filename", None) or file
        if os.path.abspath(where) == os.path.abspath(file):
            where = file                # textX names the file by its absolute path
        source = text if where == file else None
        raise CardError(str(exc.message), where, exc.line or 0, exc.col or 0, source,
                        getattr(exc, "hint", "")) from None


def _text_at(text: str, line: int, col: int) -> str:
    """A few words of the text from a line and column on (the next line's when the error
    is at the end of one), for a syntax error to name what it found."""
    if line <= 0:
        return ""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    start += max(col - 1, 0)
    rest = text[start:start + 200].split("\n", 1)[0]
    return rest if rest.strip() else text[start:start + 200].lstrip()   # at a line's end: the next


# ---- compiling ------------------------------------------------------------------------

def language(game: str, file: str = "<string>") -> Language:
    lang = LANGUAGES.get(game)
    if lang is None:
        raise CardError(f"no card language for game '{game}'{did_you_mean(game, LANGUAGES)}", file)
    return lang


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
    from cardsmith.runtime.core.registry import get_game

    from .compiler import CardCompiler, _loc

    try:
        rules = get_game(lang.game)
    except UnknownGame as exc:
        raise CardError(str(exc), file) from None
    with gc_paused():     # the model stays alive (and unscanned) while it is compiled
        model = parse(metamodel(lang), text, file, lang.game)
        if not hasattr(model, lang.root):
            return [], [], {}       # an empty file, or only comments: textX gives back a bare string
        imports = [(imp.importURI, _loc(imp, file)) for imp in getattr(model, "imports", None) or ()]
        declared = follow(imports) if follow is not None else {}
        compiler = CardCompiler(rules, file, header_words(lang), declared)
        cards: list[CardDef] = []
        seen: dict[str, Any] = {}
        try:
            for decl, fields in lang.declarations(model):
                compiler.declare(decl, fields)
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

def _inputs(game: str) -> list[Path]:
    """Every file whose change could change what a card file compiles to."""
    import cardsmith.runtime as runtime_pkg
    runtime = Path(runtime_pkg.__file__).parent
    files = sorted(GRAMMAR_DIR.glob("*.tx"))
    files += [_HERE / "compiler.py", _HERE / "languages.py", _HERE / "decks.py",
              _HERE / "index.py", _HERE / "scoping.py",
              runtime / "core" / "effects.py", runtime / "core" / "verbs.py"]
    files += sorted((runtime / game).glob("*.py"))
    return files


def _compiler_digest(game: str) -> str:
    """A digest of the compiler's inputs; stat-checked, so a grammar edit is seen at once."""
    files = _inputs(game)
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
            deps, value = cachefiles.loads(stored)
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


def _load_declared(path: Path, use_cache: bool, stack: tuple[Path, ...], at: Loc | None = None,
                   importer_source: str | None = None) -> tuple[list[CardDef], list[Path], Declared]:
    """``_load``, and what the file and its imports declare (a designer's archetype)."""
    lang = by_extension(path)
    if lang is None:
        known = ", ".join(lang.extension for lang in LANGUAGES.values())
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
                other = by_extension(target)
                if other is not None and other.game != lang.game:
                    raise CardError(f"can't import '{uri}': it holds {other.game} cards, this file is {lang.game}",
                                    loc.file, loc.line, loc.col, text)
                cards, their_deps, theirs = _load_declared(target, False, chain, loc, text)
                more.extend(cards)
                declared.update(theirs)
                deps.extend(p for p in [target, *their_deps] if p not in deps)
            return declared

        cards, _, declared = compile_model(text, lang, str(path), follow)
        return (cards + more, declared), deps

    (cards, declared), deps = cached(lang.game, path, data, build, use_cache)
    return cards, deps, declared


def card_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every card file under the given files and folders, sorted for determinism."""
    out: list[Path] = []
    for p in map(Path, paths):
        if userfiles.kind(p) == "folder":
            out.extend(userfiles.folder_files(p, lambda f: by_extension(f) is not None))
        else:
            out.append(p)
    return out


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
    root = bundled_cards_dir()
    folders = [root / game] if game else sorted(p for p in root.iterdir() if p.is_dir())
    return load_library([f for f in folders if f.exists()], use_cache=use_cache)
