"""A tiny, obviously-correct brute-force minimax used as the test oracle.

Plain recursion over every legal card (no pruning, no equivalences), with
the trick rules written out from RULES.md section 0.  Only for small hands.
"""

from __future__ import annotations

from functools import lru_cache


def legal(hand: int, trick: tuple) -> list[int]:
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        led = trick[0][1] // 13
        follow = [c for c in cards if c // 13 == led]
        if follow:
            return follow
    return cards


def winner(trick: tuple, trump) -> int:
    seat, best = trick[0]
    led = best // 13
    for s, c in trick[1:]:
        if trump is not None and c // 13 == trump and best // 13 != trump:
            seat, best = s, c
        elif c // 13 == best // 13 and c > best:
            seat, best = s, c
    del led
    return seat


def brute(hands: tuple, trump, leader: int, trick: tuple, sides: tuple) -> int:
    """Tricks side 1 takes from here (current trick included) under best play."""

    @lru_cache(maxsize=None)
    def go(hands, leader, trick):
        n = len(hands)
        if not any(hands) and not trick:
            return 0
        p = (leader + len(trick)) % n
        vals = []
        for c in legal(hands[p], trick):
            nh = list(hands)
            nh[p] &= ~(1 << c)
            nt = trick + ((p, c),)
            if len(nt) == n:
                w = winner(nt, trump)
                vals.append((1 if sides[w] == 1 else 0) + go(tuple(nh), w, ()))
            else:
                vals.append(go(tuple(nh), leader, nt))
        return max(vals) if sides[p] == 1 else min(vals)

    return go(tuple(hands), leader, tuple(trick))


def brute_card_values(hands, trump, leader, trick, sides) -> dict[int, int]:
    """Per legal card of the seat to move: tricks of the mover's side after it."""
    n = len(hands)
    trick = tuple(trick)
    p = (leader + len(trick)) % n
    total = (sum(bin(h).count("1") for h in hands) + len(trick)) // n
    out = {}
    for c in legal(hands[p], trick):
        nh = list(hands)
        nh[p] &= ~(1 << c)
        nt = trick + ((p, c),)
        if len(nt) == n:
            w = winner(nt, trump)
            s1 = (1 if sides[w] == 1 else 0) + brute(tuple(nh), trump, w, (), sides)
        else:
            s1 = brute(tuple(nh), trump, leader, nt, sides)
        out[c] = s1 if sides[p] == 1 else total - s1
    return out
