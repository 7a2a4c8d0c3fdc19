"""Humbug Whist's redeal for OpenSpiel's ISMCTS: widows and the other hand, consistent with one seat's knowledge.

Each check is worked out here from the true game (places as dealt, exchanges,
tricks), not from the observation the redeal reads.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is in the rl extra")

from whistdrive import arena, new_game
from whistdrive.cards import DECK, FULL_MASK
from whistdrive.spiel.resample import resample_game

DEALER, LEFT, NON, RIGHT = range(4)
WIDOW = {"left": LEFT, "right": RIGHT}
HONOURS = (9, 10, 11, 12)  # J Q K A


def played_by(game, seat):
    plays = [p for _, trick, _ in game.play.tricks for p in trick] + list(game.play.trick)
    return sum(1 << c for s, c in plays if s == seat)


def held_place(game, seat):
    """The place a player holds in play: its own, or the widow it took."""
    own = DEALER if seat == game.dealer else NON
    choice = next((str(c) for s, c in game.exchanges if s == seat), "keep")
    return own if choice == "keep" else WIDOW[choice]


def voids(game, seat):
    """Suits ``seat`` showed it lacks: it played another suit to a trick led in them."""
    tricks = [trick for _, trick, _ in game.play.tricks] + ([game.play.trick] if game.play.trick else [])
    return {t[0][1] // 13 for t in tricks for s, c in t[1:] if s == seat and c // 13 != t[0][1] // 13}


def known_to(game, seat):
    """Places ``seat`` has seen: its own as dealt, and the widow it took."""
    own = DEALER if seat == game.dealer else NON
    return {own, held_place(game, seat)}


def midgame(seed, actions):
    g = new_game("humbug", {"length": "deal"}, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        g.apply(rng.choice(g.legal_actions()))
    return g


def exchanged(seed, choices, plays):
    """A deal after the given exchange choices (non-dealer first) and ``plays`` random cards."""
    g = new_game("humbug", {"length": "deal"}, seed=seed)
    for c in choices:
        g.apply(c)
    rng = random.Random(seed)
    for _ in range(plays):
        g.apply(rng.choice(g.legal_actions()))
    return g


CASES = [exchanged(1, [], 0), exchanged(2, ["keep"], 0), exchanged(3, ["left"], 0),
         exchanged(4, ["keep", "right"], 9), exchanged(5, ["right", "left"], 14), exchanged(6, ["left", "keep"], 1),
         exchanged(7, ["keep", "keep"], 20), exchanged(8, ["right", "keep"], 25)]


@pytest.mark.parametrize("game", CASES, ids=lambda g: f"{'/'.join(str(c) for _, c in g.exchanges) or 'no exchange'}"
                         f" {len(g.play.tricks)} tricks")
@pytest.mark.parametrize("who", ["to act", "waiting"])
def test_a_redealt_humbug_world_keeps_what_the_seat_knows_and_redeals_the_rest(game, who):
    seat = game.current_seat if who == "to act" else 1 - game.current_seat
    other = 1 - seat
    worlds = [resample_game(game, seat, random.Random(i)) for i in range(12)]
    for w in worlds:
        assert w.observation(seat) == game.observation(seat)
        assert w.chance.log == []
        assert w.dealer == game.dealer and w.turned_up == game.turned_up and w.exchanges == game.exchanges
        # four places of 13 cards, the whole pack, the turned-up card in the dealer's
        assert all(bin(p).count("1") == 13 for p in w.places)
        assert w.places[0] | w.places[1] | w.places[2] | w.places[3] == FULL_MASK
        assert w.places[DEALER] >> game.turned_up & 1
        # what the seat saw is where it was; the seat's own hand and laid-aside hand are untouched
        for p in known_to(game, seat):
            assert w.places[p] == game.places[p]
        assert w.play.hands[seat] == game.play.hands[seat]
        assert w.laid_aside.get(seat) == game.laid_aside.get(seat)
        # the other player holds its place's cards not yet played, none of its void suits, and its laid-aside hand
        assert w.play.hands[other] | played_by(game, other) == w.places[held_place(game, other)]
        assert w.play.hands[other] & played_by(game, other) == 0
        assert bin(w.play.hands[other]).count("1") == bin(game.play.hands[other]).count("1")
        assert not any(w.play.hands[other] >> c & 1 for s in voids(game, other) for c in range(13 * s, 13 * s + 13))
        if other in game.laid_aside:
            assert w.laid_aside[other] == w.places[DEALER if other == game.dealer else NON]
        if game.honours is not None:
            assert w.honours == honours(game, w.places)
    seen = played_by(game, 0) | played_by(game, 1) | 1 << game.turned_up
    for p in known_to(game, seat):
        seen |= game.places[p]
    hidden = [p for p in range(4) if game.places[p] & ~seen]
    if len(hidden) > 1:  # the unseen cards are shared out anew (one place alone takes them all)
        assert all(len({w.places[p] for w in worlds}) > 1 for p in hidden)
    rng = random.Random(0)
    for w in worlds:  # each world is a game that plays on to its end
        while not w.is_over:
            w.apply(rng.choice(w.legal_actions()))


def honours(game, places):
    trump = game.play.trump
    return [sum(places[held_place(game, s)] >> (13 * trump + r) & 1 for r in HONOURS) for s in (0, 1)]


def test_random_humbug_positions_redeal_for_both_seats_and_count_the_honours_they_hold():
    moved = 0
    for seed in range(60):
        g = midgame(seed, random.Random(seed).randrange(2, 28))
        for seat in (0, 1):
            w = resample_game(g, seat, random.Random(seed))
            assert w.observation(seat) == g.observation(seat)
            assert w.places[0] | w.places[1] | w.places[2] | w.places[3] == FULL_MASK
            assert w.honours == honours(g, w.places)
            moved += w.honours != g.honours
    assert moved  # the other player's honours come with its redealt hand


def test_the_humbug_world_does_not_depend_on_the_cards_the_seat_cannot_see():
    """Two deals that differ only in a left-widow card and a non-dealer card give the dealer the same worlds."""
    order = list(range(52))
    random.Random(4).shuffle(order)
    swapped = order.copy()
    swapped[0], swapped[1] = order[1], order[0]  # deck[i] goes to place (1 + i) % 4: the left widow, the non-dealer
    worlds = []
    for deck in (order, swapped):
        chance = [{"type": "dealer", "seat": 0}, {"type": "deck", "cards": [str(DECK[c]) for c in deck]}]
        g = new_game("humbug", {"length": "deal"}, chance=chance)
        g.apply("right")  # the non-dealer takes the right widow
        assert g.current_seat == 0
        w = resample_game(g, 0, random.Random(99))
        worlds.append((w.places, w.play.hands, w.laid_aside))
    assert worlds[0] == worlds[1]


def test_openspiel_ismcts_plays_humbug_whist_in_the_arena():
    summary = arena.run("humbug", ["openspiel-ismcts:4", "expert:worlds=4"], 1, seed=3, progress=False)
    row = next(r for r in summary.rows if r["bot"] == "openspiel-ismcts:4")
    assert row["moves"] > 0 and row["games"] == 2 and row["fallbacks"] == 0
