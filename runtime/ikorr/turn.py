"""Setting up and the turn: Start (secure, influence), Draw, Action, End.

004 § Setting Up: a random team decides who goes first; avatars and decks are placed face
down, everyone draws 5, may shuffle any number back and draw that many, then the avatars
are revealed together.  004 § Turn Phases: a turn belongs to a team; its players act
together.  The Action Phase is a priority window (``runtime.core.priority``) over every
seat, the active team first; opponents hold priority too but have nothing to do on another
team's turn, so their passes are automatic.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.priority import PriorityFrame, open_window
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import CARDS, COUNT, Int, Record, Str, record
from cardsmith.runtime.core.state import Action, Frame, StackItem
from cardsmith.runtime.core.teams import members

from . import battlefield as bf
from .actions import priority_options
from .play import activate, raid, support
from .players import draw, gain_influence, refresh
from .zones import IkorrState, champions, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

HAND_SIZE: Final = 5


class SetupFrame(FrameHandler):
    kind: ClassVar = "setup"
    fields: ClassVar = Record({"stage": Str("decide", "draw", "mulligan", "reveal")},
                              {"decider": Int(0, 1), "seat": COUNT, "back": CARDS})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        state: IkorrState = game.state  # type: ignore[assignment]
        if d["stage"] == "decide":
            if state.options.get("first") is not None:
                self._first(game, frame, int(state.options["first"]))
                return
            if "decider" not in d:      # drawn once: a hand edit re-asks the same team
                d["decider"] = game.random_below(2)
                game.log("setup", f"team {d['decider'] + 1} decides who goes first (seed {state.seed})",
                         "004 § Setting Up 1")
            decider = d["decider"]
            who = members(state, decider)[0]
            game.ask(who, "first", f"{state.players[who].name}: does your team go first?",
                     [Action("first", (decider,), "we go first"), Action("first", (1 - decider,), "we go second")])
            return
        if d["stage"] == "draw":
            for p in self.order(game):
                draw(game, p, HAND_SIZE, "opening hand")
            d["stage"] = "mulligan"
            d["seat"] = 0
            d["back"] = []
            return
        if d["stage"] == "mulligan":
            order = self.order(game)
            if not state.options.get("mulligan", True) or d["seat"] >= len(order):
                d["stage"] = "reveal"
                return
            p = order[d["seat"]]
            hand = state.zones[zone("hand", p)]
            opts = [Action("keep", (), f"keep the rest ({len(d['back'])} back)")]
            seen: set[str] = set()
            for cid in hand:
                if cid not in d["back"] and game.name(cid) not in seen:
                    seen.add(game.name(cid))
                    opts.append(Action("back", (cid,), f"shuffle back {game.name(cid)}"))
            game.ask(p, "mulligan", f"{state.players[p].name}: shuffle cards back into your deck to draw again?", opts)
            return
        if d["stage"] == "reveal":
            game.pop(frame)
            names = "; ".join(f"{p.name}: {game.name(state.zones[zone('avatar', p.index)][0])}"
                              for p in state.players if state.zones[zone("avatar", p.index)])
            for player in state.players:
                for cid in state.zones[zone("avatar", player.index)]:
                    state.cards[cid].revealed = True
            game.log("setup", f"avatars revealed together: {names}", "004 § Setting Up 4")
            game.push("turn", stage="start")

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        state = game.state
        if action.kind == "first":
            self._first(game, frame, action.args[0])
        elif action.kind == "back":
            d["back"].append(action.args[0])
        elif action.kind == "keep":
            p = self.order(game)[d["seat"]]
            back = d["back"]
            for cid in back:
                game.move_card(cid, zone("deck", p))
            if back:
                game.shuffle(zone("deck", p))
                game.log("mulligan", f"{state.players[p].name} shuffles {len(back)} back and draws {len(back)}",
                         "004 § Setting Up 3", p)
                draw(game, p, len(back), "mulligan")
            d["seat"] += 1
            d["back"] = []

    @staticmethod
    def _first(game: "Game", frame: Frame, team: int) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        state.active_team = team
        state.active = members(state, team)[0]
        game.log("setup", f"team {team + 1} goes first", "004 § Setting Up 1")
        frame.data["stage"] = "draw"

    @staticmethod
    def order(game: "Game") -> list[int]:
        """Seats in play order: the first team, then the other."""
        state: IkorrState = game.state  # type: ignore[assignment]
        first = state.active_team
        return members(state, first) + [p for t in range(len(state.secured)) if t != first
                                        for p in members(state, t)]


class TurnFrame(FrameHandler):
    kind: ClassVar = "turn"
    fields: ClassVar[Any] = None    # filled in below the class, from its stages

    def run(self, game: "Game", frame: Frame) -> None:
        getattr(self, "stage_" + frame.data["stage"])(game, frame)

    def stage_start(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        state.turn += 1
        state.phase = "start"
        for key in [k for k in state.used if k.startswith("turn:")]:
            del state.used[key]
        team = state.active_team
        state.active = members(state, team)[0]
        names = ", ".join(state.players[p].name for p in members(state, team))
        game.log("turn", f"--- turn {state.turn}: team {team + 1} ({names}) ---")
        # Secure step: every allied champion secures its stored Ikorr (stunned ones can't).
        for p in members(state, team):
            for cid in list(champions(game, p)):
                n = bf.counter(game, cid, "ikorr")
                if not n:
                    continue
                if bf.stunned(game, cid):
                    game.log("secure", f"{bf.who(game, cid)} is stunned and can't secure", "Stun", p)
                    continue
                bf.add_counter(game, cid, "ikorr", -n)
                bf.secure(game, team, n, f"{game.name(cid)} secures (Secure Step)")
                game.emit("secure", card=cid, who=p, bind={"it": cid})
        frame.data["stage"] = "influence"

    def stage_influence(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        for p in members(state, state.active_team):
            refresh(game, p)
            gain_influence(game, p, 1, "Influence Step")
        frame.data["stage"] = "draw"

    def stage_draw(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        state.phase = "draw"
        frame.data["stage"] = "action"
        if state.turn == 1:
            game.log("draw", "the Draw Phase is skipped on the first turn of the game", "004 § Turn Phases 2")
            return
        for p in members(state, state.active_team):
            draw(game, p, 1, "Draw Phase")

    def stage_action(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        state.phase = "action"
        frame.data["stage"] = "end"
        order = members(state, state.active_team) + [p.index for p in state.players
                                                      if p.team != state.active_team]
        open_window(game, "action_window", order)

    def stage_end(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        state.phase = "end"
        frame.data["stage"] = "reanimate"
        game.emit("end", team=state.active_team, who=state.active)

    def stage_reanimate(self, game: "Game", frame: Frame) -> None:
        """Reanimate: summoned from the graveyard during the next end phase."""
        state: IkorrState = game.state  # type: ignore[assignment]
        frame.data["stage"] = "cleanup"
        for p in state.players:
            for cid in list(state.zones[zone("graveyard", p.index)]):
                card = state.cards[cid]
                if card.counters.pop("reanimate_pending", 0):
                    clash = bf.fabled_clash(game, cid, card.owner)
                    if clash:
                        game.log("reanimate", f"{card.name} stays in the graveyard: {clash}", "Fabled", card.owner)
                    elif bf.summon(game, cid, card.owner, "Reanimate"):
                        card.counters["reanimated"] = 1

    def stage_cleanup(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        for p in state.players:
            p.flags.pop("spell_discount", None)
            p.flags.pop("spell_returns", None)
            for cid in champions(game, p.index):
                state.cards[cid].counters.pop("attack_bonus", None)
        teams = sorted({p.team for p in state.players})
        state.active_team = teams[(teams.index(state.active_team) + 1) % len(teams)]
        frame.data["stage"] = "start"


class ActionWindow(PriorityFrame):
    """The Action Phase: the active team's players act while they hold priority."""
    kind: ClassVar = "action_window"

    def options(self, game: "Game", player: int, frame: Frame) -> list[Action]:
        return priority_options(game, player)

    def must_ask(self, game: "Game", player: int, frame: Frame, options: list[Action]) -> bool:
        """With the option ``auto_pass`` off, the active team's players are asked even when
        passing is all they can do (tests and step-by-step play stop at every turn)."""
        if options:
            return True
        state: IkorrState = game.state  # type: ignore[assignment]
        return not state.options.get("auto_pass", True) and state.players[player].team == state.active_team

    def act(self, game: "Game", player: int, action: Action, frame: Frame) -> None:
        a = action.args
        if action.kind == "play":
            game.push("play", card=a[0], ctl=player)
        elif action.kind == "attack":
            game.push("battle", attacker=a[0], defender=a[1], stage="declare")
        elif action.kind == "raid":
            raid(game, player, a[0])
        elif action.kind == "support":
            support(game, player, a[0], a[1])
        elif action.kind == "activate":
            activate(game, player, a[0], a[1])

    def resolve(self, game: "Game", item: StackItem, frame: Frame) -> None:
        game.push("resolve_item", item=item.id, stage="start")

    def after_resolve(self, game: "Game", item: StackItem, frame: Frame) -> int:
        order = frame.data["order"]
        return order.index(item.controller) if item.controller in order else 0

    def prompt(self, game: "Game", player: int, frame: Frame) -> str:
        base = super().prompt(game, player, frame)
        return base.replace("act or pass", "play, attack, raid, activate, or pass (passing with an empty "
                            "queue ends your part of the Action Phase)")


TurnFrame.fields = record(stage=Str(*(name[len("stage_"):] for name in vars(TurnFrame) if name.startswith("stage_"))))
