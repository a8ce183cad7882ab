"""The REPL commands only Ivion has, and Ivion's notes on the shared ones' help: its view
brings them (``GameView.commands``, ``help_notes``, ``help_examples``), so the REPL names
no game.  Each command is a hand edit of Ivion's board: a hero on a tile (``place``),
terrain (``terrain``), a Season-3 trap token (``trap``, G-21); the REPL reads the player
named first and makes the run one undoable edit.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.view import ViewCommand

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.view import GameView

ON: Final = frozenset({"on", "yes", "true", "1"})
OFF: Final = frozenset({"off", "no", "false", "0"})


def _place(view: "GameView", game: "Game", player: int | None, words: list[str]) -> tuple[str, str]:
    assert player is not None
    if len(words) != 1:
        raise CommandError("place PLAYER TILE")
    tile = words[0].casefold()
    return f"{game.state.players[player].name} placed on {tile}", view.place(game, player, tile)


def _terrain(view: "GameView", game: "Game", player: int | None, words: list[str]) -> tuple[str, str]:
    if len(words) != 2:
        raise CommandError("terrain TILE KIND")
    tile, kind = words[0].casefold(), words[1].casefold()
    return f"terrain on {tile}: {kind}", view.terrain(game, tile, kind)


def _trap(view: "GameView", game: "Game", player: int | None, words: list[str]) -> tuple[str, str]:
    assert player is not None
    if not words or len(words) > 2:
        raise CommandError("trap PLAYER TILE [on|off]")
    tile = words[0].casefold()
    on = True
    if len(words) == 2:
        if words[1].casefold() not in ON | OFF:
            raise CommandError(f"trap PLAYER TILE [on|off] (not '{words[1]}')")
        on = words[1].casefold() in ON
    name = game.state.players[player].name
    return (f"{name}: trap token {'set on' if on else 'taken off'} {tile} by hand",
            view.set_trap(game, player, tile, on))


COMMANDS: Final = (
    ViewCommand("place", "place PLAYER TILE", "put a hero on a tile", _place,
                args=("player", "tile"), examples=("place alice b2",)),
    ViewCommand("terrain", "terrain TILE KIND", "make terrain on a tile (difficult, enchanted, none)", _terrain,
                args=("tile", "terrain"), examples=("terrain b3 difficult",)),
    ViewCommand("trap", "trap PLAYER TILE [on|off]", "put a hero's trap token on a tile, or take it off", _trap,
                details="Season-3 trap tokens (G-21, docs/ivion/choices.md): `trap alice b2` sets one "
                        "of alice's trap tokens on b2, `trap alice b2 off` takes it off again.  A player has at "
                        "most one trap token on a tile; players' tokens may share one.  Setting a token by hand "
                        "is not play: no `trap` event fires (a card's `trap` verb fires one).  The board shows "
                        "tokens as ^trap on their tiles; the Trap deck is the zone `traps` (`put ... into "
                        "PLAYER traps`).",
                args=("player", "tile", "onoff"), examples=("trap alice b2", "trap alice b2 off")),
)

HELP_NOTES: Final = {
    "set": "Ivion: values above the usual cap of 5 are allowed (a note says so); `set CARD charge N` "
           "sets a Charged feat's charges (0-9).",
    "put": "Ivion: `put Wish beneath Spellbook` puts a card at the bottom of the pile beneath a card in "
           "play or in a feat zone, face up or down as that card says unless `face up`/`face down` follows.",
    "turn": "Ivion: `turn bob` hands the main phase to bob as it stands (no draw, no new actions); "
            "`turn bob start` begins bob's turn properly: draw, 3 actions, 1 initiative.",
}

HELP_EXAMPLES: Final = {
    "set": ("set bob hp 20", "set alice slow 3", "set alice chivalry on"),
    "put": ("put Icebolt into bob hand", "put Harmony into alice deck 3",
            "put \"Warrior's Banner\" on c2 owner alice for 2 turns"),
    "turn": ("turn alice", "turn bob start"),
}
