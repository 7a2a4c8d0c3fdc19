"""The pool hands the scheduler's granted time to the bot it builds, and the level's own budget when
nothing waits; rule-based levels get none."""

from __future__ import annotations

import asyncio

import whistdrive.bots as bots
from whistdrive import new_game
from whistdrive.web.botpool import BotPool
from whistdrive.web.scheduler import MOVE


def test_experts_think_their_budget_alone_and_less_when_moves_wait(monkeypatch):
    built: list[tuple[str, str, float | None]] = []
    real = bots.make_player

    def recording(level, game, seed=None, budget=None, **kw):
        built.append((level, game, budget))
        return real("random", game, seed=seed)  # plays at once: the test measures no thinking

    monkeypatch.setattr(bots, "make_player", recording)
    g = new_game("whist", seed=1)
    obs = g.observation(g.current_seat)

    async def main():
        pool = BotPool("thread", workers=1)
        try:
            await pool.choose("expert", "whist", obs, seed=1, key="alone")
            gate = asyncio.Event()

            async def hold(_granted):
                await gate.wait()

            blocker = asyncio.create_task(pool.scheduler.submit(MOVE, "blocker", 0.6, hold))
            await asyncio.sleep(0.01)
            crowd = [asyncio.create_task(pool.choose("expert", "whist", obs, seed=i, key=f"t{i}")) for i in range(6)]
            crowd.append(asyncio.create_task(pool.choose("beginner", "whist", obs, seed=9, key="b")))
            await asyncio.sleep(0.01)
            gate.set()
            answers = await asyncio.gather(blocker, *crowd)
        finally:
            pool.close()
        return answers[1:]

    answers = asyncio.run(main())
    assert all(a in obs["legal"] for a in answers)
    expert = bots.BUDGETS["expert"]["whist"]
    assert built[0] == ("expert", "whist", expert)  # nothing waited: the whole budget
    crowded = [b for lv, _, b in built[1:] if lv == "expert"]
    assert len(crowded) == 6 and min(crowded) < expert and max(crowded) <= expert
    assert [b for lv, _, b in built if lv == "beginner"] == [None]  # the level's own (none)


def test_a_web_expert_may_stop_after_one_world(monkeypatch):
    """Worlds cannot be interrupted: on a web table the expert's deadline may end its search after one
    world, not the usual two; a level without worlds is left alone."""
    from whistdrive.bots.search import SearchPlayer
    from whistdrive.web import botpool

    seen: list[int] = []
    real = SearchPlayer.choose

    def recording(self, observation, budget=None):
        seen.append(self.min_rounds)
        return real(self, observation, budget)

    monkeypatch.setattr(SearchPlayer, "choose", recording)
    g = new_game("whist", seed=1)
    obs = g.observation(g.current_seat)
    assert SearchPlayer.min_rounds == 2
    assert botpool.choose("expert", "whist", obs, 1, 0.01) in obs["legal"]
    assert seen == [1]
    assert botpool.choose("beginner", "whist", obs, 1) in obs["legal"]
