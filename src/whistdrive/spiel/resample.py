"""A world consistent with what one seat knows: OpenSpiel's ``resample_from_infostate``.

The sampled cards come from the seat's observation alone (the bots' sampler
over :func:`whistdrive.bots.view.read`); they overwrite every hidden part of a
copy of the game, so nothing of the true deal survives in the copy: the other
hands, German Whist's face-down stock and the opponent's draws, Whist's hands
as dealt (for honours), and the chance log.
"""

from __future__ import annotations

import random

from ..bots.sampling import sample_hands
from ..bots.view import cards_of, read

REDEALT = ("german", "whist", "knockout")
"""Games whose hidden cards can be redealt (Humbug Whist's widows and laid-aside hands: not yet)."""


def resample_game(game, seat: int, rng: random.Random):
    """A copy of ``game`` whose hidden cards are redealt consistently with ``seat``'s observation."""
    if game.name not in REDEALT:
        raise NotImplementedError(f"no redeal of the hidden cards for {game.name} yet")
    obs = game.observation(seat)
    view = read(obs)
    world = game.clone()
    world.chance.log = []
    if game.name == "german":
        other = 1 - seat
        hands, rest = sample_hands(view, rng)  # rest: the stock below the face-up prize
        world.play.hands[other] = hands[other]
        if obs["stock_size"]:
            world.stock = [world.stock[0], *rest]
        prizes = set(world.prizes[other])
        unknown = [c for c in cards_of(hands[other] | _played_by(world.play, other)) if c not in prizes]
        world.draws[other] = rng.sample(unknown, min(len(unknown), len(world.draws[other])))
        return world
    hands, _ = sample_hands(view, rng)
    for s, hand in hands.items():
        world.play.hands[s] = hand
    if game.name == "whist":
        world.dealt = [world.play.hands[s] | _played_by(world.play, s) for s in range(4)]
    return world


def _played_by(play, seat: int) -> int:
    mask = 0
    for _, plays, _ in play.tricks:
        for s, c in plays:
            if s == seat:
                mask |= 1 << c
    for s, c in play.trick:
        if s == seat:
            mask |= 1 << c
    return mask
