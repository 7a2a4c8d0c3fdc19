"""Each batched game's own random generator (splitmix64), and the shuffle of a deck from it.

One generator per game, advanced only by that game, so a game deals the same
cards whatever the batch around it does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def next_bits(rng, i):
    """splitmix64: game ``i``'s next 64 random bits."""
    z = rng[i] + _GOLDEN
    rng[i] = z
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def below(rng, i, n):
    """A random int in 0..n-1 (the top 32 bits scaled: no modulo bias worth the name)."""
    return np.int64(((next_bits(rng, i) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def shuffle(rng, i, deck):
    """``deck`` (52 int8) becomes a uniformly random order of the 52 cards, top first."""
    for k in range(52):
        deck[k] = k
    for k in range(51, 0, -1):
        j = below(rng, i, k + 1)
        t = deck[k]
        deck[k] = deck[j]
        deck[j] = t


@njit(cache=True)
def replay(start, seats, decks):
    """What a session drew from the generator state ``start``: its first dealer (returned) and its
    decks in order (written into ``decks``, one row per deal)."""
    rng = np.empty(1, np.uint64)
    rng[0] = start
    dealer = below(rng, 0, seats)
    for d in range(decks.shape[0]):
        shuffle(rng, 0, decks[d])
    return dealer


def session_outcomes(start, seats: int, deals: int) -> list[dict]:
    """A session that draws its first dealer and then a deck a deal, as the engine's chance outcomes."""
    from ..cards import DECK

    decks = np.zeros((deals, 52), np.int8)
    dealer = replay(start, seats, decks)
    return [{"type": "dealer", "seat": int(dealer)},
            *({"type": "deck", "cards": [str(DECK[c]) for c in deck]} for deck in decks)]
