"""A world consistent with what one seat knows: OpenSpiel's ``resample_from_infostate``.

The sampled cards come from the seat's observation alone (the bots' sampler
over :func:`whistdrive.bots.view.read`); they overwrite every hidden part of a
copy of the game, so nothing of the true deal survives in the copy: the other
hands, German Whist's face-down stock and the opponent's draws, Whist's hands
as dealt (for honours), Humbug Whist's widows and the other player's laid-aside
hand (and the honours they held), and the chance log.
"""

from __future__ import annotations

import random

from ..bots.sampling import sample_hands
from ..bots.view import read
from ..games import GAMES, Game


def redealable(name: str) -> bool:
    """Whether the hidden cards of the game ``name`` can be redealt (the game has its own
    :meth:`~whistdrive.games.Game.redeal_hidden`)."""
    return GAMES[name].redeal_hidden is not Game.redeal_hidden


def resample_game(game, seat: int, rng: random.Random):
    """A copy of ``game`` whose hidden cards are redealt consistently with ``seat``'s observation
    (where the hidden cards lie is the game's own: :meth:`~whistdrive.games.Game.redeal_hidden`)."""
    view = read(game.observation(seat))
    world = game.clone()
    world.chance.log = []
    hands, rest = sample_hands(view, rng)
    world.redeal_hidden(seat, hands, rest, rng)
    return world
