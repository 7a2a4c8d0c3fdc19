"""Expert Humbug Whist: sampled deals of the four places, each solved double dummy, averaged.

Once the exchange is over, Humbug Whist is a 13-against-13 two-hand ending
with trump, so every sampled world is solved exactly by the two-hand kernel.
The exchange is searched the same way: each world deals the unseen cards to
the other three places (the turned-up card stays in the dealer's dealt
hand), each choice is played out to its two final hands — the dealer's reply
to the non-dealer's choice taken from the hand-strength rule — and the deal
is solved.  Worlds are weighted by how likely the other player's exchange
was with the hand they had (:func:`keep_probability`: a kept hand is likely
good, a hand laid aside likely poor, which leaves the widows a little
richer) and, in play, by how likely their cards were under the classic
policy.  Values are the deal's
points for me minus the other's, scored as whist scores them (honours, the
target − 1 rule, game on tricks), with a hundredth of the trick margin to
break ties.
"""

from __future__ import annotations

import random
from functools import partial

import numpy as np

from ..cards import FULL_MASK
from ..games.trick import SUIT_MASKS, beats, legal_mask
from ..games.whist_scoring import RubberScore, score_deal
from ..solver import run_on_two_hand_table, solve_two_hand
from ..solver.humbug_worlds import play_worlds
from .classic import card_cost, classic_card
from .heuristic import card_text
from .humbug_exchange import (
    AVERAGE_HAND,
    BASE,
    PLAIN_HONOURS,
    SPREAD,
    TRUMP_HONOURS,
    TRUMP_LENGTH,
    VOID,
    exchange_choice,
    keep_probability,
)
from .sampling import MATCH, Kind, NoWorld
from .search import SearchPlayer, representatives
from .view import View, card_int, cards_of, popcount, read

WIDOWS = ("left", "right")
KINDS = (Kind(0.5, MATCH, SPREAD), Kind(0.5, 0.95, 0.25))
"""Who the other player may be: a sensible player who often plays otherwise than the book, or one
who plays by the book and the hand count (the rule-based levels, many people).  The kind is
inferred with the hand, from the same plays (:data:`.sampling.KINDS` says why)."""
REFERENCE_KINDS = (Kind(1.0, MATCH, SPREAD),)  # the frozen expert's model: a sensible player only
HAND_COUNT = np.array([BASE, TRUMP_LENGTH, *TRUMP_HONOURS, *PLAIN_HONOURS, VOID, AVERAGE_HAND])  # for the kernel
BATCH = 16  # worlds a compiled call: about a millisecond, so the clock is read often enough


class DealScore:
    """The deal's value for a seat, from the score sheet as it stands (whist scoring, one player a side)."""

    def __init__(self, obs: dict):
        o = obs["options"]
        self.target, self.honours, self.bonus = o["target"], o["honours"], o["rubber_bonus"]
        self.start = list(obs["score"]["game_points"])
        self._cache: dict[tuple, float] = {}

    def value(self, me: int, my_tricks: int, my_honours: int, their_honours: int) -> float:
        key = (me, my_tricks, my_honours, their_honours)
        v = self._cache.get(key)
        if v is None:
            score = RubberScore(self.target, self.honours, self.bonus, game_points=list(self.start))
            tricks, held = [0, 0], [0, 0]
            tricks[me], tricks[1 - me] = my_tricks, 13 - my_tricks
            held[me], held[1 - me] = my_honours, their_honours
            points = score_deal(score, tricks, held)["points"]
            v = self._cache[key] = points[me] - points[1 - me] + 0.01 * (2 * my_tricks - 13)
        return v


def honours_in(hand: int, trump: int) -> int:
    return sum(hand >> (13 * trump + r) & 1 for r in (9, 10, 11, 12))


