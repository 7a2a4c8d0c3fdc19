"""The compiled stage-1 playout plays the same cards as the Python classic policy, on the same worlds."""

from __future__ import annotations

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import (
    GermanExpert,
    Rules,
    World,
    finish_compiled,
    playout_value,
    solve_rest,
    want_prize,
)
from whistdrive.bots.german_playout import policy_card
from whistdrive.bots.view import read
from whistdrive.cards import FULL_MASK
from whistdrive.solver import values_german_stage1
from whistdrive.solver._playout import classic_stage1_card


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
        v, rules = read(obs), Rules(obs)
        expert = GermanExpert("german", seed=checked)
        world = expert._world(v, rng)
        while world.done < 13:  # every card of the playout, one by one
            tseat, tcard = world.trick[0] if world.trick else (-1, -1)
            s = world.to_play()
            fast = classic_stage1_card(world.hands[s], world.gone, tcard, v.trump, world.stock[0], len(world.stock),
                                       rules.follow1, rules.low, rules.count == "all26")
            slow = policy_card("classic", world, rules, v.trump, rng, want_prize)
            assert fast == slow, (options, obs["tricks"], world.hands, world.trick)
            world.play(slow, v.trump)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("options", OPTIONS)
def test_compiled_playout_ends_stage1_as_the_python_one(options):
    rng = random.Random(5)
    for i, obs in enumerate(positions(options, 3)):
        v, rules = read(obs), Rules(obs)
        world = GermanExpert("german", seed=i)._world(v, rng)
        fast, slow = world.copy(), world.copy()
        finish_compiled(fast, v.trump, rules)
        while slow.done < 13:
            slow.play(policy_card("classic", slow, rules, v.trump, rng, want_prize), v.trump)
        assert (fast.hands, fast.leader, fast.won1, fast.done) == (slow.hands, slow.leader, slow.won1, slow.done)
        for margin in (None, 0.1):
            assert playout_value(world.copy(), v.seat, v.trump, rules, "compiled", margin) == \
                playout_value(world.copy(), v.seat, v.trump, rules, "classic", margin)


def test_the_world_copy_is_untouched_by_the_compiled_playout():
    obs = next(positions({}, 1))
    v = read(obs)
    world = GermanExpert("german", seed=1)._world(v, random.Random(1))
    before = World.copy(world)
    finish_compiled(world.copy(), v.trump, Rules(obs))
    assert (world.hands, world.stock, world.done) == (before.hands, before.stock, before.done)


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_a_playout_stopped_early_then_solved_matches_the_solver(options):
    """The playout that hands over to the exact solve at 4 stock cards: stopping and going on plays the
    same cards as one run, and the solved value is the solver's, its window kept to winning or not."""
    rng = random.Random(9)
    checked = 0
    for i, obs in enumerate(positions(options, 4)):
        v, rules = read(obs), Rules(obs)
        if obs["stock_size"] <= 4:
            continue
        world = GermanExpert("german", seed=i)._world(v, rng)
        once, stopped = world.copy(), world.copy()
        finish_compiled(once, v.trump, rules)
        finish_compiled(stopped, v.trump, rules, 11)
        assert (stopped.done, len(stopped.stock), stopped.trick) == (11, 4, [])
        assert stopped.gone == FULL_MASK & ~(stopped.hands[0] | stopped.hands[1] | sum(1 << c for c in stopped.stock))
        on = stopped.copy()
        finish_compiled(on, v.trump, rules)
        assert (on.hands, on.leader, on.won1) == (once.hands, once.leader, once.won1)
        all26 = rules.count == "all26"
        total = 15 if all26 else 13
        moved = values_german_stage1(stopped.hands[0], stopped.hands[1], stopped.stock, v.trump, stopped.leader,
                                     (), "all26" if all26 else "stage2", rules.follow1)
        best = max(moved.values())
        mine = best if stopped.leader == v.seat else total - best
        won2 = [0, 0]
        won2[v.seat], won2[1 - v.seat] = mine, total - mine
        before = list(stopped.won1)
        if all26:
            won2, before = [won2[0] + before[0], won2[1] + before[1]], [0, 0]
        assert solve_rest(stopped, v.seat, v.trump, rules, 1.0) == rules.value(v.seat, before, won2, 1.0)
        assert round(solve_rest(stopped, v.seat, v.trump, rules, None)) == rules.value(v.seat, before, won2, 0.0)
        checked += 1
    assert checked > 40
