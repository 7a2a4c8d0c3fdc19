"""The compiled worlds of the Humbug expert's play give the Python loop's weights, tricks and values."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from whistdrive.bots.humbug_exchange import SPREAD, keep_probability
from whistdrive.bots.humbug_expert import (
    HAND_COUNT,
    REFERENCE_KINDS,
    HumbugExpert,
    _laid_aside,
    _likelihood,
    _my_tricks,
    _plays,
    _Pool,
)
from whistdrive.bots.search import representatives
from whistdrive.bots.view import read
from whistdrive.solver import _two
from whistdrive.solver import humbug_worlds as _humbug

DATA = json.loads((Path(__file__).parent / "data" / "humbug-reference.json").read_text())
PLAYS = [c for c in DATA["cases"] if c["observation"]["decision"] == "play"]


def worlds(case, n):
    """``n`` hands of the other player (and what it laid aside) drawn as the expert draws them."""
    v = read(case["observation"])
    pool, rng = _Pool(v, 1 - v.seat), random.Random(case["seed"])
    for _ in range(n):
        theirs, rest = pool.deal(rng)
        yield v, theirs, _laid_aside(rest, None)


def test_the_positions_cover_leads_and_replies():
    leads = sum(not c["observation"]["trick"] for c in PLAYS)
    assert 20 < leads < len(PLAYS) - 20


@pytest.mark.parametrize("case", PLAYS[::4], ids=[str(c["seed"]) for c in PLAYS[::4]])
def test_compiled_likelihood_of_the_plays_is_the_python_one(case):
    obs = case["observation"]
    plays = _plays(obs)
    seats = np.array([s for s, _ in plays], dtype=np.int64)
    cards = np.array([c for _, c in plays], dtype=np.int64)
    differ = 0
    for v, theirs, aside in worlds(case, 20):
        other = 1 - v.seat
        dealt = theirs
        for s, c in plays:
            dealt |= (s == other) << c
        fast = np.empty(2)
        _humbug.play_weights(dealt, other, seats, cards, v.trump, v.excluded, np.array([0.6, 0.9]), fast)
        for match, got in zip((0.6, 0.9), fast):
            slow = _likelihood(dealt, other, plays, v.trump, v.excluded, match)
            assert got == slow
            differ += slow != 1.0
        for honours in (True, False):
            for hand in (dealt, aside):
                assert _humbug.keep_probability(hand, v.trump, honours, SPREAD, HAND_COUNT) == \
                    pytest.approx(keep_probability(hand, v.trump, honours, SPREAD), abs=1e-14)
    assert differ or len(plays) < 2  # the plays say something in most positions


@pytest.mark.parametrize("case", PLAYS[::3], ids=[str(c["seed"]) for c in PLAYS[::3]])
def test_compiled_tricks_of_every_card_are_the_solver_ones(case):
    keys, ents = _two.new_table(14)
    work = _two.new_workspace()
    for v, theirs, _ in worlds(case, 4):
        me = v.seat
        tcard = v.trick[0][1] if v.trick else -1
        for c in sorted(set(representatives(v, v.legal_mask()).values())):
            slow = _my_tricks({me: v.hand, 1 - me: theirs}, me, v.leader, v.trick, v.trump, c)
            assert _humbug.my_tricks(v.hand, theirs, me, tcard, v.trump, c, 1, keys, ents, *work) == slow


@pytest.mark.parametrize("case", PLAYS[::2], ids=[str(c["seed"]) for c in PLAYS[::2]])
def test_the_compiled_play_values_every_card_as_the_python_loop(case):
    """The same draws, in the same order, summed the same way: with the reference's model of the other
    player, the frozen reference's values exactly."""
    fast = HumbugExpert("humbug", case["seed"], worlds=40)
    fast.kinds = REFERENCE_KINDS
    fast = fast.evaluate(case["observation"])
    slow = HumbugExpert("humbug", case["seed"], worlds=40, reference=True).evaluate(case["observation"])
    assert fast == slow


@pytest.mark.parametrize(("mine", "theirs", "tcard", "card", "tricks"), [
    (1 << 0, 0, 25, 0, 1),  # their ace of hearts led, my two of trumps (spades) ruffs it
    (1 << 24, 0, 25, 24, 0),  # my king of hearts under their ace
    (1 << 12, 1 << 11, -1, 12, 1),  # I lead the ace of trumps against the king
    (1 << 13, 1 << 0, -1, 13, 0),  # I lead the two of hearts, their two of trumps ruffs
])
def test_the_last_trick(mine, theirs, tcard, card, tricks):
    keys, ents = _two.new_table(4)
    for me in (0, 1):
        assert _humbug.my_tricks(mine, theirs, me, tcard, 0, card, 1, keys, ents, *_two.new_workspace()) == tricks
