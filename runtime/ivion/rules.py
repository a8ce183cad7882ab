"""Ivion's plug into the engine: setup, header checks, selectors, explanations."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core import options, rng
from cardsmith.runtime.core.decks import DeckDef, Problem
from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.native import mypyc_attr
from cardsmith.runtime.core.rules import GameRules
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.core.state import Action, Frame, GameState, Player

from . import arrows, board, deck_rules, evaluation, header_reader, piles, precise, printed, saved, trigger_targets
from .deck_formats import FORMATS
from .destinations import why_not_there
from .header import IvionHeader, declare_archetype, header_line, make_header
from .in_hand import works_here
from .permissions import forbidden
from .playable import why_cant_play
from .players import zone
from .targeting import select
from .to_discard import listens_from_discard
from .turn import can_move
from .words import trigger_matches as _trigger_matches

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary

RULESETS: Final = ("hh", "original")
DEFAULT_NAMES: Final = ("alice", "bob")

#: Engine options a designer may change (``Game.new(..., hand_limit=8)``); each fills a
#: place the rulebooks leave open or a reading that may need changing
#: (docs/ivion/choices.md says which and why).
OPTION_DEFAULTS: Final = {
    "hand_limit": 7,                      # IV-HAND-1
    "wounded_at": 20,                     # G-7: hh tracker threshold (int or per-player list)
    "shuffle_unreveals": True,            # IV-ZONE-4 / D18: also under 'original'
    "exhaustion_blocks_mitigate": True,   # G-8: an exhausted hero's mitigate absorbs nothing
    "both_at_zero": "draw",               # G-22: draw | active_loses | active_wins | sequential
    # G-21, the Season-3 keywords no rulebook defines (docs/ivion/choices.md):
    "max_poison": 5,                      # "max Poison": cap 5 assumed
    "max_luck": 5,                        # Rule of Five, as for every token
    "poison_triggers": "end",             # at the end of the poisoned hero's turn | start | never
    "poison_rule": "Poison",              # the rule card whose effect a Poison trigger runs
    "luck_rule": "Luck",                  # the rule card whose effect a Luck flip runs
    "luck_flip_ends_window": True,        # a flip is the window's one reaction (G-2)
    "combo": "played",                    # Combo: played | resolved another card this turn
    "precise_keyword": "restriction",     # a card printed {Precise}: restriction | bonus
    "cost_reduction_floor": 1,            # IV-RES-9 / G-17: a reduced cost part stays >= this
}

BOTH_AT_ZERO: Final = ("draw", "active_loses", "active_wins", "sequential")

#: what a scenario's ``option`` lines may set (the defaults above; ``first``, ``hp``)
SETUP_OPTIONS: Final = {
    "first": options.integer("the player who takes the first turn (0 or 1)", 0, 1),
    "hp": options.integer("starting HP of a hero without an ultimate", 1, 999),
    "hand_limit": options.integer("cards a hand may hold at the end of a turn", 0, 99),
    "wounded_at": options.integer("HP at or below which a hero is wounded", 0, 999),
    "shuffle_unreveals": options.flag("shuffling a deck hides its revealed cards"),
    "exhaustion_blocks_mitigate": options.flag("an exhausted hero's mitigate absorbs nothing "
                                                 "(false: it still absorbs)"),
    "both_at_zero": options.choice("both heroes at 0 HP at once", BOTH_AT_ZERO),
    "max_poison": options.integer("Poison a hero can have", 0, 99),
    "max_luck": options.integer("Luck tokens a hero can have", 0, 99),
    "poison_triggers": options.choice("when Poison triggers", ("end", "start", "never")),
    "poison_rule": options.text("the rule card a Poison trigger runs"),
    "luck_rule": options.text("the rule card a Luck flip runs"),
    "luck_flip_ends_window": options.flag("a Luck flip is the window's one reaction"),
    "combo": options.choice("what Combo counts", ("played", "resolved")),
    precise.OPTION: options.choice("what a card printed {Precise} means", precise.READINGS),
    "cost_reduction_floor": options.integer("the least a reduced cost part can be", 0, 9),
}


def claimed_first(game: "Game", chosen: int) -> int:
    """A feat that says "you take the first turn" (``static takes_first_turn``, Treachery)
    beats the usual choice (IV-GOLD-1); if both heroes claim it the claims cancel and the
    usual choice stands: the ``first`` option, else the seeded random pick (G-11)."""
    claims = sorted({game.card(cid).controller: game.name(cid)
                     for cid, _ in game.statics("takes_first_turn")}.items())
    if len(claims) == 1:
        who, card = claims[0]
        game.log("setup", f"{game.state.players[who].name} takes the first turn ({card})", card, who)
        return who
    if len(claims) > 1:
        game.log("setup", "both heroes claim the first turn: the claims cancel, the usual choice stands", "G-11")
    return chosen


@mypyc_attr(allow_interpreted_subclasses=True)     # a variant's rules may subclass it
class IvionRules(GameRules):
    name: ClassVar = "ivion"
    # Decks and relic piles are private to everyone, a hand to all but its owner;
    # discards, feat zones and the field are public (001 § Additional Rules > Zones;
    # IV-ZONE-1).  Revealed cards show wherever they are (``Game.view``).
    # The piles beneath cards are hidden too: a card put there face up is revealed, so it
    # shows; a face-down one shows to no one (IV-ZONE-6, piles.py).  A Collection, outside
    # the game, is its owner's to look through.
    secret_zones: ClassVar = ("deck", "relics", "traps", "beneath", "feathers", "arrowheads")
    private_zones: ClassVar = ("hand", "collection")
    hidden_pools: ClassVar = (("hand", "deck"),)
    rulesets: ClassVar = RULESETS
    ruleset_help: ClassVar = {"hh": "the Hound & the Hare rules", "original": "the core rulebook"}
    setup_options: ClassVar = SETUP_OPTIONS

    ref_kinds: ClassVar = ("tile:",)
    saved: ClassVar = saved
    card_header: ClassVar = header_reader
    zone_words: ClassVar = {"feats": "feat zone", "trap_discard": "trap discard", "master_arrow": "Master Arrow"}
    deck_formats: ClassVar = tuple(FORMATS)
    default_decks: ClassVar = ("steward", "winterborn")
    cards_package: ClassVar = "cardsmith.cards.ivion"
    control_stats: ClassVar = ("slow", "silence", "disarm")     # 001 § Control

    def check_deck(self, deck: DeckDef, library: "CardLibrary") -> list[Problem]:
        return deck_rules.deck_problems(deck, library)

    def game_view(self) -> GameView:
        from .view import IvionView  # lazy: only the REPL and scenario files draw the board
        return IvionView(self.name)

    def play_heading(self, game: Game, options: dict[str, Any], ai: str) -> str:
        """'Ivion duel: alice (Steward), bob (Winterborn); seed 3, random AI, ruleset hh'."""
        names = ", ".join(f"{p.name} ({d.get('name') or (d['feats'] or ['no feats'])[0]})"
                          for p, d in zip(game.state.players, options.get("decks") or ()))
        return f"Ivion duel: {names}; seed {game.state.seed}, {ai} AI, ruleset {game.state.ruleset}"

    def play_result(self, game: Game, decisions: int) -> str:
        s = game.state
        winners = [p.name for p in s.players if p.team == s.winner]
        return f"winner: {' and '.join(winners) or 'nobody'} after {s.turn} turns and {decisions} decisions"

    def make_header(self, fields: dict[str, Any], where: str) -> IvionHeader:
        return make_header(fields, where)

    def render_header(self, h: IvionHeader) -> str:
        """'Cryomancer skill - Attack - Cost 1 action - Range 2', for the card text."""
        return header_line(h)

    def declare(self, fields: dict[str, Any]) -> tuple[str, Any]:
        return declare_archetype(fields)

    def card_problems(self, card: Any) -> list[str]:
        return precise.problems(card)

    def printed_cards(self) -> tuple[Any, ...]:
        """The 656 printed cards (``printed.py``), for ``cardsmith coverage ivion``."""
        return printed.printed_cards()

    def printed_stand_in(self, card: Any) -> Any:
        return printed.stand_in(card)

    def printed_header(self, card: Any) -> dict[str, Any]:
        return printed.script_header(card)

    # ---- setup (000 § Game Setup; 001 § Setup) ---------------------------------------
    def new_state(self, library: "CardLibrary", options: dict[str, Any]) -> GameState:
        ruleset = options.get("ruleset") or "hh"
        if ruleset not in RULESETS:
            raise CardsmithError(f"unknown ruleset '{ruleset}' (known: {', '.join(RULESETS)})")
        seed = int(options.get("seed", 0))
        decks = options.get("decks")
        if not decks or len(decks) != 2:
            raise CardsmithError("an Ivion duel needs two decks")
        names = list(options.get("names") or DEFAULT_NAMES)
        opts = {"variant": "duel"}
        for key, default in OPTION_DEFAULTS.items():
            opts[key] = options.get(key, default)
        for key, known in (("both_at_zero", BOTH_AT_ZERO), (precise.OPTION, precise.READINGS)):
            if opts[key] not in known:
                raise CardsmithError(f"unknown {key} '{opts[key]}' (known: {', '.join(known)})")
        state = GameState(game="ivion", ruleset=ruleset, seed=seed, rng=rng.seed_state(seed),
                          board=board.new_board(), options=opts)
        game = Game(self, state, library, history=False)
        for i, deck in enumerate(decks):
            p = Player(i, names[i], team=i, position=board.start_tile(i))
            state.players.append(p)
            for kind in ("deck", "hand", "discard", "feats", "removed", "relics", "traps", "trap_discard"):
                state.zones[zone(kind, i)] = []
            game.create_cards(deck["feats"], i, zone("feats", i))
            ultimates = [game.cdef(c) for c in state.zones[zone("feats", i)]
                         if game.cdef(c).header.kind == "ultimate"]
            # The ultimate sets starting and maximum HP (IV-SETUP-3); a Paragon hero has
            # three and starts at the highest (000 § Variant Rules > Paragon; IV-SETUP-10).
            hp = max(u.header.hp for u in ultimates) if ultimates else int(options.get("hp", 40))
            if len(ultimates) > 1:
                best = next(u.name for u in ultimates if u.header.hp == hp)
                game.log("setup", f"{p.name} starts at {hp} HP, {best}'s: the highest of "
                         f"{len(ultimates)} ultimates", "IV-SETUP-10", i)
            p.stats.update(hp=hp, max_hp=hp, actions=0, power=0, initiative=0, slow=0, silence=0,
                           disarm=0, mitigate=0, poison=0, luck=0)
            p.flags.update(second_wind_used=False, chivalrous=False)
            game.create_cards(deck["cards"], i, zone("deck", i))
            game.shuffle(zone("deck", i))
            # A deck that can gain relics shuffles them into their own pile before the
            # game (001 § Rules Reference > Glossary > RELICS; IV-KW-RELIC-1).
            game.create_cards(deck.get("relics", ()), i, zone("relics", i))
            game.shuffle(zone("relics", i))
            # A Poacher's Trap deck: its own pile, resolved when a trap springs (G-21).
            game.create_cards(deck.get("traps", ()), i, zone("traps", i))
            game.shuffle(zone("traps", i))
            # Character creation's zones: the cards beneath feats, the Collection (IV-ZONE-6)
            piles.setup(game, i, deck)
            arrows.setup(game, i, deck)         # a Fletcher's Feather and Arrowhead decks
        state.zones["field"] = []
        state.zones["stack"] = []
        for i in range(2):
            for _ in range(5):
                if state.zones[zone("deck", i)]:
                    game.move_card(state.zones[zone("deck", i)][0], zone("hand", i))
        first = options.get("first")
        first = game.random_below(2) if first is None else int(first)
        first = claimed_first(game, first)
        state.active = first
        state.players[first].flags["skip_draw"] = True
        game.log("setup", f"{state.players[first].name} goes first (seed {seed}); ruleset {ruleset}")
        if not options.get("hold"):     # held: a scenario's board set before turn 1 starts
            state.agenda.append(Frame("turn", {"stage": "start"}))
        # "After you draw your opening hand" effects happen before the first turn
        # (001 § Learn to Play > Setup, "Immediate bonus"; IV-SETUP-7).
        for i in (first, 1 - first):
            game.emit("draw_opening_hand", who=i)
        return state

    # ---- hooks ----------------------------------------------------------------------
    def prepare(self, state: GameState, library: "CardLibrary") -> None:
        """A loaded game may hold a ready Master Arrow, a card made in play from two others
        (arrows.py): the library gets its definition back."""
        for card in state.cards.values():
            if card.token and card.name.startswith(arrows.PREFIX):
                arrows.ensure(library, card.name)

    def ability_active(self, state: GameState, card_id: str) -> bool:
        """Triggers and statics work on attached cards and on feats in the feat zone."""
        card = state.cards[card_id]
        return card.zone == "field" or card.zone == zone("feats", card.owner)

    def ability_active_for(self, state: GameState, card_id: str, card: Any) -> bool:
        """... and in its owner's hand for a card that says so (in_hand.py: Bellow), and in
        its owner's discard for one with a trigger on arriving there (to_discard.py)."""
        inst = state.cards[card_id]
        if inst.zone == "field" or inst.zone == zone("feats", inst.owner):
            return True
        if inst.zone == zone("discard", inst.owner):
            return listens_from_discard(card)
        return inst.zone == zone("hand", inst.owner) and works_here(card, inst)

    # Methods that forward, not the functions set as class attributes: a compiled build
    # (mypyc) calls a method of the core's class directly and would never see an attribute.
    def select(self, ctx: Any, sel: Any) -> list[str]:
        return select(ctx, sel)

    def trigger_matches(self, game: "Game", card_id: str, trigger: Any, data: dict) -> bool:
        return _trigger_matches(game, card_id, trigger, data)

    def trigger_started(self, game: "Game", block: Any, trigger: Any) -> None:
        trigger_targets.start(game, block, trigger)

    def describe_ref(self, game: "Game", ref: str) -> str:
        if ref.startswith("player:"):
            return game.state.players[int(ref[7:])].name
        if ref.startswith("tile:"):
            return ref[5:]
        card = game.state.cards.get(ref)
        return f"{card.name} ({ref})" if card else ref

    def why_not(self, game: "Game", action: Action) -> str:
        pending = game.state.pending
        if pending is None:
            return "nobody is being asked anything right now"
        if action.kind in ("play", "respond", "cantrip") and action.args:
            cid = action.args[0]
            if cid in game.state.cards:
                who = pending.player
                reason = why_cant_play(game, who, cid, response=action.kind == "respond" or pending.kind == "respond",
                                       cantrip=action.kind == "cantrip")
                if reason:
                    return f"{game.name(cid)} can't be played: {reason}"
        if action.kind in ("move", "initiative_move"):
            p = game.state.players[pending.player]
            if not can_move(game, pending.player):
                card = forbidden(game, pending.player, "move")
                if card:
                    return f"{p.name} can't move: {card} says so (can't beats can)"
                return f"{p.name} can't move: slowed players can't move (001 § Main)"
        if action.kind in ("target", "tile"):
            reason = why_not_there(game, action)        # a travel into an opponent's tile
            if reason:
                return reason
        return f"'{action}' is not an option now; {pending.prompt}"

    evaluation_scale: ClassVar = evaluation.SCALE

    def evaluate(self, state: GameState, player: int) -> float:
        return evaluation.score(state, player)
