"""Whether a card can be played now, and if not, why: one check serves both the
legal-action list and the explanations (``why``), so the two can't disagree.

Sources: 001 § Core Concepts > Playing Cards (choose, target within range, pay),
§ Control (banner), § Instants; 000 § Responding to Cards > Instants (only in response
during an enemy's turn); § Feat Resolution (once until your next turn);
rulings.md (a card with a range needs a valid target in range to be played at all).

Listing a main phase's options asks this of every card in hand and in the feat zone at
every decision, so the questions one moment shares (whose turn, the stack, the player's
resources, whether an enemy is in range 2) are answered once per listing by a
``PlayCheck`` and reused for each card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import CardDef, TargetSpec
from cardsmith.runtime.core.engine import STATIC
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.keywords import alternative_cost, exact_range, own_distance, refusals, refuses_play
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.state import CardInstance

from . import costs
from . import in_hand
from . import nemesis
from . import precise
from . import range_rules
from .activated import activated
from .charges import WHY_NOT as CHARGE_WHY_NOT, charges_left
from .header import CONTROL_KINDS, IvionHeader, banner_blocks
from .in_hand import only_names
from .nouns import CARD_NOUNS, PLAYER_NOUNS, SAME_CHOICES, TILE_NOUNS
from .players import zone
from .range_rules import effective_range
from .targeting import nearest_choice, spec_options, spec_zones, within

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def cost_of(game: "Game", cid: str, *, free: bool = False, player: int | None = None,
            less: int = 0) -> dict[str, int]:
    """What playing this card costs ``player`` (its controller by default) now: the printed
    cost less the reductions in play (``costs``; IV-RES-9, G-17), the first one the player
    can afford when there is a choice; nothing when it is played for free or with cantrip.
    ``less`` is a reduction of this play only ("play a card for 1 less resource").
    Every place that reads a card's cost asks here."""
    if free:
        return {"actions": 0, "power": 0}
    cdef = game.cdef(cid)
    if player is None:
        player = game.state.cards[cid].controller
    choices = costs.affordable(game, player, cdef, less) or costs.options(game, player, cdef, less)
    return dict(choices[0])


def banner_block(game: "Game", player: int, header: IvionHeader) -> str:
    """Why Control stops this card for this player, in words ("bob is Disarmed, and its
    Control banner has Disarm"); '' if it doesn't."""
    if header.heroic:
        return ""
    stats = game.state.players[player].stats
    hit = [k for k in CONTROL_KINDS if k in header.banner and stats.get(k, 0) > 0]
    return banner_blocks(f"{game.state.players[player].name} is", hit) if hit else ""


def target_plan_exists(game: "Game", player: int, cid: str,
                       card: CardDef | None = None) -> tuple[bool, str]:
    """Some mode with every required target available within range."""
    return PlayCheck(game, player).target_plan(cid, card if card is not None else game.cdef(cid))


def why_cant_play(game: "Game", player: int, cid: str, *, response: bool = False,
                  free: bool = False, cantrip: bool = False) -> str:
    """'' if the card can be played now, else the reason in words."""
    return PlayCheck(game, player, response=response).why(cid, free=free, cantrip=cantrip)


#: why a card whose ``playable if`` fails can't be played (a template: the condition's English)
PLAY_IF_WHY_NOT: Final = "it may only be played if {}, and that is not so now (its 'playable if')"


#: ``playable if`` conditions about the moment of playing ("immediately after ..."): what
#: came just before the play stays so, and the card's own play would break them, so they
#: are judged as the card is chosen and not again as it resolves (Trick Shot, Toothy Grin,
#: Loose Coins; every other condition is: ``stack.meta_counter_reason``; choices.md §
#: Conditions on playing a card)
AT_PLAY_ONLY: Final = frozenset({"just_resolved_precise_attack", "just_attacked_an_enemy"})


def play_if_holds(game: "Game", player: int, cid: str, cond: Any) -> bool:
    """A ``playable if`` condition, judged for ``player`` as the card is chosen (it is not
    yet on the stack: "you" is its would-be controller), from the hand, the feat zone or
    a card's ``play ...`` (choices.md § Conditions on playing a card)."""
    return Ctx(game, None, src=cid, ctl=player, item="", bind={}, targets=[]).test(cond)


