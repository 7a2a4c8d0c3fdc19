"""The small per-game part of the RL view, its encoding: action ids, tensor planes and returns.

Each game supplies one subclass of :class:`GameRL`. Action ids are fixed:
the cards are ``0..51`` (their index, ``suit * 13 + rank``) in every game,
and a game's other decisions take the ids from 52 on, in the order of
``extra_actions`` (Knock-out Whist's trump suits: 52 spades, 53 hearts,
54 diamonds, 55 clubs).

:meth:`GameRL.encode` builds a seat's tensor from that seat's observation
dict alone, so it can only hold what the seat may know. :meth:`GameRL.advance`
updates the tensors after a card is played, reading only facts that every
updated seat's observation also shows; a test checks it against ``encode``
after every action of many random games.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from ..cards import DECK, Card, Suit
from ..errors import ParseError
from ..games import Game
from .layout import Layout

G = TypeVar("G", bound=Game)


class GameRL(Generic[G]):
    """One game's RL-facing definitions (subclass per game, parametrised by the game's class)."""

    game: ClassVar[str]
    extra_actions: ClassVar[tuple] = ()  # decisions besides cards, ids 52, 53, ...

    def __init__(self, options, num_seats: int):
        self.options = options
        self.num_seats = num_seats
        self.layout = self.make_layout()
        if self.num_actions > 56:  # the legal mask is built from 4 suits of 13 bits and 4 more
            raise ValueError(f"{self.game}: at most 4 decisions besides the cards")

    @property
    def num_actions(self) -> int:
        return 52 + len(self.extra_actions)

    def make_layout(self) -> Layout:
        raise NotImplementedError

    # --- actions ------------------------------------------------------------
    def action_id(self, action) -> int:
        """The id of an action: a Card, a suit or exchange choice, or its text as bots answer (``"QS"``)."""
        if isinstance(action, str) and not isinstance(action, Enum):
            return self._text_id(action)
        if isinstance(action, Card):
            return action.index
        try:
            return 52 + self.extra_actions.index(action)
        except ValueError:
            raise ValueError(f"{action!r} is not an action of {self.game}") from None

    def _text_id(self, text: str) -> int:
        """A card's text, or the text of one of the game's other decisions (``"H"``, ``"left"``)."""
        try:
            return Card.parse(text).index
        except ParseError:
            pass
        for kind in {type(a) for a in self.extra_actions}:
            try:
                return self.action_id(kind.parse(text))
            except (ParseError, ValueError):
                pass
        raise ValueError(f"{text!r} is not an action of {self.game}")

    def action(self, action_id: int):
        if type(action_id) is int and 0 <= action_id < 52:
            return DECK[action_id]
        if not isinstance(action_id, (int, np.integer)) or isinstance(action_id, bool):
            raise ValueError(f"an action id must be an int, not {action_id!r}")
        action_id = int(action_id)
        if 0 <= action_id < 52:
            return DECK[action_id]
        if 52 <= action_id < self.num_actions:
            return self.extra_actions[action_id - 52]
        raise ValueError(f"action id {action_id} out of range 0..{self.num_actions - 1}")

    def legal_bits(self, game: G) -> int:
        """The legal action ids of the seat to act, as bits of an int."""
        bits = 0
        for a in game.legal_actions():
            bits |= 1 << self.action_id(a)
        return bits

    # --- observation --------------------------------------------------------
    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        """The tensor of the seat whose observation ``obs`` is."""
        raise NotImplementedError

    def advance(self, game: G, vecs: list, mover: int, action) -> bool:
        """Update the seats' tensors (``None`` entries are skipped) after ``mover`` played ``action``.

        Returns False when the change is not a plain card play (a new deal,
        the end of the game, a trump choice): the view then rebuilds the
        tensors from the observations.
        """
        return False

    def returns(self, game: G) -> list[float]:
        """Each seat's payoff at the end of the game: the game's outcome (+1 a win, -1 a loss, 0 a draw;
        the losers of a game of several sides share -1 so that returns sum to 0)."""
        outcome = game.outcome()
        if outcome is None:
            raise ValueError("the game is not over: no returns yet")
        return list(outcome.returns)


def relative(seat: int, me: int, n: int) -> int:
    """Seat number as the observer sees it: 0 is the observer, 1 the next seat clockwise."""
    return (seat - me) % n


def suit_id(text: str) -> int:
    return int(Suit.parse(text))


def count_trick(v: np.ndarray, at: int, scale: int) -> None:
    """One more trick in a count stored as ``tricks / scale`` (the same float as encoding it afresh)."""
    v[at] = (round(float(v[at]) * scale) + 1) / scale
