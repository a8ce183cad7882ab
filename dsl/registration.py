"""textX language registration: ``textx list-languages`` and ``textx check FILE``.

Declared under the ``textx_languages`` entry point in ``pyproject.toml``: one line for the
decks, one for the scenarios, and one for each game's card files, ``cardsmith-GAME =
"cardsmith.dsl.registration:GAME_language"``.  textX registers exactly the one language an
entry point names (``textx.registration.language_descriptions``), so a game needs its own
line; what the line names is made here for whatever game it is (``__getattr__``), so no
game is written out in this module (docs/architecture.md, "A game's card language").

Each language returns a fresh metamodel with a model processor that runs the same meaning
checks as ``cardsmith check`` (unknown verbs, impossible numbers, deck names ...), reported
as ``TextXSemanticError`` so textX's tools (and textX-LS in editors) show them in place.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textx import LanguageDesc, language
from textx.exceptions import TextXSemanticError

from .errors import CardError


def _semantic(err: CardError) -> TextXSemanticError:
    message = err.message + (f" ({err.hint})" if err.hint else "")
    return TextXSemanticError(message, line=err.line, col=err.col, filename=err.file)


def _source(model: Any) -> tuple[str, str]:
    """The model's file name and text (textX keeps the parser's input until it's done)."""
    file = getattr(model, "_tx_filename", None) or "<string>"
    parser = getattr(model, "_tx_parser", None)
    text = getattr(parser, "input", None)
    if text is None and file != "<string>":
        text = Path(file).read_text("utf-8")
    return file, text or ""


def _card_checker(game: str) -> Callable[[Any, Any], None]:
    def check(model: Any, metamodel: Any) -> None:
        from .compiler import CardCompiler
        from .languages import language as card_language
        lang = card_language(game)
        file, text = _source(model)
        compiler = CardCompiler(lang.rules, file, lang.header_usage, text=text)
        try:
            for cm in getattr(model, lang.root):
                compiler.card(cm, lang.header(cm))
        except CardError as err:
            raise _semantic(err) from None
    return check


def _deck_checker(model: Any, metamodel: Any) -> None:
    from .decks import check_deck, deck_from_model, read_imports
    from .loader import bundled_library
    file, text = _source(model)
    try:
        deck, _ = read_imports(deck_from_model(model, text, file))   # its names may be theirs
        library = bundled_library(deck.game)
    except CardError as err:
        raise _semantic(err) from None
    errors = check_deck(deck, library)
    if errors:
        raise _semantic(errors[0])


def _metamodel(grammar: Path | str, processor: Callable[[Any, Any], None], mm: Any = None) -> Any:
    from .parsing import build_metamodel
    mm = mm if mm is not None else build_metamodel(grammar)
    mm.register_model_processor(processor)
    return mm


def _bundled(game: str) -> Any:
    from .loader import bundled_library
    return bundled_library(game)


@language("cardsmith-deck", "*.deck")
def deck_language() -> Any:
    "cardsmith decks: card names resolved against the game's bundled cards"
    from .decks import GRAMMAR, deck_metamodel
    return _metamodel(GRAMMAR, _deck_checker, deck_metamodel(default_library=_bundled))


def _scenario_checker(model: Any, metamodel: Any) -> None:
    """What the language alone can check: the scenario's structure and its inline cards.
    Names of players, properties and commands need the REPL: ``cardsmith run`` checks them."""
    from .scenario_runs import parse_scenarios
    from .scenarios import scenario_cards
    file, text = _source(model)
    try:
        for sdef in parse_scenarios(text, file, _bundled):    # every scenario, its board's names too
            scenario_cards(sdef)
    except CardError as err:
        raise _semantic(err) from None


@language("cardsmith-scenario", "*.scenario")
def scenario_language() -> Any:
    "cardsmith scenarios and puzzles: a board, a script of REPL commands, expectations, a goal"
    from .scenarios import GRAMMAR, scenario_metamodel
    return _metamodel(GRAMMAR, _scenario_checker, scenario_metamodel(default_library=_bundled))


def game_language(game: str) -> LanguageDesc:
    """The textX language of one game's card files (``cardsmith-GAME``, ``*.GAME``); the
    game is built only when textX asks for the metamodel."""
    def metamodel() -> Any:
        from .languages import language as card_language
        return _metamodel(card_language(game).grammar, _card_checker(game))
    return LanguageDesc(f"cardsmith-{game}", f"*.{game}",
                        f"{game} cards for cardsmith: headers and effects, checked against the game's words",
                        metamodel)


def __getattr__(name: str) -> Any:
    """``GAME_language``: what a game's ``textx_languages`` entry point names."""
    game, _, suffix = name.rpartition("_")
    if suffix == "language" and game and not game.startswith("_"):
        return game_language(game)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
