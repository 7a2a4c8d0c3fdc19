"""Four-hand whist: our kernel agrees exactly with DDS (via endplay) on random positions.

DDS is the bridge world's reference double-dummy solver; seats N E S W are our
0 1 2 3 and its denominations S H D C NT our suits 0..3 and ``None``.
"""

from __future__ import annotations

import random

import pytest
from solver_helpers import random_position

from whistdrive.solver import dds_backend, solve_whist, values_whist
from whistdrive.solver.api import Position

pytest.importorskip("endplay")


def _batch(seed: int, count: int, sizes):
    rng = random.Random(seed)
    for i in range(count):
        k = sizes[i % len(sizes)]
        yield random_position(rng, 4, k, mid_trick=i % 3 != 0)


@pytest.mark.parametrize("chunk", range(8))
def test_value_agrees_with_dds(chunk):
    """8 x 250 = 2,000 positions of 1..7 cards a hand, every trump, leader and trick state."""
    seen_trumps, seen_leaders, seen_mid = set(), set(), 0
    for hands, trump, leader, trick in _batch(1000 + chunk, 250, (1, 2, 3, 4, 5, 6, 7, 3, 4, 5)):
        ours = solve_whist(hands, trump, leader, trick, backend="numba")
        dds = solve_whist(hands, trump, leader, trick, backend="dds")
        assert ours == dds, (hands, trump, leader, trick)
        seen_trumps.add(trump)
        seen_leaders.add(leader)
        seen_mid += bool(trick)
    assert len(seen_trumps) == 5 and len(seen_leaders) == 4 and seen_mid > 50


def test_card_values_agree_with_dds():
    for hands, trump, leader, trick in _batch(77, 150, (2, 4, 6)):
        assert values_whist(hands, trump, leader, trick, backend="numba") == values_whist(
            hands, trump, leader, trick, backend="dds"
        )


def test_larger_deals_agree_with_dds():
    for hands, trump, leader, trick in _batch(78, 12, (8, 9)):
        assert solve_whist(hands, trump, leader, trick, backend="numba") == dds_backend.solve(
            Position(hands, trump, leader, trick)
        )


def test_full_deals_dds_backend_is_consistent():
    """13-card deals go to DDS under backend='auto'; check its mapping on easy full deals.

    Each seat holds one whole suit, so nobody can ever follow suit: in no-trump
    the leader wins every trick; with a trump, its holder wins every trick.
    """
    full = [((1 << 13) - 1) << (13 * s) for s in range(4)]
    for rot in range(4):
        hands = full[rot:] + full[:rot]  # seat i holds suit (i + rot) % 4
        for trump in (None, 0, 1, 2, 3):
            for leader in range(4):
                if trump is None:
                    # nobody can follow: the leader wins every trick
                    expect = 13
                else:
                    holder = (trump - rot) % 4
                    # the trump holder wins every trick; the leader's side gets them iff partnered
                    expect = 13 if holder % 2 == leader % 2 else 0
                assert solve_whist(hands, trump, leader) == expect
                vals = values_whist(hands, trump, leader)
                assert set(vals.values()) == {expect} and len(vals) == 13


def test_random_full_deal_values_are_consistent():
    rng = random.Random(5)
    for _ in range(5):
        hands, trump, leader, _ = random_position(rng, 4, 13, mid_trick=False)
        best = solve_whist(hands, trump, leader)
        vals = values_whist(hands, trump, leader)
        assert max(vals.values()) == best
        assert len(vals) == 13
