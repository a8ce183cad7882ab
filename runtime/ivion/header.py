"""An Ivion card's printed header: costs, range, banner, types, feat data, and its line of text."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Sequence

from cardsmith.runtime.core.errors import HeaderError
from cardsmith.runtime.core.native import pickle_by_constructor
from cardsmith.runtime.core.registry import did_you_mean, known_word

from .archetypes import ARCHETYPES, KINDS, Archetype

CONTROL_KINDS: Final = ("slow", "silence", "disarm")
#: the rulebooks' words for each kind of Control: the token, and a hero under it
#: (000 § Control: "If you are Silenced ..."; 001 § Control: "while slowed")
CONTROL_NAMES: Final = {"slow": "Slow", "silence": "Silence", "disarm": "Disarm"}
CONTROLLED: Final = {"slow": "Slowed", "silence": "Silenced", "disarm": "Disarmed"}
CARD_TYPES: Final = ("attack", "ability", "buff", "debuff", "travel", "aura", "passive")
COLOURS: Final = ("white", "blue", "black", "green", "red", "gray")
#: the words a header may spell a colour or a resource with, and what each means
COLOUR_WORDS: Final = {**{c: c for c in COLOURS}, "grey": "gray"}
RESOURCE_WORDS: Final = {"action": "action", "actions": "action", "power": "power"}
MAX_RESOURCE: Final = 5


@dataclass(frozen=True, slots=True)
class IvionHeader:
    kind: str = "skill"                 # skill | ultimate | trait | trap | rule | feather | arrowhead
    archetype: str = ""
    pips: tuple[str, ...] = ()
    action_cost: int = 0
    power_cost: int = 0
    action_gain: int = 0
    power_gain: int = 0
    range: int | None = None            # None: no limit
    banner: frozenset[str] = frozenset()
    heroic: bool = False
    instant: bool = False
    types: frozenset[str] = frozenset()
    hp: int = 0
    charges: int = 0                    # a Charged feat's starting charge tokens (G-20)
    charged: bool = False               # Charged (may start with 0: Nemesis, Divine Aurora)
    #: ``playable if CONDITION`` (Breathe): a compiled condition judged when the card is
    #: chosen (playable.py) and again as it resolves (stack.py), and its words as written
    #: for the refusal; None for nearly all
    play_if: Any = None
    play_if_text: str = ""
    #: the archetype's entry (class or specialization, colours): the game's own, or the one
    #: the card's file declared; None for a card of no archetype (a trait)
    archetype_def: Archetype | None = None
    #: how many of its printed copies bear the Herocrafting icon (0: none, or not known:
    #: the printed data doesn't say; ``herocrafting N``), read by the Herocrafting check
    herocrafting: int = 0

    @property
    def is_feat(self) -> bool:
        return self.kind in ("ultimate", "trait")

    @property
    def passive(self) -> bool:
        return "passive" in self.types


def make_header(fields: dict[str, Any], where: str) -> IvionHeader:
    """Check an Ivion header's numbers and combinations; raise ValueError naming the problem."""
    kind = fields.get("kind")
    if kind is None:
        raise ValueError("needs a kind: 'skill ARCHETYPE', 'ultimate ARCHETYPE hp N', 'trait', 'trap' or 'rule' (or 'feather deck', 'arrowhead deck')")
    archetype = fields.get("archetype", "")
    archetype_def = find_archetype(archetype, fields.get("declared") or {}) if archetype else None
    cost, gain = resources(fields["cost"], "cost"), resources(fields["gain"], "gain")
    for what in ("action", "power"):
        if cost.get(what) and gain.get(what):
            raise ValueError(f"can't both cost and generate {what}")
        for table, verb in ((cost, "cost"), (gain, "generate")):
            if not 0 <= table.get(what, 0) <= MAX_RESOURCE:
                raise ValueError(f"{verb} {table[what]} {what} is impossible (0..{MAX_RESOURCE})")
    rng = fields.get("range")
    if rng is not None and not 0 <= rng <= 6:
        raise ValueError(f"range {rng} is impossible on a 4x4 board (0..6)")
    heroic = bool(fields.get("heroic"))
    if heroic and fields.get("banner"):
        raise ValueError("a heroic card has no Control banner")
    hp = int(fields.get("hp", 0))
    if kind == "ultimate" and not 1 <= hp <= 99:
        raise ValueError("an ultimate needs 'hp N' (1..99)")
    charges = int(fields.get("charges", 0))
    if "charges" in fields and kind not in ("ultimate", "trait"):
        raise ValueError("only a feat can be charged")
    if not 0 <= charges <= 9:
        raise ValueError(f"charged {charges} is impossible (0..9)")
    pips = tuple(COLOUR_WORDS[known_word(p, COLOUR_WORDS, "pips", "colour")] for p in fields.get("pips", ()))
    banner = [known_word(k, CONTROL_KINDS, "banner", "Control kind") for k in fields.get("banner", ())]
    types = [known_word(t, CARD_TYPES, "types", "card type") for t in fields.get("types", ())]
    if len(pips) > 2:
        raise ValueError("a card has at most 2 colour pips")
    marked = int(fields.get("herocrafting", 0))
    if "herocrafting" in fields and not 1 <= marked <= 3:
        raise ValueError(f"herocrafting {marked} is impossible (1..3 of a card's printed copies)")
    if "herocrafting" in fields and kind not in ("skill", "trait"):
        raise ValueError("only a skill card or a trait can say 'herocrafting N' (the Herocrafting icon)")
    return IvionHeader(
        kind=kind, archetype=archetype, pips=pips,
        action_cost=cost.get("action", 0), power_cost=cost.get("power", 0),
        action_gain=gain.get("action", 0), power_gain=gain.get("power", 0),
        range=rng, banner=frozenset(banner), heroic=heroic,
        instant=bool(fields.get("instant")), types=frozenset(types), hp=hp,
        charges=charges, charged="charges" in fields,
        play_if=fields.get("play_if"), play_if_text=fields.get("play_if_text", ""),
        archetype_def=archetype_def, herocrafting=marked)


