"""Humbug Whist for the batched environment: compiled kernels over one state row per game (numba).

The shape of :mod:`._whist`, for two players and four dealt places: each
player may keep the dealt hand or lay it aside for a widow (ids 52 keep, 53
left widow, 54 right widow; the non-dealer decides first), then the hands are
played out and scored as whist. The rules and the scoring are the engine's
(:mod:`whistdrive.games.humbug`); the tests compare every step with
:class:`whistdrive.rl.RLGame`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._random import below, session_outcomes, shuffle
from ._whist import O_HONOURS, O_LENGTH, O_TARGET, most_deals, options_array  # noqa: F401 (Whist's options)

# --- state columns ------------------------------------------------------------------------
HAND = 0  # 2: each seat's cards
PLAYED = 2  # 2: cards each seat played this deal (the current trick included)
TRICK = 4  # bits of the cards on the current trick
LEAD = 5  # the card led, -1 when no card is on the trick
LEADER = 6
TO_PLAY = 7
DEALER = 8
TRUMP = 9
TURNED = 10  # the turned-up card (the dealer's last)
DEALER_PLAYED = 11
WON = 12  # 2: tricks won this deal by each seat
TRICKS = 14
POINTS = 15  # 2: points towards the current game
GAMES = 17  # 2: games won
FIRST_GAME = 19  # the seat that won the first game, -1 before
HONOURS = 20  # 2: trump honours each seat held when the exchange ended
EXCHANGES = 22  # exchange decisions taken this deal (0, 1, 2)
TAKEN = 23  # 2: the seat that took the left, the right widow (-1: nobody)
LAID = 25  # 2: the hand each seat laid aside (0: kept its own)
WIDOW = 27  # 2: the left and the right widow as dealt
COLUMNS = 29
NUM_ACTIONS = 55

SIZE = 434  # the RL view's tensor (whistdrive.rl.humbug)
P_HAND, P_MINE, P_THEIRS, P_TRICK, P_TURNED, P_DEALER_HOLDS, P_LAID, P_OUT = 0, 52, 104, 156, 208, 260, 312, 364
S_TRUMP, S_DEALER, S_EXCHANGE, S_WIDOWS, S_TO_MOVE, S_LEADER, S_TRICKS, S_POINTS, S_GAMES = (
    416, 420, 421, 422, 426, 427, 428, 430, 432)
KEEP = 52


def shape(o) -> tuple[int, int]:
    """Seats, and the RL view's tensor size."""
    return 2, SIZE


def outcomes(row: np.ndarray, start, o) -> list[dict]:
    """The session's chance as the engine's outcomes: the first dealer, then a deck for each deal it can
    take (those it never reaches are never read)."""
    return session_outcomes(start, 2, most_deals(o))


@njit(cache=True)
def _start_deal(st, deck, rng, i):
    shuffle(rng, i, deck[i])
    places = np.zeros(4, np.int64)  # the dealer's, the left widow, the non-dealer's, the right widow
    for k in range(52):
        places[(1 + k) % 4] |= np.int64(1) << np.int64(deck[i, k])
    dealer = st[i, DEALER]
    st[i, HAND + dealer] = places[0]
    st[i, HAND + 1 - dealer] = places[2]
    st[i, WIDOW] = places[1]
    st[i, WIDOW + 1] = places[3]
    turned = np.int64(deck[i, 51])
    st[i, TURNED] = turned
    st[i, TRUMP] = turned // 13
    for c in (PLAYED, PLAYED + 1, TRICK, DEALER_PLAYED, WON, WON + 1, TRICKS, EXCHANGES, LAID, LAID + 1,
              HONOURS, HONOURS + 1):
        st[i, c] = 0
    st[i, LEAD] = -1
    st[i, TAKEN] = -1
    st[i, TAKEN + 1] = -1
    st[i, LEADER] = 1 - dealer
    st[i, TO_PLAY] = 1 - dealer


@njit(cache=True)
def _new_session(st, deck, rng, start, i):
    start[i] = rng[i]
    st[i, DEALER] = below(rng, i, 2)
    for c in range(POINTS, FIRST_GAME):
        st[i, c] = 0
    st[i, FIRST_GAME] = -1
    _start_deal(st, deck, rng, i)


