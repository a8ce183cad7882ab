"""Pygments lexer for the REPL's command language, with card text inside ``define`` blocks.

Command words, numbers, tiles, quoted card names and comments are coloured; a ``define``
block switches to the card language, whose keywords are read from the games' grammars
themselves, so a new grammar keyword (or a new game's word) is coloured without touching
this file.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text, Whitespace

COMMAND_WORDS = ("new", "set", "place", "put", "delete", "empty", "terrain", "trap", "turn", "reveal", "hide",
                 "define", "reload", "cards", "play", "move", "pass", "end", "choose", "ai", "auto",
                 "step", "resolve", "undo", "redo", "board", "stack", "hand", "player", "log", "show",
                 "legal", "why", "status", "library", "help", "save", "load", "quit", "exit")
OPTION_WORDS = ("target", "remove", "respond", "keep", "discard", "spend", "draw", "imove", "unleash",
                "yes", "no", "done", "option", "pay", "into", "on", "owner", "for", "turns", "until",
                "top", "bottom", "scenario", "seed", "ruleset", "names", "first", "decks", "all")


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
            (words(COMMAND_WORDS, prefix=r"(?<![\w'])", suffix=r"\b"), Keyword),
            (words(OPTION_WORDS, prefix=r"(?<![\w'])", suffix=r"\b"), Keyword.Pseudo),
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
