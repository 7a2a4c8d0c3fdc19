"""Knock-out Whist for the batched environment: compiled kernels over one state row per game (numba).

2-7 seats (``players``); seven deals at most, 7 cards a hand down to 1; a seat
that wins no trick in a deal is out; the dealer of the next deal is the seat
that won most tricks, ties broken by drawing cards (ranks only, again while the
top rank ties); after the first deal the dealer names trumps (ids 52-55). The
rules are the engine's (:mod:`whistdrive.games.knockout`); the tests compare
every step with :class:`whistdrive.rl.RLGame`.

Chance comes from the game's own generator, in the engine's order: the first
dealer, a deck at each deal, a draw (a fresh shuffle, one card per tied seat)
at each tie-break round. The tied seats of each round are logged in the
game's row (pairs of deal number and seats as bits, from column ``LOG``) so
that :func:`outcomes` can give the engine the same outcomes.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._random import below, shuffle

HAND = 0  # 7: each seat's cards
WON = 7  # 7: tricks won this deal by each seat
PLAYED = 14  # 7: cards each seat played this deal (the current trick included)
TRICK = 21  # bits of the cards on the current trick
ON_TRICK = 22
LEAD = 23
BEST = 24
BEST_SEAT = 25
LEADER = 26
TO_PLAY = 27
DEALER = 28
TRUMP = 29  # -1 while the dealer chooses
TRUMP_CARD = 30  # the face-up card of the first deal, -1 after it
DEAL = 31  # the deal being played, 1-7
ACTIVE = 32  # the seats still in, as bits
VOIDS = 33  # bits 4 * seat + suit: the seat did not follow that suit this deal
WINNER = 34  # -1 until one seat is left
TIES = 35  # tie-break rounds this session
LOG = 36  # 2 columns a round: the deal it followed, the tied seats as bits
MAX_TIES = 64  # rounds a game can log (more are played, not logged: the game can then not be replayed)
COLUMNS = LOG + 2 * MAX_TIES
NUM_ACTIONS = 56
O_PLAYERS = 0


def options_array(o) -> np.ndarray:
    return np.array([o.players], np.int64)


def shape(o) -> tuple[int, int]:
    """Seats, and the RL view's tensor size for them (whistdrive.rl.knockout)."""
    n = o.players
    return n, 52 * (n + 3) + 13 + 8 * n


@njit(cache=True)
def _next_active(st, i, s, n):
    """The next seat clockwise after ``s`` that is still in."""
    active = st[i, ACTIVE]
    for k in range(1, n + 1):
        t = (s + k) % n
        if (active >> t) & 1:
            return t
    return s


@njit(cache=True)
def _count_active(st, i, n):
    c = 0
    for s in range(n):
        c += (st[i, ACTIVE] >> s) & 1
    return c


@njit(cache=True)
def _start_deal(st, deck, rng, i, n):
    shuffle(rng, i, deck[i])
    size = 8 - st[i, DEAL]
    dealer = st[i, DEALER]
    m = _count_active(st, i, n)
    for s in range(7):
        st[i, HAND + s] = 0
        st[i, WON + s] = 0
        st[i, PLAYED + s] = 0
    s = dealer
    for k in range(m * size):
        s = _next_active(st, i, s, n)
        st[i, HAND + s] |= np.int64(1) << np.int64(deck[i, k])
    st[i, TRICK] = 0
    st[i, ON_TRICK] = 0
    st[i, VOIDS] = 0
    if st[i, DEAL] == 1:
        card = np.int64(deck[i, m * size])
        st[i, TRUMP_CARD] = card
        st[i, TRUMP] = card // 13
        first = _next_active(st, i, dealer, n)
        st[i, LEADER] = first
        st[i, TO_PLAY] = first
    else:
        st[i, TRUMP_CARD] = -1
        st[i, TRUMP] = -1
        st[i, LEADER] = dealer
        st[i, TO_PLAY] = dealer


@njit(cache=True)
def _new_session(st, deck, rng, start, i, n):
    start[i] = rng[i]
    st[i, ACTIVE] = (1 << n) - 1
    st[i, DEAL] = 1
    st[i, WINNER] = -1
    st[i, TIES] = 0
    st[i, DEALER] = below(rng, i, n)
    _start_deal(st, deck, rng, i, n)


