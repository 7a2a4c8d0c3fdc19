"""Helpers for the bot tests: drive a game with players that see only observations."""

from __future__ import annotations

import json

from whistdrive import new_game


def play_out(game: str, options: dict, players: list, seed: int, budget: float | None = None):
    """Play a whole game; every action is checked against the observation's legal list."""
    g = new_game(game, options, seed=seed)
    while not g.is_over:
        seat = g.current_seat
        obs = json.loads(json.dumps(g.observation(seat)))  # plain data only: nothing to peek through
        action = players[seat].choose(obs, budget)
        assert action in obs["legal"], (game, options, seed, action, obs["legal"])
        g.apply(action)
    return g
