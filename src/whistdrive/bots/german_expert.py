"""Expert German Whist: exact in stage 2, Monte Carlo with exact leaves in stage 1.

Stage 2 is a game of perfect information (docs/rules.md#german-play), so every card is
scored by the double-dummy solve.  In stage 1 each simulation deals the
opponent's unseen cards and a stock order at random, plays the candidate
card, finishes stage 1 with the classic policy — which looks only at the
face-up prize, never at the stock below it, so every later draw is a chance
event to the players, not a known future (no clairvoyance) — and scores the
end of stage 1 with the exact stage-2 solve.  All candidates share the same
worlds in a round (common random numbers), which sharpens the comparison.

For the last tricks of stage 1 the classic policy is too crude: there each
world is solved exactly instead, both seats' later cards included, with the
world's stock order as the draws to come (each world deals its own, so over
the worlds the draws stay chance events).  Worlds are weighed by how many
histories of the opponent's face-down draws explain its old voids
(:mod:`.german_draws`).
"""

from __future__ import annotations

import random

import numpy as np

from ..cards import FULL_MASK
from ..games.german import deal_points
from ..games.trick import SUIT_MASKS, beats, legal_mask, winning_play
from ..solver import Position, side_one_tricks, values_german_stage1
from ..solver.playout import finish_stage1
from .classic import card_cost, classic_card, german_wants
from .dd import play_values
from .german_draws import DrawHistory
from .german_playout import policy_card
from .heuristic import card_text
from .sampling import sample_hands
from .search import SearchPlayer, representatives
from .view import View, card_int, read

EXACT_STOCK = 6  # the cheater solves stage 1 exactly (true stock order) from this many stock cards


class DealTerms:
    """The terms of the deal that its value depends on (how tricks count and score, following suit in
    stage 1, a low game), from the observation."""

    def __init__(self, obs: dict):
        o = obs["options"]
        self.count = o.get("count", "last13")
        self.scoring = o.get("scoring", "game")
        self.follow1 = o.get("follow_suit_stage1", True)
        self.low = bool(obs.get("low_game"))

    def window(self, me: int, won1: list[int], won2: list[int], left: int) -> tuple[int, int]:
        """The range of my future stage-2 tricks the solve must tell apart: under "game"
        scoring only the thresholds of winning (and drawing) matter, one or two null-window
        searches instead of an exact count."""
        if self.scoring != "game":
            return 0, left
        before = won2[me] + (won1[me] if self.count == "all26" else 0)
        other = won2[1 - me] + (won1[1 - me] if self.count == "all26" else 0)
        total = before + other + left
        # I take f more: mine = before + f, theirs = total - mine; outcome changes at
        # mine*2 == total (draw) and around it
        half = total // 2 - before
        lo = min(left, max(0, half - (0 if total % 2 else 1)))
        hi = min(left, max(0, half + 1))
        return lo, hi

    def value(self, me: int, won1: list[int], won2: list[int], margin: float = 0.01) -> float:
        """My score for the deal minus the opponent's, with ``margin`` per trick of counted margin."""
        counted = won2 if self.count == "last13" else [won1[0] + won2[0], won1[1] + won2[1]]
        winner, points = deal_points((counted[0], counted[1]), self.low, self.count, self.scoring)
        main = 0 if winner is None else (points if winner == me else -points)
        return main + margin * (counted[me] - counted[1 - me]) * (-1 if self.low else 1)


def want_prize(terms: DealTerms, prize: int | None, trump: int, stock_left: int, trick: list, legal: int) -> bool:
    """The playout's (and intermediate's) view of whether to fight for this trick."""
    if prize is None:
        return not terms.low
    if stock_left <= 2 and not terms.low:
        return True
    if terms.low:
        return prize // 13 != trump and prize % 13 <= 5
    if terms.count == "all26":
        return card_cost(prize, trump) >= 3
    cost = None
    if trick:
        w = winning_play(trick, trump)[1]
        m, costs = legal, []
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            if beats(c, w, trump):
                costs.append(card_cost(c, trump))
        cost = min(costs) if costs else None
    return german_wants(prize, trump, cost)


