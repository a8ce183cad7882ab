"""Tab completion: commands, card names, players, tiles, stats, and the legal options.

For commands that decide (``play``, ``move``, ``choose`` and bare option words) the
completer plays the words typed so far on a clone of the game, so after ``play Icebolt ``
it offers exactly Icebolt's legal targets.  Card names may contain spaces and apostrophes;
a completion replaces the whole name typed so far.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from .commands import command_names, decider, find_option, lookup, norm

if TYPE_CHECKING:
    from .session import Session

ACTION_COMMANDS = ("play", "move", "pass", "end")
CARD_HINTS = ("card", "hand-card")


def _matching(candidates: Iterable[str], typed: str, meta: str = "") -> Iterator[Completion]:
    key = typed.casefold()
    seen = set()
    for c in candidates:
        if c.casefold().startswith(key) and c not in seen:
            seen.add(c)
            yield Completion(c, start_position=-len(typed), display_meta=meta)


class ReplCompleter(Completer):
    def __init__(self, session: "Session") -> None:
        self.session = session
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        if text.lstrip().startswith("define"):
            yield from self._card_words(document)
            return
        try:
            found = list(self._complete(text.lstrip(), document, event))
        except Exception:  # a completion must never break the prompt
            return
        yield from found

    def _complete(self, text: str, document: Document, event: CompleteEvent) -> Iterator[Completion]:
        if " " not in text:
            seen = set()
            for c in [*_matching(command_names(self.session.view), text, "command"), *self._actions(text)]:
                if c.text not in seen:
                    seen.add(c.text)
                    yield c
            return
        head, rest = text.split(" ", 1)
        cmd = lookup(head, self.session.view)
        if cmd is None or cmd.name in ACTION_COMMANDS:
            yield from self._actions(text)
        elif cmd.name == "choose":
            yield from self._actions(rest)
        else:
            yield from self._args(cmd.args, rest, document, event)

    def _card_words(self, document: Document) -> Iterator[Completion]:
        """Inside a ``define`` block: the card language's keywords and the game's verbs."""
        from .lexer import grammar_keywords, verb_words
        word = document.get_word_before_cursor(WORD=True)
        if not word or not word[0].isalpha():
            return
        words = sorted({w for w in (*grammar_keywords(), *verb_words()) if " " not in w})
        yield from _matching(words, word, "card language")

    # ---- options of the pending decision (played forward on a clone) -------------------
    def _actions(self, text: str) -> Iterator[Completion]:
        session = self.session
        if session.game is None or session.game.paused:
            return
        game = session.game.clone()
        game.breakpoints = set()
        spans = [m for m in re.finditer(r'"[^"]*"?|\S+', text)]
        words = [m.group().strip('"') for m in spans]
        finished = len(words) if text.endswith(" ") else max(0, len(words) - 1)
        used = 0
        # Answer as many questions as the finished words allow, on the clone.
        while used < finished and game.legal_actions():
            action, left = find_option(session.view, game, words[used:finished])
            if action is None:
                break
            who = decider(game)
            game.apply(action)
            used = finished - len(left)
            if game.pending is None or game.pending.player != who:
                return          # the line is complete: someone else decides next
        remaining = text[spans[used].start():] if used < len(spans) else ""
        key = norm(remaining)
        if remaining.endswith(" "):
            key += " "
        seen = set()
        for action in game.legal_actions():
            for name in self._spellings(game, action):
                if name.casefold().startswith(key) and name not in seen:
                    seen.add(name)
                    yield Completion(name, start_position=-len(remaining), display_meta="option")

    def _spellings(self, game, action) -> list[str]:
        """The option as a person would type it: its aliases (original case kept), leaving
        out raw engine words like ``initiative_move``."""
        aliases = [a for a in self.session.view.option_aliases(game, action) if "_" not in a]
        return aliases or [str(action)]

    # ---- positional arguments ------------------------------------------------------------
    def _args(self, hints: tuple[str, ...], rest: str, document: Document,
              event: CompleteEvent, prev: str = "") -> Iterator[Completion]:
        if not hints:
            return
        hint = hints[0]
        if hint in CARD_HINTS:
            name = self._leading_card(rest)
            if name is None:
                yield from _matching(sorted(self.session.library.names()), rest, "card")
            else:
                yield from self._args(hints[1:], rest[len(name):].lstrip(), document, event, name)
            return
        if hint == "path":
            if len(hints) > 1 and " " in rest and not rest.startswith('"'):
                _, more = rest.split(" ", 1)        # the path is typed: on to the next word
                yield from self._args(hints[1:], more, document, event, _)
                return
            yield from self.paths.get_completions(Document(rest, len(rest)), event)
            return
        if hint == "load-turn":                     # `load FILE.replay turn N`
            if prev.casefold().endswith(".replay") and " " not in rest:
                yield from _matching(["turn"], rest, "replay")
            return
        if " " in rest:
            _, more = rest.split(" ", 1)
            if hint == "help" and _.casefold() == "verb" and " " not in more:
                from cardsmith.runtime.core.registry import get_game
                yield from _matching(sorted(get_game(self.session.game_name).vocab.verbs), more, "verb")
                return
            if hint == "save" and _.casefold() == "scenario":
                yield from self.paths.get_completions(Document(more, len(more)), event)
                return
            yield from self._args(hints[1:], more, document, event, _)
            return
        if hint == "player-or-tile" and prev.casefold() != "on":
            hint = "player"
        yield from _matching(self._words(hint, rest), rest, hint)

    def _leading_card(self, rest: str) -> str | None:
        """The card name at the start of ``rest`` if it is complete and followed by a space."""
        words = rest.split(" ")
        for k in range(min(len(words) - 1, self.session.library.most_name_words), 0, -1):
            name = " ".join(words[:k]).strip('"')
            if name in self.session.library:
                return " ".join(words[:k])
        return None

    def _words(self, hint: str, typed: str) -> list[str]:
        s = self.session
        view = s.view
        if hint == "player":
            return s.player_names()
        if hint == "tile":
            return view.spaces(s.g)
        if hint == "player-or-tile":
            return s.player_names() + view.spaces(s.g)
        if hint == "stat":
            return sorted(set(view.stats) | set(view.flags))
        if hint == "zone":
            return list(view.zone_kinds)
        if hint == "put-how":
            return ["into", "on"]
        if hint == "terrain":
            return list(view.terrain_kinds())
        if hint == "phase":
            return list(view.phases())
        if hint == "ai":
            return ["random", "greedy", "search", "off"]
        if hint == "onoff":
            return ["on", "off"]
        if hint == "command":
            return command_names(view)
        if hint == "help":
            from .language_help import topics
            return [*command_names(view), *topics()]
        if hint == "game":
            return [s.game_name]
        if hint == "log":
            return ["all", "private"]
        if hint == "save":
            return ["scenario"]
        return []
