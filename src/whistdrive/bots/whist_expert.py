"""Expert whist: sample the hidden hands, solve each world double-dummy, average.

Worlds respect everything the seat has seen: hand sizes, cards played, voids
shown and the dealer's turned-up trump while it is still in the dealer's hand.
Each world is weighted by how likely the opponents' and partner's earlier
plays were in it (a card that the classic policy would have played in that
world counts more), which pulls the sample towards the deals the play
suggests; the worlds solved are drawn by those weights, since a few worlds
soon carry most of the weight and a solve costs far more than a weight.
Among cards of equal worth it shows its count (:mod:`.signals`).  Values
are the expected tricks of my partnership in this deal.
"""

from __future__ import annotations

from .dd import play_values
from .heuristic import card_text
from .sampling import KINDS, MATCH, Kind, PlayHistory, play_likelihood, sample_hands
from .search import SearchPlayer, representatives
from .signals import signal_group
from .view import View, card_int, read


class WhistExpert(SearchPlayer):
    budget = 0.6
    kinds = KINDS  # the model of the others (the reference: every player sensible, sampling.MATCH)
    signal: float | None = 0.95  # show my count within runs (signals.py); read the others' with this chance
    resample = 24  # each solved world drawn by its weight from this many sampled ones (0: weigh them instead)

    def _resampled(self, v: View, history: PlayHistory, size: int) -> dict[int, int]:
        """One world drawn from ``size`` sampled ones in proportion to their weights: the double-dummy
        solves go to the worlds the plays point to, not to many that count for little."""
        if size == 1:
            return sample_hands(v, self.rng)[0]
        pool = [sample_hands(v, self.rng)[0] for _ in range(size)]
        return self.rng.choices(pool, [history.likelihood(hands) for hands in pool])[0]

    def models(self) -> tuple[Kind, ...]:
        if self.signal is None or self.reference:
            return self.kinds
        return (*self.kinds, Kind(self.kinds[0].prior, MATCH, signal=self.signal))

    def choose(self, observation: dict, budget: float | None = None) -> str:
        """The search's card, or the card of its run that shows my count (every card of a suit I may
        play is legal, so the signal's is too)."""
        action = super().choose(observation, budget)
        if self.signal is None or self.reference or observation.get("decision") != "play":
            return action
        v = read(observation)
        return card_text(signal_group(card_int(action), v.hand, v.outside)[1])

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        reps = representatives(v, v.legal_mask())
        cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        weight = 0.0
        worlds = 0
        history = PlayHistory(v, self.models())
        # before any other seat has played, every world weighs the same: no pool to draw from
        pool_size = self.resample if any(history.steps.values()) else 1
        while self.more_worlds(worlds, deadline):
            if self.cheating:
                g = self.live_game()
                hands = dict(g.play.hands)
                w = 1.0
            elif self.reference:
                hands, _ = sample_hands(v, self.rng)
                w = play_likelihood(hands, v)
            elif self.resample:
                hands, w = self._resampled(v, history, pool_size), 1.0
            else:
                hands, _ = sample_hands(v, self.rng)
                w = history.likelihood(hands)
            vals = play_values(hands, [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
            for c in cands:
                totals[c] += w * vals[c]
            weight += w
            worlds += 1
            if self.cheating:
                break
        won = observation["tricks_won"][v.seat % 2]
        return {card_text(c): won + totals[reps[c]] / weight for c in reps}
