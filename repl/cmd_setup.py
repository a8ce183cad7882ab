"""Commands that build a board by hand: new games, stats, cards, turns, and cards defined on
the spot.  Every edit is logged and can be undone (``Session.edit``).  What only one game
has (Ivion's heroes on tiles, terrain and trap tokens) its view brings
(``GameView.commands``, ``registry.game_commands``), with its words in these commands' help
(``help_notes``), so nothing here names a game."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardsmith import DEFAULT_GAME
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.registry import game_names, get_game
from cardsmith.runtime.core.shapes import numeral
from cardsmith.runtime.core.validate import WIDE

from .registry import Call, command, take_card, take_int
from .decks import named_deck
from .session import Session, refuse_in_use
from cardsmith.runtime.core.errors import CommandError

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

PUT_INTO = ("into", "in", "to")
PUT_HOW = (*PUT_INTO, "on", "beneath")   # the words after the card in `put CARD ...`
ON = {"on", "yes", "true", "1"}
OFF = {"off", "no", "false", "0"}


def on_stack(game: "Game", cid: str) -> bool:
    """Whether a played card waits on the stack (whatever the game calls it and its zone)."""
    return game.state.cards[cid].zone == "stack" or any(it.card == cid for it in game.state.stack)


def _player(session: Session, words: list[str]) -> tuple[int, list[str]]:
    if not words:
        raise CommandError("which player? (" + ", ".join(session.player_names()) + ")")
    return session.player_index(words[0]), words[1:]


def _no_more(words: list[str]) -> None:
    if words:
        raise CommandError(f"unexpected '{' '.join(words)}'")


@command("new", "new [GAME] [seed N] [ruleset NAME] [names A B] [first PLAYER] [decks DECK DECK]",
         "start a new game (default: the game being played, or the default game, with its default decks)",
         details=f"GAME is any game the engine knows ({DEFAULT_GAME} when the REPL opens), with its own "
                 "options after it.  Decks are deck "
                 "files or the names of the game's bundled decks.  `first` picks who goes first (a name or "
                 "0/1); otherwise the seed decides.  Starting a new game clears the undo history.",
         topic="setup", args=("game",), examples=("new seed 7", "new ruleset original first bob"))
def cmd_new(session: Session, call: Call) -> str:
    words = list(call.words)
    game = session.game_name
    if words and words[0].casefold() in game_names():
        game = words.pop(0).casefold()
    rules = get_game(game)
    view = session.view if game == session.game_name else rules.game_view()
    opts: dict = {}
    extra: dict = {}
    names: list[str] | None = None
    first = None
    while words:
        key = words.pop(0).casefold()
        if key == "seed":
            opts["seed"], words = take_int(words, "the seed", maximum=WIDE["seed"][1])
        elif key == "ruleset":
            if not words:
                raise CommandError(f"missing ruleset name ({' or '.join(rules.rulesets)})")
            opts["ruleset"] = words.pop(0)
        elif key == "names":
            if len(words) < 2:
                raise CommandError("names takes two player names")
            names, words = [words[0], words[1]], words[2:]
        elif key == "first":
            if not words:
                raise CommandError("first takes a player name or number")
            first = words.pop(0)
        elif key == "decks":
            if len(words) < 2:
                raise CommandError("decks takes two deck files (or bundled deck names)")
            cards = session.library if game == session.game_name else None
            opts["decks"] = [named_deck(w, rules, cards) for w in words[:2]]
            words = words[2:]
        else:
            got = view.new_option(key, words)
            if got is None:
                raise CommandError(f"unknown option '{key}' (seed, ruleset, names, first, decks"
                                   " and the game's own)")
            more, words = got
            extra.update(more)
    if first is not None:
        pnames = names or ["alice", "bob"]
        if numeral(first) is not None:
            opts["first"] = numeral(first)
        elif first in pnames:
            opts["first"] = pnames.index(first)
        else:
            raise CommandError(f"first: no player '{first}'")
        if opts["first"] not in (0, 1):
            raise CommandError("first must be 0 or 1")
    if game != session.game_name:
        old = (session.game_name, session.view, session.library, session.card_paths, session.defined,
               session.ai, session.game)
        session.switch_game(game)
    else:
        old = None
    try:
        session.new_game(names=names, extra=extra, **opts)
    except (KeyError, ValueError, CardsmithError) as exc:
        if old is not None:       # back to the game we were playing
            (session.game_name, session.view, session.library, session.card_paths, session.defined,
             session.ai, session.game) = old
        raise CommandError(f"can't start that game: {exc}") from None
    lines = session.log_since(0)
    lines += session.advance()
    lines.append(session.status())
    return "\n".join(lines)


@command("set", "set PLAYER STAT N | set PLAYER FLAG on|off | set CARD VALUE N",
         "set a player's stat or flag, or a number a card carries, in the game's own words",
         details="The game's stats, flags and card values are listed below.  Every edit is logged "
                 "and can be undone.",
         topic="setup", args=("player", "stat"))
def cmd_set(session: Session, call: Call) -> str:
    view = session.view
    # `set CARD VALUE N`: a card's name or one of the game's card values; else a player's
    if call.words and view.card_values and \
            call.words[0].casefold() not in [n.casefold() for n in session.player_names()] and \
            (any(w.casefold() in view.card_values for w in call.words[1:])
             or call.words[0] in session.g.library):
        return _set_card(session, call.words)
    player, words = _player(session, call.words)
    if not words:
        raise CommandError("which stat? (" + ", ".join(sorted(set(view.stats) | set(view.player_values))) + ")")
    key = words[0].casefold()
    p = session.g.state.players[player]
    if key in view.player_values:
        n, rest = take_int(words[1:], f"the new {key}")
        _no_more(rest)
        old = view.player_value(session.g, player, key)
        out = []
        with session.edit(f"{p.name}: {key} {old} -> {n}"):
            out.append(view.set_player_value(session.g, player, key, n))
        return out[0]
    if key in view.flags:
        flag = view.flags[key]
        if len(words) != 2 or words[1].casefold() not in ON | OFF:
            raise CommandError(f"set {p.name} {key} on|off")
        value = words[1].casefold() in ON
        with session.edit(f"{p.name}: {flag} set to {'on' if value else 'off'}"):
            p.flags[flag] = value
        return f"{p.name}: {key} {'on' if value else 'off'}"
    if key not in view.stats:
        raise CommandError(f"unknown stat '{key}' (stats: {', '.join(sorted(set(view.stats.values()) | set(view.player_values)))};"
                           f" flags: {', '.join(sorted(set(view.flags)))})")
    stat = view.stats[key]
    n, rest = take_int(words[1:], f"the new {stat}", minimum=1 if stat in ("hp", "max_hp") else 0)
    _no_more(rest)
    old = view.stat_value(session.g.state, player, stat)
    notes = []
    with session.edit(f"{p.name}: {stat} {old} -> {n}"):
        note = view.set_stat(session.g, player, stat, n)
        if stat == "hp" and n > p.stats.get("max_hp", n):
            p.stats["max_hp"] = n
            notes.append(f"max_hp raised to {n}")
        if stat == "max_hp" and p.stats.get("hp", 0) > n:
            p.stats["hp"] = n
            notes.append(f"hp lowered to {n}")
    if note:
        notes.append(note)
    return f"{p.name}: {stat} {old} -> {n}" + (f" ({'; '.join(notes)})" if notes else "")


def _value_card(session: Session, name: str) -> str:
    """A card by id, or by name on the battlefield (the game's ``value_zones``), for ``set CARD``."""
    game = session.g
    if name in game.state.cards:
        return name
    for p in game.state.players:
        for kind in session.view.value_zones:
            for cid in game.state.zones.get(session.view.zone_key(kind, p.index), ()):
                if game.state.cards[cid].name == name:
                    return cid
    raise CommandError(f"no {name} in play ({', '.join(session.view.value_zones)}); "
                       "or a player? (" + ", ".join(session.player_names()) + ")")


def _take_values(session: Session, words: list[str]) -> tuple[list[tuple[str, int]], list[str]]:
    """Leading ``KEY N`` pairs naming the game's card values (``damage 2 ikorr 1``)."""
    out = []
    while len(words) >= 2 and words[0].casefold() in session.view.card_values:
        key = words[0].casefold()
        n, words = take_int(words[1:], f"the {key}")
        out.append((key, n))
    return out, words


def _set_card(session: Session, words: list[str]) -> str:
    view = session.view
    name, words = take_card(session, words, view.card_values)
    cid = _value_card(session, name)
    if not words or words[0].casefold() not in view.card_values:
        raise CommandError(f"set CARD VALUE N (values: {', '.join(view.card_values)})")
    values, rest = _take_values(session, words)
    _no_more(rest)
    game = session.g
    out = []
    what = ", ".join(f"{k} {view.card_value(game, cid, k)} -> {n}" for k, n in values)
    with session.edit(f"{game.name(cid)} [{cid}]: {what}"):
        for key, n in values:
            out.append(view.set_card_value(game, cid, key, n))
    return "; ".join(out)


def _position(words: list[str], zone_kind: str) -> tuple[int | None, str, list[str]]:
    """Where in the zone: top (index 0), bottom (None) or the Nth from the top."""
    default = "top" if zone_kind == "deck" else "bottom"
    if not words:
        return (0 if default == "top" else None), default, words
    w = words[0].casefold()
    if w == "top":
        return 0, "top", words[1:]
    if w == "bottom":
        return None, "bottom", words[1:]
    place = numeral(w)
    if place is not None and place >= 1:
        return place - 1, f"position {w}", words[1:]
    return (0 if default == "top" else None), default, words


@command("put", "put CARD into PLAYER ZONE [top|bottom|N] [VALUE N ...] | put CARD on PLAYER|TILE [owner PLAYER] [for N turns] [until end of turn] | put CARD beneath CARD [face up|face down]",
         "put any card into any zone, or attach it to a player or a tile",
         details="ZONE is one of the game's zones (listed below); in a deck, top is the default and N "
                 "counts from the top (1 = top).  CARD is a card name (a new copy is made) or a card "
                 "id like card12 (that card moves).  Attached cards belong to the active player unless "
                 "`owner` says otherwise.  Quote names with odd characters: \"Warrior's Strike\" works "
                 "unquoted too.  The game's card values may follow.",
         topic="setup", args=("card", "put-how", "player-or-tile", "zone"))
def cmd_put(session: Session, call: Call) -> str:
    name, words = take_card(session, call.words, PUT_HOW)
    if not words:
        raise CommandError("put CARD into PLAYER ZONE, or put CARD on PLAYER|TILE")
    how = words.pop(0).casefold()
    game = session.g
    existing = name in game.state.cards
    if existing and on_stack(game, name):
        raise CommandError(f"that card is on the {game.rules.stack_word}; it can't be moved by hand")
    if existing:
        refuse_in_use(game, [name], "moved")
    if how in PUT_INTO:
        player, words = _player(session, words)
        if not words or words[0].casefold() not in session.view.zone_kinds:
            raise CommandError(f"which zone? ({', '.join(session.view.zone_kinds)})")
        kind = words.pop(0).casefold()
        index, where, words = _position(words, kind)
        values, words = _take_values(session, words)
        _no_more(words)
        zone_key = session.view.zone_key(kind, player)
        label = session.view.zone_label(game, zone_key)
        made = []
        with session.edit(f"{game.library.get(game.state.cards[name].name if existing else name).name} put into {label} ({where})"):
            size = len(game.state.zones.get(zone_key, ()))
            if index is not None and index > size:
                raise CommandError(f"{label} has only {size} cards")
            if existing:
                session.view.detach(game, name)
                game.move_card(name, zone_key, index)
                cid = name
            else:
                cid = game.create_card(name, player, zone_key, index=index)
            made.append(cid)
            session.view.after_put(game, cid)
            notes = [session.view.set_card_value(game, cid, key, n) for key, n in values]
        return f"{game.name(made[0])} [{made[0]}] is now in {label} ({where})" + \
            "".join(f"; {n.split(': ', 1)[-1]}" for n in notes)
    if how == "on":
        if not words:
            raise CommandError("on which player or tile?")
        target = words.pop(0)
        if target.casefold() in [t.casefold() for t in session.view.spaces(game)]:
            ref = "tile:" + target.casefold()
        else:
            ref = f"player:{session.player_index(target)}"
        owner, duration, eot = game.state.active, 0, False
        while words:
            w = words.pop(0).casefold()
            if w == "owner":
                owner, words = _player(session, words)
            elif w == "for":
                duration, words = take_int(words, "the duration", minimum=1)
                if words and words[0].casefold() in ("turn", "turns"):
                    words = words[1:]
            elif w == "until" and [x.casefold() for x in words[:3]] == ["end", "of", "turn"]:
                eot, words = True, words[3:]
            else:
                raise CommandError(f"unexpected '{w}' (owner PLAYER, for N turns, until end of turn)")
        out = []
        with session.edit(f"{game.library.get(game.state.cards[name].name if existing else name).name} attached to "
                          f"{session.view.describe_ref(game, ref)} by hand"):
            if existing:
                session.view.detach(game, name)
                cid = name
                game.state.cards[cid].controller = owner
            else:
                cid = game.create_card(name, owner, "field")
            out.append(session.view.attach(game, cid, ref, duration, eot) + f" [{cid}]")
        return out[0]
    if how == "beneath":
        return _put_beneath(session, name, existing, words)
    raise CommandError(f"put CARD into PLAYER ZONE, or put CARD on PLAYER|TILE (not '{how}')")


def _put_beneath(session: Session, name: str, existing: bool, words: list[str]) -> str:
    """``put CARD beneath HOLDER [face up|face down]``: a card into the pile beneath a card
    in play or in a feat zone (Ivion's piles), at its bottom; how a scenario's ``beneath``
    lines are built.  A new copy belongs to the holder's owner."""
    if not words:
        raise CommandError("put CARD beneath CARD [face up|face down]")
    face: bool | None = None
    if len(words) >= 2 and words[-2].casefold() == "face" and words[-1].casefold() in ("up", "down"):
        face, words = words[-1].casefold() == "up", words[:-2]
    holder_text, rest = take_card(session, words)
    _no_more(rest)
    game = session.g
    holder = session.find_card(holder_text)
    out = []
    card_name = game.library.get(game.state.cards[name].name if existing else name).name
    with session.edit(f"{card_name} put beneath {game.name(holder)} [{holder}] by hand"):
        if existing:
            session.view.detach(game, name)
            cid = name
        else:
            cid = game.create_card(name, game.state.cards[holder].owner, session.view.pile_zone(holder))
        out.append(session.view.put_beneath(game, cid, holder, face))
    return out[0]


@command("delete", "delete CARD [PLAYER]", "take a card out of the game entirely",
         details="CARD is a card id (card12) or a name; with a name, the player's zones are searched "
                 "(hand first).  To move a card instead, use `put ID into ...`.",
         topic="setup", args=("card", "player"), examples=("delete Icebolt bob", "delete card12"))
def cmd_delete(session: Session, call: Call) -> str:
    name, words = take_card(session, call.words, session.player_names())
    player = None
    if words:
        player, words = _player(session, words)
    _no_more(words)
    cid = session.find_card(name, player)
    game = session.g
    if on_stack(game, cid):
        raise CommandError(f"that card is on the {game.rules.stack_word}; it can't be deleted by hand")
    refuse_in_use(game, [cid], "taken out of the game")
    label = session.view.zone_label(game, game.state.cards[cid].zone)
    card_name = game.name(cid)
    with session.edit(f"{card_name} [{cid}] taken out of the game from {label}"):
        session.view.detach(game, cid)
        game.remove_card(cid)
    return f"{card_name} [{cid}] taken out of the game (was in {label})"


@command("empty", "empty PLAYER ZONE", "take every card of a player's zone out of the game",
         topic="setup", args=("player", "zone"), examples=("empty alice hand",))
def cmd_empty(session: Session, call: Call) -> str:
    player, words = _player(session, call.words)
    if len(words) != 1 or words[0].casefold() not in session.view.zone_kinds:
        raise CommandError(f"empty PLAYER ZONE ({', '.join(session.view.zone_kinds)})")
    game = session.g
    zone_key = session.view.zone_key(words[0].casefold(), player)
    ids = list(game.state.zones.get(zone_key, ()))
    label = session.view.zone_label(game, zone_key)
    refuse_in_use(game, ids, "taken out of the game")
    with session.edit(f"{label} emptied ({len(ids)} cards out of the game)"):
        for cid in ids:
            game.remove_card(cid)
    return f"{label}: {len(ids)} cards taken out of the game"


@command("turn", "turn PLAYER [PHASE] [N]", "make it a player's turn (by default at the game's first phase)",
         details="PHASE is one of the game's phases (listed below); only while nothing is on the stack.  "
                 "A number after the phase sets the game's turn count (`turn alice PHASE 3`); at a "
                 "phase that begins a turn, it is the turn that begins (`turn alice start 1`: the "
                 "game's first turn, with its first-player rules).",
         topic="setup", args=("player", "phase"))
def cmd_turn(session: Session, call: Call) -> str:
    player, words = _player(session, call.words)
    phase = words.pop(0).casefold() if words and not words[0].isdecimal() else session.view.first_phase()
    number = None
    if words:
        number, words = take_int(words, "the turn number", minimum=1)
    _no_more(words)
    out = []
    start = len(session.g.state.log)
    with session.edit(f"turn handed to {session.g.state.players[player].name} ({phase} phase"
                      + (f", turn {number})" if number else ")")):
        out.append(session.view.set_turn(session.g, player, phase, number or 0))
    lines = [out[0]] + session.log_since(start + 1)
    lines += session.advance()
    lines.append(session.status())
    return "\n".join(lines)


def _reveal(session: Session, call: Call, value: bool) -> str:
    player, words = _player(session, call.words)
    game = session.g
    hand = session.view.zone_key("hand", player)
    if words and words[0].casefold() == "all" and len(words) == 1:
        ids = list(game.state.zones.get(hand, ()))
    else:
        name, rest = take_card(session, words)
        _no_more(rest)
        if name in game.state.cards:
            ids = [name]
        else:
            ids = [c for c in game.state.zones.get(hand, ()) if game.name(c) == name
                   and game.state.cards[c].revealed != value][:1]
            if not ids:
                raise CommandError(f"no {'hidden' if value else 'revealed'} {name} in {game.state.players[player].name}'s hand")
    word = "revealed" if value else "hidden"
    names = ", ".join(game.name(c) for c in ids) or "nothing"
    with session.edit(f"{game.state.players[player].name}: {names} {word} by hand"):
        for c in ids:
            game.state.cards[c].revealed = value
    return f"{game.state.players[player].name}: {names} {word}"


@command("reveal", "reveal PLAYER CARD|all", "reveal a card in a player's hand",
         topic="setup", args=("player", "hand-card"), examples=("reveal bob Icebolt", "reveal bob all"))
def cmd_reveal(session: Session, call: Call) -> str:
    return _reveal(session, call, True)


@command("hide", "hide PLAYER CARD|all", "make a revealed card in a player's hand hidden again",
         topic="setup", args=("player", "hand-card"))
def cmd_hide(session: Session, call: Call) -> str:
    return _reveal(session, call, False)


@command("define", "define card \"NAME\" { ... }", "define a card in the card language, on the spot",
         details="The block may span many lines; it ends when its braces balance.  The card is "
                 "checked at once (errors give line and column, counted from the `define` line) and "
                 "can be put into any zone or played right away.  Defining a name again replaces it.  "
                 "The language itself: `help language` (its constructs, each with an example), "
                 "`help verbs`, `help verb NAME`, `help keywords`, `help conditions`, `help units`.",
         topic="setup", records="sticky",
         examples=('define card "Zap" {\n  skill cryomancer  cost 1 action  range 2\n  types attack\n'
                   '  deal 3 damage to target enemy\n}',))
def cmd_define(session: Session, call: Call) -> str:
    if not call.rest.strip():
        raise CommandError('define card "NAME" { ... }')
    # Keep the block's own lines and columns, so errors point where the person typed.
    source = " " * len("define") + call.line[len("define"):]
    names = session.define(source)
    return "defined " + ", ".join(names)


@command("reload", "reload", "re-read the card files (after editing them elsewhere), keeping the game",
         topic="setup", records="no")
def cmd_reload(session: Session, call: Call) -> str:
    _no_more(call.words)
    n = session.reload()
    return f"reloaded: {n} cards"


@command("cards", "cards FILE|FOLDER", "load more card files into the library",
         topic="setup", records="sticky", args=("path",))
def cmd_cards(session: Session, call: Call) -> str:
    if len(call.words) != 1:
        raise CommandError("cards FILE|FOLDER")
    from cardsmith.dsl.userfiles import kind
    if kind(Path(call.words[0])) is None:     # CardError: a path that can't be looked at
        raise CommandError(f"no such file or folder: {call.words[0]}")
    n = session.add_card_file(call.words[0])
    return f"loaded {n} cards from {call.words[0]}"
