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

from whistdrive.solver import (  # noqa: E402
    TwoHandSolver,
    last_stats,
    solve_german_stage1,
    solve_two_hand,
    values_two_hand,
    warm_up,
)
from whistdrive.solver.api import _winner  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def stage2(n: int, seed: int) -> None:
    rng = random.Random(seed)
    times, nodes, cpu = [], [], 0.0
    for _ in range(n):
        cards = rng.sample(range(52), 26)
        h0 = sum(1 << c for c in cards[:13])
        h1 = sum(1 << c for c in cards[13:])
        trump, leader = rng.randrange(4), rng.randrange(2)
        c = time.process_time()
        t = time.perf_counter()
        solve_two_hand(h0, h1, trump, leader)
        times.append((time.perf_counter() - t) * 1e3)
        cpu += time.process_time() - c
        nodes.append(last_stats()["nodes"])
    print(f"stage 2, {n} random 13+13 positions with a trump, one thread (ms; load average {load()}):")
    print(
        f"  mean {statistics.mean(times):.3f}  p50 {pct(times, 0.5):.3f}  p99 {pct(times, 0.99):.3f}"
        f"  max {max(times):.3f}   nodes mean {statistics.mean(nodes):.0f}  max {max(nodes)}"
        f"   CPU {cpu / sum(nodes) * 1e9:.0f} ns/node"
    )


def compare(n: int, seed: int) -> None:
    """The same positions as stage2() through the generic n-seat kernel and the two-hand kernel.

    CPU time (process_time) per solve, so the comparison holds while other
    jobs load the machine.
    """
    from whistdrive.solver.api import ENGINE, Position

    rng = random.Random(seed)
    positions = []
    for _ in range(n):
        cards = rng.sample(range(52), 26)
        h0 = sum(1 << c for c in cards[:13])
        h1 = sum(1 << c for c in cards[13:])
        trump, leader = rng.randrange(4), rng.randrange(2)
        positions.append(Position([h0, h1], trump, leader, (), (0, 1)))
    ENGINE.table = ENGINE.two_table = None  # both start empty (stage2() filled the two-hand one)
    print(f"stage 2, the same {n} positions, CPU ms per solve (load {load()}):")
    for label, fn in (("generic kernel", ENGINE.generic_side1_tricks), ("two-hand kernel", ENGINE.side1_tricks)):
        cpu, nodes = [], []
        for pos in positions:
            c = time.process_time()
            fn(pos)
            cpu.append((time.process_time() - c) * 1e3)
            nodes.append(int(ENGINE.stats[0]))
        print(
            f"  {label:16s} mean {statistics.mean(cpu):.3f}  p50 {pct(cpu, 0.5):.3f}  p99 {pct(cpu, 0.99):.3f}"
            f"  max {max(cpu):.3f}   nodes mean {statistics.mean(nodes):.0f}  max {max(nodes)}"
            f"   {sum(cpu) / sum(nodes) * 1e6:.0f} ns/node"
        )


def games(n: int, seed: int) -> None:
    """Whole stage-2 games analysed move by move (every legal card valued, as a hint does).

    Three ways: the module functions (one shared 2^17-entry table), a
    TwoHandSolver per game (its own 2^16-entry table, kept from move to move)
    and the same cleared before every move (no reuse; the clearing itself is
    not timed), to show what keeping the table is worth.
    """
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = rng.sample(range(52), 26)
        deals.append(
            (sum(1 << c for c in cards[:13]), sum(1 << c for c in cards[13:]), rng.randrange(4), rng.randrange(2))
        )
    print(f"stage 2, {n} whole games valued move by move (26 decisions each; ms per decision; load {load()}):")
    for label in ("shared table", "per-game table", "cleared each move"):
        times = []
        for h0, h1, trump, leader in deals:
            solver = TwoHandSolver() if label != "shared table" else None
            hands, trick = [h0, h1], []
            while any(hands):
                if label == "cleared each move":
                    solver.clear()
                t = time.perf_counter()
                if solver is None:
                    vals = values_two_hand(*hands, trump, leader, trick)
                else:
                    vals = solver.values(*hands, trump, leader, trick)
                times.append((time.perf_counter() - t) * 1e3)
                p = (leader + len(trick)) % 2
                card = max(vals, key=lambda c: (vals[c], -c))
                hands[p] &= ~(1 << card)
                trick.append((p, card))
                if len(trick) == 2:
                    leader, trick = _winner(trick, trump), []
        print(f"  {label:18s} mean {statistics.mean(times):.3f}  p99 {pct(times, 0.99):.3f}  max {max(times):.3f}")


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
    ap.add_argument("--games", type=int, default=20, help="whole games valued move by move")
    ap.add_argument("--compare", action="store_true", help="generic against two-hand kernel, CPU time")
    a = ap.parse_args()
    t = time.perf_counter()
    warm_up()
    print(f"warm_up: {time.perf_counter() - t:.2f} s")
    if a.n:
        stage2(a.n, a.seed)
    if a.compare and a.n:
        compare(a.n, a.seed)
    if a.games:
        games(a.games, a.seed)
    if a.stage1:
        stage1(a.stage1, a.per, a.seed)


if __name__ == "__main__":
    main()
