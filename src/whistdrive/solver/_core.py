"""Compiled perfect-information trick-taking search (numba).

One kernel serves every game: ``n`` seats (2..7) playing in turn
``0, 1, .., n-1``, each seat belonging to side 0 or side 1 (``side`` array).
The search answers the boolean question "can side 1 take at least ``target``
of the remaining tricks?" (a null-window search); :func:`solve_exact` finds
the exact value by a binary search over the target with a shared
transposition table.

Why this shape (see docs/solver.md, "How it works"):

* iterative search with an explicit stack and no recursion: a recursive
  ``@njit`` function loaded from the on-disk cache can crash numba;
* every argument is an int64 scalar or an int64/int8/int32 array, so each
  kernel has exactly one specialisation;
* cards inside the kernel are ``suit * 16 + rank`` (16 bits per suit in an
  int64) so that a suit is a shift and a mask away;
* the transposition table is keyed by *relative* ranks: per suit, only the
  order of the remaining cards and who holds them matters, so positions that
  differ by already-played cards share one entry.  Entries store a lower and
  an upper bound on the future tricks of side 1, valid for any target and any
  root with the same ``n``, ``side`` and trump (the table is reused across
  calls; the Python wrapper starts a new generation when those change);
* winning ranks (DDS): a stored result keeps exact only the cards of each
  suit at or above the lowest rank that decided a trick in its proof; lower
  cards are matched by suit length, so one entry serves many positions;
* quick tricks and master trumps bound the value at trick starts;
* equal-card pruning: cards of one hand adjacent among the remaining cards of
  a suit (cards on the current trick count as separators) are equivalent, so
  only the top card of each run is searched.
"""

from __future__ import annotations

import numpy as np
from numba import njit

MAXD = 7 * 13 + 8  # maximum plies in one search, plus slack
MAXM = 16  # maximum candidate moves at one node
KEYW = 10  # key words: 7 seats' relative cards, unused, lengths + leader (2 words)

# frame columns
F_PL = 0  # seat to move
F_TPOS = 1  # cards already on the current trick
F_LSUIT = 2  # suit led (valid if TPOS > 0)
F_WCARD = 3  # currently winning card (internal index)
F_WSEAT = 4  # seat of the winning card
F_OT = 5  # mask of cards on the current trick (internal layout)
F_WON = 6  # tricks taken by side 1 since the root
F_SEARCHED = 7  # 1 if the node was expanded (store in TT on the way up)
F_HASH = 8  # hash of the node's key (trick starts only)
F_WREL = 9  # 1 if the winning card has beaten a card of its own suit (its rank matters)
F_TRICKW = 10  # at a trick start: the deciding card of the trick just completed, as a bit
NF = 11

_MIX = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64


def _tables():
    """Lookup tables over 13-bit suit holdings (frozen into the compiled code)."""
    pop = np.array([bin(x).count("1") for x in range(8192)], dtype=np.int64)
    high = np.array([x.bit_length() - 1 for x in range(8192)], dtype=np.int64)

    def pext(a, u):
        out, j = 0, 0
        for r in range(13):
            if u >> r & 1:
                if a >> r & 1:
                    out |= 1 << j
                j += 1
        return out

    lo = np.array([pext(a, u) for u in range(128) for a in range(128)], dtype=np.int64)
    hi = np.array([pext(a, u) for u in range(64) for a in range(64)], dtype=np.int64)
    return pop, high, lo, hi


