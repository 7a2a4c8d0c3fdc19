"""The one clock of the web layer: tables, seats, rate limits, leases, the scheduler and the move
clock all ask it, so tests run on :class:`FakeClock` in milliseconds instead of sleeping.

``now`` measures durations (monotonic); ``wall`` is the time that outlives a process
(invitations' expiry, leases stored in the database).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time


class Clock:
    """Real time."""

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    def later(self, seconds: float, callback) -> asyncio.Task:
        """Run ``callback()`` after ``seconds``: a task, so that it can be cancelled."""
        async def wait_then_call() -> None:
            await self.sleep(seconds)
            callback()

        return asyncio.get_running_loop().create_task(wait_then_call())


class FakeClock(Clock):
    """Time that moves only when a test says so (:meth:`advance`, on the event loop's thread).

    Sleepers wake in order of their deadlines, and each wakes with the clock at its
    own deadline, so what a timer sees is what it would see in real time.
    """

    def __init__(self, start: float = 1000.0, wall: float = 1_800_000_000.0):
        self._now = start
        self._offset = wall - start
        self._sleepers: list[tuple[float, int, asyncio.Future]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return self._now + self._offset

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), woken))
        await woken

    async def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, waking every sleeper due on the way and letting it run."""
        until = self._now + seconds
        await settle()
        while self._sleepers and self._sleepers[0][0] <= until:
            deadline, _, woken = heapq.heappop(self._sleepers)
            self._now = max(self._now, deadline)
            if not woken.done():
                woken.set_result(None)
                await settle()
        self._now = until
        await settle()


async def settle(rounds: int = 20) -> None:
    """Let the tasks that are ready run, and those they wake (a few rounds of the event loop)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
