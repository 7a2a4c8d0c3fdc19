"""Double-dummy (perfect-information) evaluation of card plays for the bots.

A thin adapter over the solver's compiled kernel (``whistdrive.solver._core``):
it maps engine seats and card masks to the kernel's layout and answers the one
question the bots ask — "how many of the remaining tricks does my side take
after each legal card, if everyone then plays perfectly?".  Two-sided
games fit directly; for several independent players (Knock-out Whist) the
caller puts "me" on one side and everybody else on the other (paranoid).
"""

from __future__ import annotations

import numpy as np

from ..games.trick import SUIT_MASKS, beats, legal_mask
from ..solver import _core

NO_TRUMP = 4  # a suit index no card has


def kernel_mask(mask: int) -> int:
    """Engine mask (13 bits per suit) to kernel mask (16 bits per suit)."""
    out = 0
    for s in range(4):
        out |= ((mask >> (13 * s)) & 0x1FFF) << (16 * s)
    return out


def kernel_card(card: int) -> int:
    return (card // 13) * 16 + card % 13


class _Tables:
    """One transposition table per process, reused while (n, sides, trump) stay the same."""

    def __init__(self) -> None:
        self.keys, self.bounds, self.gens = _core.new_table(18)
        self.work = _core.new_workspace()
        self.gen = 0
        self.context: tuple | None = None

    def enter(self, context: tuple) -> int:
        if context != self.context:
            self.context = context
            self.gen += 1
        return self.gen


_TABLES: _Tables | None = None


def _tables() -> _Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = _Tables()
    return _TABLES


def future_tricks(hands: dict[int, int], order: list[int], trick: list[tuple[int, int]], trump: int | None,
                  my_side: set[int]) -> int:
    """Tricks ``my_side`` takes from here on (the current trick included) with perfect play by all."""
    n = len(order)
    idx = {s: i for i, s in enumerate(order)}
    t = _tables()
    tr = NO_TRUMP if trump is None else trump
    side = np.array([1 if s in my_side else 0 for s in order], dtype=np.int64)
    gen = t.enter((n, tuple(side), tr))
    kh = np.zeros(n, dtype=np.int64)
    for s, m in hands.items():
        kh[idx[s]] = kernel_mask(m)
    mv, nm, cur, frames, keybuf, stats = t.work
    frames[0, :] = 0
    if trick:
        lead = kernel_card(trick[0][1])
        w_card, w_seat = trick[0][1], trick[0][0]
        ot = 0
        for s, c in trick:
            if beats(c, w_card, trump):
                w_card, w_seat = c, s
            ot |= 1 << kernel_card(c)
        frames[0, _core.F_PL] = idx[order[(idx[trick[0][0]] + len(trick)) % n]]
        frames[0, _core.F_TPOS] = len(trick)
        frames[0, _core.F_LSUIT] = lead >> 4
        frames[0, _core.F_WCARD] = kernel_card(w_card)
        frames[0, _core.F_WSEAT] = idx[w_seat]
        frames[0, _core.F_OT] = ot
        remaining = bin(hands[order[idx[trick[0][0]]]]).count("1") + 1
    else:
        raise ValueError("future_tricks needs the leader: use future_tricks_from_lead")
    return int(_core.solve_exact(kh, n, side, tr, remaining, 0, remaining, t.keys, t.bounds, t.gens, gen,
                                 mv, nm, cur, frames, keybuf, stats))


def tricks_from_lead(hands: dict[int, int], order: list[int], leader: int, trump: int | None,
                     my_side: set[int], lo: int = 0, hi: int | None = None) -> int:
    """Tricks ``my_side`` takes from a trick start with ``leader`` to lead."""
    n = len(order)
    remaining = bin(hands[leader]).count("1")
    if remaining == 0:
        return 0
    idx = {s: i for i, s in enumerate(order)}
    t = _tables()
    tr = NO_TRUMP if trump is None else trump
    side = np.array([1 if s in my_side else 0 for s in order], dtype=np.int64)
    gen = t.enter((n, tuple(side), tr))
    kh = np.zeros(n, dtype=np.int64)
    for s, m in hands.items():
        kh[idx[s]] = kernel_mask(m)
    mv, nm, cur, frames, keybuf, stats = t.work
    frames[0, :] = 0
    frames[0, _core.F_PL] = idx[leader]
    hi = remaining if hi is None else min(hi, remaining)
    return int(_core.solve_exact(kh, n, side, tr, remaining, lo, hi, t.keys, t.bounds, t.gens, gen,
                                 mv, nm, cur, frames, keybuf, stats))


def play_values(hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
                trump: int | None, my_side: set[int], must_follow: bool = True) -> dict[int, int]:
    """For each legal card of the seat to move: tricks ``my_side`` takes from the current trick on."""
    n = len(order)
    pos = order.index(leader)
    mover = order[(pos + len(trick)) % n]
    led = trick[0][1] // 13 if trick else None
    legal = legal_mask(hands[mover], led, must_follow)
    out: dict[int, int] = {}
    m = legal
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        # equal cards (adjacent in the remaining suit, same hand) share a value
        h = dict(hands)
        h[mover] &= ~low
        plays = trick + [(mover, card)]
        if len(plays) < n:
            out[card] = future_tricks(h, order, plays, trump, my_side)
        else:
            w = plays[0]
            for s, c in plays[1:]:
                if beats(c, w[1], trump):
                    w = (s, c)
            won = 1 if w[0] in my_side else 0
            out[card] = won + tricks_from_lead(h, order, w[0], trump, my_side)
    return out


def suit_cards(mask: int, suit: int) -> int:
    return mask & SUIT_MASKS[suit]
