"""Poison (catalogue G-21): a counter on a hero (cap: option ``max_poison``, 5 assumed from
"max Poison").  When it triggers (option ``poison_triggers``: at the end of the poisoned
hero's turn, from Dukebane) the engine runs the effect of a rule card (option
``poison_rule``; tokens.py) and then announces ``poison_trigger`` for cards' own triggers.
Cards attached "until they have no Poison" leave once it is gone."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.words import register_tables

from .attach import detach
from .leave_play import send_home
from .permissions import StaticText
from .players import player_ref
from .resources import gain
from .tokens import count_of, rule_card

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary


def shed_cured(game: "Game") -> None:
    """Cards attached "until they have no Poison" (``static until_no_poison``: Dukebane,
    The Shakes) leave once the hero they are attached to has none (G-5: checked whenever
    Poison goes down: after a keyword's effect and after ``lose N poison``)."""
    for cid, _ in game.statics("until_no_poison"):
        ref = game.state.cards[cid].attached_to
        if ref.startswith("player:") and not game.state.players[int(ref[7:])].stats.get("poison", 0):
            game.log("expire", f"{game.name(cid)} leaves: {game.state.players[int(ref[7:])].name} has no Poison",
                     game.name(cid), game.state.cards[cid].controller)
            detach(game, cid)
            send_home(game, cid)


def poison(game: "Game", source: int, target: int, n: int, cause: str, *, exceed: bool = False) -> int:
    """Give ``n`` Poison (up to the cap unless ``exceed``) and announce it (Black Death:
    "after you Poison an opponent ... that many")."""
    if n <= 0 or game.state.over:
        return 0
    if exceed:
        game.state.players[target].stats["poison"] = game.state.players[target].stats.get("poison", 0) + n
        game.log("gain", f"{game.state.players[target].name} gains {n} Poison (past the cap)", cause, target)
        got = n
    else:
        got = gain(game, target, "poison", n, cause)
    if got:
        game.emit("poison", who=source, target=target, amount=got, bind={"them": player_ref(target)})
    return got


def trigger_poison(game: "Game", player: int, cause: str) -> None:
    """A hero's Poison triggers: the rule card's effect runs with the poisoned hero as its
    controller and as "them", then ``poison_trigger`` is announced.  No Poison, no trigger."""
    p = game.state.players[player]
    n = p.stats.get("poison", 0)
    if n <= 0 or game.state.over:
        return
    game.log("poison", f"{p.name}'s Poison triggers ({n})", cause, player)
    them = player_ref(player)
    game.push("keyword_effect", ctl=player, src=rule_card(game, "poison_rule", player),
              bind={"them": them},
              events=[["poison_trigger", {"who": player, "target": player, "amount": n, "bind": {"them": them}}]])


def poison_timing(game: "Game", player: int, point: str) -> None:
    """Called by the turn at its start and end: the option says when Poison triggers."""
    if game.state.options.get("poison_triggers", "end") == point:
        trigger_poison(game, player, f"{point} of turn")


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, quantities={"poison": (count_of("poison"), "{of}'s Poison")},
                    events={"poison": "Poison", "poison_trigger": "Poison triggers"},
                    statics={"max_poison": "max_poison"})
    vocab.static("until_no_poison")(StaticText("it stays attached until they have no Poison"))
