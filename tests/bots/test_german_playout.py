"""The stage-1 playout policies play legal cards, and the prize policy weighs the prize against the draw."""

from __future__ import annotations

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import DealTerms, GermanExpert, want_prize
from whistdrive.bots.german_playout import POLICIES, policy_card, prize_card, simple_card
from whistdrive.bots.view import read
from whistdrive.cards import Card
from whistdrive.games.trick import legal_mask


def positions(games: int):
    for seed in range(games):
        g = new_game("german", {}, seed=seed)
        bot = make_player("intermediate", "german", seed=seed)
        while g.stage == 1:
            obs = g.observation(g.current_seat)
            yield obs
            g.apply(bot.choose(obs))


def c(text: str) -> int:
    return Card.parse(text).index


def m(*texts: str) -> int:
    return sum(1 << c(t) for t in texts)


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_plays_a_legal_card_to_the_end_of_stage1(policy):
    rng = random.Random(2)
    plays = 0
    for i, obs in enumerate(positions(2)):
        v, terms = read(obs), DealTerms(obs)
        world = GermanExpert("german", seed=i)._world(v, rng)
        while world.done < 13:
            s = world.to_play()
            led = world.trick[0][1] // 13 if world.trick else None
            card = policy_card(policy, world, terms, v.trump, rng, want_prize)
            assert legal_mask(world.hands[s], led, terms.follow1) >> card & 1
            world.play(card, v.trump)
            plays += 1
    assert plays > 100


def test_prize_policy_fights_for_a_trump_ace_and_gives_away_a_two():
    trump = 0  # spades
    hand = m("KH", "3H", "7D")
    outside = ((1 << 52) - 1) & ~hand
    led = [(1, c("5H"))]
    # the ace of trumps is worth far more than an average draw: win with the king
    assert prize_card(0, hand, m("KH", "3H"), led, trump, outside, c("AS")) == c("KH")
    # a plain two is worth less than a draw: keep the king, play the three
    assert prize_card(0, hand, m("KH", "3H"), led, trump, outside, c("2C")) == c("3H")


def test_simple_policy_wins_an_honour_cheaply_and_plays_low_otherwise():
    trump = 0
    led = [(1, c("5H"))]
    assert simple_card(m("KH", "9H", "3H"), led, trump, c("QD")) == c("9H")
    assert simple_card(m("KH", "9H", "3H"), led, trump, c("4D")) == c("3H")
