"""A budget of sampled worlds makes an arena run give the same digits on any machine."""

from __future__ import annotations

import itertools

import pytest

from whistdrive import arena, solver
from whistdrive.arena import BotSpec
from whistdrive.bots import make_player, search

TIMELESS = ("time_mean", "time_p95", "moves")


def figures(summary) -> list:
    """Everything an arena run reports except how long the moves took."""
    rows = [{k: v for k, v in r.items() if k not in TIMELESS} for r in summary.rows]
    deals = [{k: v for k, v in d.items() if k != "times"} for d in summary.deals_detail]
    return [rows, deals]


def slow_clock(monkeypatch) -> None:
    """A machine a thousand times slower: each reading of the clock is 1000 s later."""
    ticks = itertools.count()
    monkeypatch.setattr(search.time, "perf_counter", lambda: 1000.0 * next(ticks))


@pytest.mark.parametrize("game,bots,options", [("german", ["expert:worlds=3", "intermediate"], {}),
                                               pytest.param("whist", ["expert:worlds=2", "beginner"], {},
                                                            marks=pytest.mark.slow),  # ~5 s
                                               ("knockout", ["expert:worlds=2", "intermediate"], {})])
def test_a_worlds_budget_gives_the_same_figures_on_a_slow_machine_and_across_workers(game, bots, options,
                                                                                      monkeypatch):
    fast = arena.run(game, bots, 1, seed=11, options=options, progress=False)
    slow_clock(monkeypatch)
    slow = arena.run(game, bots, 2, seed=11, workers=2, options=options, progress=False)
    assert figures(fast)[1][0] == figures(slow)[1][0]
    fast = arena.run(game, bots, 2, seed=11, options=options, progress=False)
    assert figures(fast) == figures(slow)
    assert fast.rows[0]["moves"] > 0


def test_a_seconds_budget_depends_on_the_clock(monkeypatch):
    """The check above can fail: with seconds, a slower clock means fewer worlds and other values."""
    g = arena.new_game("whist", {"length": "deal"}, seed=5)
    while len(g.actions) < 28 or len(g.legal_actions()) < 3:  # late in the deal: many worlds a second
        g.apply(g.legal_actions()[-1])
    obs = g.observation(g.current_seat)
    solver.warm_up()
    fast = make_player("expert", "whist", seed=1, budget=0.5).evaluate(obs)
    slow_clock(monkeypatch)
    slow = make_player("expert", "whist", seed=1, budget=0.5).evaluate(obs)
    counted = make_player("expert", "whist", seed=1, worlds=search.SearchPlayer.min_rounds).evaluate(obs)
    assert slow == counted, {k: (slow[k], counted[k]) for k in slow if slow[k] != counted[k]}
    assert fast != slow


def test_worlds_budget_parsing_and_refusals():
    assert BotSpec.parse("expert:worlds=64") == BotSpec("expert:worlds=64", "expert", None, 64)
    assert BotSpec.parse("expert:0.3").budget == 0.3
    for bad in ("expert:world=3", "expert:worlds=x", "expert:fast"):
        with pytest.raises(ValueError, match="must be seconds"):
            BotSpec.parse(bad)
    with pytest.raises(ValueError, match="positive"):
        make_player("expert", "whist", worlds=0)
    with pytest.raises(ValueError, match="for the expert"):
        make_player("beginner", "whist", worlds=8)
