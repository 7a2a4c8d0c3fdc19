"""A spectator's view is the game's own (``Game.public_view``), and for every game of ``GAMES`` it names no
card that any seat holds unseen: a new game's private field cannot leak without this test failing."""

from __future__ import annotations

import random

import pytest

from whistdrive.cards import Card
from whistdrive.games import GAMES, new_game
from whistdrive.games.german import GermanWhist

ACTIONS = 400  # of each random game: several deals of every game


def cards_named(value) -> set[str]:
    """Every card an observation names, in any field (dict keys are seats and names, not cards)."""
    if isinstance(value, str):
        if 2 <= len(value) <= 3:
            try:
                return {str(Card.parse(value))}
            except Exception:  # a suit, a seat, a choice: not a card
                return set()
        return set()
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(cards_named(v) for v in value)) if value else set()
    return set()


def leaks(game) -> dict[int, set[str]]:
    """Per seat, the cards its public view names that some seat has not seen: what only some seats know."""
    seen_by_all = set.intersection(*(cards_named(game.observation(s)) for s in range(game.num_seats)))
    out = {}
    for seat in range(game.num_seats):
        extra = cards_named(game.public_view(seat)) - seen_by_all
        if extra:
            out[seat] = extra
    return out


def walk(name: str, seed: int):
    """The positions of a random game of ``name`` (its default options), ``ACTIONS`` actions at most."""
    game = new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        if game.is_over:
            break
        yield game
        game.apply(rng.choice(game.legal_actions()))
    yield game


@pytest.mark.parametrize("name", GAMES)
def test_a_spectator_sees_only_what_every_seat_saw(name):
    hidden = 0
    for seed in range(3):
        for game in walk(name, seed):
            assert not leaks(game), (name, seed, len(game.actions), leaks(game))
            for seat in range(game.num_seats):
                view = game.public_view(seat)
                assert view["spectator"] is True and not view["hand"] and not view["legal"]
            hidden += len({str(c) for s in range(game.num_seats) for c in game.hand(s)})
    assert hidden > 500, "the test must see hidden cards"


@pytest.mark.parametrize("name", GAMES)
def test_the_private_keys_are_in_the_observation(name):
    """Every key a game empties for spectators is one its observations hold (no stale name)."""
    game = new_game(name, seed=1)
    obs = game.observation(game.current_seat)
    assert set(GAMES[name].PRIVATE_KEYS) <= set(obs), set(GAMES[name].PRIVATE_KEYS) - set(obs)


class _Leaky(GermanWhist):
    """A game whose observation grows a private field its public view forgets."""

    def observation(self, seat):
        obs = super().observation(seat)
        obs["my_secret"] = [str(c) for c in self.hand(seat)]  # type: ignore[typeddict-unknown-key]
        return obs


def test_a_new_private_field_does_not_go_unnoticed():
    game = _Leaky(seed=1)
    assert leaks(game)
    _Leaky.PRIVATE_KEYS = (*GermanWhist.PRIVATE_KEYS, "my_secret")
    assert not leaks(game)
