"""Humbug Whist bots: the exchange by hand strength, the expert's exchange and deal values."""

import random

import pytest

from engine_helpers import deck_from_hands
from whistdrive import new_game
from whistdrive.bots import hint, make_cheater, make_player
from whistdrive.bots.dd import play_values
from whistdrive.bots.humbug_exchange import exchange_choice, expected_tricks, keep_probability
from whistdrive.bots.humbug_expert import DealScore, HumbugExpert, _my_tricks
from whistdrive.bots.view import mask_of, read

D, LW, ND, RW = range(4)
STRONG = "AS KS QS JS TS 9S AH KH AD KD AC KC QC"  # spades are trump below
WEAK = "2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C"


def deal(non_dealer: str, dealer: str, rest_left: str, rest_right: str, length="deal"):
    deck = deck_from_hands({D: dealer, LW: rest_left, ND: non_dealer, RW: rest_right}, first=LW, seats=4)
    return new_game("humbug", {"length": length}, chance=[{"type": "dealer", "seat": 0}, {"type": "deck", "cards": deck}])


PLACES = dict(
    non_dealer=WEAK,
    dealer="3S 4S 5S 6S 6H 7H 8H 6D 7D 8D 6C 7C 8S",  # 8♠ last: trump spades
    rest_left=STRONG,
    rest_right="7S QH JH TH 9H QD JD TD 9D JC TC 9C 8C",
)


def test_the_count_prefers_honours_and_trumps():
    assert expected_tricks(mask_of(STRONG.split()), 0) > 10 > 5 > expected_tricks(mask_of(WEAK.split()), 0)
    assert exchange_choice(mask_of(STRONG.split()), 0, True, ["keep", "left", "right"]) == "keep"
    assert exchange_choice(mask_of(WEAK.split()), 0, True, ["keep", "right"]) == "right"
    assert keep_probability(mask_of(STRONG.split()), 0, True) > 0.99 > 0.01 > keep_probability(
        mask_of(WEAK.split()), 0, True)


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_a_weak_dealt_hand_is_exchanged_and_a_strong_one_kept(level):
    g = deal(**PLACES)
    obs = g.observation(1)  # the non-dealer holds 2s to 5s
    assert make_player(level, "humbug", seed=1).choose(obs, 0.2) in ("left", "right")
    g = deal(STRONG, PLACES["dealer"], WEAK, PLACES["rest_right"])
    assert make_player(level, "humbug", seed=1).choose(g.observation(1), 0.2) == "keep"


def test_expert_exchange_values_favour_the_widow_for_a_weak_hand():
    g = deal(**PLACES)
    h = hint(g.observation(1), budget=0.3)
    assert set(h["values"]) == {"keep", "left", "right"}
    assert h["values"]["left"] == h["values"]["right"] > h["values"]["keep"]


def test_cheater_sees_the_widows_and_takes_the_strong_one():
    g = deal(**PLACES)
    cheater = make_cheater("humbug", lambda: g, seed=0)
    values = cheater.evaluate(g.observation(1))
    assert values["left"] > values["right"] and values["left"] > values["keep"]
    assert cheater.choose(g.observation(1)) == "left"


def test_expert_worlds_keep_the_turned_up_card_with_the_dealer_and_weigh_the_non_dealers_choice():
    g = deal(**PLACES)
    g.apply("keep")  # the non-dealer keeps 2s to 5s: unlikely by the count, so such worlds weigh little
    obs = g.observation(0)
    expert = HumbugExpert("humbug", seed=3)
    v = read(obs)
    for _ in range(50):
        places, weight = expert._places(v, obs)
        assert places["dealer"] == v.hand
        cards = [places[k] for k in ("dealer", "non", "left", "right")]
        assert all(c.bit_count() == 13 for c in cards) and sum(cards) == (1 << 52) - 1
        assert weight == pytest.approx(sum(k.prior * keep_probability(places["non"], 0, True, k.spread)
                                           for k in expert.kinds))
    g = deal(**PLACES)
    v = read(g.observation(1))
    for _ in range(20):
        places, weight = expert._places(v, g.observation(1))
        assert places["dealer"] & mask_of(["8S"]) and weight == 1.0


def test_deal_score_counts_book_honours_and_the_target():
    obs = new_game("humbug", seed=1).observation(0)
    s = DealScore(obs)
    assert s.value(0, 9, 0, 0) == pytest.approx(3 + 0.05)  # 9 tricks: 3 over the book
    assert s.value(0, 6, 4, 0) == pytest.approx(-1 + 4 - 0.01)  # they take 7; my four honours score 4
    assert s.value(1, 12, 0, 4) == pytest.approx(6 + 0.11)  # game on tricks: their honours score nothing
    obs["score"]["game_points"] = [4, 0]
    assert DealScore(obs).value(0, 6, 4, 0) == pytest.approx(-1 - 0.01)  # at target - 1: no honours


def test_expert_card_values_agree_with_the_generic_solver():
    rng = random.Random(4)
    for n in range(40):
        g = new_game("humbug", {"length": "deal"}, seed=n)
        while g.decision.value == "exchange" or rng.random() < 0.85:
            g.apply(rng.choice(g.legal_actions()))
            if g.is_over:
                break
        if g.is_over:
            continue
        p = g.play
        me = p.to_play
        hands = dict(p.hands)
        expected = play_values(hands, [0, 1], p.leader, list(p.trick), p.trump, {me})
        for c in expected:
            assert _my_tricks(hands, me, p.leader, list(p.trick), p.trump, c) == expected[c]
