"""The rule-based levels: ``beginner`` and ``intermediate``.

Beginner plays the way a new player does — leads its aces, plays high when it
can win, always ruffs, never counts — and now and then just plays a random
card.  Intermediate follows the classic advice in :mod:`.classic` and counts
cards (masters, trumps out, voids shown).  Humbug Whist's exchange goes by
hand strength (:mod:`.humbug_exchange`).
"""

from __future__ import annotations

from ..games.trick import SUIT_MASKS, beats, winning_play
from .base import Player
from .classic import card_cost, classic_card, german_wants, highest, is_master, lowest
from .humbug_exchange import beginner_exchange, exchange_choice
from .view import SUITS, View, cards_of, popcount, read


def card_text(card: int) -> str:
    from ..cards import DECK

    return str(DECK[card])


def trump_by_strength(hand: int) -> int:
    """The suit with most length and high cards: a long suit with honours makes the best trump."""
    def strength(s: int) -> float:
        cards = cards_of(hand & SUIT_MASKS[s])
        return 3 * len(cards) + sum(max(0, c % 13 - 7) for c in cards)

    return max(range(4), key=strength)


class Intermediate(Player):
    """The classic advice, with card counting."""

    level = "intermediate"
    budget = 0.0

    def choose(self, observation: dict, budget: float | None = None) -> str:
        legal = observation["legal"]
        if len(legal) == 1:
            return legal[0]
        v = read(observation)
        if v.decision == "trump":
            return SUITS[trump_by_strength(v.hand)]
        if v.decision == "exchange":
            assert v.trump is not None  # Humbug's trump is turned up before the exchange
            return exchange_choice(v.hand, v.trump, observation["options"]["honours"], legal)
        return card_text(self.card(v))

    def card(self, v: View) -> int:
        legal = v.legal_mask()
        later = v.still_to_play()
        want = True
        partner_suit = None
        outside_trumps = None
        if v.stage is not None:  # German Whist: a prize to fight for in stage 1, a known hand in stage 2
            want = self._german_want(v, legal)
            if v.stage == 2 and v.trump is not None:  # German trump is always known
                outside_trumps = popcount(v.known.get(1 - v.seat, 0) & SUIT_MASKS[v.trump])
        elif len(v.partners) > 1:  # a partner's suit to return
            partner_suit = self._partner_suit(v)
        return classic_card(v.hand, legal, v.trick, v.trump, v.partners, v.outside, later, want,
                            partner_suit, outside_trumps)

    @staticmethod
    def _german_want(v: View, legal: int) -> bool:
        obs = v.obs
        low = obs.get("low_game", False)
        if obs["stage"] == 2:
            return not low
        prize = obs.get("prize")
        p = cards_of(1 << _card(prize))[0] if prize else None
        if obs["stock_size"] <= 2 and not low:
            return True  # the last stage-1 trick also wins the first lead of stage 2
        if obs["options"].get("count") == "all26" and not low:
            return p is not None and card_cost(p, v.trump) >= 3
        if low:
            return p is not None and p // 13 != v.trump and p % 13 <= 5
        cost = None
        if v.trick:
            w = winning_play(v.trick, v.trump)[1]
            costs = [card_cost(c, v.trump) for c in cards_of(legal) if beats(c, w, v.trump)]
            cost = min(costs) if costs else None
        return german_wants(p, v.trump, cost)

    @staticmethod
    def _partner_suit(v: View) -> int | None:
        partner = min(v.partners - {v.seat})
        for t in v.obs.get("tricks", []):
            first = t["cards"][0]
            if first["seat"] == partner:
                s = SUITS.index(first["card"][-1])
                if s != v.trump:
                    return s
        return None


def _card(text: str) -> int:
    from .view import card_int

    return card_int(text)


class Beginner(Player):
    """A new player's habits, with the occasional careless card."""

    level = "beginner"
    budget = 0.0
    blunder = 0.15

    def choose(self, observation: dict, budget: float | None = None) -> str:
        legal = observation["legal"]
        if len(legal) == 1:
            return legal[0]
        v = read(observation)
        if v.decision == "trump":
            return SUITS[max(range(4), key=lambda s: popcount(v.hand & SUIT_MASKS[s]))]
        if v.decision == "exchange":
            assert v.trump is not None
            return beginner_exchange(v.hand, v.trump, legal)
        if self.rng.random() < self.blunder:
            return self.rng.choice(legal)
        return card_text(self.card(v))

    def card(self, v: View) -> int:
        legal = v.legal_mask()
        if not v.trick:
            top = highest(legal)
            if top % 13 >= 11:  # leads its aces and kings
                aces = [c for c in cards_of(legal) if c % 13 >= 11]
                return max(aces, key=lambda c: c % 13)
            longest = max(range(4), key=lambda s: popcount(legal & SUIT_MASKS[s]))
            return lowest(legal & SUIT_MASKS[longest])
        w_seat, w_card = winning_play(v.trick, v.trump)
        led = v.trick[0][1] // 13
        if legal & SUIT_MASKS[led]:
            top = highest(legal)
            if beats(top, w_card, v.trump) and (w_seat not in v.partners or self.rng.random() < 0.5):
                return top
            return lowest(legal)
        trumps = legal & SUIT_MASKS[v.trump] if v.trump is not None else 0
        ruffs = [c for c in cards_of(trumps) if beats(c, w_card, v.trump)]
        if ruffs:
            return min(ruffs)
        return min(cards_of(legal), key=lambda c: (c % 13, c))


__all__ = ["Beginner", "Intermediate", "is_master", "trump_by_strength"]
