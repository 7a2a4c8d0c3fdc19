"""Whist for the batched environment: compiled kernels over one state row per game (numba).

The same shape as :mod:`._german`: int64 columns per game, the deal's deck in
``deck[game]``, drawn at each deal from the game's own generator. The rules and
the scoring (tricks over book, honours, games to the target, the rubber) are
the engine's (:mod:`whistdrive.games.whist`, :mod:`whistdrive.games.whist_scoring`);
the tests compare every step with :class:`whistdrive.rl.RLGame`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._random import below, session_outcomes, shuffle

# --- state columns (seats 0-3 are N, E, S, W; side 0 is N-S) ----------------------------
HAND = 0  # 4: each seat's cards
PLAYED = 4  # 4: cards each seat played this deal (the current trick included)
TRICK = 8  # bits of the cards on the current trick
ON_TRICK = 9  # cards on the current trick
LEAD = 10  # the card led (valid when ON_TRICK > 0)
BEST = 11  # the card winning the trick so far
BEST_SEAT = 12
LEADER = 13
TO_PLAY = 14
DEALER = 15
TRUMP = 16
TURNED = 17  # the dealer's turned-up card
DEALER_PLAYED = 18  # 1 once the dealer has played this deal (the turned-up card no longer shows)
VOIDS = 19  # bits 4 * seat + suit: the seat did not follow that suit this deal
WON = 20  # 2: tricks won this deal by each side
TRICKS = 22  # tricks completed this deal
POINTS = 23  # 2: points towards the current game, by side
GAMES = 25  # 2: games won, by side
FIRST_GAME = 27  # the side that won the first game, -1 before
HONOURS = 28  # 2: trump honours (A K Q J) each side was dealt
COLUMNS = 30
NUM_ACTIONS = 52

O_TARGET, O_HONOURS, O_LENGTH = range(3)
LENGTHS = ("rubber", "game", "deal")

SIZE = 451  # the RL view's tensor (whistdrive.rl.whist)
P_HAND, P_PLAYED, P_TRICK, P_TURNED, P_DEALER_HOLDS = 0, 52, 260, 312, 364
S_TRUMP, S_DEALER, S_LEADER, S_TO_MOVE, S_TRICKS, S_VOIDS, S_POINTS, S_GAMES = 416, 420, 424, 428, 429, 431, 447, 449


def options_array(o) -> np.ndarray:
    """The engine's WhistOptions as the kernels read them (the rubber bonus changes no tensor nor winner)."""
    return np.array([o.target, o.honours, LENGTHS.index(o.length)], np.int64)


def shape(o) -> tuple[int, int]:
    """Seats, and the RL view's tensor size."""
    return 4, SIZE


def outcomes(row: np.ndarray, start, o) -> list[dict]:
    """The session's chance as the engine's outcomes: the first dealer, then a deck for each deal it can
    take (those it never reaches are never read)."""
    return session_outcomes(start, 4, most_deals(o))


def most_deals(o) -> int:
    """The most deals a session can take: every deal gives a side a point, a rubber is at most three games."""
    return {"deal": 1, "game": 2 * o.target - 1}.get(o.length, 3 * (2 * o.target - 1))


@njit(cache=True)
def _start_deal(st, deck, rng, i):
    shuffle(rng, i, deck[i])
    dealer = st[i, DEALER]
    for s in range(4):
        st[i, HAND + s] = 0
        st[i, PLAYED + s] = 0
    for k in range(52):
        s = (dealer + 1 + k) % 4
        st[i, HAND + s] |= np.int64(1) << np.int64(deck[i, k])
    turned = np.int64(deck[i, 51])
    trump = turned // 13
    st[i, TURNED] = turned
    st[i, TRUMP] = trump
    for side in range(2):
        st[i, HONOURS + side] = 0
    for s in range(4):
        for r in range(9, 13):  # J Q K A
            st[i, HONOURS + s % 2] += (st[i, HAND + s] >> (13 * trump + r)) & 1
    st[i, TRICK] = 0
    st[i, ON_TRICK] = 0
    st[i, LEADER] = (dealer + 1) % 4
    st[i, TO_PLAY] = (dealer + 1) % 4
    st[i, DEALER_PLAYED] = 0
    st[i, VOIDS] = 0
    st[i, WON] = 0
    st[i, WON + 1] = 0
    st[i, TRICKS] = 0


