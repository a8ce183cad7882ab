"""A Pygments lexer for cardsmith card, deck and scenario files.

Registered under the ``pygments.lexers`` entry point as ``cardsmith``, so ``pygmentize
FILE``, Sphinx and MkDocs colour our files with no configuration.  It is a plain
``RegexLexer`` (no textX, no game imports) so highlighting stays instant; its word lists
are checked against the grammars by ``tests/dsl/test_lexer.py`` so a new keyword in a
grammar can't go uncoloured.  Words it doesn't know are names: verbs, archetypes and
events are the games' own words, registered in their vocabularies rather than the grammar.
"""
from __future__ import annotations

from typing import Iterator

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Whitespace, _TokenType)

DECLARATIONS = frozenset({"import", "archetype", "note", "starter", "format", "feats", "avatar", "collection", "pile",
                          # scenario files
                          "scenario", "goal", "script", "solution", "expect"})
STRUCTURE = frozenset({
    "if", "then", "else", "choose", "one", "or", "after", "at", "start", "end", "of", "turn",
    "turns", "once", "per", "game", "instead", "static", "unless", "until", "may", "during",
    "first", "time", "the", "as", "has", "have", "is", "are", "not", "no", "more", "to", "from",
    "towards", "away", "up", "free", "pay", "pays", "spend", "spends", "in", "by", "within",
    "near", "adjacent", "targeting", "attached", "last", "attacked", "for", "on", "random",
    "with", "left", "right", "just", "phase", "less", "fewer", "beneath", "named", "precisely",
    # scenario files
    "ruleset", "variant", "seed", "option", "flags", "attach", "owner", "auto", "off", "win",
    "survive", "within", "depth", "refused", "log", "contains", "true", "false", "hero", "used",
    "face", "down",
})
HEADERS = frozenset({
    "skill", "ultimate", "trait", "trap", "rule", "feather", "arrowhead", "pips", "cost", "generates", "range", "banner", "heroic",
    "instant", "types", "keywords", "charged", "hp", "none", "cantrip", "hardcast", "relic", "reach", "unleash",
    "playable",
    "unleashed", "ability", "attack", "buff", "debuff", "travel", "aura", "passive",
    # Sylvion
    "support", "fountain", "tree", "animal", "scheme", "edge", "strength", "vitality",
    "copies", "designer", "reaction", "advanced",
    # Rush of Ikorr
    "location", "spell", "infusion", "influence", "health", "raid", "aspects", "aspect",
    "ambition", "curiosity", "devotion", "fear", "intuition", "prophecy", "loyalty", "traits",
    "fabled", "unique", "allowance", "requirement", "quick", "strike", "lethal", "fury",
    "swift", "reanimate", "number", "sample",
})
UNITS = frozenset({
    "damage", "action", "actions", "power", "initiative", "mitigate", "control", "resource",
    "resources", "terrain", "difficult", "enchanted", "slow", "silence", "disarm", "ikorr",
    "influence", "poison", "luck", "charge", "charges",
})
SELECTORS = frozenset({
    "target", "another", "each", "all", "any", "a", "an", "other", "you", "yourself", "them",
    "they", "it", "this", "that", "its", "their", "your", "controller", "owner's", "hand",
    "deck", "top", "bottom", "discard", "feat", "zone", "enemy's",
    "empty", "tile", "tiles", "enemy", "enemies", "opponent", "opponents", "player", "players",
    "character", "characters", "ally", "allies", "card", "cards", "lane", "lanes", "row", "column",
    "rows", "space", "spaces", "elemental", "elementals", "champion", "champions",
    "location", "locations", "spell", "spells", "blazing", "standard", "edges", "trees",
    "fountains", "ravage",
})
CONDITIONS = frozenset({"advantage", "breach", "frenzy", "combo", "precise", "controlled", "uncontrolled",
                        "exhausted", "revealed", "countered", "chivalrous", "wounded"})
COLOURS = frozenset({"white", "blue", "black", "green", "red", "gray", "grey"})

#: word -> token type, in priority order (a word in two lists gets the first)
WORD_TOKENS: dict[str, _TokenType] = {}
for _words, _token in ((DECLARATIONS, Keyword.Declaration), (HEADERS, Keyword.Type),
                       (UNITS, Keyword.Type), (CONDITIONS, Name.Attribute),
                       (COLOURS, Name.Constant), (SELECTORS, Name.Builtin),
                       (STRUCTURE, Keyword)):
    for _w in _words:
        WORD_TOKENS.setdefault(_w, _token)

KNOWN_WORDS = frozenset(WORD_TOKENS)


def _word(lexer: RegexLexer, match) -> Iterator[tuple[int, _TokenType, str]]:
    """Classify one word: a keyword of ours, a Name bound with 'as', or a game's word."""
    word = match.group(0)
    token = WORD_TOKENS.get(word)
    if token is None:
        if len(word) > 1 and word.isupper():
            token = Keyword.Pseudo           # an ability word: DEATH, ACTION, RUSH
        else:
            token = Name.Variable if word[:1].isupper() else Name.Function
    yield match.start(), token, word


class CardsmithLexer(RegexLexer):
    """Card files (.ivion, and later .sylvion, .ikorr), decks (.deck) and scenarios."""

    name = "cardsmith"
    aliases = ["cardsmith", "ivion", "cardsmith-deck"]
    filenames = ["*.ivion", "*.deck", "*.sylvion", "*.ikorr", "*.scenario"]
    mimetypes = ["text/x-cardsmith"]
    url = "https://example.invalid/cardsmith"   # no public home page yet

    def __init__(self, **options: object) -> None:
        # keep leading and trailing blank lines: tokens must join back to the file
        options.setdefault("stripnl", False)
        super().__init__(**options)

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            # 'card "Name"' / 'deck "Name"': declarations only when a name follows
            (r'\b(card|deck)\b(\s+)(?=")', bygroups(Keyword.Declaration, Whitespace)),
            (r'"(?:\\.|[^"\\\n])*"', String.Double),
            (r"'(?:\\.|[^'\\\n])*'", String.Single),
            (r"[-+]?\d+", Number.Integer),
            (r"[A-Za-z_][A-Za-z0-9_]*(?:'s|'t)?", _word),
            (r"[{}(),:.\[\]]", Punctuation),
            (r"==|!=|<=|>=|[=<>!+\-]", Operator),
        ],
    }


__all__ = ["CardsmithLexer", "KNOWN_WORDS", "WORD_TOKENS"]
