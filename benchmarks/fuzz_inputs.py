"""Fuzzed inputs through every way in: how many are refused, accepted, and how many crash.

Targets (tests/fuzzing/ makes the inputs and checks each one):

* ``cards``: a card text of one of the three languages (bundled cards, one to three at a
  time, changed by ``tests/fuzzing/text.mutate``), compiled; a card that compiles is
  rendered, defined in a REPL session, put in a hand and played on for a few lines;
* ``decks``: a bundled or test deck file, changed, read and checked as ``cardsmith check``
  does; a good deck starts a game (``new decks``) that is played on;
* ``scenarios``: a bundled scenario or puzzle, changed, checked and run as ``cardsmith run``
  does;
* ``saves``: a real saved game, changed (tests/repl/save_corpus.py), loaded as ``load``
  does and played on;
* ``replays``: a real replay file of one of the three games, changed in its JSON or its text,
  opened at a turn as ``cardsmith repl FILE --turn N`` does and played on;
* ``repl-ivion``, ``repl-sylvion``, ``repl-ikorr``: REPL lines on that game (one input is
  one line), in walks of ``--walk`` lines from a new game, a real saved game or a bundled
  scenario's board (tests/fuzzing/walks.py): a refused line must leave the game, its
  history and the library as they were; after an accepted one the game must render, keep
  its state through to_data/from_data, and now and then undo, redo, save and load back.

A refusal is one of our errors (a ``CardsmithError``); a crash is anything else, an
"internal error" from the REPL, or a refused line that changed something.  Crashes of the
classes another branch is fixing (tests/fuzzing/known.py) are counted apart.  Not a test:
nothing is asserted; the goal is 0 crashes.  Each target's inputs come from ``--seed``
alone, so a run repeats exactly; ``--show`` prints the first crashes in full with the
input that made them.

    python benchmarks/fuzz_inputs.py --count N [--seed S] [--target NAME|all] [--walk L] [--show K]
                                     [--first K] [--dump FOLDER]
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzzing import lines, loaders, walks  # noqa: E402
from tests.fuzzing.draw import Seeded  # noqa: E402
from tests.fuzzing.known import known  # noqa: E402
from tests.repl import save_corpus  # noqa: E402

TARGETS = ("cards", "decks", "scenarios", "saves", "replays", "repl-ivion", "repl-sylvion", "repl-ikorr")


@dataclass
class Tally:
    target: str
    counts: collections.Counter = field(default_factory=collections.Counter)
    crashes: list[tuple[str, int, str, str]] = field(default_factory=list)   # (signature, k, input, traceback)
    signatures: collections.Counter = field(default_factory=collections.Counter)
    unplaced: list[str] = field(default_factory=list)   # file refusals that say no file:line:col
    known: collections.Counter = field(default_factory=collections.Counter)
    known_examples: list[tuple[str, int, str, str]] = field(default_factory=list)   # the first of each class
    seconds: float = 0.0

    @property
    def tried(self) -> int:
        return sum(self.counts.values())


def signature(text: str) -> str:
    """A crash's kind in one line: the exception and where in our code it was raised (its
    numbers and the walk's folder left out, so one kind counts once)."""
    rows = [ln for ln in text.strip().splitlines() if ln.strip()]
    where = [ln.strip() for ln in rows if ln.strip().startswith("File ") and "/site-packages/" not in ln]
    last = re.sub(r"\d+", "N", (rows[-1] if rows else text).replace(str(lines.FOLDER), "FOLDER"))
    return (last[:160] + (f"  [{where[-1][:120]}]" if where else "")).strip()


One = Callable[[Seeded, list[str], list[str]], None]



def run_inputs(tally: Tally, count: int, seed: int, one: One, first: int = 0) -> None:
    """Run inputs until ``count`` are tried; ``one`` adds the verdict of each input it
    tries to its third argument, and what it fed in to its second (the reproducer).
    Input ``k`` (a REPL walk: the ``k``-th walk) is the same for the same seed whatever
    ``first`` is, so ``--first K --count 1`` runs one crash again."""
    k = first
    while tally.tried < count:
        draw = Seeded(f"{seed}:{tally.target}:{k}")
        fed: list[str] = []
        verdicts: list[str] = []
        try:
            one(draw, fed, verdicts)
            tally.counts.update(verdicts)
        except Exception:       # noqa: BLE001 - that is what this counts
            detail = traceback.format_exc()
            tally.counts.update(verdicts)       # the inputs before it held
            kind = known(detail)
            if kind is not None:
                tally.counts["known elsewhere"] += 1
                tally.known[kind.name] += 1
                if tally.known[kind.name] == 1:
                    tally.known_examples.append((kind.name, k, "\n".join(fed), detail))
            else:
                tally.counts["crashed"] += 1
                sig = signature(detail)
                tally.signatures[sig] += 1
                if tally.signatures[sig] == 1:
                    tally.crashes.append((sig, k, "\n".join(fed), detail))
        k += 1


