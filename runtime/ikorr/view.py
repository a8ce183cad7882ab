"""The REPL's view of Rush of Ikorr: each seat's avatar, champions (slot, attack/health,
damage, stored Ikorr, stun), location, influence exerted and ready, hand and deck counts;
each team's secured Ikorr against its target; the queue.

    new ikorr format 2v2 seed 3
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.effects import Activated
from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.priority import open_window
from cardsmith.runtime.core.state import Action, Frame
from cardsmith.runtime.core.teams import across, keep_sides, members, seat_index
from cardsmith.runtime.core.view import GameView
from cardsmith.runtime.ikorr import battlefield as bf
from cardsmith.runtime.ikorr.actions import why_cant_play
from cardsmith.runtime.ikorr.decks import INFLUENCE_NAME, ensure_infused
from cardsmith.runtime.ikorr.zones import (DEFAULT_NAMES, FORMATS, MAX_CHAMPIONS, PLAYER_ZONES, IkorrState, ready_influence,
                                           zone)

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class IkorrView(GameView):
    stats = {"exerted": "exerted"}
    zone_kinds = PLAYER_ZONES
    step_frames = frozenset({"resolve_item", "battle"})
    quiet_decisions = frozenset({"priority"})
    option_examples = ("`2` (an option's number), `play Great Pyramid`, `attack`, `raid`, `activate`,\n"
                       "  `pass`, `choose bob`, `keep`, `first`")
    option_words = frozenset({"play", "attack", "raid", "support", "activate", "pass", "choose",
                              "target", "done", "slot", "keep", "back", "first", "second", "may",
                              "order", "yes", "no", "mode", "action", "power", "rush", "discard"})
    answer_words = frozenset({"choose", "target", "done", "slot", "keep", "back", "first", "second", "may",
                              "order", "yes", "no", "mode"})

    player_values = ("secured", "ready", "exerted")
    board_values = ("secured",)          # ready and exerted: the Influence Zone and the stat
    card_values = ("damage", "ikorr", "slot")
    card_stats = ("attack", "health")      # with passives: Troublesome Tanuki's +1 (004 § Passive)
    value_zones = ("champions", "location")
    #: Rush of Ikorr's words in the shared commands' help (``help set``, ``help put``)
    help_notes = {
        "set": "Rush of Ikorr: `set PLAYER secured N` (the team's secured Ikorr, below its target), "
               "`set PLAYER ready N` and `set PLAYER exerted N` (the Influence Zone, 10 at most), and on a "
               "champion or location given by name or id `set CARD damage N` (below its health), "
               "`set CARD ikorr N` (stored Ikorr), `set CARD slot N` (1-6).",
        "put": "Rush of Ikorr: a card's values may follow (`put \"Scarab Swarm\" into bob champions damage 2 "
               "ikorr 1 slot 3`).",
        "turn": "Rush of Ikorr: `turn alice action` (also from the setup: the avatars are revealed).",
    }
    help_examples = {"set": ("set alice secured 7", "set \"Scarab Swarm\" damage 2"),
                     "put": ("put \"Scarab Swarm\" into bob champions slot 3",),
                     "turn": ("turn alice action",)}

    # ---- setting up ----------------------------------------------------------------
    def saved_options(self, state: Any) -> dict[str, Any]:
        """The format unless 1v1, and the engine switches the game was started with."""
        out: dict[str, Any] = {}
        if state.fmt != "1v1":
            out["format"] = state.fmt
        for key, value in state.options.items():
            if key == "first" and value is not None:
                out[key] = int(value)
            elif key in ("mulligan", "choose_slots", "auto_pass"):
                out[key] = "true" if value else "false"
        return out

    def player_value(self, game: "Game", player: int, key: str) -> int:
        s: IkorrState = game.state  # type: ignore[assignment]
        if key == "secured":
            return s.secured[s.players[player].team]
        if key == "ready":
            return ready_influence(game, player)
        if key == "exerted":
            return s.players[player].stats.get("exerted", 0)
        return super().player_value(game, player, key)

    def set_player_value(self, game: "Game", player: int, key: str, value: int) -> str:
        """``secured`` is the team's pile (below the target: reaching it would end the game);
        ``exerted`` and ``ready`` split the Influence Zone, which holds 10 at most (004 §
        Turn Phases 1b): ``ready`` takes influence cards from the Influence Deck (or makes
        them when it is empty) or puts them back on its bottom."""
        s: IkorrState = game.state  # type: ignore[assignment]
        p = s.players[player]
        if key == "secured":
            team = p.team
            if value >= s.target:
                raise CommandError(f"secured Ikorr must stay below the target of {s.target}"
                                   " (reaching it ends the game: play the Ikorr in instead)")
            old, s.secured[team] = s.secured[team], value
            return f"team {team + 1}: secured Ikorr {old} -> {value}"
        here = zone("influence", player)
        total = len(s.zones[here])
        if key == "exerted":
            if value > total:
                raise CommandError(f"{p.name} has only {total} influence cards to exert")
            old = p.stats.get("exerted", 0)
            p.stats["exerted"] = value
            return f"{p.name}: exerted influence {old} -> {value} ({total - value} ready)"
        if key == "ready":
            old = ready_influence(game, player)
            want = p.stats.get("exerted", 0) + value
            if want > 10:
                raise CommandError(f"the Influence Zone holds 10 at most; {p.name} has "
                                   f"{p.stats.get('exerted', 0)} exerted")
            pile = zone("influence_deck", player)
            while len(s.zones[here]) < want:
                if s.zones[pile]:
                    game.move_card(s.zones[pile][0], here)
                else:
                    game.create_card(INFLUENCE_NAME, player, here)
            while len(s.zones[here]) > want:
                game.move_card(s.zones[here][-1], pile)
            return f"{p.name}: ready influence {old} -> {value} ({want} in the Influence Zone)"
        return super().set_player_value(game, player, key, value)

    def after_put(self, game: "Game", cid: str) -> None:
        """A champion put on the battlefield by hand takes the first free slot, as summoning
        does (it keeps its slot if it has one there already)."""
        card = game.state.cards[cid]
        if not card.zone.startswith("champions:"):
            card.counters.pop("slot", None)
            return
        taken = {game.state.cards[c].counters.get("slot") for c in game.state.zones[card.zone] if c != cid}
        if card.counters.get("slot") in taken or "slot" not in card.counters:
            free = [s for s in range(MAX_CHAMPIONS) if s not in taken]
            card.counters["slot"] = free[0] if free else 0

    def card_value(self, game: "Game", cid: str, key: str) -> int:
        c = game.state.cards[cid].counters
        return c.get(key, 0) + (1 if key == "slot" and "slot" in c else 0)

    def card_stat(self, game: "Game", cid: str, key: str) -> int | None:
        """A champion's attack (its passive bonuses counted) or health; None for a card
        that is no champion (a spell, a location)."""
        if game.cdef(cid).header.kind != "champion":
            return None
        return bf.attack_of(game, cid) if key == "attack" else bf.health_of(game, cid)

    def set_card_value(self, game: "Game", cid: str, key: str, value: int) -> str:
        """A champion's ``damage`` (below its health: a hand edit kills nobody) and ``slot``
        (1-6, free); a champion's or location's stored ``ikorr``."""
        s: IkorrState = game.state  # type: ignore[assignment]
        card = s.cards[cid]
        kind = card.zone.partition(":")[0]
        if kind not in self.value_zones:
            raise CommandError(f"{card.name} is not on the battlefield (its {key} can't be set)")
        if key in ("damage", "slot") and kind != "champions":
            raise CommandError(f"only champions have {key}")
        if key == "damage":
            health = bf.health_of(game, cid)
            if value >= health:
                raise CommandError(f"{card.name} has {health} health: damage must stay below it")
            old = card.counters.get("damage", 0)
            card.counters["damage"] = value
            return f"{card.name} ({cid}): damage {old} -> {value}"
        if key == "ikorr":
            old = card.counters.get("ikorr", 0)
            card.counters["ikorr"] = value
            return f"{card.name} ({cid}): stored Ikorr {old} -> {value}"
        if key == "slot":
            if not 1 <= value <= MAX_CHAMPIONS:
                raise CommandError(f"slots are 1 to {MAX_CHAMPIONS}")
            for other in s.zones[card.zone]:
                if other != cid and s.cards[other].counters.get("slot") == value - 1:
                    raise CommandError(f"slot {value} holds {s.cards[other].name} ({other})")
            old = card.counters.get("slot", 0) + 1
            card.counters["slot"] = value - 1
            return f"{card.name} ({cid}): slot {old} -> {value}"
        return super().set_card_value(game, cid, key, value)

    def default_options(self) -> dict[str, Any]:
        return {"format": "1v1"}

    def extend_library(self, library: Any) -> None:
        """Every champion with each infusion its allowance admits (``put "Ikorr Courier with
        Contemplate Impermanence" into bob champions``), 004 § Infusions."""
        cards = [library.get(n) for n in library.names("ikorr")]
        champs = [c for c in cards if c.header.kind == "champion" and not getattr(c.header, "infusion", "")
                  and (c.header.allowance or 0) > 0]
        infusions = [c for c in cards if c.header.kind == "infusion"]
        ensure_infused(library, [(c.name, i.name) for c in champs for i in infusions
                                 if (i.header.requirement or 0) <= c.header.allowance])

    def seat_names(self, named: list[str], options: dict[str, Any]) -> list[str]:
        """Two teams of the format's seats (004 § Victory Condition: 1v1, 2v2, 3v3), team 1's
        first.  The named players sit as at the smallest table that seats them all, so a
        scenario written for a 1v1 keeps alice across from bob in a 2v2 or 3v3 (the opposing
        player directly across, 004 § Abilities that Target); the seats added take the
        default names not taken (docs/scenarios.md, "Runs")."""
        per = FORMATS.get(str(options.get("format") or "1v1"), 1)
        return keep_sides(named, sorted(FORMATS.values()), per, list(DEFAULT_NAMES))

    def first_option(self, seat: int, names: list[str], options: dict[str, Any]) -> Any:
        """A turn begins for a team: the seat's team (``option first`` takes 0 or 1)."""
        return seat // FORMATS.get(str(options.get("format") or "1v1"), 1)

    def new_option(self, key: str, words: list[str]) -> tuple[dict[str, Any], list[str]] | None:
        """``new ikorr format 2v2``."""
        if key == "format":
            if not words or words[0] not in FORMATS:
                raise CommandError(f"format takes {', '.join(FORMATS)}")
            return {"format": words[0]}, words[1:]
        return None

    def option_aliases(self, game: "Game", action: "Action") -> list[str]:
        """Besides ``activate CARD INDEX``: ``activate CARD`` (its first ability that is an
        option), ``action CARD`` / ``power`` / ``rush``, and ``first``/``second`` for the
        first-team decision."""
        out = super().option_aliases(game, action)
        if action.kind == "activate":
            cid, index = action.args
            ab = game.cdef(cid).abilities[index]
            name = game.name(cid)
            out += [f"activate {name}", f"{ab.kind} {name}", ab.kind]
        elif action.kind == "first":
            decider = game.pending.player if game.pending is not None else game.state.active
            out.append("first" if action.args[0] == game.state.players[decider].team else "second")
        return out

    def phases(self) -> tuple[str, ...]:
        return ("action", "start", "end")

    def set_turn(self, game: "Game", player: int, phase: str, number: int = 0) -> str:
        """``turn bob action``: bob's team takes the turn at that phase (``start`` runs the
        Secure, Influence and Draw steps of a new turn).  Only between actions: not while
        something waits on the queue or resolves.  From the setup (a scenario's board, or a
        saved one that starts mid-game), the setup ends here: the avatars are revealed and
        the action or end phase is the first turn's.  ``number``: the turn the count shows
        (at ``start``, the one that begins: turn 1 skips its Draw Phase, 004 § Turn Phases 2)."""
        s: IkorrState = game.state  # type: ignore[assignment]
        if phase not in self.phases():
            raise CommandError(f"unknown phase '{phase}' (known: {', '.join(self.phases())})")
        kinds = [f.kind for f in s.agenda]
        if s.stack or kinds not in (["turn"], ["turn", "action_window"], ["setup"]):
            raise CommandError("whose turn it is can only change during a turn, with an empty queue")
        if kinds == ["setup"]:
            for p in s.players:
                for cid in s.zones[zone("avatar", p.index)]:
                    s.cards[cid].revealed = True
            if phase != "start":
                s.turn = max(s.turn, 1)
        if number:                  # the start phase counts the turn it begins
            s.turn = number - 1 if phase == "start" else number
        team = s.players[player].team
        s.active_team = team
        s.active = members(s, team)[0]
        s.pending = None
        if phase == "action":
            s.agenda[:] = [Frame("turn", {"stage": "end"})]
            s.phase = "action"
            order = members(s, team) + [p.index for p in s.players if p.team != team]
            open_window(game, "action_window", order, order.index(player))
        else:
            s.agenda[:] = [Frame("turn", {"stage": phase})]
        return f"it is team {team + 1}'s turn ({s.players[player].name} first), {phase} phase"

    def is_step_boundary(self, frame: "Frame", game: "Game | None" = None) -> bool:
        return frame.kind in self.step_frames and frame.data.get("stage") in ("start", "declare")

    # ---- reading -------------------------------------------------------------------
    def final_expectations(self, game: "Game") -> list[str]:
        """Secured Ikorr, influence, the battlefield with each champion's damage and stored
        Ikorr, and the graveyard's size: where a saved scenario must arrive."""
        s: IkorrState = game.state  # type: ignore[assignment]
        out = []
        for p in s.players:
            for key in self.player_values:
                out.append(f"expect {p.name}.{key} == {self.player_value(game, p.index, key)}")
            for kind in ("champions", "location"):
                ids = s.zones[zone(kind, p.index)]
                names = ", ".join('"' + s.cards[c].name.replace('"', "'") + '"' for c in ids)
                out.append(f"expect {p.name}.{kind} == [{names}]")
                for k, c in enumerate(ids, 1):
                    for key in ("damage", "ikorr"):
                        if s.cards[c].counters.get(key):
                            out.append(f"expect {p.name}.{kind}[{k}].counters.{key} == {s.cards[c].counters[key]}")
            out.append(f"expect {p.name}.graveyard.size == {len(s.zones[zone('graveyard', p.index)])}")
        out.append(f"expect turn == {s.turn}")
        return out

    def next_to_resolve(self, game: "Game") -> str:
        frame = game.state.agenda[-1] if game.state.agenda else None
        if frame is None:
            return ""
        if frame.kind == "resolve_item":
            item = next((it for it in game.state.stack if it.id == frame.data["item"]), None)
            if item is not None:
                return bf.who(game, item.card)
        if frame.kind == "battle":
            return f"the battle: {bf.who(game, frame.data['attacker'])} attacking {bf.who(game, frame.data['defender'])}"
        return ""

    def card_summary(self, game: "Game", cid: str) -> str:
        h = game.cdef(cid).header
        if h.kind == "champion":
            return f"{game.name(cid)} (champion, cost {h.cost}, {bf.attack_of(game, cid)}/{h.health}, raid {h.raid})"
        return f"{game.name(cid)} ({h.kind}{f', cost {h.cost}' if h.kind in ('location', 'spell') else ''})"

    def typed_action(self, game: "Game", player: int, words: list[str]) -> "Action | None":
        """``attack A B``, ``raid A``, ``support A B``, ``activate|action A``, ``power``,
        ``rush``: the action meant, so a refused one is explained (``why_not``).  A card is
        looked up on the player's battlefield (A) or the other players' (B)."""
        if not words:
            return None
        verb, rest = words[0].casefold(), words[1:]
        s: IkorrState = game.state  # type: ignore[assignment]

        def take(rest: list[str], mine: bool) -> tuple[str | None, list[str]]:
            if rest and rest[0] in s.cards:
                return rest[0], rest[1:]
            k = game.library.name_words(rest)
            if not k:
                return None, rest
            name = game.library.get(" ".join(rest[:k])).name
            for p in s.players:
                if (p.index == player) != mine:
                    continue
                for kind in ("champions", "location", "avatar"):
                    for cid in s.zones[zone(kind, p.index)]:
                        if s.cards[cid].name == name:
                            return cid, rest[k:]
            return None, rest[k:]

        if verb in ("attack", "support", "raid"):
            cid, rest = take(rest, True)
            if cid is None:
                return None
            if verb == "raid":
                return Action("raid", (cid,))
            other, _ = take(rest, verb == "support")
            if other is None and verb == "attack":
                other, _ = take(rest, False)
            return Action(verb, (cid, other)) if other else Action(verb, (cid,))
        kinds = {"power": "power", "rush": "rush", "action": "action", "activate": "action"}
        if verb not in kinds:
            return None
        if verb in ("power", "rush"):
            avatar = s.zones[zone("avatar", player)]
            cid = avatar[0] if avatar else None
        else:
            cid, _ = take(rest, True)
        if cid is None:
            return None
        for i, ab in enumerate(game.cdef(cid).abilities):
            if isinstance(ab, Activated) and ab.kind == kinds[verb]:
                return Action("activate", (cid, i))
        return None

    def why(self, game: "Game", player: int, cid: str) -> str:
        if cid not in game.state.cards:
            return f"no card {cid}"
        reason = why_cant_play(game, player, cid)
        who = game.state.players[player].name
        if reason:
            return f"{game.name(cid)} can't be played by {who} now: {reason}"
        return f"{game.name(cid)} can be played by {who} now"

    def _champion(self, game: "Game", cid: str) -> str:
        card = game.state.cards[cid]
        c = card.counters
        bits = [f"attack {bf.attack_of(game, cid)}, health {bf.health_of(game, cid)}"]
        if c.get("damage"):
            bits.append(f"{c['damage']} damage")
        if c.get("ikorr"):
            bits.append(f"{c['ikorr']} Ikorr")
        if bf.stunned(game, cid):
            bits.append("stunned")
        for mark in ("summoned", "attacked", "raided", "supported"):
            if bf.did(game, cid, mark):
                bits.append(mark)
        return f"slot {c.get('slot', 0) + 1}: {card.name} ({cid}), {', '.join(bits)}"

    def render_player(self, game: "Game", player: int, *, full: bool = False) -> str:
        s: IkorrState = game.state  # type: ignore[assignment]
        p = s.players[player]
        mark = ">" if s.pending is not None and s.pending.player == player else " "
        avatar = ", ".join(game.name(c) if s.cards[c].revealed else "(face down)"
                           for c in s.zones[zone("avatar", player)]) or "no avatar"
        total = len(s.zones[zone("influence", player)])
        facing = ", ".join(s.players[o].name for o in across(s, player))
        seat = f"seat {seat_index(p) + 1}" + (f", facing {facing}" if facing else "")
        lines = [f"{mark} {p.name} ({seat}) avatar {avatar} · influence {ready_influence(game, player)} "
                 f"ready / {p.stats.get('exerted', 0)} exerted (of {total}) · hand {len(s.zones[zone('hand', player)])}"
                 f" · deck {len(s.zones[zone('deck', player)])} · graveyard {len(s.zones[zone('graveyard', player)])}"
                 f" · void {len(s.zones[zone('void', player)])}"]
        champs = sorted(s.zones[zone("champions", player)], key=lambda c: s.cards[c].counters.get("slot", 0))
        lines.append("    champions: " + ("; ".join(self._champion(game, c) for c in champs) or "none"))
        loc = s.zones[zone("location", player)]
        if loc:
            held = bf.counter(game, loc[0], "ikorr")
            lines.append(f"    location: {game.name(loc[0])} ({loc[0]})" + (f" {held} Ikorr" if held else ""))
        else:
            lines.append("    location: none")
        if full:
            lines.append("    hand: " + (", ".join(game.name(c) for c in s.zones[zone("hand", player)]) or "empty"))
        return "\n".join(lines)

    def render_board(self, game: "Game") -> str:
        s: IkorrState = game.state  # type: ignore[assignment]
        out = [self.status_line(game)]
        for team in range(len(s.secured)):
            turn = " (its turn)" if team == s.active_team and not s.over else ""
            out.append(f"team {team + 1}{turn}: secured Ikorr {s.secured[team]}/{s.target}")
            out.extend(self.render_player(game, p) for p in members(s, team))
        if s.stack:
            out.append("queue (newest last): " + "; ".join(
                f"{game.name(it.card)} by {s.players[it.controller].name} [{self.item_fate(game, it)}]" for it in s.stack))
        return "\n".join(out)

    def status_line(self, game: "Game") -> str:
        s: IkorrState = game.state  # type: ignore[assignment]
        if s.over:
            return f"game over: {s.result}"
        return f"Rush of Ikorr {s.fmt} · turn {s.turn} · {s.phase or 'setup'} phase · team {s.active_team + 1} to act"
