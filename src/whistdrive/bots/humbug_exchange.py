"""Humbug Whist's exchange by hand strength: keep a hand better than an average one, else take a widow.

A widow is 13 cards nobody has seen, so it is worth an average hand; the
dealt hand is worth its expected tricks (a linear count of honours, trump
length and voids, fitted to double-dummy results of random deals) plus the
honours it would score.  The same count gives the expert its model of why
the other player kept or exchanged.
"""

from __future__ import annotations

import math

from ..games.trick import SUIT_MASKS
from ..games.whist_scoring import HONOUR_RANKS

TRUMP_LENGTH = 0.68  # per trump held
TRUMP_HONOURS = (0.72, 0.70, 0.48, 0.36)  # A K Q J of trumps, on top of their length
PLAIN_HONOURS = (0.92, 0.72, 0.53, 0.44)  # A K Q J of a plain suit
VOID = 0.63  # a void in a plain suit (room to ruff)
BASE = 1.84
"""Fitted by least squares on 6,000 random two-hand deals solved double dummy (the hand to lead
against 13 random cards of the other 39): root-mean-square error 1.5 tricks against a spread of 2.0."""

AVERAGE_HAND = 6.5  # tricks of a random 13 cards: what a widow is worth
SPREAD = 0.75  # how sharply a player's choice follows the count, in the expert's model of the other


def expected_tricks(hand: int, trump: int) -> float:
    """Double-dummy tricks a hand may expect against an unknown one."""
    total = BASE
    for s in range(4):
        cards = hand & SUIT_MASKS[s]
        top = [cards >> (13 * s + r) & 1 for r in (12, 11, 10, 9)]
        if s == trump:
            total += TRUMP_LENGTH * cards.bit_count() + sum(w * h for w, h in zip(TRUMP_HONOURS, top))
        else:
            total += sum(w * h for w, h in zip(PLAIN_HONOURS, top)) + (VOID if not cards else 0.0)
    return total


def honour_points(hand: int, trump: int) -> int:
    """What the hand's trump honours score: 4 for all four, 2 for three."""
    held = sum(1 for r in HONOUR_RANKS if hand >> (13 * trump + r) & 1)
    return 4 if held == 4 else 2 if held == 3 else 0


def keep_value(hand: int, trump: int, honours: bool) -> float:
    """The hand's worth in points of margin: each trick over an average hand is about one point."""
    return expected_tricks(hand, trump) + (honour_points(hand, trump) if honours else 0)


def keep_probability(hand: int, trump: int, honours: bool, spread: float = SPREAD) -> float:
    """The chance a sensible player keeps this dealt hand (a soft version of :func:`exchange_choice`;
    the smaller ``spread``, the closer to it)."""
    x = (keep_value(hand, trump, honours) - AVERAGE_HAND) / spread
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def exchange_choice(hand: int, trump: int, honours: bool, legal: list[str]) -> str:
    """Keep a hand worth more than a widow; else take the first widow still offered."""
    if keep_value(hand, trump, honours) >= AVERAGE_HAND:
        return "keep"
    return next(a for a in legal if a != "keep")


def beginner_exchange(hand: int, trump: int, legal: list[str]) -> str:
    """A new player's rule of thumb: keep two aces or four trumps, else try a widow."""
    aces = sum(hand >> (13 * s + 12) & 1 for s in range(4))
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    if aces >= 2 or trumps >= 4:
        return "keep"
    return next(a for a in legal if a != "keep")
