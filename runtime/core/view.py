"""A game's board view: what the REPL and scenario files show or edit in the game's own
words, with game-neutral defaults built on the core's state.

A game's rules object gives its view (``GameRules.game_view``); a game without one of its
own gets ``GenericView``.  A view never changes the rules: it reads the state to draw it,
and carries out the hand edits a designer asks for (``place``, ``attach``, ``terrain``,
``set_trap``, ``set_turn``) in the game's own terms.  Whatever a game can't do raises
``CommandError`` with a sentence.

A view also brings the REPL what is the game's own in its command language: the commands
only it has (``commands``: Ivion's ``trap``), and the notes on its words that the shared
commands' help adds (``help_notes``), so the REPL names no game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from .errors import CommandError
from .native import mypyc_attr
from .state import Action, Frame, StackItem, zone_holder

if TYPE_CHECKING:
    from .engine import Game


@dataclass(frozen=True)
class ViewCommand:
    """A command a game's view brings to the REPL (and so to scenario scripts): a hand edit
    in the game's own terms.  The REPL offers it in that game only; it reads the leading
    player itself when ``args`` starts with "player", and runs ``run`` as one undoable edit,
    so ``run`` refuses bad words with ``CommandError`` (the state is put back) and returns
    what the edit log keeps and what the REPL answers."""
    name: str
    usage: str
    summary: str
    #: (view, game, the player named first or None, the other words) -> (log line, reply)
    run: Callable[["GameView", "Game", "int | None", list[str]], tuple[str, str]]
    details: str = ""
    #: completion hints per word, as the REPL's commands give them ("player", "tile" ...)
    args: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()


@mypyc_attr(allow_interpreted_subclasses=True)     # a game outside the runtime brings its own
class GameView:
    #: stats a designer may set with ``set PLAYER STAT N`` (aliases map to the key)
    stats: ClassVar[dict[str, str]] = {}
    #: yes/no flags a designer may set with ``set PLAYER FLAG on|off``
    flags: ClassVar[dict[str, str]] = {}
    #: per-player zones (``put CARD into PLAYER ZONE``)
    zone_kinds: ClassVar[tuple[str, ...]] = ()
    #: zone kinds that are one zone for the whole table whichever player is named (a shared
    #: deck): ``save scenario`` writes them once, under the first player
    shared_zone_kinds: ClassVar[tuple[str, ...]] = ()
    #: agenda frame kinds the REPL pauses before when automatic resolution is off
    step_frames: ClassVar[frozenset[str]] = frozenset()
    #: how the pending question's options may be typed, for ``help``
    option_examples: ClassVar[str] = "`2` (an option's number) or the option's words"
    #: decision kinds whose options are listed after every command (others: ``legal``)
    quiet_decisions: ClassVar[frozenset[str]] = frozenset()
    #: first words of this game's option labels and aliases, so a scenario script's lines
    #: can be checked before they run (empty: no check)
    option_words: ClassVar[frozenset[str]] = frozenset()

    #: first words that only answer one kind of question (``unleash``, ``target`` ...):
    #: typed when no such question is pending, a line names nothing the rules could refuse
    #: (a scenario's ``expect refused`` fails on it, docs/scenarios.md "Refusals")
    answer_words: ClassVar[frozenset[str]] = frozenset()
    #: first words of options that play a card, the card's name following (``play Zap``):
    #: the REPL explains an unknown or unplayable card named after one, and a scenario's
    #: check looks the card up
    play_words: ClassVar[tuple[str, ...]] = ("play", "respond")

    #: a game's own numbers of a player beyond its stats (``set PLAYER KEY N``,
    #: ``expect PLAYER.KEY``, and ``player NAME KEY N`` in a scenario board)
    player_values: ClassVar[tuple[str, ...]] = ()
    #: the player values a scenario board must state (the others follow from zones and stats)
    board_values: ClassVar[tuple[str, ...]] = ()
    #: numbers a card carries (``set CARD KEY N``, ``put CARD into ... KEY N``)
    card_values: ClassVar[tuple[str, ...]] = ()
    #: numbers a card shows that follow from the rules (Rush of Ikorr: a champion's attack
    #: with its passive bonuses, its health), read by a scenario's ``expect CARD.KEY``
    card_stats: ClassVar[tuple[str, ...]] = ()
    #: the player zones where ``set CARD`` looks for a card given by name
    value_zones: ClassVar[tuple[str, ...]] = ()

    #: the REPL commands only this game has (``ViewCommand``; Ivion's ``place``, ``trap``)
    commands: ClassVar[tuple[ViewCommand, ...]] = ()
    #: what ``help COMMAND`` adds for this game to a shared command's text: its own
    #: numbers for ``set``, its phases for ``turn`` (command name -> a paragraph)
    help_notes: ClassVar[dict[str, str]] = {}
    #: the examples ``help COMMAND`` shows for a shared command in this game's words
    help_examples: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(self, game: str) -> None:
        self.game = game

    # ---- setting up ----------------------------------------------------------------
    def player_value(self, game: "Game", player: int, key: str) -> int:
        raise CommandError(f"{self.game} players have no '{key}'")

    def set_player_value(self, game: "Game", player: int, key: str, value: int) -> str:
        """Change one of ``player_values`` (inside ``Session.edit``); a sentence saying what
        changed.  Refuse, with ``CommandError``, a value the game can't hold."""
        raise CommandError(f"{self.game} players have no '{key}'")

    def after_put(self, game: "Game", cid: str) -> None:
        """A card was put into a zone by hand (inside the edit): give it what the zone's
        cards have (Rush of Ikorr: a champion takes the first free slot)."""

    def card_value(self, game: "Game", cid: str, key: str) -> int:
        raise CommandError(f"{self.game} cards have no '{key}'")

    def set_card_value(self, game: "Game", cid: str, key: str, value: int) -> str:
        raise CommandError(f"{self.game} cards have no '{key}'")

    def card_stat(self, game: "Game", cid: str, key: str) -> int | None:
        """One of ``card_stats`` of a card now (None: the card has none, a spell's attack)."""
        raise CommandError(f"{self.game} cards have no '{key}'")

    def card_value_default(self, game: "Game", cid: str, key: str) -> int:
        """What a card holds of ``key`` before anything changed it (a saved board writes
        only the values that differ: Ivion's Charged feats start full)."""
        return 0

    @property
    def has_places(self) -> bool:
        """Whether heroes stand on places of a board (``place``, ``at TILE``)."""
        return type(self).place is not GameView.place

    def default_options(self) -> dict[str, Any]:
        """Keyword options for ``Game.new`` giving this game's default match."""
        return {}

    def seat_names(self, named: list[str], options: dict[str, Any]) -> list[str]:
        """The names of every seat of a game started with ``options`` (a scenario's): the
        players it names first, then the default match's names for the seats left, so a
        scenario run in a format with more seats still starts (docs/scenarios.md)."""
        names = list(named)
        for n in list(self.default_options().get("names", []))[len(names):]:
            names.append(n if n not in names else f"{n}2")
        return names

    def first_option(self, seat: int, names: list[str], options: dict[str, Any]) -> Any:
        """The ``first`` option of a game whose first turn is seat ``seat``'s (a scenario's
        ``turn PLAYER``): the seat itself, unless the game's turns belong to teams."""
        return seat

    def new_option(self, key: str, words: list[str]) -> tuple[dict[str, Any], list[str]] | None:
        """A game's own ``new`` option (Sylvion: ``players 2``, ``mode silence``): the
        options it sets and the words left, or None if ``key`` means nothing here."""
        return None

    def scenario_options(self, phase: str = "") -> dict[str, Any]:
        """Options a scenario's game starts with, on top of ``default_options``, for a board
        at ``turn PLAYER PHASE`` (Sylvion: always held before turn 1, so the board is arranged
        before anything is revealed; Ivion: held when the board is at a turn's start, so the
        start happens once, on the board)."""
        return {}

    def saved_options(self, state: Any) -> dict[str, Any]:
        """Engine options ``save scenario`` writes as ``option KEY VALUE`` lines, so the
        board is rebuilt in the same kind of game (Sylvion: two players, Total Silence)."""
        return {}

    def stat_value(self, state: Any, player: int, stat: str) -> int:
        """A stat's value (``set``, expectations, ``save scenario``): a player's own number
        by default; a game may keep one elsewhere (Sylvion's Desolated Edges)."""
        return state.players[player].stats.get(stat, 0)

    def set_stat(self, game: "Game", player: int, stat: str, value: int) -> str:
        """Set a stat (inside the REPL's edit); returns a note for the reply, or '' (a game
        with caps says when a value is above one)."""
        game.state.players[player].stats[stat] = value
        return ""

    def extend_library(self, library: Any) -> None:
        """Add the cards a game derives from others (Rush of Ikorr's infused champions), so
        the REPL and scenario files can name them; by default there are none."""

    def zone_key(self, kind: str, player: int) -> str:
        return f"{kind}:{player}"

    def spaces(self, game: "Game") -> list[str]:
        return list(game.state.board.spaces)

    def place(self, game: "Game", player: int, space: str) -> str:
        raise CommandError(f"{self.game} has no places for heroes")

    def attach(self, game: "Game", cid: str, ref: str, duration: int, until_end_of_turn: bool) -> str:
        raise CommandError(f"{self.game} has no attached cards")

    def detach(self, game: "Game", cid: str) -> None:
        """Unhook a card from whatever it is attached to (before a hand edit moves it)."""
        game.state.cards[cid].attached_to = ""

    def terrain(self, game: "Game", space: str, kind: str) -> str:
        raise CommandError(f"{self.game} has no terrain")

    def terrain_kinds(self) -> tuple[str, ...]:
        return ()

    def trap_tiles(self) -> tuple[str, ...]:
        """The spaces a trap token may lie on (Ivion's tiles, G-21); none: the game has no
        trap tokens.  Known without a game, so a scenario's ``trap`` lines are checked as
        the file loads."""
        return ()

    def traps(self, game: "Game") -> list[tuple[int, str]]:
        """Every trap token on the board as (owner, space), owners in seat order: what
        ``save scenario`` writes as ``trap PLAYER TILE`` lines."""
        return []

    def set_trap(self, game: "Game", player: int, space: str, on: bool) -> str:
        """Put a player's trap token on a space (``on``) or take it off, by hand: no event
        fires (inside the REPL's edit).  Refuses, with ``CommandError``, what can't be."""
        raise CommandError(f"{self.game} has no trap tokens")

    #: whether cards may lie beneath a card (Ivion's piles, IV-ZONE-6): a scenario's
    #: ``beneath`` lines are refused in a game without them
    has_piles: ClassVar[bool] = False

    def pile_holders(self, game: "Game", player: int) -> list[str]:
        """The cards of a player's that may hold a pile (in play or in their feat zone),
        in board order: what a scenario's ``beneath "CARD"`` lines name, Nth copy first."""
        return []

    def pile(self, game: "Game", holder: str) -> list[str]:
        """The cards beneath ``holder``, top first."""
        return []

    def pile_zone(self, holder: str) -> str:
        """The zone of the cards beneath ``holder`` (where a new card for it is made)."""
        raise CommandError(f"{self.game} has no piles beneath cards")

    def pile_face_down(self, game: "Game", holder: str) -> bool:
        """Whether the cards beneath ``holder`` lie face down unless a scenario says otherwise."""
        return False

    def put_beneath(self, game: "Game", cid: str, holder: str, face_up: bool | None) -> str:
        """Put a card at the bottom of the pile beneath ``holder`` by hand (no event fires),
        face up or down as the holder says unless ``face_up`` says.  Refuses, with
        ``CommandError``, what can't be."""
        raise CommandError(f"{self.game} has no piles beneath cards")

    def is_used(self, game: "Game", cid: str) -> bool:
        """Whether a card is locked because it was already played (Ivion's feats)."""
        return False

    def entry_mark(self, game: "Game", cid: str) -> str:
        """The ``state.used`` key a scenario writes as ``used`` after the card's name ('' if
        none): ``save scenario`` leaves it out of the ``used "KEY"`` lines."""
        return ""

    def set_used(self, game: "Game", cid: str) -> None:
        raise CommandError(f"{self.game} has no used cards to mark")

    def set_turn(self, game: "Game", player: int, phase: str, number: int = 0) -> str:
        """``turn PLAYER PHASE [N]`` (REPL and scenario boards): that player's turn at that
        phase; ``number`` (0: keep the count) is the turn the count then shows, the one that
        begins for a phase that begins a turn, whose first-turn rules the game applies."""
        raise CommandError(f"can't change whose turn it is in {self.game} yet")

    def phases(self) -> tuple[str, ...]:
        return ()

    def first_phase(self) -> str:
        """The phase ``turn PLAYER`` (REPL or scenario) means when it names none: the game's
        first ("main" for a game that names no phases, whose ``set_turn`` says why not)."""
        return (self.phases() or ("main",))[0]

    def final_expectations(self, game: "Game") -> list[str]:
        """``expect`` lines (without indent) on this game's own numbers, for ``save scenario``."""
        return []

    # ---- stepping --------------------------------------------------------------------
    def is_step_boundary(self, frame: Frame, game: "Game | None" = None) -> bool:
        """Whether a pause before ``frame`` (on top of ``game``'s agenda) is where a
        ``step`` should stop."""
        return frame.kind in self.step_frames

    def next_to_resolve(self, game: "Game") -> str:
        """A few words on what the next ``step`` resolves."""
        return ""

    #: agenda frame kinds ``step until STOP`` pauses before, to ask ``at_stop``
    stop_frames: ClassVar[frozenset[str]] = frozenset()

    def stops(self) -> tuple[str, ...]:
        """The points inside a turn ``step until STOP`` may stop at (a REPL command, a
        scenario line), in the rulebook's order: none for a game that names none."""
        return ()

    def at_stop(self, game: "Game", frame: Frame, stop: str) -> bool:
        """Whether a pause before ``frame`` (on top of the agenda) is the point ``stop``."""
        return False

    def resolving_item(self, game: "Game") -> str:
        """The id of the stack item being resolved now ('' if none): the innermost
        ``resolve_item`` frame, the frame kind games with a stack use."""
        for frame in reversed(game.state.agenda):
            if frame.kind == "resolve_item":
                return frame.data["item"]
        return ""

    # ---- reading -------------------------------------------------------------------
    def describe_ref(self, game: "Game", ref: str) -> str:
        return game.rules.describe_ref(game, ref)

    def option_aliases(self, game: "Game", action: Action) -> list[str]:
        """Ways a person may type this option, besides its number and its label."""
        words = [action.kind]
        for arg in action.args:
            if isinstance(arg, str):
                if arg in game.state.cards:
                    words.append(game.state.cards[arg].name)
                else:
                    words.append(self.describe_ref(game, arg) if ":" in arg else arg)
            elif isinstance(arg, bool):
                words.append("yes" if arg else "no")
            else:
                words.append(str(arg))
        return [" ".join(words)]

    def picture(self, game: "Game") -> dict[str, Any]:
        """What ``step`` compares before and after: plain values by readable key."""
        s = game.state
        pic: dict[str, Any] = {}
        for p in s.players:
            for k, v in p.stats.items():
                pic[f"{p.name} {k}"] = v
            pic[f"{p.name} position"] = p.position or "-"
        for cid, card in s.cards.items():
            pic[f"card {cid}"] = (card.name, card.zone, card.attached_to)
        for key, space in s.board.spaces.items():
            pic[f"terrain {key}"] = space.terrain or "none"
        for it in s.stack:
            # The item itself: resolution changes its fate in place and then drops it from
            # the stack, so after a step the object still tells how it ended.
            pic[f"stack {it.id}"] = (game.name(it.card) if it.card in s.cards else it.card, it.fate, it)
        return pic

    def zone_label(self, game: "Game", zone: str) -> str:
        """A zone in the game's words ("alice's hand", "the stack"), never its key."""
        holder = zone_holder(zone)
        if holder in game.state.cards:          # a card's own zone: "beneath Spellbook (card12)"
            return f"{zone.partition(':')[0]} {game.state.cards[holder].name} ({holder})"
        return game.rules.describe_zone(game, zone)

    def place_label(self, game: "Game", ref: str) -> str:
        """Where a card attached to ``ref`` is, for ``step``'s list of changes."""
        return f"attached to {self.describe_ref(game, ref)}"

    def diff(self, game: "Game", before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        out = []
        for key in before.keys() | after.keys():
            a: Any = before.get(key)
            b: Any = after.get(key)
            if a == b:
                continue
            if key.startswith("card "):
                name = (b or a)[0]
                where = lambda v: "gone" if v is None else (  # noqa: E731
                    self.place_label(game, v[2]) if v[2] else self.zone_label(game, v[1]))
                out.append(f"{name}: {where(a)} -> {where(b)}")
            elif key.startswith("stack "):
                name, word = (b or a)[0], game.rules.stack_word
                if a is None:
                    out.append(f"{name} on the {word}: new, {b[1]}")
                elif b is None:
                    item = a[2]
                    why = f" ({item.reason})" if item.reason else ""
                    out.append(f"{name} on the {word}: {a[1]} -> {item.fate}{why}, off the {word}")
                elif a[1] != b[1]:
                    out.append(f"{name} on the {word}: {a[1]} -> {b[1]}")
            else:
                out.append(f"{key}: {a} -> {b}")
        return sorted(out)

    def render_board(self, game: "Game") -> str:
        return "\n".join(self.render_player(game, p.index) for p in game.state.players)

    def status_line(self, game: "Game") -> str:
        """One line on where the game stands (turn, phase, whose move), '' for none."""
        return ""

    def with_players(self, game: "Game", lines: list[str]) -> str:
        """A drawn board's closing lines: the game's status line (``status_line``), then one
        line per player; trailing spaces trimmed."""
        lines = [*lines, self.status_line(game), *(self.render_player(game, p.index) for p in game.state.players)]
        return "\n".join(line.rstrip() for line in lines)

    def render_player(self, game: "Game", player: int, *, full: bool = False) -> str:
        p = game.state.players[player]
        stats = "  ".join(f"{k} {v}" for k, v in p.stats.items()) or "(no numbers)"
        hand = len(game.state.zones.get(self.zone_key("hand", player), ()))
        return f"{p.name}: {stats}  hand {hand}"

    def card_summary(self, game: "Game", cid: str) -> str:
        return game.state.cards[cid].name

    def typed_action(self, game: "Game", player: int, words: list[str]) -> Action | None:
        """The action typed words mean even when it is not legal now (``attack X Y``), so
        the REPL can ask the rules why it is refused; None when the words mean nothing here."""
        return None

    def why(self, game: "Game", player: int, cid: str) -> str:
        """Whether the card can be played now by ``player``, and if not, why."""
        return "no explanations for this game yet"

    def mid_play(self, game: "Game") -> str:
        """Why this moment is in the middle of playing or resolving something, in a few words
        ('' when it is between plays).  A scenario board describes zones, numbers and whose
        turn it is; it can't hold cards on the stack, triggers waiting or a half-made play."""
        s = game.state
        if s.stack:
            names = ", ".join(game.name(it.card) if it.card in s.cards else it.card for it in s.stack)
            return f"{len(s.stack)} on the stack ({names})"
        if s.triggered or any(f.kind == "order_triggers" for f in s.agenda):
            return "triggered abilities waiting to resolve"
        for f in s.agenda:
            if f.kind == "play" and f.data.get("card") in s.cards:
                return f"{game.name(f.data['card'])} being played"
        return ""

    def item_fate(self, game: "Game", item: StackItem) -> str:
        """An item's fate as a judge reads it.  The game ends the moment a player wins, even
        halfway through an effect: nothing more resolves, so an item left "resolving" was
        interrupted (the rest of its effect never happened) and a "pending" one never
        resolved.  The state keeps the fates as they were when play stopped."""
        if game.state.over and item.fate == "resolving":
            return "interrupted (the game ended while it resolved)"
        if game.state.over and item.fate == "pending":
            return "never resolved (the game ended first)"
        return item.fate + (f" ({item.reason})" if item.reason else "")

    def render_stack(self, game: "Game") -> str:
        """``stack``: the items top first, the one resolving marked, and what the next
        ``step`` resolves, in the game's word for the pile (``GameRules.stack_word``)."""
        s = game.state
        word = game.rules.stack_word
        nxt = self.next_to_resolve(game)
        waiting = [f"next to resolve: {nxt}"] if game.paused and nxt else []
        if not s.stack:
            return "\n".join([f"the {word} is empty", *waiting])
        current = "" if s.over else self.resolving_item(game)
        lines = [f"the game is over ({s.result}); nothing more resolves. The {word} as play "
                 "stopped:"] if s.over else []
        for k, item in enumerate(reversed(s.stack)):
            mark = "->" if item.id == current else "  "
            lines.append(f"{mark} {len(s.stack) - k}. {self.render_item(game, item)}")
        return "\n".join(lines + waiting)

    def render_item(self, game: "Game", item: StackItem) -> str:
        name = game.name(item.card) if item.card in game.state.cards else item.card
        ctl = game.state.players[item.controller].name
        targets = "; ".join(self.describe_ref(game, r) for g in item.targets for r in g) or "none"
        paid = ", ".join(f"{v} {k.rstrip('s') if v == 1 else k}" for k, v in item.paid.items() if v) or "nothing"
        fate = self.item_fate(game, item)
        flags = ", ".join(k for k, v in item.flags.items() if v is True)
        text = f"{name} [{item.id}]  by {ctl}  targets: {targets}  paid: {paid}  fate: {fate}"
        return text + (f"  [{flags}]" if flags else "")


@mypyc_attr(allow_interpreted_subclasses=True)
class GenericView(GameView):
    """Any game without a view of its own: the board as lists, players' numbers, zones.

    Deciding, stepping (before each stack item, if the game has one), undo, save and load
    all work through the engine's API; hand edits beyond ``set`` and ``put`` need a view.
    """

    def render_board(self, game: "Game") -> str:
        s = game.state
        lines = [f"{s.game}: turn {s.turn} · {s.players[s.active].name}'s turn · {s.phase or '-'} phase"
                 if s.players else f"{s.game}: turn {s.turn}"]
        for key, space in s.board.spaces.items():
            if space.cards or space.terrain:
                names = ", ".join(s.cards[c].name for c in space.cards if c in s.cards)
                lines.append(f"  {key}: {names}" + (f" [{space.terrain}]" if space.terrain else ""))
        zones = "  ".join(f"{self.zone_label(game, z)} {len(ids)}" for z, ids in s.zones.items() if ids)
        lines.append("zones: " + zones)
        lines += [self.render_player(game, p.index) for p in s.players]
        return "\n".join(lines)
