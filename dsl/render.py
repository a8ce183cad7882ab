"""English rules text, rendered from a compiled card's effect tree.

The text a player reads comes from the same objects the engine runs, so the two can't
drift apart.  Each step is rendered by its verb (``Verb.render(step, r)``), with ``r`` a
``Renderer`` that knows how to say selectors, numbers, clauses and conditions.  A game can
take over any part: a registered condition, event, quantity or static object with a
``render(node, r)`` method renders itself, and a rules object with ``render_header(header)``
renders the card's header line.

Rendering is deterministic and never fails on a well-formed card: a word the game gives no
English for is shown as written in the script.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Iterable

from cardsmith.runtime.core import effects as fx
from cardsmith.runtime.core.verbs import Verb

#: reference names (as the compiler stores them) in object and subject position
_REF_OBJECT = {"you": "you", "them": "them", "it": "it", "this": "this card",
               "this tile": "this tile", "its controller": "its controller",
               "their tile": "their tile", "your tile": "your tile", "each": "it",
               "that tile": "that tile"}
_REF_SUBJECT = {"them": "they", "you": "you", "it": "it", "this": "this card"}
_PLURAL_SUBJECTS = {"you", "they"}
_POSSESSIVE = {"you": "your", "them": "their", "it": "its", "this": "this card's"}
#: filters said before the noun ("target controlled enemy"); the rest follow it
_ADJECTIVE_FILTERS = {"controlled", "uncontrolled", "exhausted", "revealed", "instant",
                      "attack", "aura", "ability"}
_ZONES = {"hand": "its owner's hand", "deck top": "the top of its owner's deck",
          "deck bottom": "the bottom of its owner's deck", "discard": "its owner's discard pile",
          "feat zone": "its owner's feat zone"}


def _plural(noun: str) -> bool:
    return noun.endswith("s") and not noun.endswith("ss")


def _singular(noun: str) -> str:
    """'enemies' -> 'enemy', 'empty tiles' -> 'empty tile' ('for each enemy' reads better)."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if _plural(noun) else noun


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


#: event phrases whose last word, not first, takes the -s
_PHRASAL = {"second wind": "second winds"}

#: events whose object belongs to the subject: "you draw your opening hand", "an enemy
#: draws their opening hand" (an event name carries no possessive of its own)
_OWN_OBJECT = {"draw opening hand": "opening hand"}


def third_person(verb: str) -> str:
    """'stun' -> 'stuns', 'second wind' -> 'second winds', 'play' -> 'plays'."""
    if verb in _PHRASAL:
        return _PHRASAL[verb]
    head, _, rest = verb.partition(" ")
    if head.endswith(("s", "sh", "ch", "x", "z")):
        head += "es"
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        head = head[:-1] + "ies"
    else:
        head += "s"
    return f"{head} {rest}".strip()


