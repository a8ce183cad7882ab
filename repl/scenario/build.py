"""Building a scenario's board in a REPL session, through the REPL's own commands.

The board a scenario describes becomes the same commands a designer would type (``set``,
``put``, ``place``, ``terrain``, ``trap``, ``turn`` ...), each remembering the scenario line it came
from, so a board that can't be built is reported at its line, and every game-specific
edit goes through the game's REPL view.  The undo history starts at the built board.
"""
from __future__ import annotations

from typing import Any

from cardsmith.dsl.errors import CardError
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.effects import Loc
from cardsmith.runtime.core.errors import CardsmithError

from ..commands import execute
from ..decks import default_decks, load_deck_lists
from ..session import Session
from .check import Prepared, deck_path, fail
from .marks import apply_marks


def q(name: str) -> str:
    return '"' + name + '"'


def board_commands(prep: Prepared, game: Any = None) -> tuple[list[tuple[str, Loc]], ...]:
    """(REPL command, scenario location) pairs that turn a new game into the scenario's board,
    in three parts: zones, stats and flags; terrain, trap tokens and attached cards (built
    while the heroes are lifted off the board, since a hero may stand on a tile with an
    attached card, IV-MOVE-6); whose turn.  A zone that already holds exactly the listed cards (feats dealt
    from the scenario's own list) is left alone: its cards may already have triggered."""
    sdef, view = prep.sdef, prep.view
    players: list[tuple[str, Loc]] = []
    for i, p in enumerate(sdef.players):
        for kind, entries, loc in p.zones:
            if game is not None and not any(e.revealed or e.values for e in entries):
                have = [game.state.cards[c].name for c in game.state.zones.get(view.zone_key(kind, i), ())]
                if have == [e.name for e in entries for _ in range(e.count)]:
                    continue
            players.append((f"empty {p.name} {kind}", loc))
            for e in entries:
                for _ in range(e.count):
                    values = "".join(f" {k} {v}" for k, v in e.values)
                    players.append((f"put {q(e.name)} into {p.name} {kind} bottom{values}", e.loc))
                    if e.revealed:
                        players.append((f"reveal {p.name} {q(e.name)}", e.loc))
        stats = sorted(p.stats, key=lambda s: view.stats.get(s[0]) != "max_hp")   # max_hp before hp
        for key, value, loc in stats:
            players.append((f"set {p.name} {key} {value}", loc))
        for flag, loc in p.flags:
            players.append((f"set {p.name} {flag} on", loc))
    field: list[tuple[str, Loc]] = []
    for tile, kind, loc in sdef.terrain:
        field.append((f"terrain {tile} {kind}", loc))
    for a in sdef.attached:
        line = f"put {q(a.card)} on {a.target}"
        if a.owner:
            line += f" owner {a.owner}"
        if a.turns:
            line += f" for {a.turns} turns"
        if a.until_end_of_turn:
            line += " until end of turn"
        field.append((line, a.loc))
    for t in sdef.traps:
        field.append((f"trap {t.player} {t.tile}", t.loc))
    turn: list[tuple[str, Loc]] = []
    if sdef.turn is not None:
        who, phase, loc = sdef.turn
        phase = phase or view.first_phase()
        already = game is not None and game.state.active == prep.names.index(who) and phase == "main" \
            and not sdef.turn_number
        if not already:             # the game started on that turn: don't restart it
            turn.append((f"turn {who} {phase}" + (f" {sdef.turn_number}" if sdef.turn_number else ""), loc))
    elif game is not None and not game.state.agenda and game.pending is None and not game.state.over \
            and view.phases():      # a game held before its first turn (Sylvion): start it
        turn.append((f"turn {game.state.players[0].name} {view.phases()[0]}", sdef.game_loc))
    return players, field, turn