class HumbugExpert(SearchPlayer):
    budget = 0.6

    kinds = KINDS  # the model of the other player (the reference: a sensible player only, MATCH and SPREAD)

    def choose(self, observation: dict, budget: float | None = None) -> str:
        if observation.get("decision") == "play" and len(observation["legal"]) > 1:
            v = read(observation)
            if len(set(representatives(v, v.legal_mask()).values())) == 1:  # all the same: keep the better cards
                return min(observation["legal"], key=lambda a: card_cost(card_int(a), v.trump))
        return super().choose(observation, budget)

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        deadline = self.deadline(budget)
        score = DealScore(observation)
        if v.decision == "exchange":
            return self._exchange(v, observation, score, deadline)
        return self._play(v, observation, score, deadline)

    # --- the exchange ---------------------------------------------------------
    def _places(self, v: View, obs: dict) -> tuple[dict[str, int], float]:
        """The dealt places (``dealer``, ``non``, ``left``, ``right``) of one world, and its weight."""
        me, dealer = v.seat, obs["dealer"]
        assert v.trump is not None  # turned up before the exchange
        if self.cheating:
            assert self.true_game is not None
            g = self.true_game()
            p = g.places
            return {"dealer": p[0], "left": p[1], "non": p[2], "right": p[3]}, 1.0
        turned = card_int(obs["trump_card"])
        pool = cards_of(FULL_MASK & ~v.hand & ~(1 << turned))
        self.rng.shuffle(pool)
        masks = [_mask(pool[0:13]), _mask(pool[13:26]), _mask(pool[26:])]
        if me == dealer:  # the turned-up card is in my hand: the three other places share the rest
            places = {"dealer": v.hand, "non": masks[2], "left": masks[0], "right": masks[1]}
        else:
            places = {"non": v.hand, "dealer": masks[2] | 1 << turned, "left": masks[0], "right": masks[1]}
        weight = 1.0
        if obs["exchanges"]:  # the non-dealer's choice tells about the hand it was dealt, whatever its kind
            kept = obs["exchanges"][0]["choice"] == "keep"
            weight = 0.0
            for k in REFERENCE_KINDS if self.reference else self.kinds:
                keep = keep_probability(places["non"], v.trump, obs["options"]["honours"], k.spread or SPREAD)
                weight += k.prior * (keep if kept else 1.0 - keep)
        return places, weight

    def _exchange(self, v: View, obs: dict, score: DealScore, deadline: float) -> dict[str, float]:
        me, dealer, trump = v.seat, obs["dealer"], v.trump
        assert trump is not None
        honours_on = obs["options"]["honours"]
        legal = obs["legal"]
        totals = dict.fromkeys(legal, 0.0)
        weight, worlds = 0.0, 0
        while self.more_worlds(worlds, deadline):
            places, w = self._places(v, obs)
            if w > 0:
                values = {c: self._outcome(places, c, me, dealer, trump, honours_on, obs, score) for c in legal}
                if "left" in legal and "right" in legal and not self.cheating:  # unseen widows: alike on average
                    values["left"] = values["right"] = (values["left"] + values["right"]) / 2
                for c in legal:
                    totals[c] += w * values[c]
                weight += w
            worlds += 1
            if self.cheating:
                break
        return {c: totals[c] / weight for c in legal} if weight else dict.fromkeys(legal, 0.0)

    @staticmethod
    def _outcome(places: dict[str, int], choice: str, me: int, dealer: int, trump: int, honours_on: bool,
                 obs: dict, score: DealScore) -> float:
        """My deal value when I choose ``choice`` in this world."""
        mine = "dealer" if me == dealer else "non"
        hand = places[mine] if choice == "keep" else places[choice]
        if me == dealer:
            nd = obs["exchanges"][0]["choice"]
            other = places["non"] if nd == "keep" else places[nd]
        else:  # the dealer answers by the hand-strength rule among what I left
            offered = ["keep"] + [w for w in WIDOWS if w != choice]
            reply = exchange_choice(places["dealer"], trump, honours_on, offered)
            other = places["dealer"] if reply == "keep" else places[reply]
        nd_hand, d_hand = (other, hand) if me == dealer else (hand, other)
        nd_tricks = solve_two_hand(nd_hand, d_hand, trump, 0)  # the non-dealer leads
        my_tricks = 13 - nd_tricks if me == dealer else nd_tricks
        return score.value(me, my_tricks, honours_in(hand, trump), honours_in(other, trump))

    # --- the play -------------------------------------------------------------
    def _play(self, v: View, obs: dict, score: DealScore, deadline: float) -> dict[str, float]:
        if not (self.reference or self.cheating):
            return self._play_compiled(v, obs, score, deadline)
        me, other = v.seat, 1 - v.seat
        reps = representatives(v, v.legal_mask())
        cands = sorted(set(reps.values()))
        plays = _plays(obs)
        played_by = {0: 0, 1: 0}
        for s, c in plays:
            played_by[s] |= 1 << c
        they_kept = any(e["seat"] == other and e["choice"] == "keep" for e in obs["exchanges"])
        assert v.trump is not None
        honours_on = obs["options"]["honours"]
        turned_out = card_int(obs["trump_card"]) if obs["trump_card_place"] == "out" and other == obs["dealer"] else None
        my_honours = honours_in(v.hand | played_by[me], v.trump)
        pool = _Pool(v, other)
        totals = dict.fromkeys(cands, 0.0)
        weight, worlds = 0.0, 0
        while self.more_worlds(worlds, deadline):
            if self.true_game is not None:  # the cheater
                hands, w = dict(self.true_game().play.hands), 1.0
            else:
                theirs, rest = pool.deal(self.rng)
                hands = {me: v.hand, other: theirs}
                w = _likelihood(theirs | played_by[other], other, plays, v.trump, v.excluded)
                if they_kept:  # a kept hand was worth keeping
                    w *= keep_probability(theirs | played_by[other], v.trump, honours_on)
                else:  # the hand they laid aside was not; it is among the cards out of play
                    w *= 1.0 - keep_probability(_laid_aside(rest, turned_out), v.trump, honours_on)
            if w > 0:
                their_honours = honours_in(hands[other] | played_by[other], v.trump)
                won = v.tricks_won[me]
                for c in cands:
                    mine = _my_tricks(hands, me, v.leader, v.trick, v.trump, c)
                    totals[c] += w * score.value(me, won + mine, my_honours, their_honours)
                weight += w
            worlds += 1
            if self.cheating:
                break
        if not weight:
            return {card_text(c): 0.0 for c in reps}
        return {card_text(c): totals[reps[c]] / weight for c in reps}

    def _play_compiled(self, v: View, obs: dict, score: DealScore, deadline: float) -> dict[str, float]:
        """The same worlds, weights and values as the Python loop (the frozen reference's), dealt the
        same way but weighed and solved in batches by the compiled kernel
        (:mod:`whistdrive.solver.humbug_worlds`): about three times the worlds in the same time, which is
        where the play gains."""
        me, other = v.seat, 1 - v.seat
        assert v.trump is not None
        reps = representatives(v, v.legal_mask())
        cands = sorted(set(reps.values()))
        plays = _plays(obs)
        played_other = _mask([c for s, c in plays if s == other])
        my_honours = honours_in(v.hand | _mask([c for s, c in plays if s == me]), v.trump)
        they_kept = any(e["seat"] == other and e["choice"] == "keep" for e in obs["exchanges"])
        turned_out = card_int(obs["trump_card"]) if obs["trump_card_place"] == "out" and other == obs["dealer"] else None
        pool = _Pool(v, other)
        won = v.tricks_won[me]
        values = np.zeros((14, 5))
        for t in range(popcount(v.hand) + 1):
            for h in range(5):
                values[t, h] = score.value(me, won + t, my_honours, h)
        seats = np.array([s for s, _ in plays], dtype=np.int64)
        cards = np.array([c for _, c in plays], dtype=np.int64)
        tcard = v.trick[0][1] if v.trick else -1
        priors, matches, spreads = (np.array(x, dtype=np.float64) for x in zip(*(
            (k.prior, k.match, k.spread) for k in self.kinds)))
        honours_on = bool(obs["options"]["honours"])
        cand_array = np.array(cands, dtype=np.int64)
        totals = np.zeros(len(cands))
        weight, worlds = 0.0, 0
        while self.more_worlds(worlds, deadline):
            n = BATCH if self.worlds is None else min(BATCH, self.worlds - worlds)
            theirs, aside = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
            for i in range(n):
                theirs[i], rest = pool.deal(self.rng)
                if not they_kept:
                    aside[i] = _laid_aside(rest, turned_out)
            weight = run_on_two_hand_table(partial(  # the kernel adds the table's epoch and arrays
                play_worlds, theirs, aside, they_kept, v.hand, me, played_other, seats, cards, v.trump, v.excluded,
                priors, matches, spreads, honours_on, HAND_COUNT, tcard, cand_array, values, totals, weight))
            worlds += n
        if not weight:
            return {card_text(c): 0.0 for c in reps}
        return {card_text(c): float(totals[cands.index(reps[c])] / weight) for c in reps}


