"""German Whist solver figures: stage 2 (13+13) and stage 1 by tricks left.

Run: ``.venv/bin/python benchmarks/bench_solver_german.py [--n 1000] [--stage1 3]``.
Prints timing figures; the compile/cache load is done first by warm_up().
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from whistdrive.solver import last_stats, solve_german_stage1, solve_two_hand, warm_up  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def stage2(n: int, seed: int) -> None:
    rng = random.Random(seed)
    times, nodes = [], []
    for _ in range(n):
        cards = rng.sample(range(52), 26)
        h0 = sum(1 << c for c in cards[:13])
        h1 = sum(1 << c for c in cards[13:])
        trump, leader = rng.randrange(4), rng.randrange(2)
        t = time.perf_counter()
        solve_two_hand(h0, h1, trump, leader)
        times.append((time.perf_counter() - t) * 1e3)
        nodes.append(last_stats()["nodes"])
    print(f"stage 2, {n} random 13+13 positions with a trump, one thread (ms):")
    print(
        f"  mean {statistics.mean(times):.3f}  p50 {pct(times, 0.5):.3f}  p99 {pct(times, 0.99):.3f}"
        f"  max {max(times):.3f}   nodes mean {statistics.mean(nodes):.0f}  max {max(nodes)}"
    )


def stage1(max_left: int, per: int, seed: int) -> None:
    rng = random.Random(seed)
    print("stage 1 with a known stock, 13 cards a hand (ms per solve):")
    for left in range(1, max_left + 1):
        times = []
        for _ in range(per):
            cards = rng.sample(range(52), 26 + 2 * left)
            h0 = sum(1 << c for c in cards[:13])
            h1 = sum(1 << c for c in cards[13:26])
            stock = cards[26:]
            trump = stock[0] // 13 if left == 13 else rng.randrange(4)
            t = time.perf_counter()
            solve_german_stage1(h0, h1, stock, trump, rng.randrange(2))
            times.append((time.perf_counter() - t) * 1e3)
        print(
            f"  {left:2d} stage-1 trick(s) left: mean {statistics.mean(times):9.1f}  "
            f"p50 {pct(times, 0.5):9.1f}  max {max(times):9.1f}   ({per} positions)"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--stage1", type=int, default=2, help="largest number of stage-1 tricks left")
    ap.add_argument("--per", type=int, default=10, help="positions per stage-1 row")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t = time.perf_counter()
    warm_up()
    print(f"warm_up: {time.perf_counter() - t:.2f} s")
    if a.n:
        stage2(a.n, a.seed)
    if a.stage1:
        stage1(a.stage1, a.per, a.seed)


if __name__ == "__main__":
    main()
