"""Expert Knock-out Whist: sampled worlds, playouts, scored for survival.

Several players each play for themselves, so a two-sided solve is the wrong
model (it would make every opponent gang up on me).  Instead each candidate
card (or trump suit) is tried in many sampled worlds and the deal is played
out with the classic policy for everyone; the deal is scored by what it does
to my chance of winning the game: knocked out is 0, surviving is worth more
the fewer players survive with me, and taking the most tricks (the next deal
and its trump choice) adds a little.
"""

from __future__ import annotations

import time

from ..cards import FULL_MASK
from ..games.trick import legal_mask, winning_play
from .heuristic import card_text
from .rules import classic_card
from .sampling import sample_hands
from .search import SearchPlayer, representatives
from .view import SUITS, View, read

DEALER_BONUS = 0.2


def deal_value(me: int, won: dict[int, int]) -> float:
    """My share of the game after this deal, roughly: 0 if out, 1/survivors otherwise."""
    if won.get(me, 0) == 0:
        return 0.0
    survivors = sum(1 for n in won.values() if n > 0)
    top = max(won.values())
    bonus = DEALER_BONUS if won[me] == top else 0.0
    return (1.0 + bonus) / survivors


def playout(hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
            trump: int | None, won: dict[int, int], gone: int) -> dict[int, int]:
    """Play the deal to its end with the classic policy for every seat."""
    hands = dict(hands)
    won = dict(won)
    trick = list(trick)
    n = len(order)
    while True:
        if len(trick) == n:
            w = winning_play(trick, trump)[0]
            won[w] += 1
            leader, trick = w, []
        if not trick and hands[leader] == 0:
            return won
        s = order[(order.index(leader) + len(trick)) % n]
        hand = hands[s]
        led = trick[0][1] // 13 if trick else None
        legal = legal_mask(hand, led)
        later = [order[(order.index(leader) + k) % n] for k in range(len(trick) + 1, n)]
        card = classic_card(hand, legal, trick, trump, {s}, FULL_MASK & ~(hand | gone), later)
        hands[s] = hand & ~(1 << card)
        gone |= 1 << card
        trick.append((s, card))


class KnockoutExpert(SearchPlayer):
    budget = 0.4

    def _world(self, v: View) -> dict[int, int]:
        if self.cheating:
            g = self.true_game()
            return {s: g.play.hands[s] for s in v.order}
        hands, _ = sample_hands(v, self.rng)
        return hands

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        won0 = {s: v.tricks_won.get(s, 0) for s in v.order}
        if v.decision == "trump":
            cands = list(range(4))
        else:
            reps = representatives(v, v.legal_mask())
            cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        rounds = 0
        while rounds < self.min_rounds or time.perf_counter() < deadline:
            hands = self._world(v)
            for c in cands:
                if v.decision == "trump":
                    won = playout(hands, v.order, v.leader, [], c, won0, v.played)
                else:
                    h = dict(hands)
                    h[v.seat] &= ~(1 << c)
                    won = playout(h, v.order, v.leader, v.trick + [(v.seat, c)], v.trump, won0,
                                  v.played | 1 << c)
                totals[c] += deal_value(v.seat, won)
            rounds += 1
            if self.cheating:  # one true world, deterministic playouts
                break
        if v.decision == "trump":
            return {SUITS[s]: totals[s] / rounds for s in cands}
        return {card_text(c): totals[reps[c]] / rounds for c in reps}
