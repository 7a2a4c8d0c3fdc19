"""Features every game with three or more seats shares: who played what, the trick, shown voids.

Seats are relative to the observer (0 = me, 1 = next clockwise). A seat has
*shown a void* in a suit when it did not follow that suit in this deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .encoding import relative
from .layout import card_index


def played_planes(n: int) -> list[tuple[str, str]]:
    return [(f"played_by_{r}", f"cards played this deal by relative seat {r} (the current trick included)")
            for r in range(n)] + [("trick", "cards on the current trick")]


def encode_plays(v: np.ndarray, layout, obs: Mapping[str, Any], n: int) -> None:
    """Played cards, the current trick and the voids shown, from the observation's tricks."""
    me = obs["seat"]
    base, voids = layout["played_by_0"], layout["voids"]
    tricks = [[(p["seat"], card_index(p["card"])) for p in t["cards"]] for t in obs["tricks"]]
    current = [(p["seat"], card_index(p["card"])) for p in obs["trick"]]
    for plays in [*tricks, current]:
        for i, (s, c) in enumerate(plays):
            v[base + 52 * relative(s, me, n) + c] = 1.0
            led = plays[0][1] // 13
            if i and c // 13 != led:
                v[voids + 4 * relative(s, me, n) + led] = 1.0
    for _, c in current:
        v[layout["trick"] + c] = 1.0


def advance_plays(v: np.ndarray, layout: dict[str, int], play, me: int, mover: int, card: int, n: int) -> None:
    """The same features after ``mover`` played ``card`` (``play`` is the deal's TrickPlay after it;
    ``layout`` maps feature names to offsets)."""
    r = relative(mover, me, n)
    v[layout["played_by_0"] + 52 * r + card] = 1.0
    plays = play.trick if play.trick else play.tricks[-1][1]
    led = plays[0][1] // 13
    if card // 13 != led:
        v[layout["voids"] + 4 * r + led] = 1.0
    trick = layout["trick"]
    if play.trick:
        v[trick + card] = 1.0
    else:
        for _, c in plays:
            v[trick + c] = 0.0


def one_hot(v: np.ndarray, offset: int, size: int, index: int | None) -> None:
    v[offset: offset + size] = 0.0
    if index is not None:
        v[offset + index] = 1.0
