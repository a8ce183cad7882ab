"""Ivion's selector nouns, filters, conditions, quantities, events and keywords.

Each is a tiny object registered by name in the game's vocabulary; the card language
checks card files against these names at load time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import Trigger
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.keywords import Keyword
from cardsmith.runtime.core.words import Word, every, passes, refs_of, register_tables

from . import board
from .costs import RULE as REDUCE_COST, ReduceCost
from .hardcast import HARDCAST
from .keywords import CANTRIP, ONCE_PER_GAME, ONCE_PER_TURN, RELIC, UNLEASH
from .nouns import CARD_NOUNS, PLAYER_NOUNS, TILE_NOUNS
from .permissions import RULES, TARGETED, CantBeTargeted
from .places import kind, tile_of
from .precise import PRECISE
from .players import controlled, enemies, exhausted, player_ref, zone
from .reach import REACH
from .range_rules import PENALTY as RANGE_REDUCED, RULE as RANGE_FROM, RangeFrom
from .reactions import RULE as CANT_REACT, CantReact
from .resources import CapText
from .targeting import resolve_ref
from .to_discard import EVENT as SENT_TO_DISCARD

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import CardDef
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary


def _player(ref: str) -> int | None:
    return int(ref[7:]) if ref.startswith("player:") else None


def _terrain(ctx: "Ctx", ref: str, which: str) -> bool:
    t = tile_of(ctx.game, ref)
    terrain = ctx.game.state.board.spaces[t].terrain if t else ""
    return bool(terrain) and (which == "" or terrain == which)


def _near(ctx: "Ctx", ref: str, arg: Any) -> bool:
    return _some_tile(ctx, ref, arg, board.near)


def _near_terrain(ctx: "Ctx", ref: str) -> bool:
    """In or next to a tile with terrain of any kind (001 § Glossary: NEAR; Hurl Terrain)."""
    here = tile_of(ctx.game, ref)
    spaces = ctx.game.state.board.spaces
    return bool(here) and any(spaces[t].terrain for t in board.all_tiles() if board.near(t, here))


def _adjacent(ctx: "Ctx", ref: str, arg: Any) -> bool:
    return _some_tile(ctx, ref, arg, lambda a, b: board.distance(a, b) == 1)


def _some_tile(ctx: "Ctx", ref: str, arg: Any, related: Any) -> bool:
    """Whether ``ref``'s tile is ``related`` to the tile of something ``arg`` selects
    (each tile looked up once; the banners ask "near" at every start of turn)."""
    game = ctx.game
    here = tile_of(game, ref)
    if not here:
        return False
    for r in refs_of(ctx, arg):
        there = tile_of(game, r)
        if there and related(here, there):
            return True
    return False


def _targeting(ctx: "Ctx", ref: str, arg: Any) -> bool:
    wanted = set(refs_of(ctx, arg))
    for it in ctx.game.state.stack:
        if it.card == ref:
            return any(r in wanted for g in it.targets for r in g)
    return False


def _last_attacked(ctx: "Ctx", ref: str) -> bool:
    last: Any = ctx.game.state.players[ctx.controller].flags.get("last_resolved")
    return bool(last) and last[0] == ctx.game.state.turn and "attack" in last[2] and ref in last[3]


def _line(*axes: int, end: bool = False):
    """Lanes (tsv Avalanche; choices.md): a lane is a whole row or column of the Field.
    ``_line(1)``: in the same row as the argument, ``_line(0)`` the same column,
    ``_line(0, 1)`` either; ``end`` keeps the lane's two end tiles."""
    def fn(ctx: "Ctx", ref: str, arg: Any) -> bool:
        here = tile_of(ctx.game, ref)
        if not here:
            return False
        c = board.coords(here)
        for x in refs_of(ctx, arg):
            there = tile_of(ctx.game, x)
            if there and any(c[axis] == board.coords(there)[axis] and
                             (not end or c[1 - axis] in (0, board.SIZE - 1)) for axis in axes):
                return True
        return False
    return fn


def _card_type(t: str):
    def fn(ctx: "Ctx", ref: str, arg: Any) -> bool:
        if kind(ref) != "card" or ref not in ctx.game.state.cards:
            return False
        h = ctx.game.cdef(ref).header
        return h.instant if t == "instant" else t in h.types
    return fn


