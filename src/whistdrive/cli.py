"""The ``whistdrive`` command line.

Each subcommand lives with the layer it drives; a module contributes its
subcommands through a light ``register(subparsers)`` function that imports
anything heavy only when the command runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES = (
    "whistdrive.web.cli",  # serve
    "whistdrive.terminal.cli",  # play, simulate, replay
    "whistdrive.analysis_cli",  # solve, analyse
    "whistdrive.arena_cli",  # arena
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="whistdrive",
        description="German Whist, Whist and Knock-out Whist against the computer.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
