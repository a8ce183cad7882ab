"""The turn: Start, Main, End (001 § How to Play; 000 § Parts of a Turn).

One ``turn`` frame sits at the bottom of the agenda for the whole game and walks through
the stages; everything else (playing a card, a response window, Second Wind) is pushed on
top of it and runs to completion before the turn moves on.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, ClassVar, Final, NamedTuple

from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import Str, record
from cardsmith.runtime.core.state import Action, Frame

from . import activated, board
from .attach import detach
from .chivalry import check_left_near
from .hardcast import hidden_hardcast
from .hp import heal
from .leave_play import send_home
from .permissions import applying, may, value_args
from .playable import PlayCheck
from .players import controlled, player_ref, zone
from .poison import poison_timing
from .resources import NO_INITIATIVE, gain, spend
from .turn_record import interrupted
from .zones import draw

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

HAND_LIMIT: Final = 7
CHIVALRY_HEAL: Final = 2
#: ``state.used`` marks that last until the end of the turn
TURN_MARKS: Final = ("turn:", "turn_")


def move_cost(game: "Game", player: int, tile: str) -> int:
    """One action, one more resource into difficult terrain (000 § Additional Rules >
    Terrain; IV-MOVE-4, G-15)."""
    return 1 + (game.state.board.spaces[tile].terrain == "difficult")


def hand_limit(game: "Game", player: int) -> int:
    """7 (001 § Learn to Play > How to Play > End; IV-HAND-1), or the option ``hand_limit``;
    a card's ``static max_hand = N`` sets it for the player it affects."""
    limit = int(game.state.options.get("hand_limit", HAND_LIMIT))
    for _, ab in applying(game, "max_hand", player):
        nums = value_args(ab.args)
        if nums:
            limit = nums[0]
    return limit


def can_move(game: "Game", player: int) -> bool:
    """Slowed heroes can't move (001 § Core Concepts > Control; IV-MOVE-2); a card's
    ``can_move`` beats that rule and a card's ``cant_move`` beats both (IV-GOLD-1/2)."""
    slowed = game.state.players[player].stats.get("slow", 0) > 0
    return may(game, player, "move", not slowed)


def move_targets(game: "Game", player: int) -> list[str]:
    """Adjacent tiles without an enemy in them (001 § Main; 000 § Occupied Tiles)."""
    players = game.state.players
    p = players[player]
    if not p.position:
        return []
    # plain loops, not comprehensions: every listing asks, of two heroes and four tiles
    team = p.team
    enemy_tiles = []
    for q in players:
        if q.team != team:
            enemy_tiles.append(q.position)
    out = []
    for t in board.neighbours(p.position):
        if t not in enemy_tiles:
            out.append(t)
    return out


class TileMoves(NamedTuple):
    """The ways into one tile (001 § Main; 000 § Additional Rules > Terrain; G-15)."""
    step: Action                   # 1 action
    initiative: Action             # expend initiative
    hard_step: Action              # difficult terrain: 2 actions
    hard_step_power: Action        # difficult terrain: 1 action + 1 power
    hard_initiative: Action        # difficult terrain: initiative + 1 action
    hard_initiative_power: Action  # difficult terrain: initiative + 1 power


def _tile_moves(t: str) -> TileMoves:
    return TileMoves(
        Action("move", (t,), f"move to {t} (1 action)"),
        Action("initiative_move", (t,), f"expend initiative: move to {t}"),
        Action("move", (t,), f"move to {t} (2 actions)"),
        Action("move", (t, "power"), f"move to {t} (1 action + 1 power, difficult terrain)"),
        Action("initiative_move", (t,), f"expend initiative: move to {t} (+1 action, difficult terrain)"),
        Action("initiative_move", (t, "power"), f"expend initiative: move to {t} (+1 power, difficult terrain)"))


# Options that are the same values at every listing are made once: an action is a value
# that nothing changes, and a listing is built at every main-phase decision.
MOVES: Final = {t: _tile_moves(t) for t in board.TILES}
INITIATIVE_DRAW: Final = Action("initiative_draw", (), "expend initiative: draw a card")
CLEAR: Final = {stat: Action("clear", (stat,), f"spend 1 {stat.rstrip('s')} to remove 1 Control")
                for stat in ("actions", "power")}
END_TURN: Final = Action("end", (), "end the turn")


@lru_cache(maxsize=4096)
def play_option(cid: str, name: str) -> Action:
    """"play NAME" for one card: the same value at every listing while the card is in hand
    (keyed by name too, since a later game gives the id to another card)."""
    return Action("play", (cid,), f"play {name}")


