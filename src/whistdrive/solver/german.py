"""German Whist stage 1 solved exactly when the stock order is known.

Stage-1 tricks (docs/rules.md#german-play): after each trick the winner takes the
face-up prize ``stock[0]``, the loser the next card ``stock[1]``, and
``stock[2]`` becomes the new prize.  When the stock is empty, stage 2 is a
two-hand ending solved by the compiled kernel.

The stage-1 tree is searched in Python with alpha-beta and a memo of bounds;
the leaves call the kernel with the current window (``lo``/``hi``), so a
leaf only resolves the value as far as the window needs.  The value is the
number of *counted* tricks still to come for the seat to move: stage-2
tricks by default, every trick with ``count="all26"``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..games.trick import beats
from .api import InvalidPosition, Position, side_one_tricks, solve_two_hand, values_two_hand

_SIDES = (0, 1)


def _legal(hand: int, led: int | None, follow_suit: bool) -> list[int]:
    cards = [c for c in range(52) if hand >> c & 1]
    if led is not None and follow_suit:
        same = [c for c in cards if c // 13 == led // 13]
        if same:
            return same
    return cards


class _Stage1:
    def __init__(self, stock: Sequence[int], trump: int | None, all26: bool, follow_suit: bool) -> None:
        self.stock = tuple(int(c) for c in stock)
        self.trump = trump
        self.all26 = all26
        self.follow = follow_suit
        self.memo: dict[tuple, tuple[int, int, int]] = {}
        # rest[i]: mask of the stock cards from index i on (still unplayed)
        self.rest = [0] * (len(self.stock) + 1)
        for i in range(len(self.stock) - 1, -1, -1):
            self.rest[i] = self.rest[i + 1] | 1 << self.stock[i]
        self.leaves = 0

    def stage2(self, h0: int, h1: int, leader: int, alpha: int, beta: int) -> int:
        """Seat 0's stage-2 tricks, clamped to [alpha, beta] (the kernel's side 1 is seat 1)."""
        self.leaves += 1
        r = bin(h0).count("1")
        if alpha >= r:
            return alpha
        if beta <= 0:
            return beta
        pos = Position([h0, h1], self.trump, leader, (), _SIDES)
        s1 = side_one_tricks(pos, lo=max(0, r - beta), hi=min(r, r - alpha))
        return r - s1

    def value(self, h0: int, h1: int, si: int, leader: int, led: int | None, alpha: int, beta: int) -> int:
        """Counted tricks of seat 0 from here, fail-hard in [alpha, beta]."""
        if si >= len(self.stock) and led is None:
            return max(alpha, min(beta, self.stage2(h0, h1, leader, alpha, beta)))
        key = (h0, h1, si, leader, led)
        lo, hi, first = self.memo.get(key, (0, 99, -1))
        if lo >= beta:
            return beta
        if hi <= alpha:
            return alpha
        a0, b0 = alpha, beta
        mover = leader if led is None else 1 - leader
        hand = h0 if mover == 0 else h1
        best = -1 if mover == 0 else 999
        cut = -1
        moves = self.order(hand, led, h0 | h1 | self.rest[si] | (0 if led is None else 1 << led))
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        for c in moves:
            nh0 = h0 & ~(1 << c) if mover == 0 else h0
            nh1 = h1 & ~(1 << c) if mover == 1 else h1
            if led is None:
                v = self.value(nh0, nh1, si, leader, c, alpha, beta)
            else:
                win = mover if beats(c, led, self.trump) else leader
                prize, draw = self.stock[si], self.stock[si + 1]
                if win == 0:
                    nh0 |= 1 << prize
                    nh1 |= 1 << draw
                else:
                    nh1 |= 1 << prize
                    nh0 |= 1 << draw
                gain = 1 if (self.all26 and win == 0) else 0
                v = gain + self.value(nh0, nh1, si + 2, win, None, alpha - gain, beta - gain)
            if mover == 0:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                cut = c
                break
        if cut < 0:
            cut = first
        if best <= a0:
            self.memo[key] = (lo, min(hi, best), cut)
        elif best >= b0:
            self.memo[key] = (max(lo, best), hi, cut)
        else:
            self.memo[key] = (best, best, cut)
        return max(a0, min(b0, best))

    def exact(self, h0: int, h1: int, si: int, leader: int, led: int | None, hi: int, lo: int = 0) -> int:
        """Seat 0's value clamped to [lo, hi], by null-window searches (the memo carries over)."""
        while lo < hi:
            t = (lo + hi + 1) // 2
            if self.value(h0, h1, si, leader, led, t - 1, t) >= t:
                lo = t
            else:
                hi = t - 1
        return lo

    def order(self, hand: int, led: int | None, unplayed: int) -> list[int]:
        """One card per run of equal cards; high first when leading, else cheapest winner then lowest.

        Two cards of one hand with no unplayed card (other hand, stock, trick)
        between them are interchangeable for the rest of the deal.
        """
        cards = []
        for c in _legal(hand, led, self.follow):
            suit_top = 1 << (13 * (c // 13 + 1))
            higher = unplayed & (suit_top - (2 << c))
            if higher and (higher & -higher) & hand:
                continue  # the next unplayed card up is ours: equivalent, searched there
            cards.append(c)
        if led is None:
            return sorted(cards, key=lambda c: -(c % 13))
        wins = sorted((c for c in cards if beats(c, led, self.trump)), key=lambda c: c % 13)
        loses = sorted((c for c in cards if not beats(c, led, self.trump)), key=lambda c: c % 13)
        return wins + loses


def _check(hand0: int, hand1: int, stock: Sequence[int], leader: int, trick: Sequence, count: str) -> int | None:
    """Validate a stage-1 position; returns the card led to the current trick, if any."""
    if count not in ("stage2", "all26"):
        raise InvalidPosition(f"count {count!r}: expected 'stage2' or 'all26'")
    if len(stock) % 2:
        raise InvalidPosition(f"stock of {len(stock)} cards: stage 1 takes cards in pairs")
    seen = 0
    for name, m in (("hand 0", hand0), ("hand 1", hand1)):
        if m & seen:
            raise InvalidPosition(f"{name} shares cards with the other hand")
        seen |= m
    for c in stock:
        if not 0 <= c < 52 or (seen >> c) & 1:
            raise InvalidPosition(f"stock card {c} is out of range or duplicated")
        seen |= 1 << c
    if leader not in (0, 1):
        raise InvalidPosition(f"leader {leader!r}: expected seat 0 or 1")
    led = None
    if trick:
        if len(trick) != 1:
            raise InvalidPosition("a two-hand trick in progress holds exactly one card (the lead)")
        item = trick[0]
        led = int(item[1]) if isinstance(item, tuple | list) else int(item)
        if (seen >> led) & 1:
            raise InvalidPosition(f"trick card {led} is also in a hand or the stock")
    n0, n1 = bin(hand0).count("1"), bin(hand1).count("1")
    if (n0 + (1 if led is not None and leader == 0 else 0)) != (n1 + (1 if led is not None and leader == 1 else 0)):
        raise InvalidPosition("hand sizes differ")
    return led


def solve_german_stage1(
    hand0: int,
    hand1: int,
    stock: Sequence[int],
    trump: int | None,
    leader: int,
    trick: Sequence = (),
    count: str = "stage2",
    follow_suit: bool = True,
    lo: int = 0,
    hi: int | None = None,
) -> int:
    """Counted tricks still to come for the seat to move, with the stock order known.

    ``stock[0]`` is the face-up prize; ``count`` is ``"stage2"`` (default) or
    ``"all26"``; ``follow_suit=False`` lifts the follow-suit rule in stage 1.  The value is exact
    within ``[lo, hi]`` and clamped to it outside, as in :func:`values_german_stage1`.
    """
    led = _check(hand0, hand1, stock, leader, trick, count)
    total = _total(hand0, hand1, stock, led, count)
    bottom, top = _window(total, lo, hi)
    if not stock:
        return max(bottom, min(top, solve_two_hand(hand0, hand1, trump, leader, trick)))
    s = _Stage1(stock, trump, count == "all26", follow_suit)
    mover = leader if led is None else 1 - leader
    w_lo, w_hi = (bottom, top) if mover == 0 else (total - top, total - bottom)  # on seat 0's tricks
    v0 = s.exact(hand0, hand1, 0, leader, led, w_hi, w_lo)
    return v0 if mover == 0 else total - v0


def _window(total: int, lo: int, hi: int | None) -> tuple[int, int]:
    """The asked window ``[lo, hi]`` on the mover's tricks, kept within ``[0, total]``."""
    top = total if hi is None else min(hi, total)
    return min(max(0, lo), top), top


def _total(hand0: int, hand1: int, stock: Sequence[int], led: int | None, count: str) -> int:
    """Counted tricks still to come in the whole deal."""
    cards = bin(hand0).count("1") + bin(hand1).count("1") + len(stock) + (1 if led is not None else 0)
    tricks = cards // 2
    return tricks if count == "all26" else tricks - len(stock) // 2


def values_german_stage1(
    hand0: int,
    hand1: int,
    stock: Sequence[int],
    trump: int | None,
    leader: int,
    trick: Sequence = (),
    count: str = "stage2",
    follow_suit: bool = True,
    lo: int = 0,
    hi: int | None = None,
    cards: Collection[int] | None = None,
) -> dict[int, int]:
    """Per legal card of the seat to move (or only those of ``cards``): its counted tricks still to
    come after playing it.

    Each value is exact within ``[lo, hi]`` and clamped to it outside: when only a threshold
    matters (will I take 7?), the window ``(6, 7)`` costs one or two null-window searches a card
    instead of a full count.
    """
    led = _check(hand0, hand1, stock, leader, trick, count)
    total = _total(hand0, hand1, stock, led, count)
    bottom, top = _window(total, lo, hi)
    if not stock:  # stage 2: the two-hand kernel, its values kept to the window and the cards asked
        values = values_two_hand(hand0, hand1, trump, leader, trick)
        return {c: max(bottom, min(top, x)) for c, x in values.items() if cards is None or c in cards}
    s = _Stage1(stock, trump, count == "all26", follow_suit)
    mover = leader if led is None else 1 - leader
    # the window on seat 0's tricks: the mover's own, or the rest of the total
    w_lo, w_hi = (bottom, top) if mover == 0 else (total - top, total - bottom)
    hand = hand0 if mover == 0 else hand1
    out = {}
    for c in sorted(_legal(hand, led, follow_suit)):
        if cards is not None and c not in cards:
            continue
        nh0 = hand0 & ~(1 << c) if mover == 0 else hand0
        nh1 = hand1 & ~(1 << c) if mover == 1 else hand1
        if led is None:
            v0 = s.exact(nh0, nh1, 0, leader, c, w_hi, w_lo)
        else:
            win = mover if beats(c, led, trump) else leader
            if win == 0:
                nh0, nh1 = nh0 | 1 << stock[0], nh1 | 1 << stock[1]
            else:
                nh0, nh1 = nh0 | 1 << stock[1], nh1 | 1 << stock[0]
            gain = 1 if (count == "all26" and win == 0) else 0
            v0 = gain + s.exact(nh0, nh1, 2, win, None, max(0, w_hi - gain), max(0, w_lo - gain))
        v0 = max(w_lo, min(w_hi, v0))
        out[c] = v0 if mover == 0 else total - v0
    return out
