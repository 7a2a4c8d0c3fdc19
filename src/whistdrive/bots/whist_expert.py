"""Expert whist: sample the hidden hands, solve each world double-dummy, average.

Worlds respect everything the seat has seen: hand sizes, cards played, voids
shown and the dealer's turned-up trump while it is still in the dealer's hand.
Each world is weighted by how likely the opponents' and partner's earlier
plays were in it (a card that the classic policy would have played in that
world counts more), which pulls the sample towards the deals the play
suggests.  Values are the expected tricks of my partnership in this deal.
"""

from __future__ import annotations

from .dd import play_values
from .heuristic import card_text
from .sampling import KINDS, kinds_likelihood, play_likelihood, play_tallies, sample_hands
from .search import SearchPlayer, representatives
from .view import read


class WhistExpert(SearchPlayer):
    budget = 0.6
    kinds = KINDS  # the model of the others (the reference: every player sensible, sampling.MATCH)

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        reps = representatives(v, v.legal_mask())
        cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        weight = 0.0
        worlds = 0
        while self.more_worlds(worlds, deadline):
            if self.cheating:
                g = self.live_game()
                hands = dict(g.play.hands)
            else:
                hands, _ = sample_hands(v, self.rng)
            if self.cheating:
                w = 1.0
            elif self.reference:
                w = play_likelihood(hands, v)
            else:
                w = kinds_likelihood(play_tallies(hands, v, self.kinds))
            vals = play_values(hands, [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
            for c in cands:
                totals[c] += w * vals[c]
            weight += w
            worlds += 1
            if self.cheating:
                break
        won = observation["tricks_won"][v.seat % 2]
        return {card_text(c): won + totals[reps[c]] / weight for c in reps}
