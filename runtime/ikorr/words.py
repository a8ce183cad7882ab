"""Rush of Ikorr's nouns, filters, conditions, quantities, events, keywords, passive rules
and activated-ability words (004 § Card Abilities; § Glossary)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import Trigger
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.words import Word as CoreWord, every, passes, refs_of

from .battlefield import counter, stunned
from .keywords import KEYWORDS
from .targeting import CARD_NOUNS, PLAYER_NOUNS, candidates, player_of
from .zones import IkorrState, kind_of, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary


class Word(CoreWord):
    """The core's word object, with what Ikorr's activation words also say: how often
    one may be used (``limit``), and whether it must be given an amount (``RUSH 3:``).
    Named attributes, not any keyword set on the fly: a compiled class has only the
    attributes it declares."""

    def __init__(self, text: str, fn: Any = None, *, limit: str = "", needs_amount: bool = False) -> None:
        super().__init__(text, fn)
        self.limit = limit
        self.needs_amount = needs_amount


class Phrase(Word):
    """A word that renders itself (statics, quantities): ``text`` may use ``{0}``, ``{1}``
    for a static's arguments."""

    def render(self, node: Any, r: Any) -> str:
        args = [str(a).capitalize() if k == 0 else str(a) for k, a in enumerate(getattr(node, "args", ()))]
        return self.text.format(*args) if args else self.text


def _controller(ctx: "Ctx", ref: str) -> int | None:
    p = player_of(ref)
    if p is not None:
        return p
    card = ctx.game.state.cards.get(ref)
    return card.controller if card else None


def _controlled_by(ctx: "Ctx", ref: str, arg: Any) -> bool:
    who = {player_of(r) for r in refs_of(ctx, arg)}
    return _controller(ctx, ref) in who


def _is_card(fn):
    def test(ctx: "Ctx", ref: str, arg: Any = None) -> bool:
        return ref in ctx.game.state.cards and bool(fn(ctx, ref))
    return test


FILTERS: Final = {
    "controlled by": (_controlled_by, "controlled by {arg}"),
    "controlled": (lambda c, r, a: _controller(c, r) == c.controller, "you control"),
    "uncontrolled": (lambda c, r, a: _controller(c, r) not in (None, c.controller), "you don't control"),
    "exhausted": (_is_card(lambda c, r: counter(c.game, r, "damage") > 0), "damaged"),
    "adjacent to": (lambda c, r, a: _controller(c, r) in {
        p for x in refs_of(c, a) if player_of(x) is not None
        for p in __import__("cardsmith.runtime.core.teams", fromlist=["beside"]).beside(c.game.state, player_of(x))},
        "beside {arg}"),
}


def _has(ctx: "Ctx", cond: Any) -> bool:
    """``you have 3 ikorr`` (secured by your team), ``you have 2 cards`` (in hand),
    ``it has 1 damage``, ``it has 2 ikorr`` (stored)."""
    what, n = cond.arg if isinstance(cond.arg, tuple) else (cond.arg, 1)
    state: IkorrState = ctx.game.state  # type: ignore[assignment]
    for r in refs_of(ctx, cond.subject) or [f"player:{ctx.controller}"]:
        p = player_of(r)
        if p is not None:
            value = {"ikorr": state.secured[state.players[p].team],
                     "cards": len(state.zones[zone("hand", p)]), "card": len(state.zones[zone("hand", p)]),
                     "influence": len(state.zones[zone("influence", p)])}.get(what, 0)
        elif r in state.cards:
            value = counter(ctx.game, r, {"ikorr": "ikorr", "damage": "damage"}.get(what, what))  # type: ignore[arg-type]
        else:
            continue
        if (value >= n) if not cond.negated else value > 0:
            return True
    return False


CONDITIONS: Final = {
    "has": (_has, "has"),
    "damaged": (every(lambda c, r: r in c.game.state.cards and counter(c.game, r, "damage") > 0), "is damaged"),
    "stunned": (every(lambda c, r: r in c.game.state.cards and stunned(c.game, r)), "is stunned"),
    "your_turn": (lambda c, cond: c.game.state.active_team == c.game.state.players[c.controller].team,
                  "it is your turn"),
}

