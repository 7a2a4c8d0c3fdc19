"""From the batched environment to training data: each decision with the return its game paid its seat.

>>> from whistdrive.vec import VecGame
>>> from whistdrive.vec.collect import collect
>>> data = collect(VecGame("german", 8, seed=3), steps=120)
>>> sorted(data), data["observations"].shape[1]
(['actions', 'masks', 'observations', 'returns', 'seats'], 328)

A shard is plain numpy arrays (``np.savez`` writes one), one row per
decision: the acting seat's tensor and legal mask, the action taken, the seat
and the return that seat got when its game ended (+1, -1 or 0). Decisions of
games still running when collection stops are left out: their return is not
known yet.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import VecGame

Policy = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def collect(env: VecGame, steps: int, policy: Policy | None = None, seed: int | None = None) -> dict[str, np.ndarray]:
    """Play ``steps`` batch steps from a reset (``policy(observations, masks, seats)`` gives the action ids;
    by default uniformly random legal actions) and return the finished games' decisions."""
    obs, mask, seat = env.reset(seed)
    n = env.num_games
    kept = {"observations": np.empty((steps, n, env.observation_size), np.float32),
            "masks": np.empty((steps, n, env.num_actions), np.int8),
            "actions": np.empty((steps, n), np.int64), "seats": np.empty((steps, n), np.int64)}
    paid = np.empty((steps, n, env.num_seats), np.float32)
    ended = np.empty((steps, n), np.bool_)
    for t in range(steps):
        actions = env.random_actions() if policy is None else np.asarray(policy(obs, mask, seat), np.int64)
        kept["observations"][t], kept["masks"][t], kept["seats"][t], kept["actions"][t] = obs, mask, seat, actions
        obs, mask, seat, rewards, done = env.step(actions)
        paid[t], ended[t] = rewards, done
    returns = np.zeros((steps, n), np.float32)
    known = np.zeros((steps, n), np.bool_)
    future, settled = np.zeros((n, env.num_seats), np.float32), np.zeros(n, np.bool_)
    lanes = np.arange(n)
    for t in range(steps - 1, -1, -1):  # each game's end pays every decision of that game before it
        future = np.where(ended[t][:, None], paid[t], future)
        settled |= ended[t]
        returns[t] = future[lanes, kept["seats"][t]]
        known[t] = settled
    out = {k: v[known] for k, v in kept.items()}
    out["returns"] = returns[known]
    return out
