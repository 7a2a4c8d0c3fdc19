"""The Gymnasium face and the training bridge of the batched environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra

from whistdrive.vec import VecGame  # noqa: E402
from whistdrive.vec.collect import collect  # noqa: E402
from whistdrive.vec.gym import WhistVectorEnv  # noqa: E402


def test_gymnasium_face_pays_the_mover_and_reports_both_seats():
    envs = WhistVectorEnv("german", num_envs=8)
    obs, info = envs.reset(seed=4)
    assert envs.observation_space.contains(obs)
    ended = 0
    for _ in range(200):
        movers = info["seat"]
        actions = envs.sample_legal()
        assert all(obs["action_mask"][i, a] for i, a in enumerate(actions))
        obs, reward, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        returns = info["returns"]
        assert np.array_equal(reward, returns[np.arange(8), movers])
        assert np.array_equal(returns.sum(axis=1), np.zeros(8)) and not returns[~terminated].any()
        assert set(np.abs(returns[terminated]).ravel()) <= {1.0}  # one deal: someone wins 1
        ended += terminated.sum()
    assert ended >= 8


def test_collect_gives_each_decision_its_seats_final_return():
    env = VecGame("german", 4, seed=8)
    data = collect(env, steps=150, seed=8)
    # every game lasts 52 decisions and the lanes start together: 2 whole games a lane, the third cut off
    assert len(data["actions"]) == 4 * 104
    assert data["masks"][np.arange(4 * 104), data["actions"]].all()
    # replay lane 0's first game with the same seed: each of its decisions gets what its seat was paid
    env.reset(8)
    for _ in range(52):
        _, _, _, rewards, done = env.step(env.random_actions())
    assert done.all() and set(np.abs(rewards).ravel()) == {1.0}
    rows = np.arange(0, 4 * 52, 4)  # rows are step-major: lane 0's first 52 decisions
    assert np.array_equal(data["returns"][rows], rewards[0][data["seats"][rows]])
    assert np.array_equal(data["returns"][rows + 1], rewards[1][data["seats"][rows + 1]])


def test_gymnasium_face_plays_knockout_with_its_trump_choice():
    envs = WhistVectorEnv("knockout", num_envs=4, options={"players": 3})
    obs, info = envs.reset(seed=2)
    assert obs["action_mask"].shape == (4, 56) and obs["observation"].shape == (4, 52 * 6 + 13 + 24)
    chose_trump = ended = 0
    for _ in range(300):
        actions = envs.sample_legal()
        chose_trump += int((actions >= 52).sum())
        obs, reward, terminated, truncated, info = envs.step(actions)
        ended += int(terminated.sum())
        assert np.allclose(info["returns"].sum(axis=1), 0.0)
    assert chose_trump > 0 and ended > 0
