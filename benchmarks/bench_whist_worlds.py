"""How many worlds the whist expert solves a move at its default budget, by trick.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_whist_worlds.py [--deals N]``.
The expert pair (seats 0 and 2) plays seeded deals against two intermediates;
for each of its moves with a choice, the double-dummy solves are counted.  A
wall-clock budget gives fewer worlds on a loaded machine, so compare two
versions side by side in one run (e.g. one of them from a ``git worktree``).
Figures, not assertions.
"""

from __future__ import annotations

import argparse
import statistics

from whistdrive import new_game, solver
from whistdrive.bots import make_player, whist_expert


def solves_by_trick(deals: int) -> dict[int, list[int]]:
    solves = 0
    play_values = whist_expert.play_values

    def counted(*args):
        nonlocal solves
        solves += 1
        return play_values(*args)

    whist_expert.play_values = counted
    out: dict[int, list[int]] = {}
    try:
        for seed in range(deals):
            g = new_game("whist", {"length": "deal"}, seed=1000 + seed)
            players = [make_player("expert" if s % 2 == 0 else "intermediate", "whist", seed=s) for s in range(4)]
            while not g.is_over:
                s = g.current_seat
                obs = g.observation(s)
                solves = 0
                action = players[s].choose(obs)
                if s % 2 == 0 and len(obs["legal"]) > 1:
                    out.setdefault(len(obs["tricks"]), []).append(solves)
                g.apply(action)
    finally:
        whist_expert.play_values = play_values
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2)
    args = parser.parse_args()
    solver.warm_up()
    by_trick = solves_by_trick(args.deals)
    print("trick          " + " ".join(f"{t + 1:>5d}" for t in sorted(by_trick)))
    print("median worlds  " + " ".join(f"{int(statistics.median(by_trick[t])):>5d}" for t in sorted(by_trick)))


if __name__ == "__main__":
    main()
