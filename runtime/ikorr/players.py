"""Players' cards and influence: drawing (with the empty-deck rule), gaining, exerting and
refreshing influence (004 § Turn Phases; § Drawing with No Cards in Deck; § Glossary:
Exert, Influence, Refresh)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .battlefield import secure
from .header import MAX_INFLUENCE
from .zones import IkorrState, cards_in, ready_influence, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def draw(game: "Game", player: int, n: int, cause: str) -> int:
    """Draw ``n`` cards.  Each one that can't be drawn from an empty deck makes the opposing
    team secure 1 Ikorr (004 § Drawing with No Cards in Deck).  Returns cards drawn."""
    state: IkorrState = game.state  # type: ignore[assignment]
    deck = cards_in(game, "deck", player)
    got = 0
    for _ in range(n):
        if state.over:
            break
        if not deck:
            me = state.players[player]
            game.log("draw", f"{me.name} must draw from an empty deck", "004 § Drawing with No Cards in Deck", player)
            for team in sorted({p.team for p in state.players if p.team != me.team}):
                secure(game, team, 1, f"{me.name} could not draw")
            continue
        cid = deck[0]
        game.move_card(cid, zone("hand", player))
        game.log("draw", f"{state.players[player].name} draws {game.name(cid)}", cause, player, private=True)
        got += 1
        game.emit("draw", who=player, card=cid, bind={"it": cid})
    return got


def gain_influence(game: "Game", player: int, n: int, cause: str) -> None:
    """Add influence cards from the Influence Deck to the Influence Zone, 10 at most."""
    for _ in range(n):
        have = cards_in(game, "influence", player)
        source = cards_in(game, "influence_deck", player)
        if len(have) >= MAX_INFLUENCE or not source:
            break
        game.move_card(source[0], zone("influence", player))
        game.log("influence", f"{game.state.players[player].name} gains 1 influence "
                 f"({ready_influence(game, player)}/{len(have)} ready)", cause, player)


def refresh(game: "Game", player: int) -> None:
    game.state.players[player].stats["exerted"] = 0


def exert(game: "Game", player: int, n: int, cause: str) -> None:
    """Pay a cost by exerting (flipping face-down) that much ready influence."""
    if n <= 0:
        return
    p = game.state.players[player]
    if ready_influence(game, player) < n:
        raise ValueError(f"{p.name} has only {ready_influence(game, player)} ready influence, needs {n}")
    p.stats["exerted"] = p.stats.get("exerted", 0) + n
    game.log("exert", f"{p.name} exerts {n} influence for {cause} ({ready_influence(game, player)} ready)", cause, player)
