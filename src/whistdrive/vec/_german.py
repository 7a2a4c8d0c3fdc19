"""German Whist for the batched environment: compiled kernels over one state row per game (numba).

Each game is a row of int64 columns (below) and the deck of its deal
(``deck[game]``, top first, as the engine's chance outcomes give it), drawn
from the game's own generator (:mod:`._random`): a session draws its first
dealer, then a deck at each deal, from the generator state kept in
``start[game]``, so :func:`._random.replay` can tell the engine what was drawn. The rules are the engine's
(:mod:`whistdrive.games.german`): the tests replay every batched game through
:class:`whistdrive.rl.RLGame` and compare tensors, masks and returns at every step.

Why this shape: every kernel takes the same int64/int8/uint64/float32 arrays,
so each has one specialisation (numba's on-disk cache is then safe, see the
cold/warm cache test); no recursion. The loop over games is compiled and runs on one thread: a
fork-join of threads at every step waits for the slowest core, which on a shared machine costs
more than it gains, so use one process per core (benchmarks/bench_vec.py --workers).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._random import below, session_outcomes, shuffle

# --- state columns -----------------------------------------------------------------
HAND = 0  # 2 columns: each seat's cards, bit = card index
PLAYED = 2  # 2: cards each seat played this deal (the current trick included)
PRIZES = 4  # 2: prizes each seat took from the stock this deal
TRICK = 6  # bits of the cards on the current trick
LEAD = 7  # the card led to the current trick, -1 when no card is on it
LEADER = 8  # the seat leading the current trick (the last trick's winner)
TO_PLAY = 9
TRICKS = 10  # tricks completed this deal, 0..26
STOCK = 11  # cards taken from the stock this deal (the face-up prize is deck[i, 26 + STOCK])
WON1 = 12  # 2: stage-1 tricks won by each seat
WON2 = 14  # 2: stage-2 tricks won
POINTS = 16  # 2: session points
DEAL = 18  # deals finished in the session
DEALER = 19
TRUMP = 20
LOW = 21  # 1 when fewest tricks win (high-low variant, black trump)
FOLLOW = 22  # 1 when a follower must follow suit now
COLUMNS = 23
NUM_ACTIONS = 52

# --- options, one int64 each ----------------------------------------------------------
O_FOLLOW1, O_ALL26, O_SCORING, O_HIGH_LOW, O_DEALS = range(5)
SCORINGS = ("game", "difference", "over_book")


def options_array(o) -> np.ndarray:
    """The engine's GermanWhistOptions as the kernels read them."""
    return np.array([o.follow_suit_stage1, o.count == "all26", SCORINGS.index(o.scoring), o.high_low, o.deals],
                    np.int64)


def shape(o) -> tuple[int, int]:
    """Seats, and the RL view's tensor size."""
    return 2, SIZE


def outcomes(row: np.ndarray, start, o) -> list[dict]:
    """The session's chance as the engine's outcomes: the first dealer, then a deck for each deal it can
    take (those it never reaches are never read)."""
    return session_outcomes(start, 2, most_deals(o))


def most_deals(o) -> int:
    """The most deals a session can take."""
    return o.deals

SIZE = 328  # the RL view's tensor (whistdrive.rl.german): six card planes, then scalars
P_HAND, P_KNOWN, P_PRIZE, P_MINE, P_THEIRS, P_TRICK = 0, 52, 104, 156, 208, 260
S_TRUMP, S_STAGE2, S_LOW, S_TO_MOVE, S_LEADER, S_STOCK = 312, 316, 317, 318, 319, 320
S_TRICKS1, S_TRICKS2, S_POINTS, S_DEALS_LEFT = 321, 323, 325, 327

@njit(cache=True)
def _start_deal(st, deck, rng, i, opt):
    shuffle(rng, i, deck[i])
    deck = deck[i]
    first = 1 - st[i, DEALER]
    h0 = np.int64(0)
    h1 = np.int64(0)
    for k in range(26):
        if (first + k) % 2 == 0:
            h0 |= np.int64(1) << np.int64(deck[k])
        else:
            h1 |= np.int64(1) << np.int64(deck[k])
    st[i, HAND] = h0
    st[i, HAND + 1] = h1
    for c in range(PLAYED, WON2 + 2):
        st[i, c] = 0
    st[i, LEAD] = -1
    st[i, LEADER] = first
    st[i, TO_PLAY] = first
    trump = np.int64(deck[26]) // 13
    st[i, TRUMP] = trump
    st[i, LOW] = 1 if opt[O_HIGH_LOW] and (trump == 0 or trump == 3) else 0
    st[i, FOLLOW] = opt[O_FOLLOW1]


@njit(cache=True)
def _new_session(st, deck, rng, start, i, opt):
    """Keep the generator's state (for replay), draw the first dealer, deal the first deal."""
    start[i] = rng[i]
    st[i, DEALER] = below(rng, i, 2)
    st[i, POINTS] = 0
    st[i, POINTS + 1] = 0
    st[i, DEAL] = 0
    _start_deal(st, deck, rng, i, opt)