class KeywordFilter(Word):
    """``with KEYWORD``: a card with that keyword (Looming: "a card with Hardcast"), for a
    selector and for a trigger's event card (``KEYWORD_FILTERS``) alike."""

    def __init__(self, keyword: Keyword) -> None:
        super().__init__(f"with {keyword.name.capitalize()}")
        self.keyword = keyword.name

    def has(self, cdef: "CardDef") -> bool:
        return self.keyword in cdef.keywords

    def test(self, ctx: "Ctx", ref: str, arg: Any) -> bool:
        return ref in ctx.game.state.cards and self.has(ctx.game.cdef(ref))

    def render(self, f: Any, r: Any) -> str:
        return ("without " if f.negated else "with ") + self.keyword.capitalize()


class WithinFilter(Word):
    """``within N``: at most N tiles from you (Breathe: playable only with no enemy that close);
    ``within N of SELECTOR``: from something it selects (Loose Coins: near the enemy you hit)."""
    takes_of = True

    def __init__(self) -> None:
        super().__init__("within {arg}")

    def test(self, ctx: "Ctx", ref: str, arg: Any) -> bool:
        there = tile_of(ctx.game, ref)
        if not there:
            return False
        if isinstance(arg, tuple):
            n = ctx.value(arg[0])
            tiles = [tile_of(ctx.game, r) for r in refs_of(ctx, arg[1])]
            return any(t and board.distance(t, there) <= n for t in tiles)
        return board.distance(ctx.game.state.players[ctx.controller].position, there) <= ctx.value(arg)

    def render(self, f: Any, r: Any) -> str:
        n, of = f.arg if isinstance(f.arg, tuple) else (f.arg, None)
        n = r.expr(n)
        whom = r.sel(of) if of is not None else "you"
        return f"{'not ' if f.negated else ''}within {n} tile{'' if n == '1' else 's'} of {whom}"


class TilesBetween(Word):
    """``(tiles between of SELECTOR)``: the tiles between you and it, counted as range is
    (orthogonal steps, 001 § Resources > RANGE): one fewer than the distance, never below 0,
    so a target next to you has none (Eagle; choices.md § The Fletcher's ...).  ``for each
    (tiles between of them)`` reads "for every tile separating you from them"."""
    each = "every tile separating you from {of}"

    def __init__(self) -> None:
        super().__init__("the number of tiles between you and {of}")

    def value(self, ctx: "Ctx", q: Any) -> int:
        here = ctx.game.state.players[ctx.controller].position
        tiles = [tile_of(ctx.game, r) for r in refs_of(ctx, q.of)]
        there = next((t for t in tiles if t), "")
        return max(0, board.distance(here, there) - 1) if here and there else 0


FILTERS: Final = {
    "near": (_near, "near {arg}"),
    "adjacent to": (_adjacent, "adjacent to {arg}"),
    "in terrain": (lambda c, r, a: _terrain(c, r, ""), "in terrain"),
    "in lane of": (_line(0, 1), "in a lane of {arg}"),
    "in row of": (_line(1), "in the row of {arg}"),
    "in column of": (_line(0), "in the column of {arg}"),
    "at an end of the row of": (_line(1, end=True), "at an end of the row of {arg}"),
    "at an end of the column of": (_line(0, end=True), "at an end of the column of {arg}"),
    "near terrain": (lambda c, r, a: _near_terrain(c, r), "near terrain"),
    "last attacked by you": (lambda c, r, a: _last_attacked(c, r), "whom the last card you resolved this turn was an Attack against"),
    "in difficult terrain": (lambda c, r, a: _terrain(c, r, "difficult"), "in difficult terrain"),
    "in enchanted terrain": (lambda c, r, a: _terrain(c, r, "enchanted"), "in enchanted terrain"),
    "controlled": (lambda c, r, a: (p := _player(r)) is not None and controlled(c.game, p), "controlled"),
    "uncontrolled": (lambda c, r, a: (p := _player(r)) is not None and not controlled(c.game, p), "uncontrolled"),
    "targeting": (_targeting, "targeting {arg}"),
    "controlled by": (lambda c, r, a: r in c.game.state.cards and
                      player_ref(c.game.state.cards[r].controller) in refs_of(c, a), "controlled by {arg}"),
    "attached to": (lambda c, r, a: r in c.game.state.cards and
                    c.game.state.cards[r].attached_to in refs_of(c, a), "attached to {arg}"),
    "exhausted": (lambda c, r, a: (p := _player(r)) is not None and exhausted(c.game, p), "exhausted"),
    "revealed": (lambda c, r, a: r in c.game.state.cards and c.game.state.cards[r].revealed, "revealed"),
    "instant": (_card_type("instant"), "instant"),
    "attack": (_card_type("attack"), "attack"),
    "aura": (_card_type("aura"), "aura"),
    "ability": (_card_type("ability"), "ability"),
}


