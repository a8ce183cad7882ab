"""Sylvion's plug into the engine: setup, header checks, selectors, hidden information.

Setup (002 § Overview and Setup; § The Battlefield; § Rules for Two Players): the 24
Sylvan cards shuffled into the Defender deck; the 48 Ravage cards shuffled and dealt into
4 stacks of 12 beside the 4 rows; the 12 Edges (introductory game: 6 Bloom, 6 Desolated;
option ``all_bloom``); the Blazing Elementals set aside; a hand of 8 alone, 6 each with
two players.  Which cards and how many come from the card files (``copies N``), so a
designer's set changes the game without touching this code.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core import options, rng
from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.native import mypyc_attr
from cardsmith.runtime.core.rules import GameRules, logistic
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.core.state import CARD_ID_PREFIX, Action, CardInstance, Frame, GameState, Player

from . import battlefield as bf, evaluation, header_reader, policy, saved, tactics
from .header import SylvionHeader, make_header
from .play import why_cant_play
from .words import describe, select
from .turn import RENEW

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary

MODES: Final = ("logistics", "silence")
#: what a scenario's ``option`` lines may set
SETUP_OPTIONS: Final = {
    "players": options.integer("1 (solo) or 2 players", 1, 2, play=True),
    "mode": options.choice("two players: open hands (logistics) or Total Silence", MODES, play=True),
    "all_bloom": options.flag("every Edge starts Bloom side up", play=True),
    "advanced": options.flag("the advanced game"),
}
DEFAULT_NAMES: Final = {1: ("warden",), 2: ("alder", "briar")}
EDGE_COUNT: Final = 12


@mypyc_attr(allow_interpreted_subclasses=True)     # a variant's rules may subclass it
class SylvionRules(GameRules):
    name: ClassVar = "sylvion"
    rulesets: ClassVar = ("intro",)
    log_headers: ClassVar = ("turn", "end")       # "end": the forest is saved or lost
    setup_options: ClassVar = SETUP_OPTIONS
    cards_package: ClassVar = "cardsmith.cards.sylvion"

    def __init__(self) -> None:
        super().__init__()
        self._headers: dict[str, SylvionHeader] = {}

    ref_kinds: ClassVar = ("space:", "row:")
    saved: ClassVar = saved
    card_header: ClassVar = header_reader

    def game_view(self) -> GameView:
        from .view import SylvionView  # lazy: only the REPL and scenario files draw the board
        return SylvionView(self.name)

    def play_heading(self, game: "Game", options: dict[str, Any], ai: str) -> str:
        """'Sylvion (two players, Total Silence); seed 2, random AI'."""
        chosen = game.state.options
        who = "solo" if chosen["players"] == 1 else \
            f"two players, {'Total Silence' if chosen['mode'] == 'silence' else 'Pure Logistics'}"
        return f"Sylvion ({who}); seed {game.state.seed}, {ai} AI"

    def play_result(self, game: "Game", decisions: int) -> str:
        """'WON after 12 turns and 80 decisions' (the result's reason is the log's last line)."""
        return f"{game.state.result.split(':')[0].upper()} after {game.state.turn} turns and {decisions} decisions"

    def ai_seed(self, seed: int, seat: int) -> int:
        """Sylvion's AIs were seeded this way before the other games shared ``seed_for``;
        kept, so a seed plays the game it always did."""
        return random.Random(f"{seed}:{seat}").randrange(1 << 30)

    def make_header(self, fields: dict[str, Any], where: str) -> SylvionHeader:
        return make_header(fields, where)

    def render_header(self, h: SylvionHeader) -> str:
        """'Tree - Cost 2 - Vitality 3', for the card text (dsl renderer hook)."""
        parts = [f"Support {h.letter}" if h.kind == "support" else h.kind.title()]
        if h.side == "sylvan":
            parts.append(f"Cost {h.cost}")
        if h.kind in ("fountain", "elemental", "blazing elemental"):
            parts.append(f"Strength {h.strength}")
        if h.kind == "tree":
            parts.append(f"Vitality {h.vitality}")
        if h.designer:
            parts.append("designer card, not printed")
        return " - ".join(parts)

    # ---- setup ----------------------------------------------------------------------
    def new_state(self, library: "CardLibrary", options: dict[str, Any]) -> GameState:
        n = int(options.get("players") or 1)
        if n not in (1, 2):
            raise CardsmithError(f"Sylvion is played by 1 or 2 players, not {n}")
        mode = options.get("mode") or "logistics"
        if mode not in MODES:
            raise CardsmithError(f"unknown mode '{mode}' (known: {', '.join(MODES)})")
        seed = int(options.get("seed") or 0)
        names = list(options.get("names") or DEFAULT_NAMES[n])
        if len(names) < n:
            raise CardsmithError(f"a {n}-player game needs {n} players' names, not {len(names)}")
        state = GameState(game="sylvion", ruleset="intro", seed=seed, rng=rng.seed_state(seed),
                          board=bf.new_board(),
                          options={"players": n, "mode": mode, "all_bloom": bool(options.get("all_bloom")),
                                   "advanced": bool(options.get("advanced"))})
        game = Game(self, state, library, history=False)
        for i in range(n):
            state.players.append(Player(i, names[i], team=0))
        for z in (bf.DECK, bf.SYLVAN_DISCARD, bf.RAVAGE_DISCARD, bf.SUPPLY, "field", bf.EDGES, "schemes",
                  "limbo", "ravage pool", *(bf.hand(i) for i in range(n)),
                  *(bf.stack_zone(r) for r in range(bf.ROWS))):
            state.zones[z] = []
        extra = dict(options.get("extra") or {})
        where = {"sylvan": bf.DECK, "ravage": "ravage pool", "supply": bf.SUPPLY, "edge": bf.EDGES}
        for cdef in library:
            if cdef.game != "sylvion":
                continue
            h = cdef.header
            self._headers[cdef.name] = h
            copies = h.copies if not h.designer else 0
            copies += int(extra.pop(cdef.name, 0))
            zone = where.get(h.side)
            if zone is None or not copies:
                continue
            ids = state.zones[zone]
            for _ in range(copies):     # create_card, minus its checks: ~100 cards a game
                cid = state.new_id(CARD_ID_PREFIX)
                state.cards[cid] = CardInstance(cid, cdef.name, 0, zone)
                ids.append(cid)
                if cdef.abilities:
                    game._index(cid)
        if extra:
            raise CardsmithError(f"unknown Sylvion card(s) to add: {', '.join(sorted(extra))}")
        for name in options.get("schemes") or ():
            game.create_card(name, 0, "schemes")
        if len(state.zones[bf.EDGES]) != EDGE_COUNT:
            raise CardsmithError(f"the battlefield needs {EDGE_COUNT} Edges, the cards give "
                                 f"{len(state.zones[bf.EDGES])}")
        for k, edge in enumerate(state.zones[bf.EDGES]):
            card = state.cards[edge]
            card.revealed = True
            # the Desolated side's number 1..4 is for the advanced game (002 § The Battlefield)
            card.counters.update(number=k % 4 + 1,
                                 desolated=int(k % 2 == 1 and not state.options["all_bloom"]))
        game.shuffle(bf.DECK)
        pool = state.zones["ravage pool"]
        game.shuffle("ravage pool")
        per = len(pool) // bf.ROWS
        for r in range(bf.ROWS):
            for cid in pool[:per]:
                game.move_card(cid, bf.stack_zone(r))
        for k, cid in enumerate(list(pool)):    # an uneven pool: the rest go to the first stacks
            game.move_card(cid, bf.stack_zone(k % bf.ROWS))
        del state.zones["ravage pool"]
        hand_size = 8 if n == 1 else 6
        for i in range(n):
            bf.draw(game, i, hand_size, "starting hand")
        game.log("setup", f"Sylvion, {n} player{'s' if n > 1 else ''}"
                          f"{', ' + mode.replace('logistics', 'Pure Logistics').replace('silence', 'Total Silence') if n > 1 else ''}"
                          f" (seed {seed}): {per} Ravage cards per stack, "
                          f"{len(bf.edges(game, True))} of {EDGE_COUNT} Edges Desolated")
        if not options.get("hold"):     # held: a board to arrange before turn 1 (scenarios)
            state.agenda.append(Frame("turn", {"phase": "reveal", "step": "start"}))
        return state

    # ---- hooks the core calls ----------------------------------------------------------
    def ability_active(self, state: GameState, card_id: str) -> bool:
        """Triggers work on the battlefield and on scheme cards beside it."""
        zone = state.cards[card_id].zone
        return zone == "field" or zone == "schemes"

    def select(self, ctx: Any, sel: Any) -> list[str]:
        return select(ctx, sel)

    def describe_ref(self, game: "Game", ref: str) -> str:
        return describe(game, ref)

    #: the piles in the rulebook's words (002 § Overview and Setup; § Combat)
    zone_words: ClassVar = {bf.DECK: "Defender deck", bf.SYLVAN_DISCARD: "Sylvan discard",
                            bf.SUPPLY: "Blazing supply", bf.RAVAGE_DISCARD: "Ravage discard",
                            "schemes": "schemes beside the battlefield", "limbo": "cards being played"}

    def describe_zone(self, game: "Game", zone: str) -> str:
        if zone.startswith("ravage:"):
            return f"the Ravage stack of row {bf.ROW_NAMES[int(zone[7:])]}"
        return super().describe_zone(game, zone)

    def zone_visible(self, state: GameState, zone: str, viewer: int) -> bool:
        """Decks and stacks are face down; hands are open in Pure Logistics and private in
        Total Silence (002 § Rules for Two Players)."""
        if zone == bf.DECK or zone.startswith("ravage:"):
            return False
        if zone.startswith("hand:"):
            return state.options.get("mode") != "silence" or zone == bf.hand(viewer)
        return True

    def mobilize(self, game: "Game") -> None:
        """The Mobilization phase hook: nothing in the introductory game.  A Python
        subclass may override it; card files use 'at start of mobilization phase: ...'."""

    def why_not(self, game: "Game", action: Action) -> str:
        pending = game.state.pending
        if pending is None:
            return "nobody is being asked anything right now"
        if action.kind == "play" and action.args:
            reason = why_cant_play(game, pending.player, action.args[0], reaction=pending.kind == "react")
            if reason:
                return f"{game.name(action.args[0]) if action.args[0] in game.state.cards else action.args[0]} can't be played: {reason}"
        return f"'{action}' is not an option now; {pending.prompt}"

    def result_figures(self, state: GameState) -> dict[str, float]:
        """The Edges Bloom side up and Desolated at the end, and the forest's margin as the
        Final Assault counts it (002 § Final Assault): the Trees' vitality minus the
        Desolated Edges, the Edges it flipped back to Bloom (``turn.RENEW`` in the log)
        counted as Desolated; a game lost before the end gives how far short it fell."""
        cards = state.cards
        desolated = sum(1 for e in state.zones.get(bf.EDGES, ()) if cards[e].counters.get("desolated"))
        renewed = sum(1 for e in state.log if e.kind == "edge" and e.cause == RENEW)
        trees = [self._headers.get(cards[c].name) for c in state.zones.get("field", ())]
        vitality = sum(h.vitality for h in trees if h is not None and h.kind == "tree")
        return {"bloom_edges": len(state.zones.get(bf.EDGES, ())) - desolated, "desolated_edges": desolated,
                "margin": vitality - desolated - renewed}

    def outcome(self, state: GameState, player: int) -> float:
        """The forest is saved (won) or lost: there is no draw against the Ravage."""
        return 1.0 if state.winner == 0 else 0.0

    #: a final margin of 2.5 Edges either way is about a 73% chance (``win_chance``)
    evaluation_scale: ClassVar = 2.5
    #: the search plays the tactics' best options out to the end of the game, each in the
    #: same re-dealt worlds (``core.playouts``): the tactics are the strongest player here,
    #: and the evaluation a rougher judge of a position than how the tactics go on from it
    search_playouts: ClassVar = True
    #: playouts a decision (worlds times options): they keep a decision's median under
    #: 200 ms of CPU in pure Python
    search_iterations: ClassVar = 12

    def rollout_action(self, game: "Game", rnd: random.Random) -> Action:
        """A search's look-ahead plays as a careful player would (``tactics`` through
        ``policy``: the rest of this Defense, the Hedgehogs at the next reveal) up to the
        next Defense, where it scores what the Ravage did to the defenders placed."""
        return policy.ranked(game, game.state.pending.options, self._headers)[0]  # type: ignore[union-attr]

    #: how many of a decision's options, best first by the tactics, the search tries: its
    #: evaluation is too rough to find a good play the rules of thumb rank low, and too
    #: noisy over a hundred re-dealt worlds not to stumble on a bad one that scored well
    search_breadth: ClassVar = 2
    #: the tactics are the strongest player here and 64 worlds a noisy judge: the search
    #: plays their first choice unless it finds one better by this much win chance
    search_keep_first: ClassVar = 0.05

    def playout_value(self, game: "Game", player: int) -> float:
        """A played-out game: 0.8 for a saved forest, plus up to 0.2 by its margin
        (``result_figures``; a forest burnt before the end counts 2 Edges short for each
        turn it did not reach), so that a playout tells a near thing from a rout."""
        state = game.state
        if not state.over:
            return self.win_chance(game, player)
        short = self.result_figures(state)["margin"] - 2.0 * tactics.turns_left(game)
        return 0.8 * (state.winner == 0) + 0.2 * logistic(short / 4.0)

    def order_actions(self, game: "Game", options: list[Action]) -> list[Action]:
        """The tactics' best few (``search_breadth``), best first: a search tries only
        these, and the greedy's look-ahead takes the first."""
        return policy.ranked(game, options, self._headers)[:self.search_breadth]

    def rollout_done(self, game: "Game", turn: int) -> bool:
        """Score at the next Defense, once the Ravage has revealed, moved and fought."""
        pending = game.pending
        return pending is None or (game.state.turn > turn and pending.kind == "defense")

    def evaluate(self, state: GameState, player: int) -> float:
        """The AIs' score: the expected final margin in Edges (``evaluation.score``)."""
        if state.over:
            return 1e6 if state.winner == 0 else -1e6
        return evaluation.score(state, self._headers)
