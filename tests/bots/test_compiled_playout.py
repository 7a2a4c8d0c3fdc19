"""The compiled stage-1 playout plays the same cards as the Python classic policy, on the same worlds."""

from __future__ import annotations

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import DealTerms, GermanExpert, World, finish_compiled, playout_value, want_prize
from whistdrive.bots.german_playout import policy_card
from whistdrive.bots.view import read
from whistdrive.solver.playout import classic_stage1_card


def positions(options: dict, games: int):
    for seed in range(games):
        g = new_game("german", options, seed=seed)
        bots = [make_player(level, "german", seed=seed) for level in ("random", "intermediate")]
        while g.stage == 1:
            obs = g.observation(g.current_seat)
            yield obs
            g.apply(bots[g.current_seat].choose(obs))


OPTIONS = [{}, {"count": "all26"}, {"follow_suit_stage1": False}, {"high_low": True}]


@pytest.mark.parametrize("options", OPTIONS)
def test_compiled_and_python_classic_choose_the_same_cards(options):
    checked = 0
    rng = random.Random(3)
    for obs in positions(options, 8):
        v, terms = read(obs), DealTerms(obs)
        expert = GermanExpert("german", seed=checked)
        world = expert._world(v, rng)
        while world.done < 13:  # every card of the playout, one by one
            tseat, tcard = world.trick[0] if world.trick else (-1, -1)
            s = world.to_play()
            fast = classic_stage1_card(world.hands[s], world.gone, tcard, v.trump, world.stock[0], len(world.stock),
                                       terms.follow1, terms.low, terms.count == "all26")
            slow = policy_card("classic", world, terms, v.trump, rng, want_prize)
            assert fast == slow, (options, obs["tricks"], world.hands, world.trick)
            world.play(slow, v.trump)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("options", OPTIONS)
def test_compiled_playout_ends_stage1_as_the_python_one(options):
    rng = random.Random(5)
    for i, obs in enumerate(positions(options, 3)):
        v, terms = read(obs), DealTerms(obs)
        world = GermanExpert("german", seed=i)._world(v, rng)
        fast, slow = world.copy(), world.copy()
        finish_compiled(fast, v.trump, terms)
        while slow.done < 13:
            slow.play(policy_card("classic", slow, terms, v.trump, rng, want_prize), v.trump)
        assert (fast.hands, fast.leader, fast.won1, fast.done) == (slow.hands, slow.leader, slow.won1, slow.done)
        for margin in (None, 0.1):
            assert playout_value(world.copy(), v.seat, v.trump, terms, "compiled", margin) == \
                playout_value(world.copy(), v.seat, v.trump, terms, "classic", margin)


def test_the_world_copy_is_untouched_by_the_compiled_playout():
    obs = next(positions({}, 1))
    v = read(obs)
    world = GermanExpert("german", seed=1)._world(v, random.Random(1))
    before = World.copy(world)
    finish_compiled(world.copy(), v.trump, DealTerms(obs))
    assert (world.hands, world.stock, world.done) == (before.hands, before.stock, before.done)