class _Pool:
    """The other player's hidden cards: a uniform draw from the unseen cards of the suits they may
    still hold (the rest of the unseen cards are out of play, unconstrained), plus the cards known."""

    def __init__(self, v: View, other: int):
        unseen = v.unseen
        void = 0
        for s in v.voids.get(other, ()):
            void |= SUIT_MASKS[s]
        self.known = v.known.get(other, 0)
        self.need = v.hand_sizes[other] - popcount(self.known)
        allowed = unseen & ~void
        if popcount(allowed) < self.need:  # the observation contradicts itself: a bug to see, not to hide
            raise NoWorld(f"seat {other} needs {self.need} unseen cards outside its voids, only {popcount(allowed)} fit")
        self.allowed = cards_of(allowed)
        self.barred = cards_of(unseen & ~allowed)

    def deal(self, rng: random.Random) -> tuple[int, list[int]]:
        """Their hand, and the unseen cards left out of it (shuffled)."""
        cards = self.allowed[:]
        rng.shuffle(cards)
        rest = cards[self.need:] + self.barred
        rng.shuffle(rest)
        return self.known | _mask(cards[:self.need]), rest


def _my_tricks(hands: dict[int, int], me: int, leader: int, trick: list[tuple[int, int]], trump: int,
               card: int) -> int:
    """My tricks from the current trick on if I play ``card`` and both then play perfectly."""
    other = 1 - me
    mine = hands[me] & ~(1 << card)
    if not trick:  # I lead: the other answers, then a two-hand solve from the trick's end
        left = popcount(hands[me])
        h = {me: mine, other: hands[other]}
        return left - solve_two_hand(h[0], h[1], trump, me, [(me, card)])
    winner = me if beats(card, trick[0][1], trump) else other
    rem = popcount(mine)
    took = 1 if winner == me else 0
    if not rem:
        return took
    h = {me: mine, other: hands[other]}
    future = solve_two_hand(h[0], h[1], trump, winner)
    return took + (future if winner == me else rem - future)


