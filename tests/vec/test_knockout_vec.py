"""The batched Knock-out Whist against the engine: every step of random games, tensor, mask and returns."""

from __future__ import annotations

import numpy as np
import pytest

from whistdrive import new_game
from whistdrive.errors import RecordError
from whistdrive.rl import RLGame
from whistdrive.vec import VecGame


def twin(env: VecGame, i: int, actions: list[int]) -> RLGame:
    """Game ``i`` replayed in the engine from the chance drawn so far and the actions taken."""
    g = RLGame(new_game(env.game, env.options, chance=env.chance(i)))
    for a in actions:
        g.apply_action(a)
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_every_step_equals_the_rl_view(players):
    n = 6
    env = VecGame("knockout", n, {"players": players}, seed=31)
    obs, mask, seat = env.reset()
    taken: list[list[int]] = [[] for _ in range(n)]
    games = [twin(env, i, []) for i in range(n)]
    finished = ties = 0
    for _ in range(400):
        for i, g in enumerate(games):
            assert seat[i] == g.current_seat
            assert np.array_equal(obs[i], g.observation_tensor(g.current_seat))
            assert np.array_equal(mask[i], g.legal_actions_mask())
        actions = env.random_actions()
        obs, mask, seat, rewards, done = env.step(actions)
        for i, g in enumerate(games):
            a = int(actions[i])
            taken[i].append(a)
            try:
                g.apply_action(a)
            except RecordError:  # the deal ended: its next deck (and draws) are drawn now
                g = games[i] = twin(env, i, taken[i])
                ties += sum(o["type"] == "draw" for o in g.game.chance.log)
            assert bool(done[i]) == g.is_over
            assert rewards[i].tolist() == pytest.approx(g.returns() if g.is_over else [0.0] * players)
            if done[i]:
                finished += 1
                taken[i] = []
                games[i] = twin(env, i, [])
    assert finished >= n
    if players > 2:
        assert ties > 0