def _decks(prep: Prepared) -> list[Any] | None:
    """Deck lists per player: a ``deck`` named in the scenario, else the game's default."""
    rules = get_game(prep.sdef.game)
    defaults = default_decks(rules)
    if defaults is None:
        return None
    decks = list(defaults)
    for i, p in enumerate(prep.sdef.players):
        if p.deck is None:
            continue
        # the scenario's own cards too; a problem is located in the deck file already
        decks[i] = load_deck_lists(deck_path(prep.sdef, *p.deck), rules, prep.library)
        for kind, entries, _ in p.zones:       # feats named in the scenario set the hero's HP
            if kind == "feats":
                decks[i] = dict(decks[i], feats=[e.name for e in entries for _ in range(e.count)])
    for i, p in enumerate(prep.sdef.players):
        if p.deck is None:
            for kind, entries, _ in p.zones:
                if kind == "feats":
                    decks[i] = dict(decks[i], feats=[e.name for e in entries for _ in range(e.count)])
    return decks


def new_session(prep: Prepared) -> Session:
    """A REPL session on the scenario's board (its script not run)."""
    sdef = prep.sdef
    session = Session(sdef.game, start=False)
    session.library = prep.library
    options: dict[str, Any] = {}
    for key, value, _ in sdef.options:
        options[key] = value
    first = None
    if sdef.turn is not None:
        first = session.view.first_option(prep.names.index(sdef.turn[0]), prep.names, options)
    try:
        game = _new_game(session, prep, first, options)
    except CardError:
        raise                           # located already (a deck line, a deck file)
    except CardsmithError as exc:
        raise fail(sdef, sdef.game_loc, f"can't start the game: {exc}") from None
    tiles = set(session.view.spaces(game))
    for p in sdef.players:
        if p.position is not None and p.position[0] not in tiles:
            raise fail(sdef, p.position[1], f"'{p.position[0]}' is not a tile", "tiles: " + ", ".join(sorted(tiles)))
    session.set_auto(sdef.auto is not False)
    session.start_auto = session.auto
    players, field, turn = board_commands(prep, game)
    _run(session, prep, players)
    if field:
        lifted = _lift(session, prep)
        _run(session, prep, field)
        _place(session, prep, lifted)
    else:
        _place(session, prep, {})
    _fill_piles(session, prep)
    _mark_used(session, prep)
    _run(session, prep, turn)
    apply_marks(session, prep)
    # the scenario's board is where the story starts: nothing before it to undo or save
    session.marks.clear()
    session.redo_marks.clear()
    session.history = []
    session.unsaved = False
    session.g._undo.clear()
    session.g._redo.clear()
    session.scenario = prep
    return session


def _new_game(session: Session, prep: Prepared, first: int | None, options: dict[str, Any]) -> Any:
    sdef = prep.sdef
    opts = session.view.default_options()
    opts.update(session.view.scenario_options(sdef.turn[1] if sdef.turn else ""))
    decks = _decks(prep)
    if decks is not None:       # with the cards the decks import
        opts["decks"], session.library, files = session.deck_cards(decks)
        session.card_paths += files
    opts["names"] = prep.names
    if sdef.ruleset:
        opts["ruleset"] = sdef.ruleset
    if sdef.variant:
        opts["variant"] = sdef.variant
    if first is not None:
        opts["first"] = first
    opts.update(options)
    game = Game.new(get_game(sdef.game), session.library, seed=sdef.seed, **opts)
    session._adopt(game)
    return game


def _run(session: Session, prep: Prepared, lines: list[tuple[str, Loc]]) -> None:
    for line, loc in lines:
        result = execute(session, line)
        if not result.ok:
            raise fail(prep.sdef, loc, "can't set up the board: " + result.text.removeprefix("error: ").split("\n")[0],
                       f"(the REPL command was: {line})")


def _lift(session: Session, prep: Prepared) -> dict[int, str]:
    """Take every hero off the board (remembering where undeclared ones stood)."""
    game = session.g
    where = {p.index: p.position for p in game.state.players if p.position}
    with session.edit("heroes lifted off the board while cards are attached"):
        for p in game.state.players:
            p.position = ""
    return where


