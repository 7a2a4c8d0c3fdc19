"""Environment steps per second for every game: random legal actions, tensor and mask every step.

One step = the acting seat's observation tensor and legal-action mask, then a
random legal action applied, as a learning loop does. Rates are per second of
this process's CPU time, so a busy machine skews them less. Run on one core:

    PYTHONPATH=src python benchmarks/bench_env.py [--seconds 5] [--openspiel] [--adapter]

``--openspiel`` measures OpenSpiel's C++ card games through pyspiel in the same
run, the same way (the tensor being the observation tensor where the game has
one, else the information-state tensor; chance nodes drawn but not counted),
and prints each whistdrive game's ratio to them. ``--adapter`` measures the
games through whistdrive's OpenSpiel adapter too.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time

from whistdrive.rl import RLGame

SETUPS = [("german", {}), ("whist", {"length": "deal"}), ("knockout", {"players": 4}), ("humbug", {"length": "deal"})]
SPIEL_GAMES = ["hearts", "oh_hell", "spades", "skat"]  # bridge scores each deal double dummy: not comparable


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


def spiel_rate(name: str, params: dict, seconds: float) -> float:
    """Decision steps per CPU second of a game through pyspiel: tensor, mask and a random legal action."""
    import pyspiel

    if name.startswith("whistdrive_"):
        import whistdrive.spiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game(name, params)
    tensor = "observation_tensor" if game.get_type().provides_observation_tensor else "information_state_tensor"
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
            getattr(state, tensor)(player)  # as a user calls it (a Python game may answer without C++)
            state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def seconds(text: str) -> float:
    value = float(text)
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a time above 0, got {text}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=5.0, help="CPU seconds per game (default 5)")
    parser.add_argument("--openspiel", action="store_true", help="OpenSpiel's C++ card games in the same run")
    parser.add_argument("--adapter", action="store_true", help="the games through whistdrive's OpenSpiel adapter")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    spiel = {name: spiel_rate(name, {}, args.seconds) for name in SPIEL_GAMES} if args.openspiel else {}
    for name, rate in spiel.items():
        print(f"OpenSpiel {name:<10} (C++) {rate:>14,.0f} steps/s (CPU)")
    print(f"{'game':<10} {'options':<20} {'steps/s (CPU)':>14} {'games':>7}"
          + ("  ratio to OpenSpiel's slowest, fastest" if spiel else ""))
    for game, options in SETUPS:
        rate, games = steps_per_second(game, options, args.seconds)
        ratios = f"  {rate / min(spiel.values()):.2f}x, {rate / max(spiel.values()):.2f}x" if spiel else ""
        print(f"{game:<10} {str(options or '-'):<20} {rate:>14,.0f} {games:>7}{ratios}")
    if args.adapter:
        from whistdrive.spiel import PARAMETERS

        for game, options in SETUPS:
            params = {k: v for k, v in options.items() if k in PARAMETERS[game]}
            rate = spiel_rate(f"whistdrive_{game}", params, args.seconds)
            print(f"adapter {game:<10} {str(params or '-'):<20} {rate:>10,.0f} steps/s (CPU)")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
