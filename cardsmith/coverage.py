"""``cardsmith coverage GAME``: how many of a game's printed cards its bundled card files
script, overall, then by each of the game's groupings (Ivion: season, archetype), every
printed card without a script and why, and every script whose header is not its printed
card's.  The game supplies the printed list (``GameRules.printed_cards``); nothing here
names a game.

Exit codes: 0 the report printed, 1 the game has no printed list or its cards don't load,
2 an unknown game.
"""
from __future__ import annotations

import argparse
from typing import Any, TextIO


def add_parser(sub: Any) -> None:
    p = sub.add_parser("coverage", help="how many of a game's printed cards are scripted, and which are not")
    p.add_argument("game", metavar="GAME", help="an installed game's name")
    p.add_argument("--summary", action="store_true",
                   help="only the figures: leave out the list of unscripted cards")
    p.add_argument("--group", metavar="NAME",
                   help="list only the unscripted cards of this group (a season, an archetype)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core.errors import UnknownGame
    from cardsmith.runtime.core.printed import coverage, pool_mismatches
    from cardsmith.runtime.core.registry import get_game

    try:
        rules = get_game(args.game)
    except UnknownGame as e:
        print(f"cardsmith coverage: {e}", file=err)
        return 2
    printed = rules.printed_cards()
    if not printed:
        print(f"cardsmith coverage: {args.game} has no list of printed cards", file=err)
        return 1
    try:
        library = bundled_library(args.game)
    except CardError as e:
        print(e.format(), file=err)
        return 1
    scripts = [c for c in library if c.game == args.game]
    report = coverage(printed, [c.name for c in scripts])
    groups = {g for _, tallies in report.by_grouping for g in (t.group for t in tallies)}
    if args.group is not None and args.group.casefold() not in {g.casefold() for g in groups}:
        from cardsmith.runtime.core.registry import did_you_mean
        print(f"cardsmith coverage: no group '{args.group}' among {args.game}'s printed cards"
              f"{did_you_mean(args.group, sorted(groups))}", file=err)
        return 2
    print(render(args.game, report, pool_mismatches(printed, scripts, rules.printed_header),
                 summary=args.summary, only=args.group), file=out)
    return 0


def render(game: str, report: Any, mismatches: dict[str, list[str]], *, summary: bool = False,
           only: str | None = None) -> str:
    o = report.overall
    lines = [f"{game}: {o.scripted} of {o.printed} printed cards scripted ({o.percent:.0f}%)"]
    for grouping, tallies in report.by_grouping:
        lines.append(f"\nby {grouping}:")
        width = max(len(t.group) for t in tallies)
        for t in tallies:
            done = "  complete" if t.scripted == t.printed else ""
            lines.append(f"  {t.group:<{width}}  {t.scripted:>3}/{t.printed:<3} {t.percent:3.0f}%{done}")
    if mismatches:
        lines.append(f"\nscripted with a header other than the printed card's ({len(mismatches)}):")
        lines += [f"  {name}: {'; '.join(problems)}" for name, problems in mismatches.items()]
    if summary:
        return "\n".join(lines)
    listed = [(c, why) for c, why in report.unscripted
              if only is None or only.casefold() in {g.casefold() for _, g in c.groups}]
    lines.append(f"\nnot scripted ({len(listed)}{'' if only is None else ' in ' + only}):")
    for card, why in listed:
        where = ", ".join(g for _, g in card.groups)
        lines.append(f"  {card.name} ({where}): {why}")
    if report.unprinted and only is None:
        lines.append(f"\nscripted, not printed ({len(report.unprinted)}): {', '.join(report.unprinted)}")
    return "\n".join(lines)
