"""Expert Knock-out Whist: sampled worlds, playouts, scored by the chance of winning the game.

Several players each play for themselves, so a two-sided solve is the wrong
model (it would make every opponent gang up on me).  Instead each candidate
card (or trump suit) is tried in many sampled worlds — each weighted by how
likely the others' plays so far were in it — and the deal is played out: my
next decision is searched (:data:`LOOKAHEAD`), everything else is the
classic policy, which is how the others play.  The deal is scored by my
chance of winning the game after it (:mod:`.knockout_odds`): knocked out is
0, and taking the most tricks — the next deal, its trump and its lead — is
worth much more than just surviving.

The playouts are compiled (:mod:`whistdrive.solver.knockout_playout`, the
same cards and values); a world also counts more when the dealer's choice of
trump fits it (:class:`DealHistory`).  ``reference=True`` (the level ``expert-2026.11``)
keeps the Python playouts, the careful sampler and the plays-only weights.
"""

from __future__ import annotations

import random

import numpy as np

from ..cards import FULL_MASK
from ..solver.knockout_playout import world_values
from .classic import top_of_sequence_low
from .heuristic import card_text, trump_by_strength
from .knockout_odds import CLASSIC_ODDS, EXPERT_ODDS, Deal, deal_value
from .sampling import KINDS, Kind, PlayHistory, Tally, play_likelihood, sample_hands
from .search import SearchPlayer, representatives
from .view import SUITS, View, cards_of, popcount, read

LOOKAHEAD = 1
"""How many of my later decisions in a deal are searched in each world (the rest are classic play).

Measured with the cheater (true deal, 1,600 games against three
intermediates): classic play for my later cards wins 1.85x the fair share,
one searched decision 2.15x; a second added 0.08x in a trial.  The honest
expert is another matter: each world then plays my later cards knowing every
hand, which flatters lines that need a guess.  Issue 14, with the compiled
playout (every later decision searched now costs little): searching all of
them won 1.34x against 1.35x with one (100 worlds a move, 200 deals, seed 15,
deal by deal −0.2 points of win share [−2.8, +2.3]), so one it stays.
"""


def line_value(deal: Deal, me: int, cards: int, depth: int, odds: np.ndarray = CLASSIC_ODDS) -> float:
    """My chance of winning the game after this deal, my next ``depth`` decisions chosen best."""
    if not deal.run(stop=me if depth else None):
        return deal_value(me, deal.won, cards, odds)
    legal = deal.legal()
    outside = FULL_MASK & ~(deal.hands[me] | deal.gone)
    best = 0.0
    for c in {top_of_sequence_low(c, legal, outside) for c in cards_of(legal)}:
        d = deal.copy()
        d.play(c)
        best = max(best, line_value(d, me, cards, depth - 1, odds))
    return best


def python_values(v: View, hands: dict[int, int], cands: list[int], cards: int,
                  depth: int = LOOKAHEAD, odds: np.ndarray = CLASSIC_ODDS) -> list[float]:
    """:func:`line_value` of each candidate in one world (a card to play, or a trump suit), played in Python
    with ``depth`` decisions of mine searched."""
    won0 = {s: v.tricks_won.get(s, 0) for s in v.order}
    out = []
    for c in cands:
        if v.decision == "trump":
            deal = Deal(hands, v.order, v.leader, [], c, won0, v.played)
        else:
            deal = Deal(hands, v.order, v.leader, v.trick, v.trump, won0, v.played)
            deal.play(c)
        out.append(line_value(deal, v.seat, cards, depth, odds))
    return out


