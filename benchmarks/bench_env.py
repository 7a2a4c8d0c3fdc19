"""Environment steps per second for every game: random legal actions, tensor and mask every step.

One step = the acting seat's observation tensor and legal-action mask, then a
random legal action applied, as a learning loop does. Rates are per second of
this process's CPU time, so a busy machine skews them less. Run on one core:

    PYTHONPATH=src python benchmarks/bench_env.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time

from whistdrive.rl import RLGame

SETUPS = [("german", {}), ("whist", {"length": "deal"}), ("knockout", {"players": 4}), ("humbug", {"length": "deal"})]


def steps_per_second(game: str, options: dict, seconds: float) -> tuple[float, int]:
    rng = random.Random(0)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = RLGame(game, options, seed=rng.randrange(1 << 62))
        while not g.is_over:
            seat = g.current_seat
            g.observation_tensor(seat)
            g.legal_actions_mask()
            g.apply_action(rng.choice(g.legal_actions()))
            steps += 1
        g.returns()
        games += 1
    return steps / (time.process_time() - start), games


def seconds(text: str) -> float:
    value = float(text)
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a time above 0, got {text}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=5.0, help="CPU seconds per game (default 5)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'game':<10} {'options':<20} {'steps/s (CPU)':>14} {'games':>7}")
    for game, options in SETUPS:
        rate, games = steps_per_second(game, options, args.seconds)
        print(f"{game:<10} {str(options or '-'):<20} {rate:>14,.0f} {games:>7}")


if __name__ == "__main__":
    main()
