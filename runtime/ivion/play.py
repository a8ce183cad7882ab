"""Playing a card: choose, target, pay, then the card is on the stack and the enemy may
respond (001 § Core Concepts > Playing Cards; 000 § Resolving Cards > Playing Cards).

The ``play`` frame walks: mode -> targets -> cost (which reduced cost) -> unleash -> pay.  Each step that needs a
choice asks it as a decision, so the REPL, the AIs and the solver all see every choice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Final

from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.interpreter import Ctx, runs_on
from cardsmith.runtime.core.keywords import alternative_cost, on_play, spends_the_rest
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, CARD, COUNT, INT, ITEM, NULL, PLAYER, REFS, TRUE, ZONE, Either, \
    ListOf, Record, SaveProblem, Str, key, record
from cardsmith.runtime.core.state import Action, Frame, StackItem

from . import board, costs, in_hand, nemesis, precise
from .charges import WHY_NOT as CHARGE_WHY_NOT, charged, charges_left, expend
from .chivalry import check_play
from .hardcast import WHY_NOT, needs_reveal
from .leave_play import send_home
from .play_grants import BONUS, GRANTED, exact_only
from .playable import PLAY_IF_WHY_NOT, banner_block, cost_of, play_if_holds
from .players import zone
from .reactions import reaction_blocker
from .resources import spend
from .targeting import spec_options
from .turn_record import note_played
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.validate import StateCheck


def responder(game: "Game", player: int) -> int:
    """Who may answer a card played by ``player``: the next enemy in turn order."""
    state = game.state
    n = len(state.players)
    for k in range(1, n + 1):
        q = state.players[(player + k) % n]
        if q.team != state.players[player].team and not q.flags.get("defeated"):
            return q.index
    return player


class PlayFrame(FrameHandler):
    kind: ClassVar = "play"

    def run(self, game: "Game", frame: Frame) -> None:
        """Walk the stages until one asks (or the play ends); a stage that asks nothing goes
        straight on to the next when the engine loop would come back here anyway."""
        d = frame.data
        d.setdefault("stage", "mode")
        d.setdefault("targets", None)
        cdef = game.cdef(d["card"])
        stages = self._stages
        while True:
            stages[d["stage"]](self, game, frame, d, cdef)
            if not runs_on(game, frame):
                return

    def _mode(self, game: "Game", frame: Frame, d: dict, cdef: CardDef) -> None:
        # A card played by an effect (for free, a copy) still obeys its Control banner
        # (IV-PLAY-9); relics are heroic.
        if (d.get("free") or d.get("copy") or d.get("effect")) and not d.get("relic"):
            blocked = banner_block(game, d["ctl"], cdef.header)
            if blocked:
                return self._fizzle(game, frame, blocked)
            if needs_reveal(game, d["card"]):
                return self._fizzle(game, frame, WHY_NOT)
            if charged(game, d["card"]) and charges_left(game, d["card"]) < 1:
                return self._fizzle(game, frame, CHARGE_WHY_NOT)
            why = in_hand.why_not(game, d["ctl"], cdef.name, in_hand.only_names(game, d["ctl"]))
            if why:
                return self._fizzle(game, frame, why)
            play_if = cdef.header.play_if       # its 'playable if' (Breathe), wherever it is played from
            if play_if is not None and not play_if_holds(game, d["ctl"], d["card"], play_if):
                return self._fizzle(game, frame, PLAY_IF_WHY_NOT.format(cdef.header.play_if_text))
            stats = game.state.players[d["ctl"]].stats
            short = [s for s, n in cost_of(game, d["card"], free=bool(d.get("free")), player=d["ctl"],
                                           less=d.get("less", 0)).items()
                     if stats.get(s, 0) < n]
            if short and not nemesis.covering(game, d["ctl"], cdef, d.get("less", 0), d.get("must_target")):
                # charges may pay the actions it lacks at a player they are for (Nemesis)
                return self._fizzle(game, frame, f"its cost can't be paid (not enough {short[0]})")
        # A stage that asks moves on when answered (``decide``), so asking again (after a
        # hand edit, or checking a loaded game) asks the same question.
        if cdef.modes:
            opts = [Action("mode", (k,), f"option {k + 1}") for k in range(cdef.modes)
                    if self._mode_possible(game, d, k)]
            if not opts:
                return self._fizzle(game, frame, "no option of 'choose one' has a legal target")
            if len(opts) > 1:
                game.ask(d["ctl"], "choose_mode", f"{cdef.name}: choose one", opts)
                return
            d["mode"] = opts[0].args[0]
        d["stage"] = "targets"

    def _targets(self, game: "Game", frame: Frame, d: dict, cdef: CardDef) -> None:
        if d["targets"] is None:
            d["targets"] = [[] for _ in cdef.targets]
            if cdef.targets and not d.get("free") and not d.get("cantrip") and game.any_static(nemesis.RULE):
                # charges may stand in for actions at a player a card remembers (Nemesis):
                # a play too dear for resources alone must then target them (and, played
                # by an effect "targeting" someone, one of those too: Bullseye, To the Fray)
                d["charges_as_actions"] = True
                must = nemesis.covering(game, d["ctl"], cdef, d.get("less", 0), d.get("must_target"))
                if must:
                    d["must_target"] = must
        k = self._next_target(game, d)
        if k is None:
            d["stage"] = "cost"
            return
        spec = cdef.targets[k]
        options = self._options(game, d, k)
        if not options and not d["targets"][k]:
            if spec.upto:       # "up to one target card" with none there: it is played at none (Ice Pick)
                d.setdefault("closed", []).append(k)
                return None
            return self._fizzle(game, frame, "it has no legal target")
        acts = [Action("target", (ref,), f"target {game.rules.describe_ref(game, ref)}") for ref in options]
        if spec.upto or d["targets"][k]:
            acts.append(Action("done", (), "no more targets"))
        game.ask(d["ctl"], "target", f"{cdef.name}: choose target {k + 1} ({spec.noun})", acts)

    def _cost(self, game: "Game", frame: Frame, d: dict, cdef: CardDef) -> None:
        if d.get("charges_as_actions") and nemesis.offer_charges(game, d, cdef):
            # charges as actions at a remembered target (Nemesis): asked, or the one way
            if game.state.pending is None:
                d["stage"] = "unleash"
            return
        if not d.get("free") and not d.get("cantrip") and (costs.reduces(game) or d.get("less")):
            # A reduction of "N less resources" with both parts reducible: the player
            # chooses which part (G-17).
            choices = costs.affordable(game, d["ctl"], cdef, d.get("less", 0))
            if len(choices) > 1:
                game.ask(d["ctl"], "cost", f"{cdef.name}: which reduced cost do you pay?",
                         [Action("cost", (c["actions"], c["power"]), f"pay {costs.describe(c)}")
                          for c in choices])
                return
            if choices:
                d["cost"] = choices[0]
        d["stage"] = "unleash"

    def _unleash(self, game: "Game", frame: Frame, d: dict, cdef: CardDef) -> None:
        rest = spends_the_rest(cdef) if cdef.keywords else ""       # Unleash: power (keywords.py)
        if rest and not d.get("free") and not d.get("cantrip"):
            cost = d.get("cost") or cost_of(game, d["card"], player=d["ctl"], less=d.get("less", 0))
            left = game.state.players[d["ctl"]].stats.get(rest, 0) - cost[rest]
            if left >= 1:
                game.ask(d["ctl"], "unleash", f"{cdef.name}: unleash (spend your other {left} {rest})?",
                         [Action("unleash", (True,), f"unleash ({left} {rest})"),
                          Action("unleash", (False,), "don't unleash")])
                return
        d["stage"] = "pay"

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        if action.kind == "mode":
            d["mode"] = action.args[0]
            d["stage"] = "targets"
        elif action.kind == "target":
            k = self._next_target(game, d)
            d["targets"][k].append(action.args[0])
        elif action.kind == "done":
            k = self._next_target(game, d)
            d.setdefault("closed", []).append(k)
        elif action.kind == "cost":
            d["cost"] = {"actions": int(action.args[0]), "power": int(action.args[1])}
            if len(action.args) > 2:
                d["charges"] = int(action.args[2])          # standing in for actions
            d["stage"] = "unleash"
        elif action.kind == "unleash":
            d["unleash"] = bool(action.args[0])
            d["stage"] = "pay"

    # ---- targets ------------------------------------------------------------------
    def _ctx(self, game: "Game", d: dict) -> Ctx:
        return Ctx(game, None, src=d["card"], ctl=d["ctl"], item="", bind={}, targets=d["targets"] or [],
                   range_from=d.get("range_from", ""))

    def _mode_possible(self, game: "Game", d: dict, mode: int) -> bool:
        cdef = game.cdef(d["card"])
        ctx = self._ctx(game, d)
        for spec in cdef.targets:
            if spec.mode == mode and not spec.upto and \
                    len(self._gained(game, d, spec_options(game, ctx, spec, cdef.header.range))) < spec.count:
                return False
        return True

    @staticmethod
    def _gained(game: "Game", d: dict, options: list[str]) -> list[str]:
        """The choices left by what the play gives the card (play_grants.py: Precise)."""
        return exact_only(game, d["ctl"], d["card"], options) if d.get(precise.GAINED) else options

    def _next_target(self, game: "Game", d: dict) -> int | None:
        cdef = game.cdef(d["card"])
        for k, spec in enumerate(cdef.targets):
            if spec.mode not in (-1, d.get("mode", -1)):
                continue
            if k in d.get("closed", ()):
                continue
            if len(d["targets"][k]) < spec.count:
                # A first pick is always asked for (no choice at all fizzles the play);
                # a further one only while choices are left.
                if not d["targets"][k] or self._options(game, d, k):
                    return k
        return None

    def _options(self, game: "Game", d: dict, k: int) -> list[str]:
        cdef = game.cdef(d["card"])
        chosen = d["targets"][k]
        options = spec_options(game, self._ctx(game, d), cdef.targets[k], cdef.header.range, exclude=chosen)
        if precise.GAINED in d:
            options = self._gained(game, d, options)
        must = d.get("must_target")
        if must and not any(r in must for g in d["targets"] for r in g):
            # "play an attack card targeting them": until one of them is chosen, a target
            # that can be one of them must be
            hit = [r for r in options if r in must]
            if hit:
                return hit
        return options

    # ---- paying ---------------------------------------------------------------------
    def _fizzle(self, game: "Game", frame: Frame, why: str) -> None:
        d = frame.data
        game.log("play", f"{game.name(d['card'])} can't be played: {why}", game.name(d["card"]), d["ctl"])
        game.pop(frame)
        if game.card(d["card"]).zone == "limbo":
            if d.get("origin"):
                game.move_card(d["card"], d["origin"])   # not played after all: back where it was
            else:
                send_home(game, d["card"])

    def _pay(self, game: "Game", frame: Frame, d: dict, cdef: CardDef) -> None:
        state = game.state
        cid, ctl = d["card"], d["ctl"]
        card = state.cards[cid]
        p = state.players[ctl]
        free = bool(d.get("free") or d.get("cantrip"))
        cost = dict(d["cost"]) if d.get("cost") and not free else \
            cost_of(game, cid, free=free, player=ctl, less=d.get("less", 0))
        short = [s for s, n in cost.items() if p.stats.get(s, 0) < n]
        if d.get("cantrip"):
            short += [stat for stat, n in alternative_cost(cdef) if p.stats.get(stat, 0) < n]
        charges = d.get("charges", 0)       # standing in for actions (Nemesis)
        if charges and nemesis.charges_short(game, d):
            short.append("charges")
        if short:
            # Affordable when the play began; a hand edit since (while targets were chosen)
            # took the means away.  An unpaid play is taken back.
            return self._fizzle(game, frame, f"its cost can't be paid any more (not enough {short[0]})")
        game.pop(frame)
        source_zone = card.zone
        if card.zone == zone("feats", card.owner):
            state.used[f"feat:{cid}"] = 1
        if charged(game, cid):
            expend(game, cid, ctl)          # 1 charge besides the cost (G-20)
        if charges:
            nemesis.pay_charges(game, d, ctl)
        on_play(game, ctl, cid, cdef)       # Once per game, Once per turn (keywords.py)
        reduced = not free and (cost["actions"] + charges, cost["power"]) != \
            (cdef.header.action_cost, cdef.header.power_cost)
        rest = spends_the_rest(cdef) if d.get("unleash") else ""
        if rest:
            # Unleashing spends all the power left after the cost (001 § Glossary > UNLEASH;
            # G-24); X is that extra amount.
            base = cost[rest]
            cost[rest] = p.stats.get(rest, 0)
            d["unleash_x"] = cost[rest] - base
        item = StackItem(state.new_id("s"), cid, ctl, targets=[list(t) for t in d["targets"] or []],
                         modes=[d["mode"]] if "mode" in d else [], paid=dict(cost),
                         source_zone=source_zone)
        if reduced:
            item.flags["reduced"] = True        # "if its cost was reduced" (IV-RES-9)
        for flag in ("free", "cantrip", "copy", "unleash", "relic", "frenzy"):
            if d.get(flag):
                item.flags[flag] = True
        if "effect" in d:
            # played by an effect: what that effect gives it (play_grants.py: Bullseye), and
            # the mark "after it resolves" reads
            item.flags["effect"] = d["effect"]     # the playing card's stack entry, when it has one
            for flag in GRANTED:
                if flag in d:
                    item.flags[flag] = d[flag]
            if d.get("range_from"):
                item.flags["range_from"] = d["range_from"]      # also at resolution (IV-RANGE-5)
        if rest:
            item.flags["unleash_x"] = d["unleash_x"]
        note_played(game, item)             # Combo reads it (G-21)
        costs.note_play(game, item, cdef)   # "your second Attack card" (Accursed Strength)
        card.controller = ctl
        move(game, cid, "stack")
        state.stack.append(item)
        how = " for free" if d.get("free") else " with cantrip" if d.get("cantrip") else ""
        targets = "; ".join(game.rules.describe_ref(game, r) for g in item.targets for r in g)
        answer = ""
        if d.get("response"):
            below = [it for it in state.stack[:-1] if it.fate in ("pending", "resolving")]
            if below:
                answer = f", in response to {game.name(below[-1].card)}"
        game.log("play", f"{p.name} plays {cdef.name}{how}" + (f" targeting {targets}" if targets else "") + answer,
                 cdef.name, ctl)
        if d.get("relic"):
            # An activated relic resolves at once: no response window (IV-KW-RELIC-2).
            item.flags["immediate"] = True
            game.push("resolve_item", item=item.id, stage="start")
            return
        check_play(game, ctl, item.targets)
        # Work is a stack: push what happens last first.  The enemy's response window
        # opens after the payment (and the Control that payment removes) is done.
        answer_by = responder(game, ctl)
        blocker = reaction_blocker(game, answer_by, ctl) if answer_by != ctl else ""
        if blocker:
            # "They can't React to it" (IV-INST-8): no window, as if they had passed.
            game.log("pass", f"{state.players[answer_by].name} can't React to {cdef.name} ({blocker})",
                     blocker, answer_by)
            game.push("resolve_stack")
        else:
            game.push("respond", player=answer_by)
        if d.get("cantrip"):
            for stat, n in alternative_cost(cdef):      # an initiative token (keywords.py)
                p.stats[stat] -= n
            game.log("cantrip", f"{p.name} expends initiative for cantrip", cdef.name, ctl)
        spend(game, ctl, cost, f"paying for {cdef.name}",
              remove_control=state.ruleset != "original")
        game.emit("play", who=ctl, card=cid, bind={"it": cid})

    def check(self, check: "StateCheck", frame: Frame, path: str, top: bool) -> None:
        """Also: a card's chosen targets come one group for each of its kinds of target (a
        saved game holding more was an IndexError once its play went on)."""
        super().check(check, frame, path, top)
        targets = frame.data.get("targets")
        if targets is not None:
            cdef = check.cdef(frame.data["card"], key(path, "card"))
            if len(targets) != len(cdef.targets):
                raise SaveProblem(key(path, "targets"), f"{cdef.name} has {len(cdef.targets)} kinds of target, "
                                                        f"not {len(targets)}")

    #: what each stage does, by the name ``d["stage"]`` keeps in the frame
    _stages: ClassVar[dict[str, Callable[["PlayFrame", "Game", Frame, dict, CardDef], None]]] = {}


# filled in after the class, where its methods exist as attributes (also when compiled)
PlayFrame._stages.update(mode=PlayFrame._mode, targets=PlayFrame._targets, cost=PlayFrame._cost,
                         unleash=PlayFrame._unleash, pay=PlayFrame._pay)
_FLAGS: Final = ("response", "free", "copy", "cantrip", "relic", "frenzy", "charges_as_actions", "unleash", precise.GAINED)
PlayFrame.fields = Record({"card": CARD, "ctl": PLAYER},
                          {**{flag: BOOL for flag in _FLAGS}, "stage": Str(*PlayFrame._stages),
                           "targets": Either(NULL, ListOf(REFS)), "mode": COUNT, "effect": Either(ITEM, TRUE),
                           "origin": ZONE, "less": INT, "must_target": REFS, "range_from": Str(*board.TILES),
                           "closed": ListOf(COUNT), "cost": record(actions=COUNT, power=COUNT), "charges": COUNT,
                           "charge_card": CARD, "unleash_x": COUNT, BONUS: INT})
