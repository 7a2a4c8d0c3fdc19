"""What the search-based players share: time control, worlds and the argmax.

A search player estimates a value for every legal action (``evaluate``) by
averaging over *worlds* — full deals consistent with the observation — and
plays the best.  The cheater is the same player whose worlds are the true
deal: the gap between the two measures what the hidden cards cost.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .base import Player
from .classic import card_cost, top_of_sequence_low
from .view import View, card_int, cards_of


class SearchPlayer(Player):
    level = "expert"
    budget = 0.6
    min_rounds = 2

    def __init__(self, game: str, seed: int | None = None, budget: float | None = None,
                 true_game: Callable[[], Any] | None = None, worlds: int | None = None, reference: bool = False):
        super().__init__(game, seed, budget)
        self.reference = reference  # play exactly as the frozen expert-2026.11: no later improvement applies
        self.true_game = true_game  # only for the cheater: the live game, every card visible
        if worlds is not None and (not isinstance(worlds, int) or isinstance(worlds, bool) or worlds < 1):
            raise ValueError(f"worlds must be a positive int, not {worlds!r}")
        self.worlds = worlds  # when set, a move samples this many worlds, whatever the clock says

    @property
    def cheating(self) -> bool:
        return self.true_game is not None

    def live_game(self) -> Any:
        """The cheater's look at the live game, every card visible (never called by an honest player)."""
        if self.true_game is None:
            raise RuntimeError("only the cheater sees the live game")
        return self.true_game()

    def choose(self, observation: dict, budget: float | None = None) -> str:
        legal = observation["legal"]
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(observation, budget)
        best = max(values.values())
        top = [a for a in legal if values[a] >= best - 1e-9]
        if observation.get("decision") == "play":
            trump = observation.get("trump")
            t = "SHDC".index(trump) if trump else None
            return min(top, key=lambda a: card_cost(card_int(a), t))  # equal value: keep the better cards
        return top[0]

    def deadline(self, budget: float | None) -> float:
        b = self.budget if budget is None else budget
        return time.perf_counter() + max(0.0, b)

    def more_worlds(self, done: int, deadline: float) -> bool:
        """Sample another world? A worlds budget counts them (the same moves on any machine);
        a time budget samples until the deadline, at least ``min_rounds``."""
        if self.worlds is not None:
            return done < self.worlds
        return done < self.min_rounds or time.perf_counter() < deadline


def representatives(v: View, legal: int, outside: int | None = None) -> dict[int, int]:
    """Map each legal card to the lowest card equivalent to it (no card of ``outside`` between them,
    by default every card not mine and not played); only representatives need searching."""
    out = {}
    between = v.outside if outside is None else outside
    for c in cards_of(legal):
        out[c] = top_of_sequence_low(c, legal, between)
    return out
