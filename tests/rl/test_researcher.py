"""What a researcher tripped over: bots' text answers as action ids, a game object for make_player,
no information-state tensor pretending to be one."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the rl extra: OpenSpiel

import whistdrive.spiel  # noqa: E402, F401  (registers the games)
from whistdrive import new_game  # noqa: E402
from whistdrive.bots import make_player  # noqa: E402
from whistdrive.cards import Card, Suit  # noqa: E402
from whistdrive.games.base import Exchange  # noqa: E402
from whistdrive.rl import RLGame  # noqa: E402


@pytest.mark.parametrize("game,text,action", [
    ("german", "QS", Card.parse("QS")), ("knockout", "H", Suit.HEARTS), ("knockout", "10C", Card.parse("10C")),
    ("humbug", "left", Exchange.LEFT), ("humbug", "keep", Exchange.KEEP)])
def test_action_id_reads_the_text_bots_answer(game, text, action):
    encoding = RLGame(game, seed=1).encoding
    assert encoding.action_id(text) == encoding.action_id(action)
    assert encoding.action(encoding.action_id(text)) == action


@pytest.mark.parametrize("game,text", [("german", "H"), ("german", "left"), ("whist", "nonsense")])
def test_action_id_refuses_text_that_is_no_action_of_the_game(game, text):
    with pytest.raises(ValueError, match="not an action of"):
        RLGame(game, seed=1).encoding.action_id(text)


@pytest.mark.parametrize("game", ["german", "knockout", "humbug"])
def test_a_bot_given_a_game_object_plays_an_rl_game(game):
    g = RLGame(game, seed=4)
    bot = make_player("intermediate", g.game, seed=1)
    for _ in range(6):
        answer = bot.choose(g.observation(g.current_seat))
        g.apply_action(g.encoding.action_id(answer))
    assert len(g.game.actions) == 6


def test_make_player_with_a_game_object_is_the_named_players_twin():
    game = new_game("german", seed=2)
    obs = game.observation(game.current_seat)
    assert make_player("beginner", game, seed=3).choose(obs) == make_player("beginner", "german", seed=3).choose(obs)


def test_information_state_tensor_is_refused_with_a_clear_error():
    game = pyspiel.load_game("whistdrive_german")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.information_state_string(0)  # the string is provided
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.information_state_tensor(0)
    assert len(state.observation_tensor(0)) == 328


def test_observation_tensor_can_write_into_a_given_row():
    import numpy as np

    g = RLGame("whist", {"length": "deal"}, seed=3)
    batch = np.zeros((2, g.observation_size), np.float32)
    seat = g.current_seat
    row = batch[1]
    assert g.observation_tensor(seat, out=row) is row
    assert np.array_equal(batch[1], g.observation_tensor(seat)) and not batch[0].any()