def _advantage(ctx: "Ctx", cond: Any) -> bool:
    item = ctx.item
    if item is not None and "advantage" in item.flags:
        return bool(item.flags["advantage"])
    return any(controlled(ctx.game, _player(r)) for r in resolve_ref(ctx, "them") if _player(r) is not None)  # type: ignore[arg-type]


def _breach(ctx: "Ctx", cond: Any) -> bool:
    item = ctx.item
    if item is not None and "breach" in item.flags:
        return bool(item.flags["breach"])
    return False


def _frenzy(ctx: "Ctx", cond: Any) -> bool:
    """Frenzy: a player has used their second wind (Overwhelm's reminder text), or the card
    was played with Frenzy given (Succeed; frenzy.py)."""
    item = ctx.item
    if item is not None and item.flags.get("frenzy"):
        return True
    return any(p.flags.get("second_wind_used") for p in ctx.game.state.players)


#: what "you have N UNIT" counts: a stat, or the cards in one of the player's zones
_HAS_STAT: Final = {"action": "actions", "actions": "actions", "card": "hand", "cards": "hand",
                    "cards in hand": "hand", "cards in discard": "discard", "cards in deck": "deck"}


def _has_values(ctx: "Ctx", cond: Any) -> tuple[list[int], int]:
    """How many of the unit each player the subject selects has (you, with no subject),
    and the N asked for."""
    what, n = cond.arg if isinstance(cond.arg, tuple) else (cond.arg, 1)
    stat = _HAS_STAT.get(what, what)
    values = []
    for r in refs_of(ctx, cond.subject) or [player_ref(ctx.controller)]:
        p = _player(r)
        if p is None:
            continue
        if stat in ("hand", "discard", "deck"):
            values.append(len(ctx.game.state.zones.get(zone(stat, p), ())))
        elif stat in ("resource", "resources"):     # actions and power (001 § Glossary: Resource; Taint)
            values.append(sum(ctx.game.state.players[p].stats.get(k, 0) for k in ("actions", "power")))
        elif stat == "control":
            values.append(sum(ctx.game.state.players[p].stats.get(k, 0) for k in ("slow", "silence", "disarm")))
        else:
            values.append(ctx.game.state.players[p].stats.get(stat, 0))  # type: ignore[arg-type]
    return values, n


def _has(ctx: "Ctx", cond: Any) -> bool:
    values, n = _has_values(ctx, cond)
    return any(v >= n for v in values)


def _has_at_most(ctx: "Ctx", cond: Any) -> bool:
    """``you have 2 or less power`` (Inner Fire): every player the subject selects has at most N."""
    values, n = _has_values(ctx, cond)
    return bool(values) and all(v <= n for v in values)


def _countered(ctx: "Ctx", r: str) -> bool:
    return any(it.card == r and it.fate == "countered" for it in ctx.game.state.stack) or \
        bool(ctx.game.state.used.get(f"turn:countered:{r}"))


def _under(kind: str):
    def fn(ctx: "Ctx", r: str) -> bool:
        p = _player(r)
        return p is not None and ctx.game.state.players[p].stats.get(kind, 0) > 0
    return fn


def _last_resolved_attack(ctx: "Ctx", cond: Any) -> bool:
    last: Any = ctx.game.state.players[ctx.controller].flags.get("last_resolved")
    return bool(last) and last[0] == ctx.game.state.turn and "attack" in last[2]


def _near_this_card(ctx: "Ctx", r: str) -> bool:
    here = tile_of(ctx.game, r)
    there = tile_of(ctx.game, ctx.source) if here else ""
    return bool(here) and bool(there) and board.near(here, there)


def _near_you(ctx: "Ctx", r: str) -> bool:
    """In or next to your tile (001 § Glossary: NEAR), you not counting as near yourself
    (tsv Charge: "if you're near them")."""
    here = tile_of(ctx.game, r)
    yours = ctx.game.state.players[ctx.controller].position
    return bool(here) and bool(yours) and r != player_ref(ctx.controller) and board.near(here, yours)


