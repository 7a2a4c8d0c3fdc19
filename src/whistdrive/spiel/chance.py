"""Chance as OpenSpiel sees it: one explicit outcome at a time.

A whistdrive :class:`~whistdrive.games.base.Chance` hands a game a whole deck
order (or a tie-break draw) at once; OpenSpiel wants chance nodes with a list
of outcomes and their probabilities. :class:`ChanceSteps` collects the first
dealer (one node), a deck (52 nodes, one card each, top first) or a draw (one
node per tied seat) and turns them into the outcome dicts a game replays.
"""

from __future__ import annotations

from ..cards import DECK
from ..games.base import Chance


class NeedChance(Exception):
    """The game wants an outcome that has not been drawn yet."""

    def __init__(self, kind: str, seats: list[int]):
        super().__init__(kind)
        self.kind, self.seats = kind, seats


class Probe(Chance):
    """A chance source that replays given outcomes, then says what it needs next instead of drawing."""

    def __init__(self, outcomes: list[dict]):
        super().__init__(seed=0, outcomes=outcomes)
        self._rngs = {}  # it never draws: no generators to carry through every copy of a search
        self._seats: list[int] = []

    def dealer(self, seats: list[int]) -> int:
        self._seats = list(seats)
        return super().dealer(seats)

    def draw(self, seats: list[int]) -> dict[int, int]:
        self._seats = list(seats)
        return super().draw(seats)

    def _next(self, kind: str, make) -> dict:
        if not self._queue:
            raise NeedChance(kind, self._seats)
        return super()._next(kind, make)


class ChanceSteps:
    """The outcome being drawn, node by node."""

    def __init__(self, kind: str, seats: list[int], used: int = 52):
        self.kind, self.seats, self.used = kind, list(seats), used
        self.cards: list[int] = []

    @property
    def size(self) -> int:
        """Nodes to draw: the seat of the dealer, the deck's cards a deal uses, a card per tied seat."""
        return {"dealer": 1, "deck": self.used, "draw": len(self.seats)}[self.kind]

    def outcomes(self) -> list[tuple[int, float]]:
        if self.kind == "dealer":
            return [(s, 1.0 / len(self.seats)) for s in self.seats]
        left = [c for c in range(52) if c not in self.cards]
        return [(c, 1.0 / len(left)) for c in left]

    def add(self, action: int) -> None:
        if action not in dict(self.outcomes()):
            raise ValueError(f"chance outcome {action} is not possible here")
        self.cards.append(action)

    @property
    def complete(self) -> bool:
        return len(self.cards) == self.size

    def outcome(self) -> dict:
        if self.kind == "dealer":
            return {"type": "dealer", "seat": self.cards[0]}
        cards = [str(DECK[c]) for c in self.cards]
        if self.kind == "deck":  # the cards no deal reaches follow in index order: nobody ever sees them
            rest = [str(c) for i, c in enumerate(DECK) if i not in self.cards]
            return {"type": "deck", "cards": cards + rest}
        return {"type": "draw", "seats": list(self.seats), "cards": cards}

    def describe(self, action: int) -> str:
        return f"dealer:{action}" if self.kind == "dealer" else f"{self.kind}:{DECK[action]}"
