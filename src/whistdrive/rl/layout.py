"""Where each feature sits in an observation tensor: named card planes, then named scalars.

A *card plane* is 52 numbers, one per card in index order (``suit * 13 + rank``,
spades, hearts, diamonds, clubs; two up to ace). Scalars follow the planes.
Seats in a tensor are *relative* to the observer: 0 is the observer, 1 the
next seat clockwise, and so on.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import DECK, Card


@dataclass(frozen=True)
class Feature:
    name: str
    size: int
    doc: str
    offset: int


class Layout:
    """The planes and scalars of one game's tensor, with their offsets."""

    def __init__(self, planes: list[tuple[str, str]], scalars: list[tuple[str, int, str]]):
        features, pos = [], 0
        for name, doc in planes:
            features.append(Feature(name, 52, doc, pos))
            pos += 52
        for name, size, doc in scalars:
            features.append(Feature(name, size, doc, pos))
            pos += size
        self.features: tuple[Feature, ...] = tuple(features)
        self.size = pos
        self.at: dict[str, int] = {f.name: f.offset for f in features}  # offsets, for hot loops

    def __getitem__(self, name: str) -> int:
        """Offset of a feature."""
        return self.at[name]

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def table(self) -> str:
        """The layout as a Markdown table (for docs and ``whistdrive.rl`` users)."""
        rows = ["| offset | size | feature | meaning |", "| ---: | ---: | --- | --- |"]
        rows += [f"| {f.offset} | {f.size} | `{f.name}` | {f.doc} |" for f in self.features]
        return "\n".join(rows)


_INDEX = {str(c): c.index for c in DECK}


def card_index(text: str) -> int:
    """Index of a card as observations write it (``"QH"``)."""
    i = _INDEX.get(text)
    return Card.parse(text).index if i is None else i


def put_cards(vec: np.ndarray, offset: int, cards) -> None:
    """Set the plane at ``offset`` to 1 for each card (given as text)."""
    for text in cards:
        vec[offset + card_index(text)] = 1.0
