"""A tiny, obviously-correct brute-force minimax used as the test oracle.

Plain recursion over every legal card (no pruning, no equivalences), with
the trick rules written out from docs/rules.md#trick.  Only for small hands.
"""

from __future__ import annotations

from functools import cache


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

    @cache
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


def brute_german(h0: int, h1: int, stock: tuple, trump, leader: int, led, all26: bool, follow: bool) -> int:
    """Seat 0's counted tricks in German Whist with a known stock (plain minimax)."""

    @cache
    def go(h0, h1, si, leader, led):
        if not h0 and not h1 and led is None:
            return 0
        mover = leader if led is None else 1 - leader
        hand = h0 if mover == 0 else h1
        if follow or si >= len(stock):
            moves = legal(hand, () if led is None else ((leader, led),))
        else:
            moves = [c for c in range(52) if hand >> c & 1]
        vals = []
        for c in moves:
            n0 = h0 & ~(1 << c) if mover == 0 else h0
            n1 = h1 & ~(1 << c) if mover == 1 else h1
            if led is None:
                vals.append(go(n0, n1, si, leader, c))
                continue
            w = winner(((leader, led), (mover, c)), trump)
            counted = all26 or si >= len(stock)
            if si < len(stock):
                if w == 0:
                    n0, n1 = n0 | 1 << stock[si], n1 | 1 << stock[si + 1]
                else:
                    n1, n0 = n1 | 1 << stock[si], n0 | 1 << stock[si + 1]
                si2 = si + 2
            else:
                si2 = si
            vals.append((1 if counted and w == 0 else 0) + go(n0, n1, si2, w, None))
        return max(vals) if mover == 0 else min(vals)

    return go(h0, h1, 0, leader, led)
