"""Write humbug-reference.json: the choices and values of the Humbug expert as it stood before issue 14.

Run once from the untouched expert (``PYTHONPATH=src python tests/bots/data/make_humbug_reference.py``);
``test_humbug_reference.py`` checks that ``HumbugExpert(reference=True)`` still
answers exactly the same on these positions.  The positions come from seeded
games between intermediates: every exchange decision and some plays, in deals
of a rubber (the score sheet matters to the values) and in single deals.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.humbug_expert import HumbugExpert

WORLDS = 24
OUT = Path(__file__).with_name("humbug-reference.json")


def reference_expert(seed: int) -> HumbugExpert:
    """The frozen expert (before the ``reference`` keyword existed: the expert itself)."""
    if "reference" in inspect.signature(HumbugExpert.__init__).parameters:
        return HumbugExpert("humbug", seed, worlds=WORLDS, reference=True)
    return HumbugExpert("humbug", seed, worlds=WORLDS)


def positions() -> list[dict]:
    out = []
    for game_seed, options in [(s, {"length": "deal"}) for s in range(6)] + [(100 + s, {}) for s in range(3)]:
        g = new_game("humbug", options, seed=game_seed)
        players = [make_player("intermediate", "humbug", seed=game_seed * 2 + s) for s in range(2)]
        k = 0
        while not g.is_over and k < 60:
            obs = g.observation(g.current_seat)
            if len(obs["legal"]) > 1 and (obs["decision"] == "exchange" or k % 3 == 0):
                out.append(json.loads(json.dumps(obs)))
            g.apply(players[g.current_seat].choose(obs))
            k += 1
    return out


def main() -> None:
    cases = []
    for i, obs in enumerate(positions()):
        expert = reference_expert(seed=i)
        choice = expert.choose(obs)
        values = reference_expert(seed=i).evaluate(obs)
        cases.append({"seed": i, "observation": obs, "choice": choice,
                      "values": {a: round(v, 9) for a, v in values.items()}})
    OUT.write_text(json.dumps({"worlds": WORLDS, "cases": cases}, separators=(",", ":")) + "\n")
    print(f"{len(cases)} positions written to {OUT}")


if __name__ == "__main__":
    main()
