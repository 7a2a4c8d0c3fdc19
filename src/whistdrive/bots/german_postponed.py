"""German Whist's last two stage-1 tricks, my second card chosen as I will have to choose it.

With four stock cards left, each sampled world is solved to the end of the
deal — but a plain solve lets my card in the last stage-1 trick see the
world: the opponent's hand and the card still face down.  Here, for each
candidate card, the world is played on to my next decision (the opponent's
cards chosen by the solve, as before) and stops there: what I will have
seen by then (the opponent's card, the new prize, the card I drew if I lost)
is the world's *key*, and the value of each of my cards there is kept.  The
caller adds the worlds of a key together and takes the best card of the sum,
once for all of them (:class:`Postponed`).  After the last stage-1 trick the
deal is open, so no later decision of mine needs the same care.
"""

from __future__ import annotations

from ..games.trick import beats
from ..solver.german import _Stage1


def _resolve(h: list[int], leader: int, led: int, second: int, stock: tuple[int, ...], si: int,
             trump: int) -> tuple[list[int], int]:
    """The hands after a stage-1 trick (``led`` by ``leader``, answered by ``second``) and its winner."""
    win = 1 - leader if beats(second, led, trump) else leader
    out = list(h)
    out[win] |= 1 << stock[si]
    out[1 - win] |= 1 << stock[si + 1]
    return out, win


def world_choices(hands: dict[int, int], stock: list[int], me: int, leader: int, led: int | None, trump: int,
                  follow: bool, window: tuple[int, int], cands: list[int]) -> list[tuple[tuple, dict[int, int]]]:
    """For each candidate: (what I will have seen at my next card, that card's options -> my counted tricks).

    Four stock cards are left (``stock[0]`` the face-up prize) and the deal counts the stage-2 tricks;
    ``led`` is the opponent's card if it has led to this trick.  Counts are exact within ``window``
    (my stage-2 tricks) and clamped outside, which is all that "game" scoring asks.
    """
    opp = 1 - me
    stock_t = tuple(stock)
    s = _Stage1(stock_t, trump, False, follow)
    total = 13
    lo, hi = window
    w_lo, w_hi = (lo, hi) if me == 0 else (total - hi, total - lo)  # on seat 0's tricks

    def mine(h: list[int], si: int, lead: int, card: int | None) -> int:
        x = max(w_lo, min(w_hi, s.exact(h[0], h[1], si, lead, card, w_hi, w_lo)))
        return x if me == 0 else total - x

    def options(hand: int, card: int | None, h: list[int], si: int) -> list[int]:
        unplayed = h[0] | h[1] | s.rest[si] | (0 if card is None else 1 << card)
        return s.order(hand, card, unplayed)

    out = []
    for c in cands:
        h = [hands[0], hands[1]]
        h[me] &= ~(1 << c)
        if led is None:  # I lead: the opponent answers as the solve would
            best = None
            for r in options(h[opp], c, h, 0):
                hr = list(h)
                hr[opp] &= ~(1 << r)
                after, win = _resolve(hr, me, c, r, stock_t, 0, trump)
                x = mine(after, 2, win, None)
                if best is None or x < best[0]:
                    best = (x, r, after, win)
            assert best is not None
            _, r, h, win = best
            seen: tuple = (r,)
        else:
            h, win = _resolve(h, opp, led, c, stock_t, 0, trump)
            seen = ()
        if win == me:  # I lead the last stage-1 trick: I know the new prize, not the opponent's draw
            key = (*seen, stock_t[2])
            values = {}
            for d in options(h[me], None, h, 2):
                hd = list(h)
                hd[me] &= ~(1 << d)
                values[d] = mine(hd, 2, me, d)
        else:  # I drew stock[1]; the opponent leads as the solve would
            best = None
            for lead in options(h[opp], None, h, 2):
                hl = list(h)
                hl[opp] &= ~(1 << lead)
                x = mine(hl, 2, opp, lead)
                if best is None or x < best[0]:
                    best = (x, lead, hl)
            assert best is not None
            _, lead, h = best
            key = (*seen, stock_t[2], stock_t[1], lead)
            values = {}
            for d in options(h[me], lead, h, 2):
                hd = list(h)
                hd[me] &= ~(1 << d)
                after, w2 = _resolve(hd, opp, lead, d, stock_t, 2, trump)
                values[d] = mine(after, 4, w2, None)
        out.append((key, values))
    return out


class Postponed:
    """Adds up the worlds of each key; a candidate's value is the best card of each key's sum."""

    def __init__(self, cands: list[int]):
        self.groups: list[dict[tuple, dict[int, float]]] = [{} for _ in cands]

    def add(self, w: float, choices: list[tuple[tuple, dict[int, float]]]) -> None:
        for groups, (key, values) in zip(self.groups, choices):
            g = groups.setdefault(key, dict.fromkeys(values, 0.0))
            for d, x in values.items():
                g[d] += w * x

    def totals(self) -> list[float]:
        return [sum(max(g.values()) for g in groups.values()) for groups in self.groups]