@njit(cache=True)
def _legal(st, i):
    if st[i, TRUMP] < 0:
        return np.int64(15) << np.int64(52)
    hand = st[i, HAND + st[i, TO_PLAY]]
    if st[i, ON_TRICK] == 0:
        return hand
    same = hand & (np.int64(8191) << np.int64(13 * (st[i, LEAD] // 13)))
    return same if same else hand


@njit(cache=True)
def _draw_for_dealer(st, rng, i, n, tied, draw):
    """Tied seats (bits) draw from fresh packs until one holds the single highest rank."""
    while True:
        count = 0
        for s in range(n):
            count += (tied >> s) & 1
        if count == 1:
            for s in range(n):
                if (tied >> s) & 1:
                    return s
        k = st[i, TIES]
        if k < MAX_TIES:
            st[i, LOG + 2 * k] = st[i, DEAL]
            st[i, LOG + 2 * k + 1] = tied
        st[i, TIES] = k + 1
        shuffle(rng, i, draw)
        top = -1
        j = 0
        ranks = np.zeros(7, np.int64)
        for s in range(n):
            if (tied >> s) & 1:
                ranks[s] = draw[j] % 13
                top = max(top, ranks[s])
                j += 1
        kept = 0
        for s in range(n):
            if (tied >> s) & 1 and ranks[s] == top:
                kept |= 1 << s
        tied = kept


@njit(cache=True)
def _finish_deal(st, deck, rng, i, n, draw):
    """Knock out the seats without a trick; returns True when one seat is left (the winner)."""
    best = 0
    for s in range(n):
        if (st[i, ACTIVE] >> s) & 1:
            if st[i, WON + s] == 0:
                st[i, ACTIVE] &= ~(1 << s)
            best = max(best, st[i, WON + s])
    if _count_active(st, i, n) == 1:
        for s in range(n):
            if (st[i, ACTIVE] >> s) & 1:
                st[i, WINNER] = s
        return True
    tied = 0
    for s in range(n):
        if (st[i, ACTIVE] >> s) & 1 and st[i, WON + s] == best:
            tied |= 1 << s
    st[i, DEALER] = _draw_for_dealer(st, rng, i, n, tied, draw)
    st[i, DEAL] += 1
    _start_deal(st, deck, rng, i, n)
    return False


@njit(cache=True)
def _play(st, deck, rng, i, action, n, draw):
    """Apply a legal action of the seat to act; returns True when it ends the game."""
    s = st[i, TO_PLAY]
    if st[i, TRUMP] < 0:
        st[i, TRUMP] = action - 52
        return False
    bit = np.int64(1) << action
    st[i, HAND + s] &= ~bit
    st[i, PLAYED + s] |= bit
    st[i, TRICK] |= bit
    k = st[i, ON_TRICK]
    if k == 0:
        st[i, LEAD] = action
        st[i, BEST] = action
        st[i, BEST_SEAT] = s
    else:
        led = st[i, LEAD] // 13
        if action // 13 != led:
            st[i, VOIDS] |= np.int64(1) << np.int64(4 * s + led)
        best = st[i, BEST]
        if (action > best) if action // 13 == best // 13 else action // 13 == st[i, TRUMP]:
            st[i, BEST] = action
            st[i, BEST_SEAT] = s
    st[i, ON_TRICK] = k + 1
    if k + 1 < _count_active(st, i, n):
        st[i, TO_PLAY] = _next_active(st, i, s, n)
        return False
    winner = st[i, BEST_SEAT]
    st[i, WON + winner] += 1
    st[i, TRICK] = 0
    st[i, ON_TRICK] = 0
    st[i, LEADER] = winner
    st[i, TO_PLAY] = winner
    if st[i, HAND + winner] != 0:
        return False
    return _finish_deal(st, deck, rng, i, n, draw)


@njit(cache=True)
def _plane(out, at, cards):
    """One card plane from bits; a loop of its own, so that the compiler can vectorise it (the planes'
    offsets depend on the number of seats: writes to several planes in one loop might overlap)."""
    for c in range(52):
        out[at + c] = (cards >> c) & 1


@njit(cache=True)
def _encode(st, i, me, n, out):
    """Seat ``me``'s tensor, as whistdrive.rl's Knock-out Whist view builds it from the observation."""
    p_card = 52 * (n + 2)
    _plane(out, 0, st[i, HAND + me])
    for r in range(n):
        _plane(out, 52 * (1 + r), st[i, PLAYED + (me + r) % n])
    _plane(out, 52 * (n + 1), st[i, TRICK])
    _plane(out, p_card, 0)
    if st[i, TRUMP_CARD] >= 0:
        out[p_card + st[i, TRUMP_CARD]] = 1.0
    s_trump = 52 * (n + 3)
    for k in range(s_trump, s_trump + 13 + 8 * n):
        out[k] = 0.0
    if st[i, TRUMP] >= 0:
        out[s_trump + st[i, TRUMP]] = 1.0
    out[s_trump + 4] = st[i, TRUMP] < 0
    out[s_trump + 5] = st[i, TO_PLAY] == me
    out[s_trump + 6 + min(st[i, DEAL], 7) - 1] = 1.0
    s_active = s_trump + 13
    s_dealer = s_active + n
    s_leader = s_dealer + n
    s_won = s_leader + n
    s_voids = s_won + n
    for s in range(n):
        r = (s - me) % n
        if (st[i, ACTIVE] >> s) & 1:
            out[s_active + r] = 1.0
            out[s_won + r] = np.float32(st[i, WON + s] / 7)
        for suit in range(4):
            out[s_voids + 4 * r + suit] = (st[i, VOIDS] >> (4 * s + suit)) & 1
    out[s_dealer + (st[i, DEALER] - me) % n] = 1.0
    out[s_leader + (st[i, LEADER] - me) % n] = 1.0


@njit(cache=True)
def _show(st, i, n, obs, mask, seat):
    s = st[i, TO_PLAY]
    seat[i] = s
    _encode(st, i, s, n, obs[i])
    legal = _legal(st, i)
    for c in range(NUM_ACTIONS):
        mask[i, c] = (legal >> c) & 1


@njit(cache=True)
def reset(st, deck, rng, start, opt, obs, mask, seat):
    """Start a new game in every row."""
    n = opt[O_PLAYERS]
    for i in range(st.shape[0]):
        _new_session(st, deck, rng, start, i, n)
        _show(st, i, n, obs, mask, seat)


@njit(cache=True)
def first_illegal(st, actions):
    """The first game whose action is not legal now, or -1: checked before any game moves."""
    for i in range(st.shape[0]):
        a = actions[i]
        if a < 0 or a >= NUM_ACTIONS or not (_legal(st, i) >> a) & 1:
            return i
    return -1


@njit(cache=True)
def step(st, deck, rng, start, opt, actions, obs, mask, seat, rewards, done):
    """Play each game's action (all checked legal); a game that ends pays its returns and starts anew."""
    n = opt[O_PLAYERS]
    draw = np.empty(52, np.int8)
    for i in range(st.shape[0]):
        over = _play(st, deck, rng, i, actions[i], n, draw)
        done[i] = over
        if over:
            w = st[i, WINNER]
            for s in range(n):
                rewards[i, s] = 1.0 if s == w else -1.0 / (n - 1)
            _new_session(st, deck, rng, start, i, n)
        else:
            for s in range(n):
                rewards[i, s] = 0.0
        _show(st, i, n, obs, mask, seat)


@njit(cache=True)
def sample(st, rng, actions):
    """A uniformly random legal action for each game, from ``rng`` (one generator per game)."""
    for i in range(st.shape[0]):
        legal = _legal(st, i)
        count = 0
        for c in range(NUM_ACTIONS):
            count += (legal >> c) & 1
        k = below(rng, i, count)
        for c in range(NUM_ACTIONS):
            if (legal >> c) & 1:
                if k == 0:
                    actions[i] = c
                    break
                k -= 1


@njit(cache=True)
def _replay(start, n, row, shuffles):
    """Re-run a game's draws from the generator state ``start``: the first dealer (returned), then each
    deck and each tie-break pack in the order drawn (rows of ``shuffles``)."""
    rng = np.empty(1, np.uint64)
    rng[0] = start
    dealer = below(rng, 0, n)
    k = 0
    j = 0
    for d in range(1, row[DEAL] + 1):
        shuffle(rng, 0, shuffles[j])
        j += 1
        while k < row[TIES] and row[LOG + 2 * k] == d:
            shuffle(rng, 0, shuffles[j])
            j += 1
            k += 1
    return dealer


def outcomes(row: np.ndarray, start, o) -> list[dict]:
    """The game's chance so far as the engine's outcomes: the first dealer, each deck, each draw."""
    from ..cards import DECK

    if row[TIES] > MAX_TIES:
        raise ValueError(f"this game broke {row[TIES]} ties, more than the {MAX_TIES} its row logs")
    n = o.players
    shuffles = np.zeros((row[DEAL] + row[TIES], 52), np.int8)
    out = [{"type": "dealer", "seat": int(_replay(start, n, row, shuffles))}]
    j = k = 0
    for d in range(1, row[DEAL] + 1):
        out.append({"type": "deck", "cards": [str(DECK[c]) for c in shuffles[j]]})
        j += 1
        while k < row[TIES] and row[LOG + 2 * k] == d:
            seats = [s for s in range(n) if row[LOG + 2 * k + 1] >> s & 1]
            out.append({"type": "draw", "seats": seats, "cards": [str(DECK[c]) for c in shuffles[j][:len(seats)]]})
            j += 1
            k += 1
    return out
