"""What a card's effect gives the card it plays (tsv Bullseye: the attack card it lets you
play at an enemy gets the keyword Precise and 8 extra damage, and Bullseye gives something
once that card has resolved).

Like ``static frenzy_for_played`` (frenzy.py), these are statics of the card whose effect
plays another; the play carries them to the played card's stack entry, so they last for
that one play only:

- ``static precise_for_played``: the played card has the keyword Precise (precise.py, option
  ``precise_keyword``): read as a restriction, its targets are offered and re-checked at its
  max range; read as a bonus, it resolves precisely.  Stack flag ``gained_precise``.
- ``static more_damage_for_played = N``: the played card deals N more damage to the enemy
  it was played at, once: the first of its ``deal`` steps that hits a player among its
  targets on the other side adds N for that player alone (``bonus_for``: the card names
  one amount, as Icebolt's Advantage adds one; choices.md § Season-3 keywords, Bullseye).
  Stack flag ``more_damage``, spent once it is dealt; the bind of the same name marks the
  played card's effect, so a ``deal`` step of any other card asks nothing.

After ``play a card ...`` (a card picked from the hand) ``that card`` (``it``) names the card
played, and the condition ``resolved`` asks whether such a card, played by an effect, resolved
this turn ("After it resolves": a countered, meta-countered or unplayed card did not).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import CardDef, Static
from cardsmith.runtime.core.keywords import diagonal_step
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.words import Word, every

from . import precise
from .permissions import StaticText
from .places import tile_of
from .range_rules import effective_range
from .targeting import at_max_range

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

PRECISE: Final = "precise_for_played"
MORE_DAMAGE: Final = "more_damage_for_played"
#: the key of the bind that hands the bonus to the played card's effect
BONUS: Final = "more_damage"
#: the play's data a played card's stack entry keeps (its flags)
GRANTED: Final = (precise.GAINED, BONUS)


@per_definition
def grants(card: CardDef) -> dict[str, Any]:
    """The stack flags a play by this card's effect gives the played card ({} nearly always)."""
    out: dict[str, Any] = {}
    for ab in card.abilities:
        if isinstance(ab, Static) and ab.rule == PRECISE:
            out[precise.GAINED] = True
        elif isinstance(ab, Static) and ab.rule == MORE_DAMAGE:
            out[BONUS] = int(ab.args[0]) if ab.args else 0
    return out


def exact_only(game: "Game", ctl: int, cid: str, refs: list[str]) -> list[str]:
    """Of a played card's target choices, those its gained Precise allows: all of them when
    the option reads Precise as a bonus, those at its max range when a restriction (none for
    a card without a range: it is never at its max range)."""
    if precise.reading(game) != "restriction":
        return refs
    cdef = game.cdef(cid)
    rng = effective_range(game, ctl, cdef.header.range)
    if rng is None:
        return []
    reach = diagonal_step(cdef)
    return [r for r in refs if at_max_range(game, ctl, tile_of(game, r), rng, reach, cid)]


def bonus_for(ctx: "Ctx", hit: list[int]) -> tuple[int, int]:
    """(hero, N): the hero of ``hit`` that takes the played card's N more damage, and N,
    spending it; (-1, 0) once it is spent or when no hero hit is a target of the card on
    its controller's other side (the enemy it was played at)."""
    item = ctx.item
    if item is None or not item.flags.get(BONUS):
        return -1, 0
    players = ctx.game.state.players
    side = players[item.controller].team
    aimed = {int(r[7:]) for group in item.targets for r in group if r.startswith("player:")}
    for p in hit:
        if p in aimed and players[p].team != side:
            n, item.flags[BONUS] = item.flags[BONUS], 0
            return p, n
    return -1, 0


def note_resolved_card(game: "Game", cid: str) -> None:
    """A card an effect played resolved: remembered until the turn ends, for ``that card is
    resolved`` (only such a card can be named after the step that played it)."""
    game.state.used[f"turn:resolved_card:{cid}"] = 1


def _resolved(ctx: "Ctx", ref: str) -> bool:
    return bool(ctx.game.state.used.get(f"turn:resolved_card:{ref}"))


def register(vocab: "Vocabulary") -> None:
    vocab.static(PRECISE)(StaticText("that card gains Precise"))
    vocab.static(MORE_DAMAGE)(StaticText("that card deals {0} more damage"))
    vocab.condition("resolved")(Word("is resolved", every(_resolved)))
