"""Expert whist: sample the hidden hands, solve each world double-dummy, average.

Worlds respect everything the seat has seen: hand sizes, cards played, voids
shown and the dealer's turned-up trump while it is still in the dealer's hand.
Each world is weighted by how likely the opponents' and partner's earlier
plays were in it (a card that the classic policy would have played in that
world counts more), which pulls the sample towards the deals the play
suggests.  Values are the expected tricks of my partnership in this deal.
"""

from __future__ import annotations

import time

from ..cards import FULL_MASK
from ..games.trick import legal_mask
from .dd import play_values
from .heuristic import card_text
from .rules import classic_card
from .sampling import sample_hands
from .search import SearchPlayer, representatives
from .view import View, card_int, read

MATCH = 0.6  # chance that a player made the classic play; the rest is spread over the other legal cards


def play_likelihood(hands: dict[int, int], v: View) -> float:
    """How likely the other seats' plays so far were if ``hands`` is the truth (up to a constant)."""
    tricks = [[(p["seat"], card_int(p["card"])) for p in t["cards"]] for t in v.obs.get("tricks", [])]
    if v.trick:
        tricks.append(list(v.trick))
    held = dict(hands)
    for plays in tricks:
        for s, c in plays:
            held[s] |= 1 << c  # back to the hands as dealt
    gone = 0
    weight = 1.0
    for plays in tricks:
        for k, (s, c) in enumerate(plays):
            if s != v.seat:
                hand = held[s]
                legal = legal_mask(hand, plays[0][1] // 13 if k else None)
                n = bin(legal).count("1")
                if n > 1:
                    later = [(s + j) % 4 for j in range(1, 4 - k)]
                    guess = classic_card(hand, legal, plays[:k], v.trump, {s, (s + 2) % 4},
                                         FULL_MASK & ~(hand | gone), later)
                    weight *= MATCH if guess == c else (1 - MATCH) / (n - 1)
            held[s] &= ~(1 << c)
            gone |= 1 << c
    return weight


class WhistExpert(SearchPlayer):
    budget = 0.6

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        reps = representatives(v, v.legal_mask())
        cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        weight = 0.0
        worlds = 0
        while worlds < self.min_rounds or time.perf_counter() < deadline:
            if self.cheating:
                g = self.true_game()
                hands = dict(g.play.hands)
            else:
                hands, _ = sample_hands(v, self.rng)
            w = 1.0 if self.cheating else play_likelihood(hands, v)
            vals = play_values(hands, [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
            for c in cands:
                totals[c] += w * vals[c]
            weight += w
            worlds += 1
            if self.cheating:
                break
        won = observation["tricks_won"][v.seat % 2]
        return {card_text(c): won + totals[reps[c]] / weight for c in reps}
