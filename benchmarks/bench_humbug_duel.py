"""A duplicate Humbug Whist match between two bots, one of them possibly the frozen expert.

Run: ``PYTHONPATH=src python benchmarks/bench_humbug_duel.py --bots expert:worlds=200,reference:worlds=200
[--deals N] [--seed S] [--set NAME=VALUE ...]``.  Bots are ``expert``, ``reference`` (the
expert as it stood before issue 14, ``HumbugExpert(reference=True)``), ``intermediate``
or ``cheater``, each optionally ``:worlds=N`` or ``:SECONDS``.  ``--set`` changes an
attribute of the (non-reference) expert — ``match``, ``spread`` — to try a setting
without editing the code.  Each deal is played twice with the seats swapped, single
deals (``length=deal``), scored in deal points as the arena scores them; one process,
deals in turn.  ``--json`` keeps the per-deal differences, so that two runs on the
same deals (worlds budgets: the same moves) can be compared deal by deal.  Figures,
not assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from whistdrive import new_game, solver
from whistdrive.bots import make_cheater, make_player
from whistdrive.bots.humbug_expert import HumbugExpert


def build(spec: str, seed: int, game, settings: dict):
    level, _, budget = spec.partition(":")
    worlds = int(budget.partition("=")[2]) if budget.startswith("worlds=") else None
    seconds = float(budget) if budget and worlds is None else None
    if level == "reference":
        return HumbugExpert("humbug", seed, seconds, worlds=worlds, reference=True)
    if level == "cheater":
        return make_cheater("humbug", game, seed=seed, budget=seconds, worlds=worlds)
    player = make_player(level, "humbug", seed=seed, budget=seconds, worlds=worlds)
    if level == "expert":
        for name, value in settings.items():
            setattr(player, name, type(getattr(player, name))(value))
    return player


def table(seed: int, bots: list[str], bot_seed: int, settings: dict, times: dict) -> list[int]:
    g = new_game("humbug", {"length": "deal"}, seed=seed)
    players = [build(b, bot_seed + s, lambda: g, settings) for s, b in enumerate(bots)]
    while not g.is_over:
        s = g.current_seat
        obs = g.observation(s)
        t = time.perf_counter()
        action = players[s].choose(obs)
        if len(obs["legal"]) > 1:
            times[bots[s]].append(time.perf_counter() - t)
        g.apply(action)
    return g.scores()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", required=True, help="A,B")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--json", help="write the per-deal differences here (to pair two runs on the same deals)")
    args = ap.parse_args()
    a, b = args.bots.split(",")
    settings = dict(kv.split("=", 1) for kv in args.set)
    solver.warm_up()
    diffs, times = [], {a: [], b: []}
    for d in range(args.deals):
        seed = args.seed * 100_000 + d
        first = table(seed, [a, b], seed * 7, settings, times)
        second = table(seed, [b, a], seed * 7 + 101, settings, times)
        diffs.append(((first[0] - first[1]) + (second[1] - second[0])) / 2)
    if args.json:
        Path(args.json).write_text(json.dumps({"bots": args.bots, "settings": settings, "diffs": diffs}))
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    won = sum(x > 0 for x in diffs) / len(diffs)
    print(f"{a} vs {b} {settings or ''}: {len(diffs)} duplicate deals, seed {args.seed}: "
          f"{mean:+.3f} points/deal [{mean - half:+.3f}, {mean + half:+.3f}], outscored in {100 * won:.1f}% "
          f"(lost {100 * sum(x < 0 for x in diffs) / len(diffs):.1f}%)")
    for bot, ts in times.items():
        ts.sort()
        if ts:
            print(f"  {bot}: moves {len(ts)}  mean {statistics.fmean(ts):.3f}s  p95 {ts[int(0.95 * (len(ts) - 1))]:.3f}s")


if __name__ == "__main__":
    main()
