"""Dealing the cards a seat cannot see, consistently with what it has seen.

A *world* gives every hidden card a place — another seat's hand, the stock or
the undealt rest of the pack — respecting hand sizes, cards known to be held
and voids shown.  Search bots average over many worlds; the dealing is
constraint-first (the most constrained cards are placed first) and retried on
a dead end, which is close enough to uniform for play.  A world can then be
weighted by how likely the other seats' plays so far were in it
(:func:`play_likelihood`).
"""

from __future__ import annotations

import random

from ..cards import FULL_MASK
from ..games.trick import SUIT_MASKS, legal_mask
from .rules import classic_card
from .view import View, card_int, cards_of, popcount

REST = -1  # pseudo-seat: the stock or the undealt cards


def deal_hidden(pool: list[int], needs: dict[int, int], voids: dict[int, set[int]], rng: random.Random,
                tries: int = 30) -> dict[int, list[int]] | None:
    """Place every card of ``pool`` with a seat that still needs cards and is not void in its suit."""
    for attempt in range(tries):
        cards = pool[:]
        rng.shuffle(cards)
        keys = list(needs)
        ok = {c: [k for k in keys if (c // 13) not in voids.get(k, ()) or attempt == tries - 1] for c in cards}
        cards.sort(key=lambda c: len(ok[c]))
        left = dict(needs)
        out: dict[int, list[int]] = {k: [] for k in keys}
        for c in cards:
            choices = [k for k in ok[c] if left[k] > 0]
            if not choices:
                break
            total = sum(left[k] for k in choices)
            x = rng.random() * total
            for k in choices:
                x -= left[k]
                if x < 0:
                    break
            out[k].append(c)
            left[k] -= 1
        else:
            return out
    return None


def sample_hands(view: View, rng: random.Random, rest: int = 0) -> tuple[dict[int, int], list[int]]:
    """Hands of every seat (mine included) and the ``rest`` pile, for one sampled world.

    Seats' hands are their known cards plus hidden ones; ``rest`` cards go to
    the stock / undealt pile, returned as a shuffled list.
    """
    pool = cards_of(view.unseen)
    needs: dict[int, int] = {}
    for s in view.order:
        if s == view.seat:
            continue
        needs[s] = view.hand_sizes.get(s, 0) - popcount(view.known.get(s, 0))
    needs[REST] = rest
    if sum(needs.values()) != len(pool):  # observation inconsistency: trust hand sizes, pad the rest
        needs[REST] = max(0, len(pool) - sum(v for k, v in needs.items() if k != REST))
    placed = deal_hidden(pool, needs, {s: v for s, v in view.voids.items() if s != view.seat}, rng)
    if placed is None:  # unreachable in practice: the last try ignores voids
        placed = {k: [] for k in needs}
    hands = {view.seat: view.hand}
    for s in view.order:
        if s == view.seat:
            continue
        m = view.known.get(s, 0)
        for c in placed.get(s, []):
            m |= 1 << c
        hands[s] = m
    rest_cards = placed.get(REST, [])
    rng.shuffle(rest_cards)
    return hands, rest_cards


def suit_length(mask: int, s: int) -> int:
    return popcount(mask & SUIT_MASKS[s])


MATCH = 0.6  # chance that a player made the classic play; the rest is spread over the other legal cards


def play_likelihood(hands: dict[int, int], v: View) -> float:
    """How likely the other seats' plays in this deal were if ``hands`` is the truth (up to a constant).

    A play that the classic policy would have made in this world counts more,
    which pulls the sample towards the deals the play suggests (whist and
    Knock-out Whist: the seats in ``v.order`` play in turn).
    """
    tricks = [[(p["seat"], card_int(p["card"])) for p in t["cards"]] for t in v.obs.get("tricks", [])]
    if v.trick:
        tricks.append(list(v.trick))
    held = dict(hands)
    for plays in tricks:
        for s, c in plays:
            held[s] |= 1 << c  # back to the hands as dealt
    n = len(v.order)
    gone = v.excluded
    weight = 1.0
    for plays in tricks:
        for k, (s, c) in enumerate(plays):
            if s != v.seat:
                hand = held[s]
                legal = legal_mask(hand, plays[0][1] // 13 if k else None)
                choices = popcount(legal)
                if choices > 1:
                    i = v.order.index(s)
                    later = [v.order[(i + j) % n] for j in range(1, n - k)]
                    side = {s, (s + 2) % 4} if v.game == "whist" else {s}
                    guess = classic_card(hand, legal, plays[:k], v.trump, side, FULL_MASK & ~(hand | gone), later)
                    weight *= MATCH if guess == c else (1 - MATCH) / (choices - 1)
            held[s] &= ~(1 << c)
            gone |= 1 << c
    return weight
