"""The Season-3 keywords no rulebook defines (catalogue G-21): Poison, Luck, Trap/Spring,
Combo and Precise, as scriptable primitives.

Nothing here decides what a keyword *does* beyond the catalogue's readings:

- Poison is a counter on a hero (cap: option ``max_poison``, 5 assumed from "max Poison").
  When it triggers (option ``poison_triggers``: at the end of the poisoned hero's turn, from
  Dukebane) the engine runs the effect of a *rule card* (option ``poison_rule``, a card of
  kind ``rule`` in the library) and then announces ``poison_trigger`` for cards' own triggers.
- Luck is a two-sided token.  A flip reads the seeded RNG (clover or rooster); flipping one
  of your tokens is a reaction, offered in response windows like an instant (IV-INST-8), and
  runs the rule card named by ``luck_rule``; "flip from the supply" flips without a token.
- Traps are tokens on tiles, owned by the player who set them; springing one on an enemy
  resolves the top card of its owner's Trap deck against that enemy ("them").
- Combo and Precise are conditions read when a card resolves.

The rule cards are plain card scripts (cards/ivion/season3.ivion), so a designer changes a
keyword's effect by editing or naming another card, never the engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.interpreter import push_block
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BIND, CARD, PLAIN, PLAYER, Either, ListOf, Record, Str
from cardsmith.runtime.core.state import Frame, StackItem
from cardsmith.runtime.core.words import register_tables

from . import board, precise
from .attach import detach
from .leave_play import send_home
from .permissions import StaticText
from .places import tile_of
from .players import enemies, player_ref, zone
from .range_rules import PENALTY as RANGE_REDUCED, RULE as RANGE_FROM, effective_range
from .resources import gain
from .targeting import at_max_range
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

CLOVER, ROOSTER = "clover", "rooster"


# ---- rule cards and the frame that runs a keyword's effect ---------------------------

def rule_card(game: "Game", option: str, player: int) -> str:
    """The token instance of the rule card an option names, made on first use in the
    player's ``rules`` zone; "" if the option is empty or the library lacks the card."""
    name = game.state.options.get(option) or ""
    if not name or name not in game.library:
        return ""
    canonical = game.library.get(name).name
    for cid in game.state.zones.get(zone("rules", player), ()):
        if game.state.cards[cid].name == canonical:
            return cid
    return game.create_card(canonical, player, zone("rules", player), token=True)


class KeywordEffectFrame(FrameHandler):
    """Runs one keyword happening in order: its rule card's effect (or a Trap card's), then
    the event cards listen for, then (a sprung Trap card) the card goes to its discard.

    data: ``ctl``, ``src`` (card id or ""), ``bind``, ``events`` (``[name, data]`` pairs),
    ``after`` ("trap_discard" to discard ``src`` when done), ``stage``."""
    kind: ClassVar = "keyword_effect"
    fields: ClassVar = Record({"ctl": PLAYER}, {"src": Either(CARD, Str("")), "bind": BIND, "events": ListOf(PLAIN),
                                                "after": Str("trap_discard"), "stage": Str("effect", "done")})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        if d.get("stage", "effect") == "effect":
            d["stage"] = "done"
            if d.get("src"):
                push_block(game, d["src"], d["ctl"], [-1], bind=d.get("bind", {}))
            return
        game.pop(frame)
        src = d.get("src")
        if d.get("after") == "trap_discard" and src in game.state.cards and game.state.cards[src].zone == "limbo":
            owner = game.state.cards[src].owner
            move(game, src, zone("trap_discard", owner))
        shed_cured(game)
        for event, data in d.get("events", ()):
            game.emit(event, **data)


def shed_cured(game: "Game") -> None:
    """Cards attached "until they have no Poison" (``static until_no_poison``: Dukebane,
    The Shakes) leave once the hero they are attached to has none (G-5: checked whenever
    Poison goes down: after a keyword's effect and after ``lose N poison``)."""
    for cid, _ in game.statics("until_no_poison"):
        ref = game.state.cards[cid].attached_to
        if ref.startswith("player:") and not game.state.players[int(ref[7:])].stats.get("poison", 0):
            game.log("expire", f"{game.name(cid)} leaves: {game.state.players[int(ref[7:])].name} has no Poison",
                     game.name(cid), game.state.cards[cid].controller)
            detach(game, cid)
            send_home(game, cid)


