"""Steps per second of the batched environment, against OpenSpiel's C++ hearts measured in the same run.

One step is, for one game, the acting seat's tensor and legal mask and a random
legal action applied (drawn in compiled code for the batch, by Python's random
for OpenSpiel). OpenSpiel's hearts runs through pyspiel, twice: with its
information-state tensor (hearts has no observation tensor; 5,088 numbers,
most of its cost) and without any tensor, only the mask and the action, which
is the faster figure and the one the ratios use. Its chance nodes (the deal)
are drawn too but not counted as steps. Each worker is one process
with one thread: ``--workers 2`` runs the batch on both cores of this machine,
and the total is what they do together. Rates are per second of wall time for
the total, and per CPU second of one process for the ratio to hearts.

    PYTHONPATH=src python benchmarks/bench_vec.py [--game german] [--games 4096] [--seconds 5] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import time


def vec_rate(game: str, num_games: int, seconds: float, seed: int) -> tuple[float, float]:
    """(steps per wall second, steps per CPU second) of one process stepping a batch."""
    from whistdrive.vec import VecGame

    env = VecGame(game, num_games, seed=seed)
    env.reset()
    env.step(env.random_actions())  # compiled (or loaded from the cache) before the clock starts
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        env.step(env.random_actions())
        steps += num_games
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu)


def _worker(args) -> tuple[float, float]:
    return vec_rate(*args)


def spiel_rate(name: str, seconds: float, with_tensor: bool) -> float:
    """Decision steps per CPU second of an OpenSpiel game through pyspiel."""
    import pyspiel

    game = pyspiel.load_game(name)
    tensor = "observation_tensor" if game.get_type().provides_observation_tensor else "information_state_tensor"
    if not with_tensor:
        tensor = "current_player"  # a call that costs next to nothing in place of the tensor
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            player = state.current_player()
            getattr(state, tensor)(*(() if tensor == "current_player" else (player,)))
            state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one batched game (default: every game the batch plays)")
    parser.add_argument("--games", type=int, default=4096, help="games in the batch of each worker (default 4096)")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of each measurement (default 5)")
    parser.add_argument("--workers", type=int, default=2, help="processes stepping batches at once (default 2)")
    args = parser.parse_args()
    if not (0 < args.seconds < 600 and args.games > 0 and args.workers > 0):
        parser.error("--seconds must be in (0, 600), --games and --workers at least 1")
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    slow = spiel_rate("hearts", args.seconds, with_tensor=True)
    hearts = spiel_rate("hearts", args.seconds, with_tensor=False)
    print(f"OpenSpiel hearts (C++, through pyspiel), steps per CPU second: {slow:,.0f} with its tensor, "
          f"{hearts:,.0f} without (the ratios' yardstick)")
    from whistdrive.vec import KERNELS

    for game in [args.game] if args.game else list(KERNELS):
        one_wall, one_cpu = vec_rate(game, args.games, args.seconds, 0)
        print(f"{game}, batch of {args.games}, 1 process: {one_wall:>12,.0f} steps/s wall, "
              f"{one_cpu:,.0f} per CPU second = {one_cpu / hearts:,.1f}x hearts")
        if args.workers > 1:
            jobs = [(game, args.games, args.seconds, seed) for seed in range(args.workers)]
            with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                rates = pool.map(_worker, jobs)
            total = sum(w for w, _ in rates)
            print(f"{game}, {args.workers} processes together: {total:>12,.0f} steps/s wall "
                  f"= {total / hearts:,.1f}x one core of hearts")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
