"""The Knock-out value of a deal: the measured dealer odds and the chance of winning built on them."""

import random
from math import comb

import pytest

from whistdrive.bots.knockout_odds import DEALER_WINS, deal_value, dealer_won_game, odds_table


@pytest.mark.parametrize("players", range(2, 8))
def test_one_card_dealer_odds_match_the_count(players):
    """One card each: the dealer makes its card's suit trump and leads it, and wins unless another
    player holds a higher card of that suit — a hypergeometric count, independent of the table."""
    exact = sum(comb(51 - (12 - r), players - 1) for r in range(13)) / 13 / comb(51, players - 1)
    assert DEALER_WINS[(1, players)] == pytest.approx(exact, abs=0.01)


@pytest.mark.parametrize("cards,players", [(2, 2), (3, 3), (5, 4)])
def test_the_table_agrees_with_a_fresh_measurement(cards, players):
    games = 1500
    rng = random.Random(1000 + cards * 10 + players)  # not the seed the table was built with
    p = sum(dealer_won_game(cards, players, rng) for _ in range(games)) / games
    sigma = (p * (1 - p) / games) ** 0.5
    assert abs(p - DEALER_WINS[(cards, players)]) < 4 * sigma + 0.007


def test_dealing_matters_more_with_fewer_cards_and_players():
    for players in range(2, 8):
        assert all(DEALER_WINS[(k, players)] > DEALER_WINS[(k + 1, players)] for k in range(1, 6))
    for cards in range(1, 7):
        assert all(DEALER_WINS[(cards, p)] > DEALER_WINS[(cards, p + 1)] for p in range(2, 7))
        assert DEALER_WINS[(cards, 2)] > 0.5


@pytest.mark.parametrize("won", [{0: 2, 1: 1, 2: 1, 3: 0}, {0: 1, 1: 1, 2: 1, 3: 1}, {0: 0, 1: 3, 2: 1, 3: 0},
                                 {0: 0, 1: 4, 2: 0, 3: 0}, {0: 2, 1: 2, 2: 0, 3: 0}, {0: 3, 1: 1}])
def test_the_chances_of_all_players_add_up_to_one(won):
    cards = sum(won.values())
    assert sum(deal_value(s, won, cards) for s in won) == pytest.approx(1.0)


def test_out_is_nothing_last_standing_is_everything_and_the_lead_is_worth_more_than_a_tie():
    assert deal_value(3, {0: 2, 1: 1, 2: 1, 3: 0}, 4) == 0.0
    assert deal_value(1, {0: 0, 1: 4, 2: 0, 3: 0}, 4) == 1.0
    alone = deal_value(0, {0: 2, 1: 1, 2: 0}, 3)
    tied = deal_value(0, {0: 1, 1: 1, 2: 1}, 3)
    behind = deal_value(1, {0: 2, 1: 1, 2: 0}, 3)
    assert alone == pytest.approx(DEALER_WINS[(2, 2)])
    assert alone > tied > 0 and alone > behind > 0


def test_deal_on_masks_plays_like_the_engine():
    """Intermediates play the classic card, so the mask Deal run from each deal's start takes the same
    tricks as the engine's deal did (trick winners, leads and the end of the deal agree)."""
    from whistdrive import new_game
    from whistdrive.bots import make_player
    from whistdrive.bots.knockout_odds import Deal

    checked = 0
    for seed in range(8):
        g = new_game("knockout", {"players": 4}, seed=seed)
        bots = [make_player("intermediate", "knockout", seed=s) for s in range(4)]
        while not g.is_over:
            p = g.play
            if not p.trick and not p.tricks and not g.choosing_trump:
                deal = Deal(p.hands, list(g.active), p.leader, [], p.trump, {s: 0 for s in g.active}, 0)
                if g.trump_card is not None:
                    deal.gone = 1 << g.trump_card  # the intermediates see the turned-up card as gone
                deal.run()
                expected, number = deal.won, g.deal_number
                while g.deal_number == number and not g.is_over:
                    g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
                assert {int(s): n for s, n in g.deal_results[-1]["tricks"].items()} == expected
                checked += 1
                continue
            g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
    assert checked >= 20


def test_searching_my_next_decision_is_worth_more_than_classic_play():
    from whistdrive.bots.knockout_expert import line_value
    from whistdrive.bots.knockout_odds import Deal

    rng = random.Random(3)
    plain = searched = 0.0
    for _ in range(200):
        cards = rng.randrange(3, 8)
        deck = rng.sample(range(52), 4 * cards)
        hands = {s: sum(1 << c for c in deck[s::4]) for s in range(4)}
        deal = Deal(hands, [0, 1, 2, 3], rng.randrange(4), [], rng.randrange(4), dict.fromkeys(range(4), 0), 0)
        plain += line_value(deal.copy(), 0, cards, 0)
        searched += line_value(deal.copy(), 0, cards, 1)
    assert searched > plain * 1.05


def test_my_own_chances_replace_the_classic_ones_where_given():
    mine = odds_table({(3, 2): (0.9, 0.3)})  # the next deal: three cards, two players
    assert deal_value(0, {0: 3, 1: 1, 2: 0}, 4, mine) == pytest.approx(0.9)  # I deal it
    assert deal_value(1, {0: 3, 1: 1, 2: 0}, 4, mine) == pytest.approx(0.3)
    assert deal_value(0, {0: 2, 1: 2, 2: 0}, 4, mine) == pytest.approx((0.9 + 0.3) / 2)  # a tie: drawn
    d = DEALER_WINS[(3, 3)]  # not given: the classic chances
    assert deal_value(0, {0: 2, 1: 1, 2: 1, 3: 0}, 4, mine) == pytest.approx(d)
    assert deal_value(1, {0: 2, 1: 1, 2: 1, 3: 0}, 4, mine) == pytest.approx((1 - d) / 2)
