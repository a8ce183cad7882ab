"""Cards that change where range is measured from (IV-RANGE-7).

``static range_from`` on an attached card: its controller's cards also draw range from
the card's tile (Projection).  ``static range_from = terrain``: they also draw range from
every tile with Terrain (Wild Roots).  A scope word picks whose cards (``you`` by default,
see ``permissions``).  Range is then the shortest distance from any of those tiles: the
hero's own tile always counts (000 § The Fox and the Forest Rules Reference > Ultimates,
Wild Roots: "also draw range from").  A word ``except_TYPE`` leaves the cards of that type
out (they measure from the hero's tile only), and ``except_TYPE_targeting_tile`` (or
``_player``) only those of them with a target of that kind (tsv Projection: Travel cards
that target a tile are left out, ``static range_from = except_travel_targeting_tile``).

``static range_reduced_here = [SCOPE,] N`` (Trapdoor): the cards of the players its scope
names have N less range while those players stand in the card's tile, never below 0
(its reminder: a range-0 card still targets inside its own tile).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, overload

from cardsmith.runtime.core.words import Word

from .costs import TYPE_WORDS
from .nouns import PLAYER_NOUNS, TILE_NOUNS
from .permissions import SCOPES, _affects, value_args
from .places import tile_of

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import CardDef
    from cardsmith.runtime.core.engine import Game

RULE: Final = "range_from"
PENALTY: Final = "range_reduced_here"


EXCEPT: Final = "except_"
TARGETING: Final = "_targeting_"


def projects(game: "Game") -> bool:
    """Whether any card in play carries ``range_from`` (a listing asks once)."""
    return game.any_static(RULE)


def extra_origins(game: "Game", player: int, src: str = "") -> list[str]:
    """The tiles besides the hero's own that ``player``'s cards draw range from ([] nearly
    always: one listener look-up answers that); ``src``, the card whose range it is, may be
    one a static leaves out (``except_TYPE``)."""
    if not projects(game):
        return []
    out: list[str] = []
    card = game.cdef(src) if src in game.state.cards else None
    for cid, ab in game.statics(RULE):
        if not _affects(game, game.card(cid).controller, ab.args, player):
            continue
        words = [str(a) for a in ab.args if str(a) not in SCOPES]
        if card is not None and left_out(card, words):
            continue
        if "terrain" in words:
            out.extend(t for t, s in game.state.board.spaces.items() if s.terrain)
        else:
            t = tile_of(game, cid)
            if t:
                out.append(t)
    return out


def exception(word: str) -> tuple[str, str] | None:
    """An ``except_TYPE[_targeting_KIND]`` word as (TYPE, KIND or ''); None for any other."""
    if not word.startswith(EXCEPT):
        return None
    kind, _, target = word[len(EXCEPT):].partition(TARGETING)
    return kind, target


def left_out(card: "CardDef", words: list[str]) -> bool:
    """Whether a ``range_from``'s ``except_TYPE[_targeting_KIND]`` words leave ``card`` out:
    it has that type (and a target of that kind: ``tile`` or ``player``)."""
    for w in words:
        found = exception(w)
        if found is None:
            continue
        kind, target = found
        if kind not in card.header.types:
            continue
        nouns = TILE_NOUNS if target == "tile" else PLAYER_NOUNS if target == "player" else None
        if nouns is None or any(spec.noun in nouns for spec in card.targets):
            return True
    return False


def exception_problems(args: tuple) -> list[str]:
    """What is wrong with a ``range_from``'s exception words (a type the game has not, a
    target kind other than tile or player), for the compiler to report at the line."""
    out = []
    for w in (str(a) for a in args):
        found = exception(w)
        if found is None:
            continue
        kind, target = found
        if kind not in TYPE_WORDS:
            out.append(f"'{w}': no card type '{kind}' (types: {', '.join(sorted(TYPE_WORDS))})")
        elif TARGETING in w and target not in ("tile", "player"):
            out.append(f"'{w}': a target kind is 'tile' or 'player'")
    return out


class RangeFrom(Word):
    """``range_from``'s English, and its exception words checked as the card compiles."""

    def __init__(self) -> None:
        super().__init__(RULE)

    def check(self, args: tuple) -> list[str]:
        return exception_problems(args)

    def render(self, node: Any, r: Any) -> str:
        words = [str(a) for a in node.args]
        whose = {"enemies": "enemies'", "opponents": "opponents'", "all": "all", "everyone": "all"}.get(
            words[0] if words and words[0] in SCOPES else "you", "your")
        where = "every tile with Terrain" if "terrain" in words else "this card's tile"
        out = f"{whose} cards also draw range from {where}"
        for kind, target in filter(None, map(exception, words)):
            out += f", not {kind.capitalize()} cards" + (f" with a {target} target" if target else "")
        return out


def shortens(game: "Game") -> bool:
    """Whether any card in play carries ``range_reduced_here`` (a listing asks once)."""
    return game.any_static(PENALTY)


@overload
def effective_range(game: "Game", player: int, rng: int) -> int: ...
@overload
def effective_range(game: "Game", player: int, rng: None) -> None: ...
def effective_range(game: "Game", player: int, rng: int | None) -> int | None:
    """A card's range for ``player`` now: its printed range, less any ``range_reduced_here``
    of a card in the player's tile (one listener look-up when there is none)."""
    if rng is None or not shortens(game):
        return rng
    here = game.state.players[player].position
    for cid, ab in game.statics(PENALTY):
        if here and tile_of(game, cid) == here and _affects(game, game.card(cid).controller, ab.args, player):
            rng -= (value_args(ab.args) or [1])[0]
    return max(0, rng)
