"""Exact agreement with the brute-force oracle on small random positions of every game."""

from __future__ import annotations

import random

import pytest
from solver_helpers import random_position, suit_heavy_position
from solver_oracle import brute, brute_card_values, brute_german

from whistdrive.solver import (
    can_take_a_trick,
    card_values,
    solve,
    solve_german_stage1,
    solve_knockout,
    solve_two_hand,
    solve_whist,
    values_german_stage1,
    values_knockout,
    values_two_hand,
    values_whist,
)


def _mover_value(hands, trump, leader, trick, sides):
    n = len(hands)
    p = (leader + len(trick)) % n
    total = (sum(bin(h).count("1") for h in hands) + len(trick)) // n
    b = brute(tuple(hands), trump, leader, tuple(trick), sides)
    return b if sides[p] == 1 else total - b


@pytest.mark.parametrize("seed", range(4))
def test_two_hand_matches_oracle(seed):
    rng = random.Random(100 + seed)
    for _ in range(60):
        k = rng.randint(1, 5)
        pos = random_position(rng, 2, k) if rng.random() < 0.6 else suit_heavy_position(rng, 2, k)
        hands, trump, leader, trick = pos
        assert solve_two_hand(*hands, trump, leader, trick) == _mover_value(hands, trump, leader, trick, (0, 1))
        assert values_two_hand(*hands, trump, leader, trick) == brute_card_values(hands, trump, leader, trick, (0, 1))


@pytest.mark.parametrize("seed", range(3))
def test_whist_numba_backend_matches_oracle(seed):
    rng = random.Random(200 + seed)
    for _ in range(25):
        k = rng.randint(1, 4)
        pos = random_position(rng, 4, k) if rng.random() < 0.6 else suit_heavy_position(rng, 4, k)
        hands, trump, leader, trick = pos
        sides = (0, 1, 0, 1)
        assert solve_whist(hands, trump, leader, trick, backend="numba") == _mover_value(
            hands, trump, leader, trick, sides
        )
        assert values_whist(hands, trump, leader, trick, backend="numba") == brute_card_values(
            hands, trump, leader, trick, sides
        )


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_knockout_matches_oracle(n):
    rng = random.Random(300 + n)
    for _ in range(25):
        k = rng.randint(1, 3 if n >= 5 else 4)
        hands, trump, leader, trick = random_position(rng, n, k)
        seat = rng.randrange(n)
        sides = tuple(1 if i == seat else 0 for i in range(n))
        expect = brute(tuple(hands), trump, leader, tuple(trick), sides)
        assert solve_knockout(hands, trump, leader, trick, seat) == expect
        assert can_take_a_trick(hands, trump, leader, trick, seat) == (expect >= 1)
        vals = values_knockout(hands, trump, leader, trick, seat)
        bv = brute_card_values(hands, trump, leader, trick, sides)
        mover = (leader + len(trick)) % n
        total = k
        assert vals == (bv if mover == seat else {c: total - v for c, v in bv.items()})


def test_generic_sides_match_oracle():
    """Any 0/1 assignment of seats to sides (e.g. 3 v 2) is solved exactly."""
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randint(2, 5)
        hands, trump, leader, trick = random_position(rng, n, rng.randint(1, 3))
        sides = tuple(rng.randrange(2) for _ in range(n))
        assert solve(hands, trump, leader, trick, sides) == _mover_value(hands, trump, leader, trick, sides)
        assert card_values(hands, trump, leader, trick, sides) == brute_card_values(hands, trump, leader, trick, sides)


@pytest.mark.parametrize("count", ["stage2", "all26"])
@pytest.mark.parametrize("follow", [True, False])
def test_german_stage1_matches_oracle(count, follow):
    rng = random.Random(17 * (count == "all26") + 3 * follow)
    for _ in range(30):
        k = rng.randint(1, 4)
        st = 2 * rng.randint(0, 2 if k <= 3 else 1)
        cards = rng.sample(range(52), 2 * k + st)
        h0 = sum(1 << c for c in cards[:k])
        h1 = sum(1 << c for c in cards[k : 2 * k])
        stock = cards[2 * k :]
        trump = rng.choice([None, 0, 1, 2, 3])
        leader = rng.randrange(2)
        all26 = count == "all26"
        b = brute_german(h0, h1, tuple(stock), trump, leader, None, all26, follow)
        total = k + (st // 2 if all26 else 0)
        got = solve_german_stage1(h0, h1, stock, trump, leader, (), count, follow)
        assert got == (b if leader == 0 else total - b)
        vals = values_german_stage1(h0, h1, stock, trump, leader, (), count, follow)
        assert max(vals.values()) == got


def test_german_stage1_mid_trick_matches_oracle():
    rng = random.Random(11)
    for _ in range(40):
        k = rng.randint(1, 3)
        cards = rng.sample(range(52), 2 * k + 2)
        h0 = sum(1 << c for c in cards[:k])
        h1 = sum(1 << c for c in cards[k : 2 * k])
        stock = cards[2 * k :]
        trump = rng.choice([None, 0, 1, 2, 3])
        leader = rng.randrange(2)
        lead = rng.choice([c for c in range(52) if (h0 if leader == 0 else h1) >> c & 1])
        if leader == 0:
            h0 &= ~(1 << lead)
        else:
            h1 &= ~(1 << lead)
        b = brute_german(h0, h1, tuple(stock), trump, leader, lead, False, True)
        got = solve_german_stage1(h0, h1, stock, trump, leader, [(leader, lead)])
        assert got == (b if leader == 1 else k - b)


@pytest.mark.parametrize("count", ["stage2", "all26"])
def test_german_stage1_values_in_a_window_are_the_exact_values_clamped(count):
    rng = random.Random(5 + (count == "all26"))
    for _ in range(40):
        k = rng.randint(2, 5)
        cards = rng.sample(range(52), 2 * k + 2 * rng.randint(0, 2))  # 0: stage 2, the two-hand kernel
        h0 = sum(1 << c for c in cards[:k])
        h1 = sum(1 << c for c in cards[k : 2 * k])
        stock = cards[2 * k :]
        trump, leader = rng.choice([None, 0, 1, 2, 3]), rng.randrange(2)
        trick = ()
        if rng.random() < 0.5:  # mid-trick: the leader's card on the table
            lead = rng.choice([c for c in range(52) if (h0 if leader == 0 else h1) >> c & 1])
            h0, h1 = (h0 & ~(1 << lead), h1) if leader == 0 else (h0, h1 & ~(1 << lead))
            trick = [(leader, lead)]
        exact = values_german_stage1(h0, h1, stock, trump, leader, trick, count)
        lo = rng.randint(0, k - 1)  # k: the stage-2 tricks, the least total of either count
        hi = min(k, lo + rng.randint(0, 2))
        windowed = values_german_stage1(h0, h1, stock, trump, leader, trick, count, lo=lo, hi=hi)
        assert windowed == {c: max(lo, min(hi, x)) for c, x in exact.items()}
        whole = solve_german_stage1(h0, h1, stock, trump, leader, trick, count)
        assert solve_german_stage1(h0, h1, stock, trump, leader, trick, count, lo=lo, hi=hi) == \
            max(lo, min(hi, whole))
        some = sorted(exact)[::2]
        assert values_german_stage1(h0, h1, stock, trump, leader, trick, count, cards=some) == {
            c: exact[c] for c in some}