def resources(written: dict[str, int], field: str) -> dict[str, int]:
    """A cost's or a gain's amounts by resource, as the header spelt them ('actions')."""
    out: dict[str, int] = {}
    for word, amount in written.items():
        what = RESOURCE_WORDS[known_word(word, RESOURCE_WORDS, field, "resource")]
        out[what] = out.get(what, 0) + amount
    return out


def find_archetype(name: str, declared: dict[str, Any]) -> Archetype:
    """The game's archetype of that name, or the one the card's file declared; an unknown
    name is a ``HeaderError`` at it, with the closest name and how to declare one."""
    found = ARCHETYPES.get(name) or declared.get(name)
    if isinstance(found, Archetype):
        return found
    raise HeaderError(f"unknown archetype '{name}'{did_you_mean(name, [*ARCHETYPES, *declared])}",
                      "archetype", name,
                      hint=f"a new archetype is declared before the file's cards: 'archetype {name} "
                           f"class COLOUR' or 'archetype {name} specialization COLOUR[, COLOUR]'")


def declare_archetype(fields: dict[str, Any]) -> tuple[str, Archetype]:
    """``archetype NAME class|specialization COLOUR[, COLOUR]``: a designer's archetype (a
    class has one colour, a specialization one or two: 000 § Archetypes)."""
    name, kind = fields["name"], fields["kind"]
    if name in ARCHETYPES:
        raise HeaderError(f"'{name}' is already an Ivion {ARCHETYPES[name].kind}: use it without declaring it",
                          "name", name)
    known_word(kind, KINDS, "kind", "archetype kind")
    colours = tuple(COLOUR_WORDS[known_word(c, COLOUR_WORDS, "colours", "colour")] for c in fields["colours"])
    most = 1 if kind == "class" else 2
    if len(set(colours)) != len(colours) or len(colours) > most:
        raise HeaderError(f"a {kind} has {'one colour' if most == 1 else 'one or two colours'}",
                          "kind", kind)
    return name, Archetype(name, kind, colours, designer=True)


pickle_by_constructor(globals())      # the frozen dataclasses above (see native.py)


def header_line(h: IvionHeader) -> str:
    """'Cryomancer skill - Attack - Cost 1 action - Gain 1 power - Range 2 - Banner: disarm';
    a designer's archetype says what it was declared as: 'Stormcaller skill (a designer's
    class: blue)'."""
    line = h.archetype_def
    if h.archetype:
        title = line.title if line is not None else h.archetype.replace("_", " ").title()
        kind = f"{title} {h.kind}"
    else:
        kind = h.kind.capitalize()
    notes = [f"{h.hp} HP"] if h.kind == "ultimate" and h.hp else []
    if line is not None and line.designer:
        notes.append(f"a designer's {line.kind}: {', '.join(line.colours)}")
    if notes:
        kind += f" ({'; '.join(notes)})"
    parts = [kind]
    types = [t.capitalize() for t in CARD_TYPES if t in h.types]
    types += sorted(t.capitalize() for t in h.types if t not in CARD_TYPES)
    if h.instant:
        types.insert(0, "Instant")
    if types:
        parts.append(" ".join(types))
    cost = " and ".join(p for p in (_amount(h.action_cost, "action"), _amount(h.power_cost, "power")) if p)
    gain = " and ".join(p for p in (_amount(h.action_gain, "action"), _amount(h.power_gain, "power")) if p)
    if cost:
        parts.append(f"Cost {cost}")
    if gain:
        parts.append(f"Gain {gain}")
    if h.range is not None:
        parts.append(f"Range {h.range}")
    if h.heroic:
        parts.append("Heroic")
    elif h.banner:
        parts.append("Banner: " + ", ".join(k for k in CONTROL_KINDS if k in h.banner))
    if h.charged:
        parts.append(f"Charged {h.charges}" if h.charges else "Charged")
    if h.pips:
        parts.append("Pips: " + ", ".join(h.pips))
    return " - ".join(parts)


def _amount(n: int, resource: str) -> str:
    """'2 actions', '1 power', '' for none."""
    if not n:
        return ""
    return f"{n} action{'s' if n > 1 else ''}" if resource == "action" else f"{n} {resource}"


def and_list(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def banner_blocks(who: str, kinds: Sequence[str]) -> str:
    """Why a card's Control banner stops it, in the rulebooks' words: "you are Slowed and
    Disarmed, and its Control banner has Slow and Disarm" (``who``: "you are", "bob is")."""
    return (f"{who} {and_list([CONTROLLED[k] for k in kinds])}, and its Control banner has "
            f"{and_list([CONTROL_NAMES[k] for k in kinds])}")
