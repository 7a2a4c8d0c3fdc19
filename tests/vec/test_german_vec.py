"""The batched German Whist against the engine: every step of random games, tensor, mask and returns."""

from __future__ import annotations

import numpy as np
import pytest

from whistdrive import new_game
from whistdrive.errors import IllegalMove
from whistdrive.rl import RLGame
from whistdrive.vec import VecGame

OPTIONS = [{}, {"deals": 3, "count": "all26", "scoring": "difference"},
           {"deals": 2, "high_low": True, "scoring": "over_book", "follow_suit_stage1": False}]


def twin(env: VecGame, i: int) -> RLGame:
    return RLGame(new_game(env.game, env.options, chance=env.chance(i)))


@pytest.mark.parametrize("options", OPTIONS)
def test_every_step_equals_the_rl_view(options):
    n = 6
    env = VecGame("german", n, options, seed=11)
    obs, mask, seat = env.reset()
    games = [twin(env, i) for i in range(n)]
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(52 * options.get("deals", 1) * 2 + 7):
        for i, g in enumerate(games):
            assert seat[i] == g.current_seat
            assert np.array_equal(obs[i], g.observation_tensor(g.current_seat))
            assert np.array_equal(mask[i], g.legal_actions_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, seat, rewards, done = env.step(actions)
        for i, g in enumerate(games):
            g.apply_action(int(actions[i]))
            assert bool(done[i]) == g.is_over
            assert list(rewards[i]) == (g.returns() if g.is_over else [0.0, 0.0])
            if done[i]:
                finished += 1
                games[i] = twin(env, i)
    assert finished >= n


def test_an_illegal_action_moves_no_game():
    env = VecGame("german", 3, seed=2)
    obs, mask, _ = env.reset()
    before = obs.copy()
    actions = mask.argmax(axis=1)
    actions[1] = np.flatnonzero(mask[1] == 0)[0]
    with pytest.raises(IllegalMove, match="game 1"):
        env.step(actions)
    assert np.array_equal(env.observations, before)
    with pytest.raises(ValueError, match="expected 3 actions"):
        env.step(actions[:2])


def test_the_same_seed_deals_the_same_games():
    a, b = VecGame("german", 5, seed=9), VecGame("german", 5, seed=9)
    a.reset(), b.reset()
    assert [a.chance(i) for i in range(5)] == [b.chance(i) for i in range(5)]
    assert a.chance(0) != a.chance(1)
    c = VecGame("german", 5, seed=10)
    c.reset()
    assert c.chance(0) != a.chance(0)


def test_options_are_the_engines():
    from whistdrive.errors import InvalidOptions

    with pytest.raises(InvalidOptions):
        VecGame("german", 2, {"deals": 0})
    with pytest.raises(ValueError, match="no batched environment"):
        VecGame("bridge", 2)
