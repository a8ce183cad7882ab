"""Zones that cards make (IV-ZONE-6): piles beneath a card, and a player's Collection.

- **Beneath a card** (Spellbook, Stormstruck, Disguise): the zone ``beneath:CARD ID``
  (``core.state.card_zone``).  It is a hidden zone (``IvionRules.secret_zones``); a card
  put there face up is revealed, so everyone sees it (``Game.view`` shows revealed cards
  wherever they are), and a card put there face down is not, so no one does.  A card's
  script says its pile is face down with ``static beneath_face_down`` (Spellbook and
  Disguise: "facedown underneath"); otherwise it is face up.  The pile stays while its
  card is in play or pending (feat zone, Field, the pending-card area: a played feat comes
  back to its feat zone, 001 § Feats); when the card leaves play, the cards beneath it
  are removed from the game (docs/ivion/choices.md, "Piles beneath a card").
- **Collection** (Tourneygoer: "from your Collection"): the cards a deck file names on
  ``collection N "CARD"`` lines, kept outside the game in ``collection:N``, seen by their
  owner only.  They are not in the deck: no draw, shuffle or exhaustion sees them.

Both are filled at character creation from the deck (``setup``), and moved by the verb
``put`` (``verbs_piles.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Iterable, Mapping

from .players import beneath, zone
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

COLLECTION: Final = "collection"
#: the static by which a card says the cards beneath it are face down
FACE_DOWN: Final = "beneath_face_down"
#: the static by which a card says what a deck puts beneath it at character creation:
#: ``= N, KIND, COPIES[, different|repeats]`` (Spellbook ``= 3, archmage, 2``: three different
#: Archmage cards, and up to two copies of each may go in the deck; Disguise ``= 3, trait, 0,
#: repeats``: three traits).  Only deck checking reads it (``deck_piles.py``);
#: in play it does nothing.
AT_CREATION: Final = "beneath_at_creation"
#: where a card with a pile may be and keep it: in play, or played and not yet resolved
KEEPS_PILE: Final = ("feats", "field", "stack", "limbo")


def pile(game: "Game", card_id: str) -> list[str]:
    """The cards beneath a card, top first (empty if none)."""
    return game.state.zones.get(beneath(card_id), [])


def face_down(game: "Game", holder: str) -> bool:
    """Whether the card's script says the cards beneath it are face down."""
    return any(getattr(ab, "rule", "") == FACE_DOWN for ab in game.cdef(holder).abilities)


def put_beneath(game: "Game", holder: str, cards: Iterable[str], cause: str) -> list[str]:
    """Put cards beneath ``holder``, face up or face down as the holder says: a face-up
    card is revealed (everyone sees it), a face-down one is not (no one does)."""
    where = beneath(holder)
    moved = list(cards)
    for cid in moved:
        move(game, cid, where)
    _placed(game, holder, moved, cause)
    return moved


def _placed(game: "Game", holder: str, cards: list[str], cause: str) -> None:
    """Turn the cards now beneath ``holder`` face up or down, and say so (the names of a
    face-down card reach its owner only)."""
    if not cards:
        return
    down = face_down(game, holder)
    for cid in cards:
        game.state.cards[cid].revealed = not down
    owner = game.state.cards[holder].owner
    how = "face down" if down else "face up"
    names = ", ".join(game.name(c) for c in cards)
    game.log("beneath", f"{names} go {how} beneath {game.name(holder)}", cause, owner, private=down)
    if down:
        what = "a card goes" if len(cards) == 1 else f"{len(cards)} cards go"
        game.log("beneath", f"{what} face down beneath {game.name(holder)}", cause, owner)


def release(game: "Game", holder: str, cause: str = "") -> None:
    """The card ``holder`` left play: the cards beneath it are removed from the game
    (choices.md, "Piles beneath a card"; a face-down card becomes revealed as it enters
    that public zone, IV-ZONE-3)."""
    cards = list(game.state.zones.get(beneath(holder), ()))
    if not cards:
        return
    name = game.name(holder) if holder in game.state.cards else holder
    for cid in cards:
        move(game, cid, zone("removed", game.state.cards[cid].owner))
    game.log("beneath", f"{name} left play: the {len(cards)} card(s) beneath it are removed from the game "
             f"({', '.join(game.name(c) for c in cards)})", cause or name)


def leaves_play(game: "Game", holder: str, to: str, cause: str = "") -> None:
    """Call when ``holder`` moves to ``to``: outside the places that keep a pile, it goes."""
    if to.partition(":")[0] not in KEEPS_PILE and game.state.zones.get(beneath(holder)):
        release(game, holder, cause)


# ---- character creation ------------------------------------------------------------------

def setup(game: "Game", player: int, deck: Mapping) -> None:
    """Fill a player's card-made zones from their deck: the ``collection`` (outside the
    game) and, for each feat a ``beneath`` line names, the cards put beneath it during
    character creation (Spellbook's Archmage cards, Disguise's traits).  A deck without
    them makes no zone, so a game without them is the game it always was."""
    if deck.get("collection"):
        game.create_cards(deck["collection"], player, zone(COLLECTION, player))
    for holder_name, names in (deck.get("beneath") or {}).items():
        holder = next((c for c in game.state.zones.get(zone("feats", player), ())
                       if game.name(c).casefold() == holder_name.casefold()), None)
        if holder is None or not names:
            continue
        _placed(game, holder, game.create_cards(names, player, beneath(holder)), "character creation")