def _near_an_enemy(ctx: "Ctx", r: str) -> bool:
    p = _player(r)
    if p is None:
        return False
    here = tile_of(ctx.game, r)
    players = ctx.game.state.players
    return any(board.near(here, players[e].position) for e in enemies(ctx.game, p))


CONDITIONS: Final = {
    # labels (``advantage: EFFECT``): 000 § Glossary (Advantage, Breach); 001 § Unleash
    "advantage": (_advantage, "Advantage", "the targeted player is Controlled as the card starts to resolve"),
    "breach": (_breach, "Breach", "the targeted player has a revealed card in hand as the card starts to resolve"),
    "frenzy": (_frenzy, "Frenzy", "a player has used their Second Wind (or the card was given Frenzy)"),
    "unleash": (lambda c, cond: bool(c.item and c.item.flags.get("unleash")), "Unleash",
                "the card was unleashed: its player spent all their remaining power on it"),
    "unleashed": (lambda c, cond: bool(c.item and c.item.flags.get("unleash")), "if unleashed"),
    "has": (_has, "has"),
    "has_at_most": (_has_at_most, "has at most"),
    "controlled": (every(lambda c, r: (p := _player(r)) is not None and controlled(c.game, p)), "is controlled"),
    "uncontrolled": (every(lambda c, r: (p := _player(r)) is not None and not controlled(c.game, p)), "is uncontrolled"),
    "exhausted": (every(lambda c, r: (p := _player(r)) is not None and exhausted(c.game, p)), "is exhausted"),
    "chivalrous": (every(lambda c, r: (p := _player(r)) is not None and
                       bool(c.game.state.players[p].flags.get("chivalrous"))), "is chivalrous"),
    "countered": (every(_countered), "is countered"),
    "revealed": (every(lambda c, r: r in c.game.state.cards and c.game.state.cards[r].revealed), "is revealed"),
    # one kind of Control (000 § Control: "If you are Slowed ..."; Reflex, Stalker)
    "slowed": (every(_under("slow")), "is slowed"),
    "silenced": (every(_under("silence")), "is silenced"),
    "disarmed": (every(_under("disarm")), "is disarmed"),
    "in_terrain": (every(lambda c, r: _terrain(c, r, "")), "is in terrain"),
    "near_terrain": (every(_near_terrain), "is near terrain"),
    "near_this_card": (every(_near_this_card), "is near this card"),
    "near_an_enemy": (every(_near_an_enemy), "is near an enemy"),
    "near_you": (every(_near_you), "is near you"),
    "last_resolved_attack": (_last_resolved_attack, "the last card you resolved this turn was an attack"),
    # "no enemies within 2" (``NoneCond``, compiled negated): something the subject selects exists
    "exists": (lambda c, cond: bool(refs_of(c, cond.subject)), "there is"),
    "your_turn": (lambda c, cond: c.game.state.active == c.controller, "it is your turn"),
    "your_first_turn": (lambda c, cond: c.game.state.active == c.controller and
                        c.game.state.players[c.controller].flags.get("turns_taken") == 1, "it is your first turn"),
}


def _count_hand(ctx: "Ctx", q: Any) -> int:
    return sum(len(ctx.game.state.zones[zone("hand", _player(r))]) for r in refs_of(ctx, q.of) if _player(r) is not None)


def _control_on(ctx: "Ctx", q: Any) -> int:
    total = 0
    for r in refs_of(ctx, q.of):
        p = _player(r)
        if p is not None:
            total += sum(ctx.game.state.players[p].stats.get(k, 0) for k in ("slow", "silence", "disarm"))
    return total


def _stat(stat: str):
    def fn(ctx: "Ctx", q: Any) -> int:
        refs = refs_of(ctx, q.of) or [player_ref(ctx.controller)]
        return sum(ctx.game.state.players[_player(r)].stats.get(stat, 0) for r in refs if _player(r) is not None)  # type: ignore[index, misc]
    return fn


def _unleashed(ctx: "Ctx", q: Any) -> int:
    """X of an unleashed card: the extra power spent to unleash it (IV-KW-UNL-1)."""
    item = ctx.item
    return int(item.flags.get("unleash_x", 0)) if item is not None else 0