def main_options(game: "Game", player: int) -> list[Action]:
    state = game.state
    p = state.players[player]
    if p.flags.get("must_end_turn"):
        return [END_TURN]               # "end your turn": the next core action (IV-TURN-8)
    opts: list[Action] = []
    seen: set[str] = set()
    check = PlayCheck(game, player)
    cards = state.cards
    facts, ruled_out, judge, hand = check.facts, check.ruled_out, check.judge, check.hand
    for zone_key in (hand, check.feats):
        for cid in state.zones.get(zone_key, ()):
            card = cards[cid]
            name = card.name
            # Copies of one card in hand are one choice: the same play, whichever copy.
            if name in seen and zone_key == hand:
                continue
            seen.add(name)
            cdef, info = facts[name]
            if not ruled_out(info, cid) and judge(card, cdef, info) is None:
                opts.append(play_option(cid, name))
            if info.cantrip and judge(card, cdef, info, cantrip=True) is None:
                opts.append(Action("cantrip", (cid,), f"cantrip {name} (expend initiative)"))
            if info.activated:
                opts.extend(activated.options(game, player, cid, info.activated))
    if can_move(game, player):
        acts, power, init = p.stats.get("actions", 0), p.stats.get("power", 0), p.stats.get("initiative", 0)
        for t in move_targets(game, player):
            moves = MOVES[t]
            if move_cost(game, player, t) == 1:
                if acts >= 1:
                    opts.append(moves.step)
                if init >= 1:
                    opts.append(moves.initiative)
                continue
            if acts >= 2:
                opts.append(moves.hard_step)
            if acts >= 1 and power >= 1:
                opts.append(moves.hard_step_power)
            if init >= 1 and acts >= 1:
                opts.append(moves.hard_initiative)
            if init >= 1 and power >= 1:
                opts.append(moves.hard_initiative_power)
    if p.stats.get("initiative", 0) >= 1:
        opts.append(INITIATIVE_DRAW)
    if controlled(game, player):
        for stat in ("actions", "power"):
            if p.stats.get(stat, 0) > 0:
                opts.append(CLEAR[stat])
    opts.append(END_TURN)
    return opts


def enter_tile(game: "Game", player: int, tile: str, cause: str, *, moved: bool, by: int = -1) -> None:
    """Leave one tile and enter another: moving or traveling (001 § Traveling)."""
    p = game.state.players[player]
    old = p.position
    p.position = tile
    game.log("move" if moved else "travel",
             f"{p.name} {'moves' if moved else 'travels'} {old} -> {tile}", cause, player)
    space = game.state.board.spaces[tile]
    if space.terrain == "enchanted":
        space.terrain = ""
        gain(game, player, "power", 1, "enchanted terrain")
    check_left_near(game, player, old, tile, player if by < 0 else by)
    # A move and a travel both leave and enter tiles; only a move is a move
    # (001 § Rules Reference > Additional Rules > Traveling; IV-TRAV-1, IV-MOVE-5).
    game.emit("move" if moved else "travel", who=player, tile=tile, origin=old,
              bind={"them": player_ref(player)})
    game.emit("enter", who=player, tile=tile, bind={"them": player_ref(player)})


