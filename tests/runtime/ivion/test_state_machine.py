"""A Hypothesis state machine that plays random legal Ivion actions and checks the
invariants of issue 2 § 6 after every step:

- cards are conserved: every card id is in exactly one zone list, each zone list agrees with
  its cards' ``zone``, no card (other than copies, which are tokens) appears or vanishes, and
  cards on tiles are attached there;
- no resource, Control, mitigate, initiative, Poison or Luck is gained above its cap (5, or
  the engine option for Poison and Luck, unless a card's static ability raises it:
  ``resources.cap``), and no attached card's Duration exceeds 5;
- HP stays within 0..max HP;
- the stack is empty whenever the active player is asked for a main-phase action;
- until the game ends there is always a legal action (and after it, none);
- saving and loading at that point gives an equal state with the same options.

Besides playing, the machine undoes and redoes a step, and swaps the game for one loaded
from a save, so later steps also run on loaded (possibly mid-resolution) games.

Examples come from the profile in ``tests/conftest.py`` (``dev`` locally, ``ci`` under CI).
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardsmith.runtime.core import Game, IllegalAction
from cardsmith.runtime.ivion.resources import CAPPED, cap

from ..duels import RULES, decks, library, load, new_duel

MAX_DURATION = 5

#: Season-3 cards (G-21) dealt on top of each sample deck, so the machine also plays Poison,
#: Luck flips, traps, Combo and Precise; each hero gets a Trap deck, and traits that keep
#: cards beneath them or in a Collection (IV-ZONE-6).
SEASON3 = (("Poison Strike", "Envenom", "Hunting Grounds", "Ambuscade", "Drink"),
           ("Hemlock", "Horseshoe", "Whistler", "Nettle", "Ribcrack"))


def season3_duel(seed: int, ruleset: str, *, history: bool = False) -> Game:
    """The sample decks with three copies of five Season-3 cards each in place of their
    first cards, Poison capped at 3 (a cap that play reaches), and Trap decks."""
    ds = decks()
    for d, extra in zip(ds, SEASON3):
        d["cards"] = [name for name in extra for _ in range(3)] + d["cards"][3 * len(extra):]
        d["traps"] = ["Bearjaws", "Honeypot", "Ye Olde Marge"]
    # The zones cards make (IV-ZONE-6): piles beneath feats and Collections, so the
    # conservation check counts cards there too (choices.md "Piles beneath a card").
    ds[0]["feats"] = [ds[0]["feats"][0], "Spellbook", "Stormstruck"]
    ds[0]["beneath"] = {"Spellbook": ["Counterspell", "Wish", "Alter"]}
    ds[0]["collection"] = ["Spark"] * 3
    ds[1]["feats"] = [ds[1]["feats"][0], "Disguise", "Tourneygoer"]
    ds[1]["beneath"] = {"Disguise": ["Icicle", "Fragments", "Strike"]}
    ds[1]["collection"] = ["Aim"]
    # ... and a Fletcher's Feather and Arrowhead decks, which Flint adds to the Master Arrow
    ds[1]["cards"][15:18] = ["Flint"] * 3
    ds[1]["feathers"] = ["Finch", "Crow", "Vulture", "Falcon"]
    ds[1]["arrowheads"] = ["Bodkin", "Sidewinder", "Reaper"]
    return Game.new(RULES, library(), history=history, decks=ds, seed=seed, ruleset=ruleset,
                    max_poison=3)


def check_cards(game: Game, originals: set[str]) -> None:
    state = game.state
    where: dict[str, str] = {}
    for name, ids in state.zones.items():
        for cid in ids:
            assert cid not in where, f"{cid} is in both {where[cid]} and {name}"
            where[cid] = name
            assert cid in state.cards, f"zone {name} lists {cid}, which is no card"
            assert state.cards[cid].zone == name, \
                f"{cid} ({state.cards[cid].name}) is listed in {name} but says it is in {state.cards[cid].zone}"
    for cid, card in state.cards.items():
        assert cid in where, f"{cid} ({card.name}) says it is in {card.zone} but no zone lists it"
    real = {cid for cid, card in state.cards.items() if not card.token}
    assert real == originals, f"cards appeared {sorted(real - originals)} or vanished {sorted(originals - real)}"
    for key, space in state.board.spaces.items():
        for cid in space.cards:
            card = state.cards.get(cid)
            assert card is not None and card.zone == "field", f"tile {key} holds {cid}, not on the field"
            assert card.attached_to == f"tile:{key}", f"{card.name} is on tile {key} but attached to {card.attached_to!r}"


def check_caps(game: Game, before: list[dict[str, int]] | None) -> None:
    for p in game.state.players:
        for stat in CAPPED:
            value = p.stats.get(stat, 0)
            assert value >= 0, f"{p.name} has {value} {stat}"
            limit = cap(game, p.index, stat)
            if value > limit:
                # A cap that a card raised may drop when the card leaves: what is held above
                # it may stay, but nothing may be gained above it.
                old = before[p.index].get(stat, 0) if before else 0
                assert value <= old, f"{p.name} has {value} {stat}, over the cap of {limit}"
        hp = p.stats["hp"]
        assert 0 <= hp <= p.stats["max_hp"], f"{p.name} has {hp} HP of {p.stats['max_hp']}"
    for cid in game.state.zones.get("field", ()):
        card = game.state.cards[cid]
        assert card.counters.get("duration", 0) <= MAX_DURATION, \
            f"{card.name} has Duration {card.counters['duration']}"


def check_progress(game: Game) -> None:
    state = game.state
    if state.over:
        assert game.legal_actions() == []
        return
    assert game.legal_actions(), f"no legal action, and the game is not over (agenda {state.agenda})"
    if state.pending.kind == "main":
        assert state.pending.player == state.active
        assert not state.stack, f"main phase with cards on the stack: {state.stack}"
        assert not state.zones.get("stack"), "main phase with cards in the stack zone"


def check_save_load(game: Game) -> None:
    twin = load(json.loads(game.to_json()))
    assert twin.state == game.state
    assert twin.legal_actions() == game.legal_actions()


def stats_of(game: Game) -> list[dict[str, int]]:
    return [dict(p.stats) for p in game.state.players]


class IvionDuel(RuleBasedStateMachine):
    season3 = False

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.originals: set[str] = set()
        self.before: list[dict[str, int]] | None = None

    @initialize(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(["hh", "original"]))
    def start(self, seed: int, ruleset: str) -> None:
        self.game = (season3_duel if self.season3 else new_duel)(seed, ruleset, history=True)
        self.originals = {cid for cid, card in self.game.state.cards.items() if not card.token}

    def _step(self, index: int) -> None:
        game = self.game
        actions = game.legal_actions()
        self.before = stats_of(game)
        game.apply(actions[index])

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """One legal action, its index drawn (so failures shrink to small indices)."""
        if self.game.state.over:
            return self.nothing_after_the_end()
        n = len(self.game.legal_actions())
        self._step(data.draw(st.integers(0, n - 1), label="action index"))
        self._note()

    @rule(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 30))
    def play_on(self, seed: int, n: int) -> None:
        """Up to ``n`` random legal actions (to reach late-game states quickly), with the
        cheap invariants checked after each one; the rest are checked after the rule."""
        if self.game.state.over:
            return self.nothing_after_the_end()
        rng = random.Random(seed)
        for _ in range(n):
            if self.game.state.over:
                break
            self._step(rng.randrange(len(self.game.legal_actions())))
            check_cards(self.game, self.originals)
            check_caps(self.game, self.before)
            check_progress(self.game)
        self._note()

    @rule()
    def undo_then_redo(self) -> None:
        """Undo the last step and redo it: both land on the exact states."""
        game = self.game
        if not game.can_undo():
            return
        now = game.to_json()
        game.undo()
        assert game.to_json() != now or not game.state.log
        game.redo()
        assert game.to_json() == now

    @rule()
    def continue_from_a_saved_copy(self) -> None:
        """Go on playing the game loaded from a save made here (mid-resolution or not)."""
        loaded = load(json.loads(self.game.to_json()), history=True)
        assert loaded.state == self.game.state
        self.game = loaded

    def _note(self) -> None:
        """Statistics (``--hypothesis-show-statistics``): how far the games get."""
        state = self.game.state
        if state.over:
            event("game over")
        if any(f.kind == "block" for f in state.agenda):
            event("stopped inside a resolving card")
        if any(p.flags.get("second_wind_used") for p in state.players):
            event("second wind happened")
        if any(p.stats.get("poison", 0) >= cap(self.game, p.index, "poison") for p in state.players):
            event("a hero at the Poison cap")
        if any(p.flags.get("traps") for p in state.players):
            event("a trap on the board")
        if any(e.kind == "luck" for e in state.log[-20:]):
            event("Luck flipped")
        if any(z.startswith("beneath:") and ids for z, ids in state.zones.items()):
            event("cards beneath a card")
        if any(z.startswith("removed:") and ids for z, ids in state.zones.items()):
            event("cards removed from the game")
        if any(z.startswith("master_arrow:") and ids for z, ids in state.zones.items()):
            event("a card in a Master Arrow")
        if any(c.name.startswith("Master Arrow: ") for c in state.cards.values()):
            event("a Master Arrow ready")

    def nothing_after_the_end(self) -> None:
        """Once the game is over nothing is legal, and trying changes nothing."""
        game = self.game
        assert game.state.winner in (0, 1) and game.state.result
        assert game.state.log[-1].kind == "game over", "something was logged after the game ended"
        assert game.legal_actions() == []
        before = game.to_json()
        try:
            game.apply(game.state.pending.options[0] if game.state.pending else None)
        except IllegalAction as exc:
            assert "over" in exc.reason
        else:
            raise AssertionError("an action was applied after the game ended")
        assert game.to_json() == before

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.game is not None:
            check_cards(self.game, self.originals)

    @invariant()
    def caps_and_hp_hold(self) -> None:
        if self.game is not None:
            check_caps(self.game, self.before)

    @invariant()
    def a_decision_is_always_there(self) -> None:
        if self.game is not None:
            check_progress(self.game)

    @invariant()
    def save_and_load_round_trip(self) -> None:
        if self.game is not None:
            check_save_load(self.game)


# the suite's two heaviest properties (about 55 s each at the ci profile's 100 examples):
# half as many duels under ci, each still checked at every one of its steps; the profile's
# own count when it asks for fewer (dev: 15)
IvionDuel.TestCase.settings = settings(settings.default, deadline=None,
                                       max_examples=min(settings.default.max_examples, 50),
                                       suppress_health_check=[HealthCheck.too_slow])
TestIvionDuel = IvionDuel.TestCase


class Season3Duel(IvionDuel):
    """The same machine on decks with the Season-3 keywords (G-21)."""
    season3 = True


Season3Duel.TestCase.settings = IvionDuel.TestCase.settings
TestSeason3Duel = Season3Duel.TestCase


# ---- the checks themselves catch broken states (so a green machine means something) ----

def _broken(edit) -> str:
    game = new_duel(4)
    originals = {cid for cid, card in game.state.cards.items() if not card.token}
    before = stats_of(game)
    edit(game)
    try:
        check_cards(game, originals)
        check_caps(game, before)
        check_progress(game)
    except AssertionError as exc:
        return str(exc)
    raise AssertionError("the checks passed a broken state")


def test_checks_catch_a_card_in_two_zones() -> None:
    def edit(game: Game) -> None:
        cid = game.state.zones["hand:0"][0]
        game.state.zones["discard:0"].append(cid)
    assert "is in both" in _broken(edit)


def test_checks_catch_a_card_that_vanished() -> None:
    def edit(game: Game) -> None:
        cid = game.state.zones["deck:1"][0]
        game.remove_card(cid)
    assert "vanished" in _broken(edit)


def test_checks_catch_a_zone_mismatch() -> None:
    def edit(game: Game) -> None:
        game.state.cards[game.state.zones["hand:1"][0]].zone = "discard:1"
    assert "is listed in hand:1" in _broken(edit)


def test_checks_catch_a_resource_over_its_cap() -> None:
    def edit(game: Game) -> None:
        game.state.players[0].stats["power"] = 6
    assert "over the cap of 5" in _broken(edit)


def test_checks_catch_hp_out_of_range() -> None:
    def edit(game: Game) -> None:
        game.state.players[1].stats["hp"] = game.state.players[1].stats["max_hp"] + 1
    assert "HP of" in _broken(edit)


def test_checks_catch_a_long_duration() -> None:
    def edit(game: Game) -> None:
        cid = game.state.zones["hand:0"][0]
        game.move_card(cid, "field")
        game.state.cards[cid].counters["duration"] = 6
    assert "Duration 6" in _broken(edit)


def test_checks_catch_a_main_phase_over_a_busy_stack() -> None:
    def edit(game: Game) -> None:
        from cardsmith.runtime.core.state import StackItem
        assert game.state.pending.kind == "main"
        game.state.stack.append(StackItem("s0", game.state.zones["hand:0"][0], 0))
    assert "main phase with cards on the stack" in _broken(edit)


def test_checks_catch_a_stuck_game() -> None:
    def edit(game: Game) -> None:
        game.state.pending.options = []
    assert "no legal action" in _broken(edit)


def test_checks_catch_poison_over_its_cap() -> None:
    """G-21: the cap check covers the Season-3 counters (option max_poison)."""
    def edit(game: Game) -> None:
        game.state.players[1].stats["poison"] = 6
    assert "6 poison, over the cap of 5" in _broken(edit)


def test_season3_random_games_hold_the_invariants() -> None:
    """G-21: whole random games with the Season-3 cards keep every invariant after each step,
    and reach the new counters (Poison at its cap of 3, Luck, traps)."""
    seen: set[str] = set()
    for seed in range(6):
        game = season3_duel(seed, "hh" if seed % 2 else "original")
        originals = {cid for cid, card in game.state.cards.items() if not card.token}
        rng = random.Random(seed)
        for _ in range(1500):
            if game.state.over:
                break
            before = stats_of(game)
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            check_cards(game, originals)
            check_caps(game, before)
            check_progress(game)
            for p in game.state.players:
                if p.stats.get("poison", 0) == 3:
                    seen.add("poison cap")
                if p.stats.get("luck", 0):
                    seen.add("luck")
                if p.flags.get("traps"):
                    seen.add("trap")
        check_save_load(game)
    assert seen == {"poison cap", "luck", "trap"}