def compiled_values(v: View, hands: dict[int, int], cands: list[int], cards: int, depth: int,
                    odds: np.ndarray = CLASSIC_ODDS) -> list[float]:
    """:func:`line_value` of each candidate in one world, by the compiled playout (the same values)."""
    n = len(v.order)
    hs = np.array([hands[s] for s in v.order], dtype=np.int64)
    won = np.array([v.tricks_won.get(s, 0) for s in v.order], dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    for k, (_, c) in enumerate(v.trick):
        trick[k] = c
    choosing = v.decision == "trump"
    return list(world_values(hs, won, trick, v.order.index(v.leader), len(v.trick), v.played,
                             -1 if choosing else v.trump, n, v.order.index(v.seat), cards,
                             np.array(cands, dtype=np.int64), choosing, depth, odds))


def quick_hands(v: View, rng: random.Random) -> dict[int, int] | None:
    """A world dealt fast: each other seat draws its cards at random from the unseen cards it may hold.

    Seats with the most voids draw first; the rest of the unseen cards stay
    undealt.  Drawing in turn favours some deals when two seats have voids,
    but most unseen cards are undealt in Knock-out, so the chance of each card
    in each hand stays within a point or two of the exact one (tested).  None
    when a seat is left too few cards it may hold (the caller then deals the
    careful way, :func:`.sampling.sample_hands`).
    """
    left = cards_of(v.unseen)
    seats = sorted((s for s in v.order if s != v.seat), key=lambda s: -len(v.voids.get(s, ())))
    hands = {v.seat: v.hand}
    for s in seats:
        need = v.hand_sizes.get(s, 0) - popcount(v.known.get(s, 0))
        voids = v.voids.get(s)
        allowed = [c for c in left if c // 13 not in voids] if voids else left
        if len(allowed) < need:
            return None
        m = v.known.get(s, 0)
        for c in rng.sample(allowed, need):
            m |= 1 << c
        hands[s] = m
        left = [c for c in left if not m >> c & 1]
    return hands


class DealHistory(PlayHistory):
    """The others' plays in this deal and, when the dealer chose trump after seeing their hand (every
    deal but the first), that choice as one more decision of theirs (4 choices).

    Such a dealer usually names their longest, strongest suit
    (:func:`.heuristic.trump_by_strength`), so a world where that suit is
    trump counts more — the same kind of evidence as the plays, and like
    them it depends on the dealer's hand alone, so each hand is tallied once.
    """

    def __init__(self, v: View, kinds: tuple[Kind, ...]):
        super().__init__(v, kinds)
        dealer = v.obs.get("dealer")
        chose = v.obs.get("trump_card") is None and v.trump is not None
        self.chooser = dealer if chose and dealer in self.steps else None

    def tally(self, s: int, hand: int) -> Tally:
        out = super().tally(s, hand)
        if s == self.chooser:
            out.add(4, trump_by_strength(hand | self.played(s)) == self.trump)  # the hand as dealt
        return out


class KnockoutExpert(SearchPlayer):
    budget = 0.6
    lookahead = LOOKAHEAD  # my own decisions searched in each world (the reference: always LOOKAHEAD)
    quick_worlds = False  # deal worlds by quick_hands (worse than the careful sampler at equal worlds and at equal time, so off)
    trump_inference = True  # weigh worlds by the dealer's choice of trump too (not the reference)
    kinds = KINDS  # the model of the others (the reference: every player sensible, sampling.MATCH)
    odds = EXPERT_ODDS  # my chances after a deal, as its dealer or not (the reference: classic play for all)

    def _world(self, v: View, history: PlayHistory | None) -> tuple[dict[int, int], float]:
        """A deal consistent with what I have seen, and its weight (``history``: the others' plays,
        read once for the decision; None for the reference)."""
        if self.cheating:
            g = self.live_game()
            return {s: g.play.hands[s] for s in v.order}, 1.0
        if self.quick_worlds and not self.reference:
            hands = quick_hands(v, self.rng)
            if hands is None:
                hands, _ = sample_hands(v, self.rng)
        else:
            hands, _ = sample_hands(v, self.rng)
        if history is None:
            return hands, play_likelihood(hands, v)
        return hands, history.likelihood(hands)

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        cards = observation["hand_size"]
        if v.decision == "trump":
            cands = list(range(4))
        else:
            reps = representatives(v, v.legal_mask())
            cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        history = (None if self.reference
                   else DealHistory(v, self.kinds) if self.trump_inference else PlayHistory(v, self.kinds))
        rounds = 0
        weight = 0.0
        while self.more_worlds(rounds, deadline):
            hands, w = self._world(v, history)
            values = (python_values(v, hands, cands, cards) if self.reference
                      else compiled_values(v, hands, cands, cards, self.lookahead, self.odds))
            for c, x in zip(cands, values):
                totals[c] += w * x
            rounds += 1
            weight += w
            if self.cheating:  # one true world, deterministic playouts
                break
        if v.decision == "trump":
            return {SUITS[s]: totals[s] / weight for s in cands}
        return {card_text(c): totals[reps[c]] / weight for c in reps}
