"""Deck files (``.deck``): a named list of cards for one game, checked at load time.

A deck compiles to a frozen ``DeckDef`` that names cards (it never holds them), so it
pickles into the same cache as card files and a warm start loads it without textX.
Checking a deck against a card library is a separate step (``check_deck``): the same deck
may be checked against the bundled cards or against a designer's own.

A deck may ``import "FILE"`` card files of its game (relative to the deck file): its names
resolve against those cards first, then the library (``scoping.CardScope``).  ``load_deck``
keeps the imported cards in the ``DeckDef`` (``imported``), so whoever plays the deck adds
them to the game's library (``DeckDef.library_with``, ``library_for_decks``) without
being told where they are; a cached deck records the imported files and is read again
when one of them changes.

A game's own deck-building rules (Ivion: 45 cards, at most 3 copies by name, one ultimate
and two traits) are its rules object's ``check_deck(deck, library) -> [(message, Loc)]``
(``GameRules.check_deck``); ``check_deck`` here turns them into located errors.  A game's
bundled decks are found by name through its rules object too (``find_deck``).
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import STANDARD, DeckDef, Problem
from cardsmith.runtime.core.effects import CardDef, Loc
from cardsmith.runtime.core.errors import CardsmithError

from . import userfiles
from .errors import CardError, did_you_mean, line_col

__all__ = ["DeckDef", "STANDARD", "Problem", "DECK_EXTENSION", "compile_deck", "load_deck", "check_deck",
           "resolve_deck", "find_deck", "load_and_check", "compile_and_check", "bundled_deck_options", "declared_game", "library_for_decks", "deck_files"]

DECK_EXTENSION = ".deck"
GRAMMAR = Path(__file__).parent / "grammars" / "deck.tx"
MAX_COPIES_LISTED = 99


# ---- compiling ------------------------------------------------------------------------

_METAMODEL: list[Any] = []


def deck_metamodel(default_library: Any = None) -> Any:
    """A fresh deck metamodel whose card names resolve through ``scoping.CardScope``.

    ``default_library`` (a library, or a function from game to library) is used when a
    deck is parsed without the ``cards`` model parameter; ``textx check`` gives the
    bundled cards, ``compile_deck`` none (names are then checked by ``check_deck``).
    """
    from .index import DECK_WORDING
    from .parsing import build_metamodel
    from .scoping import LIBRARY_PARAM, CardScope

    def what(ref: Any) -> str:
        return "feat" if type(getattr(ref, "parent", None)).__name__ == "DeckFeats" else "card"

    mm = build_metamodel(GRAMMAR)
    mm.model_param_defs.add(LIBRARY_PARAM, "the card library names resolve against")
    mm.register_scope_providers({"*.card": CardScope(DECK_WORDING, what, default_library)})
    return mm


def _metamodel() -> Any:
    if not _METAMODEL:
        _METAMODEL.append(deck_metamodel())
    return _METAMODEL[0]


def compile_deck(text: str, file: str = "<string>", library: Any = None) -> DeckDef:
    """Parse a deck file's text; check its numbers, repeats and game.

    With a ``library`` (a ``CardLibrary``, or a function from game to library) every card
    name is resolved against it while textX resolves references, and an unknown name is a
    located error; names are then spelt as in the library.  Without one, names are kept
    as written and checked later (``check_deck``).
    """
    from .parsing import parse

    params = {} if library is None else {"cards": library}
    return deck_from_model(parse(_metamodel(), text, file, "deck", **params), text, file)


def deck_from_model(model: Any, text: str, file: str) -> DeckDef:
    """A parsed deck model as a ``DeckDef`` (also used by ``textx check``)."""
    from textx import get_location

    from .index import target_name

    def loc(obj: Any) -> Loc:
        where = get_location(obj)
        return Loc(file, where.get("line", 0), where.get("col", 0))

    def fail(obj: Any, message: str, hint: str = "") -> CardError:
        where = loc(obj)
        return CardError(message, file, where.line, where.col, text, hint)

    from .languages import known_games
    games = known_games()
    if model.game not in games:
        start = getattr(model, "_tx_position", 0)
        m = re.compile(r"\bfor\s+(\w+)").search(text, start)
        line, col = line_col(text, m.start(1)) if m else (loc(model).line, loc(model).col)
        raise CardError(f"unknown game '{model.game}'{did_you_mean(model.game, games)}",
                        file, line, col, text, hint=f"known games: {', '.join(games) or 'none installed'}")
    imports = [(imp.importURI, loc(imp)) for imp in model.imports]
    cards: list[tuple[int, str]] = []
    card_locs: list[Loc] = []
    feats: list[str] = []
    feat_locs: list[Loc] = []
    notes: list[str] = []
    starter = False
    fmt, fmt_loc, fmt_line = STANDARD, Loc(), None
    seen: dict[tuple[str, str], Loc] = {}
    feats_line: Any = None
    leader, leader_loc = "", Loc()
    extras: list[str] = []
    beneath: list[tuple[str, tuple[str, ...]]] = []
    beneath_locs: list[tuple[Loc, tuple[Loc, ...]]] = []
    collection: list[tuple[int, str]] = []
    collection_locs: list[Loc] = []
    piles: list[tuple[str, tuple[str, ...]]] = []
    pile_locs: list[tuple[Loc, tuple[Loc, ...]]] = []
    for line in model.lines:
        kind = type(line).__name__
        if kind == "DeckImport":
            imports.append((line.importURI, loc(line)))
        elif kind == "DeckNote":
            notes.append(line.text)
        elif kind == "DeckStarter":
            starter = True
        elif kind == "DeckFormat":
            if fmt_line is not None:
                raise fail(line, f"a second 'format' line (the first is at line {loc(fmt_line).line})",
                           hint="a deck is built for one format")
            fmt_line, fmt = line, line.name
            fmt_loc = _word_loc(text, loc(line), "format")
        elif kind == "DeckFeats":
            if feats_line is not None:
                raise fail(line, f"a second 'feats' line (the first is at line {loc(feats_line).line})",
                           hint="list every feat on one 'feats' line")
            feats_line = line
            for ref in line.cards:
                name = target_name(ref.card)
                if name.casefold() in {f.casefold() for f in feats}:
                    raise fail(ref, f"feat \"{name}\" is listed twice")
                feats.append(name)
                feat_locs.append(loc(ref))
        elif kind == "DeckLeader":
            if leader:
                raise fail(line, f"a second 'avatar' line (the first is at line {leader_loc.line})",
                           hint="a deck has one avatar")
            leader, leader_loc = target_name(line.card.card), loc(line.card)
        elif kind == "DeckBeneath":
            holder = target_name(line.holder.card)
            for (other, _), (at, _) in zip(beneath, beneath_locs):
                if other.casefold() == holder.casefold():
                    raise fail(line.holder, f"a second 'beneath \"{holder}\"' line (the first is at line {at.line})",
                               hint="list every card beneath it on one line")
            beneath.append((holder, tuple(target_name(ref.card) for ref in line.cards)))
            beneath_locs.append((loc(line.holder), tuple(loc(ref) for ref in line.cards)))
        elif kind == "DeckPile":
            for (other, _), (at, _) in zip(piles, pile_locs):
                if other == line.kind:
                    raise fail(line, f"a second 'pile {line.kind}' line (the first is at line {at.line})",
                               hint="list every card of the pile on one line")
            piles.append((line.kind, tuple(target_name(ref.card) for ref in line.cards)))
            pile_locs.append((loc(line), tuple(loc(ref) for ref in line.cards)))
        elif kind == "DeckCollection":
            name = target_name(line.card.card)
            if not 1 <= line.count <= MAX_COPIES_LISTED:
                raise fail(line, f"{line.count} copies of \"{name}\" is impossible (1..{MAX_COPIES_LISTED})")
            for (_, other), at in zip(collection, collection_locs):
                if other.casefold() == name.casefold():
                    raise fail(line.card, f"\"{name}\" is listed twice in the collection (first at line {at.line})",
                               hint="give one line per card with the total count")
            collection.append((line.count, name))
            collection_locs.append(loc(line.card))
        else:
            name = target_name(line.card.card)
            if not 1 <= line.count <= MAX_COPIES_LISTED:
                raise fail(line, f"{line.count} copies of \"{name}\" is impossible "
                                 f"(1..{MAX_COPIES_LISTED})")
            extra = target_name(line.extra.card) if line.extra is not None else ""
            key = (name.casefold(), extra.casefold())
            if key in seen:
                raise fail(line.card, f"\"{name}\" is listed twice (first at line {seen[key].line})",
                           hint="give one line per card with the total count")
            seen[key] = loc(line)
            cards.append((line.count, name))
            card_locs.append(loc(line.card))
            extras.append(extra)
    return DeckDef(name=model.name, game=model.game, cards=tuple(cards), feats=tuple(feats),
                   notes=tuple(notes), loc=loc(model), card_locs=tuple(card_locs),
                   feat_locs=tuple(feat_locs), game_loc=loc(model), source=text,
                   leader=leader, leader_loc=leader_loc,
                   extras=tuple(extras) if any(extras) else (), imports=tuple(imports),
                   starter=starter, format=fmt, format_loc=fmt_loc, beneath=tuple(beneath),
                   beneath_locs=tuple(beneath_locs), collection=tuple(collection),
                   collection_locs=tuple(collection_locs), piles=tuple(piles), pile_locs=tuple(pile_locs))


def _word_loc(text: str, at: Loc, keyword: str) -> Loc:
    """Where the word after ``keyword`` starts, on the line ``at`` points at (textX
    locates the whole statement, at its keyword)."""
    lines = text.splitlines()
    if not 1 <= at.line <= len(lines):
        return at
    m = re.compile(rf"{keyword}\s+(\S)").match(lines[at.line - 1], max(at.col - 1, 0))
    return Loc(at.file, at.line, m.start(1) + 1) if m else at


def read_imports(deck: DeckDef, use_cache: bool = True) -> tuple[DeckDef, list[Path]]:
    """The deck with the cards of the files it imports, and every file read for them.

    Each import is checked as a scenario's is (``scoping.import_paths``: it exists, it is a
    card file, of the deck's game) and located at its line in the deck; a problem inside an
    imported file (syntax, an unknown word, an import cycle) is located in that file.  The
    files come from the compiled-card cache; two of them defining one name differently is
    an error at the second definition.
    """
    if not deck.imports:
        return deck, []
    from .index import Unresolved
    from .loader import add_cards, load_with_deps
    from .scoping import import_paths

    base = str(Path(deck.loc.file).parent)
    cards = CardLibrary()
    files: list[str] = []
    deps: list[Path] = []
    for uri, at in deck.imports:
        try:
            found = import_paths(base, uri, deck.game)
        except Unresolved as exc:
            raise CardError(exc.message, at.file, at.line, at.col, deck.source or None, exc.hint) from None
        for path in found:
            more, read = load_with_deps(Path(path), use_cache)
            add_cards(cards, more)
            files.append(path)
            deps.extend(p for p in [Path(path), *read] if p not in deps)
    return replace(deck, imported=tuple(cards), card_files=tuple(files)), deps


def library_for_decks(library: CardLibrary, decks: Iterable[DeckDef]) -> CardLibrary:
    """``library`` with the cards every deck imports over it, for a game the decks play
    together; two decks importing different cards of one name is an error (located at the
    second definition), since one game has one card of each name."""
    decks = list(decks)
    if not any(d.imported for d in decks):
        return library
    from .loader import add_cards
    extra = CardLibrary()
    for deck in decks:
        add_cards(extra, deck.imported)
    return library.merged(extra)


def load_deck(path: str | Path, library: Any = None, *, use_cache: bool = True) -> DeckDef:
    """Read and compile a deck file, cached by content like card files.

    With a ``library`` (a ``CardLibrary``, or a function from game to library) the names
    are resolved against it (see ``compile_deck``), the deck's imported cards first.  The
    imported files are read either way (``read_imports``), so the deck carries their cards.
    A cached deck records the names it resolved to and the files it imported; it is used
    only while those files are unchanged and the library (or the imports) still define each
    name, spelt the same, for the deck's game; otherwise the deck is parsed again and any
    name that no longer resolves is reported where it stands.  A warm load never imports
    textX.
    """
    from .loader import cached, decode

    path = Path(path)
    data = userfiles.read_bytes(path)

    def build() -> tuple[DeckDef, list[Path]]:
        return read_imports(compile_deck(decode(path, data), str(path), library), use_cache)

    def still_resolves(deck: DeckDef) -> bool:
        lib = _library_for(library, deck.game)
        if lib is None:
            return True
        own = CardLibrary(deck.imported)
        for name in deck.names():
            where = own if name in own else lib
            if name not in where:
                return False
            card = where.get(name)
            if card.name != name or card.game != deck.game:
                return False
        return True

    return cached("deck", path, data, build, use_cache, valid=still_resolves)[0]


def _library_for(library: Any, game: str) -> CardLibrary | None:
    if library is None or isinstance(library, CardLibrary):
        return library
    return library(game)


def find_deck(spec: str, rules: Any) -> Path:
    """A deck file named by path, or one of the game's bundled decks (``rules``: its
    ``GameRules``) by name, in any case, with or without ``.deck``: ``steward``.

    A path that can't be a deck file (a FIFO, a name the system refuses) is a ``CardError``
    saying why; a name that is neither a ``CardsmithError`` listing the bundled decks."""
    if userfiles.find_file(Path(spec)) is not None:
        return Path(spec)
    bundled = rules.bundled_decks()
    key = spec.casefold().removesuffix(DECK_EXTENSION)
    for name, path in bundled.items():
        if name.casefold() == key:
            return path
    known = f"bundled: {', '.join(bundled)}" if bundled else f"{rules.name} has no bundled decks"
    raise CardsmithError(f"no deck file or bundled {rules.name} deck named '{spec}' ({known})")


DECK_LINE = re.compile(r'^([ \t]*)deck[ \t]+"[^"\n]*"[ \t]+for[ \t]+([a-z][a-z_]*)', re.MULTILINE)


def bundled_deck_options(rules: Any) -> dict[str, dict[str, Any]]:
    """The game's bundled decks as its ``decks`` option takes them (``GameRules.deck_options``),
    by each deck's own name ("Ember Regent"); names as the files write them."""
    decks = (load_deck(path) for path in rules.bundled_decks().values())
    return {deck.name: rules.deck_options(deck) for deck in decks}


