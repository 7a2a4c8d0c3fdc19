"""OpenSpiel's own random-simulation checks on every game, and agreement with the engine."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is in the rl extra")

import pyspiel

import whistdrive.spiel  # noqa: F401  (registers the games)
from whistdrive import new_game

SETUPS = [
    ("whistdrive_german", {}),
    ("whistdrive_german", {"deals": 2, "count": "all26", "scoring": "difference"}),
    ("whistdrive_whist", {}),
    ("whistdrive_knockout", {"players": 3}),
    ("whistdrive_knockout", {"players": 2}),
    ("whistdrive_humbug", {}),
]


@pytest.mark.parametrize("name,params", SETUPS)
def test_openspiel_random_sim_test(name, params):
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=False, verbose=False)


def play_randomly(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            seat = state.current_player()
            mask = np.zeros(game.num_distinct_actions(), bool)
            mask[state.legal_actions()] = True
            assert state.observation_tensor(seat) == pytest.approx(list(state.rl.observation_tensor(seat)))
            state.apply_action(int(rng.choice(np.flatnonzero(mask))))
    return state


@pytest.mark.parametrize("name,params", [("whistdrive_german", {"deals": 3}), ("whistdrive_whist", {"length": "game"}),
                                         ("whistdrive_knockout", {"players": 5}),
                                         ("whistdrive_humbug", {"length": "game"})])
def test_a_game_played_in_openspiel_replays_in_the_engine(name, params):
    """Same chance outcomes and actions through the engine's own record replay: same result, same returns."""
    game = pyspiel.load_game(name, params)
    state = play_randomly(game, np.random.default_rng(7))
    played = state.rl.game
    replay = new_game(played.name, played.options, chance=played.chance.log)
    for seat, action in played.actions:
        replay.apply(action, seat)
    assert replay.is_over and replay.result() == played.result()
    assert state.returns() == pytest.approx(state.rl.returns()) and sum(state.returns()) == pytest.approx(0.0)
    assert len(played.deal_results) > 1


def test_parameters_reach_the_game_and_bad_ones_are_refused():
    game = pyspiel.load_game("whistdrive_knockout", {"players": 6})
    assert game.num_players() == 6 and game.num_distinct_actions() == 56
    assert pyspiel.load_game("whistdrive_german").num_distinct_actions() == 52
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("whistdrive_knockout", {"players": 9})


def test_chance_nodes_deal_the_deck_card_by_card():
    state = pyspiel.load_game("whistdrive_german").new_initial_state()
    assert state.is_chance_node() and [a for a, _ in state.chance_outcomes()] == [0, 1]
    state.apply_action(1)  # B deals
    for i in range(52):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - i
        state.apply_action(outcomes[0][0])
    assert state.current_player() == 0 and state.rl.game.dealer == 1
    assert state.rl.game.hand(0)[0].index == 0  # A (first to receive) got the top card, 2S


@pytest.mark.parametrize("name, params", [("whistdrive_german", {}), ("whistdrive_whist", {"length": "deal"}),
                                          ("whistdrive_humbug", {"length": "deal"})])
def test_the_longest_game_is_a_deal_of_every_card_and_decision(name, params):
    """A deal always plays every card dealt (and Humbug's two exchanges): its length is its bound."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(5)
    for _ in range(3):
        state = play_randomly(game, rng)
        players = [a for a in state.full_history() if a.player != pyspiel.PlayerId.CHANCE]
        assert len(players) == game.max_game_length()


@pytest.mark.parametrize("name,params", [("whistdrive_german", {}), ("whistdrive_knockout", {"players": 3})])
def test_observation_tensor_from_python_equals_the_one_through_cpp(name, params):
    game = pyspiel.load_game(name, params)
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    assert state.observation_tensor(0) == pyspiel.State.observation_tensor(state, 0)  # all zeros while dealing
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        for seat in range(game.num_players()):
            assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
    with pytest.raises(ValueError):
        state.observation_tensor(game.num_players())


@pytest.mark.parametrize("name,params", [("whistdrive_german", {}), ("whistdrive_knockout", {"players": 3}),
                                         ("whistdrive_humbug", {})])
def test_legal_actions_from_python_equal_the_ones_through_cpp(name, params):
    game = pyspiel.load_game(name, params)
    state, rng = game.new_initial_state(), np.random.default_rng(4)
    while True:
        for player in [None, *range(game.num_players()), *([-1] if state.is_chance_node() else [])]:
            args = () if player is None else (player,)
            assert state.legal_actions(*args) == pyspiel.State.legal_actions(state, *args)
            if player is None or player == state.current_player():
                assert state.legal_actions_mask(*args) == pyspiel.State.legal_actions_mask(state, *args)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