@dataclass(frozen=True, slots=True)
class PlayInfo:
    """What the printed card alone says about playing it, read once per definition."""
    instant: bool
    passive: bool
    banner: tuple[str, ...]              # Control kinds that stop it ('' for a heroic card)
    costs: tuple[tuple[str, int], ...]   # ("actions", 1), ("power", 2): only those above 0
    actions: int                         # the same printed cost as two numbers, which
    power: int                           # ``ruled_out`` compares without a loop (a judge
                                         # walking these two instead costs 0.6% a duel)
    cantrip: tuple[tuple[str, int], ...]   # what playing it with cantrip costs (() for no cantrip)
    refused: bool                        # a keyword may refuse its play (Hardcast, Once per game)
    charged: bool                        # needs a charge to be played (G-20)
    range: int | None
    #: the targets as (noun, other) pairs when each is a plain player or tile with no
    #: filters and the card has no modes (nearly every card): those are answered from one
    #: distance per noun.  None when the card needs the general target plan.
    plain_targets: tuple[tuple[str, bool], ...] | None
    #: indices of its ``MAIN`` abilities (activated.py; empty for nearly every card)
    activated: tuple[int, ...] = ()
    #: its ``playable if CONDITION`` (Breathe, Trick Shot): None for nearly every card.  A
    #: card with one has no ``plain_targets``, so ``judge`` tests it only on the general
    #: path and the listing pays nothing for it on every other card
    play_if: Any = None


def _one_distance(spec: TargetSpec) -> bool:
    """Whether one nearest distance answers this target for any range: a single player or
    tile with no filters (``nearest_choice``)."""
    return not spec.filters and spec.count == 1 and (spec.noun in PLAYER_NOUNS or spec.noun in TILE_NOUNS)


def _plain(spec: TargetSpec) -> bool:
    return _one_distance(spec) and spec.mode == -1 and not spec.upto


@per_definition
def play_info(card: CardDef) -> PlayInfo:
    h: IvionHeader = card.header
    return PlayInfo(
        instant=h.instant, passive="passive" in h.types,
        banner=() if h.heroic else tuple(k for k in CONTROL_KINDS if k in h.banner),
        costs=tuple((stat, n) for stat, n in (("actions", h.action_cost), ("power", h.power_cost)) if n),
        actions=h.action_cost or 0, power=h.power_cost or 0,
        cantrip=alternative_cost(card), refused=bool(refusals(card)), charged=h.charged, range=h.range,
        plain_targets=(tuple((SAME_CHOICES[s.noun], s.other) for s in card.targets)
                       if not card.modes and not own_distance(card) and h.play_if is None
                       and all(_plain(s) for s in card.targets)
                       else None),
        activated=activated(card), play_if=h.play_if)


@per_definition
def mode_order(card: CardDef) -> tuple[int, ...]:
    """The modes to try when asking whether a card has targets at all: those whose targets
    are all plain players or tiles first, since one distance answers them (Crush's "an
    opponent" before its "an attached card", which looks at every card in play).  Any mode
    with its targets makes the card playable, so the order changes the cost, not the answer."""
    if not card.modes:
        return (-1,)

    def general(mode: int) -> bool:
        return any(not _one_distance(s) for s in card.targets if s.mode in (-1, mode) and not s.upto)
    return tuple(sorted(range(card.modes), key=general))


MISSING: Final = object()

#: the listener-index keys of the statics every ``PlayCheck`` asks about
_SPARES, _REDUCED, _ONLY, _SHORTENED, _PROJECTED, _WARY = (
    STATIC[rule] for rule in (nemesis.RULE, costs.RULE, in_hand.ONLY, range_rules.PENALTY, range_rules.RULE,
                              "cant_be_targeted"))


def no_target(rng: int | None) -> tuple:
    return ("it has no legal target within range {}", rng) if rng is not None else ("it has no legal target",)


