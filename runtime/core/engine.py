"""The engine loop and the one API everything drives: ``legal_actions()`` / ``apply()``.

A game is a state plus a pending decision.  ``apply`` checks the action is one of the
options, hands it to the frame that asked, then runs the agenda until somebody has to
decide again (or the game ends).  The REPL, scenario scripts, the AIs, the puzzle solver,
batch simulation and the property tests all use this same API.
"""
from __future__ import annotations

import json
import pickle
from typing import Any, Final, Iterable

from . import codec, rng
from .cards import CardLibrary
from .effects import CardDef, Replacement, Static, Trigger
from .errors import IllegalAction, LoopDetected
from .memo import per_definition
from .rules import GameRules
from .state import CARD_ID_PREFIX, Action, CardInstance, Decision, Frame, GameState, LogEntry, Player

LOOP_LIMIT: Final = 50_000
#: once the limit is passed, this many more steps are watched to see which cards repeat
LOOP_WATCH: Final = 2_000

# A snapshot is the pickled state without its log, plus the log entries themselves: log
# entries are never changed once written, so sharing them keeps snapshots small and cheap
# however long the game has run.
Snapshot = tuple[bytes, tuple[LogEntry, ...]]


class ListenerKeys(dict):
    """Event or rule name -> its listener-index key (``"static:" + rule``), each made once.

    The index is asked thousands of times a game (``any_static`` by every listing, ``emit``
    at every event); a key built on each ask is a new string to allocate, hash and free,
    where a key made once keeps its hash."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def __missing__(self, name: str) -> str:
        key = self[name] = self.prefix + name
        return key


ON, STATIC, INSTEAD = ListenerKeys("on:"), ListenerKeys("static:"), ListenerKeys("instead:")


@per_definition
def listener_keys(card: CardDef) -> tuple[str, ...]:
    """The listener-index keys a card's abilities file it under (every card move asks)."""
    keys = []
    for ab in card.abilities:
        if isinstance(ab, Trigger):
            keys.append(ON[ab.event])
        elif isinstance(ab, Static):
            keys.append(STATIC[ab.rule])
        elif isinstance(ab, Replacement):
            keys.append(INSTEAD[ab.event])
    return tuple(keys)


@per_definition
def triggers_by_event(card: CardDef) -> dict[str, tuple[tuple[int, Trigger], ...]]:
    """A card's triggered abilities by event, each with its ability index: ``emit`` looks
    up the one event's instead of walking every ability."""
    table: dict[str, list[tuple[int, Trigger]]] = {}
    for i, ab in enumerate(card.abilities):
        if isinstance(ab, Trigger):
            table.setdefault(ab.event, []).append((i, ab))
    return {event: tuple(found) for event, found in table.items()}


