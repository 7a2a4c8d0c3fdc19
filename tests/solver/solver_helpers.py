"""Random positions for the solver tests (seeded, reproducible)."""

from __future__ import annotations

import random

from solver_oracle import legal


def random_position(rng: random.Random, n: int, k: int, mid_trick: bool = True):
    """n hands of k cards, a trump (or None), a leader and 0..n-1 legal cards on the trick."""
    cards = rng.sample(range(52), n * k)
    hands = [sum(1 << c for c in cards[i * k : (i + 1) * k]) for i in range(n)]
    trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(n)
    trick: list[tuple[int, int]] = []
    if mid_trick:
        for j in range(rng.randrange(n)):
            p = (leader + j) % n
            c = rng.choice(legal(hands[p], tuple(trick)))
            hands[p] &= ~(1 << c)
            trick.append((p, c))
    return hands, trump, leader, trick


def suit_heavy_position(rng: random.Random, n: int, k: int, suits: int = 2):
    """Like random_position but drawn from few suits, so following suit and ruffing both occur."""
    pool = [c for c in range(52) if c // 13 < suits]
    cards = rng.sample(pool, n * k)
    hands = [sum(1 << c for c in cards[i * k : (i + 1) * k]) for i in range(n)]
    return hands, rng.choice([None, 0, 1]), rng.randrange(n), []
