"""Fair sharing of the bot workers between tables and people (docs/web.md, "Computer players").

Two lanes in strict priority: bot **moves** first, then **advice** (hints and
analysis), which may hold at most half the workers (at least one), so a hint
never takes a move's place and a move rarely waits for a hint to end. Inside a lane, jobs are ordered by
start-time fair queueing: each key (a table for moves, a person for advice)
gets an equal share of worker *time*, whatever its number of waiting jobs, so
a table of three experts cannot starve another table, and a beginner's instant
move overtakes the experts' long ones.

A job is dispatched only when a worker is free, and is granted the thinking
time it can still afford: a move should be played within twice its budget,
counted from when it was asked for, so a move that waited, or that many moves
wait behind, thinks less (never less than ``MIN_SHARE`` of its budget). A
worker holds a job longer than its grant (a sampled world cannot be
interrupted, a loaded machine runs it slower): that overrun is measured and
taken off the grants too. Whether the site is full (:meth:`Scheduler.pressed`)
is measured the same way, on the moves themselves: late moves, short grants,
or workers that would be busy most of the time even at half the budgets.
"""

from __future__ import annotations

import asyncio
import collections
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("whistdrive.web")

MOVE, ADVICE = 0, 1
"""The lanes, highest priority first."""

QUICK = 0.005
"""The worker time (seconds) a level without a budget is expected to take: its fair-queueing cost."""

MIN_SHARE = 0.125
"""The least part of its budget a thinking job is granted, however long the queue."""

FULL_SHARE = 0.5
"""The site is full when the moves of the last ``WINDOW`` seconds got less than this part of their budget."""

WINDOW = 20.0

LATE = 1.8
"""A move that took longer than this many budgets from its request to its worker's answer is late: the
rest of twice its budget is the server's (storing the move, sending it) and the network's."""

BUSIEST = 0.8
"""The site is full when the workers would be busy more than this part of the time, the moves of the last
``WINDOW`` seconds thinking at least half their budget: the rest is room to think less when a spell of
load comes (more moves at once, or other work on the machine)."""

SETTLING = 10.0
"""Seconds a newly admitted table is counted as more load to come, its moves not all measured yet."""

OVERRUN_START = 0.1
"""The seconds a worker is expected to hold a job past its grant before any was measured."""

OVERRUNS = 64
"""The most recent jobs whose overrun is remembered (of the last ``WINDOW`` seconds); the estimate is
their 90th percentile."""

PATIENCE = (None, 10.0)
"""Seconds a job of each lane may wait for a worker before it is refused as busy: a move waits as long as
it takes (the tables admitted are what bounds its wait), a hint nobody could start in time is refused."""


class Busy(Exception):
    """The lane's queue is full (or the key has too many jobs waiting): try again later."""


@dataclass(order=True)
class Job:
    tag: float
    seq: int
    lane: int = field(compare=False)
    key: str = field(compare=False)
    budget: float = field(compare=False)
    call: Callable[[float | None], Awaitable[Any]] = field(compare=False, repr=False)
    enqueued: float = field(compare=False)
    future: asyncio.Future = field(compare=False, repr=False)
    queued: bool = field(default=True, compare=False)


def margin(budget: float) -> float:
    """The seconds of a move's twice-its-budget kept for what the grant cannot see: the server (storing
    the move, sending it), the network, and the scheduler's own imprecision."""
    return 0.15 * budget + 0.1


def grant(budget: float, waited: float, behind: int, slots: int, overrun: float = 0.0) -> float:
    """The seconds a job of ``budget`` may think, dispatched after ``waited`` s with ``behind`` jobs waiting,
    a worker holding each job ``overrun`` s past its grant.

    Within twice the budget overall: the time left after the wait (less the
    margin and the overrun), and a think short enough that the ``behind`` jobs
    sharing ``slots`` workers are served in time too (each holding a worker for
    its grant and the overrun).
    """
    if budget <= 0:
        return budget
    limit = 2 * budget - margin(budget)
    after_wait = limit - waited - overrun
    turnover = limit * slots / (behind + slots) - overrun
    return max(MIN_SHARE * budget, min(budget, after_wait, turnover))


