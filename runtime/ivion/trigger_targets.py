"""Targets of triggered abilities (001 § Rules Reference > Glossary > TARGET, § Playing
Cards; docs/ivion/choices.md, "Targets of triggered abilities", G-32).

A card's targets are chosen as it is played; a triggered ability is never played, so the
language compiles its ``target`` selectors to picks (``Sel`` mode ``choose``, numbered in
the ability by ``index``) and the game asks for them here, as the ability starts to
resolve, before any of its steps: each pick among the legal choices (the card's range from
its controller, its filters, "can't be targeted"), ``up to`` ones optional.  A pick that
has no legal choice ends the ability unresolved (nothing of it happens, as a card with no
legal target can't be played).  What was picked is kept in the block's bindings under
``chosen:INDEX``, and, the last player or card picked, as "them" or "it" for the steps that
follow ("deal 1 damage to target enemy  slow 1 them")."""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import Sel
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, CARD, COUNT, PLAYER, REFS, ListOf, record
from cardsmith.runtime.core.state import Action, Frame

from .places import kind
from .targeting import choice_key as key, spec_options

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

KIND: Final = "trigger_targets"


def _walk(x: Any, out: list[Sel]) -> None:
    if isinstance(x, Sel):
        if x.mode == "choose" and x.index >= 0 and all(s.index != x.index for s in out):
            out.append(x)
        for f in x.filters:
            _walk(f.arg, out)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for field in dataclasses.fields(x):
            _walk(getattr(x, field.name), out)
    elif isinstance(x, (tuple, list)):
        for y in x:
            _walk(y, out)


@lru_cache(maxsize=4096)
def picks(trigger: Any) -> tuple[Sel, ...]:
    """The picks a triggered ability's body makes, in the order written (none for nearly
    every ability: asked once per ability, then remembered)."""
    out: list[Sel] = []
    _walk(getattr(trigger, "body", ()), out)
    return tuple(out)


def start(game: "Game", block: Frame, trigger: Any) -> None:
    """Called as a triggered ability's block is pushed: ask for its picks above it."""
    if picks(trigger):
        game.push(KIND, src=block.data["src"], ctl=block.data["ctl"], ability=block.data["path"][0],
                  picked=[], done=False)


class TriggerTargetsFrame(FrameHandler):
    """Asks the controller for each pick of the triggered ability below it, then hands the
    picks to that ability's block (the frame under this one)."""
    kind: ClassVar = KIND
    fields: ClassVar = record(src=CARD, ctl=PLAYER, ability=COUNT, picked=ListOf(REFS), done=BOOL)

    @staticmethod
    def _options(game: "Game", d: dict, sel: Sel, chosen: list[str]) -> list[str]:
        ctx = Ctx(game, None, src=d["src"], ctl=d["ctl"], item="", bind={}, targets=[])
        return spec_options(game, ctx, sel, game.cdef(d["src"]).header.range, exclude=chosen)

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        sels = picks(game.cdef(d["src"]).abilities[d["ability"]])
        while True:
            if not d["picked"] or d["done"]:
                if len(d["picked"]) == len(sels):
                    return self._hand_over(game, frame, sels)
                d["picked"].append([])
                d["done"] = False
            sel, chosen = sels[len(d["picked"]) - 1], d["picked"][-1]
            options = self._options(game, d, sel, chosen) if len(chosen) < sel.count else []
            if not options:
                if not chosen and not sel.upto:
                    return self._unresolved(game, frame)
                d["done"] = True
                continue
            if len(options) == 1 and not chosen and not sel.upto:
                chosen.append(options[0])       # the one legal choice: nothing to ask
                continue
            acts = [Action("target", (r,), f"target {game.rules.describe_ref(game, r)}") for r in options]
            if sel.upto or chosen:
                acts.append(Action("done", (), "no more targets"))
            name = game.cdef(d["src"]).name
            game.ask(d["ctl"], "target", f"{name}: choose target {len(d['picked'])} ({sel.noun})", acts)
            return

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        if action.kind == "target":
            d["picked"][-1].append(action.args[0])
        else:
            d["done"] = True

    @staticmethod
    def _hand_over(game: "Game", frame: Frame, sels: tuple[Sel, ...]) -> None:
        game.pop(frame)
        bind = game.state.agenda[-1].data["bind"]
        for sel, refs in zip(sels, frame.data["picked"]):
            bind[key(sel)] = list(refs)
            for r in refs:
                bind["them" if kind(r) == "player" else "it"] = r

    @staticmethod
    def _unresolved(game: "Game", frame: Frame) -> None:
        d = frame.data
        game.pop(frame)
        name = game.cdef(d["src"]).name
        game.state.agenda[-1].data["i"] = len(game.cdef(d["src"]).abilities[d["ability"]].body)
        game.log("trigger", f"{name}'s triggered ability has no legal target: nothing of it happens",
                 cause=name, player=d["ctl"])
