"""Pygments lexer for the REPL's command language, with card text inside ``define`` blocks.

Command words, numbers, tiles, quoted card names and comments are coloured; a ``define``
block switches to the card language, whose keywords are read from the games' grammars
themselves, so a new grammar keyword (or a new game's word) is coloured without touching
this file.  So are the command words: the REPL's own commands and every registered game's
view commands (``GameView.commands``), and the first words of every game's options
(``GameView.option_words``), found through the registration.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text, Whitespace

#: words of the REPL's own commands' arguments (``put X into alice hand``, ``new ... seed 3``)
ARGUMENT_WORDS = ("yes", "no", "done", "option", "target", "into", "on", "owner", "for", "turns", "until",
                  "top", "bottom", "scenario", "seed", "ruleset", "names", "first", "decks", "all")


def _games_views() -> list:
    from cardsmith.runtime.core.registry import game_names, get_game
    return [get_game(g).game_view() for g in game_names()]


@lru_cache(maxsize=1)
def command_words() -> tuple[str, ...]:
    """The REPL's commands and aliases, and every registered game's own commands."""
    from .registry import ALIASES, COMMANDS
    from . import commands  # noqa: F401  (fills COMMANDS)
    found = set(COMMANDS) | set(ALIASES)
    try:
        found |= {c.name for view in _games_views() for c in view.commands}
    except Exception:  # a game that fails to load must not take the colours with it
        pass
    return tuple(sorted(found, key=lambda w: (-len(w), w)))


@lru_cache(maxsize=1)
def option_words() -> tuple[str, ...]:
    """The words of command arguments, and the first words of every game's options."""
    found = set(ARGUMENT_WORDS)
    try:
        found |= {w for view in _games_views() for w in view.option_words}
    except Exception:  # a game that fails to load must not take the colours with it
        pass
    return tuple(sorted((w for w in found if re.fullmatch(r"[a-z][a-z'_-]*", w)), key=lambda w: (-len(w), w)))


@lru_cache(maxsize=1)
def grammar_keywords() -> tuple[str, ...]:
    """Every quoted keyword of the card grammars, each game's words in them (longest first,
    so phrases win)."""
    try:
        from cardsmith.dsl.languages import grammar_texts, quoted_keywords
        texts = grammar_texts()
    except Exception:  # a game that fails to load must not take the colours with it
        return ()
    found = {w for text in texts.values() for w in quoted_keywords(text)
             if re.fullmatch(r"[a-z][a-z _-]*[a-z]|[a-z]", w)}
    return tuple(sorted(found, key=lambda w: (-len(w), w)))


@lru_cache(maxsize=1)
def verb_words() -> tuple[str, ...]:
    """The verbs every registered game gives meaning to (``deal``, ``heal`` ...)."""
    try:
        from cardsmith.runtime.core.registry import game_names, get_game
        found = {v for g in game_names() for v in get_game(g).vocab.verbs}
    except Exception:  # a game that fails to load must not take the colours with it
        return ()
    return tuple(sorted((v for v in found if re.fullmatch(r"[a-z][a-z _-]*", v)), key=lambda w: (-len(w), w)))


def _card_rules() -> list:
    kws = grammar_keywords()
    verbs = verb_words()
    rules: list = [
        (r"\s+", Whitespace),
        (r"#[^\n]*", Comment.Single),
        (r'"[^"\n]*"?', String),
        (r"\d+", Number),
    ]
    if kws:
        rules.append((words(kws, prefix=r"\b", suffix=r"\b"), Keyword))
    if verbs:
        rules.append((words(verbs, prefix=r"\b", suffix=r"\b"), Name.Function))
    rules += [(r"[A-Za-z_][\w'-]*", Name), (r"[,:;()\[\]]", Punctuation), (r".", Text)]
    return rules


class ReplLexer(RegexLexer):
    """The REPL's commands, and card source in ``define`` blocks."""
    name = "cardsmith REPL"
    aliases = ["cardsmith-repl"]
    filenames = ["*.cmds"]

    tokens = {
        "root": [
            (r"(\s*)(define)\b", bygroups(Whitespace, Keyword.Declaration), "card"),
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\n]*"?', String),
            (words(command_words(), prefix=r"(?<![\w'])", suffix=r"\b"), Keyword),
            (words(option_words(), prefix=r"(?<![\w'])", suffix=r"\b"), Keyword.Pseudo),
            (r"\b[a-d][1-4]\b", Name.Constant),
            (r"\bcard\d+\b", Name.Label),
            (r"\d+", Number),
            (r"[A-Za-z_][\w'-]*", Name),
            (r".", Text),
        ],
        "card": [
            (r"\{", Punctuation, ("#pop", "body")),
            *_card_rules(),
        ],
        "body": [
            (r"\{", Punctuation, "#push"),
            (r"\}", Punctuation, "#pop"),
            *_card_rules(),
        ],
    }
