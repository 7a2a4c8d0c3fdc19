"""The two-hand kernel (:mod:`whistdrive.solver._two`): oracle agreement and a cross-check with the generic kernel."""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute, brute_card_values, legal

from whistdrive.solver import api, card_values, solve, solve_two_hand, values_two_hand
from whistdrive.solver.api import ENGINE, Position, _Engine


def _deal(rng: random.Random, k: int, suits: int = 4) -> list[int]:
    pool = [c for c in range(52) if c // 13 < suits]
    cards = rng.sample(pool, 2 * k)
    return [sum(1 << c for c in cards[:k]), sum(1 << c for c in cards[k:])]


def _random_two_hand(rng: random.Random, max_k: int):
    """Two hands of 1..max_k cards (sometimes from two suits only), a trump or None, a leader, maybe a lead."""
    k = rng.randint(1, max_k)
    suits = 2 if rng.random() < 0.35 else 4
    hands = _deal(rng, k, suits)
    trump = rng.choice([None, 0, 1, 2, 3] if suits == 4 else [None, 0, 1])
    leader = rng.randrange(2)
    trick: list[tuple[int, int]] = []
    if rng.random() < 0.4:
        c = rng.choice(legal(hands[leader], ()))
        hands[leader] &= ~(1 << c)
        trick = [(leader, c)]
    return hands, trump, leader, trick


def _mover(hands, trump, leader, trick, sides):
    p = (leader + len(trick)) % 2
    total = (sum(bin(h).count("1") for h in hands) + len(trick)) // 2
    b = brute(tuple(hands), trump, leader, tuple(trick), sides)
    return b if sides[p] == 1 else total - b


@pytest.mark.parametrize("seed", range(6))
def test_two_hand_kernel_matches_oracle(seed):
    rng = random.Random(7100 + seed)
    for _ in range(70):
        hands, trump, leader, trick = _random_two_hand(rng, 6 if seed < 2 else 5)
        want = _mover(hands, trump, leader, trick, (0, 1))
        assert solve_two_hand(*hands, trump, leader, trick) == want, (hands, trump, leader, trick)
        assert values_two_hand(*hands, trump, leader, trick) == brute_card_values(hands, trump, leader, trick, (0, 1))
        # the other side assignment and the generic entry point take the same kernel
        assert solve(hands, trump, leader, trick, (1, 0)) == want


@pytest.mark.parametrize("seed", range(3))
def test_two_hand_clamped_values_match_oracle(seed):
    """side1_tricks(pos, lo, hi) is the exact value clamped to [lo, hi] (what stage 1 and the bots rely on)."""
    rng = random.Random(7200 + seed)
    for _ in range(60):
        hands, trump, leader, trick = _random_two_hand(rng, 5)
        sides = rng.choice([(0, 1), (1, 0)])
        pos = Position(hands, trump, leader, trick, sides)
        s1 = brute(tuple(hands), trump, leader, tuple(trick), sides)
        lo = rng.randint(0, pos.tricks_left)
        hi = rng.randint(lo, pos.tricks_left)
        assert ENGINE.side1_tricks(pos, lo, hi) == min(hi, max(lo, s1))
        assert ENGINE.side1_tricks(pos) == s1


@pytest.mark.parametrize("trump", [None, 0, 3])
def test_every_leader_and_every_lead(trump):
    """Both seats as leader and, mid-trick, every card the leader may have led."""
    rng = random.Random(7300 + (4 if trump is None else trump))
    for _ in range(8):
        base = _deal(rng, rng.randint(2, 5))
        for leader in (0, 1):
            assert solve_two_hand(*base, trump, leader) == _mover(base, trump, leader, [], (0, 1))
            for c in legal(base[leader], ()):
                hands = list(base)
                hands[leader] &= ~(1 << c)
                trick = [(leader, c)]
                assert solve_two_hand(*hands, trump, leader, trick) == _mover(hands, trump, leader, trick, (0, 1))


def test_two_hand_kernel_matches_generic_kernel():
    """3,000 random 8..13-card positions: the two-hand kernel (its trick-start bounds included, proved
    by hand and checked by the oracle only up to 6 cards) agrees with the generic n-seat kernel."""
    rng = random.Random(7400)
    for _ in range(3000):
        k = rng.randint(8, 13)
        hands = _deal(rng, k)
        trump = rng.choice([None, 0, 1, 2, 3])
        leader = rng.randrange(2)
        trick: list[tuple[int, int]] = []
        if rng.random() < 0.33:
            c = rng.choice(legal(hands[leader], ()))
            hands[leader] &= ~(1 << c)
            trick = [(leader, c)]
        pos = Position(hands, trump, leader, trick, rng.choice([(0, 1), (1, 0)]))
        assert ENGINE.side1_tricks(pos) == ENGINE.generic_side1_tricks(pos), (hands, trump, leader, trick)


def test_table_reuse_along_a_game_matches_a_tiny_fresh_table():
    """Consecutive positions of one game re-use the shared table; a tiny table (constant eviction) agrees."""
    rng = random.Random(7500)
    small = _Engine(two_log2_size=6)
    for _ in range(6):
        hands = _deal(rng, 13)
        trump = rng.randrange(4)
        leader = rng.randrange(2)
        pos = Position(hands, trump, leader, (), (0, 1))
        while pos.tricks_left:
            assert ENGINE.side1_tricks(pos) == small.side1_tricks(pos)
            vals = card_values(pos, trump, leader)
            assert max(vals.values()) == solve(pos, trump, leader)
            pos = pos.play(rng.choice(pos.legal_cards()))


def test_warm_up_compiles_the_two_hand_kernel():
    api.warm_up()
    from whistdrive.solver import _two

    assert _two.solve_exact.signatures, "warm_up() did not compile the two-hand kernel"


def test_per_game_solver_keeps_its_table_and_agrees():
    """TwoHandSolver (own table, kept between the moves of a game) gives the module functions' answers."""
    from whistdrive.solver import TwoHandSolver

    rng = random.Random(7600)
    game = TwoHandSolver(log2_size=12)
    for _ in range(3):
        h0, h1 = _deal(rng, 9)
        trump, leader = rng.choice([None, 1, 2]), rng.randrange(2)
        hands, trick = [h0, h1], []
        while any(hands) or trick:
            assert game.solve(*hands, trump, leader, trick) == solve_two_hand(*hands, trump, leader, trick)
            vals = game.values(*hands, trump, leader, trick)
            assert vals == values_two_hand(*hands, trump, leader, trick)
            p = (leader + len(trick)) % 2
            card = max(vals, key=vals.get)
            hands[p] &= ~(1 << card)
            trick.append((p, card))
            if len(trick) == 2:
                leader = api._winner(trick, trump)
                trick = []
        game.clear()


def _pext_ref(x: int, m: int) -> int:
    out, k = 0, 0
    for b in range(64):
        if (m >> b) & 1:
            out |= ((x >> b) & 1) << k
            k += 1
    return out


def test_portable_pext_and_pdep_agree_with_a_plain_loop():
    """The table/loop versions the kernel uses without BMI2 (and, with it, the instructions)."""
    from numba import njit

    from whistdrive.solver import _two

    @njit
    def hw(x, m):
        return _two._pext(x, m), _two._pdep(x, m)

    rng = random.Random(5)
    for _ in range(3000):
        m = sum(rng.getrandbits(13) << (16 * s) for s in range(4))
        x = rng.getrandbits(64) & m
        want = _pext_ref(x, m)
        assert _two._pext_tables(x, m) == want
        assert _two._pdep_loop(want, m) == x
        spread = sum(((x >> i) & 1) << b for i, b in enumerate(b for b in range(64) if (m >> b) & 1))
        assert _two._pdep_loop(x, m) == spread
        assert hw(x, m) == (want, spread)


def _leader_tricks(hands, trump, leader) -> int:
    return _mover(hands, trump, leader, [], (0, 1))


def _variant(rng: random.Random, hands: list[int], keep: int) -> list[int]:
    """Another deal with the same suit lengths whose cards agree with ``hands`` on the relative region ``keep``.

    ``keep`` is a kernel-layout mask of relative cards (bit j of suit s: the
    j-th lowest remaining card of the suit); those keep their owner, the
    others are dealt at random (each hand keeps its length in every suit).
    """
    out = [0, 0]
    for s in range(4):
        suit = [
            (r, 0 if hands[0] >> (13 * s + r) & 1 else 1)
            for r in range(13)
            if (hands[0] | hands[1]) >> (13 * s + r) & 1
        ]
        n = len(suit)
        ranks = sorted(rng.sample(range(13), n))
        kept = [j for j in range(n) if keep >> (16 * s + j) & 1]
        # the region is a suit's top part: same ranks relative to each other there; the rest shuffled
        owners = [o for _, o in suit]
        free = [j for j in range(n) if j not in kept]
        pool = [owners[j] for j in free]
        rng.shuffle(pool)
        for j, o in zip(free, pool):
            owners[j] = o
        for j in range(n):
            out[owners[j]] |= 1 << (13 * s + ranks[j])
    return out


@pytest.mark.slow  # thousands of positions against exact solves: 5-20 s each
@pytest.mark.parametrize("seed", range(4))
def test_trick_start_bounds_are_sound(seed):
    """The bounds the kernel cuts on, against the oracle, also on other deals that match the stored region.

    ``_lead_all_loses``: the leader cannot take every trick; ``_one_trick``:
    it takes at least one; the leader's
    quick tricks and the follower's sure tricks bound its tricks from below
    and above.  A cut is stored with the region of the cards it relied on,
    so every deal that agrees there (same suit lengths) must give the same
    verdict.
    """
    from whistdrive.solver import _two
    from whistdrive.solver.api import to_internal

    rng = random.Random(7700 + seed)
    fired = fired_one = 0
    for _ in range(150):
        k = rng.randint(2, 6)
        hands = _deal(rng, k)
        trump = rng.choice([0, 1, 2, 3, 4])
        t = None if trump == 4 else trump
        leader = rng.randrange(2)
        me, op = to_internal(hands[leader]), to_internal(hands[1 - leader])
        v = _leader_tricks(hands, t, leader)
        st, sw = _two._sure_trumps(me, op, trump)
        q, _ = _two._quick(me, op, trump, 99, st, sw)
        assert q <= v
        st, sw = _two._sure_trumps(op, me, trump)
        m, mw = _two._sure(op, me, trump, st, sw)
        assert v <= k - m
        h0, h1 = to_internal(hands[0]), to_internal(hands[1])
        if m > 0:
            keep = _two._pdep_loop(
                _two._region(h0, h1, mw),
                sum(((1 << bin(((h0 | h1) >> (16 * s)) & 0x1FFF).count("1")) - 1) << (16 * s) for s in range(4)),
            )
            other = _variant(rng, hands, keep)
            assert _leader_tricks(other, t, leader) <= k - m, (hands, other, t, leader)
        w = _two._one_trick(me, op, trump)
        if w != 0:
            fired_one += 1
            assert v >= 1, (hands, t, leader)
            region = _two._region(h0, h1, w & 0x1FFF1FFF1FFF1FFF)
            keep = _two._pdep_loop(
                region, sum(((1 << bin(((h0 | h1) >> (16 * s)) & 0x1FFF).count("1")) - 1) << (16 * s) for s in range(4))
            )
            for _ in range(3):
                other = _variant(rng, hands, keep)
                assert _leader_tricks(other, t, leader) >= 1, (hands, other, t, leader)
        w = _two._lead_all_loses(me, op, trump)
        if w == 0:
            continue
        fired += 1
        assert v < k, (hands, t, leader)
        region = _two._region(h0, h1, w & 0x1FFF1FFF1FFF1FFF)
        keep = _two._pdep_loop(
            region, sum(((1 << bin(((h0 | h1) >> (16 * s)) & 0x1FFF).count("1")) - 1) << (16 * s) for s in range(4))
        )
        for _ in range(3):
            other = _variant(rng, hands, keep)
            assert _leader_tricks(other, t, leader) < k, (hands, other, t, leader)
    assert fired >= 20
    assert fired_one >= 20