class World:
    """One full German Whist position: both hands, the stock (prize first), the trick."""

    __slots__ = ("hands", "stock", "trick", "leader", "done", "won1", "won2", "gone")

    def __init__(self, hands, stock, trick, leader, done, won1, won2, gone):
        self.hands, self.stock, self.trick, self.leader = hands, stock, trick, leader
        self.done, self.won1, self.won2, self.gone = done, won1, won2, gone

    def copy(self) -> World:
        return World(dict(self.hands), list(self.stock), list(self.trick), self.leader, self.done,
                     list(self.won1), list(self.won2), self.gone)

    def to_play(self) -> int:
        return self.leader if not self.trick else 1 - self.trick[0][0]

    def play(self, card: int, trump: int) -> None:
        s = self.to_play()
        self.hands[s] &= ~(1 << card)
        self.gone |= 1 << card
        self.trick.append((s, card))
        if len(self.trick) < 2:
            return
        w = winning_play(self.trick, trump)[0]
        if self.done < 13:
            self.won1[w] += 1
            if self.stock:
                self.hands[w] |= 1 << self.stock[0]
                self.hands[1 - w] |= 1 << self.stock[1]
                self.stock = self.stock[2:]
        else:
            self.won2[w] += 1
        self.done += 1
        self.trick = []
        self.leader = w


def playout_value(world: World, me: int, trump: int, terms: DealTerms, policy: str = "classic",
                  margin: float | None = None, rng: random.Random | None = None, spread: int | None = None) -> float:
    """Finish stage 1 with ``policy``, then solve stage 2 exactly.

    The leaf is the deal's score with ``margin`` per trick of counted margin; ``None`` is the frozen
    expert's leaf: only whether the deal is won (a null-window solve), the margin clamped to its window.
    ``spread`` widens that window by so many tricks each way (None with a margin: the exact count).
    """
    if policy != "classic" or margin is not None:
        return _playout_leaf(world, me, trump, terms, policy, margin, rng or random.Random(0), spread)
    while world.done < 13:
        s = world.to_play()
        hand = world.hands[s]
        led = world.trick[0][1] // 13 if world.trick else None
        legal = legal_mask(hand, led, terms.follow1)
        prize = world.stock[0] if world.stock else None
        want = want_prize(terms, prize, trump, len(world.stock), world.trick, legal)
        outside = FULL_MASK & ~(hand | world.gone)
        later = [1 - s] if not world.trick else []
        card = classic_card(hand, legal, world.trick, trump, {s}, outside, later, want)
        world.play(card, trump)
    if world.trick:  # only when called mid stage 2
        raise ValueError("playout must start stage 2 at a trick start")
    left = 26 - world.done
    lo, hi = terms.window(me, world.won1, world.won2, left)
    pos = Position([world.hands[0], world.hands[1]], trump, world.leader, (), (1 - me, me))
    future = side_one_tricks(pos, lo, hi)
    won2 = list(world.won2)
    won2[me] += future
    won2[1 - me] += left - future
    return terms.value(me, world.won1, won2)


def finish_compiled(world: World, trump: int, terms: DealTerms) -> None:
    """The classic policy to the end of stage 1, by the compiled kernel (the same cards as in Python)."""
    if world.done >= 13:
        return
    tseat, tcard = world.trick[0] if world.trick else (-1, -1)
    h0, h1, leader, w0, w1 = finish_stage1(
        world.hands[0], world.hands[1], np.array(world.stock, dtype=np.int64), world.leader, tseat, tcard,
        world.done, world.won1[0], world.won1[1], world.gone, trump, terms.follow1, terms.low,
        terms.count == "all26")
    world.hands = {0: int(h0), 1: int(h1)}
    world.leader, world.won1, world.done, world.stock, world.trick = int(leader), [int(w0), int(w1)], 13, [], []


