"""Tab completion: commands, card names, players, tiles, stats, and the legal options.

For commands that decide (``play``, ``move``, ``choose`` and bare option words) the
completer plays the words typed so far on a clone of the game, so after ``play Icebolt ``
it offers exactly Icebolt's legal targets.  Card names may contain spaces and apostrophes;
a completion replaces the whole name typed so far.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from .commands import command_names, find_option, lookup, norm, option_names, tokenize
from .views.base import CommandError

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
        if "\n" in text or text.lstrip().startswith("define"):
            return
        try:
            yield from self._complete(text.lstrip(), document, event)
        except CommandError:
            return

    def _complete(self, text: str, document: Document, event: CompleteEvent) -> Iterator[Completion]:
        if " " not in text:
            yield from _matching(command_names(), text, "command")
            yield from self._actions(text)
            return
        head, rest = text.split(" ", 1)
        cmd = lookup(head)
        if cmd is None or cmd.name in ACTION_COMMANDS:
            yield from self._actions(text)
        elif cmd.name == "choose":
            yield from self._actions(rest)
        else:
            yield from self._args(cmd.args, rest, document, event)

    # ---- options of the pending decision (played forward on a clone) -------------------
    def _actions(self, text: str) -> Iterator[Completion]:
        session = self.session
        if session.game is None or session.game.paused:
            return
        game = session.game.clone()
        game.breakpoints = set()
        words = tokenize(text) if text.strip() else []
        if text.endswith(" ") or not words:
            done, partial = words, ""
        else:
            done, partial = words[:-1], words[-1]
        typed_rest = list(done)
        # Answer as many questions as the finished words allow, on the clone.
        while typed_rest and game.legal_actions():
            action, left = find_option(session.view, game, typed_rest)
            if action is None:
                break
            who = game.pending.player
            game.apply(action)
            typed_rest = left
            if game.pending is None or game.pending.player != who:
                break
        remaining = " ".join(typed_rest + ([partial] if partial or typed_rest else []))
        if typed_rest and not partial:
            remaining += " "
        names = []
        for action in game.legal_actions():
            names += [n for n in self._spellings(game, action) if n]
        key = norm(remaining) if remaining.strip() else ""
        seen = set()
        for name in names:
            if name.casefold().startswith(key) and name not in seen:
                seen.add(name)
                yield Completion(name, start_position=-len(remaining), display_meta="option")

    def _spellings(self, game, action) -> list[str]:
        """The option as a person would type it: its aliases, original case kept."""
        view = self.session.view
        out = list(view.option_aliases(game, action))
        label = str(action)
        if norm(label) in option_names(view, game, action):
            out.append(label)
        return out

    # ---- positional arguments ------------------------------------------------------------
    def _args(self, hints: tuple[str, ...], rest: str, document: Document,
              event: CompleteEvent) -> Iterator[Completion]:
        if not hints:
            return
        hint = hints[0]
        if hint in CARD_HINTS:
            name = self._leading_card(rest)
            if name is None:
                yield from _matching(sorted(self.session.library.names()), rest, "card")
            else:
                yield from self._args(hints[1:], rest[len(name):].lstrip(), document, event)
            return
        if hint == "path":
            yield from self.paths.get_completions(Document(rest, len(rest)), event)
            return
        if " " in rest:
            _, more = rest.split(" ", 1)
            if hint == "save" and _.casefold() == "scenario":
                yield from self.paths.get_completions(Document(more, len(more)), event)
                return
            yield from self._args(hints[1:], more, document, event)
            return
        yield from _matching(self._words(hint, rest), rest, hint)

    def _leading_card(self, rest: str) -> str | None:
        """The card name at the start of ``rest`` if it is complete and followed by a space."""
        words = rest.split(" ")
        for k in range(len(words) - 1, 0, -1):
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
            return ["random", "greedy", "off"]
        if hint == "onoff":
            return ["on", "off"]
        if hint == "command":
            return command_names()
        if hint == "game":
            return [s.game_name]
        if hint == "log":
            return ["all", "private"]
        if hint == "save":
            return ["scenario"]
        return []
