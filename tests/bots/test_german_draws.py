"""The German expert's weight of a world by the opponent's old voids and its face-down draws since.

Checked three ways: the dynamic programme against a brute-force count of the
histories on small made-up cases; on positions of seeded games, the true
world is never ruled out and a world with more hidden cards of a void suit
than face-down draws since the void always is; and the weighted worlds
place the void suits' hidden cards as often as the true deals do, where the
sampler alone places about three times too many.
"""

import itertools
import random

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_draws import DEALT, DrawHistory
from whistdrive.bots.sampling import sample_hands
from whistdrive.bots.view import card_int, read

SUIT = [((1 << 13) - 1) << (13 * s) for s in range(4)]


def made_up(slots, played, voids, now):
    """A DrawHistory with the given slots, (card, trick) plays and voids, without an observation."""
    h = DrawHistory.__new__(DrawHistory)
    h.slots = sorted(slots, reverse=True)
    h.played, h.voids, h.now, h.active, h._counts = played, voids, now, True, {}
    return h


def brute(h, held):
    """Histories by enumeration: every way to give each card its own slot, respecting play times and voids."""
    cards = [(c, p) for c, p in h.played] + [(c, h.now) for c in held]
    n = 0
    for perm in itertools.permutations(range(len(h.slots))):
        ok = True
        for (c, p), i in zip(cards, perm):
            a = h.slots[i]
            if not a < p or any(a < t <= p for t in h.voids.get(c // 13, ())):
                ok = False
                break
        n += ok
    return n


@pytest.mark.parametrize("seed", range(40))
def test_the_count_of_histories_matches_brute_force(seed):
    rng = random.Random(seed)
    draws = sorted(rng.sample(range(6), rng.randint(1, 3)))
    dealt = rng.randint(2, 4)
    slots = [DEALT] * dealt + draws
    n = len(slots)
    cards = rng.sample(range(52), n)
    plays = rng.randint(0, n - 1)
    played = [(c, rng.randint(0, 6)) for c in cards[:plays]]
    held = cards[plays:]
    voids = {s: sorted(rng.sample(range(7), rng.randint(1, 2))) for s in rng.sample(range(4), rng.randint(1, 2))}
    h = made_up(slots, played, voids, 7)
    assert h._count([(7, h.earliest(c, 7)) for c in held]) == brute(h, held)


def positions(games: int, level: str, seed: int):
    """Stage-1 positions of seeded games with an old void to reason about, and the true game at each."""
    for g in range(games):
        game = new_game("german", seed=seed + g)
        bots = [make_player(level, "german", seed=seed + g + s) for s in (0, 1)]
        while not game.is_over:
            seat = game.current_seat
            obs = game.observation(seat)
            if obs["stage"] == 1:
                h = DrawHistory(read(obs))
                if h.active:
                    yield obs, h, game
            game.apply(bots[seat].choose(obs), seat)


def hidden_of(obs, hand):
    return hand & ~sum(1 << card_int(c) for c in obs["opponent_known"])


def room_since(obs, h, suit):
    """Face-down draws the opponent made since its last void in ``suit``, less its non-prize plays of the
    suit since: the most hidden cards of that suit it can hold."""
    last = max(h.voids[suit])
    me = obs["seat"]
    draws = sum(1 for i, t in enumerate(obs["tricks"]) if i >= last and t["winner"] == me)
    return draws - sum(1 for c, p in h.played if c // 13 == suit and p > last)


def test_the_true_world_is_never_ruled_out_and_impossible_ones_always_are():
    rng = random.Random(3)
    seen = impossible = 0
    for obs, h, game in positions(30, "random", 500):
        other = 1 - obs["seat"]
        assert h.weight(hidden_of(obs, game.play.hands[other])) > 0
        v = read(obs)
        for _ in range(20):
            hands, _ = sample_hands(v, rng)
            hidden = hidden_of(obs, hands[other])
            over = any(bin(hidden & SUIT[s]).count("1") > room_since(obs, h, s) for s in h.voids)
            impossible += over
            if over:
                assert h.weight(hidden) == 0
        seen += 1
    assert seen > 50 and impossible > 100  # the case is common, not a corner


@pytest.mark.slow  # thousands of weighted worlds against true deals: ~5 s
def test_weighted_worlds_place_the_void_suits_as_the_true_deals_do():
    rng = random.Random(1)
    true = sampled = weighted = 0.0
    n = 0
    for obs, h, game in positions(40, "intermediate", 1000):
        v, other = read(obs), 1 - obs["seat"]
        voids = sum(SUIT[s] for s in h.voids)
        true += bin(hidden_of(obs, game.play.hands[other]) & voids).count("1")
        plain = total = mass = 0.0
        for _ in range(200):
            hands, _ = sample_hands(v, rng)
            hidden = hidden_of(obs, hands[other])
            k = bin(hidden & voids).count("1")
            w = h.weight(hidden)
            plain, total, mass = plain + k / 200, total + w * k, mass + w
        sampled += plain
        weighted += total / mass
        n += 1
    assert n > 100
    assert abs(weighted - true) / n < 0.15  # per position
    assert sampled - true > 2 * abs(weighted - true)
