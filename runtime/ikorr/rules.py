"""Rush of Ikorr's plug into the engine: setup, header checks, selectors, explanations."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core import options, rng
from cardsmith.runtime.core.decks import DeckDef, Problem
from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.native import mypyc_attr
from cardsmith.runtime.core.rules import GameRules, logistic
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.core.state import Action, GameState, Player
from cardsmith.runtime.core.teams import seats_board

from . import actions, evaluation, header_reader, saved
from . import battlefield as bf
from .decks import INFLUENCE_NAME, deck_problems, ensure_infused, entry_names, infused_name
from .header import IkorrHeader, make_header
from .targeting import select
from .words import ability_zone_ok, trigger_matches
from .zones import DEFAULT_NAMES, FORMATS, PLAYER_ZONES, TARGETS, IkorrState, kind_of, on_battlefield, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary



#: what a scenario's ``option`` lines may set
SETUP_OPTIONS: Final = {
    "format": options.choice("seats per team", tuple(FORMATS), play=True),
    "first": options.integer("the team that goes first (0 or 1), without asking", 0, 1),
    "mulligan": options.flag("players may mulligan"),
    "choose_slots": options.flag("a player chooses where a champion goes"),
    "auto_pass": options.flag("a team that can only pass isn't asked"),
}


def _flag(value: Any) -> bool:
    """A yes/no option as given in code (True) or in a scenario file ('false', 'off')."""
    if isinstance(value, str):
        return value.strip().casefold() not in ("false", "off", "no", "0", "")
    return bool(value)


@mypyc_attr(allow_interpreted_subclasses=True)     # a variant's rules may subclass it
class IkorrRules(GameRules):
    name: ClassVar = "ikorr"
    log_headers: ClassVar = ("turn", "win")
    setup_options: ClassVar = SETUP_OPTIONS
    # 004 § Glossary Private/Public Knowledge: the cards in your deck and hand are
    # private (your hand is yours to see); decks, the Influence Deck and face-down avatars
    # are seen by no one; the battlefield, graveyard, void and influence are public.  A
    # revealed card (an avatar after setup) shows wherever it is (``Game.view``).
    secret_zones: ClassVar = ("deck", "influence_deck", "avatar")
    private_zones: ClassVar = ("hand",)
    hidden_pools: ClassVar = (("hand", "deck"),)
    state_class: ClassVar = IkorrState
    saved: ClassVar = saved
    card_header: ClassVar = header_reader
    #: the play area's zones in the rulebook's words (004 § Setting Up; § Use Avatar Powers)
    zone_words: ClassVar = {"avatar": "Avatar Zone", "champions": "Champion Zone", "location": "Location Zone",
                            "void": "Void Zone", "influence_deck": "Influence Deck", "influence": "Influence Zone"}
    stack_word: ClassVar = "queue"
    #: by default team 1 plays Ember Regent and team 2 Tide Oracle, the two sample decks
    default_decks: ClassVar = ("ember-regent", "tide-oracle")
    cards_package: ClassVar = "cardsmith.cards.ikorr"

    def game_view(self) -> GameView:
        from .view import IkorrView  # lazy: only the REPL and scenario files draw the board
        return IkorrView(self.name)

    def play_heading(self, game: "Game", options: dict[str, Any], ai: str) -> str:
        """'Rush of Ikorr 1v1: alice (Ember Regent) vs bob (Tide Oracle); seed 0, random AI;
        10 secured Ikorr to win'."""
        state: IkorrState = game.state  # type: ignore[assignment]
        decks = list(options.get("decks") or ())
        per = FORMATS[state.fmt]
        if len(decks) == 2 and per > 1:
            decks = [decks[0]] * per + [decks[1]] * per      # one deck per team
        sides = " vs ".join(", ".join(f"{p.name} ({d['avatar']})" for p, d in zip(state.players, decks)
                                      if p.team == t) for t in (0, 1))
        return (f"Rush of Ikorr {state.fmt}: {sides}; seed {state.seed}, {ai} AI; "
                f"{state.target} secured Ikorr to win")

    def play_result(self, game: "Game", decisions: int) -> str:
        state: IkorrState = game.state  # type: ignore[assignment]
        team = state.winner
        members = [p.name for p in state.players if p.team == team]
        names = members[0] if len(members) == 1 else ", ".join(members[:-1]) + " and " + members[-1]
        return (f"winner: team {team + 1} ({names}) with {state.secured[team]} secured Ikorr "
                f"after {state.turn} turns and {decisions} decisions")

    def make_header(self, fields: dict[str, Any], where: str) -> IkorrHeader:
        return make_header(fields, where)

    def prepare(self, state: GameState, library: "CardLibrary") -> None:
        infused = getattr(state, "infused", None)
        if infused:
            ensure_infused(library, [tuple(v) for v in infused.values()])

    # ---- setup (004 § Setting Up; § Victory Condition) ------------------------------
    def new_state(self, library: "CardLibrary", options: dict[str, Any]) -> GameState:
        """Options: ``fmt`` or ``format`` (1v1, 2v2, 3v3), ``decks`` (one per seat: team 1's
        seats, then team 2's; or two, one per team), ``seed``, ``names``, ``first`` (a team index: skips the decision),
        ``mulligan`` (False skips it), ``choose_slots`` (False: first free slot),
        ``auto_pass`` (False: the active team is asked even when it can only pass)."""
        fmt = options.get("fmt") or options.get("format") or "1v1"
        if fmt not in FORMATS:
            raise CardsmithError(f"unknown format '{fmt}' (known: {', '.join(FORMATS)})")
        per = FORMATS[fmt]
        decks = list(options.get("decks") or ())
        if len(decks) == 2 and per > 1:
            decks = [decks[0]] * per + [decks[1]] * per      # one deck per team: every seat plays it
        if len(decks) != 2 * per:
            raise CardsmithError(f"a {fmt} game needs {2 * per} decks (one per seat); got {len(decks)}")
        if options.get("check_decks", True):
            for k, deck in enumerate(decks):
                problems = deck_problems(deck, library)
                if problems:
                    raise CardsmithError(f"deck {k + 1} ({deck.get('avatar', '?')}) is not legal: "
                                         + "; ".join(problems))
        seed = int(options.get("seed", 0))
        names = list(options.get("names") or DEFAULT_NAMES)
        if len(names) < len(decks):
            raise CardsmithError(f"a {fmt} game needs {len(decks)} players' names, not {len(names)}")
        pairs = [entry_names(e) for deck in decks for e in deck["cards"]]
        infused = ensure_infused(library, sorted({p for p in pairs if p[1]}))
        state = IkorrState(game="ikorr", seed=seed, rng=rng.seed_state(seed), board=seats_board(2, per),
                           fmt=fmt, target=TARGETS[fmt], secured=[0, 0], infused=infused,
                           options={k: _flag(options[k]) if k != "first" else options[k]
                                    for k in ("first", "mulligan", "choose_slots", "auto_pass") if k in options})
        game = Game(self, state, library, history=False)
        for i, deck in enumerate(decks):
            team, seat = divmod(i, per)
            state.players.append(Player(i, names[i], team=team, position=f"{team}.{seat}",
                                        stats={"exerted": 0}))
            for kind in PLAYER_ZONES:
                state.zones[zone(kind, i)] = []
            game.create_card(deck["avatar"], i, zone("avatar", i))
            for entry in deck["cards"]:
                champ, inf = entry_names(entry)
                game.create_card(infused_name(champ, inf) if inf else champ, i, zone("deck", i))
            for _ in range(int(deck.get("influence", 10))):
                game.create_card(deck.get("influence_card", INFLUENCE_NAME), i, zone("influence_deck", i))
            game.shuffle(zone("deck", i))
        state.zones["queue"] = []
        state.agenda.append(__import__("cardsmith.runtime.core.state", fromlist=["Frame"]).Frame(
            "setup", {"stage": "decide"}))
        return state

    # ---- hooks ------------------------------------------------------------------------
    def ability_active(self, state: GameState, card_id: str) -> bool:
        return ability_zone_ok(state, card_id)  # type: ignore[arg-type]

    def select(self, ctx: Any, sel: Any) -> list[str]:
        return select(ctx, sel)

    def trigger_matches(self, game: "Game", card_id: str, trigger: Any, data: dict) -> bool:
        return trigger_matches(game, card_id, trigger, data)

    def trigger_order_key(self, game: "Game", controller: int) -> int:
        """Simultaneous triggers: the active team's players first, in seat order."""
        state: IkorrState = game.state  # type: ignore[assignment]
        p = state.players[controller]
        return (p.team != state.active_team) * 10 + int(p.position.split(".")[1])

    def check_deck(self, deck: DeckDef, library: "CardLibrary") -> list[Problem]:
        """Every violation of 004 § Deck Construction, located at the line of the card it names."""
        lines = list(zip([name for _, name in deck.cards], deck.card_locs))
        lines += [(e, at) for e, at in zip(deck.extras, deck.card_locs) if e]
        if deck.leader:
            lines.insert(0, (deck.leader, deck.leader_loc))
        out = []
        for msg in deck_problems(self.deck_options(deck), library):
            at = next((loc for name, loc in lines if f'"{name}"' in msg),
                      next((loc for name, loc in lines if f" {name} (" in msg), deck.loc))
            out.append((msg, at))
        return out + self.unused_deck_lines(deck)

    @staticmethod
    def unused_deck_lines(deck: Any) -> list[tuple[str, Any]]:
        """Deck lines a Rush of Ikorr deck has no use for (feats, cards beneath a feat, a
        collection, other piles): refused where they stand, not silently left out of the game."""
        out: list[tuple[str, Any]] = []
        if getattr(deck, "feats", ()):
            out.append(("a Rush of Ikorr deck has no feats (its leader is its 'avatar' line)", deck.feat_locs[0]))
        parts = (("beneath", [at for at, _ in getattr(deck, "beneath_locs", ())]),
                 ("collection", list(getattr(deck, "collection_locs", ()))),
                 ("pile", [at for at, _ in getattr(deck, "pile_locs", ())]))
        for word, places in parts:
            if places:
                out.append((f"a Rush of Ikorr deck has no '{word}' line: its cards are the deck's entries "
                            "and its avatar", places[0]))
        return out

    def deck_options(self, deck: DeckDef) -> dict[str, Any]:
        """A deck as ``new_state`` takes it (its notes kept, an avatar always named)."""
        data = deck.as_options()
        data["notes"] = list(deck.notes)
        data.setdefault("avatar", "")
        return data

    def describe_ref(self, game: "Game", ref: str) -> str:
        if ref.startswith("player:"):
            return game.state.players[int(ref[7:])].name
        card = game.state.cards.get(ref)
        if card is None:
            return ref
        if on_battlefield(game, ref) or kind_of(card.zone) == "avatar":
            return bf.who(game, ref)        # its slot tells it from another of its name
        return f"{bf.who(game, ref)} ({ref})"

    def describe_card(self, game: "Game", card_id: str) -> str:
        return bf.who(game, card_id)

    def render_header(self, h: IkorrHeader) -> str:
        """'Champion - Cost 4 - 3/3 - Raid 2 - Allowance 2 - Intuition - Greek Human Warrior'."""
        parts = [("Fabled " if h.fabled else "") + ("Unique " if h.unique else "") + h.kind.capitalize()]
        if h.kind in ("champion", "location", "spell"):
            parts.append(f"Cost {h.cost}")
        if h.kind == "champion":
            parts += [f"{h.attack}/{h.health}", f"Raid {h.raid}"]
            if h.allowance:
                parts.append(f"Allowance {h.allowance}")
        if h.kind == "infusion":
            parts.append(f"Requirement {h.requirement}")
        if h.aspects:
            parts.append("/".join(a.capitalize() for a in h.aspects))
        line = " ".join(w for w in (h.loyalty.capitalize(), h.traits) if w)
        if line:
            parts.append(line)
        if h.number:
            parts.append(h.number)
        if h.infusion:
            parts.append(f"infused with {h.infusion}")
        if h.sample:
            parts.append("SAMPLE (not a printed card)")
        return " - ".join(parts)

    def render_step(self, step: Any) -> str:
        return step.verb.replace("_", " ")

    def why_not(self, game: "Game", action: Action) -> str:
        pending = game.state.pending
        if pending is None:
            return "nobody is being asked anything right now"
        reason = actions.why_not(game, pending.player, action)
        if reason:
            return f"'{action}' is not legal: {reason}"
        return f"'{action}' is not an option now; {pending.prompt}"

    def result_figures(self, state: GameState) -> dict[str, float]:
        """The Ikorr race: what the winning and the losing team had secured at the end."""
        s: IkorrState = state  # type: ignore[assignment]
        if s.winner < 0:
            return {}
        return {"secured_by_winner": s.secured[s.winner], "secured_by_loser": s.secured[1 - s.winner],
                "race_margin": s.secured[s.winner] - s.secured[1 - s.winner]}

    race_name: ClassVar = "secured Ikorr"

    def race(self, state: GameState) -> tuple[float, ...]:
        """The Ikorr race as it stands: what each team has secured so far."""
        s: IkorrState = state  # type: ignore[assignment]
        return tuple(s.secured)

    def win_chance(self, game: "Game", player: int) -> float:
        """The search AI's value: ``evaluation.score`` (stored Ikorr, raiders, the target)
        through the core's logistic curve."""
        return logistic(evaluation.score(game, player) / evaluation.SCALE)

    def evaluate(self, state: GameState, player: int) -> float:
        """Greedy AI's score: secured Ikorr first, then stored Ikorr, board, cards, influence."""
        s: IkorrState = state  # type: ignore[assignment]
        me = s.players[player].team
        if s.over:
            return 1e6 if s.winner == me else -1e6
        score = 0.0
        for p in s.players:
            sign = 1 if p.team == me else -1
            board = 0.0
            for cid in s.zones[zone("champions", p.index)]:
                c = s.cards[cid]
                board += 1.5 + 0.5 * c.counters.get("ikorr", 0) * 2 - 0.3 * c.counters.get("damage", 0)
            score += sign * (board + 0.3 * len(s.zones[zone("hand", p.index)]))
        score += 10.0 * (s.secured[me] - s.secured[1 - me])
        return score
