"""textX cross-references to cards: an indexed scope provider wrapped in ``ImportURI``.

Deck and scenario grammars write a card name as ``card=[OBJECT:STRING]``, a real textX
reference whose target may be any object.  ``CardScope`` resolves it by dict lookups (see
``index.py``), nearest scope first, in ``ImportURI``'s order:

1. the file's own definitions (a scenario's ``card`` blocks: the reference then points at
   that textX model object);
2. the card files it imports (``import "more.ivion"``, relative to the importing file,
   glob patterns allowed): ``CardScope`` is textX's ``ImportURI`` with a model repository
   (``CardRepository``) that loads each imported file through the compiled-card cache
   instead of parsing it again, so the target is a plain ``CardDef``;
3. the cards the file's decks import (a scenario's ``player ... deck "FILE"``), when the
   caller gives a function from the model to those cards as the model parameter
   ``deck_cards`` (the scenario checker does: it knows where decks are found);
4. the game's card library, given per model as the model parameter ``cards`` (a
   ``CardLibrary``, or a function from game to library), or the provider's default.

A name that resolves to nothing raises ``CardRefError``, a ``TextXSemanticError`` with the
file, line and column of the name, a did-you-mean and a hint; ``loader.parse`` turns it into
a ``CardError`` with a caret.  Without a library (``compile_deck(text)`` checks only the
file itself) an unknown name stays a plain ``str`` and is checked later (``check_deck``).

Loading never runs code from a file: an import must name a card file (by extension), which
is parsed and compiled as data.  This module imports textX; the warm path never needs it.
"""
from __future__ import annotations

import glob
import os
from pathlib import Path
from typing import Any, Callable

from textx import get_children, get_model
from textx.exceptions import TextXSemanticError
from textx.scoping import GlobalModelRepository
from textx.scoping.providers import ImportURI

from .index import DECK_WORDING, NameIndex, Unresolved, Wording, resolve

#: the model parameter through which a caller hands a file its card library
LIBRARY_PARAM = "cards"
#: the model parameter through which a caller hands a file the cards its decks import
DECK_CARDS_PARAM = "deck_cards"
Library = Any            # a CardLibrary, or a callable: game -> CardLibrary


class CardRefError(TextXSemanticError):
    """A card reference that resolves to nothing (or an import that can't be loaded).

    ``position`` is the character offset in the file, for whoever has its text when the
    line and column could not be known (imports are checked before textX has a parser
    on the model).
    """

    def __init__(self, message: str, hint: str = "", position: int = -1, **where: Any) -> None:
        super().__init__(message, **where)
        self.hint = hint
        self.position = position

    def __str__(self) -> str:
        """textX's ``file:line:col: message``, and the hint (``textx check`` prints this)."""
        return super().__str__() + (f" (hint: {self.hint})" if self.hint else "")


class CardFile:
    """An imported card file as the model repository holds it: its compiled cards.

    Stands where ``ImportURI`` would put a textX model; it has no parent, so
    ``get_model`` of it is itself, and no reference resolver, so textX leaves it alone.
    """

    def __init__(self, filename: str, cards: list[Any]) -> None:
        self._tx_filename = filename
        self._tx_metamodel = None          # textX looks for a repository on it when cleaning up
        self.cards = cards


class CardRepository(GlobalModelRepository):
    """A model repository whose card files come from ``loader.load_file`` (the cache)."""

    def load_models_using_filepattern(self, filename_pattern: str, model: Any, glob_args: Any,
                                      is_main_model: bool = False, encoding: str = "utf-8",
                                      add_to_local_models: bool = True, model_params: Any = None) -> list[Any]:
        """As textX's, in a stable order, and without asking textX's language registry for
        a metamodel per file (that would build one just to be ignored)."""
        if model is not None:
            self.update_model_in_repo_based_on_filename(model)
        filenames = sorted(glob.glob(filename_pattern, **(glob_args or {})))
        if not filenames:
            raise FileNotFoundError(filename_pattern)
        return [self.load_model(None, f, is_main_model, encoding, add_to_local_models, model_params)
                for f in filenames]

    def load_model(self, the_metamodel: Any, filename: str, is_main_model: bool,
                   encoding: str = "utf-8", add_to_local_models: bool = True,
                   model_params: Any = None) -> Any:
        from .loader import load_file
        filename = os.path.abspath(filename)
        if self.all_models.has_model(filename):
            model = self.all_models[filename]
        else:
            model = CardFile(filename, load_file(filename))
            self.all_models[filename] = model
        if add_to_local_models:
            self.local_models[filename] = model
        return model


def index_of(model: Any) -> NameIndex:
    """The names a model defines, as a dict built the first time it is asked for.

    A card file (textX model or ``CardFile``) defines its ``cards``; a scenario its
    ``card`` blocks.  References are not definitions: a deck defines nothing.
    """
    index = getattr(model, "_cardsmith_names", None)
    if index is None:
        defs = list(getattr(model, "cards", None) or ())
        defs += [it for it in getattr(model, "items", None) or () if type(it).__name__ == "CardBlock"]
        index = NameIndex((d.name, d) for d in defs if isinstance(getattr(d, "name", None), str))
        model._cardsmith_names = index
    return index


class IndexedName:
    """The plain indexed provider: look the name up in the referencing model's dict.

    ``ImportURI(IndexedName())`` resolves across textX models loaded by textX itself; the
    benchmark compares it with textX's default ``PlainName`` walk.
    """

    def __call__(self, obj: Any, attr: Any, obj_ref: Any) -> Any:
        return index_of(get_model(obj)).get(obj_ref.obj_name)


