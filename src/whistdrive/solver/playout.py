"""Compiled German Whist stage-1 playout: the classic policy for both players to the end of stage 1.

The same choices as :func:`whistdrive.bots.classic.classic_card` with the
German Whist prize rule (:func:`whistdrive.bots.german_expert.want_prize`),
card for card (tests/bots/test_compiled_playout.py plays both on the same
worlds), on the standard card numbering (``13 * suit + rank``) and 52-bit
hand masks held in int64.  The expert's Python playout costs most of a
sampled world; compiled, a world is mostly the sampling and the solve.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUIT = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.int64)
FULL = (1 << 52) - 1


@njit(cache=True, inline="always")
def _low(m):
    i = 0
    while not (m >> i) & 1:
        i += 1
    return i


@njit(cache=True, inline="always")
def _high(m):
    i = 51
    while not (m >> i) & 1:
        i -= 1
    return i


@njit(cache=True, inline="always")
def _pop(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def _cost(c, trump):
    return c % 13 + (13 if c // 13 == trump else 0)


@njit(cache=True, inline="always")
def _beats(c, w, trump):
    if c // 13 == w // 13:
        return c > w
    return c // 13 == trump


@njit(cache=True, inline="always")
def _master(c, outside):
    above = ~((np.int64(2) << c) - 1)
    return outside & SUIT[c // 13] & above == 0


@njit(cache=True)
def _seq_low(card, hand, outside):
    s_lo = 13 * (card // 13)
    best = card
    x = card - 1
    while x >= s_lo and not (outside >> x) & 1:
        if (hand >> x) & 1:
            best = x
        x -= 1
    return best


@njit(cache=True)
def _cheapest(m, trump):
    best, key = -1, 99
    while m:
        c = _low(m)
        m &= m - 1
        k = _cost(c, trump)
        if k < key:
            best, key = c, k
    return best


@njit(cache=True)
def _beating(m, w, trump):
    suit = w // 13
    out = m & SUIT[suit] & ~((np.int64(2) << w) - 1)
    if trump != suit:
        out |= m & SUIT[trump]
    return out


@njit(cache=True)
def _discard(legal, trump):
    plain = legal & ~SUIT[trump]
    pool = plain if plain else legal
    best, key_r, key_l = -1, 99, 99
    m = pool
    while m:
        c = _low(m)
        m &= m - 1
        r = c % 13
        n = _pop(pool & SUIT[c // 13])
        if r < key_r or (r == key_r and n < key_l):
            best, key_r, key_l = c, r, n
    return best


@njit(cache=True)
def _lead(hand, legal, trump, outside, want):
    tmask = SUIT[trump]
    my_trumps = legal & tmask
    if not want:
        plain = legal & ~tmask
        pool = plain if plain else legal
        cheap = np.int64(0)
        m = pool
        while m:
            c = _low(m)
            m &= m - 1
            if not _master(c, outside):
                cheap |= np.int64(1) << c
        return _cheapest(cheap if cheap else pool, trump)
    out_t = _pop(outside & tmask)
    if my_trumps and out_t and _pop(my_trumps) > out_t:
        top = _high(my_trumps)
        return _seq_low(top, hand, outside) if _master(top, outside) else _low(my_trumps)
    plain = legal & ~tmask
    for r in range(12, -1, -1):  # masters, highest rank first, then by suit
        for s in range(4):
            c = 13 * s + r
            if (plain >> c) & 1 and _master(c, outside):
                return _seq_low(c, hand, outside)
    best_suit, best_len = 0, -1
    for s in range(4):
        if s == trump:
            continue
        n = _pop(legal & SUIT[s])
        if n > best_len:
            best_suit, best_len = s, n
    if best_len <= 0:
        return _low(legal)
    own = legal & SUIT[best_suit]
    top = _high(own)
    if top % 13 >= 9 and (own >> (top - 1)) & 1:
        return top
    return _low(own)


@njit(cache=True)
def _want(prize, trump, stock_left, tcard, legal, low, all26):
    if stock_left <= 2 and not low:
        return True
    if low:
        return prize // 13 != trump and prize % 13 <= 5
    if all26:
        return _cost(prize, trump) >= 3
    cost = -1
    if tcard >= 0:
        m = legal
        while m:
            c = _low(m)
            m &= m - 1
            if _beats(c, tcard, trump):
                k = _cost(c, trump)
                if cost < 0 or k < cost:
                    cost = k
    value = _cost(prize, trump)
    if value < 7:
        return False
    return cost < 0 or cost <= value + 2


@njit(cache=True)
def classic_stage1_card(hand, gone, tcard, trump, prize, stock_left, follow1, low, all26):
    """The classic card for the seat to move (``tcard`` the card led, -1 when leading)."""
    legal = hand
    if tcard >= 0 and follow1 and hand & SUIT[tcard // 13]:
        legal = hand & SUIT[tcard // 13]
    want = _want(prize, trump, stock_left, tcard, legal, low, all26)
    outside = FULL & ~(hand | gone)
    if tcard < 0:
        return _lead(hand, legal, trump, outside, want)
    following = legal & SUIT[tcard // 13] != 0
    winners = _beating(legal, tcard, trump)
    if not want or not winners:
        return _low(legal) if following else _discard(legal, trump)
    return _cheapest(winners, trump)


@njit(cache=True)
def finish_stage1(h0, h1, stock, leader, tseat, tcard, done, won0, won1, gone, trump, follow1, low, all26):
    """Play both hands by the classic policy to the end of stage 1 (13 tricks); the stock is drawn in order.

    Returns ``(hand 0, hand 1, leader of stage 2, stage-1 tricks of seat 0, of seat 1)``.
    """
    hands = np.array([h0, h1], dtype=np.int64)
    won = np.array([won0, won1], dtype=np.int64)
    pos = 0
    while done < 13:
        s = leader if tseat < 0 else 1 - tseat
        c = classic_stage1_card(hands[s], gone, tcard, trump, stock[pos], len(stock) - pos, follow1, low, all26)
        hands[s] &= ~(np.int64(1) << c)
        gone |= np.int64(1) << c
        if tseat < 0:
            tseat, tcard = s, c
            continue
        w = s if _beats(c, tcard, trump) else tseat
        won[w] += 1
        hands[w] |= np.int64(1) << stock[pos]
        hands[1 - w] |= np.int64(1) << stock[pos + 1]
        pos += 2
        done += 1
        leader, tseat, tcard = w, -1, -1
    return hands[0], hands[1], leader, won[0], won[1]
