"""DDS (bridge double-dummy solver, via ``endplay``) as a 4-seat whist backend.

Mapping: our seats 0..3 are N, E, S, W and DDS numbers players the same way
(N=0, E=1, S=2, W=3, play clockwise); our suits spades, hearts, diamonds,
clubs are DDS denominations 0..3 and no-trump is 4.  A DDS holding has the
two at bit 2 and the ace at bit 14 (``1 << (rank + 2)``); trick cards use
ranks 2..14.  DDS scores are tricks for the side of the player to move,
counting the current trick, which is exactly our convention.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endplay import _dds

from ..games.trick import SUIT_MASKS

if TYPE_CHECKING:  # api calls this backend: only the type comes back the other way
    from .api import Position

NT = 4


def _deal(pos: Position) -> _dds.deal:
    dl = _dds.deal()
    dl.trump = NT if pos.trump is None else pos.trump
    dl.first = pos.leader
    for i in range(3):
        dl.currentTrickSuit[i] = 0
        dl.currentTrickRank[i] = 0
    for i, (_, card) in enumerate(pos.trick):
        dl.currentTrickSuit[i] = card // 13
        dl.currentTrickRank[i] = card % 13 + 2
    for seat in range(4):
        for s in range(4):
            dl.remainCards[seat][s] = ((pos.hands[seat] & SUIT_MASKS[s]) >> (13 * s)) << 2
    return dl


def _future(pos: Position, solutions: int) -> _dds.futureTricks:
    fut = _dds.futureTricks()
    # target -1 = find the maximum; mode 1 = always search
    _dds.SolveBoard(_deal(pos), -1, solutions, 1, fut, 0)
    return fut


def solve(pos: Position) -> int:
    """Tricks for the side to move (DDS ``solutions=1``)."""
    fut = _future(pos, 1)
    return int(fut.score[0])


def card_values(pos: Position) -> dict[int, int]:
    """Every legal card with its value (DDS ``solutions=3``; equal cards expanded)."""
    fut = _future(pos, 3)
    out: dict[int, int] = {}
    for i in range(fut.cards):
        suit, rank, score = fut.suit[i], fut.rank[i], fut.score[i]
        holding = (1 << rank) | fut.equals[i]
        for r in range(2, 15):
            if holding >> r & 1:
                out[suit * 13 + r - 2] = int(score)
    return dict(sorted(out.items()))