def _playout_leaf(world: World, me: int, trump: int, terms: DealTerms, policy: str, margin: float | None,
                  rng: random.Random, spread: int | None) -> float:
    if policy == "compiled":
        finish_compiled(world, trump, terms)
    while world.done < 13:
        world.play(policy_card(policy, world, terms, trump, rng, want_prize), trump)
    left = 26 - world.done
    lo, hi = terms.window(me, world.won1, world.won2, left) if margin is None or spread is not None else (0, left)
    if margin is not None and spread is not None:
        lo, hi = max(0, lo - spread), min(left, hi + spread)
    pos = Position([world.hands[0], world.hands[1]], trump, world.leader, (), (1 - me, me))
    future = side_one_tricks(pos, lo, hi)
    won2 = list(world.won2)
    won2[me] += future
    won2[1 - me] += left - future
    return terms.value(me, world.won1, won2, 0.01 if margin is None else margin)


def exact_values(v: View, terms: DealTerms, hand0: int, hand1: int, stock: list[int],
                 cards: list[int] | None = None) -> dict[int, float]:
    """The deal's value of each legal card of mine (or only of ``cards``), the rest of the deal played
    exactly with this stock order."""
    count = "all26" if terms.count == "all26" else "stage2"
    me = v.seat
    done1 = list(v.obs["tricks_won"]["stage1"])
    total = 13 if count == "stage2" else 26 - len(v.obs["tricks"])
    lo, hi = terms.window(me, done1, [0, 0], total)  # under "game" scoring only winning (or drawing) matters
    tricks = values_german_stage1(hand0, hand1, stock, v.trump, v.leader, [c for _, c in v.trick], count,
                                  terms.follow1, lo, hi, cards)
    out = {}
    for card, mine in tricks.items():
        won1, won2 = done1, [0, 0]
        won2[me], won2[1 - me] = mine, total - mine
        if count == "all26":  # the future already includes the rest of stage 1
            won1 = [0, 0]
            won2[me] += done1[me]
            won2[1 - me] += done1[1 - me]
        out[card] = terms.value(me, won1, won2)
    return out


def live_world(g, v: View, rng: random.Random) -> World:
    """The live deal's hands with the stock below the prize reshuffled: the cheater's world (its
    order is solved later), the draws still chance events."""
    p = g.play
    rest = list(g.stock[1:])
    rng.shuffle(rest)
    return World(dict(p.hands), g.stock[:1] + rest, list(p.trick), p.leader, len(p.tricks),
                 g.tricks_won(1), g.tricks_won(2), v.played)


