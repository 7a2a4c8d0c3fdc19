"""Compiled worlds of the Humbug Whist expert's play search: weigh and solve many worlds in one call.

The expert's Python loop spent most of a world around the two-hand kernel
(building positions, checking them, the likelihood of the other's plays
by a classic-policy call per card they played) rather than in it.  Here a
batch of worlds, dealt by the caller (the same draws as the Python loop),
is one call: each is weighed by its plays (:func:`play_weights`, the
classic card of :mod:`.playout` with nothing at stake but tricks) and by
its exchange (:func:`keep_probability`, the hand count's coefficients
passed in), and every candidate card is solved by
:func:`._two.solve_exact` on the shared table.  The same values, world for
world, as the Python functions of ``bots/humbug_expert.py``
(tests/bots/test_humbug_compiled.py), on the standard card numbering
(``13 * suit + rank``) and 52-bit masks in int64.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import _two
from .playout import SUIT, _beats, _pop, classic_stage1_card


@njit(cache=True, inline="always")
def _internal(mask):
    """52-bit card mask -> the two-hand kernel's layout (suit s at bits 16*s .. 16*s+12)."""
    return ((mask & 0x1FFF) | ((mask >> 13 & 0x1FFF) << 16) | ((mask >> 26 & 0x1FFF) << 32)
            | ((mask >> 39 & 0x1FFF) << 48))


@njit(cache=True)
def play_weights(dealt, seat, seats, cards, trump, gone, matches, weights):
    """How likely ``seat``'s plays (``seats[k]`` played ``cards[k]``, two a trick) were had it been dealt
    ``dealt``, into ``weights[j]`` for each kind of player: the classic card counts ``matches[j]``, any
    other legal card shares the rest."""
    hand = dealt
    for j in range(len(matches)):
        weights[j] = 1.0
    for k in range(len(cards)):
        c = cards[k]
        if seats[k] == seat:
            led = cards[k - 1] if k % 2 else -1
            legal = hand
            if led >= 0 and hand & SUIT[led // 13]:
                legal = hand & SUIT[led // 13]
            choices = _pop(legal)
            if choices > 1:
                guess = classic_stage1_card(hand, gone, led, trump, 0, 0, True, False, False)
                for j in range(len(matches)):
                    m = matches[j]
                    weights[j] *= m if guess == c else (1 - m) / (choices - 1)
            hand &= ~(np.int64(1) << c)
        gone |= np.int64(1) << c


@njit(cache=True)
def keep_probability(hand, trump, honours, spread, coef):
    """The chance a sensible player keeps ``hand``: ``coef`` holds the hand count's base, trump length,
    trump A K Q J, plain A K Q J, plain void and the average hand, in that order."""
    total = coef[0]
    for s in range(4):
        cards = hand & SUIT[s]
        acc = 0.0
        for j in range(4):
            held = (cards >> (13 * s + 12 - j)) & 1
            acc += (coef[2 + j] if s == trump else coef[6 + j]) * held
        if s == trump:
            total += coef[1] * _pop(cards) + acc
        else:
            total += acc + (coef[10] if cards == 0 else 0.0)
    if honours:
        held = _honours(hand, trump)
        total += 4 if held == 4 else 2 if held == 3 else 0
    x = (total - coef[11]) / spread
    x = max(-30.0, min(30.0, x))
    return 1.0 / (1.0 + np.exp(-x))


@njit(cache=True, inline="always")
def _honours(hand, trump):
    return _pop(hand >> (13 * trump + 9) & 15)


@njit(cache=True)
def my_tricks(mine, theirs, me, tcard, trump, card, epoch, keys, ents, work, moves, scores, stats):
    """My tricks from the current trick on if I play ``card`` (``tcard`` the card the other led, -1 when
    I lead) and both then play perfectly."""
    rest = mine & ~(np.int64(1) << card)
    if tcard < 0:  # I lead: the kernel plays my card first, then both perfectly
        r0 = _pop(mine)
        h0 = _internal(mine if me == 0 else theirs)
        h1 = _internal(theirs if me == 0 else mine)
        forced = (card // 13) * 16 + card % 13
        return _two.solve_exact(h0, h1, me, r0, trump, forced, 0, r0, epoch, keys, ents, work, moves, scores, stats)
    won = _beats(card, tcard, trump)
    took = 1 if won else 0
    rem = _pop(rest)
    if rem == 0:
        return took
    winner = me if won else 1 - me
    h0 = _internal(rest if me == 0 else theirs)
    h1 = _internal(theirs if me == 0 else rest)
    future = _two.solve_exact(h0, h1, winner, rem, trump, -1, 0, rem, epoch, keys, ents, work, moves, scores,
                              stats)
    return took + (future if won else rem - future)


@njit(cache=True)
def play_worlds(theirs, aside, kept, mine, me, played_other, seats, cards, trump, gone, priors, matches, spreads,
                honours, coef, tcard, cands, values, totals, weight, epoch, keys, ents, work, moves, scores, stats):
    """Weigh and solve the worlds where the other player holds ``theirs[i]`` (and, when it did not keep
    its hand, laid ``aside[i]`` aside); adds ``weight * values[my tricks, their honours]`` per
    candidate into ``totals`` and returns (the total weight, the table's epoch after them).

    A world's weight is how likely the other's plays and exchange were in it, summed over the kinds
    of player it may be (``priors[j]``, with ``matches[j]`` for its plays and ``spreads[j]`` for its
    exchange).  World after world and candidate after candidate, in the order of the Python loop,
    so with one kind the sums are the same to the last bit."""
    other = 1 - me
    kinds = np.empty(len(priors))
    for i in range(len(theirs)):
        dealt = theirs[i] | played_other
        play_weights(dealt, other, seats, cards, trump, gone, matches, kinds)
        w = 0.0
        for j in range(len(priors)):
            if kept:
                e = keep_probability(dealt, trump, honours, spreads[j], coef)
            else:
                e = 1.0 - keep_probability(aside[i], trump, honours, spreads[j], coef)
            w += priors[j] * (kinds[j] * e)
        if w > 0:
            their_honours = _honours(dealt, trump)
            for j in range(len(cands)):
                epoch = (epoch + 1) & _two.EPOCH_MASK
                t = my_tricks(mine, theirs[i], me, tcard, trump, cands[j], epoch, keys, ents, work, moves, scores,
                              stats)
                totals[j] += w * values[t, their_honours]
            weight += w
    return weight, epoch


def warm_up() -> None:
    """Compile (or load from numba's cache) :func:`play_worlds` with the expert's argument types."""
    keys, ents = _two.new_table(4)
    one = np.array([1 << 13], dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    kind = np.ones(1)
    play_worlds(one, one, True, 1, 0, 0, none, none, 0, 0, kind, kind * 0.6, kind * 0.75, True, np.zeros(12), -1,
                np.array([0], dtype=np.int64), np.zeros((14, 5)), np.zeros(1), 0.0, 0, keys, ents,
                *_two.new_workspace())
