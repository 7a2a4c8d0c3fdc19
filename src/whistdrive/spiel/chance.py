"""Chance as OpenSpiel sees it: one explicit outcome at a time.

A whistdrive :class:`~whistdrive.games.base.Chance` hands a game a whole deck
order (or a tie-break draw) at once; OpenSpiel wants chance nodes with a list
of outcomes and their probabilities. :class:`ChanceSteps` collects the first
dealer (one node), a deck (52 nodes, one card each, top first) or a draw (one
node per tied seat) and turns them into the outcome dicts a game replays.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import DECK
from ..errors import RecordError
from ..games.base import Chance


class NeedChance(RecordError):
    """The game wants an outcome that has not been drawn yet.

    A RecordError, as an outcome missing from a record is: the game's own
    ``_commit`` then puts the game back as it was, so the adapter can try a
    deal's last card on the live game instead of on a copy.
    """

    def __init__(self, kind: str, seats: list[int], used: int):
        super().__init__(kind)
        self.kind, self.seats, self.used = kind, seats, used


class Probe(Chance):
    """A chance source that replays given outcomes, then says what it needs next instead of drawing."""

    def __init__(self, outcomes: list[dict]):
        super().__init__(seed=0, outcomes=outcomes)
        self._rngs = {}  # it never draws: no generators to carry through every copy of a search
        self._seats: list[int] = []
        self.cards_used: Callable[[], int] | None = None  # called when a deck is missing: the cards the deal about to start uses
        self.trying = False

    def dealer(self, seats: list[int]) -> int:
        self._seats = list(seats)
        return super().dealer(seats)

    def draw(self, seats: list[int]) -> dict[int, int]:
        self._seats = list(seats)
        return super().draw(seats)

    @property
    def scripted(self) -> bool:
        """While the adapter tries a deal's last card the list may lack an outcome: the game keeps a copy
        to put back (``Game._commit``); at other cards no chance is drawn and nothing is kept."""
        return self.trying

    def _next(self, kind: str, make) -> dict:
        if not self._queue:
            used = self.cards_used() if kind == "deck" and self.cards_used else 52
            raise NeedChance(kind, self._seats, used)
        return super()._next(kind, make)


class ChanceSteps:
    """The outcome being drawn, node by node."""

    def __init__(self, kind: str, seats: list[int], used: int = 52):
        self.kind, self.seats, self.used = kind, list(seats), used
        self.cards: list[int] = []
        self._drawn = 0  # the cards drawn so far, as bits

    @property
    def size(self) -> int:
        """Nodes to draw: the seat of the dealer, the deck's cards a deal uses, a card per tied seat."""
        return {"dealer": 1, "deck": self.used, "draw": len(self.seats)}[self.kind]

    def outcomes(self) -> list[tuple[int, float]]:
        if self.kind == "dealer":
            return [(s, 1.0 / len(self.seats)) for s in self.seats]
        drawn = self._drawn
        p = 1.0 / (52 - len(self.cards))
        return [(c, p) for c in range(52) if not drawn >> c & 1]

    def add(self, action: int) -> None:
        possible = action in self.seats if self.kind == "dealer" else (
            0 <= action < 52 and not self._drawn >> action & 1)
        if not possible:
            raise ValueError(f"chance outcome {action} is not possible here")
        self.cards.append(action)
        if self.kind != "dealer":
            self._drawn |= 1 << action

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