def import_paths(base: str, uri: str, game: str) -> list[str]:
    """The card files an ``import "URI"`` names, as absolute paths in name order.

    ``uri`` is relative to ``base`` (the importing file's folder) and may be a glob pattern.
    Raises ``Unresolved`` (message and hint, for the caller to locate) when it names no file,
    a file that is not a card file (nothing else is ever read), or cards of a game other
    than ``game``.  Scenarios and decks check their imports here, so both say the same.
    """
    from .languages import extensions
    from .loader import card_game
    pattern = os.path.abspath(os.path.join(base, uri))
    found = sorted(glob.glob(pattern))
    if not found:
        from .userfiles import missing
        raise Unresolved(f"can't import '{uri}': {missing(pattern)}",
                         f"imports are relative to the importing file: {pattern}")
    for path in found:
        holds = card_game(Path(path))
        if holds is None:
            raise Unresolved(f"can't import '{Path(path).name}': not a card file",
                             f"import card files ({extensions()}); nothing else is read")
        if game and holds != game:
            raise Unresolved(f"can't import '{uri}': it holds {holds} cards, this file is {game}")
    return found


def _where(obj: Any, position: int) -> dict[str, Any]:
    """Line, column and file of an offset in ``obj``'s file, as TextXError takes them."""
    model = get_model(obj)
    parser = getattr(model, "_tx_parser", None)
    if parser is not None:
        line, col = parser.pos_to_linecol(position)
    else:   # while imports load textX has not yet given the model its parser
        from .errors import line_col
        try:
            line, col = line_col(Path(model._tx_filename).read_text("utf-8"), position)
        except (OSError, TypeError, UnicodeDecodeError):
            line = col = 0      # the caller with the text locates it (loader.parse)
    return {"line": line, "col": col, "filename": model._tx_filename, "position": position}


class CardScope(ImportURI):
    """Card references of one kind of file: imports from the cache, then a dict lookup.

    ``wording`` says how an unknown name is reported; ``what(obj)`` names what the
    referring object expects ("card", "feat"); ``default_library`` is used when a model
    gets no ``cards`` parameter (``textx check`` uses the bundled cards).
    """

    def __init__(self, wording: Wording = DECK_WORDING, what: Callable[[Any], str] | None = None,
                 default_library: Library = None) -> None:
        super().__init__(IndexedName())
        self.wording = wording
        self.what = what or (lambda obj: "card")
        self.default_library = default_library

    # -- loading imports ---------------------------------------------------------------

    def load_models(self, model: Any, encoding: str = "utf-8") -> None:
        """Check each import (a card file of this file's game, that exists), then let
        ``ImportURI`` load them into a ``CardRepository``.

        Only when names are to be checked (the model has a library): a file parsed
        without one is read alone, as it was written.
        """
        if hasattr(model, "_tx_model_repository"):
            return
        model._tx_model_repository = CardRepository()
        if self.library(model) is None:
            return
        base = os.path.dirname(model._tx_filename or "")
        game = getattr(model, "game", "")
        for imp in get_children(lambda x: hasattr(x, "importURI"), model):
            try:
                import_paths(base, imp.importURI, game)
            except Unresolved as exc:
                raise CardRefError(exc.message, exc.hint, **_where(imp, imp._tx_position)) from None
        self._load_referenced_models(model, encoding)

    # -- resolving ---------------------------------------------------------------------

    def library(self, model: Any) -> NameIndex | None:
        """The model's card library as a dict (built once per model), or None."""
        from .languages import known_games
        if hasattr(model, "_cardsmith_library"):
            return model._cardsmith_library
        params = getattr(model, "_tx_model_params", None)
        library = params.get(LIBRARY_PARAM, None) if params is not None else None
        library = library if library is not None else self.default_library
        game = getattr(model, "game", "")
        if game not in known_games():
            library = None      # the file's own check names the game it does not know
        if callable(library) and not hasattr(library, "names"):
            library = library(game)
        index = NameIndex.of_cards(library) if library is not None else None
        model._cardsmith_library = index
        return index

    def scopes(self, model: Any) -> list[NameIndex]:
        """Where a name is looked for, nearest first (without the library)."""
        repo = getattr(model, "_tx_model_repository", None)
        imported = [index_of(m) for m in repo.local_models] if repo is not None else []
        return [index_of(model), *imported, *self.deck_scope(model)]

    def deck_scope(self, model: Any) -> list[NameIndex]:
        """The cards the model's decks import, as one dict (built once per model), after
        the file's own imports and before the library; none without ``deck_cards``."""
        if not hasattr(model, "_cardsmith_deck_cards"):
            params = getattr(model, "_tx_model_params", None)
            deck_cards = params.get(DECK_CARDS_PARAM, None) if params is not None else None
            cards = deck_cards(model) if deck_cards is not None else ()
            model._cardsmith_deck_cards = [NameIndex.of_cards(cards)] if cards else []
        return model._cardsmith_deck_cards

    def __call__(self, obj: Any, attr: Any, obj_ref: Any) -> Any:
        model = get_model(obj)
        game = getattr(model, "game", "")
        name = obj_ref.obj_name
        library = self.library(model)
        scopes = self.scopes(model)
        if library is None:
            # nothing to check against (or a game the file's own check will reject):
            # the file's own and imported cards still resolve, other names stay names
            for scope in scopes:
                target = scope.get(name)
                if target is not None:
                    return target
            return name
        try:
            return resolve(name, game, [*scopes, library], self.what(obj), self.wording)
        except Unresolved as exc:
            # nchar: the quoted name, for editors (textX-LS) to underline
            raise CardRefError(exc.message, exc.hint, nchar=len(name) + 2,
                               **_where(obj, obj_ref.position)) from None