def target_function(name: str, walk: int, tally: Tally) -> One:
    def placed(verdict: tuple[str, str]) -> str:
        if verdict[0] == "refused" and not loaders.PLACED.match(verdict[1]):
            tally.unplaced.append(verdict[1])
        return verdict[0]

    if name == "cards":
        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            game = draw.choice(loaders.GAMES)
            text = loaders.card_input(draw, game)
            fed.append(f"# {game}\n{text}")
            verdicts.append(placed(loaders.load_cards(draw, game, text)))
    elif name == "decks":
        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            path, text = loaders.deck_input(draw)
            fed.append(f"# as {path}\n{text}")
            verdicts.append(placed(loaders.load_deck(draw, path, text)))
    elif name == "scenarios":
        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            path, text = loaders.scenario_input(draw)
            fed.append(f"# as {path}\n{text}")
            verdicts.append(placed(loaders.run_scenario(path, text)))
    elif name == "saves":
        save_corpus.cache_card_libraries()
        saves = save_corpus.all_saves()

        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            text = save_corpus.mutate(draw.choice(saves), draw.rnd)
            fed.append(text)
            verdicts.append(save_corpus.load_and_use(text, random.Random(draw.integer(0, 10 ** 6)))[0])
    elif name == "replays":
        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            text = loaders.replay_input(draw)
            fed.append(text)
            verdict = loaders.load_replay(draw, text)
            if verdict[0] == "refused" and not loaders.REPLAY_PLACED.match(verdict[1]):
                tally.unplaced.append(verdict[1])
            verdicts.append(verdict[0])
    else:
        game = name.removeprefix("repl-")

        def one(draw: Seeded, fed: list[str], verdicts: list[str]) -> None:
            walks.try_lines(draw, game, walk, fed, verdicts)
    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500, help="inputs to try per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", choices=(*TARGETS, "all"), default="all")
    parser.add_argument("--walk", type=int, default=40, help="lines per REPL walk")
    parser.add_argument("--show", type=int, default=3, help="crashes to print in full, per target")
    parser.add_argument("--first", type=int, default=0, help="the number of the first input (to run one again)")
    parser.add_argument("--dump", type=Path, help="a folder to write each crash's input to (and the first "
                                                  "input of each known class, known-*.txt)")
    args = parser.parse_args()
    targets = TARGETS if args.target == "all" else (args.target,)
    tallies = []
    with lines.in_folder():
        for name in targets:
            tallies.append(run_target(name, args))
    if len(tallies) > 1:
        total = collections.Counter()
        for t in tallies:
            total.update(t.counts)
        print(f"\nall targets: {sum(total.values())} inputs, {total['refused']} refused, "
              f"{total['accepted']} accepted, {total['known elsewhere']} known elsewhere, "
              f"{total['crashed']} crashed, {sum(t.seconds for t in tallies):.0f} CPU s")


def run_target(name: str, args: argparse.Namespace) -> Tally:
    tally = Tally(name)
    one = target_function(name, args.walk, tally)       # builds the target's corpus
    start = time.process_time()
    run_inputs(tally, args.count, args.seed, one, args.first)
    tally.seconds = time.process_time() - start
    report(tally, args.show, args.seed)
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for prefix, found in (("", tally.crashes), ("known-", tally.known_examples)):
            for _, k, fed, detail in found:
                (args.dump / f"{prefix}{tally.target}-{args.seed}-{k}.txt").write_text(f"{fed}\n\n{detail}",
                                                                                     encoding="utf-8")
    return tally


def report(t: Tally, show: int, seed: int) -> None:
    c = t.counts
    accepted = c["accepted"]
    print(f"{t.target}: {t.tried} inputs in {t.seconds:.0f} CPU s: {c['refused']} refused with our message, "
          f"{accepted} accepted, {c['known elsewhere']} known elsewhere, {c['crashed']} crashed", flush=True)
    if t.target in ("cards", "decks", "scenarios"):
        print(f"  refusals without a file:line:col in front: {len(t.unplaced)}"
              + "".join(f"\n    {m.splitlines()[0][:200]}" for m in t.unplaced[:5]))
    for name, n in t.known.most_common():
        print(f"  known elsewhere: {n} x {name}")
    for sig, n in t.signatures.most_common(8):
        print(f"  crash: {n} x {sig}")
    for sig, k, fed, detail in t.crashes[:show]:
        print(f"---- {t.target} crash: {sig}\n-- input {k} (again: --target {t.target} --seed {seed} --first {k} "
              f"--count 1), its last 3000 characters:\n{fed[-3000:]}\n-- traceback:\n{detail[-2500:]}", flush=True)


if __name__ == "__main__":
    main()
