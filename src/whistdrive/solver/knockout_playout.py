"""Compiled Knock-out Whist playout: the deal played out by the classic policy, my next decisions searched.

The same cards as :class:`whistdrive.bots.knockout_odds.Deal` with the
classic policy (:func:`whistdrive.bots.classic.classic_card`, every seat for
itself) and the same values as :func:`whistdrive.bots.knockout_expert.line_value`
(tests/bots/test_knockout_playout.py plays both on the same worlds), on the
standard card numbering and 52-bit masks in int64.  Seats are places in the
order of play (0 … n−1); a trick is the cards played so far from its leader.
In Python a sampled world cost the expert about 5 ms; compiled, mostly the
sampling is left.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .playout import FULL, SUIT, _beating, _beats, _cheapest, _discard, _high, _lead, _low, _master, _seq_low


@njit(cache=True)
def classic_knockout_card(hand, trick, tlen, trump, outside, n):
    """The classic card for a seat playing for itself (``trick[:tlen]`` already on the table)."""
    if tlen == 0:
        return _lead(hand, hand, trump, outside, True)
    led = trick[0] // 13
    legal = hand & SUIT[led] if hand & SUIT[led] else hand
    best = trick[0]
    for k in range(1, tlen):
        if _beats(trick[k], best, trump):
            best = trick[k]
    following = legal & SUIT[led] != 0
    winners = _beating(legal, best, trump)
    if not winners:
        if following:
            return _low(legal)
        return _discard(legal, trump)
    if tlen == n - 1 or not following:  # last to play, or ruffing: the cheapest winner
        return _cheapest(winners, trump)
    masters = np.int64(0)
    m = winners
    while m:
        c = _low(m)
        m &= m - 1
        if _master(c, outside):
            masters |= np.int64(1) << c
    if masters:
        return _seq_low(_low(masters), hand, outside)
    return _seq_low(_high(winners), hand, outside)


@njit(cache=True)
def _deal_value(won, n, me, cards, table):
    """My chance of winning the game after the deal (:func:`whistdrive.bots.knockout_odds.deal_value`)."""
    if won[me] == 0:
        return 0.0
    survivors, top = 0, 0
    for s in range(n):
        if won[s] > 0:
            survivors += 1
        if won[s] > top:
            top = won[s]
    if survivors == 1:
        return 1.0
    tied = 0
    for s in range(n):
        if won[s] == top:
            tied += 1
    d, other = table[cards - 1, survivors, 0], table[cards - 1, survivors, 1]
    if won[me] < top:
        return other
    return (d + (tied - 1) * other) / tied


@njit(cache=True)
def _play(hands, won, trick, state, card, trump, n):
    """Play ``card`` for the seat to play; state = [leader, cards in the trick, gone]; False once the deal is over."""
    leader, tlen = state[0], state[1]
    s = (leader + tlen) % n
    hands[s] &= ~(np.int64(1) << card)
    state[2] |= np.int64(1) << card
    trick[tlen] = card
    tlen += 1
    if tlen < n:
        state[1] = tlen
        return True
    best, at = trick[0], 0
    for k in range(1, n):
        if _beats(trick[k], best, trump):
            best, at = trick[k], k
    w = (leader + at) % n
    won[w] += 1
    state[0], state[1] = w, 0
    return hands[w] != 0


@njit(cache=True)
def _run(hands, won, trick, state, trump, n, stop):
    """Classic play until the deal ends (False) or seat ``stop`` (−1: none) has a choice (True)."""
    if state[1] == 0 and hands[state[0]] == 0:
        return False
    while True:
        leader, tlen = state[0], state[1]
        s = (leader + tlen) % n
        hand = hands[s]
        legal = hand
        if tlen and hand & SUIT[trick[0] // 13]:
            legal = hand & SUIT[trick[0] // 13]
        if s == stop and legal & (legal - 1):
            return True
        card = classic_knockout_card(hand, trick, tlen, trump, FULL & ~(hand | state[2]), n)
        if not _play(hands, won, trick, state, card, trump, n):
            return False


@njit(cache=True)
def line_value(hands, won, trick, state, trump, n, me, cards, depth, table):
    """My chance of winning the game after this deal, my next ``depth`` decisions chosen best (arrays are consumed)."""
    if not _run(hands, won, trick, state, trump, n, me if depth > 0 else -1):
        return _deal_value(won, n, me, cards, table)
    hand = hands[me]
    legal = hand
    if state[1] and hand & SUIT[trick[0] // 13]:
        legal = hand & SUIT[trick[0] // 13]
    outside = FULL & ~(hand | state[2])
    best = 0.0
    m = legal
    tried = np.int64(0)
    while m:
        c = _low(m)
        m &= m - 1
        r = _seq_low(c, legal, outside)
        if (tried >> r) & 1:
            continue
        tried |= np.int64(1) << r
        h, w, t, st = hands.copy(), won.copy(), trick.copy(), state.copy()
        if _play(h, w, t, st, r, trump, n):
            v = line_value(h, w, t, st, trump, n, me, cards, depth - 1, table)
        else:
            v = _deal_value(w, n, me, cards, table)
        if v > best:
            best = v
    return best


@njit(cache=True)
def world_values(hands, won, trick, leader, tlen, gone, trump, n, me, cards, cands, choosing_trump, depth, table):
    """The value of each candidate in one world: a card to play now, or (``choosing_trump``) a trump suit."""
    out = np.empty(len(cands), dtype=np.float64)
    for i in range(len(cands)):
        h, w, t = hands.copy(), won.copy(), trick.copy()
        st = np.array([leader, tlen, gone], dtype=np.int64)
        if choosing_trump:
            out[i] = line_value(h, w, t, st, cands[i], n, me, cards, depth, table)
        elif _play(h, w, t, st, cands[i], trump, n):
            out[i] = line_value(h, w, t, st, trump, n, me, cards, depth, table)
        else:
            out[i] = _deal_value(w, n, me, cards, table)
    return out
