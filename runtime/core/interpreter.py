"""Runs compiled effects one step at a time, keeping its place in plain-data frames.

A ``block`` frame holds: the source card, its controller, the stack item (for chosen
targets and modes), a path to the node list inside the card definition, the index of the
next node, name bindings and the choices made so far for the current step.  Because the
place is data, not a Python call stack, a game can be saved in the middle of resolving a
card (while a player picks which Control to remove) and loaded back.

A verb first says what it needs decided (``needs``), given the choices so far, and only
then acts (``run``): it never asks halfway through a change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from .choices import PickCardsFrame
from .effects import CardDef, Choose, Cond, Expr, ForEach, If, Num, Quantity, Sel, Step
from .rules import FrameHandler, GameRules
from .shapes import BIND, BOOL, CARD, COUNT, INT, PLAIN, PLAYER, REFS, STR, TRIGGER, Either, Item, ListOf, Record, \
    SaveProblem, record
from .state import Action, Frame, GameState, LogEntry, StackItem

if TYPE_CHECKING:
    from .engine import Game
    from .validate import StateCheck


def nodes_at(card: CardDef, path: list) -> tuple:
    """The node list a path points at: [-1 | ability, (index, branch)*]."""
    nodes = card.effect if path[0] == -1 else card.abilities[path[0]].body
    for k in range(1, len(path), 2):
        node = nodes[path[k]]
        branch = path[k + 1]
        if isinstance(node, If):
            nodes = node.then if branch == "t" else node.otherwise
        elif isinstance(node, Choose):
            nodes = node.options[branch]
        elif isinstance(node, ForEach):
            nodes = node.body
        else:
            raise ValueError(f"bad effect path {path}")
    return nodes


class Ctx:
    """What a verb, selector or condition sees while an effect runs.

    ``controller`` and ``source`` are read once, as plain attributes: nothing changes a
    frame's ``ctl`` or ``src`` while it runs, and selectors, filters and verbs ask for
    them many times per step."""
    __slots__ = ("game", "frame", "data", "controller", "source")

    def __init__(self, game: "Game", frame: Frame | None = None, **data: Any) -> None:
        self.game: "Game" = game
        self.frame: Frame | None = frame
        self.data = data = frame.data if frame is not None else data
        self.controller: int = data["ctl"]
        self.source: str = data["src"]

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def item(self) -> StackItem | None:
        ident = self.data.get("item")
        if not ident:
            return None
        for it in self.game.state.stack:
            if it.id == ident:
                return it
        return None

    def card(self) -> CardDef:
        return self.game.cdef(self.source)

    def targets(self, index: int) -> list[str]:
        chosen = self.data.get("targets")
        if chosen is None:
            item = self.item            # the stack item only when the frame holds none
            if item is not None:
                chosen = item.targets
        if chosen is None or index >= len(chosen):
            return []
        return list(chosen[index])

    def bound(self, name: str) -> Any:
        return self.data.get("bind", {}).get(name)

    def select(self, sel: Sel | None) -> list[str]:
        if sel is None:
            return []
        return self.game.rules.select(self, sel)

    def value(self, expr: Expr | None, default: int = 0) -> int:
        if expr is None:
            return default
        if isinstance(expr, Num):
            return expr.value
        if isinstance(expr, Quantity):
            return int(self.game.rules.vocab.quantities[expr.what].value(self, expr))
        raise TypeError(f"not an expression: {expr!r}")

    def test(self, cond: Cond) -> bool:
        result = bool(self.game.rules.vocab.conditions[cond.name].test(self, cond))
        return result != cond.negated


def push_block(game: "Game", src: str, ctl: int, path: list, *, item: str = "",
               bind: dict | None = None, targets: list | None = None) -> Frame:
    data: dict[str, Any] = {"src": src, "ctl": ctl, "item": item, "path": path, "i": 0,
                            "bind": dict(bind) if bind else {}, "choices": []}
    if targets is not None:
        data["targets"] = targets
    # what ``Game.push`` does, without unpacking and repacking the data as keywords
    frame = Frame("block", data)
    game.state.agenda.append(frame)
    return frame


def runs_on(game: "Game", frame: Frame) -> bool:
    """Whether the engine loop's next step would be ``frame`` again: nothing pending, the
    game not over, no trigger waiting to be queued, nothing pushed above it, and no
    breakpoint that could pause before it (the REPL's stepping).  A handler that works in
    stages may then go straight on to its next stage, which is exactly what the loop would
    do, without the trip through ``Game.run``."""
    state = game.state
    agenda = state.agenda
    return state.pending is None and not state.over and not state.triggered \
        and not game.breakpoints and bool(agenda) and agenda[-1] is frame


# ---- a trigger's line in the log, written only once it does something ------------------
#
# "Resilience triggers" followed by nothing (its Frenzy did not hold, a Banner's hero was
# not near) tells a person nothing, and such lines were dozens a game.  So a trigger's
# block carries its announcement (``ANNOUNCE``: text, cause, player, private, and the
# length of the root block's path) and writes it just before the first thing the trigger
# does: a line its steps log (the announcement goes in front of it), a question asked, or
# work pushed for later.  A branch (``if``, ``for each``, a mode) takes the announcement
# along and hands it back to the block below it when it ends with nothing done; the root
# block ending with it unwritten means the trigger did nothing, and nothing is logged.

ANNOUNCE: Final = "announce"


def announce(game: "Game", d: dict, at: int | None = None) -> None:
    """Write the block's pending trigger line, at the end of the log or at index ``at``
    (in front of the lines a step has just logged)."""
    note = d.pop(ANNOUNCE, None)
    if note is None:
        return
    text, cause, player, private, _ = note
    if at is None:
        game.log("trigger", text, cause, player, private)
    else:
        game.state.log.insert(at, LogEntry(game.state.turn, "trigger", text, cause, player, private))


def pass_announcement(game: "Game", d: dict) -> None:
    """A branch ends with its trigger's line still unwritten: give the line back to the
    block below (its parent, or the next of its ``for each`` siblings); the trigger's own
    block drops it (the trigger did nothing)."""
    note = d.pop(ANNOUNCE)
    agenda = game.state.agenda
    if len(d["path"]) <= note[4] or not agenda:
        return
    below = agenda[-1]
    if below.kind == "block" and below.data["src"] == d["src"]:
        below.data[ANNOUNCE] = note


class BlockFrame(FrameHandler):
    kind: ClassVar = "block"
    fields: ClassVar = Record({"src": CARD, "ctl": PLAYER, "item": Item(blank=True), "path": ListOf(Either(INT, STR)),
                               "i": COUNT, "bind": BIND, "choices": ListOf(PLAIN)},
                              {"targets": ListOf(REFS), "may": BOOL})

    def check(self, check: "StateCheck", frame: Frame, path: str, top: bool) -> None:
        """Its path leads to a node list of its card, its index is within it; only the
        frame running now can be halfway through a step (choices made, a "may" answered)."""
        super().check(check, frame, path, top)
        d = frame.data
        card = check.cdef(d["src"], f"{path}[\"src\"]")
        try:
            nodes = nodes_at(card, d["path"]) if d["path"] else None
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            nodes = None
        if nodes is None:
            raise SaveProblem(f"{path}[\"path\"]", f"{d['path']} is not a place in {card.name}'s effects")
        if d["i"] > len(nodes):
            raise SaveProblem(f"{path}[\"i\"]", f"{card.name} has {len(nodes)} steps there, not {d['i']}")
        if not top and (d["choices"] or "may" in d):
            raise SaveProblem(path, "only the step running now can be halfway through a choice")

    def run(self, game: "Game", frame: Frame) -> None:
        """Run the block's nodes one after another for as long as the engine loop would
        come straight back to this frame anyway (``runs_on``): each node costs one pass,
        not a trip through ``Game.run`` with its card and node list looked up again."""
        d = frame.data
        card = game.cdef(d["src"])
        nodes = nodes_at(card, d["path"])
        ctx = Ctx(game, frame)
        while True:
            if d["i"] >= len(nodes):
                game.pop(frame)
                if ANNOUNCE in d:
                    pass_announcement(game, d)
                return
            self._node(game, frame, card, nodes, ctx)
            if not runs_on(game, frame):
                return

    def _node(self, game: "Game", frame: Frame, card: CardDef, nodes: tuple, ctx: Ctx) -> None:
        """Run (or ask about) the node at the frame's index."""
        d = frame.data
        node = nodes[d["i"]]
        if isinstance(node, Step):
            verb = game.rules.vocab.verbs[node.verb]
            if node.optional and "may" not in d:
                announce(game, d)
                game.ask(d["ctl"], "may", f"{card.name}: {game.rules.render_step(node)}?",
                         [Action("may", (True,), "yes"), Action("may", (False,), "no")])
                return
            if node.optional and not d["may"]:
                del d["may"]
                # a declined cost ("you may expend a charge to ...") drops what it paid for
                d["i"] = len(nodes) if node.gate else d["i"] + 1
                return
            need = verb.needs(ctx, node, d["choices"])
            if need is not None:
                announce(game, d)
                game.state.pending = need
                return
            choices = d["choices"]
            d["i"] += 1
            d["choices"] = []
            d.pop("may", None)
            if ANNOUNCE not in d:
                verb.run(ctx, node, choices)
                return
            state = game.state
            logged, depth = len(state.log), len(state.agenda)
            verb.run(ctx, node, choices)
            if len(state.log) > logged:
                announce(game, d, logged)
            elif len(state.agenda) != depth or state.pending is not None or state.triggered:
                announce(game, d)
        elif isinstance(node, If):
            d["i"] += 1
            index = d["i"] - 1
            if ctx.test(node.cond):
                self._enter(game, d, [index, "t"], node.then)
            elif node.otherwise:
                self._enter(game, d, [index, "e"], node.otherwise)
        elif isinstance(node, Choose):
            item = ctx.item
            if item is not None and item.modes:
                d["i"] += 1
                self._enter(game, d, [d["i"] - 1, item.modes[0]], node.options[item.modes[0]])
            else:
                opts = [Action("mode", (k,), f"option {k + 1}") for k in range(len(node.options))]
                announce(game, d)
                game.ask(d["ctl"], "choose_mode", f"{card.name}: choose one", opts)
        elif isinstance(node, ForEach):
            d["i"] += 1
            index = d["i"] - 1
            child = None
            if node.count is not None:      # 'for each (QUANTITY)': that many times, no binding
                for _ in range(max(0, ctx.value(node.count))):
                    child = push_block(game, d["src"], d["ctl"], d["path"] + [index, "b"], item=d["item"],
                                       bind=d["bind"], targets=d.get("targets"))
            else:
                refs = ctx.select(node.sel)
                for ref in reversed(refs):
                    bind = {**d["bind"], node.name: ref, "them": ref}
                    child = push_block(game, d["src"], d["ctl"], d["path"] + [index, "b"], item=d["item"],
                                       bind=bind, targets=d.get("targets"))
            if child is not None and ANNOUNCE in d:
                child.data[ANNOUNCE] = d.pop(ANNOUNCE)

    @staticmethod
    def _enter(game: "Game", d: dict, branch: list, nodes: tuple) -> None:
        if nodes:
            child = push_block(game, d["src"], d["ctl"], d["path"] + branch, item=d["item"],
                               bind=d["bind"], targets=d.get("targets"))
            if ANNOUNCE in d:
                child.data[ANNOUNCE] = d.pop(ANNOUNCE)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        if action.kind == "may":
            d["may"] = bool(action.args[0])
            return
        if action.kind == "mode":
            card = game.cdef(d["src"])
            nodes = nodes_at(card, d["path"])
            node = nodes[d["i"]]
            d["i"] += 1
            self._enter(game, d, [d["i"] - 1, action.args[0]], node.options[action.args[0]])
            return
        d["choices"].append(list(action.args) if len(action.args) != 1 else action.args[0])


class OrderTriggers(FrameHandler):
    """Simultaneous triggers: each player, in turn order, orders their own."""
    kind: ClassVar = "order_triggers"
    fields: ClassVar = record(items=ListOf(TRIGGER))

    def run(self, game: "Game", frame: Frame) -> None:
        items = frame.data["items"]
        if not items:
            game.pop(frame)
            return
        if len(items) == 1:
            self._start(game, frame, 0)     # the usual case: nothing to order
            return
        first_ctl = items[0]["ctl"]
        mine = [k for k, t in enumerate(items) if t["ctl"] == first_ctl]
        if len(mine) > 1 and len({(items[k]["src"], items[k]["ability"]) for k in mine}) > 1:
            opts = [Action("trigger", (k,), f"{game.name(items[k]['src'])} first") for k in mine]
            game.ask(first_ctl, "order_triggers", "Which of your triggered abilities resolves first?", opts)
            return
        self._start(game, frame, mine[0])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        self._start(game, frame, action.args[0])

    @staticmethod
    def _start(game: "Game", frame: Frame, k: int) -> None:
        items = frame.data["items"]
        trig = items.pop(k)
        if not items:
            game.pop(frame)
        card = game.cdef(trig["src"])
        ability = card.abilities[trig["ability"]]
        if getattr(ability, "limit", ""):
            key = game._limit_key(trig["src"], trig["ability"], ability.limit)
            if game.state.used.get(key):
                # two events queued it at once (two Edges flipped by one blow): the limit
                # is counted when it resolves, so the second copy does nothing
                game.log("trigger", f"{card.name} does not trigger again: once per {ability.limit}",
                         cause=card.name, player=trig["ctl"])
                return
            game.state.used[key] = 1
        state = game.state
        inst = state.cards.get(trig["src"])
        # a card working from a hidden zone (Ivion's Bellow, in a hand) stays unnamed to others
        hidden = False
        if inst is not None and inst.zone:
            visible = game.rules.zone_visible
            for p in state.players:
                if not visible(state, inst.zone, p.index):
                    hidden = True
                    break
        block = push_block(game, trig["src"], trig["ctl"], [trig["ability"]], bind=trig["data"].get("bind", {}))
        who = game.rules.describe_card(game, trig["src"]) if inst is not None else card.name
        block.data[ANNOUNCE] = [f"{who} triggers", card.name, trig["ctl"], hidden, 1]
        game.rules.trigger_started(game, block, ability)


def install(rules: GameRules) -> None:
    """Give a game the core's frame handlers."""
    rules.handler(BlockFrame)
    rules.handler(OrderTriggers)
    rules.handler(PickCardsFrame)
