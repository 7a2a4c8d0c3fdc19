"""Building explicit deals for tests, and an independent list of what a seat may know."""

from __future__ import annotations

import json

from whistdrive.cards import DECK, Card, parse_cards


def deck_from_hands(hands: dict[int, str], first: int, seats: int, rest: str = "") -> list[str]:
    """A deck order that, dealt one card at a time from seat ``first`` on, gives ``hands``;
    ``rest`` follows (German stock, the undealt pack). Missing cards are appended."""
    parsed = {s: parse_cards(h) for s, h in hands.items()}
    size = len(next(iter(parsed.values())))
    order = [(first + i) % seats for i in range(seats)]
    deck = [parsed[s][r] for r in range(size) for s in order]
    deck += parse_cards(rest)
    deck += [c for c in DECK if c not in deck]
    assert len(set(deck)) == 52 == len(deck)
    return [str(c) for c in deck]


def cards_in(value) -> set[str]:
    """Every card string mentioned anywhere in a JSON-like value."""
    found = set()
    text = json.dumps(value)
    for token in text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split():
        if len(token) == 2 and token[0] in "23456789TJQKA" and token[1] in "SHDC":
            found.add(str(Card.parse(token)))
    return found
