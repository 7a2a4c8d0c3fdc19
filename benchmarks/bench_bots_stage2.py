"""German Whist: does the expert's stage-2 play ever lose a trick against the solver?

Stage 1 is played by two intermediates; in stage 2 the expert plays both
seats, and at every decision with a real choice the value (the solver's
tricks for the seat to move) of its card is compared with the best value.
Run: ``.venv/bin/python benchmarks/bench_bots_stage2.py [--positions 1000]``.
"""

from __future__ import annotations

import argparse

from whistdrive import new_game, solver
from whistdrive.bots import make_player
from whistdrive.cards import Card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    args = parser.parse_args()
    solver.warm_up()
    expert = make_player("expert", "german", seed=0)
    inter = [make_player("intermediate", "german", seed=s) for s in range(2)]
    positions = lost = deals = 0
    seed = 0
    while positions < args.positions:
        g = new_game("german", seed=50_000 + seed)
        seed += 1
        deals += 1
        while not g.is_over and positions < args.positions:
            seat = g.current_seat
            obs = g.observation(seat)
            if obs["stage"] == 2 and len(obs["legal"]) > 1:
                p = g.play
                values = solver.values_two_hand(p.hands[0], p.hands[1], p.trump, p.leader, list(p.trick))
                choice = expert.choose(obs)
                lost += max(values.values()) - values[Card.parse(choice).index]
                positions += 1
                g.apply(choice)
            elif obs["stage"] == 2:
                g.apply(obs["legal"][0])
            else:
                g.apply(inter[seat].choose(obs))
    print(f"stage-2 positions {positions} from {deals} deals: tricks lost against the solver {lost}")


if __name__ == "__main__":
    main()
