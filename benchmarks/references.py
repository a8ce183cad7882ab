"""Parse + resolve time of card references: the indexed scope provider against textX's
default resolution (a figure, not a test).

    python benchmarks/references.py [--cards 1000] [--refs 500] [--runs 5]

Generates ``--cards`` six-line Ivion cards in one file, a scenario that imports that file
and names ``--refs`` of them on its board, and a deck that names ``--refs`` of them, then
times, in this process (median of ``--runs``; metamodels are built before timing):

* textX default: the scenario grammar with ``PlainNameImportURI``: textX parses the card
  file into a model and, for every reference, walks every object of every model;
* indexed, textX models: the same parse, resolved by ``ImportURI(IndexedName())``: one
  dict of names per model, built on first use;
* cardsmith, cold: ``CardScope`` (what ``cardsmith`` runs), an empty compiled-card cache:
  the imported file is parsed *and compiled* to ``CardDef``s, then pickled;
* cardsmith, warm: the same with the cache that the cold runs left: the card file is
  unpickled, not parsed;
* the deck, against a 1,000-card ``CardLibrary``, with ``CardScope``.

"resolve" is the time spent inside the scope provider (textX's lookups), part of the total.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

CARD = '''card "Bench Card {n:04d}" {{
  skill warrior  pips blue
  cost 1 action  generates 1 power  range 2
  types attack
  deal 2 damage to target enemy
}}
'''


def generate(folder: Path, cards: int, refs: int) -> dict[str, Path]:
    """The card file (twice: .ivion for cardsmith, .cards for plain textX), a scenario
    importing each, and a deck; references spread evenly over the cards."""
    text = "".join(CARD.format(n=n) for n in range(cards))
    step = max(cards // max(refs, 1), 1)
    names = [f'"Bench Card {n:04d}"' for n in range(0, cards, step)][:refs]
    (folder / "lib.ivion").write_text(text)
    (folder / "lib.cards").write_text(text)
    board = "player alice\n  hand: " + ", ".join(names) + "\n"
    out = {}
    for ext in ("ivion", "cards"):
        out[ext] = folder / f"bench-{ext}.scenario"
        out[ext].write_text(f'scenario "bench"\ngame ivion\nimport "lib.{ext}"\n{board}')
    out["deck"] = folder / "bench.deck"
    out["deck"].write_text('deck "bench" for ivion\n' + "".join(f"1 {n}\n" for n in names))
    return out


def timed(provider: Any) -> Any:
    """The provider, with the time spent in its lookups added up in ``.spent``."""
    base = type(provider)

    class Timed(base):  # type: ignore[misc, valid-type]
        def __call__(self, *args: Any) -> Any:
            start = time.perf_counter()
            try:
                return super().__call__(*args)
            finally:
                self.spent += time.perf_counter() - start

    provider.__class__ = Timed
    provider.spent = 0.0
    return provider


def measure(runs: int, once: Callable[[], tuple[Any, float]]) -> tuple[float, float, float]:
    """Median total ms, median resolve ms, and median CPU ms over ``runs``."""
    totals, resolves, cpus = [], [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        _, spent = once()
        totals.append((time.perf_counter() - t) * 1e3)
        cpus.append((time.process_time() - c) * 1e3)
        resolves.append(spent * 1e3)
    return statistics.median(totals), statistics.median(resolves), statistics.median(cpus)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--refs", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)

    from textx import register_language
    from textx.scoping.providers import ImportURI, PlainNameImportURI

    from cardsmith.dsl import decks, scenarios
    from cardsmith.dsl.languages import language
    from cardsmith.dsl.loader import build_metamodel, load_file, metamodel
    from cardsmith.dsl.scoping import IndexedName
    from cardsmith.runtime.core.cards import CardLibrary

    work = Path(tempfile.mkdtemp(prefix="cardsmith-refs-"))
    files = generate(work, args.cards, args.refs)
    # plain textX loads the imported .cards file with the bare Ivion metamodel
    register_language("bench-cards", "*.cards", metamodel=metamodel(language("ivion")))

    def textx_run(provider: Any) -> Callable[[], tuple[Any, float]]:
        mm = build_metamodel(scenarios.GRAMMAR)
        mm.register_scope_providers({"*.card": provider})

        def once() -> tuple[Any, float]:
            provider.spent = 0.0
            model = mm.model_from_file(str(files["cards"]))
            assert len(model.items[1].props[0].cards) == args.refs
            return model, provider.spent
        return once

    scope = timed(scenarios.metamodel().scope_providers["*.card"])

    def cardsmith_run(cold: bool) -> Callable[[], tuple[Any, float]]:
        def once() -> tuple[Any, float]:
            if cold:
                os.environ["CARDSMITH_CACHE"] = tempfile.mkdtemp(prefix="c-", dir=work)
            scope.spent = 0.0
            sdef = scenarios.load_scenario(files["ivion"], CardLibrary())
            assert len(sdef.players[0].zones[0][1]) == args.refs
            return sdef, scope.spent
        return once

    rows = [("textX default (PlainNameImportURI)", measure(args.runs, textx_run(timed(PlainNameImportURI())))),
            ("indexed, textX models (ImportURI(IndexedName))",
             measure(args.runs, textx_run(timed(ImportURI(IndexedName())))))]
    rows.append(("cardsmith CardScope, cold cache", measure(args.runs, cardsmith_run(True))))
    warm_cache = os.environ["CARDSMITH_CACHE"]
    rows.append(("cardsmith CardScope, warm cache", measure(args.runs, cardsmith_run(False))))

    os.environ["CARDSMITH_CACHE"] = warm_cache
    library = CardLibrary(load_file(work / "lib.ivion"))
    deck_scope = timed(decks._metamodel().scope_providers["*.card"])

    def deck_once() -> tuple[Any, float]:
        deck_scope.spent = 0.0
        deck = decks.compile_deck(files["deck"].read_text(), str(files["deck"]), library)
        assert len(deck.cards) == args.refs
        return deck, deck_scope.spent
    rows.append((f"deck, CardScope against a {len(library)}-card library", measure(args.runs, deck_once)))

    print(f"{args.cards} six-line cards, {args.refs} references; median of {args.runs} runs, in one process")
    print(f"  {'':48} {'parse+resolve':>14} {'of which resolve':>17} {'CPU':>9}")
    for label, (total, resolve, cpu) in rows:
        print(f"  {label:48} {total:11.1f} ms {resolve:14.1f} ms {cpu:6.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