@njit(cache=True)
def _new_session(st, deck, rng, start, i):
    start[i] = rng[i]
    st[i, DEALER] = below(rng, i, 4)
    for c in range(POINTS, FIRST_GAME):
        st[i, c] = 0
    st[i, FIRST_GAME] = -1
    _start_deal(st, deck, rng, i)


@njit(cache=True)
def _legal(st, i):
    hand = st[i, HAND + st[i, TO_PLAY]]
    if st[i, ON_TRICK] == 0:
        return hand
    same = hand & (np.int64(8191) << np.int64(13 * (st[i, LEAD] // 13)))
    return same if same else hand


@njit(cache=True)
def _score_deal(st, i, opt):
    """Score the deal as whist_scoring.score_deal does; returns True when the session is over."""
    target = opt[O_TARGET]
    a = st[i, POINTS]
    b = st[i, POINTS + 1]
    pa = max(st[i, WON] - 6, 0)
    pb = max(st[i, WON + 1] - 6, 0)
    if opt[O_HONOURS] and a + pa < target and b + pb < target:
        ha = st[i, HONOURS]
        hb = st[i, HONOURS + 1]
        if a != target - 1:
            pa += 4 if ha == 4 else (2 if ha == 3 else 0)
        if b != target - 1:
            pb += 4 if hb == 4 else (2 if hb == 3 else 0)
    a += pa
    b += pb
    winner = 0 if a >= target else (1 if b >= target else -1)
    if winner >= 0:
        st[i, GAMES + winner] += 1
        if st[i, FIRST_GAME] < 0:
            st[i, FIRST_GAME] = winner
        a = 0
        b = 0
    st[i, POINTS] = a
    st[i, POINTS + 1] = b
    length = opt[O_LENGTH]
    if length == 2:
        return True
    if length == 1:
        return winner >= 0
    return st[i, GAMES] == 2 or st[i, GAMES + 1] == 2


@njit(cache=True)
def _winning_side(st, i, opt):
    length = opt[O_LENGTH]
    if length == 2:
        return 0 if st[i, WON] > st[i, WON + 1] else 1
    if length == 1:
        return st[i, FIRST_GAME]
    return 0 if st[i, GAMES] == 2 else 1


@njit(cache=True)
def _play(st, deck, rng, i, card, opt):
    """Play a legal card for the seat to act; returns True when it ends the session."""
    s = st[i, TO_PLAY]
    bit = np.int64(1) << card
    st[i, HAND + s] &= ~bit
    st[i, PLAYED + s] |= bit
    st[i, TRICK] |= bit
    if s == st[i, DEALER]:
        st[i, DEALER_PLAYED] = 1
    n = st[i, ON_TRICK]
    if n == 0:
        st[i, LEAD] = card
        st[i, BEST] = card
        st[i, BEST_SEAT] = s
    else:
        led = st[i, LEAD] // 13
        if card // 13 != led:
            st[i, VOIDS] |= np.int64(1) << np.int64(4 * s + led)
        best = st[i, BEST]
        if (card > best) if card // 13 == best // 13 else card // 13 == st[i, TRUMP]:
            st[i, BEST] = card
            st[i, BEST_SEAT] = s
    st[i, ON_TRICK] = n + 1
    if n < 3:
        st[i, TO_PLAY] = (s + 1) % 4
        return False
    winner = st[i, BEST_SEAT]
    st[i, WON + winner % 2] += 1
    st[i, TRICK] = 0
    st[i, ON_TRICK] = 0
    st[i, LEADER] = winner
    st[i, TO_PLAY] = winner
    st[i, TRICKS] += 1
    if st[i, TRICKS] < 13:
        return False
    if _score_deal(st, i, opt):
        return True
    st[i, DEALER] = (st[i, DEALER] + 1) % 4
    _start_deal(st, deck, rng, i)
    return False


@njit(cache=True)
def _encode(st, i, me, out):
    """Seat ``me``'s tensor, as whistdrive.rl's Whist view builds it from the observation."""
    hand = st[i, HAND + me]
    trick = st[i, TRICK]
    for c in range(52):
        out[P_HAND + c] = (hand >> c) & 1
        out[P_TRICK + c] = (trick >> c) & 1
        out[P_TURNED + c] = 0.0
        out[P_DEALER_HOLDS + c] = 0.0
    for r in range(4):
        played = st[i, PLAYED + (me + r) % 4]
        for c in range(52):
            out[P_PLAYED + 52 * r + c] = (played >> c) & 1
    dealer = st[i, DEALER]
    turned = st[i, TURNED]
    if st[i, TRICKS] == 0 and st[i, DEALER_PLAYED] == 0:
        out[P_TURNED + turned] = 1.0
    if me != dealer and (st[i, HAND + dealer] >> turned) & 1:
        out[P_DEALER_HOLDS + turned] = 1.0
    for k in range(S_TRUMP, SIZE):
        out[k] = 0.0
    out[S_TRUMP + st[i, TRUMP]] = 1.0
    out[S_DEALER + (dealer - me) % 4] = 1.0
    out[S_LEADER + (st[i, LEADER] - me) % 4] = 1.0
    out[S_TO_MOVE] = st[i, TO_PLAY] == me
    side = me % 2
    out[S_TRICKS] = np.float32(st[i, WON + side] / 13)
    out[S_TRICKS + 1] = np.float32(st[i, WON + 1 - side] / 13)
    voids = st[i, VOIDS]
    for s in range(4):
        for suit in range(4):
            out[S_VOIDS + 4 * ((s - me) % 4) + suit] = (voids >> (4 * s + suit)) & 1
    out[S_POINTS] = st[i, POINTS + side]
    out[S_POINTS + 1] = st[i, POINTS + 1 - side]
    out[S_GAMES] = st[i, GAMES + side]
    out[S_GAMES + 1] = st[i, GAMES + 1 - side]


@njit(cache=True)
def _show(st, i, obs, mask, seat):
    s = st[i, TO_PLAY]
    seat[i] = s
    _encode(st, i, s, obs[i])
    legal = _legal(st, i)
    for c in range(52):
        mask[i, c] = (legal >> c) & 1


@njit(cache=True)
def reset(st, deck, rng, start, opt, obs, mask, seat):
    """Start a new session in every game."""
    for i in range(st.shape[0]):
        _new_session(st, deck, rng, start, i)
        _show(st, i, obs, mask, seat)


@njit(cache=True)
def first_illegal(st, actions):
    """The first game whose action is not legal now, or -1: checked before any game moves."""
    for i in range(st.shape[0]):
        a = actions[i]
        if a < 0 or a >= 52 or not (_legal(st, i) >> a) & 1:
            return i
    return -1


@njit(cache=True)
def step(st, deck, rng, start, opt, actions, obs, mask, seat, rewards, done):
    """Play each game's action (all checked legal); a session that ends pays its returns and starts anew."""
    for i in range(st.shape[0]):
        over = _play(st, deck, rng, i, actions[i], opt)
        done[i] = over
        if over:
            side = _winning_side(st, i, opt)
            for s in range(4):
                rewards[i, s] = 1.0 if s % 2 == side else -1.0
            _new_session(st, deck, rng, start, i)
        else:
            for s in range(4):
                rewards[i, s] = 0.0
        _show(st, i, obs, mask, seat)


@njit(cache=True)
def sample(st, rng, actions):
    """A uniformly random legal action for each game, from ``rng`` (one generator per game)."""
    for i in range(st.shape[0]):
        legal = _legal(st, i)
        count = 0
        for c in range(52):
            count += (legal >> c) & 1
        k = below(rng, i, count)
        for c in range(52):
            if (legal >> c) & 1:
                if k == 0:
                    actions[i] = c
                    break
                k -= 1