# ---- Poison ---------------------------------------------------------------------------

def poison(game: "Game", source: int, target: int, n: int, cause: str, *, exceed: bool = False) -> int:
    """Give ``n`` Poison (up to the cap unless ``exceed``) and announce it (Black Death:
    "after you Poison an opponent ... that many")."""
    if n <= 0 or game.state.over:
        return 0
    if exceed:
        game.state.players[target].stats["poison"] = game.state.players[target].stats.get("poison", 0) + n
        game.log("gain", f"{game.state.players[target].name} gains {n} Poison (past the cap)", cause, target)
        got = n
    else:
        got = gain(game, target, "poison", n, cause)
    if got:
        game.emit("poison", who=source, target=target, amount=got, bind={"them": player_ref(target)})
    return got


def trigger_poison(game: "Game", player: int, cause: str) -> None:
    """A hero's Poison triggers: the rule card's effect runs with the poisoned hero as its
    controller and as "them", then ``poison_trigger`` is announced.  No Poison, no trigger."""
    p = game.state.players[player]
    n = p.stats.get("poison", 0)
    if n <= 0 or game.state.over:
        return
    game.log("poison", f"{p.name}'s Poison triggers ({n})", cause, player)
    them = player_ref(player)
    game.push("keyword_effect", ctl=player, src=rule_card(game, "poison_rule", player),
              bind={"them": them},
              events=[["poison_trigger", {"who": player, "target": player, "amount": n, "bind": {"them": them}}]])


def poison_timing(game: "Game", player: int, point: str) -> None:
    """Called by the turn at its start and end: the option says when Poison triggers."""
    if game.state.options.get("poison_triggers", "end") == point:
        trigger_poison(game, player, f"{point} of turn")


# ---- Luck -----------------------------------------------------------------------------

def flip(game: "Game", player: int, cause: str, *, from_supply: bool, bind: dict | None = None,
         against: str = "") -> str:
    """Flip a Luck token (the seeded RNG says which side); a flip of the player's own token
    spends it and runs the ``luck_rule`` card.  Returns "clover" or "rooster"."""
    p = game.state.players[player]
    side = CLOVER if game.random_below(2) == 0 else ROOSTER
    p.flags["last_flip"] = side
    where = "from the supply" if from_supply else "a Luck token"
    game.log("luck", f"{p.name} flips {where}: {side}", cause, player)
    if bind is not None:
        bind["flip"] = side
    if not from_supply:
        p.stats["luck"] = p.stats.get("luck", 0) - 1
    src = "" if from_supply else rule_card(game, "luck_rule", player)
    rule_bind = {"flip": side, **({"them": against} if against else {})}
    data = {"who": player, "side": side, "bind": {"flip": side}}
    game.push("keyword_effect", ctl=player, src=src, bind=rule_bind,
              events=[["flip", data], ["flip_" + side, data]])
    return side


def can_flip(game: "Game", player: int) -> bool:
    """A Luck token can be flipped as a reaction while the player holds one (IV-INST-8)."""
    return game.state.players[player].stats.get("luck", 0) > 0


# ---- Traps ----------------------------------------------------------------------------

def traps_of(game: "Game", player: int) -> list[str]:
    """The tiles holding the player's trap tokens (one token per tile and owner)."""
    return game.state.players[player].flags.setdefault("traps", [])


def set_trap(game: "Game", player: int, tile: str, cause: str) -> bool:
    traps = traps_of(game, player)
    name = game.state.players[player].name
    if tile in traps:
        game.log("trap", f"{tile} already holds {name}'s trap", cause, player)
        return False
    traps.append(tile)
    traps.sort()
    game.log("trap", f"{name} sets a trap on {tile}", cause, player)
    game.emit("trap", who=player, tile=tile)
    return True