def _fill_piles(session: Session, prep: Prepared) -> None:
    """``beneath "CARD": ...`` lines, once the zones and attached cards are there: the Nth
    line naming a card is its Nth copy among the player's cards that may hold a pile (feat
    zone, then play).  A pile the scenario lists holds exactly its cards (one the deck made,
    Spellbook's, is replaced), each put with ``put CARD beneath ID``."""
    game = session.g
    for i, p in enumerate(prep.sdef.players):
        taken: set[str] = set()
        for k, pile in enumerate(p.piles):
            holder = next((c for c in prep.view.pile_holders(game, i)
                           if c not in taken and game.state.cards[c].name.casefold() == pile.holder.casefold()), None)
            if holder is None:
                nth = sum(1 for other in p.piles[:k] if other.holder.casefold() == pile.holder.casefold())
                what = f"copy {nth + 1} of {q(pile.holder)}" if nth else q(pile.holder)
                raise fail(prep.sdef, pile.loc, f"can't set up the board: {p.name} has no {what} "
                           "in play or in their feat zone to put cards beneath",
                           f"list it first (`feats: {q(pile.holder)}`, or an `attach` line with owner {p.name})")
            taken.add(holder)
            old = prep.view.pile(game, holder)
            if old:
                with session.edit(f"the {len(old)} card(s) beneath {game.name(holder)} [{holder}] taken out"):
                    for cid in old:
                        game.remove_card(cid)
            lines = [(f"put {q(e.name)} beneath {holder}" + (f" face {e.face}" if e.face else ""), e.loc)
                     for e in pile.entries for _ in range(e.count)]
            _run(session, prep, lines)


def _mark_used(session: Session, prep: Prepared) -> None:
    """Feats listed as ``used``: already played, locked until their owner's next turn."""
    marks = []
    for i, p in enumerate(prep.sdef.players):
        for kind, entries, _ in p.zones:
            ids = list(session.g.state.zones.get(prep.view.zone_key(kind, i), ()))
            k = 0
            for e in entries:
                for _ in range(e.count):
                    if e.used and k < len(ids):
                        marks.append((ids[k], e.loc))
                    k += 1
    if not marks:
        return
    try:
        with session.edit("feats marked as used: " + ", ".join(session.g.name(c) for c, _ in marks)):
            for cid, loc in marks:
                try:
                    prep.view.set_used(session.g, cid)
                except CardsmithError as exc:
                    raise CardError(str(exc), loc.file, loc.line, loc.col) from None
    except CardError as err:
        raise fail(prep.sdef, Loc(err.file, err.line, err.col), "can't set up the board: " + err.message) from None


def _place(session: Session, prep: Prepared, lifted: dict[int, str]) -> None:
    """Heroes to their tiles: all lifted first, so two heroes may swap corners.  Heroes the
    scenario gives no tile go back where they stood."""
    declared = {prep.names.index(p.name): p.position for p in prep.sdef.players if p.position is not None}
    moves = [(i, declared.get(i) or (tile, Loc())) for i, tile in sorted(lifted.items())] if lifted else []
    moves += [(i, pos) for i, pos in declared.items() if i not in lifted]
    if not moves:
        return
    game = session.g
    try:
        with session.edit("heroes placed: " + ", ".join(f"{prep.names[i]} {t}" for i, (t, _) in moves)):
            for i, _ in moves:
                game.state.players[i].position = ""
            for i, (tile, loc) in moves:
                try:
                    session.view.place(game, i, tile)
                except CardsmithError as exc:
                    raise CardError(str(exc), loc.file, loc.line, loc.col) from None
    except CardError as err:
        raise fail(prep.sdef, Loc(err.file, err.line, err.col), "can't set up the board: " + err.message) from None