def declared_game(path: Path) -> tuple[str, int, int] | None:
    """The game a deck file's ``deck "NAME" for GAME`` line names, with its line and
    column, read without parsing (None if the file has no such line or can't be read:
    the parser then says what is wrong with it)."""
    try:
        text = userfiles.read_bytes(path).decode("utf-8")
    except (CardError, OSError, UnicodeDecodeError):
        return None
    for match in DECK_LINE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        return match.group(2), line, len(match.group(1)) + 1
    return None


def deck_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every deck file under the given folders (sorted), and the deck files given; a
    ``CardError`` for the first path that is missing, can't be read, or is no deck file."""
    files = userfiles.expand_or_raise(paths, _is_deck)
    for f in files:
        if not _is_deck(f):
            raise CardError(f"not a deck file (a deck file's name ends in {DECK_EXTENSION})", str(f))
    return files


def _is_deck(path: Path) -> bool:
    return path.name.endswith(DECK_EXTENSION)


# ---- checking against a library -------------------------------------------------------

def check_deck(deck: DeckDef, library: CardLibrary, rules: Any = None) -> list[CardError]:
    """Every problem with a deck's cards, as located errors (empty: the deck is good).

    Names must exist in the deck's imported cards or in ``library``, nearest first, and
    belong to the deck's game; then the format must be one the game knows, and the game's
    deck rules apply (``rules.check_deck``; ``rules`` is the deck's game's ``GameRules``
    unless given) to the library with the imported cards.  A game that can't be loaded
    has its decks checked for their names only.
    """
    from .index import DECK_WORDING, NameIndex, Unresolved, resolve

    if rules is None:
        rules = game_rules(deck.game)
    problems: list[Problem] = []
    scope = [NameIndex.of_cards(deck.imported), NameIndex.of_cards(library)]
    library = deck.library_with(library)
    entries = [(name, at, "card") for (_, name), at in zip(deck.cards, deck.card_locs)]
    entries += [(name, at, "feat") for name, at in zip(deck.feats, deck.feat_locs)]
    entries += [(extra, at, "card") for extra, at in zip(deck.extras, deck.card_locs) if extra]
    if deck.leader:
        entries.append((deck.leader, deck.leader_loc, "card"))
    for (feat, names), (at, name_locs) in zip(deck.beneath, deck.beneath_locs):
        entries += [(feat, at, "card")] + [(n, where, "card") for n, where in zip(names, name_locs)]
    entries += [(name, at, "card") for (_, name), at in zip(deck.collection, deck.collection_locs)]
    for (_, names), (_, name_locs) in zip(deck.piles, deck.pile_locs):
        entries += [(n, where, "card") for n, where in zip(names, name_locs)]
    unscripted: list[Problem] = []             # printed cards with no script: rules still apply
    stand_ins: dict[str, CardDef] = {}
    for name, at, what in entries:
        try:
            resolve(name, deck.game, scope, what, DECK_WORDING)
        except Unresolved as exc:
            # a name no card of any game has may be a printed card not scripted yet
            elsewhere = any(index.get(name) is not None for index in scope)
            card, why = (None, "") if elsewhere else _printed(name, rules)
            if card is None:
                problems.append((exc.message, at))
            else:
                stand_ins[card.name] = card
                unscripted.append((why, at))
    if not problems:
        problems.extend(format_problems(deck, rules))
    if not problems and rules is not None:
        if stand_ins:
            library = library.merged(CardLibrary(stand_ins.values()))
        problems.extend(rules.check_deck(deck, library))
    problems = sorted(unscripted + problems, key=lambda p: (p[1].line, p[1].col)) if unscripted else problems
    return [CardError(msg, at.file, at.line, at.col, deck.source or None) for msg, at in problems]


