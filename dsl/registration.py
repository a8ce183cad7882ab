"""textX language registration: ``textx list-languages`` and ``textx check FILE``.

Declared under the ``textx_languages`` entry point in ``pyproject.toml``.  Each language
returns a fresh metamodel with a model processor that runs the same meaning checks as
``cardsmith check`` (unknown verbs, impossible numbers, deck names ...), reported as
``TextXSemanticError`` so textX's tools (and textX-LS in editors) show them in place.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textx import language
from textx.exceptions import TextXSemanticError

from .errors import CardError
from .languages import LANGUAGES


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
        from cardsmith.runtime.core.registry import get_game

        from .compiler import CardCompiler
        lang = LANGUAGES[game]
        file, _ = _source(model)
        compiler = CardCompiler(get_game(game), file, lang.header_usage)
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


def _metamodel(grammar: Path, processor: Callable[[Any, Any], None], mm: Any = None) -> Any:
    from .loader import build_metamodel
    mm = mm if mm is not None else build_metamodel(grammar)
    mm.register_model_processor(processor)
    return mm


def _bundled(game: str) -> Any:
    from .loader import bundled_library
    return bundled_library(game)


@language("cardsmith-ivion", "*.ivion")
def ivion_language() -> Any:
    "Ivion cards for cardsmith: headers and effects, checked against Ivion's words"
    return _metamodel(LANGUAGES["ivion"].grammar_path, _card_checker("ivion"))


@language("cardsmith-deck", "*.deck")
def deck_language() -> Any:
    "cardsmith decks: card names resolved against the game's bundled cards"
    from .decks import GRAMMAR, deck_metamodel
    return _metamodel(GRAMMAR, _deck_checker, deck_metamodel(default_library=_bundled))


@language("cardsmith-sylvion", "*.sylvion")
def sylvion_language() -> Any:
    "Sylvion cards for cardsmith: headers and effects, checked against Sylvion's words"
    return _metamodel(LANGUAGES["sylvion"].grammar_path, _card_checker("sylvion"))


@language("cardsmith-ikorr", "*.ikorr")
def ikorr_language() -> Any:
    "Rush of Ikorr cards for cardsmith: headers, triggers and abilities, checked against Ikorr's words"
    return _metamodel(LANGUAGES["ikorr"].grammar_path, _card_checker("ikorr"))


def _scenario_checker(model: Any, metamodel: Any) -> None:
    """What the language alone can check: the scenario's structure and its inline cards.
    Names of players, properties and commands need the REPL: ``cardsmith run`` checks them."""
    from .scenarios import parse_scenario, scenario_cards
    file, text = _source(model)
    try:
        scenario_cards(parse_scenario(text, file))
    except CardError as err:
        raise _semantic(err) from None


@language("cardsmith-scenario", "*.scenario")
def scenario_language() -> Any:
    "cardsmith scenarios and puzzles: a board, a script of REPL commands, expectations, a goal"
    from .scenarios import GRAMMAR, scenario_metamodel
    return _metamodel(GRAMMAR, _scenario_checker, scenario_metamodel(default_library=_bundled))