QUANTITIES: Final = {
    "unleashed power": (_unleashed, "the power spent to unleash it"),
    "cards in hand": (_count_hand, "the number of cards in {of}'s hand"),
    "control": (_control_on, "the total Control on {of}"),
    "power": (_stat("power"), "{of}'s power"),
    "actions": (_stat("actions"), "{of}'s actions"),
    "mitigate": (_stat("mitigate"), "{of}'s mitigate"),
    "initiative": (_stat("initiative"), "{of}'s initiative"),
    "missing hp": (lambda c, q: sum(c.game.state.players[_player(r)].stats["max_hp"] -
                                    c.game.state.players[_player(r)].stats["hp"]
                                    for r in (refs_of(c, q.of) or [player_ref(c.controller)])
                                    if _player(r) is not None), "{of}'s missing HP"),
}

EVENTS: Final = {
    "turn_start": "the start of a turn", "turn_end": "the end of a turn",
    "second_wind": "second wind", "stun": "stun", "slow": "slow", "silence": "silence",
    "disarm": "disarm", "damage": "deal damage", "enter": "enter", "play": "play",
    "resolve": "resolve", "draw": "draw", "heal": "heal", "travel": "travel", "move": "move",
    "relic": "gain a relic", "make_terrain": "create terrain", "reveal": "reveal", "draw_opening_hand": "draw your opening hand",
    "fail_to_resolve": "fail to resolve", "chivalrous": "become chivalrous", "destroy": "destroy",
}

#: Ivion's keywords, in the order the vocabulary lists them (their rules: keywords.py,
#: hardcast.py, reach.py, precise.py)
KEYWORDS: Final = (CANTRIP, UNLEASH, ONCE_PER_GAME, ONCE_PER_TURN, HARDCAST, RELIC, REACH, PRECISE)
#: the ``with KEYWORD`` filters by name, which a trigger's event card is matched by too
KEYWORD_FILTERS: Final = {f"with {k.name}": KeywordFilter(k) for k in (HARDCAST,)}


#: Ivion's words in the card grammar's closed classes (``Vocabulary.words``)
GRAMMAR_WORDS: Final = {
    "units": ("damage", "power", "cards", "card", "actions", "action", "initiative", "mitigate", "hp",
              "control", "resources", "resource", "charges", "charge", "slow", "silence", "disarm",
              "poison", "luck", "difficult terrain", "enchanted terrain", "terrain",
              # cards of a type, for a verb that moves cards of a zone (put: Restoration)
              "ability cards", "ability card", "attack cards", "attack card"),
    "labels": ("advantage", "breach", "frenzy", "unleash", "unleashed", "combo", "precise"),
    "zones": ("its owner's hand", "hand", "deck top", "deck bottom", "discard", "feat zone", "collection"),
    "sources": ("collection", "hand", "discard", "deck"),
    "counted_zones": ("discard", "hand", "deck"),
    "distances": ("tiles", "tile"),
    "states": ("in terrain", "near terrain", "near an enemy", "near this card", "near you"),
    "reserved": ("near", "within", "last", "controlled", "uncontrolled", "targeting", "attached",
                 "adjacent", "exhausted", "revealed", "instant", "attack", "aura", "damage", "actions",
                 "action", "power", "initiative", "mitigate", "hp", "cards", "control", "difficult",
                 "enchanted", "terrain", "advantage", "breach", "frenzy", "unleash", "unleashed"),
}


#: how a rendered rules text says these conditions standing alone ("if you have advantage")
SAID: Final = {"advantage": "you have advantage", "breach": "you breach", "frenzy": "you are in a frenzy"}
#: the heading of an effect labelled with a condition ("Unleash - ...")
HEADINGS: Final = {"unleashed": "Unleash"}


def register(vocab: "Vocabulary") -> None:
    statics = {rule: rule for rule in (RANGE_REDUCED, *RULES) if rule != TARGETED}
    register_tables(vocab, nouns=[*PLAYER_NOUNS, *TILE_NOUNS, *CARD_NOUNS], filters=FILTERS,
                    conditions=CONDITIONS, quantities=QUANTITIES, events=EVENTS, statics=statics)
    vocab.words(**GRAMMAR_WORDS)
    for name, said in SAID.items():
        vocab.conditions[name].said = said
    for name, heading in HEADINGS.items():
        vocab.conditions[name].heading = heading
    for keyword in KEYWORDS:
        vocab.keyword(keyword)
    for name, word in KEYWORD_FILTERS.items():
        vocab.filter(name)(word)
    vocab.filter("within")(WithinFilter())
    vocab.quantity("tiles between")(TilesBetween())
    # statics that render their own English
    vocab.static(REDUCE_COST)(ReduceCost())
    vocab.static(CANT_REACT)(CantReact())
    vocab.static(RANGE_FROM)(RangeFrom())
    vocab.static(TARGETED)(CantBeTargeted())
    for stat in ("mitigate", "power", "actions", "initiative"):
        vocab.static("max_" + stat)(CapText(stat))