def spring(game: "Game", player: int, tile: str, victim: int, cause: str) -> bool:
    """Spring ``player``'s trap on ``tile`` on ``victim``: the token is removed and the top
    card of the Trap deck resolves against them (Ye Olde Marge's text), then goes to the
    Trap discard.  An empty Trap deck springs nothing but the token."""
    traps = traps_of(game, player)
    if tile not in traps:
        return False
    traps.remove(tile)
    name, foe = game.state.players[player].name, game.state.players[victim].name
    pile = game.state.zones.get(zone("traps", player), [])
    them = player_ref(victim)
    emit = {"who": player, "target": victim, "tile": tile, "bind": {"them": them}}
    if not pile:
        game.log("trap", f"{name}'s trap on {tile} springs on {foe}, but the Trap deck is empty", cause, player)
        game.emit("spring", **emit)
        return True
    cid = pile[0]
    move(game, cid, "limbo")
    game.log("trap", f"{name}'s trap on {tile} springs on {foe}: {game.name(cid)}", cause, player)
    game.push("keyword_effect", ctl=player, src=cid, bind={"them": them, "it": f"tile:{tile}"},
              after="trap_discard", events=[["spring", emit]])
    return True


def reshuffle_traps(game: "Game", player: int, source: str, cause: str) -> None:
    """Shuffle the Trap discard, and the sprung Trap card itself, back into the Trap deck
    (Ye Olde Marge)."""
    pile = zone("traps", player)
    back = list(game.state.zones.get(zone("trap_discard", player), ()))
    if source in game.state.cards and game.state.cards[source].zone == "limbo":
        back.append(source)
    for cid in back:
        move(game, cid, pile)
        game.state.cards[cid].revealed = False
    game.shuffle(pile)
    game.log("trap", f"{game.state.players[player].name} shuffles {len(back)} card(s) into their Trap deck",
             cause, player)


# ---- Combo and Precise ------------------------------------------------------------------

def count_played(game: "Game", player: int) -> int:
    """Cards the player has played this turn (the ``turn:`` marks clear each turn)."""
    return game.state.used.get(f"turn:played:{player}", 0)


def note_played(game: "Game", item: StackItem) -> None:
    """Called as a card is paid for: remember how many cards its controller played before."""
    key = f"turn:played:{item.controller}"
    item.flags["played_before"] = game.state.used.get(key, 0)
    game.state.used[key] = item.flags["played_before"] + 1


def note_resolved(game: "Game", player: int) -> None:
    key = f"turn:resolved:{player}"
    game.state.used[key] = game.state.used.get(key, 0) + 1


def interrupted(player: Any) -> None:
    """A core action (a move, an initiative, removing Control, a feat's MAIN ability) comes
    between a precise attack and the next card: that card is no longer played "immediately
    after" it (Trick Shot)."""
    last = player.flags.get("last_resolved")
    if last is not None and len(last) > 4:
        last[4] = -1


def _just_resolved_attack(ctx: "Ctx") -> list | None:
    """The last card you resolved, if it was an attack card (or the card whose effect
    played one, Bullseye, finishing around it: ``stack.py`` carries the record on), this
    turn, and since then you have played no card (the count ``stack.py`` recorded is still
    the count) and taken no core action (``interrupted``): "right after" an attack."""
    game = ctx.game
    me = ctx.controller
    last = game.state.players[me].flags.get("last_resolved")
    if last and len(last) > 4 and last[0] == game.state.turn and last[4] == count_played(game, me):
        return last
    return None


def _just_resolved_precise_attack(ctx: "Ctx", cond: Any) -> bool:
    """Trick Shot (played only right after an attack card resolved precisely).  A record
    of five or six entries is from before every attack was recorded, when only a precise
    one was (a game saved then and loaded now)."""
    last = _just_resolved_attack(ctx)
    return last is not None and (len(last) < 8 or bool(last[6]))


def _just_attacked_an_enemy(ctx: "Ctx", cond: Any) -> bool:
    """Toothy Grin, Loose Coins (played only right after a successful attack on an enemy):
    the attack card just resolved (a countered one does not) had an enemy among its
    targets (choices.md § Season-3 keywords, "Precisely attacking")."""
    last = _just_resolved_attack(ctx)
    if last is None or len(last) < 8:
        return False
    foes = {player_ref(e) for e in enemies(ctx.game, ctx.controller)}
    return any(r in foes for r in last[7])