_POP, _HIGH, _PEXT_LO, _PEXT_HI = _tables()
_DEBRUIJN = 0x03F79D71B4CB0A89
_DB_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DB_INDEX[(((1 << _i) * _DEBRUIJN) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i


def new_table(log2_size: int = 18):
    """Allocate a transposition table: (keys, patterns, bounds, generations).

    keys: suit lengths + leader (hashed, exact); patterns: each seat's cards
    in the exact region, and the region itself in word 7.
    """
    size = 1 << log2_size
    # np.full (not np.zeros) touches every page now: lazily mapped zero pages
    # would otherwise cost page faults inside the first searches (~50 ms).
    keys = np.full((size, 2), 0, dtype=np.int64)
    pats = np.full((size, 8), 0, dtype=np.int64)
    bounds = np.full((size, 3), 0, dtype=np.int8)  # lower, upper, best move
    gens = np.full(size, 0, dtype=np.int32)
    return keys, pats, bounds, gens


def new_workspace():
    """Per-search scratch arrays (explicit stack)."""
    mv = np.zeros((MAXD, 2 * MAXM), dtype=np.int64)  # moves, then their scores
    nm = np.zeros(MAXD, dtype=np.int64)
    cur = np.zeros(MAXD, dtype=np.int64)
    frames = np.zeros((MAXD, NF), dtype=np.int64)
    keybuf = np.zeros((MAXD, KEYW), dtype=np.int64)
    wacc = np.zeros(MAXD, dtype=np.int64)
    stats = np.zeros(4, dtype=np.int64)
    return mv, nm, cur, frames, keybuf, wacc, stats


@njit(cache=True)
def _beats(c, w, trump):
    cs = c >> 4
    ws = w >> 4
    if cs == ws:
        return c > w
    return cs == trump


@njit(cache=True)
def _gen_moves(hands, n, side, trump, frames, d, mv):
    """Fill ``out`` with one card per equivalence run, best first; return the count."""
    p = frames[d, F_PL]
    tpos = frames[d, F_TPOS]
    lsuit = frames[d, F_LSUIT]
    wcard = frames[d, F_WCARD]
    ot = frames[d, F_OT]
    h = hands[p]
    allc = ot
    for i in range(n):
        allc |= hands[i]
    cand = h
    if tpos > 0:
        fs = (h >> (16 * lsuit)) & 0x1FFF
        if fs != 0:
            cand = fs << (16 * lsuit)
    cnt = 0
    partner_winning = False
    if tpos > 0:
        partner_winning = side[frames[d, F_WSEAT]] == side[p]
    for s in range(4):
        hs = (cand >> (16 * s)) & 0x1FFF
        if hs == 0:
            continue
        us = (allc >> (16 * s)) & 0x1FFF
        mine = (h >> (16 * s)) & 0x1FFF
        others = us & ~mine
        while hs != 0:
            bb = hs & (-hs)
            hs ^= bb
            r = _DB_INDEX[((bb * _DEBRUIJN) >> 58) & 63]
            higher = us >> (r + 1)
            if higher != 0:
                low = higher & (-higher)
                if (mine >> (r + 1)) & low:
                    continue  # the next higher remaining card is ours: equivalent
            c = s * 16 + r
            if tpos == 0:
                if (others >> (r + 1)) == 0:
                    sc = 100 + r
                    if s == trump:
                        sc -= 5
                else:
                    sc = 40 + r  # high non-winners first: they force the opponent's honours out (measured)
                    if s == trump:
                        sc -= 20
            else:
                if partner_winning:
                    sc = 40 - r
                    if s == trump and lsuit != trump:
                        sc -= 30
                elif _beats(c, wcard, trump):
                    sc = 100 - r
                else:
                    sc = 40 - r
                    if s == trump:
                        sc -= 30
            # insertion by score, descending
            j = cnt
            while j > 0 and mv[d, MAXM + j - 1] < sc:
                mv[d, MAXM + j] = mv[d, MAXM + j - 1]
                mv[d, j] = mv[d, j - 1]
                j -= 1
            mv[d, MAXM + j] = sc
            mv[d, j] = c
            cnt += 1
    return cnt


@njit(cache=True)
def _quick_tricks(hands, n, trump, leader):
    """Tricks the leader can cash at once, a lower bound (two seats only, else 0).

    Per suit: the leader's cards above every opposing card win when led.  In a
    side suit the opponent can ruff once void, so if it holds a trump only as
    many winners count as it has cards in that suit.  Also returns the cards
    the count relied on (their ranks must match for a table entry to apply).
    """
    if n != 2:
        return 0, np.int64(0)
    me = hands[leader]
    op = hands[1 - leader]
    op_trumps = False
    drawn = False
    used = np.int64(0)
    if trump < 4:
        opt = (op >> (16 * trump)) & 0x1FFF
        myt = (me >> (16 * trump)) & 0x1FFF
        op_trumps = opt != 0
        if op_trumps and myt != 0:
            mt = myt & ~((1 << (_HIGH[opt] + 1)) - 1)
            if _POP[mt] >= _POP[opt]:
                # the leader's master trumps draw every opposing trump: then nothing is ruffed
                drawn = True
                used |= np.int64(mt) << (16 * trump)
    q = 0
    for s in range(4):
        ms = (me >> (16 * s)) & 0x1FFF
        if ms == 0:
            continue
        os_ = (op >> (16 * s)) & 0x1FFF
        if os_ == 0:
            top = _POP[ms]  # nothing to beat: every card wins unless ruffed (lengths only)
            tm = 0
        elif drawn and s == trump:
            top = _POP[ms]  # every trump wins once the opposing trumps are drawn
            tm = 0
        else:
            tm = ms & ~((1 << (_HIGH[os_] + 1)) - 1)
            top = _POP[tm]
        if s != trump and op_trumps and not drawn and top > _POP[os_]:
            top = _POP[os_]
        if top > 0:
            q += top
            used |= np.int64(tm) << (16 * s)
    return q, used


@njit(cache=True)
def _master_trumps(hands, n, side, trump, who):
    """Sure tricks of side ``who``: a trump above every opposing trump wins whenever played.

    One seat's master trumps fall on different tricks, so the best seat of the
    side gives a lower bound on the side's tricks.  Returns the count and the
    cards it relied on.
    """
    if trump >= 4:
        return 0, np.int64(0)
    opp = 0
    for i in range(n):
        if side[i] != who:
            opp |= (hands[i] >> (16 * trump)) & 0x1FFF
    keep = ~((1 << (_HIGH[opp] + 1)) - 1) if opp != 0 else 0x1FFF
    best = 0
    used = 0
    for i in range(n):
        if side[i] == who:
            tm = (hands[i] >> (16 * trump)) & 0x1FFF & keep
            if _POP[tm] > best:
                best = _POP[tm]
                used = tm if opp != 0 else 0
    return best, np.int64(used) << (16 * trump)


@njit(cache=True)
def _pext13(a, u):
    """The bits of ``a`` at the positions set in ``u``, packed low (relative ranks)."""
    return _PEXT_LO[(u & 127) * 128 + (a & 127)] | (_PEXT_HI[(u >> 7) * 64 + ((a >> 7) & 63)] << _POP[u & 127])


@njit(cache=True)
def _make_key(hands, n, leader, kb, d):
    """Table key of a trick-start position, written into ``kb[d]``; returns its hash.

    ``kb[d, 0..n-1]``: each seat's cards as relative ranks (suit s at bits
    13*s..), counted from the lowest remaining card of the suit.
    ``kb[d, 8], kb[d, 9]``: suit lengths of every seat (4 bits each) and the
    leader -- the exact part of the key that is hashed.
    """
    l0 = np.int64(0)
    l1 = np.int64(0)
    for i in range(n):
        kb[d, i] = 0
    for s in range(4):
        sh = 16 * s
        us = 0
        for i in range(n):
            us |= (hands[i] >> sh) & 0x1FFF
        for i in range(n):
            hs = (hands[i] >> sh) & 0x1FFF
            kb[d, i] |= _pext13(hs, us) << (13 * s)
            ln = np.int64(_POP[hs]) << (16 * (i & 3) + 4 * s)
            if i < 4:
                l0 |= ln
            else:
                l1 |= ln
    l1 |= np.int64(leader + 1) << 56
    kb[d, 8] = l0
    kb[d, 9] = l1
    hsh = (l0 * _MIX) ^ l1
    hsh = hsh * _MIX
    hsh ^= hsh >> 29
    return hsh


@njit(cache=True)
def _region(hands, n, w):
    """Winning-rank cards ``w`` -> relative mask of the exact part of the position.

    Per suit, every remaining card at or above the lowest rank in ``w`` must
    be held by the same seat for a stored result to apply; lower cards only
    count by suit length.
    """
    m = np.int64(0)
    for s in range(4):
        ws = (w >> (16 * s)) & 0x1FFF
        if ws == 0:
            continue
        us = _union(hands, n, s)
        low = ws & (-ws)
        below = _POP[us & (low - 1)]
        total = _POP[us]
        m |= np.int64(((1 << total) - 1) & ~((1 << below) - 1)) << (13 * s)
    return m


@njit(cache=True)
def _region_cards(hands, n, m):
    """Relative exact mask ``m`` -> the absolute cards it covers in this position."""
    w = np.int64(0)
    for s in range(4):
        ms = (m >> (13 * s)) & 0x1FFF
        if ms == 0:
            continue
        us = _union(hands, n, s)
        below = _HIGH[ms & (-ms)]
        for _ in range(below):
            us &= us - 1
        w |= np.int64(us) << (16 * s)
    return w


@njit(cache=True)
def _tt_probe(keys, pats, bounds, gens, gen, kb, d, hsh, n, need):
    """Find a stored pattern matching this position; return (verdict, slot).

    verdict 1: side 1 reaches ``need``; 0: it does not; -1: unknown (slot
    then points to a matching entry for its best move, or is -1).
    """
    mask = keys.shape[0] - 1
    base = (hsh >> 7) & mask & ~7
    seen = -1
    for k in range(8):
        idx = base + k
        if gens[idx] != gen or keys[idx, 0] != kb[d, 8] or keys[idx, 1] != kb[d, 9]:
            continue
        m = pats[idx, 7]
        same = True
        for i in range(n):
            if (kb[d, i] & m) != pats[idx, i]:
                same = False
                break
        if not same:
            continue
        if bounds[idx, 0] >= need:
            return 1, idx
        if bounds[idx, 1] < need:
            return 0, idx
        seen = idx
    return -1, seen


@njit(cache=True)
def _tt_store(keys, pats, bounds, gens, gen, kb, d, hsh, n, m, lb, ub, best):
    mask = keys.shape[0] - 1
    base = (hsh >> 7) & mask & ~7
    free = -1
    for k in range(8):
        idx = base + k
        if gens[idx] != gen:
            if free < 0:
                free = idx
            continue
        if keys[idx, 0] != kb[d, 8] or keys[idx, 1] != kb[d, 9] or pats[idx, 7] != m:
            continue
        same = True
        for i in range(n):
            if (kb[d, i] & m) != pats[idx, i]:
                same = False
                break
        if same:
            if lb > bounds[idx, 0]:
                bounds[idx, 0] = lb
            if ub < bounds[idx, 1]:
                bounds[idx, 1] = ub
            if best >= 0:
                bounds[idx, 2] = best
            return
    idx = free
    if idx < 0:
        idx = base + ((hsh >> 40) & 7)
    keys[idx, 0] = kb[d, 8]
    keys[idx, 1] = kb[d, 9]
    for i in range(n):
        pats[idx, i] = kb[d, i] & m
    pats[idx, 7] = m
    gens[idx] = gen
    bounds[idx, 0] = lb
    bounds[idx, 1] = ub
    bounds[idx, 2] = best


@njit(cache=True)
def _union(hands, n, s):
    us = 0
    for i in range(n):
        us |= (hands[i] >> (16 * s)) & 0x1FFF
    return us


@njit(cache=True)
def _relative(hands, n, c):
    """Card -> suit * 16 + its index among the remaining cards of its suit."""
    s = c >> 4
    return s * 16 + _POP[_union(hands, n, s) & ((1 << (c & 15)) - 1)]


@njit(cache=True)
def _absolute(hands, n, code):
    s = code >> 4
    j = code & 15
    us = _union(hands, n, s)
    r = 0
    while r < 13:
        if (us >> r) & 1:
            if j == 0:
                return s * 16 + r
            j -= 1
        r += 1
    return -1


@njit(cache=True, inline="always")
def _last_trick(hands, n, side, trump, ld):
    """The last trick, one card in every hand: (side 1 takes it, its deciding card as a bit or 0)."""
    w = -1
    ws = ld
    rel = False
    for k in range(n):
        seat = (ld + k) % n
        c = _DB_INDEX[(((hands[seat] & (-hands[seat])) * _DEBRUIJN) >> 58) & 63]
        if k == 0:
            w = c
        elif _beats(c, w, trump):
            rel = (c >> 4) == (w >> 4)
            w = c
            ws = seat
        elif (c >> 4) == (w >> 4):
            rel = True
    wres = np.int64(0)
    if rel:
        wres = np.int64(1) << w
    return side[ws] == 1, wres


@njit(cache=True, inline="always")
def _sure_bounds(hands, n, side, trump, ld, need, rem):
    """Quick tricks and master trumps at a trick start: (they decide, the verdict, its winning ranks)."""
    q, qw = _quick_tricks(hands, n, trump, ld)
    m, mw = _master_trumps(hands, n, side, trump, 1 - side[ld])
    if side[ld] == 1:
        if q >= need:
            return True, True, qw
        if rem - m < need:
            return True, False, mw
    else:
        if rem - q < need:
            return True, False, qw
        if m >= need:
            return True, True, mw
    return False, False, np.int64(0)


@njit(cache=True, inline="always")
def _to_front(mv, d, count, c):
    """Search card ``c`` (the table's best move) first among the ``count`` moves of node ``d``."""
    for k in range(count):
        if mv[d, k] == c:
            for k2 in range(k, 0, -1):
                mv[d, k2] = mv[d, k2 - 1]
            mv[d, 0] = c
            return


@njit(cache=True, inline="always")
def _play(frames, d, c, n, side, trump):
    """Fill frame ``d + 1``: the seat to move at ``d`` plays ``c`` (its hand is updated by the caller)."""
    p = frames[d, F_PL]
    tpos = frames[d, F_TPOS]
    e = d + 1
    frames[e, F_WON] = frames[d, F_WON]
    frames[e, F_TRICKW] = 0
    if tpos == 0:
        frames[e, F_LSUIT] = c >> 4
        frames[e, F_WCARD] = c
        frames[e, F_WSEAT] = p
        frames[e, F_WREL] = 0
    else:
        frames[e, F_LSUIT] = frames[d, F_LSUIT]
        wc = frames[d, F_WCARD]
        if _beats(c, wc, trump):
            frames[e, F_WCARD] = c
            frames[e, F_WSEAT] = p
            frames[e, F_WREL] = 1 if (c >> 4) == (wc >> 4) else 0
        else:
            frames[e, F_WCARD] = wc
            frames[e, F_WSEAT] = frames[d, F_WSEAT]
            frames[e, F_WREL] = 1 if (c >> 4) == (wc >> 4) else frames[d, F_WREL]
    if tpos == n - 1:
        ws = frames[e, F_WSEAT]
        if side[ws] == 1:
            frames[e, F_WON] += 1
        if frames[e, F_WREL] == 1:
            frames[e, F_TRICKW] = np.int64(1) << frames[e, F_WCARD]
        frames[e, F_TPOS] = 0
        frames[e, F_PL] = ws
        frames[e, F_OT] = 0
    else:
        frames[e, F_TPOS] = tpos + 1
        frames[e, F_PL] = (p + 1) % n
        frames[e, F_OT] = frames[d, F_OT] | (np.int64(1) << c)


@njit(cache=True)
def search(hands, n, side, trump, r0, target, keys, pats, bounds, gens, gen, mv, nm, cur, frames, keybuf, wacc, stats):
    """Can side 1 take >= ``target`` of the ``r0`` remaining tricks? Root state in ``frames[0]``.

    Alongside the verdict each node returns its *winning ranks* ``wres``: the
    cards whose ranks decided a trick in the proof.  A table entry keeps only
    the part of the position at or above those ranks exact (see _region), so
    one entry answers for many positions that differ in low cards (DDS's
    central idea).
    """
    t0 = frames[0, F_TPOS]
    d = 0
    mode = 0  # 0 evaluate node, 1 next move, 2 unwind
    res = False
    wres = np.int64(0)
    best = -1
    while True:
        if mode == 0:
            stats[0] += 1
            need = target - frames[d, F_WON]
            tpos = frames[d, F_TPOS]
            rem = r0 - (t0 + d) // n
            frames[d, F_SEARCHED] = 0
            wacc[d] = 0
            wres = 0
            mode = 1
            best = -1
            if need <= 0:
                res = True
                mode = 2
            elif need > rem:
                res = False
                mode = 2
            elif tpos == 0:
                ld = frames[d, F_PL]
                if rem == 1:
                    res, wres = _last_trick(hands, n, side, trump, ld)  # need == 1 here
                    mode = 2
                else:
                    stats[2] += 1
                    decided, res, wres = _sure_bounds(hands, n, side, trump, ld, need, rem)
                    if decided:
                        mode = 2
                    else:
                        hsh = _make_key(hands, n, ld, keybuf, d)
                        verdict, idx = _tt_probe(keys, pats, bounds, gens, gen, keybuf, d, hsh, n, need)
                        if verdict >= 0:
                            stats[1] += 1
                            res = verdict == 1
                            wres = _region_cards(hands, n, pats[idx, 7])
                            mode = 2
                        else:
                            stats[3] += 1
                            frames[d, F_SEARCHED] = 1
                            frames[d, F_HASH] = hsh
                            if idx >= 0:
                                best = bounds[idx, 2]
            if mode == 1:
                nm[d] = _gen_moves(hands, n, side, trump, frames, d, mv)
                cur[d] = 0
                if tpos == 0 and best >= 0:
                    _to_front(mv, d, nm[d], _absolute(hands, n, best))
        if mode == 1:
            if cur[d] < nm[d]:
                c = mv[d, cur[d]]
                cur[d] += 1
                hands[frames[d, F_PL]] &= ~(np.int64(1) << c)
                _play(frames, d, c, n, side, trump)
                d += 1
                mode = 0
                continue
            # all moves tried without a cut: side-1 node fails, side-0 node succeeds
            res = side[frames[d, F_PL]] == 0
            wres = wacc[d]
            mode = 2
        if mode == 2:
            if frames[d, F_SEARCHED] == 1:
                need = target - frames[d, F_WON]
                hsh = frames[d, F_HASH]
                cut = -1
                if res == (side[frames[d, F_PL]] == 1):
                    cut = _relative(hands, n, mv[d, cur[d] - 1])
                m = _region(hands, n, wres)
                if res:
                    _tt_store(keys, pats, bounds, gens, gen, keybuf, d, hsh, n, m, need, 127, cut)
                else:
                    _tt_store(keys, pats, bounds, gens, gen, keybuf, d, hsh, n, m, 0, need - 1, cut)
            if d == 0:
                return res
            wchild = wres | frames[d, F_TRICKW]
            d -= 1
            p = frames[d, F_PL]
            hands[p] |= np.int64(1) << mv[d, cur[d] - 1]
            if res == (side[p] == 1):
                wres = wchild  # cut: this child alone decides the node
            else:
                wacc[d] |= wchild
                mode = 1


@njit(cache=True)
def solve_exact(
    hands, n, side, trump, r0, lo, hi, keys, pats, bounds, gens, gen, mv, nm, cur, frames, keybuf, wacc, stats
):
    """Exact future tricks of side 1 in [lo, hi] by binary search over null-window searches."""
    while lo < hi:
        t = (lo + hi + 1) // 2
        if search(
            hands, n, side, trump, r0, t, keys, pats, bounds, gens, gen, mv, nm, cur, frames, keybuf, wacc, stats
        ):
            lo = t
        else:
            hi = t - 1
    return lo
