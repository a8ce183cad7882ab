"""The nouns that name players, tiles and cards in Ivion's selectors ("target enemy",
"each empty tile", "target attached card"), and what each names."""
from __future__ import annotations

from typing import Final

from . import board

PLAYER_NOUNS: Final = {"enemy": "enemy", "enemies": "enemy", "opponent": "enemy", "opponents": "enemy",
                       "player": "any", "players": "any", "character": "any", "characters": "any",
                       "ally": "ally", "allies": "ally"}
TILE_NOUNS: Final = {"tile": False, "tiles": False, "empty tile": True, "empty tiles": True}
#: one word for the nouns that name the same choices ("enemy" and "opponents"), so a
#: listing works out each set of choices once however the cards in hand word it
SAME_CHOICES: Final = {**{n: {"enemy": "enemy", "any": "player", "ally": "ally"}[side] for n, side in PLAYER_NOUNS.items()},
                       **{n: "empty tile" if empty else "tile" for n, empty in TILE_NOUNS.items()}}
#: every tile's reference, made once: a tile noun's candidates are all of them
TILE_REFS: Final = tuple("tile:" + t for t in board.TILES)
CARD_NOUNS: Final = {"card": False, "cards": False, "attached card": True, "attached cards": True,
                     "attack card": False, "attack cards": False}
