"""Response windows and resolution (001 § Instants; 000 § Responding to Cards).

After a card is played the enemy may answer with one instant; then the first player may
answer that, and so on.  When a player declines, every unresolved card resolves in the
reverse order it was played.  As each card starts to resolve it is checked again: its
Control banner against its controller's Control, its ``playable if`` condition (save one
about the moment of playing: ``playable.AT_PLAY_ONLY``), and its targets for range and
validity; failing any, it is meta-countered and what was paid comes back (000 §
Meta-Counters).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from cardsmith.runtime.core.effects import CardDef, Step, every_node
from cardsmith.runtime.core.interpreter import Ctx, push_block
from cardsmith.runtime.core.keywords import diagonal_step
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, ITEM, PLAYER, Record, Str, record
from cardsmith.runtime.core.state import Action, Frame, StackItem
from cardsmith.runtime.core.verbs import verb_of
from cardsmith.runtime.core.words import passes

from . import precise
from .header import IvionHeader
from .leave_play import send_home
from .luck import can_flip, flip
from .meta_counters import failed_to_resolve, find_item
from .permissions import TARGETED
from .places import tile_of
from .play_grants import BONUS, note_resolved_card
from .playable import AT_PLAY_ONLY, PlayCheck, banner_block, play_info
from .players import controlled, player_ref, zone
from .precisely import is_precise
from .range_rules import effective_range
from .resources import control_comes_off, gain, refund
from .targeting import at_max_range, in_range, untargetable
from .turn_record import count_played, note_resolved
from .verbs_board import attach_before_effects

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


#: declining to respond, an option of every response window (an action is a value: one serves)
PASS: Final = Action("pass", (), "don't respond")


class RespondFrame(FrameHandler):
    kind: ClassVar = "respond"
    fields: ClassVar = Record({"player": PLAYER}, {"flipped": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        who = frame.data["player"]
        opts = [PASS]
        # Only instants answer a card (001 § Instants), and most windows find none in hand
        # or feat zone: the full check (and setting it up) is for the instants alone.
        state = game.state
        facts = game.library.derived(play_info)
        instants = [cid for zone_kind in ("hand", "feats") for cid in state.zones.get(zone(zone_kind, who), ())
                    if facts[state.cards[cid].name][1].instant]
        if instants:
            check = PlayCheck(game, who, response=True)
            for cid in instants:
                if check.can(cid):
                    opts.append(Action("respond", (cid,), f"respond with {game.name(cid)}"))
        if can_flip(game, who) and not frame.data.get("flipped"):
            # A Luck flip is a reaction, like an instant (IV-INST-8; G-2, G-21).
            opts.append(Action("flip_luck", (), "flip a Luck token (a reaction)"))
        top = game.state.stack[-1] if game.state.stack else None
        what = game.name(top.card) if top else "the stack"
        game.ask(who, "respond", f"{game.state.players[who].name}: respond to {what}?", opts)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        who = frame.data["player"]
        game.pop(frame)
        if action.kind == "flip_luck":
            # The flip answers the card on top; by default it is this window's one reaction
            # (option luck_flip_ends_window), else the player may still answer with an instant.
            if game.state.options.get("luck_flip_ends_window", True):
                game.push("resolve_stack")
            else:
                game.push("respond", player=who, flipped=True)
            top = next((it for it in reversed(game.state.stack) if it.fate == "pending"), None)
            against = player_ref(top.controller) if top is not None else ""
            flip(game, who, "reaction", from_supply=False, against=against)
            return
        if action.kind == "pass":
            game.log("pass", f"{game.state.players[who].name} doesn't respond", player=who)
            game.push("resolve_stack")
        else:
            game.push("play", card=action.args[0], ctl=who, response=True)


class ResolveStackFrame(FrameHandler):
    """Resolve every unresolved card, last played first."""
    kind: ClassVar = "resolve_stack"
    fields: ClassVar = Record()

    def run(self, game: "Game", frame: Frame) -> None:
        stack = game.state.stack
        while stack and stack[-1].fate in ("resolved", "countered", "meta-countered"):
            stack.pop()
        # An item already resolving belongs to an outer resolution (a card played for free
        # while another resolves): this pass ends there and the outer one carries on.
        if not stack or stack[-1].fate == "resolving":
            game.pop(frame)
            return
        game.push("resolve_item", item=stack[-1].id, stage="start")


def meta_counter_reason(game: "Game", item: StackItem) -> str:
    cdef = game.cdef(item.card)
    h: IvionHeader = cdef.header
    blocked = banner_block(game, item.controller, h)
    if blocked:
        return f"Control: {blocked}"
    play_if = h.play_if         # a condition that let it be played no longer holds (IV-META-1: Breathe)
    if play_if is not None and play_if.name not in AT_PLAY_ONLY and \
            not Ctx(game, None, src=item.card, ctl=item.controller, item=item.id, bind={}).test(play_if):
        return f"it may only be played if {h.play_if_text}, and that is no longer so"
    if cdef.targets and any(item.targets):
        ctx = Ctx(game, None, src=item.card, ctl=item.controller, item=item.id, bind={})
        reach = bool(cdef.keywords) and diagonal_step(cdef)        # Reach (reach.py)
        # a Precise card, read as a restriction: a target off its max range is no longer valid (G-21)
        exact = precise.restricts(game, cdef, precise.GAINED in item.flags)
        wary = game.any_static(TARGETED)        # asked once, not per target
        for k, group in enumerate(item.targets):
            spec = cdef.targets[k]
            item.targets[k] = [r for r in group
                               if _still_valid(game, ctx, item, spec, r, h.range, reach, exact, wary)]
        if not any(item.targets):
            return ("no valid target (it is Precise: none stands at its max range, or none is there any more)" if exact else
                    "no valid target (out of range or no longer there)")
    return ""


def _still_valid(game: "Game", ctx: Ctx, item: StackItem, spec, ref: str, rng, reach: bool,
                 exact: bool = False, wary: bool = False) -> bool:
    if ref.startswith("player:"):
        p = game.state.players[int(ref[7:])]
        if p.flags.get("defeated") or not p.position:
            return False
        # untargetable now (IV-META-2): Wary, or Wild Roots' target that left Terrain
        if wary and untargetable(game, item.controller, p.index):
            return False
    elif ref.startswith("tile:"):
        pass
    elif ref not in game.state.cards or game.state.cards[ref].zone not in ("stack", "field"):
        return False
    if exact and not at_max_range(game, item.controller, tile_of(game, ref),
                                  effective_range(game, item.controller, rng), reach, item.card):
        return False
    return in_range(game, item.controller, ref, rng, reach, item.card, item.flags.get("range_from", "")) \
        and passes(ctx, ref, spec.filters)


class ResolveItemFrame(FrameHandler):
    kind: ClassVar = "resolve_item"
    fields: ClassVar = record(item=ITEM, stage=Str("start", "finish"))

    def run(self, game: "Game", frame: Frame) -> None:
        item = find_item(game, frame.data["item"])
        if item is None:
            game.pop(frame)
            return
        if frame.data["stage"] == "start":
            self._start(game, frame, item)
        else:
            self._finish(game, frame, item)

    def _start(self, game: "Game", frame: Frame, item: StackItem) -> None:
        state = game.state
        cdef = game.cdef(item.card)
        h: IvionHeader = cdef.header
        if item.fate == "countered":
            game.pop(frame)
            return
        why = meta_counter_reason(game, item)
        if why:
            item.fate = "meta-countered"
            item.reason = why
            game.log("meta-counter", f"{cdef.name} is meta-countered: {why}", cdef.name, item.controller)
            refund(game, item.controller, item.paid, f"{cdef.name} meta-countered")
            game.pop(frame)
            send_home(game, item.card)
            _drop_if_immediate(game, item)
            failed_to_resolve(game, item)
            return
        item.fate = "resolving"
        frame.data["stage"] = "finish"
        game.log("resolve", f"{cdef.name} resolves", cdef.name, item.controller)
        # Advantage and Breach look at the target as the card starts to resolve (000 § Glossary).
        them = [r for g in item.targets for r in g if r.startswith("player:")]
        item.flags["advantage"] = bool(them) and controlled(game, int(them[0][7:]))
        item.flags["breach"] = bool(them) and any(
            state.cards[c].revealed for c in state.zones.get(zone("hand", int(them[0][7:])), ()))
        # Precise: at its max range as it starts to resolve, before it moves anyone (G-21).
        item.flags["precise"] = is_precise(game, item)
        original = state.ruleset == "original"
        if original and not item.flags.get("copy") and not state.cards[item.card].token:
            # 000 § Resolving Cards > Resolving Cards 2: a card that attaches enters the
            # Field, any other goes to the discard, before its effects (catalogue D4, D5;
            # 001 attaches at the printed Attach and discards after the effects).  A card
            # made in play (a ready Master Arrow, arrows.py) has no discard to go to: it
            # leaves once its effects are done, as a copy does.
            if not attaches(cdef):
                send_home(game, item.card)
            else:
                attach_before_effects(game, item)
                if item.fate == "meta-countered":
                    return                  # the finish stage sends it home
        if not (item.flags.get("free") or item.flags.get("cantrip")):   # 001 § Glossary > FREE, CANTRIP
            gain(game, item.controller, "actions", h.action_gain, cdef.name)
            gain(game, item.controller, "power", h.power_gain, cdef.name)
        bonus = item.flags.get(BONUS)       # "it deals 8 more damage" (play_grants.py)
        push_block(game, item.card, item.controller, [-1], item=item.id, bind={BONUS: bonus} if bonus else None)
        if original:
            # 000 § Resolving Cards 3: the allocated resources are spent now, so Control comes
            # off before the effects (pushed last, so it runs first).
            control_comes_off(game, item.controller, sum(item.paid.values()), f"{cdef.name} resolves")

    def _finish(self, game: "Game", frame: Frame, item: StackItem) -> None:
        game.pop(frame)
        cdef = game.cdef(item.card)
        card = game.state.cards.get(item.card)
        if item.fate == "meta-countered":
            # It may have attached before the step that meta-countered it: it goes home too.
            if card is not None and (card.zone == "stack" or (card.zone == "field" and item.flags.get("attached"))):
                send_home(game, item.card)
            return
        if item.fate == "resolving":
            item.fate = "resolved"
        if card is not None and card.zone == "stack" and not card.token:
            send_home(game, item.card)      # not attached (IV-PLAY-7: to the discard)
        refs = [r for g in item.targets for r in g]
        game.emit("resolve", who=item.controller, card=item.card, targets=list(refs),
                  bind={"them": next((r for r in refs if r.startswith("player:")), "")},
                  precise=item.flags.get("precise", False))     # the qualifier 'precisely' (G-21)
        _drop_if_immediate(game, item)
        if item.fate == "resolved":
            note_resolved(game, item.controller)        # Combo, option combo=resolved (G-21)
            if "effect" in item.flags:
                note_resolved_card(game, item.card)     # "After it resolves" (Bullseye)
            # "the last card you resolved this turn" (Battle Lust, Intimidate); an attack
            # adds how many cards its controller had played, the card whose effect played
            # it, whether it was precise and its targets (Trick Shot, Toothy Grin: "right
            # after", turn_record.py); the card that played it carries that on as it finishes
            # resolving around it (Bullseye: choices.md "Precisely attacking")
            flags = game.state.players[item.controller].flags
            last = [game.state.turn, cdef.name, sorted(cdef.header.types), refs]
            if "attack" in cdef.header.types:
                last += [count_played(game, item.controller), item.flags.get("effect"),
                         bool(item.flags.get("precise")), refs]
            else:
                before = flags.get("last_resolved")
                if before is not None and len(before) > 5 and before[5] == item.id and before[0] == last[0]:
                    last += [before[4], None, *before[6:]]
            flags["last_resolved"] = last
        if card is not None and card.zone == "stack" and card.token:
            # A token (a ready Master Arrow) has no discard to wait in: it leaves the game
            # only once its resolution is announced, so "after you resolve an attack card"
            # can still read what it was.
            send_home(game, item.card)


@per_definition
def attaches(cdef: CardDef) -> bool:
    """Whether a card's own effect attaches it somewhere (a step whose verb ``attaches``)."""
    return any(isinstance(node, Step) and verb_of(cdef, node).attaches for node in every_node(cdef.effect))


def _drop_if_immediate(game: "Game", item: StackItem) -> None:
    """A card resolved outside a chain (an activated relic) leaves no stack entry behind."""
    if item.flags.get("immediate") and item in game.state.stack:
        game.state.stack.remove(item)
