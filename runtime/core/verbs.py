"""The base class of effect verbs.

A verb is one small class registered under its name in a game's ``Vocabulary``.  It
declares the shape it accepts (so the language can check a card at load time), renders
itself in English (so a card's text comes from its script), says what it needs decided,
then runs.  Adding a verb is adding a class; nothing else changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar

from .effects import CardDef, Step
from .native import mypyc_attr
from .registry import get_game
from .state import Action, Decision

if TYPE_CHECKING:
    from .interpreter import Ctx


@mypyc_attr(allow_interpreted_subclasses=True)
class Verb:
    #: "no", "optional" or "required"
    amount: ClassVar = "no"
    #: unit words accepted after the amount ("" means none given)
    units: ClassVar[tuple[str, ...]] = ("",)
    #: "no", "optional" or "required": the direct object (a selector)
    obj: ClassVar = "no"
    #: nouns the object may name (empty: any noun)
    nouns: ClassVar[frozenset[str]] = frozenset()
    #: prepositional clauses accepted, e.g. {"to", "upto", "towards", "unless"}
    clauses: ClassVar[frozenset[str]] = frozenset()
    #: clauses that must be present
    required: ClassVar[frozenset[str]] = frozenset()
    #: largest sensible amount (numbers above it are caught at load time)
    max_amount: ClassVar = 99
    #: what the verb does, in one line: the one description of a verb, shown by the REPL's
    #: ``help verbs`` / ``help verb NAME`` beside the shape declared above (``{verb}`` is the
    #: name it is registered under, for a class registered under several)
    help: ClassVar = ""
    #: one step using the verb, as a card writes it; ``help verb NAME`` shows it, and
    #: tests compile it with the game's compiler (``{verb}`` as for ``help``)
    example: ClassVar = ""
    #: what a step of the verb does, for the rules that ask it instead of reading its name:
    #: it attaches the card whose text it is (the card stays in play); it counters, or it
    #: destroys, what it acts on; it has its card remember a player (later lines name them)
    attaches: ClassVar[bool] = False
    counters: ClassVar[bool] = False
    destroys: ClassVar[bool] = False
    remembers: ClassVar[bool] = False

    def describe(self, name: str) -> str:
        """The verb's description under the name ``name``."""
        return self.help.format(verb=name)

    def example_for(self, name: str) -> str:
        """A step using the verb under the name ``name``."""
        return self.example.format(verb=name)

    def check(self, step: Step) -> list[str]:
        """Problems with this step's shape, as messages (empty: fine)."""
        problems: list[str] = []
        if self.amount == "no" and step.amount is not None:
            problems.append(f"'{step.verb}' takes no number")
        if self.amount == "required" and step.amount is None:
            problems.append(f"'{step.verb}' needs a number")
        value = getattr(step.amount, "value", None)
        if value is not None and not 0 <= value <= self.max_amount:
            problems.append(f"'{step.verb}' amount {value} is out of range 0..{self.max_amount}")
        if step.unit not in self.units:
            want = ", ".join(repr(u) for u in self.units if u) or "none"
            problems.append(f"'{step.verb}' does not take '{step.unit or 'no unit'}' (expected {want})")
        if self.obj == "no" and step.obj is not None:
            problems.append(f"'{step.verb}' takes no object")
        if self.obj == "required" and step.obj is None:
            problems.append(f"'{step.verb}' needs an object (who or what)")
        if step.obj is not None and self.nouns and step.obj.noun and step.obj.noun not in self.nouns:
            problems.append(f"'{step.verb}' can't act on '{step.obj.noun}' (expected {', '.join(sorted(self.nouns))})")
        for clause in step.clauses:
            if clause.prep not in self.clauses:
                problems.append(f"'{step.verb}' does not take a '{clause.prep}' clause")
        for prep in self.required:
            if not step.has(prep):
                problems.append(f"'{step.verb}' needs a '{prep}' clause")
        return problems

    def render(self, step: Step, r: Any) -> str:
        """English text for this step; ``r`` renders selectors and numbers."""
        parts = [step.verb]
        if step.amount is not None:
            parts.append(r.expr(step.amount))
        if step.unit:
            parts.append(step.unit)
        if step.obj is not None:
            parts.append(r.sel(step.obj))
        parts.extend(r.clause(c) for c in step.clauses)
        return " ".join(p for p in parts if p)

    def needs(self, ctx: "Ctx", step: Step, choices: list) -> "Decision | None":
        return None

    def pick_among(self, ctx: "Ctx", choices: list, slot: int, prompt: str,
                   candidates: Callable[[], list[str]], *, record_none: bool = False) -> tuple[list[str], Decision | None]:
        """What a step acts on when its controller picks it as the step runs ("a tile near
        you"): the pick already made for ``slot``; else, with one candidate or none, those
        (one is recorded in ``choices``, and with ``record_none`` so is "" for none, so that
        ``run`` finds what ``needs`` found); else the question, one option per candidate.
        ``candidates`` is asked only when nothing was picked yet."""
        if slot < len(choices):
            return [choices[slot]], None
        refs = candidates()
        if len(refs) <= 1:
            if refs or record_none:
                choices.append(refs[0] if refs else "")
            return refs, None
        game = ctx.game
        describe = game.rules.describe_ref
        return [], Decision(ctx.controller, "choose", f"{self.asker(ctx)}: {prompt}",
                            [Action("choose", (r,), describe(game, r)) for r in refs])

    def asker(self, ctx: "Ctx") -> str:
        """Who a pick's question names as asking: the card whose step it is."""
        return ctx.card().name

    def run(self, ctx: "Ctx", step: Step, choices: list) -> None:
        raise NotImplementedError


def verb_of(card: CardDef, step: Step) -> Verb:
    """The verb one of ``card``'s steps runs, as the card's game registered it: a rule asks
    it what the step does (``attaches``, ``counters`` ...) rather than testing its name."""
    verb: Verb = get_game(card.game).vocab.verbs[step.verb]
    return verb
