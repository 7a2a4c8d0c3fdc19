"""A game seen the way learning code wants it: action ids, a legal mask, tensors, returns.

:class:`RLGame` wraps a :class:`whistdrive.Game`. Tensors are kept per seat
and updated after each card (see :meth:`GameRL.advance`) instead of being
rebuilt from the observation dict on every call; a new deal, a trump choice
or the end of the game rebuilds them from the observations.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import IllegalMove
from ..games import Game, new_game
from ..games.observation import Observation
from .encoding import GameRL
from .german import GermanRL
from .humbug import HumbugRL
from .knockout import KnockoutRL
from .whist import WhistRL

_SUIT_BYTES = [bytes((b >> i) & 1 for i in range(13)) for b in range(1 << 13)]  # 13 bits -> 13 bytes of 0/1
_EXTRA_BYTES = [bytes((b >> i) & 1 for i in range(4)) for b in range(1 << 4)]  # ids 52-55


def mask_bytes(bits: int) -> bytes:
    """Bytes 0/1 of action ids 0..55, from their bits: four suits and the extra decisions by table."""
    return (_SUIT_BYTES[bits & 8191] + _SUIT_BYTES[bits >> 13 & 8191] + _SUIT_BYTES[bits >> 26 & 8191]
            + _SUIT_BYTES[bits >> 39 & 8191] + _EXTRA_BYTES[bits >> 52 & 15])


ENCODINGS: dict[str, type[GameRL[Any]]] = {r.game: r for r in (GermanRL, WhistRL, KnockoutRL, HumbugRL)}
"""Each game's RL encoding (:mod:`.encoding`): a registry per game, checked against ``GAMES`` by a test."""
RULES = ENCODINGS  # the former name, kept for programs written against it


_KEPT: dict[tuple, GameRL[Any]] = {}


def encoding_for(game: Game) -> GameRL[Any]:
    """The game's RL encoding: action ids, tensor layout, returns (one per game and options: it never changes)."""
    key = (game.name, game.options, game.num_seats)
    encoding = _KEPT.get(key)
    if encoding is None:
        if game.name not in ENCODINGS:
            raise ValueError(f"no RL view for game {game.name!r}: expected one of {', '.join(ENCODINGS)}")
        encoding = _KEPT[key] = ENCODINGS[game.name](game.options, game.num_seats)
    return encoding


rules_for = encoding_for  # the former name, kept for programs written against it


class RLGame:
    """Integer actions, ``legal_actions_mask()``, ``observation_tensor(seat)`` and ``returns()``.

    >>> g = RLGame("german", seed=1)
    >>> g.observation_tensor(g.current_seat).shape == (g.observation_size,)
    True
    >>> g.apply_action(g.legal_actions()[0]); g.num_actions
    52
    """

    @property
    def rules(self) -> GameRL[Any]:
        """The former name of :attr:`encoding`, kept for programs written against it."""
        return self.encoding

    def __init__(self, game: Game | str, options: dict | None = None, *, seed: int | None = None):
        self.game = new_game(game, options, seed=seed) if isinstance(game, str) else game
        self.encoding = encoding_for(self.game)
        self._vecs: list[np.ndarray | None] = [None] * self.game.num_seats
        self._play = getattr(self.game, "play", None)  # the deal the kept tensors belong to
        self._seen = len(self.game.actions)
        self._legal: int | None = None
        self._ids: list[int] = []  # the legal ids of the bits ``_ids_of``
        self._ids_of: int | None = None
        self._turn = self.game.current_seat  # kept: learning loops ask several times a step

    def __deepcopy__(self, memo) -> RLGame:
        """A copy for search: the game copied, the kept tensors copied, the rules (unchanging) shared."""
        other = RLGame.__new__(RLGame)
        other.__dict__.update(self.__dict__)
        other.game = self.game.clone()
        other._vecs = [None if v is None else v.copy() for v in self._vecs]
        other._play = other.game.play if self._play is self.game.play else None
        return other

    # --- shape ----------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.encoding.num_actions

    @property
    def observation_size(self) -> int:
        return self.encoding.layout.size

    @property
    def num_seats(self) -> int:
        return self.game.num_seats

    # --- turn -----------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        if self._seen != len(self.game.actions):
            self._resync()
        return self._turn

    @property
    def is_over(self) -> bool:
        return self.current_seat is None

    def legal_bits(self) -> int:
        """The legal action ids of the seat to act, as bits of an int (kept until the next action)."""
        if self._seen != len(self.game.actions):
            self._resync()
        if self._legal is None:
            self._legal = 0 if self._turn is None else self.encoding.legal_bits(self.game)
        return self._legal

    def legal_actions(self) -> list[int]:
        bits = self.legal_bits()
        if self._ids_of != bits:  # kept: OpenSpiel asks twice a step (the mask, then the actions)
            out, rest = [], bits
            while rest:
                low = rest & -rest
                out.append(low.bit_length() - 1)
                rest ^= low
            self._ids, self._ids_of = out, bits
        return list(self._ids)

    def legal_actions_mask(self) -> np.ndarray:
        """int8 of length ``num_actions``: 1 for each legal action id of the seat to act."""
        return np.frombuffer(bytearray(mask_bytes(self.legal_bits())[: self.encoding.num_actions]), dtype=np.int8)

    def apply_action(self, action_id: int) -> None:
        """Apply an action id of the seat to act; an illegal one raises IllegalMove, changing nothing."""
        try:
            action = self.encoding.action(action_id)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        bits = self.legal_bits()  # brings the kept turn up to date
        mover = self._turn
        if mover is None or not bits >> int(action_id) & 1:
            raise IllegalMove(f"action {action_id} ({action}) is not legal now: legal ids are {self.legal_actions()}")
        game = self.game
        game._commit(mover, action)  # checked above against the legal bits, which are the game's legal actions
        self._turn = turn = game.current_seat
        fresh = self._seen == len(game.actions) - 1 and game.play is self._play and turn is not None
        self._seen = len(game.actions)
        self._legal = None
        if not (fresh and self.encoding.advance(game, self._vecs, mover, action)):
            self._vecs = [None] * game.num_seats
            self._play = game.play

    def action_to_string(self, action_id: int) -> str:
        return str(self.encoding.action(action_id))

    # --- what a seat knows ---------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        return self.game.observation(seat)

    def observation_tensor(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """float32 vector of ``seat``'s knowledge (layout: ``self.encoding.layout``); a new array, or written
        into ``out`` (a row of a batch, say) and returned."""
        self.game.check_seat(seat)  # before the cache: -1 or True would index another seat's vector
        if self._seen != len(self.game.actions):
            self._resync()
        v = self._vecs[seat]
        if v is None:
            v = self._vecs[seat] = self.encoding.encode(self.game.observation(seat))
        if out is None:
            return v.copy()
        out[:] = v
        return out

    def _resync(self) -> None:
        """Actions were applied to the game directly: forget what was kept."""
        self._vecs = [None] * self.game.num_seats
        self._play, self._seen, self._legal = self.game.play, len(self.game.actions), None
        self._turn = self.game.current_seat

    def returns(self) -> list[float]:
        """Each seat's payoff: zeros until the game is over."""
        if not self.game.is_over:
            return [0.0] * self.game.num_seats
        return self.encoding.returns(self.game)
