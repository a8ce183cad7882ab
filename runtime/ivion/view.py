"""Ivion's board view (the REPL's, a scenario's): the 4x4 Field, heroes, Control, and
Ivion's hand edits."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.keywords import alternative_cost
from cardsmith.runtime.core.state import Action, Frame
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.ivion import board
from cardsmith.runtime.ivion.attach import attach, attached_to, detach
from cardsmith.runtime.ivion.charges import MAX_CHARGES, charged, charges_left
from cardsmith.runtime.ivion.header import CONTROL_KINDS, IvionHeader
from cardsmith.runtime.ivion.playable import target_plan_exists, why_cant_play
from cardsmith.runtime.ivion import piles
from cardsmith.runtime.ivion.leave_play import clear_counters
from cardsmith.runtime.ivion.players import beneath, zone
from cardsmith.runtime.ivion.traps import traps_of
from cardsmith.runtime.ivion.meta_counters import find_item
from cardsmith.runtime.ivion.places import occupant
from cardsmith.runtime.ivion.view_commands import COMMANDS, HELP_EXAMPLES, HELP_NOTES

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

CELL = 16
TILE_ACTIONS = ("move", "initiative_move", "tile")
STAT_ORDER = ("hp", "max_hp", "actions", "power", "initiative", "mitigate", "slow", "silence", "disarm",
              "poison", "luck")


def header_short(h: IvionHeader) -> str:
    """'1 action, 2 power, range 3, banner silence' in a few words."""
    parts = []
    if h.action_cost:
        parts.append(f"{h.action_cost} action{'s' if h.action_cost > 1 else ''}")
    if h.power_cost:
        parts.append(f"{h.power_cost} power")
    if h.action_gain:
        parts.append(f"+{h.action_gain} action{'s' if h.action_gain > 1 else ''}")
    if h.power_gain:
        parts.append(f"+{h.power_gain} power")
    if not (h.action_cost or h.power_cost):
        parts.insert(0, "free")
    if h.range is not None:
        parts.append(f"range {h.range}")
    if h.banner:
        parts.append("banner " + "/".join(sorted(h.banner)))
    if h.heroic:
        parts.append("heroic")
    if h.instant:
        parts.append("instant")
    if h.kind != "skill":
        parts.append(h.kind + (f" {h.hp} HP" if h.hp else ""))
    return ", ".join(parts)


class IvionView(GameView):
    stats = {"hp": "hp", "max_hp": "max_hp", "max-hp": "max_hp", "actions": "actions",
             "action": "actions", "power": "power", "initiative": "initiative",
             "slow": "slow", "silence": "silence", "disarm": "disarm", "mitigate": "mitigate",
             "poison": "poison", "luck": "luck"}
    flags = {"chivalry": "chivalrous", "chivalrous": "chivalrous",
             "second-wind-used": "second_wind_used", "second_wind_used": "second_wind_used",
             "second-wind": "second_wind_used"}
    zone_kinds = ("hand", "deck", "discard", "feats", "removed", "relics", "traps", "trap_discard", "collection",
                  "feathers", "arrowheads", "master_arrow")
    #: a Charged feat's charge tokens (G-20): ``set Shoot charge 1``, ``"Shoot" (charge 1)``
    card_values = ("charge",)
    value_zones = ("feats",)
    step_frames = frozenset({"resolve_item"})
    quiet_decisions = frozenset({"main"})
    option_examples = ("`2` (an option's number), `target bob`, `remove slow`, `respond Block`, `pass`,\n"
                       "  `spend action` / `spend power` (remove 1 Control), `initiative move b2`,\n"
                       "  `draw` (expend initiative to draw), `cantrip Icebolt`, `option 2`, `yes` / `no`")
    option_words = frozenset({
        "play", "respond", "cantrip", "move", "expend", "initiative", "imove", "draw", "spend",
        "end", "pass", "don't", "no", "yes", "target", "remove", "keep", "to", "discard", "pay",
        "option", "mode", "unleash", "done", "lose", "stop", "free", "order", "choose", "clear",
        "tile", "may", "flip", "activate"})
    #: cantrip plays a card for an initiative token instead of its cost (001 § Glossary > CANTRIP)
    play_words = ("play", "respond", "cantrip")
    answer_words = frozenset({"no", "yes", "don't", "target", "keep", "to", "pay", "option", "mode", "unleash",
                              "done", "lose", "stop", "free", "order", "choose", "clear", "tile", "may", "flip"})

    # ---- setting up ----------------------------------------------------------------
    def set_stat(self, game: "Game", player: int, stat: str, value: int) -> str:
        """Any value may be set; one above the Rule of Five's cap of 5 is said so."""
        super().set_stat(game, player, stat, value)
        return "above the usual cap of 5" if stat not in ("hp", "max_hp") and value > 5 else ""

    def default_options(self) -> dict[str, Any]:
        return {"names": ["alice", "bob"], "ruleset": "hh"}

    def zone_key(self, kind: str, player: int) -> str:
        return zone(kind, player)

    def spaces(self, game: "Game") -> list[str]:
        return list(board.all_tiles())

    def place(self, game: "Game", player: int, space: str) -> str:
        if not board.is_tile(space):
            raise CommandError(f"'{space}' is not a tile (a1..d4)")
        me = game.state.players[player]
        foes = [game.state.players[o].name for o in occupant(game, space)
                if game.state.players[o].team != me.team]
        if foes:
            raise CommandError(f"{' and '.join(foes)} stands on {space}: heroes never share a tile with an enemy")
        old = me.position or "off the board"
        me.position = space
        return f"{me.name}: {old} -> {space}"

    def attach(self, game: "Game", cid: str, ref: str, duration: int, until_end_of_turn: bool) -> str:
        if ref.startswith("tile:"):
            tile = ref[5:]
            if occupant(game, ref[5:]):
                raise CommandError(f"a hero stands on {tile}: cards attach only to empty tiles (001 § Attached Cards)")
            if game.state.board.spaces[tile].cards:
                raise CommandError(f"{tile} already has an attached card: one card per tile (001 § Attached Cards)")
        attach(game, cid, ref, duration=duration, until_end_of_turn=until_end_of_turn)
        return f"{game.name(cid)} attached to {self.describe_ref(game, ref)}"

    def detach(self, game: "Game", cid: str) -> None:
        detach(game, cid)
        clear_counters(game.state.cards[cid])

    def card_value(self, game: "Game", cid: str, key: str) -> int:
        if key == "charge":
            return charges_left(game, cid)
        return super().card_value(game, cid, key)

    def card_value_default(self, game: "Game", cid: str, key: str) -> int:
        return game.cdef(cid).header.charges if key == "charge" else 0

    def set_card_value(self, game: "Game", cid: str, key: str, value: int) -> str:
        """A Charged feat's charges (0..9); other cards hold none."""
        if key != "charge":
            return super().set_card_value(game, cid, key, value)
        if not charged(game, cid):
            raise CommandError(f"{game.name(cid)} is not a Charged feat: it holds no charges")
        if not 0 <= value <= MAX_CHARGES:
            raise CommandError(f"charge {value} is impossible (0..{MAX_CHARGES})")
        game.state.cards[cid].counters["charge"] = value
        return f"{game.name(cid)} has {value} charge{'s' if value != 1 else ''}"

    def is_used(self, game: "Game", cid: str) -> bool:
        return bool(game.state.used.get(f"feat:{cid}"))

    def entry_mark(self, game: "Game", cid: str) -> str:
        card = game.state.cards[cid]
        return f"feat:{cid}" if self.is_used(game, cid) and card.zone == zone("feats", card.owner) else ""

    def set_used(self, game: "Game", cid: str) -> None:
        """A feat played this round: locked until its controller's next turn (IV-FEAT-3)."""
        if game.state.cards[cid].zone != zone("feats", game.state.cards[cid].owner):
            raise CommandError(f"{game.name(cid)} is not in a feat zone: only feats are used up")
        game.state.used[f"feat:{cid}"] = 1

    def terrain_kinds(self) -> tuple[str, ...]:
        return ("difficult", "enchanted", "none")

    def terrain(self, game: "Game", space: str, kind: str) -> str:
        if not board.is_tile(space):
            raise CommandError(f"'{space}' is not a tile (a1..d4)")
        if kind not in self.terrain_kinds():
            raise CommandError(f"unknown terrain '{kind}' (known: {', '.join(self.terrain_kinds())})")
        game.state.board.spaces[space].terrain = "" if kind == "none" else kind
        return f"{space} terrain: {kind}"

    def trap_tiles(self) -> tuple[str, ...]:
        return tuple(board.all_tiles())

    def traps(self, game: "Game") -> list[tuple[int, str]]:
        return [(p.index, t) for p in game.state.players for t in p.flags.get("traps", ())]

    has_piles = True
    commands = COMMANDS              # place, terrain, trap (view_commands.py)
    help_notes = HELP_NOTES
    help_examples = HELP_EXAMPLES

    def pile_holders(self, game: "Game", player: int) -> list[str]:
        s = game.state
        return list(s.zones.get(zone("feats", player), ())) + \
            [c for c in s.zones.get("field", ()) if s.cards[c].controller == player]

    def pile(self, game: "Game", holder: str) -> list[str]:
        return list(piles.pile(game, holder))

    def pile_zone(self, holder: str) -> str:
        return beneath(holder)

    def pile_face_down(self, game: "Game", holder: str) -> bool:
        return piles.face_down(game, holder)

    def put_beneath(self, game: "Game", cid: str, holder: str, face_up: bool | None) -> str:
        """A card beneath a card in play or in a feat zone (piles.KEEPS_PILE without the
        stack: a board is a moment between plays); a hand edit, so nothing is logged as play."""
        s = game.state
        if holder not in s.cards or s.cards[holder].zone.partition(":")[0] not in ("feats", "field"):
            raise CommandError(f"{game.name(holder) if holder in s.cards else holder} is not in play or in a "
                               "feat zone: only those keep a pile beneath them")
        if cid == holder or holder in self.pile(game, cid) or s.cards[holder].zone == beneath(cid):
            raise CommandError("a card can't go beneath itself")
        up = not piles.face_down(game, holder) if face_up is None else face_up
        game.move_card(cid, beneath(holder))
        s.cards[cid].revealed = up
        return f"{game.name(cid)} [{cid}] is now {'face up' if up else 'face down'} beneath {game.name(holder)} [{holder}]"

    def set_trap(self, game: "Game", player: int, space: str, on: bool) -> str:
        """A trap token kept as the runtime keeps it (traps.traps_of: a sorted list of tile
        keys in the owner's flags, one per tile and owner, G-21).  Unlike the ``trap`` verb
        it neither logs a setting nor fires the ``trap`` event: a hand edit is not play."""
        if not board.is_tile(space):
            raise CommandError(f"'{space}' is not a tile (a1..d4)")
        me = game.state.players[player]
        have = list(me.flags.get("traps", ()))
        if on:
            if space in have:
                raise CommandError(f"{space} already holds {me.name}'s trap: one trap token per player "
                                   "on a tile (G-21)")
            traps = traps_of(game, player)
            traps.append(space)
            traps.sort()
        else:
            if space not in have:
                held = ", ".join(have) if have else "none"
                raise CommandError(f"{me.name} has no trap on {space} ({me.name}'s traps: {held})")
            traps_of(game, player).remove(space)
            if not me.flags["traps"]:
                del me.flags["traps"]       # as before the first trap: a put-and-take edit leaves no trace
        now = ", ".join(me.flags.get("traps", ())) or "none"
        return f"{me.name}: trap {'set on' if on else 'taken off'} {space} (traps: {now})"

    def phases(self) -> tuple[str, ...]:
        return ("main", "start", "end")

    def scenario_options(self, phase: str = "") -> dict[str, Any]:
        """A board at a turn's start is set before turn 1 has started (``hold``): its
        ``turn PLAYER start`` line then runs that start once, on the board."""
        return {"hold": True} if phase == "start" else {}

    def set_turn(self, game: "Game", player: int, phase: str, number: int = 0) -> str:
        """``turn bob main``: bob's turn at that phase; ``start`` begins a turn (draw, 3
        actions, 1 initiative: IV-TURN-3).  A game held before its first turn (a scenario
        whose board is at a turn's start) takes its turn frame here.  ``number`` is the turn
        the count shows; when the turn that starts is turn 1, the player starting it goes
        first and skips that draw, and the other player will draw on theirs (001 § Learn to
        Play > How to Play > Start, "Exception"; 000 § Parts of a Turn > Start of Turn 1)."""
        s = game.state
        if phase not in self.phases():
            raise CommandError(f"unknown phase '{phase}' (known: {', '.join(self.phases())})")
        held = not s.agenda and not s.over
        if s.stack or not held and (len(s.agenda) != 1 or s.agenda[0].kind != "turn"):
            raise CommandError("whose turn it is can only change while nothing is being played or resolved")
        if held:
            s.agenda.append(Frame("turn", {"stage": phase}))
        s.active = player
        s.agenda[0].data["stage"] = phase
        s.phase = phase
        s.pending = None
        if phase != "start":
            s.turn = number or max(s.turn, 1)
            return f"it is {s.players[player].name}'s turn, {phase} phase" + (f" (turn {number})" if number else "")
        if number:
            s.turn = number - 1             # the start stage counts the turn that begins
        if number or held:
            for p in s.players:             # only turn 1's first player skips the draw
                p.flags["skip_draw"] = s.turn == 0 and p.index == player
        first = s.turn == 0
        draw = "no draw: the first player's first turn" if first else "draw"
        return (f"it is {s.players[player].name}'s turn, start phase: turn {s.turn + 1} starts "
                f"({draw}, 3 actions, 1 initiative)")

    # ---- stepping --------------------------------------------------------------------
    def is_step_boundary(self, frame: Frame, game: "Game | None" = None) -> bool:
        return frame.kind == "resolve_item" and frame.data.get("stage") == "start"

    def next_to_resolve(self, game: "Game") -> str:
        agenda = game.state.agenda
        if agenda and agenda[-1].kind == "resolve_item":
            item = find_item(game, agenda[-1].data["item"])
            if item is not None:
                return f"{game.name(item.card)} ({game.state.players[item.controller].name})"
        return ""

    # ---- reading ---------------------------------------------------------------------
    def option_aliases(self, game: "Game", action: Action) -> list[str]:
        k = action.kind
        if k in TILE_ACTIONS:
            # Tile keys ('c1') look like card ids: never read these arguments as cards.
            args = list(action.args)
            out = [" ".join([k, *map(str, args)])]
        else:
            out = super().option_aliases(game, action)
            args = [game.state.cards[a].name if isinstance(a, str) and a in game.state.cards else
                    self.describe_ref(game, a) if isinstance(a, str) else a for a in action.args]
        if k == "respond":
            out += [f"play {args[0]}", f"respond with {args[0]}"]
        elif k == "pass":
            out += ["pass", "no"]
        elif k == "end":
            out += ["end", "end turn"]
        elif k in ("move", "tile"):
            out += [f"move to {args[0]}", f"move {args[0]}", str(args[0])]
        elif k == "initiative_move":
            out += [f"initiative move {args[0]}", f"imove {args[0]}"]
        elif k == "initiative_draw":
            out += ["draw", "initiative draw"]
        elif k == "activate":
            out += [f"activate {args[0]}"]        # a feat's MAIN ability (runtime/ivion/activated.py)
        elif k == "clear":
            word = str(args[0]).rstrip("s")
            out += [f"spend {word}", f"spend 1 {word}"]
        elif k == "target":
            out += [str(args[0])]
        elif k == "remove":
            out += [str(args[0]), f"remove {args[0]}"]
        elif k == "unleash":
            out += ["unleash" if args[0] else "don't unleash", "yes" if args[0] else "no"]
        elif k == "may":
            out += ["yes" if args[0] else "no"]
        elif k == "flip_luck":
            out += ["flip", "flip luck"]
        elif k == "pay":
            out += ["no", "don't pay"] if not args else [f"pay {args[0]} {args[1]}"]
        elif k == "keep":
            out += ["keep " + " + ".join(str(a) for a in args)]
        elif k == "choose":
            out += [str(args[0])]
        elif k == "mode":
            out += [f"option {int(action.args[0]) + 1}", f"mode {int(action.args[0]) + 1}"]
        return out

    def typed_action(self, game: "Game", player: int, words: list[str]) -> Action | None:
        """``move TILE`` and ``initiative move TILE`` (the rules explain a refused move: slowed,
        a card's "can't"), and a tile typed while a target or a travel's destination is asked,
        though it is not an option (an opponent stands in it): the action, so the rules can
        say why."""
        if len(words) >= 2 and words[0].casefold() in ("move", "initiative"):
            kind = "initiative_move" if words[0].casefold() == "initiative" else "move"
            return Action(kind, (words[-1],))
        pending = game.state.pending
        tile = words[-1].lower() if words else ""
        if pending is None or not board.is_tile(tile):
            return None
        if pending.kind == "target":
            return Action("target", ("tile:" + tile,))
        if pending.kind == "travel":
            return Action("tile", (tile,))
        return None

    def card_summary(self, game: "Game", cid: str) -> str:
        card = game.state.cards[cid]
        h: IvionHeader = game.cdef(cid).header
        return f"{card.name} ({header_short(h)})"

    def why(self, game: "Game", player: int, cid: str) -> str:
        pending = game.pending
        response = bool(pending and pending.kind == "respond" and pending.player == player)
        name = game.name(cid)
        reason = why_cant_play(game, player, cid, response=response)
        who = game.state.players[player].name
        if reason:
            if "banner" in reason:
                # Control is checked first; say too when the card would also lack a target.
                ok, more = target_plan_exists(game, player, cid)
                if not ok:
                    reason += f"; and {more}"
            return f"{name} can't be played by {who} now: {reason}"
        how = "in response" if response else "now"
        cantrip = ""
        if alternative_cost(game.cdef(cid)) and not why_cant_play(game, player, cid, cantrip=True):
            cantrip = " (also with cantrip, expending initiative)"
        return f"{name} can be played by {who} {how}{cantrip}"

    def _control(self, stats: dict[str, int]) -> str:
        parts = [f"{k} {stats.get(k, 0)}" for k in CONTROL_KINDS if stats.get(k, 0)]
        return ", ".join(parts) or "none"

    def _tokens(self, game: "Game", player: int) -> str:
        """Poison, Luck and traps set (G-21), shown only when a hero has some."""
        st = game.state.players[player].stats
        parts = [f"{word} {st[k]}" for k, word in (("poison", "Poison"), ("luck", "Luck")) if st.get(k)]
        traps = game.state.players[player].flags.get("traps")
        if traps:
            parts.append("traps " + ",".join(traps))
        return "".join("  " + p for p in parts)

    def render_player(self, game: "Game", player: int, *, full: bool = False) -> str:
        s = game.state
        p = s.players[player]
        st = p.stats
        sizes = "  ".join(f"{k} {len(s.zones.get(zone(k, player), ()))}" for k in ("hand", "deck", "discard"))
        mark = ">" if s.active == player else " "
        line = (f"{mark} {p.name:<8} {p.position or '--':<3} HP {st.get('hp', 0)}/{st.get('max_hp', 0)}"
                f"  actions {st.get('actions', 0)}  power {st.get('power', 0)}"
                f"  initiative {st.get('initiative', 0)}  mitigate {st.get('mitigate', 0)}"
                f"  Control: {self._control(st)}{self._tokens(game, player)}  {sizes}")
        lines = [line]
        on_me = attached_to(game, f"player:{player}")
        if on_me:
            lines.append("    attached: " + ", ".join(self._attached_label(game, c) for c in on_me))
        if full:
            flags = []
            if p.flags.get("chivalrous"):
                flags.append("chivalrous")
            if p.flags.get("second_wind_used"):
                flags.append("second wind used")
            lines.append("    flags: " + (", ".join(flags) or "none"))
            feats = s.zones.get(zone("feats", player), ())
            lines.append("    feats: " + (", ".join(
                s.cards[c].name + (" (used)" if s.used.get(f"feat:{c}") else "")
                + (f" ({charges_left(game, c)} charges)" if charged(game, c) else "") for c in feats) or "none"))
            discard = s.zones.get(zone("discard", player), ())
            lines.append("    discard: " + (", ".join(s.cards[c].name for c in discard) or "empty"))
            removed = s.zones.get(zone("removed", player), ())
            if removed:
                lines.append("    removed: " + ", ".join(s.cards[c].name for c in removed))
        return "\n".join(lines)

    def _attached_label(self, game: "Game", cid: str) -> str:
        card = game.state.cards[cid]
        extra = []
        if card.counters.get("duration"):
            extra.append(f"{card.counters['duration']} turns")
        if card.counters.get("until_end_of_turn"):
            extra.append("until end of turn")
        owner = game.state.players[card.controller].name
        return f"{card.name} ({owner}{', ' + ', '.join(extra) if extra else ''})"

    def render_board(self, game: "Game") -> str:
        s = game.state
        rule = "   +" + "+".join("-" * CELL for _ in range(board.SIZE)) + "+"
        out = ["    " + "".join(f"{c:<{CELL + 1}}" for c in board.COLS), rule]
        for row in range(board.SIZE - 1, -1, -1):
            cells = []
            for col in range(board.SIZE):
                key = board.key(col, row)
                space = s.board.spaces[key]
                heroes = " ".join(s.players[i].name for i in occupant(game, key))
                attached = ", ".join(s.cards[c].name for c in space.cards)
                terrain = {"difficult": "~difficult~", "enchanted": "*enchanted*"}.get(space.terrain, "")
                trappers = [p.name for p in s.players if key in p.flags.get("traps", ())]
                if trappers:
                    terrain = " ".join(filter(None, [terrain, "^trap " + ",".join(trappers)]))
                cells.append([heroes, terrain, attached])
            for k in range(3):
                prefix = f" {row + 1} |" if k == 0 else "   |"
                out.append(prefix + "|".join(f"{c[k][:CELL]:<{CELL}}" for c in cells) + "|")
            out.append(rule)
        return self.with_players(game, out)

    def status_line(self, game: "Game") -> str:
        s = game.state
        if s.over:
            return f"game over: {s.result}"
        return (f"turn {s.turn} · {s.players[s.active].name}'s turn · {s.phase or '-'} phase"
                f" · ruleset {s.ruleset}")