def _printed(name: str, rules: Any) -> tuple[CardDef | None, str]:
    """A name no script defines that is one of the game's printed cards: a stand-in with
    its printed header (``GameRules.printed_stand_in``) and the sentence saying it has no
    script and why; (None, "") for a name that is not printed (or a game that can't tell)."""
    from cardsmith.runtime.core.printed import reason
    if rules is None:
        return None, ""
    key = name.casefold()
    for printed in rules.printed_cards():
        if printed.name.casefold() == key:
            card = rules.printed_stand_in(printed)
            if card is None:
                return None, ""
            where = ", ".join(group for _, group in printed.groups)
            return card, (f"\"{printed.name}\" is a printed card ({where}) with no script "
                          f"({reason(printed)}): the deck rules are checked with its printed data, "
                          "but a deck holding it can't be played")
    return None, ""


def load_and_check(path: str | Path, library: Any, rules: Any = None, *,
                   use_cache: bool = True) -> tuple[DeckDef | None, list[CardError]]:
    """Read a deck file and check it: the deck (None when its names don't all resolve) and
    every problem, as ``cardsmith check``, ``play`` and ``simulate`` all report them.

    textX stops at a deck's first unknown card; the deck is then read again without
    resolving its names, so every misspelt (or unscripted printed) name and every rule the
    rest breaks are listed at once.  ``library``: a ``CardLibrary`` or a function from game
    to library; ``rules``: the deck's game's rules unless given."""
    return _checked(lambda lib: load_deck(path, lib, use_cache=use_cache), library, rules)


