"""Fingerprints of played games, shared by the benchmarks' ``--digest`` options.

Two kinds, because log texts and prompts are wording a person reads and may be reworded
without changing a single game: ``full`` hashes every decision with its prompt and option
labels, every chosen action and every log line (a speed-up must leave it unchanged);
``actions`` hashes only who decided what kind of decision, the options' kinds and
arguments in order, and the chosen action (a rewording must leave that one unchanged)."""
from __future__ import annotations

import hashlib
from typing import Any, Callable

KINDS = ("full", "actions")


class Fingerprint:
    def __init__(self, kind: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown fingerprint {kind!r} ({', '.join(KINDS)})")
        self.kind = kind
        self.hash = hashlib.sha256()

    def decision(self, pending: Any) -> None:
        if self.kind == "full":
            seen = (pending.player, pending.kind, pending.prompt,
                    [(a.kind, a.args, a.label) for a in pending.options])
        else:
            seen = (pending.player, pending.kind, [(a.kind, a.args) for a in pending.options])
        self.hash.update(repr(seen).encode())

    def action(self, action: Any) -> None:
        self.hash.update(repr((action.kind, action.args)).encode())

    def log(self, entries: Any) -> None:
        if self.kind != "full":
            return
        for entry in entries:
            self.hash.update(repr((entry.turn, entry.kind, entry.text, entry.cause,
                                   entry.player, entry.private)).encode())

    def play(self, game: Any, choose: Callable[[Any], Any]) -> None:
        """Play ``game`` to its end with ``choose(game) -> action``, hashing as it goes."""
        while not game.state.over:
            self.decision(game.state.pending)
            action = choose(game)
            self.action(action)
            game.apply(action)
        self.log(game.state.log)

    def hexdigest(self) -> str:
        return self.hash.hexdigest()
