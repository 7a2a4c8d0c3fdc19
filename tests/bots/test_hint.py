import pytest
from conftest import play_out

from whistdrive import new_game
from whistdrive.bots import hint, make_player


@pytest.mark.parametrize("game,options", [("german", {}), ("whist", {"length": "deal"}), ("knockout", {}),
                                          ("humbug", {"length": "deal"})])
def test_hint_values_every_legal_action(game, options):
    g = new_game(game, options, seed=3)
    bots = [make_player("intermediate", game, seed=s) for s in range(g.num_seats)]
    checked = 0
    while not g.is_over and checked < 12:
        obs = g.observation(g.current_seat)
        h = hint(obs, budget=0.01)
        assert set(h["values"]) == set(obs["legal"])
        assert h["best"] in obs["legal"]
        assert all(isinstance(v, float) for v in h["values"].values())
        checked += 1
        g.apply(bots[g.current_seat].choose(obs))


def test_hint_needs_a_decision():
    g = new_game("german", seed=1)
    with pytest.raises(ValueError):
        hint(g.observation(1 - g.current_seat))


def test_play_out_helper_runs():
    play_out("german", {}, [make_player("random", "german", seed=s) for s in range(2)], 1)
