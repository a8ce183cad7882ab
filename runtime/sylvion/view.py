"""The REPL's view of Sylvion: the battlefield (4 rows x 5 spaces, the fifth is the
forest), the Ravage stacks with their revealed cards, the Edges, and the players' hands.

In Total Silence the hands are drawn as the deciding player sees them (``Game.view``):
the partner's cards read "?" (002 § Rules for Two Players).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.state import Frame
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.sylvion import battlefield as bf
from cardsmith.runtime.sylvion.play import why_cant_play
from cardsmith.runtime.sylvion.turn import PHASE_NAMES, TURN_PHASES, draws_per_turn, next_mover, pending_supports


if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

CELL = 14
SHORT = {"Blazing Elemental": "Blazing", "Elemental": "Elem"}
STACK_CELL = 18


def short(name: str) -> str:
    for long, s in SHORT.items():
        if name.startswith(long + " "):
            return s + name[len(long):]
    return name


class SylvionView(GameView):
    #: ``put Blaze into warden ravage-a top`` arranges a Ravage stack (any player name will do:
    #: the stacks, deck and discards are shared)
    zone_kinds = ("hand", "deck", "discard", "ravage-a", "ravage-b", "ravage-c", "ravage-d", "supply",
                  "ravage-discard", "schemes")
    shared_zone_kinds = zone_kinds[1:]
    #: ``set warden desolated 7``: how many of the 12 Edges are Desolated side up (the first
    #: ones; C3: the engine flips them in order).  A number of the table, whoever is named.
    stats = {"desolated": "desolated"}
    #: ``step`` stops before each Support, the march, each combat and the reinforcements
    step_frames = frozenset({"support", "march", "reinforcements"})
    quiet_decisions = frozenset({"defense"})
    #: Sylvion's words in the shared commands' help (``help turn``, ``help new``)
    help_notes = {
        "turn": "Sylvion: `turn warden reveal` starts a turn from its Reveal (a scenario's board waits "
                "there), `turn warden defense` opens that phase.",
        "new": "Sylvion's options: `new sylvion players 2 mode logistics`.",
        "step": "Sylvion's stops: `step until before PHASE` or `after PHASE`, for reveal, supports, "
                "mobilization, move, reinforcements, defense (`step until after supports`: the "
                "Supports resolved, the march not begun).",
    }
    help_examples = {"turn": ("turn warden reveal",), "step": ("step until after supports",)}

    # ---- setting up ----------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": 1, "mode": "logistics"}

    def new_option(self, key: str, words: list[str]) -> tuple[dict[str, Any], list[str]] | None:
        """``new sylvion players 2 mode silence``; ``all-bloom``: the 12 Edges start Bloom
        side up (a longer game, 002's introductory option)."""
        if key == "all-bloom":
            return {"all_bloom": True}, words
        if key == "players":
            if not words or words[0] not in ("1", "2"):
                raise CommandError("players takes 1 or 2")
            return {"players": int(words[0])}, words[1:]
        if key == "mode":
            if not words or words[0] not in ("logistics", "silence"):
                raise CommandError("mode takes logistics (open hands) or silence")
            return {"mode": words[0]}, words[1:]
        return None

    def scenario_options(self, phase: str = "") -> dict[str, Any]:
        """A scenario's board is arranged before turn 1 (nothing revealed yet); its
        ``turn PLAYER reveal`` line then starts the turn."""
        return {"hold": True}

    def saved_options(self, state: Any) -> dict[str, Any]:
        opts = state.options
        return {"players": opts["players"], "mode": opts["mode"]} if opts.get("players", 1) > 1 else {}

    def stat_value(self, state: Any, player: int, stat: str) -> int:
        if stat == "desolated":
            return sum(1 for e in state.zones.get(bf.EDGES, ()) if state.cards[e].counters.get("desolated"))
        return super().stat_value(state, player, stat)

    def set_stat(self, game: "Game", player: int, stat: str, value: int) -> str:
        if stat != "desolated":
            return super().set_stat(game, player, stat, value)
        edges = game.state.zones[bf.EDGES]
        if value > len(edges):
            raise CommandError(f"there are only {len(edges)} Edges")
        for k, e in enumerate(edges):
            game.state.cards[e].counters["desolated"] = int(k < value)
        return f"{len(edges) - value} Bloom side up"

    def set_turn(self, game: "Game", player: int, phase: str, number: int = 0) -> str:
        """``turn briar reveal`` starts a turn with that player active (the next turn of
        theirs: two players alternate, 002 § Rules for Two Players); ``turn warden defense``
        opens that phase of the current turn.  Only between cards: nothing being played or
        resolved."""
        s = game.state
        if phase not in TURN_PHASES:
            raise CommandError(f"unknown phase '{phase}' (known: {', '.join(TURN_PHASES)})")
        if s.over:
            raise CommandError("the game is over")
        if any(f.kind != "turn" for f in s.agenda):
            raise CommandError("a turn can only be started while nothing is being played or resolved")
        n = len(s.players)
        t = s.turn if phase == "reveal" else max(s.turn, 1)
        if number:                  # the turn the count shows (at reveal, the one that begins)
            t = number - 1 if phase == "reveal" else number
            if (number - 1) % n != player:
                raise CommandError(f"turn {number} is {s.players[(number - 1) % n].name}'s: the players "
                                   "take turns in seat order (002 § Rules for Two Players)")
        while (t if phase == "reveal" else t - 1) % n != player:
            t += 1
        s.turn = t
        s.active = player
        s.agenda.clear()
        s.pending = None
        game.paused = ""
        s.phase = phase if phase != "reveal" else s.phase
        s.agenda.append(Frame("turn", {"phase": phase, "step": "start"}))
        which = f"turn {t + 1} begins" if phase == "reveal" else f"turn {t}, {phase} phase"
        return f"{which}: {s.players[player].name} is active"

    def zone_key(self, kind: str, player: int) -> str:
        if kind == "hand":
            return bf.hand(player)
        if kind.startswith("ravage-") and len(kind) == 8 and kind[-1] in bf.ROW_NAMES:
            return bf.stack_zone(bf.ROW_NAMES.index(kind[-1]))
        return {"deck": bf.DECK, "discard": bf.SYLVAN_DISCARD, "supply": bf.SUPPLY,
                "ravage-discard": bf.RAVAGE_DISCARD, "schemes": "schemes"}[kind]

    def spaces(self, game: "Game") -> list[str]:
        return [bf.space_key(r, n) for r in range(bf.ROWS) for n in range(1, bf.SPACES + 1)]

    def attach(self, game: "Game", cid: str, ref: str, duration: int, until_end_of_turn: bool) -> str:
        """``put Fountain 3 on b2``: stand a card in a battlefield space (no combat)."""
        key = ref.split(":", 1)[1]
        if ref.startswith("player:") or key not in self.spaces(game):
            raise CommandError("Sylvion cards go on battlefield spaces a1..d4, not on players")
        row, n = bf.parse_space(key)
        h = game.cdef(cid).header
        here = bf.space_cards(game, row, n)
        if h.is_defender and here:
            raise CommandError(f"{key} is not empty: Trees and Fountains need an empty space (002 § Tree Cards)")
        if not (h.is_defender or h.is_elemental):
            raise CommandError(f"only Trees, Fountains and Elementals stand on the battlefield, not a {h.kind}")
        bf.put(game, cid, row, n)
        return f"{game.name(cid)} stands at {key}"

    def detach(self, game: "Game", cid: str) -> None:
        bf.lift(game, cid)

    def phases(self) -> tuple[str, ...]:
        return TURN_PHASES

    def is_step_boundary(self, frame: Frame, game: "Game | None" = None) -> bool:
        """``step`` stops before each revealed Support resolves (not again as it is
        discarded), before the march (or a round of the Final Assault) and before each of
        its moves that starts a combat, and before the reinforcements (002 § Battle)."""
        if frame.kind == "support":
            return not frame.data.get("started")
        if frame.kind == "march":
            if "movers" not in frame.data:
                return True                 # the march itself
            return game is not None and bool(self._combat(game, next_mover(game, frame)))
        return frame.kind == "reinforcements"

    #: ``step until after supports``: the turn frame is where one phase ends and the next begins
    stop_frames = frozenset({"turn"})

    def stops(self) -> tuple[str, ...]:
        """``before PHASE`` and ``after PHASE`` for each phase of the turn, in order (002 §
        Battle: Reveal, Supports, Move Elementals, Reinforcements, Defense; `turn`'s names)."""
        return tuple(f"{when} {phase}" for phase in TURN_PHASES for when in ("before", "after"))

    def at_stop(self, game: "Game", frame: Frame, stop: str) -> bool:
        """Before a phase: the turn is about to begin it (its start not yet run).  After a
        phase: the next one is about to begin (the phase's end and what it triggered are
        done); after Defense, the next turn's Reveal or the Final Assault."""
        if frame.kind != "turn" or frame.data.get("step") != "start":
            return False
        when, _, phase = stop.partition(" ")
        if when == "before":
            return frame.data["phase"] == phase
        if phase == "defense":
            return frame.data["phase"] in ("reveal", "final_assault")
        return frame.data["phase"] == TURN_PHASES[TURN_PHASES.index(phase) + 1]

    # ---- reading -------------------------------------------------------------------
    def next_to_resolve(self, game: "Game") -> str:
        frame = game.state.agenda[-1] if game.state.agenda else None
        return "" if frame is None else self._step_text(game, frame)

    def _step_text(self, game: "Game", frame: Frame) -> str:
        """What the frame on top does next, in the rulebook's words ('' for other frames)."""
        if frame.kind == "support":
            return f"the Support {self._support(game, frame.data['card'])}"
        if frame.kind == "play":
            return f"{game.name(frame.data['card'])} being played"
        if frame.kind == "reinforcements":
            return self._reinforcements(game)
        if frame.kind == "turn" and frame.data.get("step") == "start":     # a `step until` stop
            return f"{PHASE_NAMES.get(frame.data['phase'], frame.data['phase'])} begins"
        if frame.kind == "march":
            what = "a round of the Final Assault" if frame.data["cause"] == "Final Assault" else "the march"
            if "movers" not in frame.data:
                return f"{what}: every Elemental moves one space left"
            eid = next_mover(game, frame)
            return f"{what}: {self._move(game, eid)}" if eid else f"the end of {what}"
        return ""

    def _support(self, game: "Game", cid: str) -> str:
        where = bf.position(game, cid)
        row = f" of row {bf.ROW_NAMES[where[0]]}" if where is not None else ""
        return f"{game.name(cid)} ({game.cdef(cid).header.letter}){row}"

    def _reinforcements(self, game: "Game") -> str:
        n = draws_per_turn(game)
        return f"the reinforcements: {game.state.players[game.state.active].name} draws {n} cards"

    def _combat(self, game: "Game", eid: str) -> str:
        """Whom an Elemental's next move left fights ('' if nobody: an empty space, the forest)."""
        where = bf.position(game, eid) if eid else None
        if where is None or where[1] + 1 >= bf.FOREST:
            return ""
        fighters = [c for c in bf.space_cards(game, where[0], where[1] + 1) if bf.header(game, c).is_defender]
        return " and ".join(f"{game.name(c)} (strength {bf.strength(game, c)})" for c in fighters)

    def _move(self, game: "Game", eid: str) -> str:
        row, n = bf.position(game, eid)  # type: ignore[misc]
        hit = bf.strength(game, eid)
        if n + 1 >= bf.FOREST:
            return f"{game.name(eid)} reaches the forest from {bf.space_key(row, n)}: {hit} damage"
        fight = self._combat(game, eid)
        return bf.move_text(game, eid, row, n, n + 1) + (f": combat, strength {hit} against {fight}" if fight else "")

    def place_label(self, game: "Game", ref: str) -> str:
        return f"at {ref[6:]}" if ref.startswith("space:") else super().place_label(game, ref)

    def render_stack(self, game: "Game") -> str:
        """Sylvion has no stack of played cards: what waits to happen this turn, in order
        (the Supports revealed, the march with each move and combat once it has begun, the
        reinforcements, Defense, and the Final Assault on the last turn)."""
        s = game.state
        if s.over:
            return f"the game is over ({s.result}): nothing more happens"
        turn = next((f for f in s.agenda if f.kind == "turn"), None)
        if turn is None:
            return "nothing waits to happen (no turn is under way)"
        phase, step = turn.data["phase"], turn.data["step"]
        order = [*TURN_PHASES, "final_assault"]
        now = order.index(phase) if phase in order else 0
        lines = []
        march = next((f for f in reversed(s.agenda) if f.kind == "march"), None)
        for k, name in enumerate(order):
            if k < now or (k == now and step == "end" and march is None) or \
                    (name == "final_assault" and not (self._last_cards_revealed(game) or phase == name)):
                continue
            for text in self._waiting(game, name, march):
                lines.append(text)
        nxt = self.next_to_resolve(game)
        head = f"turn {s.turn}, {PHASE_NAMES.get(phase, phase)}: what waits to happen, in order"
        body = [f"  {k}. {t}" for k, t in enumerate(lines, 1)] or ["  nothing more this turn"]
        tail = [f"next `step`: {nxt}"] if game.paused and nxt else []
        return "\n".join([head, *body, *tail])

    @staticmethod
    def _last_cards_revealed(game: "Game") -> bool:
        """Whether this is the final turn: the last card of each Ravage stack revealed
        (002 § End of the Game); a revealed card stays on its stack until it moves."""
        s = game.state
        return all(not ids or (len(ids) == 1 and s.cards[ids[0]].revealed)
                   for ids in (s.zones[bf.stack_zone(r)] for r in range(bf.ROWS)))

    def _waiting(self, game: "Game", phase: str, march: Frame | None) -> list[str]:
        """The lines of one step of the turn that is still to come (or under way)."""
        s = game.state
        if phase == "reveal":
            return ["Reveal Ravage cards: the top card of each Ravage stack"] if not bf.revealed_tops(game) else []
        if phase == "supports":
            return [f"the Support {self._support(game, c)} resolves" for c in pending_supports(game)]
        if phase in ("move", "final_assault") and march is not None and \
                (march.data["cause"] == "Final Assault") == (phase == "final_assault"):
            if "movers" not in march.data:
                return [self._step_text(game, march)]
            d = march.data
            left = [e for e in d["movers"][d["next"]:] if bf.position(game, e) is not None]
            return [self._move(game, e) if e == left[0] else f"then {self._move(game, e)}" for e in left]
        if phase == "move":
            n = len(bf.elementals(game))
            return [f"Move Elementals: {n} Elemental{'s move' if n != 1 else ' moves'} one space left"] if n else []
        if phase == "reinforcements":
            return ["R" + self._reinforcements(game)[5:]]
        if phase == "defense":
            return [f"Defense: {s.players[s.active].name} plays cards, then the hand limit of 10"]
        if phase == "final_assault":
            return ["the Final Assault: the Elementals left move on until destroyed or in the forest, "
                    "then the Trees' vitality is counted"]
        return []

    def card_summary(self, game: "Game", cid: str) -> str:
        h = game.cdef(cid).header
        bits = {"support": f"support {h.letter}", "tree": f"tree, cost {h.cost}, vitality {h.vitality}",
                "fountain": f"fountain, cost {h.cost}, strength {h.strength}",
                "animal": f"animal, cost {h.cost}"}.get(h.kind, f"{h.kind}, strength {h.strength}")
        return f"{game.name(cid)} ({bits})"

    def why(self, game: "Game", player: int, cid: str) -> str:
        if cid not in game.state.cards:
            return f"no card {cid}"
        pending = game.pending
        reaction = pending is not None and pending.kind == "react"
        reason = why_cant_play(game, player, cid, reaction=reaction)
        who = game.state.players[player].name
        if reason:
            return f"{game.name(cid)} can't be played by {who} now: {reason}"
        return f"{game.name(cid)} can be played by {who} now"

    def viewer(self, game: "Game") -> int | None:
        """Whose eyes the board is drawn with: the deciding player in Total Silence."""
        if game.state.options.get("mode") != "silence" or len(game.state.players) < 2:
            return None
        pending = game.pending
        return pending.player if pending is not None else game.state.active

    def render_player(self, game: "Game", player: int, *, full: bool = False) -> str:
        s = game.state
        p = s.players[player]
        mark = ">" if s.active == player else " "
        hand = s.zones[bf.hand(player)]
        line = f"{mark} {p.name:<8} hand {len(hand)}"
        viewer = self.viewer(game)
        if viewer is None or viewer == player:
            line += ": " + (", ".join(sorted(s.cards[c].name for c in hand)) or "empty")
        else:
            line += ": (hidden: Total Silence)"
        if full:
            line += f"\n    Defender deck {len(s.zones[bf.DECK])}, Sylvan discard: " + (
                ", ".join(s.cards[c].name for c in s.zones[bf.SYLVAN_DISCARD]) or "empty")
        return line

    def _cell(self, game: "Game", row: int, n: int) -> str:
        names = [short(game.name(c)) for c in bf.space_cards(game, row, n)]
        return " + ".join(names)

    def render_board(self, game: "Game") -> str:
        s = game.state
        head = ["forest"] + [f"space {n}" for n in range(bf.SPACES, 0, -1)] + ["Ravage stack"]
        widths = [CELL] * (len(head) - 1) + [STACK_CELL]
        rule = "    +" + "+".join("-" * w for w in widths) + "+"
        out = ["     " + " ".join(f"{h:<{w}}" for h, w in zip(head, widths)), rule]
        for r in range(bf.ROWS):
            stack = s.zones[bf.stack_zone(r)]
            top = ""
            if stack and s.cards[stack[0]].revealed:
                top = "[" + short(s.cards[stack[0]].name) + "]"
            stack_cell = f"{len(stack)} left {top}".strip()
            cells = ["~~ forest ~~"] + [self._cell(game, r, n) for n in range(bf.SPACES, 0, -1)] + [stack_cell]
            out.append(f" {bf.ROW_NAMES[r]}  |" + "|".join(f"{c[:w]:<{w}}" for c, w in zip(cells, widths)) + "|")
            out.append(rule)
        bloom = len(bf.edges(game, False))
        dead = len(bf.edges(game, True))
        out.append(f"Edges: {'*' * bloom}{'x' * dead}  ({bloom} Bloom, {dead} Desolated; "
                   f"Trees' vitality {sum(game.cdef(c).header.vitality for c in s.zones['field'] if game.cdef(c).header.kind == 'tree')})")
        schemes = s.zones.get("schemes", ())
        if schemes:
            out.append("Schemes: " + ", ".join(s.cards[c].name for c in schemes))
        return self.with_players(game, out)

    def status_line(self, game: "Game") -> str:
        s = game.state
        if s.over:
            return f"game over: {s.result}"
        who = f" · {s.players[s.active].name} active" if len(s.players) > 1 else ""
        mode = f" · {s.options.get('mode')}" if len(s.players) > 1 else ""
        phase = PHASE_NAMES.get(s.phase, "before the first turn")
        return (f"turn {s.turn} · {phase}{who}{mode} · deck {len(s.zones[bf.DECK])}"
                f" · Ravage discard {len(s.zones[bf.RAVAGE_DISCARD])} · Blazing left {len(s.zones[bf.SUPPLY])}")
