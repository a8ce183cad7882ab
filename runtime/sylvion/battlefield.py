"""The battlefield: 4 rows, each with its Ravage stack on the right, 4 spaces, and the
forest as the fifth space on the left; the 12 Edges are the forest's vitality.

Where things are (002 § The Battlefield; § Move Elementals):
- a Ravage card revealed this turn stays on its stack (zone ``ravage:R``, index 0,
  ``revealed``): it is at position 0 of its row;
- a card on the battlefield is in zone ``field``, attached to ``space:a1`` .. ``space:d4``
  (``a1`` is next to the stack, ``a4`` next to the forest) and listed in that space;
- the forest is space 5 (``a5``): an Elemental that reaches it deals its strength as damage
  and is discarded, so nothing ever stays there.

Every change of place goes through this module, so combat, damage and draws happen the
same way whether a rule, a Support card or an Animal moved the Elemental.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.state import Board

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

ROWS: Final = 4
SPACES: Final = 4                 # battlefield spaces per row
FOREST: Final = SPACES + 1        # the fifth space
ROW_NAMES: Final = "abcd"
SYLVAN_DISCARD: Final = "discard"
RAVAGE_DISCARD: Final = "ravage discard"
SUPPLY: Final = "supply"          # the set-aside Blazing Elementals
EDGES: Final = "edges"
DECK: Final = "deck"


def space_key(row: int, n: int) -> str:
    return f"{ROW_NAMES[row]}{n}"


def stack_zone(row: int) -> str:
    return f"ravage:{row}"


def hand(player: int) -> str:
    return f"hand:{player}"


def new_board() -> Board:
    """4 rows x 5 spaces; the fifth space of each row is the forest."""
    return Board.grid("rows", ROWS, FOREST, key=lambda r, c: space_key(r, c + 1),
                      terrain=lambda r, c: "forest" if c + 1 == FOREST else "")


def place_name(row: int, n: int) -> str:
    """Where a card stands, as a person reads it: a space ("b3"), or its row's Ravage stack."""
    return space_key(row, n) if n else f"the Ravage stack of row {ROW_NAMES[row]}"


def move_text(game: "Game", eid: str, row: int, n: int, to: int) -> str:
    """"Elemental 2 moves b1 -> b2", or "leaves the Ravage stack of row b for b1"."""
    if n:
        return f"{game.name(eid)} moves {space_key(row, n)} -> {space_key(row, to)}"
    return f"{game.name(eid)} leaves {place_name(row, n)} for {space_key(row, to)}"


def parse_space(ref: str) -> tuple[int, int]:
    """``space:b3`` or ``b3`` -> (1, 3)."""
    key = ref[6:] if ref.startswith("space:") else ref
    return ROW_NAMES.index(key[0]), int(key[1:])


def position(game: "Game", cid: str) -> tuple[int, int] | None:
    """(row, n): n = 0 on its stack (revealed), 1..4 on the battlefield; None elsewhere."""
    card = game.state.cards.get(cid)
    if card is None:
        return None
    if card.zone == "field" and card.attached_to:
        return parse_space(card.attached_to)
    if card.zone.startswith("ravage:") and card.revealed:
        return int(card.zone[7:]), 0
    return None


def header(game: "Game", cid: str):
    return game.cdef(cid).header


def strength(game: "Game", cid: str) -> int:
    """Printed strength plus any change a card made (Trees fight at 0)."""
    return header(game, cid).strength + game.state.cards[cid].counters.get("strength", 0)


def revealed_tops(game: "Game") -> list[str]:
    """The Ravage cards revealed this turn still on their stacks, row by row."""
    out = []
    zones = game.state.zones
    cards = game.state.cards
    for r in range(ROWS):
        stack = zones[stack_zone(r)]
        if stack and cards[stack[0]].revealed:
            out.append(stack[0])
    return out


def elementals(game: "Game") -> list[str]:
    """Every Elemental in play: on the battlefield and revealed on a stack
    ("those revealed this turn as well as those already on the battlefield")."""
    out = [c for c in revealed_tops(game) if header(game, c).is_elemental]
    out.extend(c for c in game.state.zones["field"] if header(game, c).is_elemental)
    return out


