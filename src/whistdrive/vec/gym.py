"""The batched environment as a Gymnasium vector environment (needs the rl extra).

>>> from whistdrive.vec.gym import WhistVectorEnv
>>> envs = WhistVectorEnv("german", num_envs=4)
>>> obs, info = envs.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].shape
((4, 328), (4, 52), (4,))
>>> obs, reward, terminated, truncated, info = envs.step(envs.sample_legal())

A two-seat game seen as one agent per sub-environment, the seat to act: each
observation is that seat's tensor and legal mask (``info["seat"]`` says
which seat it is), ``reward`` is what the step paid the seat that acted, and
``info["returns"]`` holds every seat's, so that self-play can credit both.
Games reset in the step that ends them (Gymnasium's same-step autoreset); a
finished game has no decision left, so there is no final observation.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from . import VecGame


class WhistVectorEnv(VectorEnv):
    """``num_envs`` games of ``game`` with ``options``, as :class:`whistdrive.vec.VecGame` plays them."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str = "german", num_envs: int = 1024, options: dict | None = None):
        self.vec = VecGame(game, num_envs, options)
        self.num_envs = num_envs
        size, actions = self.vec.observation_size, self.vec.num_actions
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8)})
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (num_envs, size), np.float32),
            "action_mask": spaces.Box(0, 1, (num_envs, actions), np.int8)})
        self.single_action_space = spaces.Discrete(actions)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        self._seats = np.zeros(num_envs, np.int64)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        obs, mask, seat = self.vec.reset(seed)
        self._seats = seat.copy()
        return {"observation": obs.copy(), "action_mask": mask.copy()}, {"seat": seat.copy()}

    def step(self, actions):
        movers = self._seats
        obs, mask, seat, rewards, done = self.vec.step(actions)
        self._seats = seat.copy()
        reward = rewards[np.arange(self.num_envs), movers].astype(np.float64)
        info = {"seat": seat.copy(), "returns": rewards.copy()}
        return ({"observation": obs.copy(), "action_mask": mask.copy()}, reward, done.copy(),
                np.zeros(self.num_envs, np.bool_), info)

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action per game (compiled), for baselines and smoke tests."""
        return self.vec.random_actions()
