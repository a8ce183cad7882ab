"""What a game plugs into the engine.

A game is a ``GameRules`` object: its vocabulary, its frame handlers (turn structure,
playing cards, response windows ...), its setup, and a few hooks the core calls at fixed
points.  The core drives every game through the same loop (see ``engine``), so Ivion,
Sylvion and Rush of Ikorr differ only in what they register here.
"""
from __future__ import annotations

import math
import random
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

from .ai import seed_for
from .decks import STANDARD, DeckDef, Problem
from .options import Option
from .registry import Vocabulary
from .state import Action, Frame, GameState
from .view import GameView, GenericView
from .native import mypyc_attr

if TYPE_CHECKING:
    from .cards import CardLibrary
    from .effects import CardDef
    from .engine import Game
    from .printed import PrintedCard
    from .validate import StateCheck


def logistic(x: float) -> float:
    """A score difference as a chance: 0.5 at 0, 0.73 at 1, 0.27 at -1 (``win_chance``)."""
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x)) if x < 60.0 else 1.0


@mypyc_attr(allow_interpreted_subclasses=True)
class FrameHandler:
    """Runs one kind of agenda frame.

    ``run`` either finishes the frame (pops it), pushes more work, or sets
    ``state.pending`` to ask someone.  ``decide`` receives the answer.
    """
    kind: ClassVar = ""
    #: what the frame's data holds (a ``shapes.Record``), for checking a saved game; None:
    #: only that it is plain data
    fields: ClassVar[Any] = None

    def run(self, game: "Game", frame: Frame) -> None:
        raise NotImplementedError

    def check(self, check: "StateCheck", frame: Frame, path: str, top: bool) -> None:
        """Refuse (``SaveProblem``) a saved frame whose data this handler could not run on;
        ``top``: it is the frame the engine runs next (the one asking, if anything is)."""
        if self.fields is None:
            check.plain(frame.data, path)
        else:
            self.fields.check(check, frame.data, path)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        raise NotImplementedError(f"frame '{self.kind}' asks no decisions")


