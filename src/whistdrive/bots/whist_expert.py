"""Expert whist: sample the hidden hands, solve each world double-dummy, average.

Worlds respect everything the seat has seen: hand sizes, cards played, voids
shown and the dealer's turned-up trump while it is still in the dealer's hand.
Each world is weighted by how likely the opponents' and partner's earlier
plays were in it (a card that the classic policy would have played in that
world counts more), which pulls the sample towards the deals the play
suggests.  Values are the expected tricks of my partnership in this deal.
"""

from __future__ import annotations

from ..games.trick import legal_mask, winning_play
from .dd import my_tricks, play_values
from .heuristic import card_text
from .rules import card_cost, classic_card
from .sampling import KINDS, Tally, kinds_likelihood, play_likelihood, play_tallies, sample_hands
from .search import SearchPlayer, representatives
from .view import SUITS, View, read

FULL = (1 << 52) - 1


class WhistExpert(SearchPlayer):
    budget = 0.6
    kinds = KINDS  # the model of the others (the reference: every player sensible, sampling.MATCH)
    book_replies = False  # trial: the opponents still to play in this trick answer by the book, as far as they are book players
    book_line = 0  # trial: with this many tricks left or fewer, the book answers to the end of the deal (my side double-dummy)

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
                tallies = play_tallies(hands, v, self.kinds)
                w = kinds_likelihood(tallies)
            vals = play_values(hands, [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
            if self.book_replies and not self.reference and not self.cheating:
                line = v.tricks_left <= self.book_line
                p = book_chance(tallies, [0, 1, 2, 3] if line else v.still_to_play(), v.partners)
                if p > 0.01:
                    vals = {c: p * book_value(hands, v, c, line) + (1 - p) * vals[c] for c in cands}
            for c in cands:
                totals[c] += w * vals[c]
            weight += w
            worlds += 1
            if self.cheating:
                break
        won = observation["tricks_won"][v.seat % 2]
        return {card_text(c): won + totals[reps[c]] / weight for c in reps}


def book_chance(tallies: dict[int, Tally], later: list[int], partners: set[int]) -> float:
    """The chance, in this world, that every opponent still to play to this trick is a book player."""
    p = 1.0
    if not [s for s in later if s not in partners]:
        return 0.0
    for s in later:
        if s not in partners:
            t = tallies[s]
            j = max(range(len(t.kinds)), key=lambda i: t.kinds[i].match or 0.0)
            p *= t.kinds[j].prior * t.weights[j] / t.likelihood()
    return p


def partner_suit(v: View, seat: int) -> int | None:
    """The first plain suit the partner of ``seat`` led this deal (the intermediate's memory)."""
    partner = (seat + 2) % 4
    for t in v.obs.get("tricks", []):
        first = t["cards"][0]
        if first["seat"] == partner:
            s = SUITS.index(first["card"][-1])
            if s != v.trump:
                return s
    return None


def book_value(hands: dict[int, int], v: View, card: int, line: bool = False) -> float:
    """My side's tricks from this trick on after ``card``, the opponents answering by the book in this
    trick (my partner, if still to play, choosing double-dummy), double-dummy after it; with ``line``
    the book answers and my side's double-dummy choices go on to the end of the deal."""
    hands = dict(hands)
    hands[v.seat] &= ~(1 << card)
    trick = list(v.trick) + [(v.seat, card)]
    played = v.played | (1 << card)
    order = [0, 1, 2, 3]
    led = {s: partner_suit(v, (s + 2) % 4) for s in order}  # each seat's first plain lead so far
    leader, won = v.leader, 0
    while True:
        while len(trick) < 4:
            s = (leader + len(trick)) % 4
            if s in v.partners:
                vals = play_values(hands, order, leader, trick, v.trump, v.partners)
                if not line:
                    return won + max(vals.values())
                best = max(vals.values())
                c = min((c for c in vals if vals[c] >= best - 1e-9), key=lambda c: card_cost(c, v.trump))
            else:
                hand = hands[s]
                later = [(s + k) % 4 for k in range(1, 4 - len(trick))]
                legal = legal_mask(hand, trick[0][1] // 13 if trick else None)
                c = classic_card(hand, legal, trick, v.trump, {s, (s + 2) % 4}, FULL & ~(hand | played), later,
                                 True, led[(s + 2) % 4])
            if not trick and led[s] is None and c // 13 != v.trump:
                led[s] = c // 13
            hands[s] &= ~(1 << c)
            played |= 1 << c
            trick.append((s, c))
        leader = winning_play(trick, v.trump)[0]
        won += leader in v.partners
        trick = []
        if not line or not hands[leader]:
            return won + my_tricks(hands, order, leader, [], v.trump, v.partners)
