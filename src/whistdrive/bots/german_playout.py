"""Playout policies for the rest of German Whist's stage 1, tried by the expert's search.

Each policy picks a card for the seat to move in a sampled :class:`World` from
what that seat could know there (its hand, the cards gone, the face-up prize —
never the stock below it).  ``classic`` is the intermediate's advice (the
frozen expert's playout); ``random`` any legal card; ``simple`` fights for a
trump or an honour with its cheapest winner and otherwise plays low; ``prize``
weighs the prize against the blind draw the loser gets instead, each net of
the card it costs to win or to lose the trick (the measurements are in
docs/lab/bots-german.md).
"""

from __future__ import annotations

import random

from ..cards import FULL_MASK
from ..games.trick import SUIT_MASKS, legal_mask, winning_play
from .classic import beating, card_cost, classic_card, discard, is_master, lowest, top_of_sequence_low


def _cards(m: int) -> list[int]:
    out = []
    while m:
        out.append((m & -m).bit_length() - 1)
        m &= m - 1
    return out


def cheapest(m: int, trump: int) -> int:
    return min(_cards(m), key=lambda c: card_cost(c, trump))


def draw_value(unseen: int, trump: int) -> float:
    """What a blind draw is worth on average: the mean card cost of the cards I have not seen."""
    cards = _cards(unseen)
    if not cards:
        return 0.0
    return sum(card_cost(c, trump) for c in cards) / len(cards)


def prize_card(seat: int, hand: int, legal: int, trick: list, trump: int, outside: int, prize: int) -> int:
    """Fight for the prize when it is worth more than the draw, net of the cards spent."""
    gain = card_cost(prize, trump) - draw_value(outside & ~(1 << prize), trump)
    if not trick:
        masters = [c for c in _cards(legal) if is_master(c, outside)]
        if gain > 0 and masters:
            return top_of_sequence_low(cheapest(sum(1 << c for c in masters), trump), hand, outside)
        if gain > 0:
            return classic_card(hand, legal, trick, trump, {seat}, outside, [1 - seat], True)
        plain = legal & ~SUIT_MASKS[trump]
        cheap = [c for c in _cards(plain or legal) if not is_master(c, outside)]
        return min(cheap or _cards(plain or legal), key=lambda c: card_cost(c, trump))
    w = winning_play(trick, trump)[1]
    winners = beating(legal, w, trump)
    lose = lowest(legal) if legal & SUIT_MASKS[trick[0][1] // 13] else discard(legal, trump)
    if winners:
        win = cheapest(winners, trump)
        if gain - card_cost(win, trump) > -card_cost(lose, trump):
            return win
    return lose


def simple_card(legal: int, trick: list, trump: int, prize: int | None) -> int:
    """A trump or an honour prize (or stage 2's first lead) is won cheaply if it can be; else play low."""
    wanted = prize is None or prize // 13 == trump or prize % 13 >= 9
    if not trick:
        return max(_cards(legal), key=lambda c: card_cost(c, trump)) if wanted else cheapest(legal, trump)
    winners = beating(legal, winning_play(trick, trump)[1], trump)
    if wanted and winners:
        return cheapest(winners, trump)
    return cheapest(legal, trump)


POLICIES = ("classic", "random", "simple", "prize")


def policy_card(policy: str, world, terms, trump: int, rng: random.Random, want_prize) -> int:
    """The card ``policy`` plays for the seat to move in ``world``."""
    s = world.to_play()
    hand = world.hands[s]
    led = world.trick[0][1] // 13 if world.trick else None
    legal = legal_mask(hand, led, terms.follow1)
    if policy == "random":
        return rng.choice(_cards(legal))
    prize = world.stock[0] if world.stock else None
    if policy == "simple":
        return simple_card(legal, world.trick, trump, prize)
    outside = FULL_MASK & ~(hand | world.gone)
    if policy == "prize" and prize is not None and len(world.stock) > 2 and not terms.low and terms.count != "all26":
        return prize_card(s, hand, legal, world.trick, trump, outside, prize)
    want = want_prize(terms, prize, trump, len(world.stock), world.trick, legal)
    later = [1 - s] if not world.trick else []
    return classic_card(hand, legal, world.trick, trump, {s}, outside, later, want)
