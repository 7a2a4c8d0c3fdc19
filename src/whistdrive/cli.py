"""The ``whistdrive`` command line.

Each subcommand lives with the layer it drives; a module contributes its
subcommands through a light ``register(subparsers)`` function that imports
anything heavy only when the command runs.

A user's mistake (a bad flag, bad options, an unknown bot, a missing or
broken file) is reported in one shape: one line on stderr and exit status 2.
Errors the commands raise are caught in :func:`main`, argparse's own in
:class:`Parser`. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn

from . import __version__
from .errors import WhistError

COMMAND_MODULES = (
    "whistdrive.web.cli",  # serve
    "whistdrive.terminal.cli",  # play, simulate, replay
    "whistdrive.analysis_cli",  # solve, analyse
    "whistdrive.arena_cli",  # arena
)
USER_ERROR = 2


class Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line like every other user error (subcommands inherit it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(USER_ERROR, f"whistdrive: error: {message} (see {self.prog} --help)\n")


def _description() -> str:
    """Every game by its title, from the games' descriptors."""
    from .games import GAMES

    titles = [g.info.title.get("en") for g in GAMES.values()]
    return f"{', '.join(titles[:-1])} and {titles[-1]}: play against the computer, simulate, replay, analyse."


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="whistdrive",
        description=_description(),
    )
    parser.add_argument("--version", action="version", version=f"whistdrive {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def describe(error: Exception) -> str:
    """The error as one line: a file error names the file, the rest speak for themselves."""
    if isinstance(error, OSError) and error.strerror:
        text = f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    elif isinstance(error, UnicodeDecodeError):
        text = f"not a UTF-8 text file ({error.reason})"
    else:
        text = str(error) or type(error).__name__
    return " ".join(text.split())


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.run(args) or 0
        sys.stdout.flush()  # what is still buffered goes now, so that a reader gone shows here
        return code
    except BrokenPipeError:  # the reader stopped early (`| head`): not the user's mistake, so no message
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's flush at exit would fail again
        return 1
    except (WhistError, OSError, UnicodeDecodeError) as e:
        print(f"whistdrive: error: {describe(e)}", file=sys.stderr)
        return USER_ERROR


if __name__ == "__main__":
    sys.exit(main())