class Scheduler:
    """Runs ``call(granted_budget)`` of each submitted job on one of ``slots`` workers, fairly.

    ``max_waiting`` bounds each lane's queue (``None``: unbounded); ``per_key``
    bounds the jobs one key may have waiting in a lane (``None``: unbounded);
    ``patience`` how long a job of each lane may wait for a worker.
    """

    def __init__(self, slots: int, max_waiting: tuple[int | None, int | None] = (None, 64),
                 per_key: tuple[int | None, int | None] = (None, 2),
                 patience: tuple[float | None, float | None] = PATIENCE, clock: Callable[[], float] = time.monotonic):
        if slots < 1:
            raise ValueError("a scheduler needs at least one worker")
        self.slots = slots
        self.free = slots
        # advice may hold at most half the workers (at least one), so a move finds one free or soon free
        self.lane_slots = (slots, max(1, slots // 2))
        self.busy = [0, 0]  # workers held by each lane
        self.max_waiting = max_waiting
        self.per_key = per_key
        self.patience = patience
        self.clock = clock
        self.heaps: tuple[list[Job], list[Job]] = ([], [])
        self.waiting = [0, 0]
        self.thinking = [0, 0]  # of the waiting jobs, those with a budget (the rest answer at once)
        self.waiting_per_key: tuple[collections.Counter, collections.Counter] = (collections.Counter(),
                                                                                 collections.Counter())
        self.virtual = [0.0, 0.0]  # each lane's virtual time: the tag of its last dispatched job
        self.finish: tuple[dict[str, float], dict[str, float]] = ({}, {})  # key -> tag its next job starts at
        self.shares: collections.deque[tuple[float, float]] = collections.deque()  # (when, granted / budget)
        self.overruns: collections.deque[tuple[float, float]] = collections.deque(maxlen=OVERRUNS)  # (when,
        # seconds held past the grant)
        # the jobs of the last WINDOW seconds: (ended, lane, key, worker seconds they would hold at half
        # their budget or more, late)
        self.served: collections.deque[tuple[float, int, str, float, bool]] = collections.deque()
        self.admissions: collections.deque[float] = collections.deque()  # when each new table was admitted
        self.table_overrun: dict[str, tuple[float, float]] = {}  # key -> (when, its last job's overrun)
        self.since = clock()  # the measures cover the time since then, at most WINDOW
        self.move_budget = 0.0  # the budget of the last thinking move asked for
        self.running: set[asyncio.Task] = set()
        self._seq = itertools.count()

    async def submit(self, lane: int, key: str, budget: float, call: Callable[[float | None], Awaitable[Any]]):
        """The result of ``call``, run when a worker is free and the job's turn comes; raises :class:`Busy`."""
        limit, mine = self.max_waiting[lane], self.per_key[lane]
        if limit is not None and self.waiting[lane] >= limit:
            raise Busy("the queue is full")
        if mine is not None and self.waiting_per_key[lane][key] >= mine:
            raise Busy("too many requests of yours are waiting")
        finish = self.finish[lane]
        start = max(self.virtual[lane], finish.get(key, 0.0))
        finish[key] = start + max(budget, QUICK)
        job = Job(start, next(self._seq), lane, key, budget, call, self.clock(),
                  asyncio.get_running_loop().create_future())
        job.future.add_done_callback(lambda _f: self._unqueue(job))
        heapq.heappush(self.heaps[lane], job)
        self.waiting[lane] += 1
        self.thinking[lane] += budget > 0
        if lane == MOVE and budget > 0:
            self.move_budget = budget
        self.waiting_per_key[lane][key] += 1
        self._pump()
        patience = self.patience[lane]
        if patience is None:
            return await job.future
        try:
            return await asyncio.wait_for(asyncio.shield(job.future), patience)
        except TimeoutError:
            if job.queued:
                job.future.cancel()
                raise Busy("no worker was free in time") from None
            return await job.future  # started just in time
        except asyncio.CancelledError:  # the waiter gave up: its job leaves the queue
            if job.queued:
                job.future.cancel()
            raise

    def _unqueue(self, job: Job) -> None:
        """A job leaves the queue: dispatched, or its waiter gave up (cancelled) while it waited."""
        if job.queued:
            job.queued = False
            self.waiting[job.lane] -= 1
            self.thinking[job.lane] -= job.budget > 0
            counts = self.waiting_per_key[job.lane]
            counts[job.key] -= 1
            if counts[job.key] <= 0:
                del counts[job.key]

    def _next(self) -> Job | None:
        for lane, heap in enumerate(self.heaps):
            if self.busy[lane] >= self.lane_slots[lane]:
                continue
            while heap:
                job = heapq.heappop(heap)
                if job.queued and not job.future.done():  # a done one was given up: its callback unqueues it
                    return job
        return None

    def _pump(self) -> None:
        while self.free > 0:
            job = self._next()
            if job is None:
                return
            self._unqueue(job)
            lane = job.lane
            self.virtual[lane] = max(self.virtual[lane], job.tag)
            self._forget_idle_keys(lane)
            granted = grant(job.budget, self.clock() - job.enqueued, self.thinking[lane], self.lane_slots[lane],
                            self.overrun(job.key))
            if lane == ADVICE:  # a hint thinks no longer than the moves could lately
                granted = max(MIN_SHARE * job.budget, granted * self.recent_share())
            if job.budget > 0 and lane == MOVE:
                self._record(granted / job.budget)
            self.free -= 1
            self.busy[lane] += 1
            task = asyncio.get_running_loop().create_task(self._execute(job, granted))
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    def _forget_idle_keys(self, lane: int) -> None:
        """Keys whose credit is spent weigh nothing: drop them so the table does not grow forever."""
        finish = self.finish[lane]
        if len(finish) > 2 * self.waiting[lane] + 256:
            now = self.virtual[lane]
            for key in [k for k, f in finish.items() if f <= now]:
                del finish[key]

    async def _execute(self, job: Job, granted: float) -> None:
        """Hold a worker for the whole call, even when its waiter gave up: the worker is busy until it ends."""
        started = self.clock()
        try:
            result = await job.call(granted if job.budget > 0 else None)
        except asyncio.CancelledError:
            job.future.cancel()
            raise
        except Exception as e:  # the waiter's to handle
            if not job.future.done():
                job.future.set_exception(e)
        else:
            if not job.future.done():
                job.future.set_result(result)
        finally:
            self._served(job, granted, started)
            self.free += 1
            self.busy[job.lane] -= 1
            self._pump()

    def _served(self, job: Job, granted: float, started: float) -> None:
        """Measure a job that ended: its worker's overrun, the time it would hold at half its budget
        or more, and for a move whether it was late."""
        now = self.clock()
        held = weight = now - started
        if job.budget > 0:
            over = max(0.0, held - granted)
            self.overruns.append((now, over))
            self.table_overrun[job.key] = (now, over)
            weight = max(held, FULL_SHARE * job.budget + over)
        late = job.lane == MOVE and job.budget > 0 and now - job.enqueued > LATE * job.budget
        if late:  # the capacity is refused meanwhile; the operator learns where the time went
            log.warning("a move of table %s came late: %.2f s (budget %.2f s): waited %.2f s, granted %.2f s, "
                        "held %.2f s", job.key, now - job.enqueued, job.budget, started - job.enqueued, granted,
                        held)
        self.served.append((now, job.lane, job.key, weight, late))
        self._forget_served()

    def overrun(self, key: str | None = None) -> float:
        """The seconds a worker is expected to hold a job (of ``key``) past its grant: the 90th percentile
        of the recent jobs', or more if the key's last job overran more. A sampled world costs most at
        the start of a deal, so a table's last move foretells its next one better than the others do."""
        now = self.clock()
        while self.overruns and self.overruns[0][0] < now - WINDOW:
            self.overruns.popleft()
        if self.overruns:
            ordered = sorted(over for _, over in self.overruns)
            typical = ordered[int(0.9 * (len(ordered) - 1))]
        else:
            typical = OVERRUN_START
        when, own = self.table_overrun.get(key, (0.0, 0.0)) if key is not None else (0.0, 0.0)
        return max(typical, own) if when >= now - WINDOW else typical

    def _forget_served(self) -> None:
        now = self.clock()
        while self.served and self.served[0][0] < now - WINDOW:
            self.served.popleft()
        if len(self.table_overrun) > 256 + 2 * len(self.served):
            for key in [k for k, (when, _) in self.table_overrun.items() if when < now - WINDOW]:
                del self.table_overrun[key]
        self.since = max(self.since, now - WINDOW)

    def busyness(self) -> float:
        """The part of the time the workers would have been busy lately, the moves thinking at least
        half their budget (0: nothing measured yet)."""
        self._forget_served()
        span = self.clock() - self.since
        if span <= 0:
            return 0.0
        return sum(weight for *_, weight, _ in self.served) / (span * self.slots)

    def admit(self) -> None:
        """A new table was admitted: its moves are load to come."""
        self.admissions.append(self.clock())

    def projected(self) -> float:
        """:meth:`busyness` with the tables admitted in the last ``SETTLING`` seconds at their full
        share: each as busy as the tables measured lately are on average."""
        busy = self.busyness()
        now = self.clock()
        while self.admissions and self.admissions[0] < now - SETTLING:
            self.admissions.popleft()
        tables = len({key for _, lane, key, _, _ in self.served if lane == MOVE})
        return busy * (tables + len(self.admissions)) / tables if tables else busy

    def late(self) -> int:
        """The moves of the last ``WINDOW`` seconds that took longer than ``LATE`` budgets."""
        self._forget_served()
        return sum(late for *_, late in self.served)

    def _record(self, share: float) -> None:
        self.shares.append((self.clock(), share))
        self.recent_share()  # forget the old ones

    def recent_share(self) -> float:
        """The mean part of their budget the moves of the last ``WINDOW`` seconds were granted (1: none)."""
        now = self.clock()
        while self.shares and self.shares[0][0] < now - WINDOW:
            self.shares.popleft()
        return sum(s for _, s in self.shares) / len(self.shares) if self.shares else 1.0

    def pressed(self) -> bool:
        """Are the moves short of workers? Yes when a move was late lately, or the moves were granted
        under ``FULL_SHARE`` of their budget on average, or the workers would be busy more than
        ``BUSIEST`` of the time at half the budgets (counting the tables just admitted), or so many
        moves wait that the next would think under half its budget. All measured, so capacity follows
        the machine: slower workers (other work on the cores) overrun more, and fewer tables fit."""
        if self.late() or self.recent_share() < FULL_SHARE or self.projected() > BUSIEST:
            return True
        b = self.move_budget
        return b > 0 and grant(b, 0.0, self.thinking[MOVE], self.slots, self.overrun()) < FULL_SHARE * b

    def close(self) -> None:
        """Refuse every waiting job (its waiter gets :class:`Busy`); the running ones end with their worker."""
        for heap in self.heaps:
            for job in heap:
                if job.queued and not job.future.done():
                    job.future.set_exception(Busy("the server is stopping"))
            heap.clear()
