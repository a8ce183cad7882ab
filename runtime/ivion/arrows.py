"""The Fletcher's zones (IV-ZONE-6): the Feather deck, the Arrowhead deck and the Master
Arrow (Flint, Fletch).  No rulebook describes them; the readings are in
docs/ivion/choices.md, "The Fletcher's Feather deck, Arrowhead deck and Master Arrow":

- ``feathers:N`` and ``arrowheads:N`` are secret piles like the Trap deck, filled and
  shuffled at setup from the deck's ``feathers`` / ``arrowheads`` (a deck file's ``pile``
  lines); their cards have the headers ``feather deck`` / ``arrowhead deck``.
- ``master_arrow:N`` is public (the arrow is built in front of its player) and holds at
  most one feather and one arrowhead: a card added where one of its kind is already is
  swapped for it, the old one going to the bottom of its own deck.
- ``fletch N`` is Flint's and Fletch's action: look at the top N cards of either deck (the
  player picks the deck: one with cards), add one of them to the Master Arrow, and
  shuffle the rest back in (N = 1: the top card, nothing is looked at or shuffled).
- A Master Arrow with one of each is ready: it becomes one card, "Master Arrow: FEATHER +
  ARROWHEAD" (the feather's action cost, range and text after the arrowhead's power and
  attack; the banner of both, Heroic or Instant if either is), made as a token in its
  player's feat zone with its two parts beneath it, and played from there like any card.
  When it leaves play (resolved, countered), its parts are removed from the game with it
  (the rule for piles beneath a card, piles.py).  A feather or arrowhead added while it
  waits in the feat zone takes the place of its own kind and the card is made again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.state import Action, Decision

from .archetypes import ARCHETYPES
from .header import IvionHeader
from .players import beneath, zone
from .verbs_base import IvionVerb
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

#: the two decks, by the header kind of their cards, with the words people read
DECKS: Final = {"feather": ("feathers", "Feather deck"), "arrowhead": ("arrowheads", "Arrowhead deck")}
MASTER_ARROW: Final = "master_arrow"
#: the name of a ready Master Arrow: "Master Arrow: Crow + Bodkin"
PREFIX, JOIN = "Master Arrow: ", " + "


def arrow_def(feather: CardDef, head: CardDef) -> CardDef | None:
    """One card of a feather and an arrowhead (choices.md "The Fletcher's ..."): the
    arrowhead's attack, then the feather's text (Vulture: "Deal 4 more damage"), so the
    feather's ``them`` is the arrowhead's target.  None if the feather chooses targets of
    its own (no printed feather does: their numbering would clash)."""
    if feather.targets or feather.modes:
        return None
    fh, ah = feather.header, head.header
    heroic = fh.heroic or ah.heroic
    power = (ah.power_gain + fh.power_gain) - (ah.power_cost + fh.power_cost)
    actions = (ah.action_gain + fh.action_gain) - (ah.action_cost + fh.action_cost)
    header = IvionHeader(kind="skill", archetype="fletcher", action_cost=max(0, -actions),
                         action_gain=max(0, actions), power_cost=max(0, -power), power_gain=max(0, power),
                         range=fh.range if fh.range is not None else ah.range,
                         banner=frozenset() if heroic else fh.banner | ah.banner, heroic=heroic,
                         instant=fh.instant or ah.instant, types=fh.types | ah.types,
                         archetype_def=ARCHETYPES["fletcher"])
    return CardDef(PREFIX + feather.name + JOIN + head.name, "ivion", header, effect=head.effect + feather.effect,
                   targets=head.targets, modes=head.modes, keywords=feather.keywords | head.keywords,
                   note=f"The Master Arrow made of {feather.name} and {head.name}.")


def ensure(library: "CardLibrary", name: str) -> bool:
    """Make sure the library knows the Master Arrow called ``name`` (a loaded game names
    one it made earlier: ``IvionRules.prepare``); False if it can't be made."""
    if name in library:
        return True
    feather, _, head = name[len(PREFIX):].partition(JOIN)
    if feather not in library or head not in library:
        return False
    card = arrow_def(library.get(feather), library.get(head))
    if card is None:
        return False
    library.add(card)
    return True


def ready_arrow(game: "Game", player: int) -> str:
    """The player's ready Master Arrow waiting in their feat zone, or ""."""
    for cid in game.state.zones.get(zone("feats", player), ()):
        card = game.state.cards[cid]
        if card.token and card.name.startswith(PREFIX):
            return cid
    return ""


