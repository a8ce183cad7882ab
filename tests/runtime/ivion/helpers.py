"""Test helpers for Ivion rules tests: build a duel on the real engine, then set the board.

Tests drive the real engine through ``legal_actions()`` / ``apply()``.  Setting up a
position is done directly on ``game.state`` (stats, flags, positions, terrain) and with
``game.move_card`` / ``game.create_card``; ``refresh`` then re-asks the pending decision so
its options reflect the edited state.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from cardsmith.dsl.loader import bundled_library, compile_source
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ivion.players import zone

#: Small generic cards for rules tests.  Names start with "T " so they never clash with
#: the printed cards.
TEST_CARDS = r'''
card "T Jab" {
  skill warrior  cost 1 action  generates 1 power  range 1  banner disarm
  types attack
  deal 2 damage to target enemy
}
card "T Bolt" {
  skill warrior  cost 1 action  generates 1 power  range 2  banner silence
  types attack
  deal 3 damage to target enemy
}
card "T Big" {
  skill warrior  cost 2 actions  cost 2 power  banner disarm
  types attack
  deal 10 damage to target enemy
}
card "T Far" {
  skill warrior  cost 1 action  banner silence
  types attack
  deal 1 damage to target enemy
}
card "T Self" {
  skill warrior  cost 1 action  range 0  banner silence
  types attack
  deal 1 damage to target enemy
}
card "T Zap" {
  skill warrior  cost 1 action  generates 1 power  range 3  banner silence  instant
  types attack
  deal 1 damage to target enemy
}
card "T Nix" {
  skill warrior  cost 1 power  range 3  banner silence  instant
  types ability
  counter target card
}
card "T Short Nix" {
  skill warrior  cost 1 power  range 1  banner silence  instant
  types ability
  counter target card
}
card "T Toll" {
  skill warrior  cost 1 power  banner silence  instant
  types ability
  counter target card unless its controller pays 2 resources
}
card "T Blink" {
  skill warrior  heroic  instant
  types travel
  travel you up to 2 tiles
}
card "T Slowdart" {
  skill warrior  cost 1 action  range 3  instant
  types debuff
  slow 1 target enemy
}
card "T Hush" {
  skill warrior  cost 1 action  range 3  instant
  types debuff
  silence 1 target enemy
}
card "T Disarm" {
  skill warrior  cost 1 action  range 3  instant
  types debuff
  disarm 1 target enemy
}
card "T Ward" {
  skill warrior  cost 1 action  heroic
  types buff
  gain 3 mitigate
}
card "T Think" {
  skill warrior  generates 2 power  banner silence
  types ability
  draw 1 card
}
card "T Filler" {
  skill warrior  cost 1 action  banner silence
  types ability
  gain 1 power
}
card "T Ult" {
  ultimate steward hp 40
  cost 1 action  range 2  banner disarm
  types attack
  deal 2 damage to target enemy
}
card "T Trait" {
  trait  generates 1 power  banner silence
  types ability
  draw 1 card
}
card "T Passive" {
  trait  types passive
}
'''

FILLER = "T Filler"
FEATS = ["T Ult", "T Trait", "T Passive"]


@lru_cache(maxsize=1)
def _base() -> CardLibrary:
    lib = bundled_library("ivion", use_cache=False)
    for card in compile_source(TEST_CARDS, "ivion", "<test>"):
        lib.add(card)
    return lib


def library() -> CardLibrary:
    """The bundled Ivion cards plus the test cards (shared; ``define`` adds to it)."""
    return _base()


class CardClash(ValueError):
    """``define`` was given a card whose name a different card in the shared library has."""


def define(text: str) -> list[str]:
    """Compile test-only cards and add them to the shared library; returns their names.

    The library is shared by every test in the worker, so a card is never replaced: defining
    the same card again is fine, but a different card under a name already there raises
    ``CardClash`` (replacing it made tests depend on which ran before them).  Nothing is
    added unless every card of ``text`` can be."""
    cards = compile_source(text, "ivion", "<test>")
    lib = library()
    for card in cards:
        if card.name in lib and lib.get(card.name) != card:
            raise CardClash(f"define: a different card named {card.name!r} is already in the shared test "
                            "library (bundled, helpers.TEST_CARDS or an earlier define); give this one a "
                            "name of its own")
    for card in cards:
        lib.add(card)
    return [c.name for c in cards]


def deck(cards: Iterable[str] = (), feats: Iterable[str] = FEATS, size: int = 20,
         relics: Iterable[str] = (), traps: Iterable[str] = ()) -> dict:
    cards = list(cards) or [FILLER] * size
    return {"feats": list(feats), "cards": cards, "relics": list(relics), "traps": list(traps)}


def duel(*, decks: list[dict] | None = None, seed: int = 1, ruleset: str = "hh", first: int = 0,
         hands: tuple[Iterable[str], Iterable[str]] = ((), ()), clear_hands: bool = True,
         **options) -> Game:
    """A duel with small decks of filler cards; ``hands`` replaces each player's opening hand.

    The first player is at the main step of turn 1 (3 actions, 1 initiative, no power).
    """
    decks = decks or [deck(), deck()]
    game = Game.new(get_game("ivion"), library(), decks=decks, seed=seed, ruleset=ruleset,
                    first=first, **options)
    for p in (0, 1):
        if clear_hands and hands[p] is not None:
            for cid in list(game.state.zones[zone("hand", p)]):
                game.move_card(cid, zone("deck", p), index=0)
        for name in hands[p] or ():
            give(game, p, name)
    refresh(game)
    return game


def give(game: Game, player: int, name: str, where: str = "hand") -> str:
    """Create a card in a player's zone (hand by default)."""
    cid = game.create_card(name, player, zone(where, player))
    return cid