class GermanExpert(SearchPlayer):
    """Exact stage 2; stage 1 by sampling worlds whose stock draws stay chance events.

    ``policy`` plays out the rest of stage 1 and ``margin`` weighs each trick of counted margin in a
    leaf (see :func:`playout_value`); from ``endgame`` stock cards on, each world is solved exactly
    instead (:func:`exact_values`); ``draw_history`` weighs the worlds.  The frozen reference
    (``reference=True``) keeps the classic playout, the won-or-lost leaf and the plain sampler.
    """

    policy = "compiled"  # the classic policy, compiled: the same cards, a third of the time (docs/lab/bots-german.md)
    margin: float | None = None  # counting the tricks (1.0) separates close cards in fewer worlds, but did not
    # win measurably more games (docs/lab/bots-german.md): the won-or-lost leaf stays
    spread: int | None = None
    endgame = 4  # from this many stock cards on, each world plays the rest of stage 1 exactly (docs/lab/bots-german.md)
    draw_history = True  # weigh each world by the opponent's old voids and its face-down draws since (german_draws)

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        v = read(observation)
        terms = DealTerms(observation)
        if observation["stage"] == 2:
            return self._stage2(v, terms)
        if self.cheating and observation["stock_size"] <= EXACT_STOCK and not terms.low:
            return self._stage1_known_stock(v, terms)
        return self._stage1(v, terms, self.deadline(budget))

    def _stage1_known_stock(self, v: View, terms: DealTerms) -> dict[str, float]:
        """The cheater near the end of stage 1: solved exactly with the true stock order."""
        g = self.live_game()
        p = g.play
        values = exact_values(v, terms, p.hands[0], p.hands[1], list(g.stock))
        return {card_text(c): x for c, x in values.items()}

    def _stage2(self, v: View, terms: DealTerms) -> dict[str, float]:
        me, other = v.seat, 1 - v.seat
        hands = {me: v.hand, other: v.known.get(other, 0)}
        if self.cheating:
            g = self.live_game()
            hands = {0: g.play.hands[0], 1: g.play.hands[1]}
        values = play_values(hands, [0, 1], v.leader, v.trick, v.trump, {me})
        won1 = list(v.obs["tricks_won"]["stage1"])
        done2 = list(v.obs["tricks_won"]["stage2"])
        left = v.tricks_left
        out = {}
        for card, mine in values.items():
            won2 = list(done2)
            won2[me] += mine
            won2[other] += left - mine
            out[card_text(card)] = terms.value(me, won1, won2)
        return out

    def _world(self, v: View, rng: random.Random) -> World:
        if self.cheating:
            return live_world(self.live_game(), v, rng)
        hands, rest = sample_hands(v, rng)  # rest: the stock below the prize
        stock = [card_int(v.obs["prize"])] + rest
        return World(hands, stock, list(v.trick), v.leader, len(v.obs["tricks"]),
                     list(v.obs["tricks_won"]["stage1"]), list(v.obs["tricks_won"]["stage2"]), v.played)

    def _stage1(self, v: View, terms: DealTerms, deadline: float) -> dict[str, float]:
        legal = v.legal_mask()
        # the face-up prize goes to a hand after this trick: cards it separates are not equivalent
        reps = representatives(v, legal, None if self.reference else v.outside | v.excluded)
        cands = sorted(set(reps.values()))
        totals = dict.fromkeys(cands, 0.0)
        other = 1 - v.seat
        history = None if self.reference or self.cheating or not self.draw_history else DrawHistory(v)
        exact = not self.reference and not terms.low and v.obs["stock_size"] <= self.endgame
        rounds, tries, weight = 0, 0, 0.0
        while self.more_worlds(rounds, deadline):
            world = self._world(v, self.rng)
            tries += 1
            w = 1.0 if history is None else history.weight(world.hands[other] & ~v.known.get(other, 0))
            if not w:
                if tries < 50 * (rounds + 1):
                    continue  # no history explains it (the sampler knows only the voids since the last draw)
                w = 1.0  # after many rejections, keep it at a weight far below any real count (13! and up)
            values = self._world_values(world, v, terms, cands, exact)
            for c in cands:
                totals[c] += w * values[c]
            weight += w
            rounds += 1
        return {card_text(c): totals[reps[c]] / weight for c in reps}

    def _world_values(self, world: World, v: View, terms: DealTerms, cands: list[int], exact: bool) -> dict[int, float]:
        """Each candidate's value in one world: the rest of stage 1 solved exactly, or played out."""
        if exact:  # the candidates only: an equivalent card has its representative's value
            return exact_values(v, terms, world.hands[0], world.hands[1], world.stock, cands)
        trump = v.trump
        assert trump is not None  # German Whist: the suit of the turned-up card
        out = {}
        for c in cands:
            x = world.copy()
            x.play(c, trump)
            if self.reference:
                out[c] = playout_value(x, v.seat, trump, terms)
            else:
                out[c] = playout_value(x, v.seat, trump, terms, self.policy, self.margin, self.rng, self.spread)
        return out


__all__ = ["GermanExpert", "DealTerms", "World", "playout_value", "SUIT_MASKS"]