def space_cards(game: "Game", row: int, n: int) -> list[str]:
    return game.state.board.spaces[space_key(row, n)].cards


def is_empty(game: "Game", row: int, n: int) -> bool:
    return 1 <= n <= SPACES and not space_cards(game, row, n)


def lift(game: "Game", cid: str) -> None:
    """Take a card off its space (it is about to go somewhere else)."""
    card = game.state.cards[cid]
    if card.attached_to.startswith("space:"):
        cards = game.state.board.spaces[card.attached_to[6:]].cards
        if cid in cards:
            cards.remove(cid)
    card.attached_to = ""


def put(game: "Game", cid: str, row: int, n: int) -> None:
    """Stand a card in a battlefield space (no combat: see ``enter``)."""
    lift(game, cid)
    card = game.state.cards[cid]
    card.revealed = True
    key = space_key(row, n)
    if card.zone != "field":
        game.move_card(cid, "field")
    card.attached_to = "space:" + key
    game.state.board.spaces[key].cards.append(cid)


def discard(game: "Game", cid: str) -> None:
    """To its side's discard pile: the Sylvan one or the Ravage one (002 § Combat)."""
    lift(game, cid)
    card = game.state.cards[cid]
    card.counters.pop("strength", None)
    side = header(game, cid).side
    game.move_card(cid, SYLVAN_DISCARD if side == "sylvan" else RAVAGE_DISCARD)
    card.revealed = True


def destroy(game: "Game", cid: str, cause: str) -> None:
    """Destroyed means discarded; a destroyed Fountain draws the active player a card
    (002 § Combat: "when a Fountain card is destroyed, you get to draw one card")."""
    name = game.name(cid)
    kind = header(game, cid).kind
    discard(game, cid)
    game.log("destroy", f"{name} is destroyed", cause)
    game.emit("destroy", card=cid, bind={"it": cid})
    if kind == "fountain":
        draw(game, game.state.active, 1, f"{name} destroyed")


# ---- the forest's vitality: Edges ------------------------------------------------


def edges(game: "Game", desolated: bool) -> list[str]:
    cards = game.state.cards
    return [e for e in game.state.zones[EDGES] if bool(cards[e].counters.get("desolated")) == desolated]


def lose(game: "Game", why: str) -> None:
    state = game.state
    if state.over:
        return
    state.over = True
    state.winner = -1
    state.result = f"lost: {why}"
    state.pending = None
    game.log("end", state.result)


def win(game: "Game", why: str) -> None:
    state = game.state
    state.over = True
    state.winner = 0
    state.result = f"won: {why}"
    state.pending = None
    game.log("end", state.result)


def damage(game: "Game", amount: int, cause: str) -> None:
    """Each point of damage flips an Edge from Bloom to Desolated; when one can't be
    flipped, the game is lost at once (002 § The Battlefield; § Move Elementals)."""
    for _ in range(amount):
        if game.state.over:
            return
        blooms = edges(game, False)
        if not blooms:
            lose(game, f"{cause} deals damage and every Edge is already Desolated")
            return
        flip(game, blooms[0], True, cause)


def heal(game: "Game", amount: int, cause: str) -> int:
    """Flip up to ``amount`` Edges from Desolated to Bloom; returns how many flipped."""
    done = 0
    for _ in range(amount):
        dead = edges(game, True)
        if not dead:
            break
        flip(game, dead[0], False, cause)
        done += 1
    return done


def flip(game: "Game", edge: str, desolated: bool, cause: str) -> None:
    card = game.state.cards[edge]
    card.counters["desolated"] = int(desolated)
    side = "Desolated" if desolated else "Bloom"
    left = len(edges(game, False))
    game.log("edge", f"an Edge flips to {side} ({left} Bloom left)", cause)
    game.emit("flip", card=edge, side=side.lower(), bind={"it": edge})
    game.emit("desolate" if desolated else "bloom", card=edge, bind={"it": edge})


# ---- drawing ----------------------------------------------------------------------


