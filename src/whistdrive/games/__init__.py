"""The games behind one API; :func:`new_game` creates any of them by name, :data:`GAMES` lists them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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


Move = tuple[int, Action | str]
"""A seat and its action, as games keep them (``game.actions``) and records write them."""


def replay_steps(game: Game, moves: Iterable[Move]) -> Iterator[Move]:
    """Apply ``moves`` to ``game`` in order, yielding each just before it is applied, so that the
    caller sees the position each move was made in (an illegal move raises :class:`IllegalMove`).

    >>> g = new_game("german", seed=1)
    >>> moves = [(g.current_seat, g.legal_actions()[0])]
    >>> [len(g.actions) for _ in replay_steps(g, moves)], len(g.actions)
    ([0], 1)
    """
    for seat, action in moves:
        yield seat, action
        game.apply(action, seat=seat)


def replay_moves(name: str, options: dict | Options | None, moves: Iterable[Move], *, seed: int | None = None,
                 chance: list[dict] | None = None) -> Game:
    """The game ``name`` created as :func:`new_game` creates it, after ``moves``: how a game is rebuilt from
    what a record or a table row keeps (its options, its seed or chance outcomes, its actions).

    >>> g = new_game("whist", {"length": "deal"}, seed=5)
    >>> for _ in range(3):
    ...     g.apply(g.legal_actions()[0])
    >>> again = replay_moves("whist", {"length": "deal"}, g.actions, chance=g.chance.log)
    >>> again.observation(0) == g.observation(0)
    True
    """
    game = new_game(name, options, seed=seed, chance=chance)
    for _ in replay_steps(game, moves):
        pass
    return game


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
    "Move",
    "Options",
    "Outcome",
    "Param",
    "Text",
    "Whist",
    "WhistOptions",
    "new_game",
    "replay_moves",
    "replay_steps",
]
