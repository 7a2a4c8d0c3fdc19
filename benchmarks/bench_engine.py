"""Random full games per second for each game (engine speed, one core).

Two figures per game: the engine alone (legal actions + apply), and the same
with a seat's observation built before every move, as a bot sees the game.
"""

from __future__ import annotations

import argparse
import random
import time

from whistdrive import new_game

GAMES = (("german", {}), ("whist", {"length": "rubber"}), ("knockout", {"players": 4}))


def run(name: str, options: dict, seconds: float, observe: bool) -> tuple[float, float]:
    rng = random.Random(0)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(name, options, seed=games)
        while not game.is_over:
            if observe:
                game.observation(game.current_seat)
            game.apply(rng.choice(game.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure (default 3 s)")
    args = parser.parse_args()
    print(f"{'game':<10} {'mode':<12} {'games/s':>10} {'moves/s':>10}")
    for name, options in GAMES:
        for observe in (False, True):
            gps, mps = run(name, options, args.seconds, observe)
            print(f"{name:<10} {'observed' if observe else 'engine':<12} {gps:>10.1f} {mps:>10.0f}")


if __name__ == "__main__":
    main()
