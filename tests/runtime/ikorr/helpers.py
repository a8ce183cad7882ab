"""Test helpers for Rush of Ikorr rules tests: the real engine, a board set by hand.

A game starts from the sample decks with the first team fixed, no mulligan and champions
placed in the first free slot, so it arrives straight at team 1's first Action Phase.
Positions are then set directly on ``game.state`` with ``put`` (a card into a zone) and
``give_influence``; ``refresh`` re-asks the pending decision so its options reflect the
edit.  Everything after that goes through ``legal_actions()`` / ``apply()``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardsmith.dsl.loader import bundled_library, compile_source
from cardsmith.dsl.decks import bundled_deck_options
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ikorr.zones import zone

#: Small cards for rules tests ("T " names never clash with real or sample cards).
TEST_CARDS = r'''
card "T Grunt" { champion cost 1 attack 2 health 3 raid 1 allowance 3 loyalty greek }
card "T Egyptian" { champion cost 1 attack 1 health 3 raid 1 loyalty egyptian }
card "T Wall" { champion cost 1 attack 0 health 9 raid 0 }
card "T Echo" {
  champion cost 1 attack 1 health 9 raid 1
  after a champion controlled by an opponent heals: {
    deal 1 damage to this card
    heal 1 damage from this card
  }
}
card "T Mender" {
  champion cost 1 attack 1 health 9 raid 1
  after a champion controlled by an opponent heals: {
    deal 1 damage to this card
    heal 1 damage from this card
  }
}
card "T Burn" { spell cost 1  deal 1 damage to target champion }
card "T Ping" { spell cost 0  deal 1 damage to target champion }
card "T Plan" { spell cost 1  draw 1 card }
card "T Shrine" { location cost 1 fabled }
card "T Hut" { location cost 1 }
card "T Aspect Spell" { spell cost 1 aspects fear  draw 1 card }
card "T Sandals Too" { infusion requirement 1 unique  static attack_and_raid }
'''


@lru_cache(maxsize=1)
def library() -> CardLibrary:
    lib = bundled_library("ikorr")
    for card in compile_source(TEST_CARDS, "ikorr", "<ikorr test cards>"):
        lib.add(card)
    return lib


def decks() -> dict[str, dict[str, Any]]:
    return bundled_deck_options(get_game("ikorr"))


def new_game(fmt: str = "1v1", *, seed: int = 1, first: int | None = 0, mulligan: bool = False,
             choose_slots: bool = False, history: bool = True, decks_: list | None = None) -> Game:
    d = decks()
    per = {"1v1": 1, "2v2": 2, "3v3": 3}[fmt]
    chosen = decks_ or [d["Ember Regent"]] * per + [d["Tide Oracle"]] * per
    opts: dict[str, Any] = dict(decks=chosen, fmt=fmt, seed=seed, mulligan=mulligan,
                                choose_slots=choose_slots, auto_pass=False)
    if first is not None:
        opts["first"] = first
    return Game.new(get_game("ikorr"), library(), history=history, **opts)


def put(game: Game, name: str, player: int, kind: str = "champions", *, fresh: bool = False,
        **counters: int) -> str:
    """Create a card straight into a zone.  Champions arrive as if summoned on an earlier
    turn (so they may attack) unless ``fresh``."""
    library().get(name)
    cid = game.create_card(name, player, zone(kind, player))
    card = game.state.cards[cid]
    if kind == "champions":
        taken = {game.state.cards[c].counters.get("slot", -1) for c in game.state.zones[zone(kind, player)]}
        card.counters["slot"] = min(s for s in range(6) if s not in taken)
        card.counters["summoned"] = game.state.turn if fresh else -5
    card.counters.update(counters)
    game.reindex()
    return cid


def give_influence(game: Game, player: int, n: int) -> None:
    """Move influence cards from the Influence Deck until ``n`` are in the Influence Zone."""
    while len(game.state.zones[zone("influence", player)]) < n:
        game.move_card(game.state.zones[zone("influence_deck", player)][0], zone("influence", player))
    game.state.players[player].stats["exerted"] = 0


def hand(game: Game, player: int) -> list[str]:
    return game.state.zones[zone("hand", player)]


def names(game: Game, kind: str, player: int) -> list[str]:
    return [game.name(c) for c in game.state.zones[zone(kind, player)]]


def to_hand(game: Game, name: str, player: int) -> str:
    return put(game, name, player, "hand")


def refresh(game: Game) -> None:
    """Re-ask the pending decision after a hand edit (the window re-runs its options)."""
    game.state.pending = None
    game.run()


def options(game: Game, kind: str | None = None) -> list[Action]:
    return [a for a in game.legal_actions() if kind is None or a.kind == kind]


def act(game: Game, kind: str, *args: Any) -> Action:
    """Apply the legal action of ``kind`` whose args start with ``args``."""
    for a in game.legal_actions():
        if a.kind == kind and tuple(a.args[:len(args)]) == tuple(args):
            game.apply(a)
            return a
    raise AssertionError(f"no legal {kind} {args}; legal: {[str(a) for a in game.legal_actions()]}")


def play(game: Game, name: str) -> str:
    """Play a card by name from the priority holder's hand (copies are one choice); returns
    the id of the copy played."""
    for a in game.legal_actions():
        if a.kind == "play" and game.name(a.args[0]) == name:
            game.apply(a)
            return a.args[0]
    raise AssertionError(f"can't play {name}; legal: {[str(a) for a in game.legal_actions()]}")


def choose(game: Game, label_part: str) -> Action:
    for a in game.legal_actions():
        if label_part in str(a):
            game.apply(a)
            return a
    raise AssertionError(f"no option like {label_part!r}; legal: {[str(a) for a in game.legal_actions()]}")


def pass_turn(game: Game) -> None:
    """Pass priority until the next team's Action Phase starts (or the game ends)."""
    start = game.state.turn
    while not game.state.over and (game.state.turn == start or game.state.phase != "action"
                                   or game.pending is None or game.pending.kind != "priority"):
        opts = game.legal_actions()
        pas = [a for a in opts if a.kind in ("pass", "keep")]
        game.apply(pas[0] if pas else opts[0])


def log_text(game: Game) -> str:
    return "\n".join(e.text for e in game.state.log)