QUANTITIES: Final = {
    "ikorr it held": (lambda c, q: int(c.bound("held") or 0), "all Ikorr held by that champion"),
    "stored ikorr": (lambda c, q: sum(counter(c.game, r, "ikorr") for r in refs_of(c, q.of)
                                      if r in c.game.state.cards), "the Ikorr stored on {of}"),
    "champions you control": (lambda c, q: len(c.game.state.zones[zone("champions", c.controller)]),
                              "the number of champions you control"),
}

#: triggered-ability words (004 § Triggered Abilities) and the other events cards can name
EVENTS: Final = {
    "summon": "SUMMON", "death": "DEATH", "attack": "ATTACK", "raid": "RAID", "secure": "SECURE",
    "end": "END", "leave": "leaves the battlefield", "draw": "draws", "cast": "casts a spell",
    "heal": "is healed",
}

STATICS: Final = {
    "loyal_attack": "{0} champions you control have +{1} attack",
    "attack_and_raid": "This champion can both attack and raid",
}

ACTIVATIONS: Final = {
    "action": Word("ACTION", limit="turn"),
    "power": Word("Avatar power", limit="turn"),
    "rush": Word("RUSH", limit="game", needs_amount=True),
}


#: Rush of Ikorr's words in the card grammar's closed classes (``Vocabulary.words``)
GRAMMAR_WORDS: Final = {"units": ("damage", "cards", "card", "ikorr", "influence"),
                        "reserved": ("damage", "cards", "controlled", "uncontrolled", "exhausted", "adjacent")}


def register(vocab: "Vocabulary") -> None:
    vocab.words(**GRAMMAR_WORDS)
    for noun in (*PLAYER_NOUNS, *CARD_NOUNS):
        vocab.noun(noun)(Word(noun))
    for name, (fn, text) in FILTERS.items():
        vocab.filter(name)(Word(text, fn))
    for name, (fn, text) in CONDITIONS.items():
        vocab.condition(name)(Word(text, fn))
    for name, (fn, text) in QUANTITIES.items():
        vocab.quantity(name)(Phrase(text, fn) if "{of}" not in text else Word(text, fn))
    for name, text in EVENTS.items():
        vocab.event(name)(Word(text))
    for keyword in KEYWORDS:
        vocab.keyword(keyword)
    for name, text in STATICS.items():
        vocab.static(name)(Phrase(text))
    for name, word in ACTIVATIONS.items():
        vocab.activation(name)(word)


# ---- trigger matching ------------------------------------------------------------------

SELF_EVENTS: Final = ("summon", "death", "attack", "raid", "secure")


def trigger_matches(game: "Game", cid: str, trigger: Any, data: dict) -> bool:
    """SUMMON/DEATH/ATTACK/RAID/SECURE concern this champion; END your team's end phase;
    'after WHO EVENT' forms check who (a player or a card) against the selector."""
    if not isinstance(trigger, Trigger):
        return True
    state: IkorrState = game.state  # type: ignore[assignment]
    ctl = state.cards[cid].controller
    if trigger.who is None:
        if trigger.event in SELF_EVENTS:
            return data.get("card") == cid
        if trigger.event == "end":
            return data.get("team") == state.players[ctl].team
        return True
    sel = trigger.who
    ctx = Ctx(game, None, src=cid, ctl=ctl, item="", bind={})
    subject = data.get("card") if sel.noun in CARD_NOUNS else f"player:{data.get('who')}"
    if sel.mode == "ref":
        if sel.noun == "you":
            return data.get("who") == ctl
        if sel.noun == "this":
            return data.get("card") == cid
        return True
    if subject is None or (sel.noun in CARD_NOUNS and subject == cid and sel.other):
        return False
    if sel.noun in CARD_NOUNS:
        if subject not in state.cards:
            return False
        kind = game.cdef(subject).header.kind
        if sel.noun.startswith(("champion", "location", "spell")) and not sel.noun.startswith(kind):
            return False
        return passes(ctx, subject, sel.filters)
    return subject in candidates(game, ctl, sel.noun) and passes(ctx, subject, sel.filters)


def ability_zone_ok(state: IkorrState, cid: str) -> bool:
    """Abilities work on the battlefield and on the avatar (004 § Passive Abilities)."""
    return kind_of(state.cards[cid].zone) in ("champions", "location", "avatar")