class PlayCheck:
    """One player's "can I play this?" at one moment, for any number of cards.

    Nothing here changes the state; a check is thrown away once the listing is made,
    so it can't outlive the moment it describes."""
    __slots__ = ("game", "player", "response", "stats", "actions", "power", "hand", "feats", "not_now",
                 "reduced", "spares", "only", "shortened", "projected", "wary", "facts", "_plans", "_nearest")

    def __init__(self, game: "Game", player: int, *, response: bool = False) -> None:
        state = game.state
        self.game = game
        self.player = player
        self.response = response
        stats = self.stats = state.players[player].stats
        # read once for ``ruled_out``: nothing changes the state while a check is used (at
        # least 0, so a card costing none is never ruled out by a stat below 0)
        self.actions = max(0, stats.get("actions", 0))
        self.power = max(0, stats.get("power", 0))
        self.hand = zone("hand", player)
        self.feats = zone("feats", player)
        self.not_now = ""
        # ``Game.any_static`` written out, one listener look-up per rule: the method calls
        # were most of what making a check cost while none of these cards is in play
        listening = state.listeners.get
        # charges that may stand in for actions for cards targeting one player (Nemesis):
        # a card too dear for actions alone may then be played, so, like a cost reduction
        # in play (IV-RES-9), they make costs depend on the state
        self.spares = nemesis.spares(game, player) if listening(_SPARES) else ()
        self.reduced = bool(listening(_REDUCED) or self.spares)
        # only cards of one name may be played (Thinking Time, in_hand.py); nearly always None
        self.only = only_names(game, player) if listening(_ONLY) else None
        # a card in play that shortens ranges (Trapdoor): else every range is as printed
        self.shortened = bool(listening(_SHORTENED))
        # a card in play that moves where range is drawn from (Projection): its exceptions
        # make the nearest choice depend on the card asking, so it is not shared then
        self.projected = bool(listening(_PROJECTED))
        # a card in play that says "can't be targeted" (nearly never): asked once, not per noun
        self.wary = bool(listening(_WARY))
        self.facts = game.library.derived(play_info)     # name -> (definition, PlayInfo)
        if not response:
            if state.active != player:
                self.not_now = "it is not your turn, and outside a response only the active player plays cards"
            elif state.stack:
                self.not_now = "cards are waiting to resolve"
        self._plans: dict[str, tuple[bool, str]] = {}
        self._nearest: dict[tuple[str, bool], float | None] = {}

    def why(self, cid: str, *, free: bool = False, cantrip: bool = False) -> str:
        """'' if the card can be played now, else the reason in words."""
        verdict = self.verdict(cid, free=free, cantrip=cantrip)
        if verdict is None:
            return ""
        template, *args = verdict
        return template.format(*args)

    def can(self, cid: str, *, free: bool = False, cantrip: bool = False) -> bool:
        card = self.game.state.cards.get(cid)
        if card is None:
            return False
        cdef, info = self.facts[card.name]
        if not free and not cantrip and self.ruled_out(info, cid):
            return False
        return self.judge(card, cdef, info, free=free, cantrip=cantrip) is None

    def ruled_out(self, info: PlayInfo, cid: str = "") -> bool:
        """True when the printed card alone rules a plain play out now: not an instant in a
        response, a passive feat, a cost above the player's resources with no reduction
        in play, or plain targets (``plain_targets_exist``) none of which is in range.
        Each is a check ``judge`` makes too, so this only answers no where the judge
        would; a listing asks it first because most cards in hand fail here (a card out of
        range as often as one too dear), and needs no reason for them."""
        if self.response and not info.instant or info.passive:
            return True
        if not self.reduced and (info.actions > self.actions or info.power > self.power):
            return True
        return bool(info.plain_targets) and not self.plain_targets_exist(info, cid)

    def verdict(self, cid: str, *, free: bool = False, cantrip: bool = False) -> tuple | None:
        """None if the card can be played now, else its reason as a template and its
        arguments: a listing only needs the yes or no, so the words are put together
        only when somebody asks why."""
        card = self.game.state.cards.get(cid)
        if card is None:
            return ("there is no such card",)
        cdef, info = self.facts[card.name]
        return self.judge(card, cdef, info, free=free, cantrip=cantrip)

    def judge(self, card: CardInstance, cdef: CardDef, info: PlayInfo, *, free: bool = False,
              cantrip: bool = False) -> tuple | None:
        """``verdict`` for a card whose definition and facts the caller already holds (a
        listing looks them up once for both the plain play and the cantrip); cheapest
        checks first."""
        game = self.game
        state = game.state
        cid = card.id
        in_feats = card.zone == self.feats
        if not in_feats and card.zone != self.hand:
            return ("it is not in your hand or feat zone (it is in {})", game.rules.describe_zone(game, card.zone))
        if self.response and not info.instant:
            return ("only instants can be played in response (001 § Instants)",)
        if info.passive:
            return ("it is a passive feat: it works from the feat zone and is never played",)
        if info.refused:
            why = refuses_play(game, self.player, cid, cdef)
            if why:
                return ("{}", why)
        if in_feats and state.used.get("feat:" + cid):
            return ("this feat was already played since the start of your last turn (001 § Feats)",)
        if info.charged and charges_left(game, cid) < 1:
            return (CHARGE_WHY_NOT,)
        if self.not_now:
            return ("{}", self.not_now)
        if self.only is not None and card.name not in self.only:
            return ("{}", in_hand.why_not(game, self.player, card.name, self.only))
        stats = self.stats
        for k in info.banner:
            if stats.get(k, 0) > 0:
                blocked = [k for k in info.banner if stats.get(k, 0) > 0]
                return ("{} (001 § Control)", banner_blocks("you are", blocked))
        if cantrip:
            if not info.cantrip:
                return ("it has no cantrip",)
            for stat, n in info.cantrip:
                if stats.get(stat, 0) < n:
                    return ("cantrip needs {} {} token", n, stat)
        elif not free and self.reduced:
            if not costs.affordable(game, self.player, cdef) and \
                    not (self.spares and nemesis.can_cover(game, self.player, cid, cdef, self.spares)):
                return ("it costs {} (after reductions) and you have {} actions and {} power",
                        costs.describe(costs.options(game, self.player, cdef)[0]),
                        stats.get("actions", 0), stats.get("power", 0))
        elif not free:
            for stat, n in info.costs:
                if stats.get(stat, 0) < n:
                    return ("it costs {} {} and you have {}", n, stat.rstrip("s") if n == 1 else stat,
                            stats.get(stat, 0))
        plain = info.plain_targets
        if plain is None:
            # the general path, which every card with a 'playable if' takes (``PlayInfo``)
            if info.play_if is not None and not play_if_holds(game, self.player, cid, info.play_if):
                return (PLAY_IF_WHY_NOT, cdef.header.play_if_text or "its condition holds")
            ok, why = self.target_plan(cid, cdef)
            if not ok:
                return ("{}", why)
        elif plain and not self.plain_targets_exist(info, cid):
            return no_target(info.range)
        return None

    def plain_targets_exist(self, info: PlayInfo, cid: str = "") -> bool:
        """The short cut for ``info.plain_targets``: each noun's nearest choice in range."""
        rng = effective_range(self.game, self.player, info.range) if self.shortened else info.range
        nearest = self._nearest if not self.projected else {}
        for key in info.plain_targets or ():
            # ``_distance`` only on a miss, and ``within`` written out: this runs for
            # every card in hand at every listing
            d: Any = nearest.get(key, MISSING)
            if d is MISSING:
                d = self._distance(key, cid)
            if d is None or rng is not None and d > rng:
                return False
        return True

    def _distance(self, key: tuple[str, bool], cid: str) -> float | None:
        """``nearest_choice`` for a (noun, other) key, with what this check already knows,
        kept for the rest of the check: with no ``range_from`` in play there are no extra
        origins, whichever card asks (with one, each card asks for itself)."""
        if self.projected:
            return nearest_choice(self.game, self.player, key[0], key[1], cid, wary=self.wary)
        d: Any = self._nearest.get(key, MISSING)
        if d is MISSING:
            d = self._nearest[key] = nearest_choice(self.game, self.player, key[0], key[1], cid,
                                                    extra=[], wary=self.wary)
        return d

    def target_plan(self, cid: str, card: CardDef) -> tuple[bool, str]:
        """Some mode with every required target available within range.

        A card not yet played sits nowhere on the board (it counts as in its controller's
        tile), so the answer depends on the definition, not on which copy: it is kept per
        card name for the rest of this check."""
        hit = self._plans.get(card.name)
        if hit is not None:
            return hit
        hit = self._plans[card.name] = self._target_plan(cid, card)
        return hit

    def _target_plan(self, cid: str, card: CardDef) -> tuple[bool, str]:
        if not card.targets:
            return True, ""
        rng = card.header.range
        keywords = card.keywords
        # a card measuring its own distances (Reach, Precise) takes the general path
        own = bool(keywords) and own_distance(card)
        for mode in mode_order(card):
            for spec in card.targets:
                if spec.mode not in (-1, mode) or spec.upto:
                    continue
                if not self._spec_exists(cid, spec, rng, own):
                    break
            else:
                return True, ""
        if own and exact_range(self.game, card):
            return False, precise.WHY_NOT.format(effective_range(self.game, self.player, rng))
        template, *args = no_target(rng)
        return False, template.format(*args)

    def _spec_exists(self, cid: str, spec: TargetSpec, rng: int | None, own: bool = False) -> bool:
        """Whether a target spec has its choices.  A plain player or tile spec means the
        same for every card ("target enemy"), and one distance answers it for every range,
        so that distance is kept for the rest of this check; not for a card that measures
        its own distances (``own``: Reach, Precise)."""
        if not own and _one_distance(spec):
            if self.shortened:
                rng = effective_range(self.game, self.player, rng)
            return within(self._distance((SAME_CHOICES[spec.noun], spec.other), cid), rng)
        if spec.noun in CARD_NOUNS and not any(it.fate == "pending" and it.card != cid for it in self.game.state.stack) \
                and spec_zones(self.game.cdef(cid)).get(id(spec)) == "stack":
            # a counter's target is an unresolved card (``spec_zones``); with none on the stack
            # (every main-phase listing) there is none, and the Duck in hand needs no search
            return False
        # the general case (filters, a count, a card noun, Reach, Precise): enough legal choices
        ctx = Ctx(self.game, None, src=cid, ctl=self.player, item="", bind={}, targets=[])
        return len(spec_options(self.game, ctx, spec, rng, limit=spec.count)) >= spec.count
