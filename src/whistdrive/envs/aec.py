"""PettingZoo AEC environments over :class:`whistdrive.rl.RLGame`.

Agents are ``player_0``, ``player_1``, ... (seat numbers). Each observation is
``{"observation": float32 tensor, "action_mask": int8 mask}``; the mask is all
zeros when it is not that agent's turn. Rewards are 0 until the game ends, then
each seat's :meth:`RLGame.returns`. Game options are given to the constructor;
``reset(options=...)`` ignores its options, as PettingZoo's classic games do.
``reset(seed=...)`` seeds the deal and the agents' action spaces, so
``action_space(agent).sample(mask)`` replays too.

An illegal action raises :class:`~whistdrive.errors.IllegalMove` (the state
unchanged); ``env(..., illegal_action="lose")`` ends the game instead, as
PettingZoo's classic games do: the offending agent gets -1, the others 0.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..games import GAMES
from ..rl import RLGame

RENDER_MODES = ("ansi", "human")


class WhistdriveEnv(AECEnv):
    """One whistdrive game as a PettingZoo AEC environment."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "whistdrive_v0", "is_parallelizable": False}

    def __init__(self, game: str = "german", options: dict | None = None, render_mode: str | None = None):
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}")
        self.game_name, self.game_options, self.render_mode = game, dict(options or {}), render_mode
        self.metadata = dict(self.metadata, name=f"whistdrive_{game}_v0")
        probe = RLGame(game, self.game_options, seed=0)
        self.possible_agents = [f"player_{s}" for s in range(probe.num_seats)]
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (probe.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (probe.num_actions,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(probe.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.game: RLGame | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.game = RLGame(self.game_name, self.game_options, seed=int(self.np_random.integers(1 << 62)))
        if seed is not None:
            for agent in self.possible_agents:
                self.action_spaces[agent].seed(int(self.np_random.integers(1 << 62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self._to_act(self.game)]

    def _episode(self) -> RLGame:
        """The game of the current episode, which reset() starts."""
        if self.game is None:
            raise RuntimeError("no episode yet: call reset() first")
        return self.game

    @staticmethod
    def _to_act(game: RLGame) -> int:
        """The seat to act in a game that is not over."""
        seat = game.current_seat
        if seat is None:
            raise RuntimeError("the episode is over: no seat to act")
        return seat

    def observe(self, agent: str) -> dict:
        game = self._episode()
        seat = self.possible_agents.index(agent)
        mine = game.current_seat == seat
        mask = game.legal_actions_mask() if mine else np.zeros(game.num_actions, np.int8)
        return {"observation": game.observation_tensor(seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        game = self._episode()
        game.apply_action(int(action))
        if game.is_over:
            for agent_, value in zip(self.possible_agents, game.returns()):
                self.rewards[agent_] = value
                self.terminations[agent_] = True
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self._to_act(game)]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the seat to act sees it: returned in ``ansi`` mode, printed in ``human`` mode."""
        if self.render_mode is None:
            return None
        from ..terminal.render import Style, render

        game = self._episode()
        seat = game.current_seat
        text = render(game.observation(0 if seat is None else seat), Style(color=False, ascii_only=True))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


ILLEGAL_ACTION = ("raise", "lose")


def env(game: str = "german", options: dict | None = None, render_mode: str | None = None,
        illegal_action: str = "raise") -> AECEnv:
    """The environment with PettingZoo's usual guards (legal-range actions, call order).

    ``illegal_action="lose"`` ends the game when an agent plays an action its mask
    forbids (it gets -1, the others 0), PettingZoo's own wrapper doing it as for
    its classic games; ``"raise"`` raises IllegalMove and changes nothing.
    """
    if illegal_action not in ILLEGAL_ACTION:
        raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTION)}, not {illegal_action!r}")
    e = WhistdriveEnv(game, options, render_mode)
    if illegal_action == "lose":
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
