"""A queue with priority: players take turns to act or pass until all pass in a row.

Many card games (Rush of Ikorr; the response windows of others) share this shape: the
player holding priority may act (which usually adds an item to the queue, ``state.stack``)
or pass; priority moves on in a fixed order; when every player has passed in succession,
the newest pending queue item resolves and priority starts again; when everyone passes with
an empty queue the window closes.  Only the answers are the game's: what a player may do
(``options``), what doing it means (``act``), how an item resolves (``resolve``) and where
priority goes afterwards (``after_resolve``).  Players with nothing to do but pass are not
asked (their pass is automatic), so the AIs and the REPL only see real choices.

Frame data (plain, so a game can be saved while a player holds priority):
``order`` the players in priority order, ``at`` the index of the holder, ``passes`` how
many passed in a row, plus whatever the game adds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from .rules import FrameHandler
from .shapes import COUNT, PLAYER, ListOf, SaveProblem, record
from .state import Action, Frame, StackItem
from .native import mypyc_attr

if TYPE_CHECKING:
    from .engine import Game
    from .validate import StateCheck

PASS: Final = Action("pass", (), "pass priority")


def open_window(game: "Game", kind: str, order: list[int], at: int = 0, **data: Any) -> Frame:
    """Push a priority frame of ``kind`` (a ``PriorityFrame`` subclass the game registered)."""
    return game.push(kind, order=list(order), at=at, passes=0, **data)


def pending_items(game: "Game") -> list[StackItem]:
    return [it for it in game.state.stack if it.fate == "pending"]


@mypyc_attr(allow_interpreted_subclasses=True)
class PriorityFrame(FrameHandler):
    """The window itself; a game subclasses it and fills in the four answers below."""
    kind: ClassVar = "priority"
    #: a game's window adds its own entries (``fields.extended``)
    fields: ClassVar = record(order=ListOf(PLAYER), at=COUNT, passes=COUNT)

    def check(self, check: "StateCheck", frame: Frame, path: str, top: bool) -> None:
        super().check(check, frame, path, top)
        d = frame.data
        if not d["order"]:
            raise SaveProblem(f"{path}[\"order\"]", "nobody holds priority in an empty order")
        if d["at"] >= len(d["order"]):
            raise SaveProblem(f"{path}[\"at\"]", f"{d['at']} is past the {len(d['order'])} players in the order")
        if d["passes"] > len(d["order"]):
            raise SaveProblem(f"{path}[\"passes\"]", f"{d['passes']} passes in a row of {len(d['order'])} players")

    # ---- what the game answers ------------------------------------------------------
    def options(self, game: "Game", player: int, frame: Frame) -> list[Action]:
        """What ``player`` may do while holding priority (passing is added here)."""
        return []

    def act(self, game: "Game", player: int, action: Action, frame: Frame) -> None:
        """Do what ``player`` chose (usually: start playing or activating something)."""
        raise NotImplementedError

    def resolve(self, game: "Game", item: StackItem, frame: Frame) -> None:
        """Resolve the newest pending queue item (push frames; they run before priority)."""
        raise NotImplementedError

    def after_resolve(self, game: "Game", item: StackItem, frame: Frame) -> int:
        """Index in ``order`` of who gets priority after ``item`` resolved."""
        return 0

    def must_ask(self, game: "Game", player: int, frame: Frame, options: list[Action]) -> bool:
        """Whether to ask ``player`` at all: by default only when they could do something
        besides passing (a game may ask anyway, e.g. for step-by-step play in a REPL)."""
        return bool(options)

    def closed(self, game: "Game", frame: Frame) -> None:
        """Everyone passed with an empty queue: the window is over (already popped)."""

    def prompt(self, game: "Game", player: int, frame: Frame) -> str:
        top = pending_items(game)
        what = f" ({game.name(top[-1].card)} is waiting to resolve)" if top else ""
        return f"{game.state.players[player].name} has priority{what}: act or pass"

    # ---- the loop -------------------------------------------------------------------
    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        order = d["order"]
        n = len(order)
        while d["passes"] < n:
            player = order[d["at"]]
            opts = self.options(game, player, frame)
            if self.must_ask(game, player, frame, opts):
                game.ask(player, "priority", self.prompt(game, player, frame), [*opts, PASS])
                return
            self._passed(d)
        d["passes"] = 0
        waiting = pending_items(game)
        if waiting:
            item = waiting[-1]
            d["at"] = self.after_resolve(game, item, frame) % n
            self.resolve(game, item, frame)
            return
        game.pop(frame)
        self.closed(game, frame)

    @staticmethod
    def _passed(d: dict) -> None:
        d["passes"] += 1
        d["at"] = (d["at"] + 1) % len(d["order"])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        player = d["order"][d["at"]]
        if action.kind == "pass":
            self._passed(d)
            return
        d["passes"] = 0
        self.act(game, player, action, frame)
