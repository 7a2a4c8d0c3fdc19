"""Knock-out Whist expert experiments (issue 14): the arena with settings of the expert, paired deal by deal.

``match``: the Knock-out arena (one bot per seat, every rotation of each
duplicate deal) with ``--set NAME=VALUE`` applied to the (non-reference)
expert — ``lookahead``, ``quick_worlds`` — so a setting is tried without
editing the code; bots as in the arena (``expert:worlds=200``,
``expert-2026.11:worlds=200``, ``intermediate``, ``cheater``); ``--match P``
tries another chance that a player made the classic play (``sampling.MATCH``,
which the reference uses too).  Prints the
arena's report; ``--json`` keeps the first bot's wins per deal.

``pair``: two such files from the same deals (``--deals``/``--seed``): the
difference of the first bot's win share deal by deal, with a 95 % CI — far
tighter than comparing the two win shares.

Run: ``PYTHONPATH=src python benchmarks/knockout_expert_lab.py match --bots expert:worlds=200,intermediate,intermediate,intermediate
--deals 100 --seed 15 --set lookahead=2 --json a.json`` then ``... pair a.json b.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from whistdrive import arena
from whistdrive.bots import sampling
from whistdrive.bots.knockout_expert import KnockoutExpert


def match(args) -> None:
    if args.match is not None:  # every search bot's model of the others' plays (a trial, not a setting)
        sampling.MATCH = args.match
    for kv in args.set:
        name, _, value = kv.partition("=")
        current = getattr(KnockoutExpert, name)
        setattr(KnockoutExpert, name, (value.lower() in ("1", "true", "yes")) if isinstance(current, bool)
                else type(current)(value))
    bots = args.bots.split(",")
    summary = arena.run("knockout", bots, args.deals, seed=args.seed, workers=1, progress=False)
    print(f"settings: {args.set or 'defaults'}, MATCH {sampling.MATCH}")
    print(arena.report(summary))
    if args.json:
        first = bots[0]
        per_deal = [r["labels"][first]["wins"] / r["labels"][first]["seats"] for r in summary.deals_detail]
        Path(args.json).write_text(json.dumps({"bots": args.bots, "settings": args.set, "seed": args.seed,
                                               "share": per_deal}))


def pair(args) -> None:
    a, b = (json.loads(Path(f).read_text()) for f in (args.a, args.b))
    if a["seed"] != b["seed"] or len(a["share"]) != len(b["share"]):
        raise SystemExit("not the same deals: same --seed and --deals needed")
    d = [x - y for x, y in zip(a["share"], b["share"])]
    m = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / len(d) ** 0.5
    n = len(a["bots"].split(","))
    print(f"{args.a} ({a['settings']}) − {args.b} ({b['settings']}), {len(d)} deals: win share "
          f"{100 * m:+.1f} points [{100 * (m - half):+.1f}, {100 * (m + half):+.1f}] = "
          f"{n * m:+.2f}x the fair share [{n * (m - half):+.2f}, {n * (m + half):+.2f}]; "
          f"{statistics.fmean(a['share']) * n:.2f}x against {statistics.fmean(b['share']) * n:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match")
    m.add_argument("--bots", required=True)
    m.add_argument("--deals", type=int, default=100)
    m.add_argument("--seed", type=int, default=15)
    m.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    m.add_argument("--json")
    m.add_argument("--match", type=float, help="the chance a player made the classic play, in every world weight")
    p = sub.add_parser("pair")
    p.add_argument("a")
    p.add_argument("b")
    args = ap.parse_args()
    match(args) if args.cmd == "match" else pair(args)


if __name__ == "__main__":
    main()
