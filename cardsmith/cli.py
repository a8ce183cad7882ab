"""The ``cardsmith`` command.  With no arguments it opens the REPL on the default Ivion duel.

Kept small on purpose: other subcommands (check, show, play) join here as they land.
"""
from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardsmith", description="card scripting language and rules sandbox")
    sub = parser.add_subparsers(dest="command")
    repl = sub.add_parser("repl", help="the sandbox REPL (the default)")
    repl.add_argument("file", nargs="?", help="a saved game (JSON) or a scenario file of REPL commands")
    repl.add_argument("--script", metavar="FILE", help="run REPL commands from FILE without a terminal")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from cardsmith.repl.main import run_repl
    if args.command in (None, "repl"):
        return run_repl(getattr(args, "file", None), getattr(args, "script", None), sys.stdin.isatty())
    return 2


if __name__ == "__main__":
    sys.exit(main())
