"""Expert whist: sample the hidden hands, solve each world double-dummy, average.

Worlds respect everything the seat has seen: hand sizes, cards played, voids
shown and the dealer's turned-up trump while it is still in the dealer's hand.
Each world is weighted by how likely the opponents' and partner's earlier
plays were in it (a card that the classic policy would have played in that
world counts more), which pulls the sample towards the deals the play
suggests.  Values are the expected tricks of my partnership in this deal.

Among cards of (nearly) equal value the expert plays the classic card — the
top of touching honours led, say, where the double-dummy worlds see no
difference — because that is the card its partner's model of it expects: a
cheapest card of equal value would tell partner the wrong story.
"""

from __future__ import annotations

from .dd import play_values
from .heuristic import Intermediate, card_text
from .sampling import KINDS, kinds_likelihood, play_likelihood, play_tallies, sample_hands
from .search import SearchPlayer, representatives
from .view import read


class WhistExpert(SearchPlayer):
    budget = 0.6
    kinds = KINDS  # the model of the others (the reference: every player sensible, sampling.MATCH)
    convention: float | None = 0.0  # play the classic card within this many tricks of the best (None: never)

    def pick(self, observation: dict, values: dict[str, float]) -> str:
        if not self.reference and self.convention is not None and observation.get("decision") == "play":
            classic = card_text(Intermediate(self.game).card(read(observation)))
            if values[classic] >= max(values.values()) - self.convention - 1e-9:
                return classic
        return super().pick(observation, values)

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
