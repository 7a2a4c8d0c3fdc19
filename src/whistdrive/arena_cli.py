"""``whistdrive arena``: the command line of :mod:`whistdrive.arena`."""

from __future__ import annotations

import argparse
import json

from .games import GAMES


def _option(text: str) -> tuple[str, object]:
    """``key=value`` with the value read as JSON when it can be (true, 13, "x"), else as text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"option {text!r}: expected KEY=VALUE, e.g. count=all26")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def register(subparsers) -> None:
    """Add the ``arena`` subcommand to the main CLI's subparsers."""
    p = subparsers.add_parser(
        "arena", help="bots play duplicate deals; prints score difference, win rate and time per move",
        description="Play duplicate deals (same cards, seats swapped or rotated) between bots and report, per bot, "
                    "the mean score difference per deal with a 95% confidence interval, the win rate and the "
                    "time per move. Bots: random, beginner, intermediate, expert, cheater, expert-2026.11 (the expert "
                    "as it played in November 2026, kept unchanged as a yardstick); LEVEL:SECONDS sets a "
                    "budget per move (e.g. expert:0.3), LEVEL:worlds=N a budget of N sampled worlds per move "
                    "(e.g. expert:worlds=64), which gives the same results on any machine; openspiel-ismcts:N is "
                    "OpenSpiel's ISMCTS with N simulations per move (needs the rl extra).")
    p.add_argument("game", choices=list(GAMES))
    p.add_argument("--bots", required=True,
                   help="comma-separated: German and Humbug A,B; whist A,B (partnerships); Knock-out one per seat")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="deals the cards: the same seed gives the same deals (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes (default 1; with a local --ray, its CPUs)")
    p.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                   help="run the deals as Ray tasks: on a local Ray, or on the cluster at ADDRESS (needs ray)")
    p.add_argument("--json", metavar="FILE", help="write the summary and per-deal results as JSON")
    p.add_argument("--option", "-o", action="append", default=[], type=_option, metavar="KEY=VALUE",
                   help="variant option passed to the game, repeatable (e.g. -o count=all26 -o high_low=true)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--tolerate-bot-errors", action="store_true",
                   help="when a bot raises or answers an illegal action, log it and play a random legal action "
                        "(counted in the report) instead of stopping with the error")
    p.set_defaults(run=_run)


def _run(args) -> int:
    from .arena import report, run

    bots = [b for b in args.bots.split(",") if b.strip()]
    summary = run(args.game, bots, args.deals, seed=args.seed, workers=args.workers,
                  options=dict(args.option), progress=not args.no_progress, ray=args.ray,
                  tolerate=args.tolerate_bot_errors)
    print(report(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary.to_dict(), f, indent=1)
    return 0
