"""Computer players for the apps: a level's bot, with the solver compiled before play starts."""

from __future__ import annotations

from .bots import DEFAULT_LEVEL, make_player


def computer_player(level: str | None, game: str, seed: int | None = None):
    """The named level's player (``None``: :data:`~whistdrive.bots.DEFAULT_LEVEL`)."""
    level = level or DEFAULT_LEVEL
    if level == "expert":
        from .solver import warm_up

        warm_up()  # compile (or load) the solver now, not in the middle of the first move
    return make_player(level, game, seed=seed)
