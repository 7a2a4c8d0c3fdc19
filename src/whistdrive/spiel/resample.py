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
from ..bots.view import View, cards_of, read
from ..games.humbug import DEALER, NON_DEALER, WIDOW_PLACES
from ..games.whist_scoring import honours_held


def resample_game(game, seat: int, rng: random.Random):
    """A copy of ``game`` whose hidden cards are redealt consistently with ``seat``'s observation."""
    redeal = REDEAL.get(game.name)
    if redeal is None:
        raise NotImplementedError(f"no redeal of the hidden cards for {game.name} yet")
    view = read(game.observation(seat))
    world = game.clone()
    world.chance.log = []
    redeal(world, seat, view, rng)
    return world


def _german(world, seat: int, view: View, rng: random.Random) -> None:
    other = 1 - seat
    hands, rest = sample_hands(view, rng)  # rest: the stock below the face-up prize
    world.play.hands[other] = hands[other]
    if view.obs["stock_size"]:
        world.stock = [world.stock[0], *rest]
    prizes = set(world.prizes[other])
    unknown = [c for c in cards_of(hands[other] | _played_by(world.play, other)) if c not in prizes]
    world.draws[other] = rng.sample(unknown, min(len(unknown), len(world.draws[other])))


def _table(world, seat: int, view: View, rng: random.Random) -> None:
    """Whist and Knock-out Whist: every hidden card is in another seat's hand (or never dealt)."""
    hands, _ = sample_hands(view, rng)
    for s, hand in hands.items():
        world.play.hands[s] = hand
    if world.name == "whist":
        world.dealt = [world.play.hands[s] | _played_by(world.play, s) for s in range(4)]


def _humbug(world, seat: int, view: View, rng: random.Random) -> None:
    """The other player's hand, then the places nobody holds are dealt from the cards left over.

    Each player holds one of the four places as dealt (its own, or the widow it
    took); the seat knows its own place and the widow it took. The places left
    (the other's laid-aside hand, the widows nobody took) get the rest, 13 each,
    the turned-up card staying in the dealer's place.
    """
    other = 1 - seat
    hands, rest = sample_hands(view, rng)
    world.play.hands[other] = hands[other]
    own = {world.dealer: DEALER, 1 - world.dealer: NON_DEALER}
    chosen = dict(world.exchanges)
    held = {s: world.play.hands[s] | _played_by(world.play, s) for s in (0, 1)}
    places: list[int | None] = [None] * 4
    for s in (0, 1):
        places[WIDOW_PLACES.get(chosen[s], own[s]) if s in chosen else own[s]] = held[s]
    if seat in world.laid_aside:
        places[own[seat]] = world.laid_aside[seat]
    for p in range(4):
        if places[p] is None:
            turned = p == DEALER  # the other player, the dealer, laid the turned-up card aside
            cards, rest = rest[:13 - turned], rest[13 - turned:]
            places[p] = _mask(cards) | (1 << world.turned_up if turned else 0)
    assert not rest, f"{len(rest)} cards left over after the redeal"
    world.places = places
    if other in world.laid_aside:
        world.laid_aside[other] = places[own[other]]
    if world.honours is not None:  # counted when the exchange ended, from the hands then held
        world.honours = honours_held([held[0], held[1]], world.play.trump)


REDEAL = {"german": _german, "whist": _table, "knockout": _table, "humbug": _humbug}
"""Games whose hidden cards can be redealt, and how."""


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


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