def join(parts: list[str], last: str = "and") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class Renderer:
    """Says a card's parts in English; passed as ``r`` to every ``Verb.render``."""

    def __init__(self, rules: Any = None, card: fx.CardDef | None = None) -> None:
        self.rules = rules
        self.vocab = getattr(rules, "vocab", None)
        self.card = card
        self._bound: dict[str, str] = {}
        self._mentioned: set[int] = set()
        if card is not None:
            for spec in card.targets:
                if spec.name:
                    self._bound[spec.name] = spec.noun

    # ---- lookups ------------------------------------------------------------------
    def _registered(self, table: str, name: str) -> Any:
        return getattr(self.vocab, table, {}).get(name) if self.vocab is not None else None

    def _own(self, table: str, name: str, node: Any) -> str | None:
        """The game's own English for a node, if its registered object renders itself."""
        obj = self._registered(table, name)
        render = getattr(obj, "render", None)
        if callable(render):
            try:
                return str(render(node, self))
            except TypeError:   # a render() with another meaning (e.g. a Verb's)
                return None
        return None

    # ---- numbers and selectors ------------------------------------------------------
    def expr(self, e: fx.Expr | None) -> str:
        if e is None:
            return ""
        if isinstance(e, fx.Num):
            return str(e.value)
        own = self._own("quantities", e.what, e)
        if own is not None:
            return own
        template = getattr(self._registered("quantities", e.what), "text", None)
        if isinstance(template, str) and "{of}" in template:
            # a game's phrase such as "the number of cards in {of}'s hand"
            of = e.of or fx.Sel("ref", "you")
            return template.replace("{of}'s", self.possessive(of)).replace("{of}", self.sel(of))
        of_text = f" of {self.sel(e.of)}" if e.of is not None else ""
        return f"the number of {e.what}{of_text}"

    def possessive(self, s: fx.Sel) -> str:
        """'their', 'your', 'its', "target enemy's"."""
        if s.mode == "ref" and s.noun in _POSSESSIVE:
            return _POSSESSIVE[s.noun]
        return self.sel(s) + "'s"

    def _filters(self, noun: str, filters: Iterable[fx.Filter]) -> str:
        before: list[str] = []
        after: list[str] = []
        for f in filters:
            own = self._own("filters", f.name, f)
            if own is not None:
                after.append(own)
                continue
            words = f.name if not f.negated else f"not {f.name}"
            if f.name in _ADJECTIVE_FILTERS and f.arg is None:
                before.append("non-" + f.name if f.negated else f.name)
                continue
            if f.arg is not None:
                arg = f.arg if isinstance(f.arg, str) else (
                    self.expr(f.arg) if isinstance(f.arg, (fx.Num, fx.Quantity)) else self.sel(f.arg))
                words += f" {arg}"
            after.append(words)
        return " ".join(before + [noun] + after)

    def sel(self, s: fx.Sel | None) -> str:
        """A selector in object position: 'target enemy', 'each enemy near you', 'them'."""
        if s is None:
            return ""
        if s.mode == "ref":
            if s.noun in self._bound:
                return f"that {self._bound[s.noun]}"
            return _REF_OBJECT.get(s.noun, s.noun)
        if s.mode == "target" and s.index >= 0:
            # a target named again ('as Foe' ... 'to Foe') reads 'that enemy' the second time
            if s.index in self._mentioned:
                return f"those {s.noun}" if _plural(s.noun) else f"that {s.noun}"
            self._mentioned.add(s.index)
        body = self._filters(s.noun, s.filters)
        count = f"{s.count} " if s.count > 1 or s.upto else ""     # "up to 1 target card" (Ice Pick)
        if s.mode in ("target", "choose"):
            if s.upto:
                return f"up to {count}{'other ' if s.other else ''}target {body}"
            return f"{'another ' if s.other else ''}{count}target {body}"
        other = "other " if s.other else ""
        if s.mode == "each":
            return f"all {other}{body}" if _plural(s.noun) else f"each {other}{body}"
        if s.count > 1:
            return f"{count}{other}{body}"
        if s.other:
            return f"another {body}"
        return f"{_article(body)} {body}" if not _plural(s.noun) else f"any {body}"

    def subject(self, s: fx.Sel | None) -> str:
        """A selector in subject position: 'they' rather than 'them'."""
        if s is not None and s.mode == "ref" and s.noun in _REF_SUBJECT:
            return _REF_SUBJECT[s.noun]
        return self.sel(s)

    def agree(self, s: fx.Sel | None, verb: str) -> str:
        """``verb`` as ``s`` takes it: 'they reveal', 'target opponent reveals' (a game's
        verb renders its own subject, and asks here for the verb's form)."""
        return verb if s is None or self._plural_subject(s) else third_person(verb)

    def _plural_subject(self, s: fx.Sel | None) -> bool:
        text = self.subject(s)
        return text in _PLURAL_SUBJECTS or (s is not None and s.mode == "each" and _plural(s.noun))

    # ---- clauses --------------------------------------------------------------------
    def clause(self, c: fx.Clause) -> str:
        v = c.value
        n = self.expr(v) if isinstance(v, (fx.Num, fx.Quantity)) else ""
        if c.prep == "upto":
            return f"up to {n} tile{'' if n == '1' else 's'}"
        if c.prep == "zone":
            return f"to {_ZONES.get(str(v), str(v))}"
        if c.prep == "away" and isinstance(v, fx.Sel):
            return f"away from {self.sel(v)}"
        if c.prep == "unless" and isinstance(v, fx.Unless):
            amount = self.expr(v.amount)
            unit = "resource" if amount == "1" else "resources"
            verb = v.how if self._plural_subject(v.who) else third_person(v.how)
            return f"unless {self.subject(v.who)} {verb} {amount} {unit}"
        if c.prep == "free":
            return "for free"
        if c.prep == "duration":
            return f"for {n} turn{'' if n == '1' else 's'}"
        if c.prep == "less":
            return f"for {n} less Resource{'' if n == '1' else 's'}"
        if c.prep == "until_end_of_turn":
            return "until the end of the turn"
        if c.prep == "random":
            return "at random"
        if isinstance(v, fx.Sel):
            return f"{c.prep} {self.sel(v)}"
        return f"{c.prep} {n if v is None or n else v}".strip()

    def unless(self, u: fx.Unless) -> str:
        """'unless its controller pays 2 resources'."""
        return self.clause(fx.Clause("unless", u))

    def clause_of(self, step: fx.Step, prep: str) -> str:
        """The rendered clause ``prep`` of a step, or '' if the step has none."""
        for c in step.clauses:
            if c.prep == prep:
                return self.clause(c)
        return ""

    def clauses(self, step: fx.Step, skip: Iterable[str] = ()) -> str:
        skip = set(skip)
        return " ".join(self.clause(c) for c in step.clauses if c.prep not in skip)

    # ---- conditions -----------------------------------------------------------------
    def cond(self, c: fx.Cond) -> str:
        own = self._own("conditions", c.name, c)
        if own is not None:
            return own
        if c.name == "exists" and c.subject is not None:
            # "no enemies within 2" (a NoneCond): "no enemies are within 2 tiles of you"
            s = c.subject
            noun = s.noun if _plural(s.noun) else (s.noun[:-1] + "ies" if s.noun.endswith("y") else s.noun + "s")
            body = self._filters(noun, s.filters)
            other = "other " if s.other else ""
            if not body.endswith(noun):         # filters after the noun: "enemies are within ..."
                body = body.replace(f"{noun} ", f"{noun} are ", 1)
            return f"no {other}{body}" if c.negated else f"some {other}{body}"
        subject = self.subject(c.subject) if c.subject is not None else ""
        plural = self._plural_subject(c.subject)
        if c.name in ("has", "has_at_most") and isinstance(c.arg, (tuple, str)):
            unit, n = c.arg if isinstance(c.arg, tuple) else (c.arg, 1)
            have = "have" if plural else "has"
            kind, _, where = unit.partition(" in ")
            if where:           # "cards in discard": "your discard holds at least 15 cards" (Verdant Burst)
                subject = f"{self.possessive(c.subject or fx.Sel('ref', 'you'))} {where}"
                have, unit = "holds", "cards"
            if c.name == "has_at_most":     # "you have 2 or less power" (Inner Fire)
                return f"{subject} {have} {n} or {'fewer' if kind.startswith('card') else 'less'} {unit}"
            if c.negated:
                return f"{subject} {have} no {unit}" if n <= 1 else f"{subject} {have} fewer than {n} {unit}"
            if n <= 1:
                return f"{subject} {have} {'a resource' if unit == 'resource' else unit}"
            return f"{subject} {have} at least {n} {unit}"
        words = c.name.replace("_", " ")
        if subject:
            be = "are" if plural else "is"
            return f"{subject} {be} {'not ' if c.negated else ''}{words}"
        word = self._registered("conditions", c.name)
        phrase = getattr(word, "text", None)
        said = getattr(word, "said", "")
        if not said and isinstance(phrase, str) and phrase[:1].islower() \
                and " " in phrase and not phrase.startswith(("is ", "if ")):
            words = phrase     # the game's own phrase for a named condition
        text = said or words
        return f"not {text}" if c.negated else text

    # ---- effects --------------------------------------------------------------------
    def step(self, step: fx.Step) -> str:
        verb = self._registered("verbs", step.verb)
        if not isinstance(verb, Verb):
            verb = Verb()
        text = verb.render(step, self).strip()
        first = text.split(" ", 1)[0]
        if first[:1].isupper() and first[1:].islower():
            text = text[0].lower() + text[1:]       # "Stun them" inside "... and stun them"
        if step.more and " more " not in f" {text} " and step.amount is not None:
            amount = self.expr(step.amount)
            text = text.replace(f" {amount} ", f" {amount} more ", 1)
        if step.optional:
            text = f"you may {text}"
        return " ".join(text.split())

    def nodes(self, nodes: Iterable[fx.Node]) -> str:
        """A block of effects as one clause: 'deal 2 damage to them and draw 1 card'."""
        return join([self.node(n) for n in nodes])

    def node(self, node: fx.Node) -> str:
        if isinstance(node, fx.Step):
            return self.step(node)
        if isinstance(node, fx.If):
            if node.label == "pay" and node.then and isinstance(node.then[0], fx.Step):
                # "you may expend a Charge to travel one tile" (compiler.may_pay)
                return f"{self.step(node.then[0])} to {self.nodes(node.then[1:])}"
            body = self.nodes(node.then)
            if node.label:
                # lower case: sentence() capitalises it when it starts the sentence
                heading = getattr(self._registered("conditions", node.label), "heading", "")
                label = (heading or node.label.replace("_", " ")).lower()
                return f"{label} - {body}"
            text = f"if {self.cond(node.cond)}, {body}"
            if node.otherwise:
                text += f"; otherwise, {self.nodes(node.otherwise)}"
            return text
        if isinstance(node, fx.Choose):
            return "choose one - " + "; or ".join(self.nodes(o) for o in node.options)
        if isinstance(node, fx.ForEach):
            if node.count is not None:
                return f"{self.each_of(node.count)}, {self.nodes(node.body)}"
            s = node.sel
            if s is None:       # the compiler gives a selector to every 'for each' without a count
                return f"for each, {self.nodes(node.body)}"
            each = fx.Sel("each", _singular(s.noun), s.filters, other=s.other)
            return f"for {self.sel(each)}, {self.nodes(node.body)}"
        return str(node)

    def each_of(self, count: fx.Expr) -> str:
        """``for each (QUANTITY)``: the quantity's own "each" phrase if the game gives one
        ("for every tile separating you from them", Eagle), else "as many times as ..."."""
        template = getattr(self._registered("quantities", getattr(count, "what", "")), "each", None)
        if isinstance(template, str) and isinstance(count, fx.Quantity):
            of = count.of or fx.Sel("ref", "you")
            return "for " + template.replace("{of}'s", self.possessive(of)).replace("{of}", self.sel(of))
        return f"as many times as {self.expr(count)}"

    # ---- abilities ------------------------------------------------------------------
    def event(self, event: str, who: fx.Sel | None, obj: fx.Sel | None) -> str:
        """'you stun an enemy', 'an enemy enters this tile'."""
        words = event.replace("_", " ")
        subject = self.subject(who) if who is not None else ""
        owned = _OWN_OBJECT.get(words)
        if owned is not None:
            head = words[: -len(owned)].strip()
            plural = self._plural_subject(who)
            whose = "your" if subject == "you" else "their"
            verb = f"{head if plural else third_person(head)} {whose} {owned}{'s' if plural and subject != 'you' else ''}"
        elif words.endswith("s") and not words.endswith("ss"):
            verb = words            # already said in the third person ('enters')
        else:
            verb = words if self._plural_subject(who) else third_person(words)
        return " ".join(p for p in (subject, verb, self.sel(obj)) if p)

    def ability(self, ab: fx.Ability) -> str:
        if isinstance(ab, fx.Activated):
            own = self._own("activations", ab.kind, ab)
            if own is not None:
                return own
            amount = f" {ab.amount}" if ab.amount is not None else ""
            costs = ", ".join(f"{n} {unit}" for unit, n in ab.costs)
            costs = f" ({costs})" if costs else ""
            return f"{ab.kind.replace('_', ' ').capitalize()}{amount}{costs}: {self.nodes(ab.body)}"
        if isinstance(ab, fx.Trigger) and ab.event.partition(":")[0] in ("start", "end") and ":" in ab.event:
            # 'at start of defense phase: ...' compiles to the event "start:defense"
            point, _, phase = ab.event.partition(":")
            limit = {"turn": "once per turn, ", "game": "once per game, "}.get(ab.limit, "")
            return f"{limit}at the {point} of the {phase.replace('_', ' ')} phase, {self.nodes(ab.body)}"
        if isinstance(ab, fx.Trigger) and ab.who is None and ab.obj is None \
                and ab.event not in ("turn_start", "turn_end"):
            # a keyword trigger (DEATH: ...) is named by its event
            return f"{ab.event.replace('_', ' ').capitalize()}: {self.nodes(ab.body)}"
        if isinstance(ab, fx.Trigger):
            own = self._own("events", ab.event, ab)
            if ab.event in ("turn_start", "turn_end"):
                point = "start" if ab.event == "turn_start" else "end"
                whose = self._whose(ab.who)
                head = f"at the {point} of {whose} turn"
            else:
                head = f"after {own if own is not None else self.event(ab.event, ab.who, ab.obj)}"
            quals = " ".join(ab.qualifiers)
            if quals:
                head += f" {quals}"
            limit = {"turn": "once per turn, ", "game": "once per game, "}.get(ab.limit, "")
            if any("first time" in q for q in ab.qualifiers):
                limit = ""
            return f"{limit}{head}, {self.nodes(ab.body)}"
        if isinstance(ab, fx.Replacement):
            words = ab.event.replace("_", " ")
            return f"if {self.subject(ab.who)} would {words}, instead {self.nodes(ab.body)}"
        own = self._own("statics", ab.rule, ab)
        if own is not None:
            return own
        args = ", ".join(str(a) for a in ab.args)
        return f"{ab.rule.replace('_', ' ')}{' ' + args if args else ''}"

    def _whose(self, who: fx.Sel | None) -> str:
        if who is None or (who.mode == "ref" and who.noun == "you"):
            return "your"
        if who.mode == "ref":
            return "their"
        if who.noun in ("player", "players"):
            return "each"
        return f"each {who.noun}'s"


