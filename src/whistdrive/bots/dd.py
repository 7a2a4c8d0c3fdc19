"""Double-dummy (perfect-information) values of card plays, for the bots.

A thin adapter over :mod:`whistdrive.solver`: it maps the seats taking part
(Knock-out Whist skips knocked-out seats) onto the solver's ``0..n-1`` and
answers the one question the bots ask — "how many of the remaining tricks
does my side take after each legal card, if everyone then plays perfectly?".
For several independent players the caller puts "me" on one side and
everybody else on the other (paranoid).
"""

from __future__ import annotations

from .. import solver


def _position(hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
              my_side: set[int]):
    idx = {s: i for i, s in enumerate(order)}
    hs = [hands[s] for s in order]
    tr = [(idx[s], c) for s, c in trick]
    sides = tuple(1 if s in my_side else 0 for s in order)
    if sides == (1, 0, 1, 0):
        sides = (0, 1, 0, 1)  # values are for the side to move: the labels only pick the backend (DDS)
    return hs, idx[leader], tr, sides


def tricks_left(hands: dict[int, int], leader: int, trick: list) -> int:
    return bin(hands[leader]).count("1") + (1 if trick else 0)


def my_tricks(hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
              trump: int | None, my_side: set[int]) -> int:
    """Tricks ``my_side`` takes from here on (the current trick included) with perfect play by all."""
    left = tricks_left(hands, leader, trick)
    if left == 0:
        return 0
    hs, ld, tr, sides = _position(hands, order, leader, trick, my_side)
    v = solver.solve(hs, trump, ld, tr, sides)
    n = len(order)
    mover = order[(order.index(leader) + len(trick)) % n]
    return v if mover in my_side else left - v


def play_values(hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
                trump: int | None, my_side: set[int]) -> dict[int, int]:
    """For each legal card of the seat to move: tricks ``my_side`` takes from the current trick on."""
    left = tricks_left(hands, leader, trick)
    hs, ld, tr, sides = _position(hands, order, leader, trick, my_side)
    vals = solver.card_values(hs, trump, ld, tr, sides)
    mover = order[(order.index(leader) + len(trick)) % len(order)]
    if mover in my_side:
        return vals
    return {c: left - v for c, v in vals.items()}