def compile_and_check(text: str, file: str, library: Any, rules: Any = None) -> tuple[DeckDef | None, list[CardError]]:
    """``load_and_check`` of a deck's text (a scenario's deck list): the same problems."""
    return _checked(lambda lib: read_imports(compile_deck(text, file, lib))[0], library, rules)


def _checked(read: Any, library: Any, rules: Any) -> tuple[DeckDef | None, list[CardError]]:
    try:
        deck = read(library)
    except CardError as exc:
        try:
            loose = read(None)
        except CardError:
            return None, [exc]
        lib = _library_for(library, loose.game)
        errors = [] if lib is None else check_deck(loose, lib, rules if rules is not None else game_rules(loose.game))
        return None, errors or [exc]
    lib = _library_for(library, deck.game)
    if lib is None:
        return deck, []
    return deck, check_deck(deck, lib, rules if rules is not None else game_rules(deck.game))


def game_rules(game: str) -> Any:
    """The game's rules object, or None while the game can't be loaded (an unknown game,
    or one whose package fails to import: its decks still have their names checked)."""
    from cardsmith.runtime.core.registry import get_game
    try:
        return get_game(game)
    except Exception:
        return None


def format_problems(deck: DeckDef, rules: Any = None) -> list[Problem]:
    """A format the deck's game doesn't know, located at its word (its rules can't be
    applied then: nobody knows which they are).  Every game knows the standard one."""
    formats = tuple(getattr(rules, "deck_formats", None) or (STANDARD,))
    if deck.format in formats:
        return []
    return [(f"unknown {deck.game} deck format '{deck.format}'{did_you_mean(deck.format, formats)} "
             f"(known: {', '.join(formats)})", deck.format_loc)]


def resolve_deck(deck: DeckDef, library: CardLibrary, rules: Any = None) -> DeckDef:
    """The deck with each name spelt as in the library; raises the first problem found."""
    errors = check_deck(deck, library, rules)
    if errors:
        raise errors[0]
    library = deck.library_with(library)
    return replace(deck, cards=tuple((n, library.get(name).name) for n, name in deck.cards),
                   feats=tuple(library.get(name).name for name in deck.feats),
                   leader=library.get(deck.leader).name if deck.leader else "",
                   extras=tuple(library.get(e).name if e else "" for e in deck.extras),
                   beneath=tuple((library.get(f).name, tuple(library.get(n).name for n in names))
                                 for f, names in deck.beneath),
                   collection=tuple((n, library.get(name).name) for n, name in deck.collection),
                   piles=tuple((kind, tuple(library.get(n).name for n in names)) for kind, names in deck.piles))
