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
(docs/bots.md, issue 14).
"""

from __future__ import annotations

from ..games.trick import SUIT_MASKS
from .view import popcount


def suit_runs(hand: int, suit: int, outside: int) -> list[list[int]]:
    """My cards of ``suit`` in runs of equivalent cards (no ``outside`` card between), lowest first."""
    runs: list[list[int]] = []
    joined = False
    for c in range(13 * suit, 13 * suit + 13):
        if hand >> c & 1:
            if joined:
                runs[-1].append(c)
            else:
                runs.append([c])
            joined = True
        elif outside >> c & 1:
            joined = False
    return runs


def count_card(run: list[int], length: int) -> int:
    """The card of ``run`` (lowest first) that shows ``length``: high-low shows an even number."""
    return run[len(run) - 1 - length % len(run)]


def signal_group(card: int, hand: int, outside: int) -> tuple[list[int], int]:
    """The free choice ``card`` was played from (its run) and the card the signal plays from it."""
    s = card // 13
    run = next(r for r in suit_runs(hand, s, outside) if card in r)
    return run, count_card(run, popcount(hand & SUIT_MASKS[s]))