def refresh(game: Game) -> None:
    """Re-ask the pending decision so its options see hand edits to the state."""
    if game.state.pending is not None and game.state.agenda:
        game.state.pending = None
        game.run()


def setup(game: Game, player: int, **stats) -> None:
    """Set a player's stats (and ``position=``) then refresh the pending decision."""
    p = game.state.players[player]
    pos = stats.pop("position", None)
    if pos is not None:
        p.position = pos
    p.stats.update(stats)
    refresh(game)


def labels(game: Game) -> list[str]:
    return [a.label for a in game.legal_actions()]


def find(game: Game, text: str) -> Action | None:
    for a in game.legal_actions():
        if text in a.label:
            return a
    return None


def act(game: Game, text: str) -> Action:
    """Apply the legal action whose label contains ``text`` (asserting there is one)."""
    a = find(game, text)
    assert a is not None, f"no legal action matching {text!r}; options: {labels(game)}"
    game.apply(a)
    return a


def pass_all(game: Game) -> None:
    """Decline every response window until the stack is empty."""
    for _ in range(50):
        if game.pending is None or game.pending.kind != "respond":
            return
        act(game, "don't respond")


def play(game: Game, name: str, *targets: str, respond: bool = True) -> None:
    """Play a card by name, pick targets by label text, then (by default) let it resolve."""
    act(game, f"play {name}")
    for t in targets:
        act(game, t)
    if respond:
        pass_all(game)


def hand(game: Game, player: int) -> list[str]:
    return [game.name(c) for c in game.state.zones[zone("hand", player)]]


def zone_names(game: Game, kind: str, player: int) -> list[str]:
    return [game.name(c) for c in game.state.zones.get(zone(kind, player), [])]


def stat(game: Game, player: int, key: str) -> int:
    return game.state.players[player].stats.get(key, 0)


def log_text(game: Game) -> str:
    return "\n".join(e.text for e in game.state.log)


def end_turn(game: Game) -> None:
    act(game, "end the turn")


def hand_card(game: Game, name: str, player: int = 0) -> str:
    """The id of a card of that name in a player's hand."""
    return next(c for c in game.state.zones[zone("hand", player)] if game.name(c) == name)


def shown(name: str) -> str:
    """What ``cardsmith show NAME`` prints (the card's text rendered from its script)."""
    import io

    from cardsmith import cli
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["show", name], out, err) == 0, err.getvalue()
    return out.getvalue()


def interpose(game: Game, between: str) -> None:
    """Put something between a card and the next play (Trick Shot, Toothy Grin: "right
    after"): "a move", "another card" (T Think), "a new turn", "an initiative draw";
    anything else puts nothing."""
    if between == "a move":
        act(game, "move to a1")
    elif between == "another card":
        play(game, "T Think")
    elif between == "a new turn":
        act(game, "end the turn")
        act(game, "end the turn")
    elif between == "an initiative draw":
        setup(game, 0, initiative=1)
        act(game, "expend initiative: draw")