class TurnFrame(FrameHandler):
    kind: ClassVar = "turn"

    #: stage name -> its method (filled in below the class): a turn runs seven stages
    stages: ClassVar[dict[str, Callable[["TurnFrame", "Game", Frame], None]]] = {}

    def run(self, game: "Game", frame: Frame) -> None:
        self.stages[frame.data["stage"]](self, game, frame)

    def stage_start(self, game: "Game", frame: Frame) -> None:
        state = game.state
        state.turn += 1
        state.phase = "start"
        me = state.active
        p = state.players[me]
        # This turn's marks go, and the "once per turn" marks of this player's feats.
        feats = state.zones.get(zone("feats", me), ())
        for key in [k for k in state.used
                    if k.startswith(TURN_MARKS) or (k.startswith("feat:") and k[5:] in feats)]:
            del state.used[key]
        game.log("turn", f"--- turn {state.turn}: {p.name} ---", player=me)
        p.flags["turns_taken"] = p.flags.get("turns_taken", 0) + 1     # "your first turn"
        if p.stats.get("mitigate", 0):
            game.log("mitigate", f"{p.name}'s {p.stats['mitigate']} mitigate lapses", "start of turn", me)
            p.stats["mitigate"] = 0
        if p.flags.pop("skip_draw", False):
            game.log("draw", f"{p.name} goes first and skips the first draw", "001 § Start", me)
        else:
            draw(game, me, 1, "start of turn")
            if state.over:          # an exhausted draw can end the game: nothing follows it
                return
        gain(game, me, "actions", 3, "start of turn")
        denied = p.flags.pop(NO_INITIATIVE, "")
        if denied:      # Elfshot: the target's next turn starts without its initiative
            game.log("initiative", f"{p.name} gains no initiative this turn", denied, me)
        else:
            gain(game, me, "initiative", 1, "start of turn")
        if p.flags.get("chivalrous"):
            heal(game, me, CHIVALRY_HEAL, "chivalry")
        frame.data["stage"] = "durations"
        game.emit("turn_start", who=me)
        poison_timing(game, me, "start")        # G-21: option poison_triggers

    def stage_durations(self, game: "Game", frame: Frame) -> None:
        """After the start-of-turn effects (a Duration card's effect among them), each card
        the active player controls loses a Duration token; with none left it goes to its
        owner's discard (000 § Additional Rules > Maximum of 5; G-6)."""
        state = game.state
        frame.data["stage"] = "main"
        for cid in list(state.zones.get("field", ())):
            card = state.cards[cid]
            if card.controller != state.active or not card.counters.get("duration"):
                continue
            card.counters["duration"] -= 1
            left = card.counters["duration"]
            game.log("duration", f"{card.name} has {left} Duration left", "start of turn", card.controller)
            if left <= 0:
                game.log("expire", f"{card.name} leaves: its Duration ran out", card.name, card.controller)
                detach(game, cid)
                send_home(game, cid)

    def stage_main(self, game: "Game", frame: Frame) -> None:
        state = game.state
        state.phase = "main"
        me = state.active
        game.ask(me, "main", f"{state.players[me].name}'s turn: play, move, expend initiative, remove Control or end",
                 main_options(game, me))

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        state = game.state
        me = state.active
        p = state.players[me]
        kind = action.kind
        if kind == "end":
            frame.data["stage"] = "end"
        elif kind == "play":
            game.push("play", card=action.args[0], ctl=me, response=False)
        elif kind == "cantrip":
            game.push("play", card=action.args[0], ctl=me, response=False, cantrip=True)
        else:
            # a core action: no card after it is "immediately after" a precise attack (Trick Shot)
            interrupted(p)
            if kind == "activate":
                activated.activate(game, me, action.args[0], action.args[1])
            elif kind == "move":
                tile = action.args[0]
                cost = move_cost(game, me, tile)
                if len(action.args) > 1:
                    spend(game, me, {"actions": cost - 1, "power": 1}, "move into difficult terrain")
                else:
                    spend(game, me, {"actions": cost}, "move")
                enter_tile(game, me, tile, "move", moved=True)
            elif kind == "initiative_move":
                # Initiative is not a resource: expending it removes no Control (IV-INIT-5);
                # the difficult-terrain extra is a resource, spent (G-15).
                tile = action.args[0]
                p.stats["initiative"] -= 1
                extra = move_cost(game, me, tile) - 1
                if extra:
                    spend(game, me, {"power" if len(action.args) > 1 else "actions": extra}, "difficult terrain")
                enter_tile(game, me, tile, "initiative", moved=True)
            elif kind == "initiative_draw":
                p.stats["initiative"] -= 1
                draw(game, me, 1, "initiative")
            elif kind == "clear":
                spend(game, me, {action.args[0]: 1}, "removing Control")

    def stage_end(self, game: "Game", frame: Frame) -> None:
        state = game.state
        state.phase = "end"
        frame.data["stage"] = "hardcast"
        state.players[state.active].flags.pop("must_end_turn", None)
        game.emit("turn_end", who=state.active)
        # G-21: Poison triggers at the end of the poisoned hero's turn (Dukebane), after
        # the end-of-turn triggers; option poison_triggers moves it.
        poison_timing(game, state.active, "end")

    def stage_hardcast(self, game: "Game", frame: Frame) -> None:
        """After the end-of-turn effects: "you may reveal one card with Hardcast"
        (rulings.md; ``hardcast``)."""
        frame.data["stage"] = "hand_limit"
        if hidden_hardcast(game, game.state.active):
            game.push("hardcast_reveal", player=game.state.active)

    def stage_hand_limit(self, game: "Game", frame: Frame) -> None:
        me = game.state.active
        frame.data["stage"] = "cleanup"
        limit = hand_limit(game, me)
        if len(game.state.zones[zone("hand", me)]) > limit:
            game.push("discard_down", player=me, limit=limit)

    def stage_cleanup(self, game: "Game", frame: Frame) -> None:
        state = game.state
        me = state.active
        for cid in list(state.zones.get("field", ())):
            card = state.cards[cid]
            if card.counters.get("until_end_of_turn") and card.controller == me:
                game.log("expire", f"{card.name} leaves: it lasted until end of turn", card.name)
                detach(game, cid)
                send_home(game, cid)
        if state.players[me].stats.get("initiative", 0):
            state.players[me].stats["initiative"] = 0
            game.log("initiative", f"{state.players[me].name}'s unexpended initiative is lost", "end of turn", me)
        alive = [p.index for p in state.players if not p.flags.get("defeated")]
        state.active = alive[(alive.index(me) + 1) % len(alive)] if me in alive else alive[0]
        frame.data["stage"] = "start"


TurnFrame.stages = {name[len("stage_"):]: fn for name, fn in vars(TurnFrame).items()
                    if name.startswith("stage_")}
TurnFrame.fields = record(stage=Str(*TurnFrame.stages))
