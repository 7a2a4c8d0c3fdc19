"""The one interface every computer player implements.

A player is handed its seat's observation (a JSON-able dict: exactly what a
human at that seat with perfect memory knows) and a time budget, and answers
with the action's text — a card such as ``"QH"`` or, when the decision is
``"trump"``, a suit letter.  Nothing else crosses the boundary, so a bot can
never peek at hidden cards and the web table can host any of them.
"""

from __future__ import annotations

import random


class Player:
    """Base class: subclasses implement :meth:`choose` (and :meth:`evaluate` if they search)."""

    level = "player"
    budget: float | None = None  # default seconds per move for this level

    def __init__(self, game: str, seed: int | None = None, budget: float | None = None):
        self.game = game
        self.rng = random.Random(seed)
        if budget is not None:
            self.budget = budget

    def choose(self, observation: dict, budget: float | None = None) -> str:
        raise NotImplementedError

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        """Estimated value of every legal action (higher is better for this seat)."""
        choice = self.choose(observation, budget)
        return {a: (1.0 if a == choice else 0.0) for a in observation["legal"]}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(game={self.game!r})"


class RandomPlayer(Player):
    """Plays a uniformly random legal action: the floor every other level must beat."""

    level = "random"
    budget = 0.0

    def choose(self, observation: dict, budget: float | None = None) -> str:
        return self.rng.choice(observation["legal"])
