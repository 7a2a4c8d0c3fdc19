"""Validation, hand-checked examples and properties of the public solver API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.cards import parse_cards, to_mask
from whistdrive.errors import IllegalMove
from whistdrive.solver import (
    InvalidPosition,
    TwoHandSolver,
    can_take_a_trick,
    solve,
    solve_knockout,
    solve_two_hand,
    values_two_hand,
    values_whist,
)


def m(text: str) -> int:
    return to_mask(parse_cards(text))


def c(text: str) -> int:
    return parse_cards(text)[0].index


def test_two_hand_examples_checked_by_hand():
    # seat 0: A K of spades; seat 1: Q J of spades: seat 0 takes both
    assert solve_two_hand(m("AS KS"), m("QS JS"), None, 0) == 2
    # hearts trump; seat 1 is void in spades, so it ruffs the AS but must follow to 5D:
    # either lead gives seat 0 exactly one trick
    vals = values_two_hand(m("AS 5D"), m("3H 4D"), 1, 0)
    assert vals == {c("AS"): 1, c("5D"): 1}
    # with 2D instead of 5D seat 1 wins both
    assert values_two_hand(m("AS 2D"), m("3H 4D"), 1, 0) == {c("AS"): 0, c("2D"): 0}
    # seat 1 to lead: its 3H wins, then 4D loses to 5D (seat 0 keeps the 5D)
    assert solve_two_hand(m("AS 5D"), m("3H 4D"), 1, 1) == 1


def test_mid_trick_follow_suit_and_values():
    # seat 0 led the QH; seat 1 holds KH and 2S and must follow with KH,
    # then its 2S lead loses to the AS
    vals = values_two_hand(m("AS"), m("KH 2S"), None, 0, [(0, c("QH"))])
    assert vals == {c("KH"): 1}


def test_equal_cards_get_equal_values():
    vals = values_whist([m("AS KS 2H"), m("QS 3H 4H"), m("JS 5H 6H"), m("TS 7H 8H")], 1, 0, backend="numba")
    assert vals[c("AS")] == vals[c("KS")]


@pytest.mark.parametrize(
    "args, error",
    [
        (([m("AS"), m("AS")], None, 0), InvalidPosition),  # a card in two hands
        (([m("AS KS"), m("QS")], None, 0), InvalidPosition),  # sizes differ at a trick start
        (([m("AS"), m("QS")], 7, 0), InvalidPosition),  # no such trump
        (([m("AS"), m("QS")], 1.0, 0), InvalidPosition),  # a trump that is not a suit number
        (([m("AS"), m("QS")], True, 0), InvalidPosition),
        (([m("AS"), m("QS")], None, 2), InvalidPosition),  # no such leader
        (([m("AS"), m("QS")], None, 0, [(1, c("2S"))]), InvalidPosition),  # wrong seat on the trick
        (([m("AS"), m("QS 2H 3H")], None, 0, [(0, c("KS"))]), InvalidPosition),  # sizes after the lead
        (([0, 0], None, 0), InvalidPosition),  # no cards
        (([1 << 52, 1], None, 0), InvalidPosition),  # not a 52-bit mask
        (([-1, 1], None, 0), InvalidPosition),  # negative mask
    ],
)
def test_invalid_positions_are_refused(args, error):
    with pytest.raises(error):
        solve_two_hand(args[0][0], args[0][1], *args[1:])


def test_two_hand_fast_path_agrees_with_the_general_way():
    """solve_two_hand and TwoHandSolver.solve skip Position at a trick start: same values."""
    rng = random.Random(11)
    game = TwoHandSolver()
    for _ in range(200):
        k = rng.randrange(1, 9)
        cards = rng.sample(range(52), 2 * k)
        h0, h1 = sum(1 << x for x in cards[:k]), sum(1 << x for x in cards[k:])
        trump, leader = rng.choice([None, 0, 1, 2, 3]), rng.randrange(2)
        want = solve([h0, h1], trump, leader, (), (0, 1))
        assert solve_two_hand(h0, h1, trump, leader) == want
        assert game.solve(h0, h1, trump, leader) == want


def test_revoke_on_the_trick_is_refused():
    hands = [m("AS 2H"), m("KS 3H"), m("QS 4H"), m("JS 5H")]
    hands[0] &= ~m("AS")
    hands[1] &= ~m("3H")
    with pytest.raises(IllegalMove):
        values_whist(hands, None, 0, [(0, c("AS")), (1, c("3H"))])


def test_knockout_semantics():
    # seat 2 holds only low diamonds against trumps and higher diamonds: no trick
    hands = [m("AS 2H"), m("KS 4H"), m("3D 4D")]
    assert solve_knockout(hands, 0, 0, (), 2) == 0
    assert not can_take_a_trick(hands, 0, 0, (), 2)
    # seat 0 leads AS and wins it whatever the others do
    assert solve_knockout(hands, 0, 0, (), 0) >= 1
    assert can_take_a_trick(hands, 0, 0, (), 0)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 7), st.sampled_from([None, 0, 1, 2, 3]))
def test_two_hand_values_bound_and_best(rng, k, trump):
    cards = rng.sample(range(52), 2 * k)
    h0, h1 = to_mask(cards[:k]), to_mask(cards[k:])
    leader = rng.randrange(2)
    best = solve_two_hand(h0, h1, trump, leader)
    vals = values_two_hand(h0, h1, trump, leader)
    assert 0 <= best <= k
    assert max(vals.values()) == best
    assert set(vals) == {x for x in cards[:k] if leader == 0} | {x for x in cards[k:] if leader == 1}
    # the two seats' values are complementary: swapping who leads is a different game,
    # but seat 1 to move after seat 0's best card gets exactly k - best
    card = max(vals, key=vals.get)
    hands = [h0, h1]
    hands[leader] &= ~(1 << card)
    reply = values_two_hand(hands[0], hands[1], trump, leader, [(leader, card)])
    assert max(reply.values()) == k - best


def test_large_two_hand_positions_are_self_consistent():
    """Beyond the oracle's reach: best card value = solve value, the reply gets the rest,
    and a fresh transposition table gives the same answers as the shared one."""
    import random

    from whistdrive.solver import api

    rng = random.Random(42)
    cases = []
    for _ in range(8):
        k = rng.randint(8, 11)
        cards = rng.sample(range(52), 2 * k)
        h0, h1 = to_mask(cards[:k]), to_mask(cards[k:])
        trump, leader = rng.choice([None, 0, 1, 2, 3]), rng.randrange(2)
        v = solve_two_hand(h0, h1, trump, leader)
        vals = values_two_hand(h0, h1, trump, leader)
        assert max(vals.values()) == v
        card = max(vals, key=vals.get)
        hands = [h0, h1]
        hands[leader] &= ~(1 << card)
        assert max(values_two_hand(hands[0], hands[1], trump, leader, [(leader, card)]).values()) == k - v
        cases.append((h0, h1, trump, leader, vals))
    saved = api.ENGINE
    api.ENGINE = api._Engine()
    try:
        for h0, h1, trump, leader, vals in cases:
            assert values_two_hand(h0, h1, trump, leader) == vals
    finally:
        api.ENGINE = saved


def test_dds_takes_a_partnership_whichever_side_is_labelled_one():
    """The bots label the side to move 1; a full deal must still go to DDS, not the slow kernel."""
    from whistdrive.solver.api import Position, _use_dds

    deck = list(range(52))
    hands = [sum(1 << c for c in deck[s::4]) for s in range(4)]
    for sides in ((0, 1, 0, 1), (1, 0, 1, 0)):
        assert _use_dds(Position(hands, 0, 0, (), sides), "auto")
