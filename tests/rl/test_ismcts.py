"""OpenSpiel's ISMCTS as an arena player, and the resampling it relies on."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is in the rl extra")

from whistdrive import arena, new_game
from whistdrive.cards import DECK
from whistdrive.spiel.resample import resample_game


def midgame(name, options, seed, plays):
    g = new_game(name, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name,options,plays", [("german", {}, 9), ("german", {}, 30), ("whist", {"length": "deal"}, 17),
                                               ("knockout", {"players": 4}, 6)])
def test_a_resampled_world_looks_the_same_to_the_seat_and_redeals_the_rest(name, options, plays):
    g = midgame(name, options, 3, plays)
    seat = g.current_seat
    worlds = [resample_game(g, seat, random.Random(i)) for i in range(8)]
    for w in worlds:
        assert w.observation(seat) == g.observation(seat)
        assert sorted(w.play.hands) == sorted(g.play.hands)
        all_cards = 0
        for h in w.play.hands.values():
            assert all_cards & h == 0
            all_cards |= h
        assert w.chance.log == []
    others = [s for s in g.play.hands if s != seat]
    if g.observation(seat).get("stage") == 2:  # German Whist's stage 2: every card is known
        assert all(w.play.hands == g.play.hands for w in worlds)
    else:
        assert any(w.play.hands[s] != g.play.hands[s] for w in worlds for s in others)
    g.apply(g.legal_actions()[0])  # the copies are independent of the game
    assert all(w.observation(seat) != g.observation(seat) for w in worlds)


def test_the_resampled_world_does_not_depend_on_the_hidden_cards():
    """Two deals that differ only in cards A cannot see give A the same worlds."""
    order = list(range(52))
    random.Random(4).shuffle(order)
    swapped = order.copy()
    swapped[0], swapped[30] = order[30], order[0]  # one of B's cards and a face-down stock card
    worlds = []
    for deck in (order, swapped):
        chance = [{"type": "dealer", "seat": 0}, {"type": "deck", "cards": [str(DECK[c]) for c in deck]}]
        g = new_game("german", chance=chance)
        w = resample_game(g, 0, random.Random(99))
        worlds.append((w.play.hands, w.stock, w.draws))
    assert worlds[0] == worlds[1]


def test_openspiel_ismcts_plays_legal_moves_in_the_arena():
    summary = arena.run("german", ["openspiel-ismcts:4", "random"], 1, seed=2, progress=False)
    row = next(r for r in summary.rows if r["bot"] == "openspiel-ismcts:4")
    assert row["moves"] > 0 and row["games"] == 2


def test_openspiel_bot_names_are_checked(monkeypatch):
    from whistdrive.games import Game, HumbugWhist
    from whistdrive.spiel.bots import make_spiel_player

    g = new_game("german", seed=1)
    with pytest.raises(ValueError, match="unknown OpenSpiel bot"):
        make_spiel_player("openspiel-cfr", "german", lambda: g)
    monkeypatch.setattr(HumbugWhist, "redeal_hidden", Game.redeal_hidden)  # hidden cards it cannot redeal
    with pytest.raises(ValueError, match="not redealt"):
        make_spiel_player("openspiel-ismcts", "humbug", lambda: new_game("humbug", seed=1))
    with pytest.raises(ValueError, match="at least one simulation"):
        make_spiel_player("openspiel-ismcts", "german", lambda: g, budget=0)
