"""Dealing the cards a seat cannot see, consistently with what it has seen.

A *world* gives every hidden card a place — another seat's hand, the stock or
the undealt rest of the pack — respecting hand sizes, cards known to be held
and voids shown.  Search bots average over many worlds; the dealing is
constraint-first (the most constrained cards are placed first) and retried on
a dead end, which is close enough to uniform for play.
"""

from __future__ import annotations

import random

from ..games.trick import SUIT_MASKS
from .view import View, cards_of, popcount

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
