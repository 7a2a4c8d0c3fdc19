"""PettingZoo's own API and seed tests on every game's AEC environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is in the rl extra")
from pettingzoo.test import api_test, seed_test

from whistdrive.envs import env

SETUPS = [("german", {}), ("whist", {"length": "deal"}), ("knockout", {"players": 4}), ("knockout", {"players": 2}),
          ("humbug", {"length": "deal"})]


@pytest.mark.parametrize("game,options", SETUPS)
def test_pettingzoo_api_test(game, options):
    api_test(env(game, options), num_cycles=300)


@pytest.mark.parametrize("game,options", SETUPS)
def test_pettingzoo_seed_test(game, options):
    seed_test(lambda: env(game, options), num_cycles=300)


@pytest.mark.parametrize("game,options", SETUPS)
def test_a_whole_game_pays_the_returns(game, options):
    e = env(game, options)
    e.reset(seed=3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        total[agent] += reward
        if done or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].dtype == np.float32 and mask.sum() > 0
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert sum(total.values()) == pytest.approx(0.0) and max(total.values()) > 0
    assert list(total.values()) == pytest.approx(e.unwrapped.game.returns())


def test_human_mode_prints_the_table_at_each_step_and_returns_nothing(capsys):
    e = env("german", render_mode="human")
    e.reset(seed=2)
    e.step(int(e.observe(e.agent_selection)["action_mask"].argmax()))
    assert "Trump" in capsys.readouterr().out
    assert e.render() is None and "Trump" in capsys.readouterr().out


def test_render_shows_the_acting_seat_only():
    e = env("german", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    g = e.unwrapped.game.game
    seat = g.current_seat
    assert "Trump" in text or "trump" in text.lower()
    hidden = [str(c) for c in g.hand(1 - seat)]
    assert not any(f" {c} " in f" {text} " for c in hidden if c not in g.observation(seat)["opponent_known"])


def sampled_run(seed: int) -> list:
    """The docs' loop: actions from ``action_space(agent).sample(mask)``, the deal and the spaces seeded by reset."""
    e = env("knockout", {"players": 3})
    e.reset(seed=seed)
    actions = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        actions.append(action)
        e.step(action)
    return actions


def test_reset_seeds_the_action_spaces_so_sampled_runs_replay():
    assert sampled_run(42) == sampled_run(42)
    assert sampled_run(42) != sampled_run(43)


def illegal_id(e) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])


def test_an_illegal_action_raises_and_changes_nothing_by_default():
    from whistdrive.errors import IllegalMove

    e = env("german")
    e.reset(seed=5)
    before = e.unwrapped.game.game.observation(0)
    with pytest.raises(IllegalMove):
        e.step(illegal_id(e))
    assert e.unwrapped.game.game.observation(0) == before


@pytest.mark.parametrize("game,options", [("german", {}), ("knockout", {"players": 3})])
def test_illegal_action_lose_ends_the_game_with_minus_one_for_the_offender(game, options):
    e = env(game, options, illegal_action="lose")
    e.reset(seed=5)
    e.step(int(e.observe(e.agent_selection)["action_mask"].argmax()))  # one legal move first
    offender = e.agent_selection
    e.step(illegal_id(e))
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        _, reward, termination, truncation, _ = e.last()
        assert termination
        total[agent] += reward
        e.step(None)
    assert total == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}


def test_illegal_action_option_is_checked():
    with pytest.raises(ValueError, match="raise, lose"):
        env("german", illegal_action="ignore")
