"""Many games of one game advanced in one compiled call: the batched environment.

>>> from whistdrive.vec import VecGame
>>> env = VecGame("german", 4, seed=1)
>>> obs, mask, seat = env.reset()
>>> obs.shape, mask.shape
((4, 328), (4, 52))
>>> obs, mask, seat, rewards, done = env.step(mask.argmax(axis=1))

Each step gives, for every game, the tensor and legal mask of the seat to act
(``seat``), the same numbers :class:`whistdrive.rl.RLGame` gives for that seat;
``rewards`` holds each seat's returns in the step that ends a game (zeros
otherwise) and ``done`` marks it. A game that ends starts again at once with a
new deal drawn from its own seeded generator, so the tensor shown after it is
the new game's. ``actions`` are the RL view's ids; an illegal one raises
:class:`~whistdrive.errors.IllegalMove` before any game moves.
"""

from __future__ import annotations

import numpy as np

from ..errors import IllegalMove
from ..games import GAMES
from . import _german, _humbug, _knockout, _whist

KERNELS = {"german": _german, "whist": _whist, "knockout": _knockout, "humbug": _humbug}
"""The games the batched environment plays, and their kernels."""


class VecGame:
    """``num_games`` games of ``game`` with ``options``, advanced together by :meth:`step`."""

    def __init__(self, game: str = "german", num_games: int = 1024, options: dict | None = None,
                 seed: int | None = None):
        if game not in KERNELS:
            raise ValueError(f"no batched environment for {game!r} yet: expected one of {', '.join(KERNELS)}")
        if isinstance(num_games, bool) or not isinstance(num_games, int) or num_games < 1:
            raise ValueError(f"num_games must be a whole number of at least 1, not {num_games!r}")
        self.game = game
        self.options = GAMES[game].Options.from_dict(options)  # the engine's own check of the options
        self.num_games = num_games
        k = self._k = KERNELS[game]
        self._opt = k.options_array(self.options)
        self.num_seats, self.observation_size = k.shape(self.options)
        self._state = np.zeros((num_games, k.COLUMNS), np.int64)
        self._deck = np.zeros((num_games, 52), np.int8)
        self._rng = np.zeros(num_games, np.uint64)
        self._start = np.zeros(num_games, np.uint64)  # each session's generator state when it began
        self._policy_rng = np.zeros(num_games, np.uint64)
        self.observations = np.zeros((num_games, self.observation_size), np.float32)
        self.masks = np.zeros((num_games, self.num_actions), np.int8)
        self.seats = np.zeros(num_games, np.int64)
        self.rewards = np.zeros((num_games, self.num_seats), np.float32)
        self.dones = np.zeros(num_games, np.bool_)
        self._seed = seed

    @property
    def num_actions(self) -> int:
        return self._k.NUM_ACTIONS

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """New sessions everywhere; ``seed`` (or the constructor's) makes every later deal reproducible."""
        seed = self._seed if seed is None else seed
        deals, policy = np.random.SeedSequence(seed).spawn(2)
        self._rng[:] = deals.generate_state(self.num_games, np.uint64)
        self._policy_rng[:] = policy.generate_state(self.num_games, np.uint64)
        self._k.reset(self._state, self._deck, self._rng, self._start, self._opt, self.observations, self.masks,
                      self.seats)
        self.rewards[:] = 0.0
        self.dones[:] = False
        return self.observations, self.masks, self.seats

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One action id per game, for its seat to act: ``(observations, masks, seats, rewards, dones)``.

        The arrays are the environment's own, overwritten by the next step: copy what you keep.
        """
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_games,):
            raise ValueError(f"expected {self.num_games} actions, got an array of shape {actions.shape}")
        bad = self._k.first_illegal(self._state, actions)
        if bad >= 0:
            legal = np.flatnonzero(self.masks[bad]).tolist()
            raise IllegalMove(f"game {bad}: action {actions[bad]} is not legal now: legal ids are {legal}")
        self._k.step(self._state, self._deck, self._rng, self._start, self._opt, actions, self.observations,
                     self.masks, self.seats, self.rewards, self.dones)
        return self.observations, self.masks, self.seats, self.rewards, self.dones

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action for every game (compiled; its generator is seeded by reset)."""
        actions = np.empty(self.num_games, np.int64)
        self._k.sample(self._state, self._policy_rng, actions)
        return actions

    def chance(self, i: int) -> list[dict]:
        """Game ``i``'s chance as the engine's outcomes (the first dealer, the decks, Knock-out Whist's
        tie-break draws): ``new_game(game, options, chance=...)`` replays the game ``i`` is playing.

        German Whist, Whist and Humbug Whist give a deck for every deal the session can take, the
        unplayed ones never read; Knock-out Whist gives what was drawn so far, its later outcomes
        depending on the play.
        """
        return self._k.outcomes(self._state[i], self._start[i], self.options)


__all__ = ["KERNELS", "VecGame"]