# ---- trigger matching ------------------------------------------------------------

def _matches_who(game: "Game", ctl: int, sel: Any, player: int | None) -> bool:
    """Whether ``player`` is who ``sel`` names, for a card controlled by ``ctl`` (read once
    by the caller: every event asks it of every listening card)."""
    if sel is None or player is None:
        return True
    if sel.mode == "ref":
        if sel.noun in ("you", "yourself"):
            return player == ctl
        return True
    which = PLAYER_NOUNS.get(sel.noun)
    if which == "enemy":
        return player in enemies(game, ctl)
    if which == "ally":
        return player != ctl and game.state.players[player].team == game.state.players[ctl].team
    return True


def _matches_player(game: "Game", card_id: str, ctl: int, sel: Any, player: int | None) -> bool:
    """``_matches_who``, and the selector's filters, judged for the listening card ("an
    enemy near you": tsv Crystal Blade's nearby enemy)."""
    if not _matches_who(game, ctl, sel, player):
        return False
    if sel is None or player is None or not sel.filters:
        return True
    ctx = Ctx(game, None, src=card_id, ctl=ctl, item="", bind={}, targets=[])
    return passes(ctx, player_ref(player), sel.filters)


def trigger_matches(game: "Game", card_id: str, trigger: Any, data: dict) -> bool:
    """Does an event concern this card's trigger (who did it, to whom, where)?"""
    card = game.state.cards[card_id]
    ctl = card.controller
    if card.zone.startswith("discard:") and getattr(trigger, "event", "") != SENT_TO_DISCARD:
        return False        # from the discard a card hears only its own arrival (to_discard.py)
    if isinstance(trigger, Trigger) and trigger.event in ("turn_start", "turn_end"):
        return _matches_who(game, ctl, trigger.who, data.get("who"))
    quals = getattr(trigger, "qualifiers", ())
    if quals:                   # nearly no trigger has one: one test for all of them
        if "during your turn" in quals and game.state.active != ctl:
            return False
        if "during an enemy's turn" in quals and game.state.active == ctl:
            return False
        if "precisely" in quals and not data.get("precise"):     # G-21: resolved at its max range
            return False
    who_ok = _matches_player(game, card_id, ctl, getattr(trigger, "who", None), data.get("who"))
    if not who_ok:
        return False
    obj = getattr(trigger, "obj", None)
    if obj is None:
        return True
    if obj.mode == "ref" and obj.noun == "this tile":
        return data.get("tile") == tile_of(game, card_id)
    if obj.mode == "ref" and obj.noun in ("this", "it") and "card" in data:
        # an event about a card: "this card", or "that card" (``it``): the card this one
        # is attached to (Arcane Lock: "After that card is destroyed")
        return data["card"] == (card_id if obj.noun == "this" else game.state.cards[card_id].attached_to)
    if obj.noun in PLAYER_NOUNS:
        return _matches_player(game, card_id, ctl, obj, data.get("target"))
    if obj.noun in CARD_NOUNS and data.get("card"):
        cdef = game.cdef(data["card"])
        if obj.noun.startswith("attack") and "attack" not in cdef.header.types:
            return False
        for f in obj.filters:
            if f.name in ("attack", "aura", "instant", "ability"):
                ok = cdef.header.instant if f.name == "instant" else f.name in cdef.header.types
                if ok == f.negated:
                    return False
            with_keyword = KEYWORD_FILTERS.get(f.name)
            if with_keyword is not None and with_keyword.has(cdef) == f.negated:
                return False
            if f.name == "targeting" and f.arg is not None:
                targets = data.get("targets", [])
                players = [int(r[7:]) for r in targets if r.startswith("player:")]
                if not any(_matches_player(game, card_id, ctl, f.arg, p) for p in players):
                    return False
        return True
    return True
