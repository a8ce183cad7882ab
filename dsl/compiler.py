"""From a textX model to compiled ``CardDef`` objects.

Meaning is checked here, at load time: every verb, noun, filter, condition and event must
be registered by the card's game, numbers must be sensible, references must point at
something.  A problem raises ``CardError`` with the location of the offending construct.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from textx import get_children_of_type, get_location, get_metamodel, get_model, textx_isinstance

from cardsmith.runtime.core import effects as fx
from cardsmith.runtime.core.errors import HeaderError
from cardsmith.runtime.core.registry import Vocabulary, did_you_mean
from cardsmith.runtime.core.rules import GameRules

from . import designs
from .errors import CardError

#: words a designer may reach for, and the verb a game usually calls it (used for hints
#: only, and only when the game has that verb)
SYNONYMS = {"dmg": "deal", "damage": "deal", "hit": "deal", "attack": "deal", "cure": "heal",
            "restore": "heal", "get": "gain", "add": "gain", "kill": "destroy", "remove": "destroy",
            "teleport": "travel", "walk": "move", "step": "move", "negate": "counter",
            "cancel": "counter", "pull": "move", "push": "move", "bounce": "return"}

#: reference words and what they are bound to at run time
REFS = {"yourself": "you", "you": "you", "them": "them", "they": "them", "it": "it", "this card": "this",
        "this tile": "this tile", "that card": "it", "its controller": "its controller",
        "their tile": "their tile", "your tile": "your tile", "that tile": "that tile"}


def _loc(obj: Any, file: str) -> fx.Loc:
    """Where a model object starts, named by the file name the caller gave (textX would
    give an absolute path, and messages should name files the way the designer did)."""
    where = get_location(obj)
    return fx.Loc(file, where.get("line", 0), where.get("col", 0))


def _cls(obj: Any) -> str:
    return obj.__class__.__name__


def _pos(obj: Any) -> int:
    return int(getattr(obj, "_tx_position", 0))


class CardCompiler:
    """Compiles the cards of one file for one game."""

    def __init__(self, rules: GameRules, file: str,
                 header_usage: dict[str, str] | None = None,
                 declared: dict[str, Any] | None = None, text: str = "") -> None:
        self.rules = rules
        #: the header words of the game's card grammar, with what each looks like ('' if
        #: no example is known): a misspelt header is reported as one
        self.header_usage = header_usage or {}
        #: what the file (and the files it imports) declared: name -> the game's record
        self.declared: dict[str, Any] = dict(declared or {})
        self.vocab: Vocabulary = rules.vocab
        self.file = file
        #: the file's text (to tell a word written just after a step's number)
        self.text = text
        self._targets: list[fx.TargetSpec] = []
        self._mode = -1
        self._modes = 0
        self._in_ability = False
        self._picks = 0             # the targets an ability's body picks as it resolves, so far
        #: the parameters of the keyword or effect being declared (a Param for each)
        self._params: dict[str, designs.Param] = {}
        #: the keyword or effect being declared, and its kind (a use of it is recursion)
        self.defining: dict[str, str] = {}
        #: names the file declares further down (a use of one is reported as such)
        self.later: set[str] = set()
        #: a use's effects per (name, arguments): compiled once per distinct argument
        self.filled: dict[tuple[str, tuple[Any, ...]], Any] = {}

    @property
    def targets(self) -> list[fx.TargetSpec]:
        return self._targets

    @property
    def in_ability(self) -> bool:
        return self._in_ability

    @property
    def mode(self) -> int:
        return self._mode

    def loc(self, obj: Any) -> fx.Loc:
        return _loc(obj, self.file)

    def add_modes(self, obj: Any, modes: int) -> None:
        """A 'choose one' arriving with a designer's effect: one per card, never nested."""
        if self._mode != -1 or self._modes:
            raise self.fail(obj, "'choose one' can't be nested in another 'choose one' (the effect used here holds one)")
        self._modes = modes

    def declare_designs(self, decls: list[Any]) -> None:
        """A file's designer keywords and effects, in the order written."""
        self.later = {d.name for d in decls}
        for d in decls:
            designs.declare(self, d, self.later)

    def template(self, body: list[Any], name: str, params: tuple[str, ...]
                 ) -> tuple[tuple, tuple, tuple[fx.TargetSpec, ...], int]:
        """A declaration's body compiled with its parameters open: effect, abilities,
        targets and 'choose one' count, as a card's would be."""
        for rule in ("StepStmt", "CostStep"):
            for b in body:
                for st in [b, *get_children_of_type(rule, b)]:
                    if _cls(st) == rule and st.verb not in self.vocab.verbs:
                        raise self._unknown_verb(st, st.verb)
        saved = (self._targets, self._mode, self._modes, self._params, self.defining, self._in_ability)
        self._targets, self._mode, self._modes = [], -1, 0
        self._params = {p: designs.Param(p) for p in params}
        self.defining = {**self.defining, name: "keyword or effect"}
        self._first_statement = self._last_header = None
        try:
            effect, abilities, _ = self.statements(body)
            return tuple(effect), tuple(abilities), tuple(self._targets), self._modes
        finally:
            self._targets, self._mode, self._modes, self._params, self.defining, self._in_ability = saved

    def fail(self, obj: Any, message: str, hint: str = "") -> CardError:
        loc = _loc(obj, self.file)
        return CardError(message, loc.file, loc.line, loc.col, hint=hint)

    def declare(self, obj: Any, fields: dict[str, Any]) -> None:
        """A file-level declaration (Ivion: ``archetype NAME class COLOUR``), judged by the
        game's ``declare``; a problem is reported at the word it is about."""
        where = fields.pop("_where", {})
        try:
            name, record = self.rules.declare(fields)
        except HeaderError as exc:
            raise self.fail(where.get((exc.field, exc.word)) or where.get(exc.field) or obj,
                            str(exc), exc.hint) from None
        except ValueError as exc:
            raise self.fail(obj, str(exc)) from None
        if name in self.declared:
            raise self.fail(obj, f"'{name}' is declared twice")
        self.declared[name] = record

    @staticmethod
    def split(model: Any) -> tuple[list, list]:
        """A card's header lines and its statements, each in the order written (the grammar
        reads them in one list, so that a misspelt header doesn't derail the ones after)."""
        statement = get_metamodel(model)["Statement"]
        headers: list = []
        statements: list = []
        for item in model.items:
            (statements if textx_isinstance(item, statement) else headers).append(item)
        return headers, statements

    # ---- cards --------------------------------------------------------------------
    def card(self, model: Any, header_fields: dict[str, Any], source: str = "") -> fx.CardDef:
        self._targets, self._mode, self._modes = [], -1, 0
        headers, statements = self.split(model)
        self._first_statement = statements[0] if statements else None
        self._last_header = headers[-1] if headers else None
        where: dict[Any, Any] = header_fields.pop("_where", {})
        keywords = frozenset(header_fields.pop("keywords", ()))
        for kw in sorted(keywords):
            if kw not in self.vocab.keywords:
                written = kw.replace("_", " ")
                known = [k.replace("_", " ") for k in self.vocab.keywords]
                raise self.fail(where.get(("keywords", kw)) or where.get("keywords", model),
                                f"unknown keyword '{written}'{did_you_mean(written, known)}",
                                hint=f"{self.rules.name} keywords: {', '.join(known)}")
        # unknown verbs first: a misspelt word ("deal 4 damag") starts a new step, and the
        # step before it then looks malformed; the misspelling is the useful message
        for rule in ("StepStmt", "CostStep"):
            for st in get_children_of_type(rule, model):
                if st.verb not in self.vocab.verbs:
                    raise self._unknown_verb(st, st.verb)
        if statements and headers and _pos(headers[-1]) > _pos(statements[0]):
            late = next(h for h in headers if _pos(h) > _pos(statements[0]))
            raise self.fail(late, "a header after the card's effects: headers come before the effects",
                            hint=f"the effects start at line {_loc(statements[0], self.file).line}")
        effect, abilities, uses = self.statements(statements)
        if header_fields.get("play_if") is not None:
            header_fields["play_if"], header_fields["play_if_text"] = \
                self.play_condition(header_fields["play_if"])
        loc = _loc(model, self.file)
        header_fields["declared"] = {k: v for k, v in self.declared.items() if not isinstance(v, designs.Design)}
        try:
            header = self.rules.make_header(header_fields, str(loc))
        except HeaderError as exc:
            at = where.get((exc.field, exc.word)) or where.get(exc.field) or model
            raise self.fail(at, f"card \"{model.name}\": {exc}", exc.hint) from None
        except ValueError as exc:
            raise self.fail(self._header_at(str(exc), where, model),
                            f"card \"{model.name}\": {exc}") from None
        card = fx.CardDef(name=model.name, game=self.rules.name, header=header, effect=tuple(effect),
                          targets=tuple(self._targets), modes=self._modes,
                          abilities=tuple(abilities), keywords=keywords, uses=tuple(uses),
                          note=header_fields.get("note", ""), loc=loc, source=source)
        problems = self.rules.card_problems(card)
        if problems:
            raise self.fail(where.get("keywords", model), f"card \"{model.name}\": {problems[0]}")
        return card

    def statements(self, statements: list[Any]) -> tuple[list, list, list[fx.Use]]:
        """A card's (or a declaration's) statements: its effect, its abilities, and the
        designer's keywords and effects it uses (each naming the items it stands for)."""
        effect: list = []
        abilities: list = []
        uses: list[fx.Use] = []
        for st in statements:
            kind = _cls(st)
            self._in_ability = kind in ("Trigger", "Replacement", "KeywordAbility")
            self._picks = 0
            if kind == "KeywordAbility":
                abilities.append(self.keyword_ability(st))
            elif kind == "Trigger":
                abilities.append(self.trigger(st))
            elif kind == "Replacement":
                abilities.append(fx.Replacement(self.event(st), self.sel(st.who), self.body(st.body),
                                                loc=_loc(st, self.file)))
            elif kind == "StaticRule":
                if st.rule not in self.vocab.statics:
                    raise self.fail(st, f"unknown static rule '{st.rule}'{did_you_mean(st.rule, self.vocab.statics)}")
                check = getattr(self.vocab.statics[st.rule], "check", None)   # a rule that checks its words
                problems = check(tuple(st.args or ())) if callable(check) else []
                if problems:
                    raise self.fail(st, f"static {st.rule}: {problems[0]}")
                abilities.append(fx.Static(st.rule, tuple(st.args or ()), loc=_loc(st, self.file)))
            elif kind == "Use":
                more, gained, record = designs.use(self, st, top=True)
                uses.append(dataclasses.replace(record, effect=tuple(range(len(effect), len(effect) + len(more))),
                                                abilities=tuple(range(len(abilities), len(abilities) + len(gained)))))
                effect.extend(more)
                abilities.extend(gained)
            else:
                effect.extend(self.effect(st))
        return effect, abilities, uses

    def play_condition(self, c: Any) -> tuple[fx.Cond, str]:
        """A ``playable if CONDITION`` header: the compiled condition and its English,
        rendered now (the game says it when it refuses the card, and a game can't render)."""
        from .render import Renderer
        before = len(self._targets)
        cond = self.cond(c)
        if len(self._targets) != before:
            raise self.fail(c, "a 'playable if' condition can't choose targets: it is judged before any are chosen")
        return cond, Renderer(self.rules).cond(cond)

    @staticmethod
    def _header_at(message: str, where: dict[Any, Any], model: Any) -> Any:
        """The header line a header error is about: the earliest of the words the game's
        header reader names its lines by (``where``) that the message uses."""
        found = [(message.find(w), w) for w in where if isinstance(w, str) and w in message]
        return where[min(found)[1]] if found else model

    # ---- effects ------------------------------------------------------------------
    def body(self, body: Any) -> tuple:
        if body is None:
            return ()
        if _cls(body) == "Block":
            out: list = []
            for e in body.effects:
                out.extend(self.effect(e))
            return tuple(out)
        return tuple(self.effect(body))

    def effect(self, st: Any) -> list:
        kind = _cls(st)
        if kind == "StepStmt":
            return [self.step(st)]
        if kind == "IfStmt":
            return [fx.If(self.cond(st.cond), self.body(st.then), self.body(st.otherwise))]
        if kind == "Labelled":
            label = st.label
            if label in self.header_usage:          # 'types: attack'
                usage = self.header_usage[label]
                raise self.fail(st, f"'{label}:' is not a header: a header has no ':'",
                                hint=f"a '{label}' header looks like: {usage}" if usage else "")
            if label not in self.vocab.labels or label not in self.vocab.conditions:
                raise self.fail(st, f"'{label}' means nothing in {self.rules.name}"
                                    f"{did_you_mean(label, self.vocab.labels)}")
            return [fx.If(fx.Cond(label), self.body(st.then), label=label)]
        if kind == "ChooseOne":
            if self._mode != -1:
                raise self.fail(st, "'choose one' can't be nested in another 'choose one'")
            options = []
            for k, block in enumerate(st.options):
                self._mode = k
                options.append(self.body(block))
            self._mode = -1
            self._modes = len(options)
            return [fx.Choose(tuple(options))]
        if kind == "MayPay":
            return [self.may_pay(st)]
        if kind == "Use":               # a designer's effect as a step ('Chill 3')
            return list(designs.use(self, st, top=False)[0])
        if kind == "ForEachStmt":
            if st.count is not None:
                return [fx.ForEach(None, self.body(st.body), count=self.expr(st.count))]
            s = st.sel
            self.noun(s, s.noun)
            sel = fx.Sel("each", s.noun, self.filters(s.filters), other=bool(s.other))
            return [fx.ForEach(sel, self.body(st.body), name=s.name or "each")]
        raise self.fail(st, f"unsupported statement {kind}")

    def step(self, st: Any) -> fx.Step:
        verb_name = st.verb
        verb = self.vocab.verbs.get(verb_name)
        if verb is None:
            raise self._unknown_verb(st, verb_name)
        clauses = tuple(self.clause(c) for c in st.clauses)
        obj = st.obj
        if self._is_distance(obj) and "upto" in getattr(verb, "clauses", ()):
            # "move up to 2 tiles": the grammar reads 'up to 2 tiles' as a selector (choose
            # up to two tiles); for a verb that takes a distance it is the distance
            clauses = (fx.Clause("upto", fx.Num(obj.count or 1)),) + clauses
            obj = None
        step = fx.Step(verb=verb_name, amount=self.expr(st.amount), unit=st.unit or "",
                       obj=self.sel(obj), clauses=clauses, more=bool(st.more),
                       optional=bool(st.may), loc=_loc(st, self.file))
        problems = verb.check(step)
        if problems:
            raise self.fail(st, problems[0])
        return step

    def may_pay(self, st: Any) -> fx.If:
        """``you may COST to EFFECT``: an ``If`` (label ``pay``) on the game's ``can_pay``
        condition, so the question is only asked when the cost can be paid, whose branch
        starts with the cost as an optional gate step: declining it skips the effect.
        Being an ``If``, every walk over a card's effects sees inside it unchanged."""
        if "can_pay" not in self.vocab.conditions:
            raise self.fail(st, f"'you may ... to ...' (an optional cost) means nothing in {self.rules.name}")
        verb = self.vocab.verbs[st.cost.verb]
        if not callable(getattr(verb, "payable", None)):
            payable = sorted(n for n, v in self.vocab.verbs.items() if callable(getattr(v, "payable", None)))
            raise self.fail(st.cost, f"'{st.cost.verb}' can't be paid as a cost",
                            hint=f"costs {self.rules.name} knows: {', '.join(payable)}" if payable else "")
        cost = fx.Step(verb=st.cost.verb, amount=self.expr(st.cost.amount), unit=st.cost.unit or "",
                       obj=self.sel(st.cost.obj), optional=True, gate=True, loc=_loc(st.cost, self.file))
        problems = verb.check(cost)
        if problems:
            raise self.fail(st.cost, problems[0])
        return fx.If(fx.Cond("can_pay", arg=cost), (cost, *self.body(st.then)), label="pay")

    @staticmethod
    def _is_distance(obj: Any) -> bool:
        return (obj is not None and _cls(obj) == "DetSel" and obj.det == "up to"
                and obj.noun in ("tile", "tiles") and not obj.filters and not obj.other
                and not obj.name)

    def _unknown_verb(self, st: Any, name: str) -> CardError:
        """Why a word in verb position isn't a verb, with the most useful hint we can find."""
        among_headers = st is self._first_statement or (
            self._last_header is not None and _pos(st) < _pos(self._last_header))
        header = did_you_mean(name, self.header_usage) if among_headers else ""
        if header and name not in self.header_usage:
            # 'rnage 3' among the headers: a misspelt header, not a verb
            meant = header.split("'")[1]
            usage = self.header_usage.get(meant, "")
            return self.fail(st, f"unknown header '{name}'{header}",
                             hint=f"a '{meant}' header looks like: {usage}" if usage else "")
        if name in self.header_usage:
            where = ("a header must be complete" if st is self._first_statement
                     else "headers come before the card's effects")
            usage = self.header_usage[name]
            return self.fail(st, f"'{name}' is read as a verb here: {where}",
                             hint=f"a '{name}' header looks like: {usage}" if usage else "")
        synonym = SYNONYMS.get(name)
        if synonym in self.vocab.verbs:
            return self.fail(st, f"unknown verb '{name}'; did you mean '{synonym}'?")
        dym = did_you_mean(name, self.vocab.verbs)
        if not dym:
            dym = did_you_mean(name, [*self.header_usage, *self.vocab.units])
            if dym:
                return self.fail(st, f"unknown verb '{name}'{dym}",
                                 hint="a misspelt word after a step starts a new step")
        counted = self._counted_by(st)
        if counted is not None:
            return counted
        known = ", ".join(sorted(self.vocab.verbs)[:12])
        return self.fail(st, f"unknown verb '{name}'{dym}",
                         hint="" if dym else f"{self.rules.name} verbs: {known}"
                                             + (", ..." if len(self.vocab.verbs) > 12 else ""))

    def _counted_by(self, st: Any) -> CardError | None:
        """'gain 2 influence' in a game without influence: the word is no unit here, so it
        starts a step of its own; say, at the word, what the step before it counts instead,
        as its verb would for a unit it doesn't take (a noun there lacks its determiner)."""
        if st.verb in self.vocab.nouns:
            return None
        before = [p for p in get_children_of_type("StepStmt", get_model(st))
                  if p._tx_position_end <= _pos(st) and p.amount is not None and not p.unit
                  and p.obj is None and not p.clauses and p.verb in self.vocab.verbs]
        if not before or self.text[before[-1]._tx_position_end:_pos(st)].strip(" \t"):
            return None
        step = before[-1]
        problems = [p for p in self.vocab.verbs[step.verb].check(
            fx.Step(verb=step.verb, amount=self.expr(step.amount), unit=st.verb)) if f"'{st.verb}'" in p]
        return self.fail(st, problems[0]) if problems else None

    def clause(self, c: Any) -> fx.Clause:
        if isinstance(c, str):      # a rule of one literal ('until end of turn') is a str
            return fx.Clause("until_end_of_turn")
        kind = _cls(c)
        if kind == "UptoClause":
            return fx.Clause("upto", self.expr(c.n))
        if kind == "ZoneClause":
            return fx.Clause("zone", "hand" if c.zone == "its owner's hand" else c.zone)
        if kind == "ToClause":
            return fx.Clause("to", self.sel(c.sel))
        if kind == "TowardsClause":
            return fx.Clause("towards", self.sel(c.sel))
        if kind == "AwayClause":
            return fx.Clause("away", self.sel(c.sel))
        if kind == "UnlessClause":
            how = "spend" if c.how.startswith("spend") else "pay"
            who, amount = self.sel(c.who), self.expr(c.n)
            if who is None or amount is None:       # the grammar asks for both
                raise self.fail(c, "'unless' needs who pays and how much: 'unless they pay 2'")
            return fx.Clause("unless", fx.Unless(who, amount, how))
        if kind == "AtClause":
            return fx.Clause("at", self.sel(c.sel))
        if kind == "FromClause":
            return fx.Clause("from", self.sel(c.sel))
        if kind == "ForClause":
            if c.free:
                return fx.Clause("free")
            return fx.Clause("less" if c.less else "duration", self.expr(c.n))
        if kind == "UntilClause":
            return fx.Clause("until_end_of_turn")
        if kind == "RandomClause":
            return fx.Clause("random")
        if kind == "OnClause":
            return fx.Clause("on", self.sel(c.sel))
        if kind == "DistanceClause":
            return fx.Clause("distance", self.expr(c.n))
        if kind == "DirClause":
            return fx.Clause("dir", c.dir)
        if kind == "WithClause":
            return fx.Clause("with", self.sel(c.sel))
        if kind == "BeneathClause":
            return fx.Clause("from_beneath" if c.out else "beneath", self.sel(c.sel))
        if kind == "FromZoneClause":
            return fx.Clause("from_zone", c.zone)
        if kind == "NamedClause":
            return fx.Clause("named", c.name)
        raise self.fail(c, f"unsupported clause {kind}")

    def expr(self, e: Any) -> fx.Expr | None:
        if e is None:
            return None
        if _cls(e) == "ParamRef":
            if e.name not in self._params:
                raise self.fail(e, f"'{e.name}' is no parameter here: a parameter stands only in "
                                   "the body of the keyword or effect that names it",
                                hint="a name bound with 'as' is longer than one letter")
            # a Param holds a number's place in the design until a use fills it (designs.fill)
            return self._params[e.name]      # type: ignore[return-value]
        if _cls(e) == "Number":
            if e.value > 99:
                raise self.fail(e, f"number {e.value} is out of range (0..99)")
            return fx.Num(e.value)
        what = " ".join(e.what.split())
        if what not in self.vocab.quantities:
            raise self.fail(e, f"unknown quantity '{what}'{did_you_mean(what, self.vocab.quantities)}")
        return fx.Quantity(what, self.sel(e.of))

    # ---- selectors ----------------------------------------------------------------
    def noun(self, obj: Any, noun: str) -> None:
        if noun not in self.vocab.nouns:
            raise self.fail(obj, f"'{noun}' is not something {self.rules.name} cards can select"
                                 f"{did_you_mean(noun, self.vocab.nouns)}")

    def filters(self, items: Any) -> tuple[fx.Filter, ...]:
        out = []
        for f in items or ():
            if f.name not in self.vocab.filters:
                raise self.fail(f, f"'{f.name}' is not a filter {self.rules.name} knows")
            arg = f.arg
            if arg is not None:
                arg = self.expr(arg) if _cls(arg) in ("Number", "QuantityExpr") else self.sel(arg)
            if getattr(f, "of", None) is not None:
                if not getattr(self.vocab.filters[f.name], "takes_of", False):
                    raise self.fail(f, f"'{f.name} N of ...' is not a filter {self.rules.name} knows")
                arg = (arg, self.sel(f.of))      # 'within 2 of SELECTOR' (Loose Coins)
            out.append(fx.Filter(f.name, arg, bool(f.negated)))
        return tuple(out)

    def sel(self, s: Any) -> fx.Sel | None:
        if s is None:
            return None
        if _cls(s) == "RefSel" and s.ref in self._params:
            raise self.fail(s, f"parameter '{s.ref}' is a number: it can't stand for who or what a step acts on")
        if _cls(s) == "RefSel":
            if s.ref not in REFS:
                for k, spec in enumerate(self._targets):
                    if spec.name == s.ref:
                        return fx.Sel("target", spec.noun, spec.filters, index=k)
                if isinstance(self.declared.get(s.ref), designs.Design):
                    raise self.fail(s, f"'{s.ref}' is read as what the step before it acts on",
                                    hint=f"a use of '{s.ref}' without a number can't follow a step "
                                         "that could take an object: put it first, or give the step its object")
                raise self.fail(s, f"'{s.ref}' names no target of this card (name one with 'as {s.ref}')")
            return fx.Sel("ref", REFS[s.ref])
        self.noun(s, s.noun)
        det = s.det
        filters = self.filters(s.filters)
        count = s.count or 1
        if det in ("target", "another target", "up to") and self._in_ability:
            # a triggered ability picks its targets when it resolves, not when played; the
            # index numbers them in the ability, for the game to keep each pick under
            self._picks += 1
            return fx.Sel("choose", s.noun, filters, index=self._picks - 1,
                          other=det == "another target" or bool(s.other), count=count, upto=det == "up to")
        if det in ("target", "another target", "up to"):
            other = det == "another target" or bool(s.other)
            spec = fx.TargetSpec(s.noun, filters, other, count, det == "up to", self._mode, s.name or "")
            self._targets.append(spec)
            return fx.Sel("target", s.noun, filters, index=len(self._targets) - 1, other=other,
                          count=count, upto=det == "up to")
        mode = "each" if det in ("each", "all") else "any"
        return fx.Sel(mode, s.noun, filters, other=bool(s.other), count=count)

    # ---- conditions and abilities -------------------------------------------------
    def cond(self, c: Any) -> fx.Cond:
        kind = _cls(c)
        if kind == "HasCond":
            what = c.what
            if c.zone:
                if what not in ("card", "cards"):
                    raise self.fail(c, f"only cards are counted in a zone, not {what}")
                what = f"cards in {c.zone}"     # "you have 15 cards in discard" (Verdant Burst)
            if c.at_most and (c.negated or c.amount is None):
                raise self.fail(c, "'or fewer' needs a number and no 'no': 'you have 2 or fewer power'")
            return self._cond(c, "has_at_most" if c.at_most else "has", self.sel(c.subject), what,
                              bool(c.negated), self.expr(c.amount))
        if kind == "IsCond":
            return self._cond(c, c.what, self.sel(c.subject), None, bool(c.negated))
        if kind == "NoneCond":
            # "no enemies within 2": nothing the selector picks exists (condition 'exists', negated)
            s = c.what
            self.noun(s, s.noun)
            return self._cond(c, "exists", fx.Sel("each", s.noun, self.filters(s.filters), other=bool(s.other)),
                              None, True)
        return self._cond(c, c.name, None, None, bool(c.negated))

    def _cond(self, obj: Any, name: str, subject: Any, arg: Any, negated: bool,
              amount: Any = None) -> fx.Cond:
        name = name.replace(" ", "_")
        if name not in self.vocab.conditions:
            raise self.fail(obj, f"unknown condition '{name}'{did_you_mean(name, self.vocab.conditions)}")
        if amount is not None:
            if isinstance(amount, designs.Param):
                arg = (arg, designs.Param(amount.name, bare=True))
            else:
                arg = (arg, amount.value if isinstance(amount, fx.Num) else 1)
        return fx.Cond(name, subject, arg, negated)

    def event(self, obj: Any) -> str:
        name = obj.event.name.replace(" ", "_")
        if name not in self.vocab.events and name.endswith("s") and name[:-1] in self.vocab.events:
            name = name[:-1]    # "after an enemy enters" -> event "enter"
        if name not in self.vocab.events:
            raise self.fail(obj, f"unknown event '{name}'{did_you_mean(name, self.vocab.events)}")
        return name

    def keyword_ability(self, st: Any) -> fx.Trigger | fx.Activated:
        """``DEATH: ...`` is a trigger on the event 'death'; ``ACTION (2 influence): ...`` an
        activated ability; which words are which is the game's vocabulary."""
        word = st.word.lower()
        loc = _loc(st, self.file)
        costs = tuple((c.unit, c.amount) for c in st.costs or ())
        if word in self.vocab.events:
            if st.n is not None or costs:
                raise self.fail(st, f"'{st.word}' is a triggered ability: it takes no number or cost")
            return fx.Trigger(word, None, None, (), self.body(st.body), "", loc=loc)
        if word in self.vocab.activations:
            spec = self.vocab.activations[word]
            if getattr(spec, "needs_amount", False) and st.n is None:
                raise self.fail(st, f"'{st.word}' needs a number ('{st.word} 3: ...')")
            if st.n is not None and not (getattr(spec, "needs_amount", False)
                                         or getattr(spec, "allows_amount", False)):
                raise self.fail(st, f"'{st.word}' takes no number; put costs in parentheses")
            if st.n is not None and not 0 <= st.n <= 99:
                raise self.fail(st, f"number {st.n} is out of range (0..99)")
            if getattr(spec, "needs_costs", False) and not costs:
                raise self.fail(st, f"'{st.word}' needs a cost ('{st.word} (1 initiative): ...')",
                                hint="an ability usable for nothing could be used for ever")
            units = getattr(spec, "units", None)
            for c in st.costs or ():
                if units is not None and c.unit not in units:
                    raise self.fail(c, f"'{st.word}' can't cost {c.unit} (costs: {', '.join(units)})")
                if not 1 <= c.amount <= 9:
                    raise self.fail(c, f"cost {c.amount} {c.unit} is out of range (1..9)")
            return fx.Activated(word, st.n, costs, self.body(st.body), loc=loc)
        known = sorted(w.upper() for w in (*self.vocab.events, *self.vocab.activations))
        raise self.fail(st, f"'{st.word}' is not an ability word in {self.rules.name}"
                            f"{did_you_mean(st.word, known)}")

    def trigger(self, t: Any) -> fx.Trigger:
        limit = t.limit.per if t.limit is not None else ""
        quals = tuple(q.q for q in t.quals or ())
        if "precisely" in quals and "precise" not in self.vocab.conditions:
            raise self.fail(t, f"'precisely' means nothing in {self.rules.name}: its cards are never precise")
        if any("first time this turn" in q for q in quals):
            limit = limit or "turn"
        if t.point and getattr(t, "phase", None):
            # 'at start of defense phase': the game names its phases as events "start:defense"
            event = f"{t.point}:{t.phase}"
            if event not in self.vocab.events:
                phases = sorted({e.split(":", 1)[1] for e in self.vocab.events if ":" in e})
                raise self.fail(t, f"'{t.phase}' is not a phase of {self.rules.name}"
                                   f"{did_you_mean(t.phase, phases)}" + (f" (phases: {', '.join(phases)})" if phases else ""))
            return fx.Trigger(event, None, None, quals, self.body(t.body), limit, loc=_loc(t, self.file))
        if t.point:
            event = "turn_" + t.point
            who: fx.Sel | None
            if t.whose == "your":
                who = fx.Sel("ref", "you")
            elif t.whose == "an enemy's":
                who = fx.Sel("any", "enemy")
            else:
                who = fx.Sel("any", "player")
            if event not in self.vocab.events:
                raise self.fail(t, f"'{event}' means nothing in {self.rules.name}")
            return fx.Trigger(event, who, None, quals, self.body(t.body), limit, loc=_loc(t, self.file))
        event = self.event(t)
        who = self.sel(t.who)
        obj = self.sel(t.obj)
        return fx.Trigger(event, who, obj, quals, self.body(t.body), limit, loc=_loc(t, self.file))
