"""Write expert-2026.11.json: the frozen expert's choices on a set of positions of every game.

Run once, from the expert as it stood before issue 14 changed it (the level
``expert-2026.11`` must go on choosing exactly these actions)::

    PYTHONPATH=src python tests/bots/data/make_expert_reference.py

Positions come from seeded games played by the intermediate level; at each
kept position a fresh expert (seed = the position's number, a worlds budget,
so the choice does not depend on the machine) chooses.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from whistdrive import new_game
from whistdrive.bots import make_player

WORLDS = 12
CASES = [  # game, options, games to play, keep every k-th decision with a choice
    ("german", {}, 3, 4), ("german", {"count": "all26"}, 1, 4), ("german", {"follow_suit_stage1": False}, 1, 5),
    ("whist", {"length": "deal"}, 3, 5),
    ("knockout", {"players": 4}, 3, 3), ("knockout", {"players": 2}, 2, 3),
    ("humbug", {"length": "deal"}, 3, 4),
]
OUT = Path(__file__).with_name("expert-2026.11.json")


def positions():
    """(game, options, observation) at every k-th decision with more than one legal action."""
    for game, options, games, every in CASES:
        for seed in range(games):
            g = new_game(game, options, seed=100 + seed)
            players = [make_player("intermediate", game, seed=seed * 10 + s) for s in range(g.num_seats)]
            n = 0
            while not g.is_over:
                obs = json.loads(json.dumps(g.observation(g.current_seat)))
                if len(obs["legal"]) > 1:
                    if n % every == 0:
                        yield game, options, obs
                    n += 1
                g.apply(players[g.current_seat].choose(obs))


def main() -> None:
    level = sys.argv[1] if len(sys.argv) > 1 else "expert"
    rows = []
    for i, (game, options, obs) in enumerate(positions()):
        choice = make_player(level, game, seed=i, worlds=WORLDS).choose(obs)
        rows.append({"game": game, "options": options, "seed": i, "observation": obs, "choice": choice})
    OUT.write_text(json.dumps({"worlds": WORLDS, "positions": rows}, separators=(",", ":")) + "\n")
    print(f"{len(rows)} positions written to {OUT}")


if __name__ == "__main__":
    main()
