"""Computer players for the apps: the bots' levels, with a random player to fall back on."""

from __future__ import annotations

import random


class RandomPlayer:
    """Picks uniformly among the legal actions of its observation."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, observation: dict, budget: float | None = None) -> str:
        return self.rng.choice(observation["legal"])


def computer_player(level: str | None, game: str, seed: int | None = None):
    """The named level's player (``None``: the strongest one available)."""
    try:
        from .bots import LEVELS, make_player
    except ImportError:
        return RandomPlayer(seed)
    return make_player(level or LEVELS[-1], game, seed=seed)
