"""Setting up a Sylvion board by hand, for tests, scenarios and the REPL.

``prepared(library, **options)`` builds a game stopped *before* turn 1 (nothing revealed
yet), so a judge can arrange the battlefield, the stacks and the hands first and then call
``game.run()``.  The helpers take card names and move real cards of the game (never create
new ones), so every card stays accounted for.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Iterable

from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.registry import get_game

from . import battlefield as bf

if TYPE_CHECKING:
    from cardsmith.runtime.core.cards import CardLibrary

BOX: Final = "box"
#: where a card is looked for, in this order, when the sandbox needs one
SOURCES: Final = ("deck", "box", "discard", "ravage discard", "supply", "ravage:3", "ravage:2", "ravage:1", "ravage:0",
                  "hand:1", "hand:0", "field")


def prepared(library: "CardLibrary", *, history: bool = True, **options) -> Game:
    rules = get_game("sylvion")
    return Game(rules, rules.new_state(library, options), library, history=history)


def take(game: Game, name: str, sources: Iterable[str] = SOURCES, avoid: Iterable[str] = ()) -> str:
    """A card of this name from the first source zone that has one."""
    avoid = set(avoid)
    wanted = game.library.get(name).name
    for zone in sources:
        for cid in reversed(game.state.zones.get(zone, ())):
            if game.state.cards[cid].name == wanted and cid not in avoid:
                bf.lift(game, cid)
                game.state.cards[cid].revealed = False
                return cid
    raise CardsmithError(f"no spare '{name}' card to take (looked in {', '.join(sources)})")


def to_hand(game: Game, player: int, *names: str) -> list[str]:
    out = []
    for name in names:
        cid = take(game, name, avoid=game.state.zones[bf.hand(player)])
        game.move_card(cid, bf.hand(player))
        out.append(cid)
    return out


def set_hand(game: Game, player: int, *names: str) -> list[str]:
    """Replace a hand: its cards go back to the bottom of the deck, then these are taken."""
    for cid in list(game.state.zones[bf.hand(player)]):
        game.move_card(cid, bf.DECK)
    return to_hand(game, player, *names)


def to_space(game: Game, name: str, key: str) -> str:
    row, n = bf.parse_space(key)
    if not 1 <= n <= bf.SPACES:
        raise CardsmithError(f"{key} is not a battlefield space (a1..d4)")
    cid = take(game, name, avoid=game.state.board.spaces[bf.space_key(row, n)].cards)
    bf.put(game, cid, row, n)
    return cid


def stack_top(game: Game, row: int, *names: str) -> list[str]:
    """Put these Ravage cards on top of a row's stack, the first name on top (taken from
    the Ravage discard, the supply, or the bottom of the stacks)."""
    ids: list[str] = []
    for name in reversed(names):
        cid = take(game, name, sources=("ravage discard", "supply", *(bf.stack_zone(r) for r in (3, 2, 1, 0))),
                   avoid=ids)
        ids.append(cid)
        game.move_card(cid, bf.stack_zone(row), index=0)
    return list(reversed(ids))


def set_stacks(game: Game, rows: list[list[str]]) -> None:
    """Make each stack exactly these cards, top first; every other Ravage card goes to the
    Ravage discard (a short game for a test: the last cards come sooner)."""
    for r in range(bf.ROWS):
        for cid in list(game.state.zones[bf.stack_zone(r)]):
            game.move_card(cid, bf.RAVAGE_DISCARD)
    for r, names in enumerate(rows):
        for name in names:
            cid = take(game, name, sources=(bf.RAVAGE_DISCARD, bf.SUPPLY))
            game.move_card(cid, bf.stack_zone(r))


def to_box(game: Game, zone: str, keep: int = 0) -> None:
    """Return a zone's cards (all but the first ``keep``) to the box: out of this game,
    still accounted for (the rulebook returns unused cards to the box the same way)."""
    game.state.zones.setdefault(BOX, [])
    for cid in list(game.state.zones[zone][keep:]):
        bf.lift(game, cid)
        game.move_card(cid, BOX)


def set_edges(game: Game, desolated: int) -> None:
    for k, e in enumerate(game.state.zones[bf.EDGES]):
        game.state.cards[e].counters["desolated"] = int(k < desolated)