@njit(cache=True)
def _legal(st, i):
    """Legal ids as bits: the exchange's (52-54) while it lasts, else the cards."""
    if st[i, EXCHANGES] < 2:
        bits = np.int64(1) << np.int64(KEEP)
        for w in range(2):
            if st[i, TAKEN + w] < 0:
                bits |= np.int64(1) << np.int64(KEEP + 1 + w)
        return bits
    hand = st[i, HAND + st[i, TO_PLAY]]
    lead = st[i, LEAD]
    if lead < 0:
        return hand
    same = hand & (np.int64(8191) << np.int64(13 * (lead // 13)))
    return same if same else hand


@njit(cache=True)
def _exchange(st, i, action):
    s = st[i, TO_PLAY]
    if action > KEEP:
        w = action - KEEP - 1
        st[i, LAID + s] = st[i, HAND + s]
        st[i, HAND + s] = st[i, WIDOW + w]
        st[i, TAKEN + w] = s
    st[i, EXCHANGES] += 1
    if st[i, EXCHANGES] == 1:
        st[i, TO_PLAY] = st[i, DEALER]
        return
    st[i, TO_PLAY] = st[i, LEADER]
    trump = st[i, TRUMP]
    for p in range(2):
        for r in range(9, 13):  # J Q K A of trumps
            st[i, HONOURS + p] += (st[i, HAND + p] >> (13 * trump + r)) & 1


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
def _winner(st, i, opt):
    length = opt[O_LENGTH]
    if length == 2:
        return 0 if st[i, WON] > st[i, WON + 1] else 1
    if length == 1:
        return st[i, FIRST_GAME]
    return 0 if st[i, GAMES] == 2 else 1


@njit(cache=True)
def _play(st, deck, rng, i, action, opt):
    """Apply a legal action of the seat to act; returns True when it ends the session."""
    if st[i, EXCHANGES] < 2:
        _exchange(st, i, action)
        return False
    s = st[i, TO_PLAY]
    bit = np.int64(1) << action
    st[i, HAND + s] &= ~bit
    st[i, PLAYED + s] |= bit
    if s == st[i, DEALER]:
        st[i, DEALER_PLAYED] = 1
    lead = st[i, LEAD]
    if lead < 0:
        st[i, LEAD] = action
        st[i, TRICK] = bit
        st[i, TO_PLAY] = 1 - s
        return False
    if action // 13 == lead // 13:
        wins = action > lead
    else:
        wins = action // 13 == st[i, TRUMP]
    winner = s if wins else 1 - s
    st[i, TRICK] = 0
    st[i, LEAD] = -1
    st[i, LEADER] = winner
    st[i, TO_PLAY] = winner
    st[i, WON + winner] += 1
    st[i, TRICKS] += 1
    if st[i, TRICKS] < 13:
        return False
    if _score_deal(st, i, opt):
        return True
    st[i, DEALER] = 1 - st[i, DEALER]
    _start_deal(st, deck, rng, i)
    return False


@njit(cache=True)
def _encode(st, i, me, out):
    """Seat ``me``'s tensor, as whistdrive.rl's Humbug Whist view builds it from the observation."""
    other = 1 - me
    dealer = st[i, DEALER]
    turned = st[i, TURNED]
    # where the turned-up card is: laid aside with the dealer's hand, played, held after the dealer played, showing
    out_of_deal = st[i, LAID + dealer] != 0
    played = not out_of_deal and not (st[i, HAND + dealer] >> turned) & 1
    showing = not out_of_deal and not played and st[i, DEALER_PLAYED] == 0 and st[i, TRICKS] == 0
    hand = st[i, HAND + me]
    mine = st[i, PLAYED + me]
    theirs = st[i, PLAYED + other]
    trick = st[i, TRICK]
    laid = st[i, LAID + me]
    gone = laid | ((np.int64(1) << turned) if out_of_deal else np.int64(0))
    for c in range(52):
        out[P_HAND + c] = (hand >> c) & 1
        out[P_MINE + c] = (mine >> c) & 1
        out[P_THEIRS + c] = (theirs >> c) & 1
        out[P_TRICK + c] = (trick >> c) & 1
        out[P_TURNED + c] = 0.0
        out[P_DEALER_HOLDS + c] = 0.0
        out[P_LAID + c] = (laid >> c) & 1
        out[P_OUT + c] = (gone >> c) & 1
    if showing:
        out[P_TURNED + turned] = 1.0
    if me != dealer and not out_of_deal and not played:
        out[P_DEALER_HOLDS + turned] = 1.0
    for k in range(S_TRUMP, SIZE):
        out[k] = 0.0
    out[S_TRUMP + st[i, TRUMP]] = 1.0
    out[S_DEALER] = dealer == me
    out[S_EXCHANGE] = st[i, EXCHANGES] < 2
    for w in range(2):
        taker = st[i, TAKEN + w]
        if taker >= 0:
            out[S_WIDOWS + 2 * w + (0 if taker == me else 1)] = 1.0
    out[S_TO_MOVE] = st[i, TO_PLAY] == me
    out[S_LEADER] = st[i, LEADER] == me
    out[S_TRICKS] = np.float32(st[i, WON + me] / 13)
    out[S_TRICKS + 1] = np.float32(st[i, WON + other] / 13)
    out[S_POINTS] = st[i, POINTS + me]
    out[S_POINTS + 1] = st[i, POINTS + other]
    out[S_GAMES] = st[i, GAMES + me]
    out[S_GAMES + 1] = st[i, GAMES + other]


@njit(cache=True)
def _show(st, i, obs, mask, seat):
    s = st[i, TO_PLAY]
    seat[i] = s
    _encode(st, i, s, obs[i])
    legal = _legal(st, i)
    for c in range(NUM_ACTIONS):
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
        if a < 0 or a >= NUM_ACTIONS or not (_legal(st, i) >> a) & 1:
            return i
    return -1


@njit(cache=True)
def step(st, deck, rng, start, opt, actions, obs, mask, seat, rewards, done):
    """Play each game's action (all checked legal); a session that ends pays its returns and starts anew."""
    for i in range(st.shape[0]):
        over = _play(st, deck, rng, i, actions[i], opt)
        done[i] = over
        if over:
            w = _winner(st, i, opt)
            rewards[i, w] = 1.0
            rewards[i, 1 - w] = -1.0
            _new_session(st, deck, rng, start, i)
        else:
            rewards[i, 0] = 0.0
            rewards[i, 1] = 0.0
        _show(st, i, obs, mask, seat)


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