def is_precise(game: "Game", item: StackItem) -> bool:
    """Precise: resolved at its max range (Applethrough's reminder): a target stands exactly
    at the card's range (``precise.at_max_range``) as the card starts to resolve.  A card
    without a range never is; a card printed with {Precise} always is when the option
    ``precise_keyword`` reads the keyword as a bonus."""
    cdef = game.cdef(item.card)
    rng = cdef.header.range
    if rng is None:
        return False
    keywords = cdef.keywords
    if precise.counts_as_precise(game, cdef, precise.GAINED in item.flags):
        return True
    ctl = item.controller
    if keywords or game.any_static(RANGE_REDUCED) or game.any_static(RANGE_FROM):
        # Reach, a shortened range, or more tiles range is drawn from
        rng = effective_range(game, ctl, rng)
        reach = "reach" in keywords
        return any(at_max_range(game, ctl, tile_of(game, r), rng, reach, item.card) for g in item.targets for r in g)
    # nearly always: the printed range from the hero's tile (``at_max_range`` written out,
    # since every card with a range asks this as it resolves)
    here = game.state.players[ctl].position
    for group in item.targets:
        for ref in group:
            there = tile_of(game, ref)
            if there and here and board.distance(here, there) == rng:
                return True
    return False


def _combo(ctx: "Ctx", cond: Any) -> bool:
    """Combo (G-21): option ``combo``: "played" (default) - you played another card this
    turn before this one; "resolved" - you resolved another card this turn."""
    me = ctx.controller
    item = ctx.item
    if ctx.game.state.options.get("combo", "played") == "resolved":
        return ctx.game.state.used.get(f"turn:resolved:{me}", 0) >= 1
    if item is not None and "played_before" in item.flags:
        return item.flags["played_before"] >= 1
    return count_played(ctx.game, me) >= 1


def _precise(ctx: "Ctx", cond: Any) -> bool:
    item = ctx.item
    if item is None:
        return False
    if "precise" not in item.flags:
        item.flags["precise"] = is_precise(ctx.game, item)
    return bool(item.flags["precise"])


def _flipped(side: str):
    def fn(ctx: "Ctx", cond: Any) -> bool:
        got = ctx.bound("flip") or ctx.game.state.players[ctx.controller].flags.get("last_flip")
        return got == side
    return fn


def _stat(stat: str):
    def fn(ctx: "Ctx", q: Any) -> int:
        refs = ctx.select(q.of) if q.of is not None else [player_ref(ctx.controller)]
        return sum(ctx.game.state.players[int(r[7:])].stats.get(stat, 0) for r in refs if r.startswith("player:"))
    return fn


CONDITIONS: Final = {
    "combo": (_combo, "Combo", "you played another card this turn before this one (option combo: or resolved one)"),
    "precise": (_precise, "Precise", "the card's target is at exactly its range as it resolves"),
    "just_resolved_precise_attack": (_just_resolved_precise_attack,
                                     "you have just resolved an attack card precisely"),
    "just_attacked_an_enemy": (_just_attacked_an_enemy,
                               "you have just resolved an attack card targeting an enemy"),
    "clover": (_flipped(CLOVER), "you flip Clover"),
    "rooster": (_flipped(ROOSTER), "you flip Rooster"),
}
QUANTITIES: Final = {
    "poison": (_stat("poison"), "{of}'s Poison"),
    "luck": (_stat("luck"), "{of}'s Luck"),
    "traps": (lambda c, q: len(traps_of(c.game, c.controller)), "your traps"),
}
EVENTS: Final = {
    "poison": "Poison", "poison_trigger": "Poison triggers", "flip": "flip Luck",
    "flip_clover": "flip Clover", "flip_rooster": "flip Rooster", "trap": "set a Trap",
    "spring": "spring a Trap",
}


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, conditions=CONDITIONS, quantities=QUANTITIES, events=EVENTS,
                    statics={"max_poison": "max_poison", "max_luck": "max_luck"})
    vocab.static("until_no_poison")(StaticText("it stays attached until they have no Poison"))
