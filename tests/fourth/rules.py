"""Pebbles' rules: setup, the turn, playing a card, the greedy AI's score.

Each player's heap holds ``heap N`` copies of every card in the card files, shuffled; each
draws 3.  A turn: draw a card, then play one from your hand (it goes to your discard and
does what it says); an ``encore`` card lets you play another.  The first to 10 pebbles
wins at once; when both heaps and hands are empty, the one with more pebbles wins.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core import rng
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.interpreter import push_block
from cardsmith.runtime.core.rules import FrameHandler, GameRules
from cardsmith.runtime.core.shapes import BOOL, CARD, PLAYER, Record, Str
from cardsmith.runtime.core.state import Action, CardInstance, CARD_ID_PREFIX, Frame, GameState, Player
from cardsmith.runtime.core.view import GameView

from . import header_reader
from .header import PebblesHeader, make_header
from .words import draw, has_encore

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary
    from cardsmith.runtime.core.engine import Game

HAND: Final = 3
NAMES: Final = ("alice", "bob")


class PebblesRules(GameRules):
    name: ClassVar = "fourth"
    card_header: ClassVar = header_reader
    cards_package: ClassVar = "tests.fourth"
    private_zones: ClassVar = ("hand",)
    secret_zones: ClassVar = ("deck",)

    def make_header(self, fields: dict[str, Any], where: str) -> PebblesHeader:
        return make_header(fields, where)

    def render_header(self, header: PebblesHeader) -> str:
        return f"Pebbles card - heap {header.heap}"

    def game_view(self) -> GameView:
        from .view import PebblesView
        return PebblesView(self.name)

    def new_state(self, library: "CardLibrary", options: dict[str, Any]) -> GameState:
        from cardsmith.runtime.core.engine import Game

        seed = int(options.get("seed") or 0)
        names = list(options.get("names") or NAMES)
        if len(names) != 2:
            raise CardsmithError(f"pebbles is a game for 2 players, not {len(names)}")
        state = GameState(game=self.name, ruleset="default", seed=seed, rng=rng.seed_state(seed))
        game = Game(self, state, library, history=False)
        for i, name in enumerate(names):
            state.players.append(Player(i, name, team=i, stats={"pebbles": 0}))
            for kind in ("deck", "hand", "discard"):
                state.zones[f"{kind}:{i}"] = []
            for cdef in library:
                if cdef.game == self.name:
                    for _ in range(cdef.header.heap):
                        cid = state.new_id(CARD_ID_PREFIX)
                        state.cards[cid] = CardInstance(cid, cdef.name, i, f"deck:{i}")
                        state.zones[f"deck:{i}"].append(cid)
            game.shuffle(f"deck:{i}")
            draw(game, i, HAND, "starting hand")
        state.agenda.append(Frame("turn", {"step": "start"}))
        return state

    def select(self, ctx: Any, sel: Any) -> list[str]:
        return [f"player:{ctx.controller}"] if sel.mode == "ref" and sel.noun == "you" else []

    def evaluate(self, state: GameState, player: int) -> float:
        """More pebbles than the other player, by how many."""
        if state.over:
            return 1e6 if state.winner == player else -1e6
        mine, theirs = (state.players[k].stats.get("pebbles", 0) for k in (player, 1 - player))
        return float(mine - theirs)

    def play_result(self, game: "Game", decisions: int) -> str:
        return f"{game.state.result} after {game.state.turn} turns and {decisions} decisions"


def play_options(game: "Game", player: int) -> list[Action]:
    """One option per card name in the hand (copies are the same play)."""
    seen: dict[str, Action] = {}
    for cid in game.state.zones[f"hand:{player}"]:
        name = game.state.cards[cid].name
        seen.setdefault(name, Action("play", (cid,), f"play {name}"))
    return list(seen.values())


def finish(game: "Game") -> None:
    """Both heaps and hands empty: more pebbles wins, else a draw."""
    state = game.state
    a, b = (p.stats.get("pebbles", 0) for p in state.players)
    state.over, state.pending = True, None
    state.winner = 0 if a > b else 1 if b > a else -1
    state.result = "a draw" if a == b else f"{state.players[state.winner].name} wins with more pebbles"
    game.log("end", state.result)


class TurnFrame(FrameHandler):
    """start (draw) > play (ask) > after (again or end) > end (the next player)."""
    kind: ClassVar = "turn"
    fields: ClassVar = Record({"step": Str("start", "play", "after", "end")}, {"again": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        state, d = game.state, frame.data
        if d["step"] == "start":
            state.turn += 1
            state.active = (state.turn - 1) % 2
            game.log("turn", f"--- turn {state.turn}: {state.players[state.active].name} ---")
            draw(game, state.active, 1, "turn")
            d["step"] = state.phase = "play"
        elif d["step"] == "play":
            # asked even with nothing to play, so that a hand edit never moves the game on
            options = play_options(game, state.active) or [Action("pass", (), "pass (no card to play)")]
            game.ask(state.active, "play", f"{state.players[state.active].name}: play a card", options)
        elif d["step"] == "after":
            d["step"] = "play" if d.pop("again", False) else "end"
        else:
            if all(not state.zones[f"{k}:{p.index}"] for p in state.players for k in ("deck", "hand")):
                game.pop(frame)
                finish(game)
                return
            d["step"] = state.phase = "start"

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        if action.kind == "pass":
            game.log("pass", f"{game.state.players[game.state.active].name} has no card to play")
            frame.data["step"] = "end"
            return
        cid = action.args[0]
        frame.data["step"] = "after"
        if has_encore(game.cdef(cid).keywords):
            frame.data["again"] = True
        game.move_card(cid, f"discard:{game.state.active}")
        game.push("resolve", card=cid, ctl=game.state.active)


class ResolveFrame(FrameHandler):
    """A played card does what it says: where the REPL's ``step`` pauses."""
    kind: ClassVar = "resolve"
    fields: ClassVar = Record({"card": CARD, "ctl": PLAYER})

    def run(self, game: "Game", frame: Frame) -> None:
        cid, ctl = frame.data["card"], frame.data["ctl"]
        game.pop(frame)
        game.log("play", f"{game.state.players[ctl].name} plays {game.name(cid)}", game.name(cid), ctl)
        push_block(game, cid, ctl, [-1])
