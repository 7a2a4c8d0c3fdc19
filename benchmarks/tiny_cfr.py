"""CFR on tiny German Whist (the research variant): exploitability by iteration, and its curve as a PNG.

OpenSpiel's Python CFR (``open_spiel.python.algorithms.cfr``) solves
``whistdrive_tiny_german`` through the OpenSpiel adapter; OpenSpiel's
``exploitability`` measures the average policy (0 is a Nash equilibrium).
Prints iteration, exploitability and CPU seconds so far; with matplotlib
installed, ``--plot FILE`` draws the curve.

    PYTHONPATH=src python benchmarks/tiny_cfr.py --iterations 100 --plot docs/img/tiny_german_cfr.png
"""

from __future__ import annotations

import argparse
import os
import time

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import whistdrive.spiel.tiny  # noqa: F401  (registers whistdrive_tiny_german)


def checkpoints(last: int) -> list[int]:
    """Iterations to measure at: 1, 2, 5, 10, 20, 50, ... up to ``last``, and ``last``."""
    marks, step = [], 1
    while step < last:
        marks += [m for m in (step, 2 * step, 5 * step) if m < last]
        step *= 10
    return marks + [last]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100, help="CFR iterations (default 100)")
    parser.add_argument("--suits", type=int, default=2)
    parser.add_argument("--ranks", type=int, default=3)
    parser.add_argument("--hand", type=int, default=2)
    parser.add_argument("--plot", help="write the exploitability curve to this PNG (needs matplotlib)")
    args = parser.parse_args()
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    params = {"suits": args.suits, "ranks": args.ranks, "hand": args.hand}
    game = pyspiel.load_game("whistdrive_tiny_german", params)
    start = time.process_time()
    solver = cfr.CFRSolver(game)
    print(f"load average {os.getloadavg()[0]:.2f}; {params}: "
          f"{len(solver.current_policy().state_lookup):,} information states")
    print(f"{'iteration':>9} {'exploitability':>15} {'CPU s':>7}")
    curve = []
    marks = set(checkpoints(args.iterations))
    for i in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if i in marks:
            value = exploitability.exploitability(game, solver.average_policy())
            curve.append((i, value))
            print(f"{i:>9} {value:>15.5f} {time.process_time() - start:>7.1f}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(5, 3.2))
        ax.loglog(*zip(*curve), marker="o")
        ax.set_xlabel("CFR iterations")
        ax.set_ylabel("exploitability")
        ax.set_title(f"CFR on tiny German Whist {params}", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
