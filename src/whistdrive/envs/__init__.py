"""PettingZoo environments for every game (needs the rl extra: ``pip install ".[rl]"``).

>>> from whistdrive.envs import env
>>> e = env("whist", {"length": "deal"})
>>> e.reset(seed=1)
>>> obs, reward, done, truncated, info = e.last()
>>> obs["action_mask"].sum() == 13
np.True_
"""

from .aec import WhistdriveEnv, env

__all__ = ["WhistdriveEnv", "env"]
