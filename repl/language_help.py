"""``help language``, ``help verbs``, ``help verb NAME`` and the other word lists, for the
session's game: generated from the game's ``Vocabulary`` and each verb's declared shape, so
that the help can't drift from the language.

Every example shown is compiled first with the game's real compiler (``compiles``): a
construct is shown with the first of its examples that compiles for this game, and one
none of whose examples compiles is listed as not in the game.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from cardsmith.runtime.core.registry import did_you_mean, get_game

#: the language's constructs: (name, what it is, examples to try in order; {ext} is the
#: game's card-file extension)
CONSTRUCTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("step", "VERB [NUMBER] [UNIT] [SELECTOR] [CLAUSE ...]; `help verbs` lists the verbs",
     ("deal 4 damage to target enemy", "deal 1 damage to target champion", "draw 2 cards")),
    ("selector", "DETERMINER [N] [other] NOUN [FILTER ...] [as Name], or you / them / it / this card",
     ("deal 2 damage to each enemy near you", "destroy target elemental just revealed",
      "deal 1 damage to each champion controlled by you")),
    ("condition", "SUBJECT has N UNIT / SUBJECT is WORD / no NOUN ... / a named condition",
     ("if you have 2 or less power then draw 1 card", "if final_turn then draw 1 card",
      "if your_turn then draw 1 card")),
    ("if / else", "if CONDITION then EFFECT else EFFECT (or a { block })",
     ("if target enemy is exhausted then draw 2 cards else draw 1 card",
      "if solo then draw 2 cards else draw 1 card", "if your_turn then draw 2 cards else draw 1 card")),
    ("choose one", "choose one { EFFECTS } or { EFFECTS }: the player picks one",
     ("choose one { draw 1 card } or { gain 1 power }", "choose one { draw 1 card } or { bloom 1 edge }",
      "choose one { draw 1 card } or { gain 1 influence }")),
    ("for each", "for each NOUN [FILTER]: EFFECT, or for each (QUANTITY): EFFECT",
     ("for each enemy near you: draw 1 card", "for each elemental: draw 1 card",
      "for each champion: draw 1 card")),
    ("you may pay", "you may COST to EFFECT: an optional cost, asked only when it can be paid",
     ("you may expend 1 initiative to draw 1 card",)),
    ("label", "LABEL: EFFECT, for the game's labelled conditions (`help conditions`)",
     ("advantage: deal 2 more damage to target enemy", "breach: draw 1 card")),
    ("trigger", "after WHO EVENT [OBJECT]: EFFECT / at start|end of your turn: EFFECT",
     ("after you draw: gain 1 power", "at start of defense phase: draw 1 card",
      "DEATH: draw 1 card", "at start of your turn: draw 1 card")),
    ("static", "static RULE [= ARGS]: a rule that holds while the card works (`help statics`)",
     ("static max_hand = 8", "static attack_and_raid")),
    ("replacement", "instead of WHO EVENT: EFFECT (the event does not happen)",
     ("instead of you draw: gain 1 power",)),
    ("ability", "WORD [N] [(COSTS)]: EFFECT, an activated or triggered ability (`help abilities`)",
     ("ACTION (2 influence): deal 1 damage to target champion", "MAIN 1 (1 initiative): draw 1 card",
      "SUMMON: draw 1 card")),
    ("import", 'import "FILE": the cards (and declarations) of another card file',
     ('import "more{ext}"',)),
    ("declaration", "a designer's own archetype, before the file's cards: archetype NAME "
     "class|specialization COLOUR[, COLOUR]", ("archetype stormcaller class blue",)),
)
#: constructs written before a file's cards, not inside one
FILE_LEVEL = ("import ", "archetype ")

TOPICS = ("language", "verbs", "verb", "keywords", "conditions", "units", "nouns", "filters",
          "events", "quantities", "statics", "abilities")


def topics() -> tuple[str, ...]:
    return TOPICS


@lru_cache(maxsize=None)
def header_of(game: str) -> str:
    """A card header that compiles in ``game`` with any effect: the header of the first
    bundled card of the game whose header compiles with a plain effect."""
    from cardsmith.dsl.loader import bundled_library
    for card in bundled_library(game):
        head = _header_lines(card.source)
        if head and compiles(game, "", head, check_header=False):
            return head
    return ""


def _header_lines(source: str) -> str:
    """The header lines of a card's source (those before its first effect): read by
    compiling, so nothing here knows the game's header words."""
    lines = source.split("{", 1)[1].rsplit("}", 1)[0].strip().splitlines() if "{" in source else []
    return lines[0].strip() if lines else ""


@lru_cache(maxsize=None)
def compiles(game: str, body: str, head: str = "", check_header: bool = True) -> bool:
    """Whether ``body`` compiles as the effect of a card of ``game`` (imports stand before
    the card)."""
    from cardsmith.dsl.loader import compile_source, language
    from cardsmith.runtime.core.errors import CardsmithError
    head = head or (header_of(game) if check_header else "")
    if body.startswith(FILE_LEVEL):
        source = f'{body.replace("{ext}", language(game).extension)}\ncard "Example" {{\n  {head}\n}}\n'
    else:
        source = f'card "Example" {{\n  {head}\n  {body or "draw 1 card"}\n}}\n'
    try:
        compile_source(source, game, "<help>")
    except CardsmithError:
        return False
    return True


def example(game: str, text: str) -> str:
    """An example as the game writes it (an import names the game's file extension)."""
    from cardsmith.dsl.loader import language
    return text.replace("{ext}", language(game).extension)


