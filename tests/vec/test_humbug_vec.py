"""The batched Humbug Whist against the engine: every step of random games, tensor, mask and returns."""

from __future__ import annotations

import numpy as np
import pytest

from whistdrive import new_game
from whistdrive.rl import RLGame
from whistdrive.vec import VecGame

OPTIONS = [{"length": "deal"}, {"length": "game", "preset": "american"}, {"length": "rubber", "target": 2},
           {"length": "rubber", "rubber_bonus": True}]


def twin(env: VecGame, i: int) -> RLGame:
    return RLGame(new_game(env.game, env.options, chance=env.chance(i)))


@pytest.mark.parametrize("options", OPTIONS)
def test_every_step_equals_the_rl_view(options):
    n = 4
    env = VecGame("humbug", n, options, seed=21)
    obs, mask, seat = env.reset()
    games = [twin(env, i) for i in range(n)]
    finished = 0
    for _ in range(52 * {"deal": 3, "game": 14}.get(options["length"], 16)):
        for i, g in enumerate(games):
            assert seat[i] == g.current_seat
            assert np.array_equal(obs[i], g.observation_tensor(g.current_seat))
            assert np.array_equal(mask[i], g.legal_actions_mask())
        actions = env.random_actions()
        obs, mask, seat, rewards, done = env.step(actions)
        for i, g in enumerate(games):
            g.apply_action(int(actions[i]))
            assert bool(done[i]) == g.is_over
            assert list(rewards[i]) == (g.returns() if g.is_over else [0.0, 0.0])
            if done[i]:
                finished += 1
                games[i] = twin(env, i)
    assert finished >= (2 * n if options["length"] == "deal" else 1)
