"""Computer players for the four games, from random to expert, behind one interface.

>>> from whistdrive import new_game
>>> from whistdrive.bots import LEVELS, make_player
>>> LEVELS
('random', 'beginner', 'intermediate', 'expert')
>>> game = new_game("german", seed=1)
>>> bot = make_player("intermediate", "german", seed=1)
>>> game.apply(bot.choose(game.observation(game.current_seat)))

A player gets only its seat's observation.  ``cheater`` sees every card and
exists only to measure what the hidden cards cost the expert: it is built by
:func:`make_cheater` from the live game and is never offered to users.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import UsageError
from ..games import GAMES, Game
from .base import Player, RandomPlayer
from .heuristic import Beginner, Intermediate

LEVELS: tuple[str, ...] = ("random", "beginner", "intermediate", "expert")
"""The levels offered to users, weakest first."""

DEFAULT_LEVEL = "beginner"
"""The level a person meets unless they choose one, in the lobby and the terminal alike: a newcomer can win
against it, and it answers at once (the expert thinks for a while, after compiling the solver)."""

OPENSPIEL_BOTS: tuple[str, ...] = ("openspiel-ismcts",)
"""OpenSpiel's own bots, which the arena seats through :mod:`whistdrive.spiel` (the rl extra)."""

BUDGETS: dict[str, dict[str, float]] = {
    "random": dict.fromkeys(GAMES, 0.0),
    "beginner": dict.fromkeys(GAMES, 0.0),
    "intermediate": dict.fromkeys(GAMES, 0.0),
    "expert": dict.fromkeys(GAMES, 0.6),
}
"""Seconds of thinking per move of each level (rule-based levels answer at once), per game."""


EXPERTS: dict[str, tuple[str, str]] = {
    "german": ("german_expert", "GermanExpert"),
    "whist": ("whist_expert", "WhistExpert"),
    "knockout": ("knockout_expert", "KnockoutExpert"),
    "humbug": ("humbug_expert", "HumbugExpert"),
}
"""The expert of each game: its module in this package and its class (imported when first asked for).
A registry per game, like :data:`.view.READERS`: tests/test_registries.py checks it against ``GAMES``."""

REFERENCE_LEVELS: tuple[str, ...] = ("expert-2026.11",)
"""Frozen experts, kept so that the arena measures every change against them; never offered to users.
``expert-2026.11`` is the expert as it stood before issue 14 (its class with ``reference=True``)."""


def _expert_class(game: str):
    from importlib import import_module

    module, name = EXPERTS[game]
    return getattr(import_module(f".{module}", __name__), name)


def make_player(level: str, game: str | Game, seed: int | None = None, budget: float | None = None,
                worlds: int | None = None) -> Player:
    """A player of ``level`` (one of :data:`LEVELS` or :data:`REFERENCE_LEVELS`) for ``game`` (its name,
    or a game of it); ``budget`` overrides its seconds per move.

    ``worlds`` gives the expert a budget of sampled worlds per move instead of
    seconds: with a seed, its moves are then the same on any machine.
    """
    if isinstance(game, Game):
        game = game.name
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if level not in LEVELS and level not in REFERENCE_LEVELS:
        raise UsageError(f"unknown level {level!r}: expected one of {', '.join(LEVELS + REFERENCE_LEVELS)}")
    cls = {"random": RandomPlayer, "beginner": Beginner, "intermediate": Intermediate}.get(level)
    if cls is None:
        reference = level in REFERENCE_LEVELS
        player = _expert_class(game)(game, seed, BUDGETS["expert"][game] if budget is None else budget,
                                     worlds=worlds, reference=reference)
        player.level = level
        return player
    if worlds is not None:
        raise UsageError(f"a worlds budget is for the expert, not {level!r} (it samples no worlds)")
    player = cls(game, seed, BUDGETS[level][game] if budget is None else budget)
    player.level = level
    return player


def make_cheater(game: str, true_game: Callable[[], Any], seed: int | None = None,
                 budget: float | None = None, worlds: int | None = None) -> Player:
    """The expert's search run on the true deal instead of sampled worlds — for measurement only.

    ``true_game`` returns the live :class:`whistdrive.Game` when called.
    """
    cls = _expert_class(game)
    player = cls(game, seed, BUDGETS["expert"][game] if budget is None else budget, true_game=true_game,
                 worlds=worlds)
    player.level = "cheater"
    return player


_HINTERS: dict[str, Player] = {}


def hint(observation: dict, budget: float | None = None) -> dict:
    """The expert's advice for the seat to act: ``{"best": action, "values": {action: value}}``.

    Values are the expert's estimates (higher is better for this seat): expected
    tricks for whist, the deal's score for German Whist, the chance of winning
    the game for Knock-out Whist, the deal's points minus the other player's for
    Humbug Whist (for the exchange too: ``keep``, ``left``, ``right``).
    """
    game = observation["game"]
    legal = observation.get("legal") or []
    if not legal:
        raise ValueError("no decision to hint: it is not this seat's turn")
    expert = _HINTERS.get(game)
    if expert is None:
        expert = _HINTERS[game] = make_player("expert", game, seed=0)
    if len(legal) == 1:
        return {"best": legal[0], "values": {legal[0]: 0.0}}
    values = expert.evaluate(observation, budget)
    best = max(legal, key=lambda a: values[a])
    return {"best": best, "values": {a: float(values[a]) for a in legal}}


__all__ = ["BUDGETS", "DEFAULT_LEVEL", "EXPERTS", "LEVELS", "REFERENCE_LEVELS", "Player", "hint", "make_cheater", "make_player"]