def language(game: str) -> str:
    lines = [f"the card language ({game}): a card is 'card \"NAME\" {{ HEADERS  EFFECTS }}'; "
             f"`help verb NAME`, `help verbs`, `help {' / '.join(TOPICS[3:])}` say more"]
    missing = []
    for name, what, examples in CONSTRUCTS:
        shown = next((e for e in examples if compiles(game, e)), None)
        if shown is None:
            missing.append(name)
            continue
        lines += [f"  {name}: {what}", f"      {example(game, shown)}"]
    if missing:
        lines.append(f"  not in {game}: {', '.join(missing)}")
    return "\n".join(lines)


def verbs(game: str) -> str:
    vocab = get_game(game).vocab
    width = max(len(n) for n in vocab.verbs)
    lines = [f"{game} verbs (`help verb NAME` for one):"]
    lines += [f"  {n:<{width}}  {v.describe(n)}" for n, v in sorted(vocab.verbs.items())]
    return "\n".join(lines)


def verb(game: str, name: str) -> str:
    vocab = get_game(game).vocab
    v = vocab.verbs.get(name)
    if v is None:
        raise LookupError(f"no verb '{name}' in {game}{did_you_mean(name, vocab.verbs)} (`help verbs` lists them)")
    units = [u for u in v.units if u]
    lines = [f"{name}: {v.describe(name)}", "shape:"]
    amount = {"no": "none", "optional": "optional", "required": "required"}[v.amount]
    if v.amount != "no":
        amount += f" (0..{v.max_amount})"
    lines.append(f"  amount: {amount}")
    if units:
        lines.append(f"  units: {', '.join(units)}" + (" (or none)" if "" in v.units else ""))
    obj = {"no": "none", "optional": "optional", "required": "required"}[v.obj]
    if v.obj != "no":
        obj += f", naming {', '.join(sorted(v.nouns))}" if v.nouns else ", any noun"
    lines.append(f"  object: {obj}")
    if v.clauses:
        req = sorted(v.required)
        lines.append(f"  clauses: {', '.join(sorted(v.clauses))}" + (f" (required: {', '.join(req)})" if req else ""))
    if callable(getattr(v, "payable", None)):
        lines.append("  may be paid as a cost: you may ... to ...")
    lines += ["example:", f"  {v.example_for(name)}"]
    return "\n".join(lines)


def _table(title: str, rows: dict[str, str]) -> str:
    if not rows:
        return f"{title}: none"
    width = min(max(len(n) for n in rows), 28)
    return "\n".join([f"{title}:"] + [f"  {n:<{width}}  {text}" for n, text in rows.items()])


def _text(word: Any) -> str:
    return str(getattr(word, "help", "") or getattr(word, "text", "") or "")


def keywords(game: str, library: Any = None) -> str:
    """The game's keywords, then the designer's keywords and effects the session's cards use."""
    vocab = get_game(game).vocab
    text = _table(f"{game} keywords (header: keywords WORD, WORD)",
                  {k.replace("_", " "): kw.meaning for k, kw in sorted(vocab.keywords.items())})
    designed: dict[str, str] = {}
    for card in library or ():
        for use in getattr(card, "uses", ()):
            usage, _, reminder = use.declared.partition(": ")
            designed.setdefault(usage, f"{use.kind}: {reminder}")
    if designed:
        text += "\n" + _table("designer keywords and effects (declared in card files, used as NAME N)",
                              dict(sorted(designed.items())))
    return text


def conditions(game: str) -> str:
    vocab = get_game(game).vocab
    return _table(f"{game} conditions (if CONDITION ..., LABEL: ...)",
                  {n: _text(w) for n, w in sorted(vocab.conditions.items())})


def units(game: str) -> str:
    """The units a game's verbs (and its ability costs) take, each with its verbs."""
    vocab = get_game(game).vocab
    found: dict[str, list[str]] = {}
    for name, v in sorted(vocab.verbs.items()):
        for u in v.units:
            if u:
                found.setdefault(u, []).append(name)
    for word, spec in sorted(vocab.activations.items()):
        for u in getattr(spec, "units", None) or ():
            found.setdefault(u, []).append(f"{word.upper()} costs")
    return _table(f"{game} units (after a number)", {u: ", ".join(vs) for u, vs in sorted(found.items())})


def _words(kind: str, title: str) -> Callable[[str], str]:
    def show(game: str) -> str:
        table = getattr(get_game(game).vocab, kind)
        return _table(f"{game} {title}", {n: _text(w) for n, w in sorted(table.items())})
    return show


SHOW: dict[str, Callable[[str], str]] = {
    "language": language, "verbs": verbs, "keywords": keywords, "conditions": conditions,
    "units": units, "nouns": _words("nouns", "nouns (after a determiner)"),
    "filters": _words("filters", "filters (after a noun)"),
    "events": _words("events", "events (after WHO EVENT:, instead of WHO EVENT:)"),
    "quantities": _words("quantities", "quantities ((QUANTITY) where a number goes)"),
    "statics": _words("statics", "static rules (static RULE [= ARGS])"),
    "abilities": _words("activations", "activated abilities (WORD [N] (COSTS): EFFECT)"),
}


def show(game: str, words: list[str], library: Any = None) -> str:
    """The help for ``help TOPIC [NAME]``; a ``LookupError`` names an unknown topic.
    ``library``: the session's cards (``help keywords`` lists the designer's they use)."""
    topic = words[0].casefold()
    if topic == "verb":
        if len(words) != 2:
            raise LookupError("help verb NAME (`help verbs` lists them)")
        return verb(game, words[1])
    if topic not in SHOW:
        raise LookupError(f"no help topic '{words[0]}'")
    if topic == "keywords":
        return keywords(game, library)
    return SHOW[topic](game)
