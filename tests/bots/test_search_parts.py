"""The pieces the experts are built from: world sampling, the stage-2 window, play likelihood."""

import random

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import Rules
from whistdrive.bots.sampling import deal_hidden, sample_hands
from whistdrive.bots.view import popcount, read
from whistdrive.bots.whist_expert import play_likelihood
from whistdrive.games.trick import SUIT_MASKS


def test_deal_hidden_respects_voids_and_sizes():
    rng = random.Random(1)
    pool = list(range(13)) + list(range(13, 20))  # 13 spades, 7 hearts
    out = deal_hidden(pool, {1: 7, 2: 13}, {1: {0}}, rng)  # seat 1 has shown no spades
    assert sorted(out[1] + out[2]) == sorted(pool)
    assert sorted(out[1]) == list(range(13, 20))


def test_sampled_worlds_agree_with_the_observation():
    g = new_game("whist", {"length": "deal"}, seed=4)
    bots = [make_player("intermediate", "whist", seed=s) for s in range(4)]
    for _ in range(17):
        g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
    v = read(g.observation(g.current_seat))
    rng = random.Random(0)
    for _ in range(20):
        hands, rest = sample_hands(v, rng)
        assert rest == []
        assert hands[v.seat] == v.hand
        union = 0
        for s, h in hands.items():
            assert popcount(h) == v.hand_sizes[s]
            assert union & h == 0
            union |= h
            for suit in v.voids.get(s, ()):
                if s != v.seat:
                    assert h & SUIT_MASKS[suit] == 0
        assert union & v.played == 0
        assert 0 < play_likelihood(hands, v) <= 1


def test_german_window_tells_win_from_loss():
    r = Rules({"options": {}, "low_game": False})
    lo, hi = r.window(0, [0, 0], [3, 2], 8)  # I need 4 of the last 8 to reach 7
    assert (lo, hi) == (3, 4)
    assert r.value(0, [0, 0], [3 + hi, 2 + 8 - hi]) > 0 > r.value(0, [0, 0], [3 + lo, 2 + 8 - lo])
    r26 = Rules({"options": {"count": "all26"}, "low_game": False})
    assert r26.window(1, [6, 7], [0, 0], 13) == (5, 7)  # 12 lose, 13 draw, 14 win for seat 1