def _plays(obs: dict) -> list[tuple[int, int]]:
    """Every card played in this deal, in order: (seat, card)."""
    cards = [p for t in obs["tricks"] for p in t["cards"]] + list(obs["trick"])
    return [(p["seat"], card_int(p["card"])) for p in cards]


def _likelihood(dealt: int, seat: int, plays: list[tuple[int, int]], trump: int, gone: int,
                match: float = MATCH) -> float:
    """How likely ``seat``'s plays were had it held ``dealt`` at the start of play (the classic play
    counts ``match``, any other legal card shares the rest), up to a constant."""
    hand = dealt
    weight = 1.0
    for k in range(0, len(plays), 2):
        trick = plays[k:k + 2]
        for i, (s, c) in enumerate(trick):
            if s == seat:
                legal = legal_mask(hand, trick[0][1] // 13 if i else None)
                choices = popcount(legal)
                if choices > 1:
                    later = [] if i else [1 - seat]
                    guess = classic_card(hand, legal, trick[:i], trump, {seat}, FULL_MASK & ~(hand | gone), later)
                    weight *= match if guess == c else (1 - match) / (choices - 1)
                hand &= ~(1 << c)
            gone |= 1 << c
    return weight


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _laid_aside(rest: list[int], turned_out: int | None) -> int:
    """The other player's laid-aside hand in a world: 13 of the cards out of play (shuffled), with the
    turned-up card when it was the dealer who laid its hand aside."""
    if turned_out is None:
        return _mask(rest[:13])
    return _mask(rest[:12]) | 1 << turned_out


__all__ = ["DealScore", "HumbugExpert"]