def draw(game: "Game", player: int, n: int, cause: str) -> int:
    """Draw from the Defender deck, shuffling the discard into a new deck when it runs
    out (002 § Reinforcements).  Returns how many were drawn."""
    state = game.state
    deck = state.zones[DECK]
    got = []
    for _ in range(n):
        if not deck:
            pile = state.zones[SYLVAN_DISCARD]
            if not pile:
                game.log("draw", "the Defender deck and its discard are both empty: no card drawn", cause)
                break
            for cid in list(pile):
                game.move_card(cid, DECK)
                state.cards[cid].revealed = False
            game.shuffle(DECK)
            game.log("reshuffle", f"the Sylvan discard ({len(deck)} cards) is shuffled into a new Defender deck", cause)
            deck = state.zones[DECK]
        cid = deck[0]
        game.move_card(cid, hand(player))
        got.append(cid)
    if got:
        who = state.players[player].name
        secret = state.options.get("mode") == "silence"
        if secret:
            game.log("draw", f"{who} draws {len(got)} card{'s' if len(got) != 1 else ''}", cause)
        game.log("draw", f"{who} draws {', '.join(game.name(c) for c in got)}", cause, player,
                 private=secret)
    return len(got)


# ---- movement and combat ------------------------------------------------------------


def enter(game: "Game", eid: str, row: int, n: int, cause: str) -> None:
    """An Elemental enters a space: combat with a Tree or Fountain there (002 § Combat).

    The weaker card is destroyed; if the defender was weaker the Elemental takes its place;
    if the Elemental was weaker it is destroyed and the defender stays; a tie destroys both.
    """
    name = game.name(eid)
    key = space_key(row, n)
    for did in [c for c in space_cards(game, row, n) if header(game, c).is_defender]:
        mine, theirs = strength(game, eid), strength(game, did)
        dname = game.name(did)
        game.log("combat", f"combat at {key}: {name} ({mine}) against {dname} ({theirs})", cause)
        if mine > theirs:
            destroy(game, did, f"combat with {name}")
        elif mine < theirs:
            destroy(game, eid, f"combat with {dname}")
            return
        else:
            destroy(game, eid, f"tie with {dname}")
            destroy(game, did, f"tie with {name}")
            return
        if game.state.over:
            return
    put(game, eid, row, n)
    game.emit("enter", card=eid, space=key, bind={"it": eid})


def shift(game: "Game", eid: str, steps: int, cause: str) -> None:
    """Move one Elemental ``steps`` spaces (positive: left, towards the forest), one space
    at a time so it fights whatever stands in its way; reaching the forest deals damage."""
    where = position(game, eid)
    if where is None:
        return
    row, n = where
    step = 1 if steps > 0 else -1
    for _ in range(abs(steps)):
        if game.state.over or position(game, eid) is None:
            return
        target = n + step
        if target < 1:
            return
        if target >= FOREST:
            hit = strength(game, eid)
            name = game.name(eid)
            game.log("forest", f"{name} reaches the forest in row {ROW_NAMES[row]}: {hit} damage", cause)
            discard(game, eid)
            damage(game, hit, name)
            return
        game.log("move", move_text(game, eid, row, n, target), cause)
        enter(game, eid, row, target, cause)
        n = target


def march_order(game: "Game", movers: list[str]) -> list[str]:
    """The order Elementals moving "at once" go in: rows top to bottom, in each row the one
    nearest the forest first (see ``advance_all``)."""
    return sorted(movers, key=lambda c: (position(game, c) or (9, 0))[0] * 10 - (position(game, c) or (0, 0))[1])


def advance_all(game: "Game", cause: str, who: list[str] | None = None) -> None:
    """Every Elemental moves one space left at once (002 § Move Elementals; § Simoon).

    "At once": the one nearest the forest goes first in each row, so a space is free by the
    time the one behind it arrives.  Rows are done top to bottom (a reading: the order only
    matters for which Edge flips first, and Edges are alike in the introductory game).
    """
    for eid in march_order(game, elementals(game) if who is None else list(who)):
        if game.state.over:
            return
        if position(game, eid) is not None:
            shift(game, eid, 1, cause)
