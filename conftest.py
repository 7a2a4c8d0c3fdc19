"""The doctests under src/ (``--doctest-modules``) leave out the modules of an optional extra that is not
installed, so that a plain ``pytest`` collects without errors; ``make test`` installs every extra."""

from importlib.util import find_spec

NEEDS = {
    "src/whistdrive/spiel": ("pyspiel",),  # the rl extra: OpenSpiel
    "src/whistdrive/envs": ("pettingzoo", "gymnasium"),  # the rl extra: PettingZoo
    "src/whistdrive/vec/gym.py": ("gymnasium",),  # the batched environment's Gymnasium face
}

collect_ignore = [path for path, modules in NEEDS.items() if any(find_spec(m) is None for m in modules)]
