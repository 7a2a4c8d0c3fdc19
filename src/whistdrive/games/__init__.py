"""The games behind one API; :func:`new_game` creates any of them by name, :data:`GAMES` lists them."""

from __future__ import annotations

from ..errors import InvalidOptions
from .base import Action, Decision, Game, Options
from .german import GermanWhist, GermanWhistOptions
from .humbug import HumbugOptions, HumbugWhist
from .knockout import KnockoutOptions, KnockoutWhist
from .spec import GameInfo, Outcome, Param, Text
from .whist import Whist, WhistOptions

GAMES: dict[str, type[Game]] = {g.info.name: g for g in (GermanWhist, Whist, KnockoutWhist, HumbugWhist)}


def new_game(
    name: str, options: dict | Options | None = None, *, seed: int | None = None, chance: list[dict] | None = None
) -> Game:
    """Create a game by name (a key of :data:`GAMES`: ``german``, ``whist``, ``knockout``, ``humbug``).

    ``seed`` makes every chance event reproducible; ``chance`` fixes them
    explicitly (a list of outcomes as in records: first dealer, deck orders,
    tie-break draws), falling back on the seed when it runs out.
    """
    if not isinstance(name, str) or name not in GAMES:  # a list is no name (and cannot be looked up)
        raise InvalidOptions(f"unknown game {name!r}: expected one of {', '.join(GAMES)}")
    return GAMES[name](options, seed=seed, chance=chance)


__all__ = [
    "GAMES",
    "Action",
    "Decision",
    "Game",
    "GameInfo",
    "GermanWhist",
    "GermanWhistOptions",
    "HumbugOptions",
    "HumbugWhist",
    "KnockoutOptions",
    "KnockoutWhist",
    "Options",
    "Outcome",
    "Param",
    "Text",
    "Whist",
    "WhistOptions",
    "new_game",
]
