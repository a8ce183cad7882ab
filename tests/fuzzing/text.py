"""Changing a real text the ways people and programs get it wrong, with the language's
own words: a word replaced by a keyword of the grammar or a word of the game (so the
change usually parses and reaches the checks behind the parser), a number made huge,
negative or not a number, quotes and braces unbalanced, control characters and unusual
unicode, a very long word, a line repeated or moved, a part nested deeper and deeper, a
line from another file spliced in, the text cut short."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..dsl.grammar_words import quoted_keywords
from .draw import Draw

NUMBERS = ("0", "1", "2", "3", "5", "-1", "-0", "00", "+3", "99", "1000", "65536", "999999999",
           "1000000000000", str(2 ** 31), str(2 ** 63), str(2 ** 64), "9" * 40, "-" + "9" * 30,
           "1e9", "1.5", "0x10", "1_000", "３", "٣", "²", "NaN", "inf")
SPECIAL = ('"', '""', "'", "{", "}", "{ {", "} }", "(", ")", ":", ",", "=", "==", "#", "\\", "\\n", "--",
           "\x00", "\t", "\r", "\x0b", "\x0c", "\x1b[31m", "\u2028", "\ufeff", "\u202e", "\u200b",
           "é", "e\u0301", "Ⅻ", "ǅ", "ﬁ", "İ", "ß", "𝓧", "🃏", "中文", "ı", "\ud7ff", "%s", "{0}", "$(ls)")
JUNK_WORDS = ("x", "zzz", "nobody", "card999", "card0", "player:9", "tile:z9", "all", "none", "it",
              "true", "false", "null", "None", "__init__", "../x", "/etc/passwd", "CON", "é")


@dataclass(frozen=True)
class Pool:
    """The words a mutation splices in: the language's keywords, the game's words and
    names (cards, players, places, stats), and texts to take whole lines from."""
    keywords: tuple[str, ...]
    words: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    donors: tuple[str, ...] = ()
    nest: tuple[tuple[str, str], ...] = field(default=(("{ ", " }"),))

    def word(self, draw: Draw) -> str:
        k = draw.integer(0, 9)
        if k < 3 and self.keywords:
            return draw.choice(self.keywords)
        if k < 5 and self.words:
            return draw.choice(self.words)
        if k < 7 and self.names:
            name = draw.choice(self.names)
            return f'"{name}"' if draw.chance() < 0.7 else name
        if k < 8:
            return draw.choice(NUMBERS)
        if k < 9:
            return draw.choice(SPECIAL)
        return draw.choice(JUNK_WORDS)

    def instead(self, draw: Draw, token: str) -> str:
        """A word in place of ``token``: mostly one of its own kind (a keyword for a
        keyword, a name for a name, a number for a number), which keeps the text parsing
        and takes the change to the checks behind the parser."""
        if draw.chance() < 0.35:
            return self.word(draw)
        if token.lstrip("-").isdigit():
            return draw.choice(NUMBERS[:14])
        if token.startswith('"') and self.names:
            return '"' + draw.choice(self.names) + '"'
        for kind in (self.keywords, self.words):
            if token in kind:
                return draw.choice(kind)
        return self.word(draw)


@lru_cache(maxsize=None)
def grammar_keywords(*files: str) -> tuple[str, ...]:
    """Every quoted word of the named grammar files (``common.tx`` ...)."""
    return tuple(sorted(set().union(*(quoted_keywords(only=name) for name in files))))


TOKEN = re.compile(r'"[^"\n]*"|[A-Za-z_][\w\'-]*|-?\d+|\S')


def _tokens(text: str) -> list[re.Match[str]]:
    return list(TOKEN.finditer(text))


def _lines(text: str) -> list[str]:
    return text.split("\n")


def mutate(draw: Draw, text: str, pool: Pool, *, rounds: int = 0) -> str:
    """``text`` changed in one to four places (``rounds`` fixes how many)."""
    for _ in range(rounds or draw.choice((1, 1, 1, 2, 2, 3, 4))):
        text = _once(draw, text, pool)
    return text


def _once(draw: Draw, text: str, pool: Pool) -> str:
    kind = draw.integer(0, 16)
    toks = _tokens(text)
    if kind <= 4 and toks:                        # replace a word with one of the pool's
        t = draw.choice(toks)
        return text[:t.start()] + pool.instead(draw, t.group()) + text[t.end():]
    if kind == 5:                                  # insert a word
        at = draw.choice(toks).start() if toks else 0
        return text[:at] + pool.word(draw) + " " + text[at:]
    if kind == 6 and toks:                         # delete a word
        t = draw.choice(toks)
        return text[:t.start()] + text[t.end():]
    if kind == 7:                                  # a number, made odd
        numbers = [t for t in toks if t.group().lstrip("-").isdigit()]
        if numbers:
            t = draw.choice(numbers)
            return text[:t.start()] + draw.choice(NUMBERS) + text[t.end():]
        return text + " " + draw.choice(NUMBERS)
    lines = _lines(text)
    if kind == 8:                                  # delete, repeat or move a line
        k = draw.integer(0, len(lines) - 1)
        line = lines.pop(k)
        how = draw.integer(0, 2)
        if how > 0:
            lines.insert(draw.integer(0, len(lines)), line)
        if how == 2:
            lines.insert(k, line)
        return "\n".join(lines)
    if kind == 9 and pool.donors:                  # a line of another file
        donor = _lines(draw.choice(pool.donors))
        lines.insert(draw.integer(0, len(lines)), draw.choice(donor))
        return "\n".join(lines)
    if kind == 10:                                 # special characters
        at = draw.integer(0, len(text))
        return text[:at] + draw.choice(SPECIAL) + text[at:]
    if kind == 11:                                 # a very long word, or a name repeated
        at = draw.choice(toks).start() if toks else 0
        n = draw.choice((300, 5000, 60000))
        # many words make a slow parse, not a wrong one: a few hundred at most
        filler = draw.choice(("x" * n, "9" * n, "ab " * min(n // 3, 400), '"' + "é" * n + '"'))
        return text[:at] + filler + text[at:]
    if kind == 12:                                 # cut short
        return text[:draw.integer(0, len(text))]
    if kind == 13 and toks:                        # case and spelling of a keyword
        t = draw.choice(toks)
        word = t.group()
        word = draw.choice((word.upper(), word.title(), word[:-1], word + word[-1:], word[::-1]))
        return text[:t.start()] + word + text[t.end():]
    if kind == 14 and lines:                       # nest a line deeper
        k = draw.integer(0, len(lines) - 1)
        depth = draw.choice((2, 5, 40, 400))
        before, after = draw.choice(pool.nest)
        lines[k] = before * depth + lines[k] + after * depth
        return "\n".join(lines)
    if kind == 15 and toks:                        # swap two words
        a, b = sorted((draw.choice(toks), draw.choice(toks)), key=lambda m: m.start())
        if a.end() <= b.start():
            return text[:a.start()] + b.group() + text[a.end():b.start()] + a.group() + text[b.end():]
    # whitespace: a space or newline taken out, doubled, or made a tab
    spaces = [m.start() for m in re.finditer(r"\s", text)]
    if not spaces:
        return text + "\n"
    at = draw.choice(spaces)
    return text[:at] + draw.choice(("", "  ", "\t", "\n", "\r\n", "\n\n")) + text[at + 1:]
