"""The whist expert's count signal: which card of a free choice shows my length in the suit.

Cards of one suit with no card of another hand between them (a *run*) win and
lose the same tricks, so which of them I play costs nothing: I play the one
that shows my length in the suit before the play — with two, the higher for
an even length and the lower for an odd one (high-low shows an even number,
as whist players signal), with more, the (length mod k)-th from the top.

A partner reads it in each sampled world, where it knows my hand: a world in
which I would have played another card of the choice counts less
(:class:`.sampling.Kind`'s ``signal``), which is how the pair tells each
other its shape — the most useful part of a partner's hand to know
(docs/lab/bots-whist.md).
"""

from __future__ import annotations

from ..games.trick import SUIT_MASKS
from .view import popcount


def count_card(run: list[int], length: int) -> int:
    """The card of ``run`` (lowest first) that shows ``length``: high-low shows an even number."""
    return run[len(run) - 1 - length % len(run)]


def signal_group(card: int, hand: int, outside: int) -> tuple[list[int], int]:
    """The free choice ``card`` was played from (its run) and the card the signal plays from it."""
    s = card // 13
    low, high = card, card
    while low > 13 * s and not outside >> (low - 1) & 1:  # my cards and played ones join a run
        low -= 1
    while high < 13 * s + 12 and not outside >> (high + 1) & 1:
        high += 1
    run = [c for c in range(low, high + 1) if hand >> c & 1]
    return run, count_card(run, popcount(hand & SUIT_MASKS[s]))
