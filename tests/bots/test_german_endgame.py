"""The German expert plays the last tricks of stage 1 exactly in each world, the stock a chance event.

From ``GermanExpert.endgame`` stock cards on, a world's value is the stage-1
solver's (every later card of both seats chosen exactly, with that world's
stock order) instead of the classic playout's.  Checked on positions of
seeded games: handed only the true world, the honest expert values every card
as the cheater's exact solve of the true deal does; and with sampled worlds its
values are the mean of the solver's over the worlds it deals, not the playout's.
"""

import pytest

from whistdrive import new_game
from whistdrive.bots import make_cheater, make_player
from whistdrive.bots.german_expert import DealTerms, GermanExpert, World, exact_values
from whistdrive.bots.view import card_int, read


def endgame_positions(games: int, seed: int):
    """(observation, live game) at every stage-1 decision of mine with at most 4 stock cards and a choice."""
    for g in range(games):
        game = new_game("german", seed=seed + g)
        bots = [make_player("intermediate", "german", seed=seed + g + s) for s in (0, 1)]
        while not game.is_over:
            seat = game.current_seat
            obs = game.observation(seat)
            if obs["stage"] == 1 and obs["stock_size"] <= GermanExpert.endgame and len(obs["legal"]) > 1:
                yield obs, game.clone()
            game.apply(bots[seat].choose(obs), seat)


def true_world(game) -> World:
    p = game.play
    return World(dict(p.hands), list(game.stock), list(p.trick), p.leader, len(p.tricks),
                 game.tricks_won(1), game.tricks_won(2), 0)


def test_on_the_true_world_the_expert_values_cards_as_the_cheater_does():
    n = 0
    for obs, game in endgame_positions(12, 70):
        honest = make_player("expert", "german", seed=1, worlds=3)
        honest._world = lambda v, rng, game=game: true_world(game)
        cheater = make_cheater("german", lambda game=game: game, seed=1)
        assert honest.evaluate(obs) == pytest.approx(cheater.evaluate(obs))
        n += 1
    assert n > 20


def recording(player) -> list[World]:
    """A copy of every world the player deals, kept as it searches."""
    seen: list[World] = []
    deal = player._world

    def world(v, rng):
        w = deal(v, rng)
        seen.append(w.copy())
        return w

    player._world = world
    return seen


def test_the_values_are_the_solvers_mean_over_the_dealt_worlds():
    for obs, _ in list(endgame_positions(4, 90))[:8]:
        player = make_player("expert", "german", seed=5, worlds=6)
        seen = recording(player)
        player.draw_history = False  # equal weights: a plain mean
        values = player.evaluate(obs)
        v, terms = read(obs), DealTerms(obs)
        mean: dict[int, float] = {}
        for w in seen:
            for c, x in exact_values(v, terms, w.hands[0], w.hands[1], w.stock).items():
                mean[c] = mean.get(c, 0.0) + x / len(seen)
        for text, x in values.items():
            assert x == pytest.approx(mean[card_int(text)])


def test_the_reference_and_the_low_game_keep_the_playout():
    obs, _ = next(endgame_positions(3, 110))
    ref = make_player("expert-2026.11", "german", seed=2, worlds=4)
    plain = make_player("expert", "german", seed=2, worlds=4)
    plain.endgame, plain.draw_history = 0, False
    assert ref.evaluate(obs) == plain.evaluate(obs)
    low = dict(obs, low_game=True)
    exact = make_player("expert", "german", seed=2, worlds=4)
    plain_low = make_player("expert", "german", seed=2, worlds=4)
    plain_low.endgame = 0
    assert exact.evaluate(low) == plain_low.evaluate(low)