class Game:
    def __init__(self, rules: GameRules, state: GameState, library: CardLibrary,
                 *, history: bool = True) -> None:
        self.rules: GameRules = rules
        self.state: GameState = state
        self.library: CardLibrary = library
        self.keep_history = history
        self._undo: list[Snapshot] = []
        self._redo: list[Snapshot] = []
        self.breakpoints: set[str] = set()   # frame kinds to pause before (REPL stepping)
        self.paused: str = ""
        rules.prepare(state, library)

    # ---- construction -------------------------------------------------------------
    @classmethod
    def new(cls, rules: GameRules, library: CardLibrary, *, history: bool = True,
            **options: Any) -> "Game":
        state = rules.new_state(library, options)
        game = cls(rules, state, library, history=history)
        game.run()
        return game

    def clone(self) -> "Game":
        """An independent copy to look ahead on (the AIs, the solver): the state pickled
        without its log, and the log's entries shared, as a snapshot does (entries are never
        changed once written), so a copy late in a game costs what the position does, not
        what its history does (``benchmarks/clone_cost.py``)."""
        data, log = self._snapshot()
        state = pickle.loads(data)
        state.log = list(log)
        twin = Game(self.rules, state, self.library, history=False)
        twin.breakpoints = set(self.breakpoints)
        return twin

    # ---- the decision API ---------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return None if self.state.over else self.state.pending

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The options of the pending decision.  Given ``player``, only if that player is
        the one deciding: nobody learns another player's options (hidden information)."""
        state = self.state
        pending = state.pending
        if pending is None or state.over or self.paused:
            return []
        if player is not None and pending.player != player:
            return []
        return list(pending.options)

    # ---- what one player may see (hidden information) ------------------------------
    def log_for(self, viewer: int | None = None) -> list[LogEntry]:
        """The log as ``viewer`` sees it: private entries only reach their own player."""
        if viewer is None:
            return list(self.state.log)
        return [e for e in self.state.log if not e.private or e.player == viewer]

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        """The state as JSON-ready data, with what ``viewer`` may not see masked.

        Cards in zones the game hides from ``viewer`` (``GameRules.zone_visible``) stay
        in their zones, so counts are right, but their names read ``"?"`` and their ids are
        replaced by positional ones (``"?hand:1:0"``): a card id seen face up earlier (in a
        discard pile later shuffled away) can't be followed into a hidden hand.  Another
        player's pending options are left out, and so are private log entries.
        """
        data = codec.encode(self.state)
        if viewer is None:
            return data
        state = self.state
        hidden = {z for z in state.zones if not self.rules.zone_visible(state, z, viewer)}
        cards = data["cards"]
        for zone in hidden:
            ids = data["zones"][zone]
            for k, cid in enumerate(ids):
                card = cards.get(cid)
                if card is None or card.get("revealed"):
                    continue
                alias = f"?{zone}:{k}"
                card.update(id=alias, name="?")
                cards[alias] = cards.pop(cid)
                ids[k] = alias
        pending = data.get("pending")
        if pending is not None and pending["player"] != viewer:
            pending["options"] = []
        data["log"] = [codec.encode(e) for e in self.log_for(viewer)]
        return data

    def apply(self, action: Any) -> None:
        """Apply a legal action; raise ``IllegalAction`` (state untouched) otherwise, for
        anything else handed in too (typed ``Any`` so a compiled build checks it here, not
        at the call)."""
        state = self.state
        if state.over:
            raise IllegalAction("the game is over: " + state.result, action)
        if self.paused:
            raise IllegalAction(f"resolution is paused before '{self.paused}': step or resolve first", action)
        pending = state.pending
        if pending is None:
            raise IllegalAction(self.rules.why_not(self, action), action)
        # An AI hands back one of the very option objects, so identity is tried first, and
        # value (a typed or loaded action, compared field by field) only then.
        for option in pending.options:
            if option is action:
                break
        else:
            if action not in pending.options:
                raise IllegalAction(self.rules.why_not(self, action), action)
        # The action is legal, so nothing below should fail; when we keep history we can
        # still promise an untouched state if a handler raises, because we hold a snapshot.
        snapshot = self._snapshot() if self.keep_history else None
        try:
            state.pending = None
            frame = state.agenda[-1]
            self.rules.handlers[frame.kind].decide(self, frame, action)
            self.run()
        except BaseException:
            if snapshot is not None:
                self._restore(snapshot)
            raise
        if snapshot is not None:
            self._undo.append(snapshot)
            self._redo.clear()

    # ---- undo / redo --------------------------------------------------------------
    def _snapshot(self) -> Snapshot:
        state = self.state
        log = state.log
        state.log = []
        try:
            data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        finally:
            state.log = log
        return data, tuple(log)

    def _restore(self, snapshot: Snapshot) -> None:
        data, log = snapshot
        self.state = pickle.loads(data)
        self.state.log = list(log)

    def checkpoint(self) -> None:
        """Record the current state so a hand edit can be undone like an action."""
        if self.keep_history:
            self._undo.append(self._snapshot())
            self._redo.clear()

    def rollback(self) -> None:
        """Go back to the last checkpoint and forget it: a hand edit that failed halfway."""
        if not self._undo:
            raise IllegalAction("no checkpoint to roll back to")
        self._restore(self._undo.pop())
        self.paused = ""

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if not self._undo:
            raise IllegalAction("nothing to undo")
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        self.paused = ""

    def redo(self) -> None:
        if not self._redo:
            raise IllegalAction("nothing to redo")
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
        self.paused = ""

    # ---- saving -------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return codec.encode(self.state)

    def to_json(self) -> str:
        return json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_data(cls, rules: GameRules, library: CardLibrary, data: dict[str, Any],
                  *, history: bool = True) -> "Game":
        state = codec.decode(rules.state_class, data)
        return cls(rules, state, library, history=history)

    # ---- the loop -----------------------------------------------------------------
    def run(self, *, past_breakpoint: bool = False) -> None:
        """Run the agenda until a decision is pending, the game is over, or a breakpoint
        (``past_breakpoint``: the first frame runs even if it is one: ``resume``)."""
        state = self.state
        agenda = state.agenda           # changed in place, never replaced
        handlers = self.rules.handlers
        breakpoints = self.breakpoints
        steps = 0
        while state.pending is None and not state.over:
            if state.triggered:
                self._queue_triggers()
                continue
            if not agenda:
                return
            frame = agenda[-1]
            if breakpoints and frame.kind in breakpoints and not past_breakpoint:
                self.paused = frame.kind
                return
            past_breakpoint = False
            handlers[frame.kind].run(self, frame)
            steps += 1
            if steps > LOOP_LIMIT:
                raise LoopDetected(self._loop_report(), self._watch_loop())

    def resume(self) -> None:
        """Continue past the breakpoint the loop paused at, until the next one."""
        paused = bool(self.paused and self.state.agenda)
        self.paused = ""
        self.run(past_breakpoint=paused)

    def _watch_loop(self) -> list[str]:
        """Run a little longer, counting which cards' effects and triggers keep coming back.

        Costs nothing in a normal game: it only runs once the loop limit is passed, when the
        state is being abandoned anyway (``apply`` restores its snapshot).
        """
        state = self.state
        seen: dict[str, int] = {}

        def note(card_id: object) -> None:
            if isinstance(card_id, str) and card_id in state.cards:
                name = state.cards[card_id].name
                seen[name] = seen.get(name, 0) + 1

        try:
            for _ in range(LOOP_WATCH):
                if state.pending is not None or state.over:
                    break
                for t in state.triggered:
                    note(t.get("src"))
                if state.triggered:
                    self._queue_triggers()
                    continue
                if not state.agenda:
                    break
                frame = state.agenda[-1]
                note(frame.data.get("src"))
                note(frame.data.get("card"))
                self.rules.handlers[frame.kind].run(self, frame)
        except Exception:       # the state is already abandoned; the names so far are the answer
            pass
        return [name for name, _ in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))]

    def _loop_report(self) -> str:
        recent = [e.text for e in self.state.log[-6:]]
        return ("the game repeats without end (over %d steps with no decision); last log lines: %s"
                % (LOOP_LIMIT, " | ".join(recent)))

    # ---- services for rules and verbs --------------------------------------------
    def push(self, kind: str, **data: Any) -> Frame:
        frame = Frame(kind, data)
        self.state.agenda.append(frame)
        return frame

    def pop(self, frame: Frame) -> None:
        agenda = self.state.agenda
        if agenda and agenda[-1] is frame:
            agenda.pop()
        else:
            agenda.remove(frame)

    def ask(self, player: int, kind: str, prompt: str, options: Iterable[Action]) -> None:
        opts = list(options)
        if not opts:
            raise RuntimeError(f"decision '{kind}' with no options: {prompt}")
        self.state.pending = Decision(player, kind, prompt, opts)

    def log(self, kind: str, text: str, cause: str = "", player: int = -1,
            private: bool = False) -> None:
        state = self.state
        state.log.append(LogEntry(state.turn, kind, text, cause, player, private))

    def player(self, index: int) -> Player:
        return self.state.players[index]

    def card(self, card_id: str) -> CardInstance:
        return self.state.cards[card_id]

    def cdef(self, card_id: str) -> CardDef:
        name = self.state.cards[card_id].name
        try:
            return self.library._cards[name]
        except KeyError:            # not the definition's own spelling: the library's look-up
            return self.library.get(name)

    def name(self, card_id: str) -> str:
        return self.state.cards[card_id].name

    def random_below(self, n: int) -> int:
        self.state.rng, r = rng.below(self.state.rng, n)
        return r

    def shuffle(self, zone: str) -> None:
        self.state.rng = rng.shuffle(self.state.rng, self.state.zones[zone])

    # ---- cards and zones ----------------------------------------------------------
    def create_card(self, name: str, owner: int, zone: str, *, token: bool = False,
                    index: int | None = None) -> str:
        """Make one card and put it in ``zone`` (see ``create_cards``)."""
        return self.create_cards((name,), owner, zone, token=token, index=index)[0]

    def create_cards(self, names: Iterable[str], owner: int, zone: str, *, token: bool = False,
                     index: int | None = None) -> list[str]:
        """Make cards and put them in ``zone`` in that order, at ``index`` (None: after the
        cards there).  A whole deck at setup is one call: every name is looked up before
        anything changes (``UnknownCard``), and the zone list is extended once."""
        library = self.library
        # a deck's names are the definitions' own spelling: the plain look-up (as ``cdef``),
        # and the library's case-folding ``get`` only for a name it misses
        by_name = library._cards
        defs = [by_name.get(name) or library.get(name) for name in names]
        state = self.state
        cards = state.cards
        ids = state.new_ids(CARD_ID_PREFIX, len(defs))
        for cid, card in zip(ids, defs):
            cards[cid] = CardInstance(cid, card.name, owner, zone, token=token)
        zone_list = state.zones.setdefault(zone, [])
        if index is None:
            zone_list.extend(ids)
        else:
            zone_list[index:index] = ids
        for cid, card in zip(ids, defs):
            if listener_keys(card):         # most cards listen for nothing
                self._index_as(cid, card)
        return ids

    def move_card(self, card_id: str, zone: str, index: int | None = None) -> None:
        """Move a card to a zone (index 0 is the top of a deck; None appends)."""
        card = self.state.cards[card_id]
        old = self.state.zones.get(card.zone)
        if old is not None and card_id in old:
            old.remove(card_id)
        card.zone = zone
        zone_list = self.state.zones.setdefault(zone, [])
        if index is None:
            zone_list.append(card_id)
        else:
            zone_list.insert(index, card_id)
        card_def = self.cdef(card_id)
        if listener_keys(card_def):         # most cards listen for nothing
            self._index_as(card_id, card_def)

    def remove_card(self, card_id: str) -> None:
        card = self.state.cards.pop(card_id)
        zone = self.state.zones.get(card.zone)
        if zone is not None and card_id in zone:
            zone.remove(card_id)
        self._unindex(card_id)

    def _unindex(self, card_id: str) -> None:
        for ids in self.state.listeners.values():
            if card_id in ids:
                ids.remove(card_id)

    def _index(self, card_id: str) -> None:
        """Keep the listener index in step with where the card is (no scans at events)."""
        self._index_as(card_id, self.cdef(card_id))

    def _index_as(self, card_id: str, card: CardDef) -> None:
        """``_index`` for a card whose definition the caller holds."""
        keys = listener_keys(card)
        if not keys:
            return
        active = self.rules.ability_active_for(self.state, card_id, card)
        listeners = self.state.listeners
        for key in keys:
            ids = listeners.setdefault(key, [])
            if active and card_id not in ids:
                ids.append(card_id)
            elif not active and card_id in ids:
                ids.remove(card_id)

    def reindex(self) -> None:
        """Rebuild the listener index (after hand edits or a reload of card files)."""
        self.state.listeners.clear()
        for cid in self.state.cards:
            self._index(cid)

    def reconcile(self) -> None:
        """The listener index made right for the library's definitions, keeping the order
        of the entries that stay (it says which trigger fires first): for a state kept from
        before a card was defined again (an undo past the new definition)."""
        listeners = self.state.listeners
        for cid in self.state.cards:
            keys = set(listener_keys(self.cdef(cid)))
            for name, ids in listeners.items():
                if name not in keys and cid in ids:
                    ids.remove(cid)
            self._index(cid)

    def listeners(self, key: str) -> list[str]:
        return list(self.state.listeners.get(key, ()))

    # ---- events, triggers, replacements, statics ---------------------------------
    def emit(self, event: str, **data: Any) -> None:
        """Announce that something happened; matching triggers queue up to resolve."""
        state = self.state
        listening = state.listeners.get(ON[event])
        if not listening:
            return
        cards = state.cards
        matches = self.rules.trigger_matches
        for cid in listening:
            inst = cards.get(cid)
            if inst is None:
                continue
            for i, ab in triggers_by_event(self.cdef(cid)).get(event, ()):
                if ab.limit and state.used.get(self._limit_key(cid, i, ab.limit)):
                    continue
                if matches(self, cid, ab, data):
                    state.triggered.append(
                        {"src": cid, "ability": i, "ctl": inst.controller, "data": dict(data)})

    def _limit_key(self, card_id: str, ability: int, limit: str) -> str:
        return f"{limit}:{card_id}:{ability}"

    def _queue_triggers(self) -> None:
        """Order simultaneous triggers: by player in turn order, each choosing their own order."""
        waiting = self.state.triggered
        self.state.triggered = []
        if len(waiting) > 1:        # most events trigger one card: nothing to order
            waiting.sort(key=lambda t: self.rules.trigger_order_key(self, t["ctl"]))
        # One frame holds them all, in player order; it asks each player to order their own.
        self.push("order_triggers", items=waiting)

    def replaced(self, event: str, **data: Any) -> bool:
        """Offer an event to replacement effects; True if one took its place."""
        for fn in self.rules.replacements.get(event, ()):
            if fn(self, data):
                return True
        for cid in self.state.listeners.get(INSTEAD[event], ()):
            for i, ab in enumerate(self.cdef(cid).abilities):
                if isinstance(ab, Replacement) and ab.event == event and \
                        self.rules.trigger_matches(self, cid, ab, data):
                    self.log("replace", f"{self.name(cid)} replaces {event}", cause=self.name(cid))
                    self.push("block", src=cid, ctl=self.card(cid).controller, item="",
                              path=[i], i=0, bind=dict(data.get("bind", {})), choices=[])
                    return True
        return False

    def any_static(self, rule: str) -> bool:
        """Whether any card in play carries a ``rule`` static: one listener look-up, so the
        hot paths that nearly never meet one (every listing, every gain) skip the rest."""
        if self.state.listeners.get(STATIC[rule]):
            return True
        return False

    def statics(self, rule: str) -> list[tuple[str, Static]]:
        out = []
        for cid in self.state.listeners.get(STATIC[rule], ()):
            for ab in self.cdef(cid).abilities:
                if isinstance(ab, Static) and ab.rule == rule:
                    out.append((cid, ab))
        return out
