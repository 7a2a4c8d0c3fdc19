"""Expert move times per game (p50 / p95 / max), at the default level budgets.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--games N]``.  Only moves
with a real choice (more than one legal action) are timed; the solver is
warmed up first, as the apps do at start-up.  Figures, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from whistdrive import new_game, solver
from whistdrive.bots import BUDGETS, make_player

SETUPS = {"german": ({}, 2), "whist": ({"length": "deal"}, 4), "knockout": ({"players": 4}, 4),
          "humbug": ({"length": "deal"}, 2)}


def expert_times(game: str, games: int) -> list[float]:
    options, n = SETUPS[game]
    times = []
    for seed in range(games):
        g = new_game(game, options, seed=1000 + seed)
        # the expert sits in seat 0 (and 2 in whist); the others are intermediates
        players = [make_player("expert" if s % 2 == 0 else "intermediate", game, seed=seed * 10 + s)
                   for s in range(n)]
        while not g.is_over:
            s = g.current_seat
            obs = g.observation(s)
            t = time.perf_counter()
            action = players[s].choose(obs)
            dt = time.perf_counter() - t
            if s % 2 == 0 and len(obs["legal"]) > 1:
                times.append(dt)
            g.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=list(SETUPS), action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    solver.warm_up()
    for game in args.game or SETUPS:
        ts = sorted(expert_times(game, args.games))
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        print(f"{game:<9} expert budget {BUDGETS['expert'][game]:.2f}s  moves {len(ts):4d}  "
              f"p50 {statistics.median(ts):.3f}s  p95 {p95:.3f}s  max {ts[-1]:.3f}s")


if __name__ == "__main__":
    main()
