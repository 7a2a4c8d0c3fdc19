"""Four-hand whist: our numba kernel against DDS (endplay) on the same positions.

Run: ``.venv/bin/python benchmarks/bench_solver_whist.py``.  Prints mean ms per
solve for each hand size and the ratio ours / DDS (both one thread).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from whistdrive.solver import solve_whist, warm_up  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="3,5,7,9,11,13")
    ap.add_argument("--n", type=int, default=40, help="positions per size (fewer for big deals)")
    ap.add_argument("--seed", type=int, default=2)
    a = ap.parse_args()
    warm_up()
    solve_whist([1, 2, 4, 8], 0, 0, backend="dds")
    rng = random.Random(a.seed)
    print(" cards  positions  ours ms   DDS ms   ours/DDS")
    for k in (int(x) for x in a.sizes.split(",")):
        n = a.n if k <= 9 else max(3, a.n // 10)
        t_ours = t_dds = 0.0
        for _ in range(n):
            cards = rng.sample(range(52), 4 * k)
            hands = [sum(1 << c for c in cards[i * k : (i + 1) * k]) for i in range(4)]
            trump, leader = rng.choice([None, 0, 1, 2, 3]), rng.randrange(4)
            t = time.perf_counter()
            ours = solve_whist(hands, trump, leader, backend="numba")
            t_ours += time.perf_counter() - t
            t = time.perf_counter()
            dds = solve_whist(hands, trump, leader, backend="dds")
            t_dds += time.perf_counter() - t
            assert ours == dds, (hands, trump, leader)
        print(f"{k:6d}  {n:9d}  {t_ours / n * 1e3:7.2f}  {t_dds / n * 1e3:7.2f}  {t_ours / t_dds:9.1f}")


if __name__ == "__main__":
    main()
