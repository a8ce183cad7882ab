"""Loading card files: parse with textX, compile to ``CardDef``s, cache the result.

Loading never runs code from a card file: the language is data.  Compiled cards are cached
by content (grammar files + source text), so a warm start doesn't even import textX.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.registry import get_game

from .errors import CardError, friendly_syntax
from .languages import GRAMMAR_DIR, LANGUAGES, Language, by_extension

CACHE_VERSION = "1"
_METAMODELS: dict[str, Any] = {}


def metamodel(lang: Language) -> Any:
    """The textX metamodel of a language, built once per process."""
    mm = _METAMODELS.get(lang.game)
    if mm is None:
        from textx import metamodel_from_file
        mm = metamodel_from_file(str(lang.grammar_path), autokwd=True,
                                 auto_init_attributes=False)
        _METAMODELS[lang.game] = mm
    return mm


def _grammar_digest() -> str:
    h = hashlib.sha256(CACHE_VERSION.encode())
    for p in sorted(GRAMMAR_DIR.glob("*.tx")):
        h.update(p.read_bytes())
    return h.hexdigest()


def _cache_dir() -> Path:
    root = os.environ.get("CARDSMITH_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "cardsmith"


def compile_source(text: str, game: str, file: str = "<string>") -> list[CardDef]:
    """Parse and compile card source text for ``game``.  Raises ``CardError``."""
    from textx.exceptions import TextXError, TextXSyntaxError

    from .compiler import CardCompiler

    lang = LANGUAGES.get(game)
    if lang is None:
        raise CardError(f"no card language for game '{game}'", file)
    rules = get_game(game)
    try:
        model = metamodel(lang).model_from_str(text, file_name=file)
    except TextXSyntaxError as exc:
        got = text.splitlines()[exc.line - 1][exc.col - 1:] if exc.line and exc.line <= len(text.splitlines()) else ""
        msg = friendly_syntax(exc.message, [str(r) for r in (exc.expected_rules or [])], got)
        raise CardError(msg, file, exc.line or 0, exc.col or 0, text) from None
    except TextXError as exc:
        raise CardError(str(exc.message), file, exc.line or 0, exc.col or 0, text) from None
    compiler = CardCompiler(rules, file)
    cards = []
    seen: dict[str, Any] = {}
    lines = text.splitlines()
    for cm in getattr(model, lang.root):
        if cm.name in seen:
            raise compiler.fail(cm, f"card \"{cm.name}\" is defined twice in this file")
        seen[cm.name] = cm
        try:
            card = compiler.card(cm, lang.header(cm), _card_source(cm, text))
        except CardError as err:
            err.source = text
            raise
        cards.append(card)
    del lines
    return cards


def _card_source(cm: Any, text: str) -> str:
    start, end = getattr(cm, "_tx_position", 0), getattr(cm, "_tx_position_end", 0)
    return text[start:end] if end > start else ""


def load_file(path: str | Path, *, use_cache: bool = True) -> list[CardDef]:
    path = Path(path)
    lang = by_extension(path)
    if lang is None:
        raise CardError(f"not a card file (known extensions: {', '.join(l.extension for l in LANGUAGES.values())})", str(path))
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardError(f"can't read file: {exc.strerror}", str(path)) from None
    key = hashlib.sha256(_grammar_digest().encode() + str(path.resolve()).encode() + data).hexdigest()
    cache = _cache_dir() / f"{key}.pickle"
    if use_cache and cache.exists():
        try:
            return pickle.loads(cache.read_bytes())
        except Exception:
            pass
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardError(f"file is not UTF-8 text (byte {exc.start})", str(path)) from None
    cards = compile_source(text, lang.game, str(path))
    cards.extend(_imports(path, text, lang))
    if use_cache:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(".tmp%d" % os.getpid())
            tmp.write_bytes(pickle.dumps(cards, pickle.HIGHEST_PROTOCOL))
            tmp.replace(cache)
        except OSError:
            pass
    return cards


def _imports(path: Path, text: str, lang: Language) -> list[CardDef]:
    model = metamodel(lang).model_from_str(text, file_name=str(path)) if "import" in text else None
    out: list[CardDef] = []
    for imp in getattr(model, "imports", None) or ():
        target = (path.parent / imp.importURI)
        out.extend(load_file(target))
    return out


def card_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every card file under the given files and folders, sorted for determinism."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if by_extension(f) is not None))
        else:
            out.append(p)
    return out


def load_library(paths: Iterable[str | Path], *, use_cache: bool = True) -> CardLibrary:
    lib = CardLibrary()
    for f in card_files(paths):
        for card in load_file(f, use_cache=use_cache):
            lib.add(card)
    return lib


def bundled_cards_dir() -> Path:
    import cardsmith.cards as pkg
    return Path(pkg.__file__).parent


def bundled_library(game: str | None = None, *, use_cache: bool = True) -> CardLibrary:
    root = bundled_cards_dir()
    folders = [root / game] if game else [p for p in root.iterdir() if p.is_dir()]
    return load_library([f for f in folders if f.exists()], use_cache=use_cache)