def _make_ready(game: "Game", player: int, cause: str) -> None:
    """With one feather and one arrowhead, (re)make the Master Arrow card."""
    old = ready_arrow(game, player)
    where = beneath(old) if old else zone(MASTER_ARROW, player)
    parts = {deck_of(game, c): c for c in game.state.zones.get(where, ())}
    if len(parts) < 2:
        return
    name = PREFIX + game.name(parts["feather"]) + JOIN + game.name(parts["arrowhead"])
    if old and game.name(old) == name:
        return
    if not ensure(game.library, name):
        game.log("master arrow", f"{name} can't be made (its feather chooses targets of its own)", cause, player)
        return
    new = game.create_card(name, player, zone("feats", player), token=True)
    game.state.cards[new].revealed = True
    for part in (parts["feather"], parts["arrowhead"]):
        move(game, part, beneath(new))
        game.state.cards[part].revealed = True
    if old:
        game.remove_card(old)
    game.log("master arrow", f"{game.state.players[player].name}'s Master Arrow is ready: {name}", cause, player)


def deck_of(game: "Game", cid: str) -> str:
    """The kind of a Fletcher card ("feather", "arrowhead"), "" for any other card."""
    kind = game.cdef(cid).header.kind
    return kind if kind in DECKS else ""


def add_to_arrow(game: "Game", player: int, cid: str, cause: str) -> None:
    """Put a feather or an arrowhead into the player's Master Arrow; one of the same kind
    already there goes to the bottom of its deck (one feather, one arrowhead)."""
    ready = ready_arrow(game, player)
    arrow = beneath(ready) if ready else zone(MASTER_ARROW, player)
    kind = deck_of(game, cid)
    name = game.state.players[player].name
    for old in [c for c in game.state.zones.get(arrow, ()) if deck_of(game, c) == kind]:
        move(game, old, zone(DECKS[kind][0], game.state.cards[old].owner))
        game.state.cards[old].revealed = False
        game.log("master arrow", f"{game.name(old)} leaves {name}'s Master Arrow for the bottom of the "
                 f"{DECKS[kind][1]}", cause, player)
    move(game, cid, arrow)
    game.state.cards[cid].revealed = True
    game.log("master arrow", f"{name} adds {game.name(cid)} to their Master Arrow", cause, player)
    _make_ready(game, player, cause)


class Fletch(IvionVerb):
    """``fletch N``: look at the top N cards of your Feather deck or your Arrowhead deck,
    add one to your Master Arrow, shuffle the rest back in (Flint: N = 3; Fletch: N = 1)."""
    help: ClassVar = "look at the top cards of your Feather or Arrowhead deck and put them back in any order"
    example: ClassVar = "fletch 2"
    amount: ClassVar = "optional"
    max_amount: ClassVar = 9

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount) if step.amount is not None else "1"
        if n == "1":
            return "put the top card of your Feather Deck or of your Arrowhead Deck into your Master Arrow"
        return (f"look at the top {n} cards of either your Feather Deck or Arrowhead Deck; add one to "
                "your Master Arrow, then shuffle the rest back in")

    @staticmethod
    def _decks(ctx: "Ctx") -> list[str]:
        return [kind for kind, (pile, _) in DECKS.items()
                if ctx.game.state.zones.get(zone(pile, ctx.controller))]

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        game, me = ctx.game, ctx.controller
        if not choices:
            decks = self._decks(ctx)
            if len(decks) != 1:
                if not decks:
                    return None
                return Decision(me, "choose_deck", f"{ctx.card().name}: which deck?",
                                [Action("choose_deck", (k,), DECKS[k][1]) for k in decks])
            choices.append(decks[0])
        if len(choices) == 1:
            top = game.state.zones[zone(DECKS[choices[0]][0], me)][:ctx.value(step.amount, 1)]
            if len(top) == 1:
                choices.append(top[0])
                return None
            first: dict[str, str] = {}
            for c in top:
                first.setdefault(game.name(c), c)
            if len(first) == 1:
                choices.append(top[0])
                return None
            return Decision(me, "choose_card", f"{ctx.card().name}: add which card to your Master Arrow?",
                            [Action("choose_card", (c,), f"add {name}") for name, c in sorted(first.items())])
        return None

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me, cause = ctx.game, ctx.controller, ctx.card().name
        if len(choices) < 2 or choices[1] not in game.state.cards:
            game.log("master arrow", "the Feather and Arrowhead decks are empty: nothing to add", cause, me)
            return
        pile = zone(DECKS[choices[0]][0], me)
        n = ctx.value(step.amount, 1)
        if n > 1:
            game.log("master arrow", f"{game.state.players[me].name} looks at the top {n} cards of their "
                     f"{DECKS[choices[0]][1]}", cause, me)
        add_to_arrow(game, me, choices[1], cause)
        if n > 1:
            game.shuffle(pile)
            game.log("master arrow", f"{game.state.players[me].name} shuffles their {DECKS[choices[0]][1]}", cause, me)


def setup(game: "Game", player: int, deck: Any) -> None:
    """Fill a Fletcher's two decks from the deck's ``feathers`` and ``arrowheads`` and
    shuffle them; a deck without them makes no zone (and draws no random number)."""
    for kind, (pile, _) in DECKS.items():
        names = deck.get(pile)
        if names:
            game.create_cards(names, player, zone(pile, player))
            game.shuffle(zone(pile, player))


def register(vocab: "Vocabulary") -> None:
    vocab.verb("fletch")(Fletch)