@mypyc_attr(allow_interpreted_subclasses=True)
class GameRules:
    name: ClassVar = ""
    state_class: ClassVar[type[GameState]] = GameState
    rulesets: ClassVar[tuple[str, ...]] = ("default",)
    #: log entry kinds that head a part of the log (a turn, the result): printed logs
    #: (``logtext``) show them on their own line and indent the rest under them
    log_headers: ClassVar[tuple[str, ...]] = ("turn",)
    #: what each ruleset is, in a few words, for ``cardsmith play GAME --help``
    ruleset_help: ClassVar[Mapping[str, str]] = {}
    #: the options a scenario's ``option KEY VALUE`` lines may set, by name (``options.Option``;
    #: those marked ``play`` are flags of ``cardsmith play GAME`` too)
    setup_options: ClassVar[Mapping[str, Option]] = {}

    def __init__(self) -> None:
        self.vocab = Vocabulary(self.name)
        self.handlers: dict[str, FrameHandler] = {}
        # rules-level replacements: event -> functions(game, data) -> bool (True: replaced)
        self.replacements: dict[str, list[Callable[..., bool]]] = {}

    def handler(self, cls: type[FrameHandler]) -> type[FrameHandler]:
        """Decorator: register a frame handler class under its ``kind``."""
        if cls.kind in self.handlers:
            raise ValueError(f"frame kind '{cls.kind}' registered twice")
        self.handlers[cls.kind] = cls()
        return cls

    # ---- hooks a game overrides -------------------------------------------------
    def new_state(self, library: "CardLibrary", options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def prepare(self, state: GameState, library: "CardLibrary") -> None:
        """Called whenever a ``Game`` is built on a state (new, loaded, cloned).

        A game whose state names card definitions derived from others (Rush of Ikorr's
        champions with their infusions) makes sure the library has them here.
        """

    #: the game's card language, a module of the game's package (``runtime/ivion/header_reader.py``):
    #: ``GRAMMAR``, the file name (package data beside the module) of the grammar of the
    #: game's card files (its file rule, its cards and their header lines), which says
    #: ``import common`` for the shared card grammar; ``HEADER_RULE``, the rule of one
    #: header line; ``HEADER_USAGE``, what a header looks like ("range N"), for hints;
    #: ``read_header(card)``, a parsed card's header lines as the fields ``make_header``
    #: takes; ``read_declarations(model)``, a file's declarations for ``declare``.
    #: None: the game has no card files.  The language (``dsl/languages.py``) fills the
    #: shared grammar in with the words of ``vocab``.
    card_header: ClassVar[Any] = None

    def make_header(self, fields: dict[str, Any], where: str) -> object:
        """Build the game's frozen card header from the language's header fields.

        Raises ``ValueError`` with a message naming the problem (impossible numbers ...).
        """
        raise NotImplementedError

    def declare(self, fields: dict[str, Any]) -> tuple[str, object]:
        """A card file's declaration of a word of its own (Ivion: a designer's archetype):
        the name it declares and the game's record of it, which the file's headers (and
        those of every file importing it) then receive as ``fields["declared"]``.

        Raises ``ValueError`` (a ``HeaderError`` at one word) naming the problem."""
        raise ValueError(f"{self.name} cards declare nothing")

    #: the game's module of saved-game checks (``check_state``, ``zone_problem``,
    #: ``ref_problem``, as below), which the three hooks hand on to
    saved: ClassVar[Any] = None

    def check_state(self, check: "StateCheck") -> None:
        """Refuse (``validate.SaveProblem``, with the path) a saved state whose own parts
        the game could not play on: its flags, stats, options, phase, the fields its
        ``state_class`` adds.  Called once the core's references are checked, before
        ``prepare`` (so derived definitions may not be in the library yet)."""
        if self.saved is not None:
            self.saved.check_state(check)

    def zone_problem(self, state: GameState, zone: str) -> str:
        """What is wrong with a zone name in a saved game ('' for a zone the game has)."""
        return "" if self.saved is None else str(self.saved.zone_problem(state, zone))

    #: the prefixes of the game's own references ("tile:"), so a saved game's plain data
    #: (flags, bindings) has them checked wherever they are
    ref_kinds: ClassVar[tuple[str, ...]] = ()

    def ref_problem(self, state: GameState, ref: str) -> str:
        """What is wrong with a reference other than a card id or ``player:N`` ('' if it
        is one the game knows: a tile, a seat)."""
        if self.saved is not None:
            return str(self.saved.ref_problem(state, ref))
        return f"'{ref}' is not a reference {self.name} knows"

    def render_header(self, header: Any) -> str:
        """A card's header as one line of its text ('Tree - Cost 2 - Vitality 3'); '': none."""
        return ""

    # ---- cardsmith play ------------------------------------------------------------------
    def play_heading(self, game: "Game", options: dict[str, Any], ai: str) -> str:
        """The first line ``cardsmith play`` prints: who plays whom (``options``: those the
        game was started with), the seed and the AI."""
        names = ", ".join(p.name for p in game.state.players)
        return f"{self.name}: {names}; seed {game.state.seed}, {ai} AI"

    def play_result(self, game: "Game", decisions: int) -> str:
        """The last line ``cardsmith play`` prints: how the game ended."""
        return f"{game.state.result} after {game.state.turn} turns and {decisions} decisions"

    def ai_seed(self, seed: int, seat: int) -> int:
        """The seed of the AI in ``seat`` of a game started from ``seed`` (``cardsmith play``)."""
        return seed_for(seed, seat)

    # ---- decks ------------------------------------------------------------------------
    #: the deckbuilding formats a deck's ``format NAME`` line may name (the first: no line)
    deck_formats: ClassVar[tuple[str, ...]] = (STANDARD,)
    #: the bundled decks a match plays when none is named, one per side (none: the game's
    #: setup needs no decks)
    default_decks: ClassVar[tuple[str, ...]] = ()
    #: the package whose folder holds the game's bundled card files, with its bundled
    #: decks in ``decks/`` ('' for none)
    cards_package: ClassVar = ""

    def game_view(self) -> GameView:
        """The game's board view, for the REPL and scenario files (``view.GameView``): by
        default the generic one, which plays, steps and undoes any game."""
        return GenericView(self.name)

    def check_deck(self, deck: DeckDef, library: "CardLibrary") -> list[Problem]:
        """Every way a deck breaks the game's deck-building rules, each located at the deck
        line it is about (``deck.card_locs`` ...; ``deck.loc`` for the deck as a whole).  Its
        names are known to resolve in ``library`` when this is asked.  None by default."""
        return []

    def deck_options(self, deck: DeckDef) -> dict[str, Any]:
        """A deck as the game's ``new_state`` takes it (one of its ``decks`` option)."""
        return deck.as_options()

    def bundled_cards(self) -> Path | None:
        """The folder of the game's bundled card files (None: it has none)."""
        if not self.cards_package:
            return None
        spec = find_spec(self.cards_package)     # only when asked: finding it imports its parent
        # read untyped: a namespace package's locations are a _NamespacePath, not the list
        # typeshed says, and a compiled build checks the declared type on every read
        locations: Any = getattr(spec, "submodule_search_locations", None)
        folders = list(locations or ())
        return Path(folders[0]) if folders else None

    def bundled_decks(self) -> dict[str, Path]:
        """The game's bundled decks by name (the file's name without ``.deck``), sorted."""
        folder = self.bundled_cards()
        if folder is None or not (folder / "decks").is_dir():
            return {}
        return {p.stem: p for p in sorted((folder / "decks").glob("*.deck")) if p.is_file()}

    def printed_cards(self) -> tuple["PrintedCard", ...]:
        """The game's printed cards (``printed.PrintedCard``), for ``cardsmith coverage``
        and the header checks: none for a game that was never printed."""
        return ()

    def printed_stand_in(self, card: "PrintedCard") -> CardDef | None:
        """A card with only a printed card's header (no effect), so the deck rules can
        place a printed card that has no script yet (``dsl.decks.check_deck`` reports it
        as unscripted and still checks the rest); None when the game can't build one."""
        return None

    def printed_header(self, card: CardDef) -> dict[str, Any]:
        """A compiled card's header facts under the names its printed card's ``header``
        uses, so the two can be compared (``printed.header_mismatches``)."""
        return {}

    def card_problems(self, card: CardDef) -> list[str]:
        """What is wrong with a compiled card as a whole (a keyword its other parts make
        meaningless), for the compiler to report at the card's keywords; none by default."""
        return []

    def ability_active(self, state: GameState, card_id: str) -> bool:
        """Whether a card's triggers/statics work where it is now."""
        return False

    def ability_active_for(self, state: GameState, card_id: str, card: CardDef) -> bool:
        """``ability_active`` for a card whose definition the caller holds: a game whose
        cards say where they work (Ivion's ``static works_in_hand``) reads it here."""
        return self.ability_active(state, card_id)

    def why_not(self, game: "Game", action: Action) -> str:
        """A readable reason an action is not legal now."""
        pending = game.state.pending
        if pending is None:
            return "nothing is being decided right now"
        return f"'{action}' is not one of the options for: {pending.prompt}"

    def select(self, ctx: Any, sel: Any) -> list[str]:
        raise NotImplementedError

    def trigger_matches(self, game: "Game", card_id: str, trigger: Any, data: dict) -> bool:
        return True

    def trigger_started(self, game: "Game", block: Any, trigger: Any) -> None:
        """A triggered ability's block was just pushed, before it runs: a game whose
        abilities pick targets as they resolve asks for them here (on top of ``block``)."""

    def trigger_order_key(self, game: "Game", controller: int) -> int:
        """Players order simultaneous triggers in turn order, active player first."""
        n = len(game.state.players)
        return (controller - game.state.active) % n

    def evaluate(self, state: GameState, player: int) -> float:
        """A heuristic score for the greedy AI (higher is better for ``player``)."""
        return 0.0

    def result_figures(self, state: GameState) -> dict[str, float]:
        """Numbers a finished game ended on that say by how much it was won, beyond who won
        (``cardsmith simulate`` reports each as a distribution over its games)."""
        return {}

    #: the stats whose gains count as Control a card applied to the other side, in
    #: ``cardsmith simulate``'s per-card figures (Ivion's Control tokens); none by default
    control_stats: ClassVar[tuple[str, ...]] = ()
    #: what ``race`` measures, in simulate's figures ("" for a game won by no race)
    race_name: ClassVar[str] = ""

    def race(self, state: GameState) -> tuple[float, ...]:
        """Each team's standing now in the race the game is won by, by team (Rush of
        Ikorr: the Ikorr each has secured); simulate reports it turn by turn."""
        return ()

    # ---- what the search AI asks of a game (``search``) ---------------------------
    #: ``evaluate`` differences of about this size are worth 73% against 27% (the
    #: logistic curve ``win_chance`` puts them through)
    evaluation_scale: ClassVar[float] = 10.0
    #: iterations of the search AI's default budget (``search`` with no number)
    search_iterations: ClassVar[int] = 100
    #: the search plays each of the game's best options (``order_actions``) out to the
    #: end by the game's own policy, in the same re-dealt worlds (``core.playouts``),
    #: instead of growing a tree: for a game whose policy is strong and whose games short
    search_playouts: ClassVar[bool] = False
    #: with ``search_playouts``: how much higher another option's mean value must be than
    #: the game's first choice's for the search to play it instead (the policy stands
    #: unless clearly beaten)
    search_keep_first: ClassVar[float] = 0.0

    def outcome(self, state: GameState, player: int) -> float:
        """What a game that is over is worth to ``player``'s side: 1 won, 0 lost, 0.5 a
        draw (no winner, by default)."""
        if state.winner < 0:
            return 0.5
        return 1.0 if state.winner == state.players[player].team else 0.0

    def win_chance(self, game: "Game", player: int) -> float:
        """The chance that ``player``'s side wins from the game's position (not over), in
        [0, 1]: the search AI's value of the positions it reaches.  By default ``evaluate``
        through a logistic curve; a game may score the position its own way (it is given
        the game, so it can read its cards' definitions)."""
        return logistic(self.evaluate(game.state, player) / self.evaluation_scale)

    def playout_value(self, game: "Game", player: int) -> float:
        """What a played-out game (``search_playouts``) is worth to ``player``'s side: its
        outcome, or ``win_chance`` where the playout stopped before the end.  A game may
        add a little for the margin of a win or a loss, so that its playouts tell a near
        thing from a rout."""
        state = game.state
        return self.outcome(state, player) if state.over else self.win_chance(game, player)

    def rollout_action(self, game: "Game", rnd: random.Random) -> Action:
        """The action a search plays while it looks ahead past its tree: by default the
        first option, the games' conventional default (declining a response, the first
        target).  ``rnd`` is the search's own generator, for a game whose policy draws."""
        return game.state.pending.options[0]  # type: ignore[union-attr]

    def rollout_done(self, game: "Game", turn: int) -> bool:
        """Whether a search's look-ahead, once a new action's work is done, has gone far
        enough to score the position (``turn``: the turn the action was taken in).  By
        default at once; a game whose positions are only comparable at one point of the
        turn (after the enemy's moves) plays on, by ``rollout_action``, to that point, so
        that ending a turn is not scored after what follows it and playing on before."""
        return True

    def order_actions(self, game: "Game", options: list[Action]) -> list[Action]:
        """The options in the order a search tries them first (the listing's by default);
        with few iterations the first tried are the ones best looked at."""
        return options

    #: zone kinds no one may look into (decks), and kinds only their owner may (hands);
    #: zone names read "KIND:OWNER"
    secret_zones: ClassVar[tuple[str, ...]] = ()
    private_zones: ClassVar[tuple[str, ...]] = ()
    #: hidden zone kinds whose cards an opponent can't tell apart: an AI's look-ahead
    #: re-deals one owner's unseen cards among them (``hidden.determinize``); any other
    #: hidden zone only has its order re-dealt.
    hidden_pools: ClassVar[tuple[tuple[str, ...], ...]] = ()

    def zone_visible(self, state: GameState, zone: str, viewer: int) -> bool:
        """Whether ``viewer`` may see which cards are in ``zone`` (hands, decks ...).

        By default a game's ``secret_zones`` are hidden from everyone, its
        ``private_zones`` from all but their owner, and everything else is public;
        ``Game.view`` / ``Game.log_for`` / ``Game.legal_actions(player)`` honour it.
        """
        kind, _, owner = zone.partition(":")
        if kind in self.secret_zones:
            return False
        if kind in self.private_zones:
            return owner == str(viewer)
        return True

    def describe_ref(self, game: "Game", ref: str) -> str:
        return ref

    def describe_card(self, game: "Game", card_id: str) -> str:
        """A card as log lines name it ("Icebolt"); a game where cards of one name sit side
        by side says whose and where ("bob's Stonebound Sentinel (slot 2)")."""
        return game.name(card_id)

    #: the rulebook's names of zone kinds whose key reads otherwise ("feats": "feat zone");
    #: a person never reads a zone's key ("deck:0"), see ``describe_zone``
    zone_words: ClassVar[dict[str, str]] = {}
    #: what the game's rulebook calls the pile of played cards waiting to resolve
    stack_word: ClassVar = "stack"

    def describe_zone(self, game: "Game", zone: str) -> str:
        """A zone in the game's words, for refusals and log lines: "alice's deck", "the
        stack", "beneath Spellbook" (a pile beneath a card)."""
        kind, _, owner = zone.partition(":")
        word = self.zone_words.get(kind) or kind.replace("_", " ")
        players = game.state.players
        if owner.isdecimal() and int(owner) < len(players):
            return f"{players[int(owner)].name}'s {word}"
        if owner in game.state.cards:
            return f"{word} {game.name(owner)}"
        return f"the {word}"

    def render_step(self, step: Any) -> str:
        """A step's English text, for prompts ("you may ...")."""
        return step.verb