# ---- whole cards ------------------------------------------------------------------------

def header_line(card: fx.CardDef, rules: Any = None) -> str:
    """The card's header as one line, as its game writes it (``GameRules.render_header``;
    ``rules`` defaults to the card's game)."""
    if rules is None:
        from cardsmith.runtime.core.errors import UnknownGame
        from cardsmith.runtime.core.registry import get_game
        try:
            rules = get_game(card.game)
        except UnknownGame:
            return ""
    own = getattr(rules, "render_header", None)
    return str(own(card.header)) if callable(own) else ""


def _keyword(word: str) -> str:
    return word.replace("_", " ").capitalize()


def render_lines(card: fx.CardDef, rules: Any = None) -> list[str]:
    """The card's rules text, one sentence per line: keywords, effects, then abilities."""
    r = Renderer(rules, card)
    lines: list[str] = []
    if card.keywords:
        lines.append(". ".join(_keyword(k) for k in sorted(card.keywords)) + ".")
    play_if = getattr(card.header, "play_if", None)
    if play_if is not None:         # a 'playable if' header (Breathe)
        lines.append(sentence(f"you may only play {card.name} if {r.cond(play_if)}"))
    # a designer's keyword or effect is said once, as written, with its reminder, where
    # the first of the items it stands for would have been
    by_item: dict[tuple[str, int], fx.Use] = {}
    for use in card.uses:
        by_item.update({("effect", k): use for k in use.effect})
        by_item.update({("ability", k): use for k in use.abilities})
    said: set[int] = set()
    # each item's text rendered when its turn comes: the renderer remembers what it named
    items: list[tuple[str, int, partial[str]]] = \
        [("effect", k, partial(r.node, n)) for k, n in enumerate(card.effect)] + \
        [("ability", k, partial(r.ability, a)) for k, a in enumerate(card.abilities)]
    for kind, k, text in items:
        owner = by_item.get((kind, k))
        if owner is None:
            lines.append(sentence(text()))
        elif id(owner) not in said:
            said.add(id(owner))
            lines.append(use_line(owner))
    return [line for line in lines if line]


def use_line(use: fx.Use) -> str:
    """'Overload 2 (at the start of your turn, lose 2 power).'"""
    written = " ".join((use.name, *map(str, use.args)))
    return f"{written} ({use.reminder})." if use.reminder else f"{written}."


def render_text(card: fx.CardDef, rules: Any = None) -> str:
    """The card's rules text as one paragraph per sentence."""
    return "\n".join(render_lines(card, rules))


def render_card(card: fx.CardDef, rules: Any = None) -> str:
    """Name, header line and rules text, as ``cardsmith show`` prints them."""
    out = [card.name]
    head = header_line(card, rules)
    if head:
        out.append(head)
    text = render_text(card, rules)
    if text:
        out.append(text)
    if card.note:
        out.append(f"({card.note})")
    return "\n".join(out)
