"""The turn (002 § Battle; § End of the Game; § Rules for Two Players).

One ``turn`` frame sits at the bottom of the agenda and walks the phases:

  reveal (then reactions: Hedgehogs) > supports (in letter order) > mobilization (a hook,
  empty in the introductory game) > move > reinforcements > defense (then the hand limit)

and after the turn in which the last Ravage cards were revealed, the Final Assault and the
count of the Trees' vitality.  Each phase announces its start and end as events
(``start:defense`` ...), so designer cards can hook any of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from cardsmith.runtime.core.choices import push_pick
from cardsmith.runtime.core.interpreter import push_block, runs_on
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, CARD, Record, Str
from cardsmith.runtime.core.state import Action, Frame

from . import battlefield as bf
from .play import payer, play_options

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

HAND_LIMIT: Final = 10
TURN_PHASES: Final = ("reveal", "supports", "mobilization", "move", "reinforcements", "defense")
#: the turn's steps in the rulebook's words (002 § Battle: "Reveal Ravage cards, Move
#: Elementals, Reinforcements, Defense"; § Support Cards; § Final Assault)
PHASE_NAMES: Final = {"reveal": "Reveal Ravage cards", "supports": "Support cards", "mobilization": "Mobilization",
                      "move": "Move Elementals", "reinforcements": "Reinforcements", "defense": "Defense",
                      "final_assault": "Final Assault"}


def draws_per_turn(game: "Game") -> int:
    """3 cards alone, 2 with two players (002 § Reinforcements; § Rules for Two Players)."""
    return 3 if len(game.state.players) == 1 else 2


def reveal_row(game: "Game", row: int, cause: str) -> str:
    """Reveal the top card of a row's Ravage stack; it stays on its stack (002 § Reveal)."""
    stack = game.state.zones[bf.stack_zone(row)]
    if not stack or game.state.cards[stack[0]].revealed:
        return ""
    cid = stack[0]
    game.state.cards[cid].revealed = True
    h = bf.header(game, cid)
    what = f"support {h.letter}" if h.kind == "support" else f"strength {h.strength}"
    game.log("reveal", f"row {bf.ROW_NAMES[row]}: {game.name(cid)} ({what}) is revealed", cause)
    game.emit("reveal", card=cid, bind={"it": cid})
    return cid


def pending_supports(game: "Game") -> list[str]:
    """Revealed Supports in letter order (A before B ...), row order within a letter."""
    tops = [c for c in bf.revealed_tops(game) if bf.header(game, c).kind == "support"]
    return sorted(tops, key=lambda c: (bf.header(game, c).letter, bf.position(game, c)[0]))  # type: ignore[index]


def stacks_empty(game: "Game") -> bool:
    return all(not game.state.zones[bf.stack_zone(r)] for r in range(bf.ROWS))


