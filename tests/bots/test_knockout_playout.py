"""The compiled Knock-out playout plays the classic cards and values the lines as the Python one, on the same worlds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.classic import classic_card
from whistdrive.bots.knockout_expert import KnockoutExpert, compiled_values, python_values, quick_hands
from whistdrive.bots.knockout_odds import CLASSIC_ODDS, DEALER_WINS, Deal, odds_table
from whistdrive.bots.sampling import MATCH, Kind, sample_hands
from whistdrive.bots.view import read
from whistdrive.cards import FULL_MASK
from whistdrive.solver.knockout_playout import classic_knockout_card


def positions(players: int, games: int):
    """Every decision of some seeded games between intermediates and random players."""
    for seed in range(games):
        g = new_game("knockout", {"players": players}, seed=seed)
        bots = [make_player("random" if s % 2 else "intermediate", "knockout", seed=seed) for s in range(players)]
        while not g.is_over:
            obs = g.observation(g.current_seat)
            if len(obs["legal"]) > 1:
                yield obs
            g.apply(bots[g.current_seat].choose(obs))


@pytest.mark.parametrize("players", [2, 4, 7])
def test_compiled_and_python_classic_choose_the_same_cards(players):
    rng = random.Random(players)
    checked = 0
    for obs in positions(players, 6):
        v = read(obs)
        if v.decision != "play":
            continue
        hands, _ = sample_hands(v, rng)
        deal = Deal(hands, v.order, v.leader, v.trick, v.trump, {s: 0 for s in v.order}, v.played)
        while True:  # every card of the playout, one by one
            s, hand = deal.seat, deal.hands[deal.seat]
            outside = FULL_MASK & ~(hand | deal.gone)
            slow = classic_card(hand, deal.legal(), deal.trick, deal.trump, {s}, outside,
                                deal.seq[len(deal.trick) + 1:])
            trick = np.array([c for _, c in deal.trick] + [0] * (len(v.order) - len(deal.trick)), dtype=np.int64)
            fast = classic_knockout_card(hand, trick, len(deal.trick), deal.trump, outside, len(v.order))
            assert fast == slow, (obs, deal.hands, deal.trick)
            checked += 1
            if not deal.play(slow):
                break
    assert checked > 300


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_compiled_line_values_are_the_python_ones(players, depth):
    rng = random.Random(10 * players + depth)
    checked = 0
    for i, obs in enumerate(positions(players, 3)):
        if i % 3:
            continue
        v = read(obs)
        hands, _ = sample_hands(v, rng)
        cards = obs["hand_size"]
        cands = list(range(4)) if v.decision == "trump" else sorted({c for c in range(52) if v.hand >> c & 1
                                                                    and v.legal_mask() >> c & 1})
        slow = python_values(v, hands, cands, cards, depth)
        fast = compiled_values(v, hands, cands, cards, depth)
        assert fast == pytest.approx(slow, abs=1e-12), (obs, hands)
        mine = odds_table({k: (rng.random(), rng.random()) for k in DEALER_WINS})  # any chances of mine
        slow = python_values(v, hands, cands, cards, depth, mine)
        assert compiled_values(v, hands, cands, cards, depth, mine) == pytest.approx(slow, abs=1e-12)
        checked += 1
    assert checked > 10


def test_the_expert_values_its_cards_as_the_frozen_python_search_does():
    """Same seed, same worlds and weights: the compiled expert and the reference (Python playouts) agree."""
    for i, obs in enumerate(positions(4, 2)):
        if i % 4:
            continue
        new = KnockoutExpert("knockout", seed=i, worlds=6)
        new.quick_worlds, new.trump_inference = False, False  # the reference's worlds and weights
        new.kinds, new.odds = (Kind(1.0, MATCH),), CLASSIC_ODDS
        new = new.evaluate(obs)
        ref = KnockoutExpert("knockout", seed=i, worlds=6, reference=True).evaluate(obs)
        assert new == pytest.approx(ref, abs=1e-12)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_quick_worlds_fit_the_observation(players):
    from test_worlds import assert_world_fits

    rng = random.Random(players)
    dealt = 0
    for obs in positions(players, 8):
        v = read(obs)
        for _ in range(5):
            hands = quick_hands(v, rng)
            if hands is None:
                continue
            rest = [c for c in range(52) if v.unseen >> c & 1 and not any(h >> c & 1 for h in hands.values())]
            assert_world_fits(obs, hands, rest)
            dealt += 1
    assert dealt > 500


def test_quick_worlds_are_close_to_uniform_over_the_deals_that_fit():
    """Where two seats have voids, the chance of each card in a hand is within 2 points of the exact one (counted)."""
    from itertools import combinations

    checked = 0
    for obs in positions(3, 40):
        v = read(obs)
        others = [s for s in v.order if s != v.seat]
        if len(others) != 2 or sum(1 for s in others if v.voids.get(s)) < 2:
            continue
        a, b = others
        if max(v.hand_sizes[a], v.hand_sizes[b]) > 2:
            continue
        pool = cards_of_mask(v.unseen)
        exact, total = {}, 0
        for ha in combinations(pool, v.hand_sizes[a]):
            if any(c // 13 in v.voids[a] for c in ha):
                continue
            for hb in combinations([c for c in pool if c not in ha], v.hand_sizes[b]):
                if any(c // 13 in v.voids[b] for c in hb):
                    continue
                total += 1
                for c in ha:
                    exact[c] = exact.get(c, 0) + 1
        rng = random.Random(checked)
        seen, n = {}, 20000
        for _ in range(n):
            for c in cards_of_mask(quick_hands(v, rng)[a]):
                seen[c] = seen.get(c, 0) + 1
        for c in pool:
            assert seen.get(c, 0) / n == pytest.approx(exact.get(c, 0) / total, abs=0.02), (obs, c)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def cards_of_mask(m: int) -> list[int]:
    return [c for c in range(52) if m >> c & 1]


def test_a_world_where_the_dealer_would_have_chosen_the_trump_counts_more():
    from whistdrive.bots.knockout_expert import DealHistory
    from whistdrive.bots.sampling import KINDS, PlayHistory

    def trump_tally(hands, v):
        """The dealer's tally with the trump choice, less the same without it: (decisions, matched)."""
        d = obs["dealer"]
        deal, plays = DealHistory(v, KINDS), PlayHistory(v, KINDS)
        both, alone = deal.tally(d, hands[d]), plays.tally(d, hands[d])
        assert deal.likelihood(hands) / plays.likelihood(hands) == pytest.approx(both.likelihood() / alone.likelihood())
        ratio = both.likelihood() / alone.likelihood()  # 0.6 to 0.95 if the choice fits, under 0.14 if not
        return both.decisions - alone.decisions, ratio > 0.5 if both.decisions > alone.decisions else None

    checked = 0
    for seed in range(20):
        g = new_game("knockout", {"players": 4}, seed=seed)
        bots = [make_player("intermediate", "knockout", seed=seed) for _ in range(4)]
        while not g.is_over:
            obs = g.observation(g.current_seat)
            v = read(obs)
            if obs["deal_number"] == 2 and v.decision == "play" and obs["dealer"] != v.seat:
                true = {s: g.play.hands[s] for s in v.order}
                assert trump_tally(true, v) == (1, True)  # the intermediate dealer chose by strength
                rng = random.Random(seed)
                seen = {trump_tally(sample_hands(v, rng)[0], v) for _ in range(60)}
                assert seen == {(1, True), (1, False)}  # worlds where the dealer would have named another suit
                checked += 1
                break
            if obs["deal_number"] == 1 and v.decision == "play" and obs["dealer"] != v.seat:
                assert trump_tally({s: g.play.hands[s] for s in v.order}, v) == (0, None)  # a turned-up trump
            g.apply(bots[g.current_seat].choose(obs))
    assert checked >= 10