@njit(cache=True)
def _legal(st, i):
    hand = st[i, HAND + st[i, TO_PLAY]]
    lead = st[i, LEAD]
    if lead < 0 or st[i, FOLLOW] == 0:
        return hand
    same = hand & (np.int64(8191) << np.int64(13 * (lead // 13)))
    return same if same else hand


@njit(cache=True)
def _finish_deal(st, i, opt):
    """Score the deal; returns True when the session is over (else the next deal is due)."""
    a = st[i, WON2]
    b = st[i, WON2 + 1]
    if opt[O_ALL26]:
        a += st[i, WON1]
        b += st[i, WON1 + 1]
    if a != b:
        more = 0 if a > b else 1
        winner = 1 - more if st[i, LOW] else more
        if opt[O_SCORING] == 0:
            points = 1
        elif opt[O_SCORING] == 1:
            points = abs(a - b)
        else:
            points = max(a, b) - (13 if opt[O_ALL26] else 6)
        st[i, POINTS + winner] += points
    st[i, DEAL] += 1
    return st[i, DEAL] == opt[O_DEALS]


@njit(cache=True)
def _play(st, deck, rng, i, card, opt):
    """Play a legal card for the seat to act; returns True when it ends the session."""
    s = st[i, TO_PLAY]
    bit = np.int64(1) << card
    st[i, HAND + s] &= ~bit
    st[i, PLAYED + s] |= bit
    lead = st[i, LEAD]
    if lead < 0:
        st[i, LEAD] = card
        st[i, TRICK] = bit
        st[i, TO_PLAY] = 1 - s
        return False
    if card // 13 == lead // 13:
        wins = card > lead
    else:
        wins = card // 13 == st[i, TRUMP]
    winner = s if wins else 1 - s
    st[i, TRICK] = 0
    st[i, LEAD] = -1
    st[i, LEADER] = winner
    st[i, TO_PLAY] = winner
    n = st[i, TRICKS] + 1
    st[i, TRICKS] = n
    if n <= 13:
        st[i, WON1 + winner] += 1
        prize = np.int64(1) << np.int64(deck[i, 26 + st[i, STOCK]])
        draw = np.int64(1) << np.int64(deck[i, 27 + st[i, STOCK]])
        st[i, STOCK] += 2
        st[i, HAND + winner] |= prize
        st[i, PRIZES + winner] |= prize
        st[i, HAND + 1 - winner] |= draw
        if n == 13:
            st[i, FOLLOW] = 1
        return False
    st[i, WON2 + winner] += 1
    if n < 26:
        return False
    if _finish_deal(st, i, opt):
        return True
    st[i, DEALER] = 1 - st[i, DEALER]
    _start_deal(st, deck, rng, i, opt)
    return False


@njit(cache=True)
def _encode(st, deck, i, me, out, opt):
    """Seat ``me``'s tensor, as whistdrive.rl's German Whist view builds it from the observation."""
    other = 1 - me
    hand = st[i, HAND + me]
    stage2 = st[i, TRICKS] >= 13
    known = st[i, HAND + other] if stage2 else st[i, PRIZES + other] & st[i, HAND + other]
    mine = st[i, PLAYED + me]
    theirs = st[i, PLAYED + other]
    trick = st[i, TRICK]
    for c in range(52):
        out[P_HAND + c] = (hand >> c) & 1
        out[P_KNOWN + c] = (known >> c) & 1
        out[P_PRIZE + c] = 0.0
        out[P_MINE + c] = (mine >> c) & 1
        out[P_THEIRS + c] = (theirs >> c) & 1
        out[P_TRICK + c] = (trick >> c) & 1
    if not stage2:
        out[P_PRIZE + deck[i, 26 + st[i, STOCK]]] = 1.0
    for s in range(4):
        out[S_TRUMP + s] = 0.0
    out[S_TRUMP + st[i, TRUMP]] = 1.0
    out[S_STAGE2] = stage2
    out[S_LOW] = st[i, LOW]
    out[S_TO_MOVE] = st[i, TO_PLAY] == me
    out[S_LEADER] = st[i, LEADER] == me
    out[S_STOCK] = np.float32((26 - st[i, STOCK]) / 26)
    out[S_TRICKS1] = np.float32(st[i, WON1 + me] / 13)
    out[S_TRICKS1 + 1] = np.float32(st[i, WON1 + other] / 13)
    out[S_TRICKS2] = np.float32(st[i, WON2 + me] / 13)
    out[S_TRICKS2 + 1] = np.float32(st[i, WON2 + other] / 13)
    out[S_POINTS] = st[i, POINTS + me]
    out[S_POINTS + 1] = st[i, POINTS + other]
    out[S_DEALS_LEFT] = opt[O_DEALS] - st[i, DEAL]


@njit(cache=True)
def _show(st, deck, i, obs, mask, seat, opt):
    """The acting seat, its tensor and its legal mask, for game ``i``."""
    s = st[i, TO_PLAY]
    seat[i] = s
    _encode(st, deck, i, s, obs[i], opt)
    legal = _legal(st, i)
    for c in range(52):
        mask[i, c] = (legal >> c) & 1


@njit(cache=True)
def reset(st, deck, rng, start, opt, obs, mask, seat):
    """Start a new session in every game."""
    for i in range(st.shape[0]):
        _new_session(st, deck, rng, start, i, opt)
        _show(st, deck, i, obs, mask, seat, opt)


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
            a = st[i, POINTS]
            b = st[i, POINTS + 1]
            r = 0.0 if a == b else (1.0 if a > b else -1.0)
            rewards[i, 0] = r
            rewards[i, 1] = -r
            _new_session(st, deck, rng, start, i, opt)
        else:
            rewards[i, 0] = 0.0
            rewards[i, 1] = 0.0
        _show(st, deck, i, obs, mask, seat, opt)


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