class TurnFrame(FrameHandler):
    kind: ClassVar = "turn"
    fields: ClassVar = Record({"phase": Str(*TURN_PHASES, "final_assault", "over"), "step": Str("start", "do", "end")}, {"revealed": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        phase, step = d["phase"], d["step"]
        if step == "start":
            if phase == "reveal":
                self.new_turn(game)
            game.state.phase = phase
            d["step"] = "do"
            game.emit("start:" + phase, who=game.state.active)
            return
        if step == "end":
            d["step"] = "start"
            game.emit("end:" + phase, who=game.state.active)
            d["phase"] = self.next_phase(game, phase)
            if d["phase"] == "over":
                game.pop(frame)
                score(game)
            return
        getattr(self, "do_" + phase)(game, frame)

    # ---- the turn's skeleton ----------------------------------------------------------
    @staticmethod
    def new_turn(game: "Game") -> None:
        state = game.state
        state.turn += 1
        n = len(state.players)
        state.active = (state.turn - 1) % n          # two players alternate, A first
        for key in [k for k in state.used if k.startswith("turn:")]:
            del state.used[key]
        who = f": {state.players[state.active].name} is active" if n > 1 else ""
        left = len(state.zones[bf.stack_zone(0)])
        game.log("turn", f"--- turn {state.turn}{who} ({left} Ravage card{'s' if left != 1 else ''} per stack) ---")
        game.emit("turn_start", who=state.active)

    @staticmethod
    def next_phase(game: "Game", phase: str) -> str:
        if phase == "final_assault":
            return "over"
        if phase == "defense":
            game.emit("turn_end", who=game.state.active)
            # "When the last card of each Ravage stack has been revealed, the final turn
            # begins ... followed by one last additional step: the Final Assault."
            return "final_assault" if stacks_empty(game) else "reveal"
        return TURN_PHASES[TURN_PHASES.index(phase) + 1]

    # ---- 1. reveal, then reactions ----------------------------------------------------
    def do_reveal(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        if not d.get("revealed"):
            d["revealed"] = True
            for row in range(bf.ROWS):
                reveal_row(game, row, "reveal")
            return
        me = game.state.active
        opts = play_options(game, me, reaction=True)
        if not opts:
            d.pop("revealed")
            d["step"] = "end"
            return
        opts.append(Action("pass", (), "let the revealed cards be"))
        game.ask(me, "react", "Ravage cards are revealed: react (Hedgehogs ...) or pass", opts)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        me = game.state.active
        if action.kind == "play":
            game.push("play", card=action.args[0], ctl=me, payer=payer(game, me), step="targets",
                      targets=[], reaction=d["phase"] == "reveal")
        elif d["phase"] == "reveal":
            d.pop("revealed", None)
            d["step"] = "end"
        else:
            self.close_defense(game, frame)

    # ---- 2. supports, in letter order -------------------------------------------------
    def do_supports(self, game: "Game", frame: Frame) -> None:
        todo = pending_supports(game)
        if not todo:
            frame.data["step"] = "end"
            return
        game.push("support", card=todo[0])

    # ---- 3. mobilization (advanced game / expansions) ----------------------------------
    def do_mobilization(self, game: "Game", frame: Frame) -> None:
        frame.data["step"] = "end"
        game.rules.mobilize(game)  # type: ignore[attr-defined]

    # ---- 4. move ------------------------------------------------------------------------
    def do_move(self, game: "Game", frame: Frame) -> None:
        frame.data["step"] = "end"
        if bf.elementals(game):
            game.push("march", cause="the Elementals march", note="the Elementals march one space left")

    # ---- 5. reinforcements --------------------------------------------------------------
    def do_reinforcements(self, game: "Game", frame: Frame) -> None:
        frame.data["step"] = "end"
        game.push("reinforcements")

    # ---- 6. defense, then the hand limit -----------------------------------------------
    def do_defense(self, game: "Game", frame: Frame) -> None:
        me = game.state.active
        opts = play_options(game, me, reaction=False)
        opts.append(Action("end", (), "end Defense"))
        game.ask(me, "defense", f"Defense: {game.state.players[me].name} plays cards or ends Defense", opts)

    @staticmethod
    def close_defense(game: "Game", frame: Frame) -> None:
        """Hand limit 10 at the end of Defense (002 § Defense), for each player."""
        frame.data["step"] = "end"
        for p in reversed(game.state.players):
            over = len(game.state.zones[bf.hand(p.index)]) - HAND_LIMIT
            if over > 0:
                push_pick(game, p.index, bf.hand(p.index), over, bf.SYLVAN_DISCARD,
                          prompt=f"hand limit {HAND_LIMIT}: discard a card", cause="hand limit")

    # ---- the Final Assault ----------------------------------------------------------------
    def do_final_assault(self, game: "Game", frame: Frame) -> None:
        """Elementals march until destroyed or in the forest (002 § Final Assault)."""
        if not bf.elementals(game):
            frame.data["step"] = "end"
            return
        game.push("march", cause="Final Assault")


#: the cause of the Final Assault's flips back to Bloom, in the log (``rules.result_figures``
#: counts them: a won game's Desolated Edges are Bloom again when it ends)
RENEW: Final = "the Trees renew the forest"


def score(game: "Game") -> None:
    """Count the surviving Trees' vitality against the Desolated Edges (002 § Final Assault)."""
    if game.state.over:
        return
    trees = [c for c in game.state.zones["field"] if bf.header(game, c).kind == "tree"]
    vitality = sum(bf.header(game, c).vitality for c in trees)
    dead = len(bf.edges(game, True))
    text = f"the Trees' vitality {vitality} against {dead} Desolated Edge{'s' if dead != 1 else ''}"
    if vitality >= dead:
        bf.heal(game, dead, RENEW)
        bf.win(game, text + ": every Edge is Bloom side up")
    else:
        bf.lose(game, text + ": the forest is reduced to ash")


class SupportFrame(FrameHandler):
    """A revealed Support resolves, then is discarded (002 § Support Cards)."""
    kind: ClassVar = "support"
    fields: ClassVar = Record({"card": CARD}, {"started": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        cid = frame.data["card"]
        if not frame.data.get("started"):
            frame.data["started"] = True
            h = bf.header(game, cid)
            game.log("support", f"{game.name(cid)} ({h.letter}) resolves", game.name(cid))
            push_block(game, cid, game.state.active, [-1])
            return
        game.pop(frame)
        card = game.state.cards[cid]
        if card.zone != bf.RAVAGE_DISCARD:
            bf.discard(game, cid)


class MarchFrame(FrameHandler):
    """Every Elemental moves one space left at once (002 § Move Elementals; the Final
    Assault, a round at a time), one Elemental a run, so the REPL's ``step`` can stop
    before the march and before each combat.  The order is ``bf.march_order``'s, taken as
    the march starts; what the moves trigger waits in the frame until the last one has
    moved, as when every Elemental moves at once."""
    kind: ClassVar = "march"

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        state = game.state
        if "movers" not in d:
            if d.get("note"):
                game.log("march", d["note"], "Move Elementals")
            d["movers"], d["next"], d["held"] = bf.march_order(game, bf.elementals(game)), 0, []
            if not runs_on(game, frame):        # a pause may come before the first move
                return
        movers = d["movers"]
        while True:
            if d["next"] >= len(movers) or state.over:
                game.pop(frame)
                state.triggered[:0] = d["held"]
                return
            eid = movers[d["next"]]
            d["next"] += 1
            if bf.position(game, eid) is not None:
                bf.shift(game, eid, 1, d["cause"])
            d["held"] += state.triggered
            state.triggered = []
            if not runs_on(game, frame):
                return


def next_mover(game: "Game", frame: Frame) -> str:
    """The Elemental a march frame moves next ('' before it starts or when none is left)."""
    d = frame.data
    movers = d.get("movers", ())
    for eid in movers[d.get("next", 0):]:
        if bf.position(game, eid) is not None:
            return eid
    return ""


class ReinforcementsFrame(FrameHandler):
    """Draw three cards alone, two with two players (002 § Reinforcements)."""
    kind: ClassVar = "reinforcements"

    def run(self, game: "Game", frame: Frame) -> None:
        game.pop(frame)
        bf.draw(game, game.state.active, draws_per_turn(game), "reinforcements")
