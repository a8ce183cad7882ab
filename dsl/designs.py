"""A designer's keywords and effects, declared in a card file and used by its cards.

``keyword "Overload" N { at start of your turn: lose N power }`` is compiled once, when
declared, into a template: the body's compiled effects with a ``Param`` where ``N`` stood.
A card's ``Overload 2`` is that template with ``Num(2)`` put in, compiled once per distinct
argument and checked again by each verb (a number out of a verb's range is reported at the
use).  The card then holds the effects as if they had been written on it, so the runtime
needs nothing new; ``fx.Use`` records what was written, for the card's text.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from cardsmith.runtime.core import effects as fx
from cardsmith.runtime.core.registry import did_you_mean

if TYPE_CHECKING:
    from .compiler import CardCompiler

#: what a designer's name looks like: one capitalised word
NAME = re.compile(r"[A-Z][a-z][A-Za-z]*")
#: the number a reminder is rendered with before the parameter's name replaces it
_SHOWN = 97


@dataclass(frozen=True)
class Param:
    """A parameter where a number goes, until a use puts its number in (``bare``: a
    condition's count, which the game reads as a plain int)."""
    name: str
    bare: bool = False


@dataclass(frozen=True)
class Design:
    """A declared keyword or effect: its body compiled with its parameters left open."""
    kind: str                               # "keyword" | "effect"
    name: str
    params: tuple[str, ...]
    effect: tuple[Any, ...]
    abilities: tuple[Any, ...]
    targets: tuple[fx.TargetSpec, ...]
    modes: int
    loc: fx.Loc
    reminder: str = ""                      # the body in English, parameters by name

    def usage(self) -> str:
        return " ".join((self.name, *self.params))


def _mapped(value: Any, node: Callable[[Any], Any]) -> Any:
    """``value`` rebuilt (frozen dataclasses replaced, tuples remade) with each part that
    ``node`` gives a replacement for (not None) replaced by it; locations are left alone."""
    new = node(value)
    if new is not None:
        return new
    if isinstance(value, tuple):
        return tuple(_mapped(v, node) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _mapped(getattr(value, f.name), node) for f in dataclasses.fields(value)
                   if f.name != "loc"}
        if any(changes[k] is not getattr(value, k) for k in changes):
            return dataclasses.replace(value, **changes)
    return value


def fill(value: Any, args: dict[str, Any]) -> Any:
    """``value`` with every ``Param`` replaced by its number, or by the parameter of the
    declaration using it that is passed on."""
    def put(p: Any) -> Any:
        if not isinstance(p, Param):
            return None
        n = args[p.name]
        if isinstance(n, Param):
            return Param(n.name, p.bare)
        return n if p.bare else fx.Num(n)
    return _mapped(value, put)


def shift_targets(value: Any, offset: int) -> Any:
    """``value`` with its target selectors pointing ``offset`` further into the card's targets."""
    return _mapped(value, lambda v: dataclasses.replace(v, index=v.index + offset)
                   if isinstance(v, fx.Sel) and v.mode == "target" else None)


def steps(value: Any) -> list[fx.Step]:
    """Every step inside a compiled value (abilities' bodies too)."""
    found: list[fx.Step] = []
    _mapped(value, lambda v: found.append(v) if isinstance(v, fx.Step) else None)
    return found


def designs(declared: dict[str, Any]) -> dict[str, Design]:
    return {k: v for k, v in declared.items() if isinstance(v, Design)}


def reminder(c: CardCompiler, effect: tuple, abilities: tuple, targets: tuple = (), modes: int = 0) -> str:
    """English for a body, as a reminder: its sentences joined, without the last full stop."""
    from .render import render_lines
    card = fx.CardDef(name="", game=c.rules.name, header=None, effect=effect, abilities=abilities,
                      targets=targets, modes=modes)
    return "; ".join(line.rstrip(".")[:1].lower() + line.rstrip(".")[1:] for line in render_lines(card, c.rules))


def declare(c: CardCompiler, decl: Any, later: set[str]) -> None:
    """Compile a declaration into ``c.declared``; ``later``: names declared after it in
    the file (a use of one is reported as such, which also rules out mutual recursion)."""
    name, kind = decl.name, decl.kind
    if not NAME.fullmatch(name):
        raise c.fail(decl, f"a designer's {kind} is named by one capitalised word ('Overload'), not \"{name}\"")
    vocab = c.vocab
    word = name.lower()
    for table, what in (("keywords", "keyword"), ("verbs", "verb"), ("events", "ability word"),
                        ("activations", "ability word"), ("statics", "static rule")):
        if word in getattr(vocab, table):
            raise c.fail(decl, f"'{name}' is already {c.rules.name}'s {what} '{word}': a {kind} of your own needs another name")
    if name in c.declared:
        raise c.fail(decl, f"'{name}' is declared twice")
    params = tuple(decl.params or ())
    for k, p in enumerate(params):
        if p in params[:k]:
            raise c.fail(decl, f"parameter '{p}' is named twice in '{name}'")
    effect, abilities, targets, modes = c.template(decl.body, name, params)
    if kind == "effect" and abilities:
        raise c.fail(decl.body[0], f"effect '{name}' holds an ability: an effect is steps; "
                                   f"declare it as 'keyword \"{name}\" ...' to give cards an ability")
    shown_effect, shown_abilities, shown_targets = fill(
        (effect, abilities, targets), {p: _SHOWN + k for k, p in enumerate(params)})
    text = reminder(c, shown_effect, shown_abilities, shown_targets, modes)
    for k, p in enumerate(params):
        text = re.sub(rf"\b{_SHOWN + k}\b", p, text)
    c.declared[name] = Design(kind, name, params, effect, abilities, targets, modes,
                              c.loc(decl), text)
    later.discard(name)


def use(c: CardCompiler, st: Any, top: bool) -> tuple[tuple, tuple, fx.Use]:
    """The effect and abilities a use stands for, and its record; ``top``: written as a
    line of the card (a keyword may only be), not inside a block."""
    name = st.name
    found = designs(c.declared)
    design = found.get(name)
    if design is None:
        if name in c.defining:
            raise c.fail(st, f"'{name}' uses itself: a {c.defining[name]} can't use itself (it would never end)")
        if name in c.later:
            raise c.fail(st, f"'{name}' is declared after this: declare it before it is used",
                         hint="a keyword or effect uses only those declared before it, so none can use itself")
        known = sorted(found)
        raise c.fail(st, f"unknown keyword or effect '{name}'{did_you_mean(name, known)}",
                     hint=f"declared here: {', '.join(known)}" if known else
                     "declare one before the cards: keyword \"NAME\" N { ... }")
    if design.targets and c.in_ability:
        raise c.fail(st, f"'{name}' chooses targets as its card is played: it can't be used inside an ability")
    if design.kind == "keyword" and not top:
        raise c.fail(st, f"'{name}' is a keyword: write it on a line of the card, not inside a block")
    args: tuple[Any, ...] = tuple(c.expr(a) if type(a).__name__ == "ParamRef" else a.value for a in st.args)
    if len(args) != len(design.params):
        want = len(design.params)
        raise c.fail(st, f"'{name}' takes {want} number{'s' if want != 1 else ''} "
                         f"({design.usage()}), not {len(args)}")
    for a in st.args:
        if isinstance(getattr(a, "value", None), int) and a.value > 99:
            raise c.fail(a, f"number {a.value} is out of range (0..99)")
    key = (name, args)
    filled = c.filled.get(key)
    if filled is None:
        values = dict(zip(design.params, args))
        filled = c.filled[key] = fill((design.effect, design.abilities, design.targets), values)
        for step in steps(filled) if all(isinstance(a, int) for a in args) else ():
            problems = c.vocab.verbs[step.verb].check(step)
            if problems:
                raise c.fail(st, f"{name} {' '.join(map(str, args))}: {problems[0]}",
                             hint=f"'{name}' is declared at line {design.loc.line}")
    effect, abilities, targets = filled
    if targets:
        effect, abilities = shift_targets((effect, abilities), len(c.targets))
        c.targets.extend(dataclasses.replace(t, mode=c.mode) if t.mode == -1 else t for t in targets)
    if design.modes:
        c.add_modes(st, design.modes)
    open_args = not all(isinstance(a, int) for a in args)      # inside a declaration's body
    text = "" if open_args else reminder(c, effect, abilities, tuple(c.targets), design.modes)
    numbers = tuple(a if isinstance(a, int) else 0 for a in args)
    return effect, abilities, fx.Use(name, numbers, design.kind, text,
                                     declared=f"{design.usage()}: {design.reminder}")
