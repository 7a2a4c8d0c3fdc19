"""The scheduler that shares the bot workers: moves before advice, fair between tables, bounded,
and thinking time cut when moves wait. Fake jobs on one worker, a fake clock: the order is exact."""

from __future__ import annotations

import asyncio

import pytest

from whistdrive.web.scheduler import ADVICE, MIN_SHARE, MOVE, Busy, Scheduler

EXPERT = 0.6


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Worker:
    """Fake jobs: each records its start (key, granted budget) and runs until released."""

    def __init__(self):
        self.started: list[tuple[str, float | None]] = []
        self.gates: list[asyncio.Event] = []

    def job(self, key: str):
        async def call(granted):
            self.started.append((key, granted))
            gate = asyncio.Event()
            self.gates.append(gate)
            await gate.wait()
            return key
        return call

    async def release_all(self, waiters) -> None:
        """Let every job run, one after another, until every waiter has its answer."""
        while not all(w.done() for w in waiters):
            await settle()
            for g in self.gates:
                g.set()
        await asyncio.gather(*waiters, return_exceptions=True)


async def settle() -> None:
    """Let the event loop run every task that is ready (a dispatch starts its job in a task of its own)."""
    for _ in range(5):
        await asyncio.sleep(0)


def run(coro):
    return asyncio.run(coro)


async def _blocked(s: Scheduler, w: Worker) -> asyncio.Task:
    """Occupy the only worker, so everything submitted next waits in the queue."""
    t = asyncio.create_task(s.submit(MOVE, "blocker", EXPERT, w.job("blocker")))
    await settle()
    assert w.started == [("blocker", EXPERT)]
    return t


def test_moves_go_before_hints_submitted_earlier():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        waiters = [await _blocked(s, w)]
        for person in ("ann", "bob", "cid"):
            waiters.append(asyncio.create_task(s.submit(ADVICE, person, EXPERT, w.job("hint:" + person))))
        await settle()
        for table in ("t1", "t2"):
            waiters.append(asyncio.create_task(s.submit(MOVE, table, EXPERT, w.job("move:" + table))))
        await w.release_all(waiters)
        return [k for k, _ in w.started]

    assert run(main()) == ["blocker", "move:t1", "move:t2", "hint:ann", "hint:bob", "hint:cid"]


def test_a_table_with_many_waiting_moves_does_not_starve_another():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        waiters = [await _blocked(s, w)]
        waiters += [asyncio.create_task(s.submit(MOVE, "busy", EXPERT, w.job("busy"))) for _ in range(5)]
        await settle()
        waiters.append(asyncio.create_task(s.submit(MOVE, "calm", EXPERT, w.job("calm"))))
        await w.release_all(waiters)
        return [k for k, _ in w.started]

    order = run(main())
    # first come, first served would run "calm" last, after the five moves of "busy"
    assert order.index("calm") <= 2, order
    assert order.count("busy") == 5


def test_an_instant_move_overtakes_the_experts_thinking():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        waiters = [await _blocked(s, w)]
        for table in ("e1", "e2", "e3"):  # three expert tables, each with two moves waiting
            waiters += [asyncio.create_task(s.submit(MOVE, table, EXPERT, w.job(table))) for _ in range(2)]
        await settle()
        waiters += [asyncio.create_task(s.submit(MOVE, "beginner", 0.0, w.job("beginner"))) for _ in range(3)]
        await w.release_all(waiters)
        return w.started

    started = run(main())
    order = [k for k, _ in started]
    # the beginner's three instant moves cost less worker time than one expert move: they come before
    # each expert table's second move
    last_beginner = max(i for i, k in enumerate(order) if k == "beginner")
    second_moves = [i for i, k in enumerate(order) if k.startswith("e")][3:]
    assert last_beginner < min(second_moves), order
    assert all(g is None for k, g in started if k == "beginner")  # no budget to grant: the level's own


def test_the_fair_share_is_worker_time_per_table_whatever_its_number_of_experts():
    """Two tables drive their bots one move at a time: A has three experts (0.6 s), B one beginner."""
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()

        async def table(key, budget, moves):
            for _ in range(moves):
                await s.submit(MOVE, key, budget, w.job(key))

        waiters = [await _blocked(s, w)]
        waiters.append(asyncio.create_task(table("A", EXPERT, 9)))
        waiters.append(asyncio.create_task(table("B", 0.0, 9)))
        await w.release_all(waiters)
        return [k for k, _ in w.started][1:]

    order = run(main())
    assert sorted(order) == ["A"] * 9 + ["B"] * 9
    assert order[:2] in (["A", "B"], ["B", "A"])  # B's first move waits for at most one of A's
    assert order.index("A", 1) > order.index("B")


def test_thinking_time_shrinks_with_the_moves_waiting_behind_and_is_full_when_alone():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        waiters = [await _blocked(s, w)]
        waiters += [asyncio.create_task(s.submit(MOVE, f"t{i}", EXPERT, w.job(f"t{i}"))) for i in range(10)]
        await w.release_all(waiters)
        return [g for _, g in w.started[1:]]

    granted = run(main())
    assert all(MIN_SHARE * EXPERT <= g <= EXPERT for g in granted)
    assert granted == sorted(granted)  # the fewer moves wait behind, the longer one may think
    assert granted[0] < EXPERT / 2  # nine moves behind on one worker: well under the budget
    assert granted[-1] == EXPERT  # the last one, nothing behind and no wait: the whole budget


def test_a_move_that_waited_thinks_only_what_keeps_it_within_twice_its_budget():
    async def main():
        clock = Clock()
        s, w = Scheduler(1, clock=clock), Worker()
        blocker = await _blocked(s, w)
        waiter = asyncio.create_task(s.submit(MOVE, "late", EXPERT, w.job("late")))
        await settle()
        clock.now += 0.9  # the blocker thought for 0.9 s
        await w.release_all([blocker, waiter])
        return w.started[1][1]

    granted = run(main())
    assert granted < EXPERT
    assert 0.9 + granted < 2 * EXPERT
    assert granted >= MIN_SHARE * EXPERT


def test_the_scheduler_is_pressed_when_moves_get_little_time_and_not_when_idle():
    async def main():
        clock = Clock()
        s, w = Scheduler(1, clock=clock), Worker()
        assert not s.pressed()
        waiters = [await _blocked(s, w)]
        waiters += [asyncio.create_task(s.submit(MOVE, f"t{i}", EXPERT, w.job(f"t{i}"))) for i in range(20)]
        await settle()
        queued = s.pressed()  # twenty moves waiting on one worker: the next would get little time
        await w.release_all(waiters)
        lately = s.pressed()  # the moves just served got little time on average
        clock.now += 3600
        return queued, lately, s.pressed()

    queued, lately, much_later = run(main())
    assert queued and lately
    assert not much_later


def test_advice_queue_is_bounded_per_person_and_overall():
    async def main():
        s, w = Scheduler(1, max_waiting=(None, 3), per_key=(None, 2), clock=Clock()), Worker()
        waiters = [await _blocked(s, w)]
        waiters += [asyncio.create_task(s.submit(ADVICE, "ann", EXPERT, w.job("ann"))) for _ in range(2)]
        await settle()
        with pytest.raises(Busy):
            await s.submit(ADVICE, "ann", EXPERT, w.job("ann"))
        waiters.append(asyncio.create_task(s.submit(ADVICE, "bob", EXPERT, w.job("bob"))))
        await settle()
        with pytest.raises(Busy):  # three waiting: the lane is full for everyone
            await s.submit(ADVICE, "cid", EXPERT, w.job("cid"))
        waiters.append(asyncio.create_task(s.submit(MOVE, "t1", EXPERT, w.job("t1"))))  # moves still queue
        await w.release_all(waiters)
        return [k for k, _ in w.started]

    assert run(main()) == ["blocker", "t1", "ann", "bob", "ann"]


def test_a_waiter_that_gives_up_frees_its_place_and_its_job_never_runs():
    async def main():
        s, w = Scheduler(1, max_waiting=(None, 1), clock=Clock()), Worker()
        blocker = await _blocked(s, w)
        gone = asyncio.create_task(s.submit(ADVICE, "ann", EXPERT, w.job("ann")))
        await settle()
        gone.cancel()
        await settle()
        kept = asyncio.create_task(s.submit(ADVICE, "bob", EXPERT, w.job("bob")))  # the place is free again
        await w.release_all([blocker, kept])
        return [k for k, _ in w.started], kept.result()

    assert run(main()) == (["blocker", "bob"], "bob")


def test_closing_refuses_the_waiting_jobs():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        blocker = await _blocked(s, w)
        waiting = asyncio.create_task(s.submit(MOVE, "t1", EXPERT, w.job("t1")))
        await settle()
        s.close()
        with pytest.raises(Busy):
            await waiting
        await w.release_all([blocker])
        return [k for k, _ in w.started]

    assert run(main()) == ["blocker"]


def test_a_failing_job_reaches_its_waiter_and_frees_the_worker():
    async def main():
        s = Scheduler(1, clock=Clock())

        async def broken(_granted):
            raise RuntimeError("broken bot")

        async def fine(_granted):
            return "ok"

        with pytest.raises(RuntimeError, match="broken bot"):
            await s.submit(MOVE, "t1", EXPERT, broken)
        return await s.submit(MOVE, "t1", EXPERT, fine), s.free

    assert run(main()) == ("ok", 1)


def test_a_hint_no_worker_could_start_in_time_is_refused_and_leaves_the_queue():
    async def main():
        s, w = Scheduler(1, patience=(None, 0.05), clock=Clock()), Worker()
        blocker = await _blocked(s, w)
        with pytest.raises(Busy):
            await s.submit(ADVICE, "ann", EXPERT, w.job("ann"))
        await settle()
        waiting = s.waiting[ADVICE]
        await w.release_all([blocker])
        await settle()
        return waiting, [k for k, _ in w.started]

    assert run(main()) == (0, ["blocker"])


def test_a_hint_whose_waiter_is_cancelled_never_runs():
    async def main():
        s, w = Scheduler(1, clock=Clock()), Worker()
        blocker = await _blocked(s, w)
        asker = asyncio.create_task(s.submit(ADVICE, "ann", EXPERT, w.job("ann")))
        await settle()
        asker.cancel()
        await settle()
        await w.release_all([blocker])
        await settle()
        return s.waiting[ADVICE], [k for k, _ in w.started]

    assert run(main()) == (0, ["blocker"])


def test_hints_hold_at_most_half_the_workers_so_a_move_finds_one_free():
    async def main():
        s, w = Scheduler(2, clock=Clock()), Worker()
        waiters = [asyncio.create_task(s.submit(ADVICE, p, EXPERT, w.job("hint:" + p))) for p in ("ann", "bob")]
        await settle()
        first = [k for k, _ in w.started]  # one hint thinks, the other waits although a worker is free
        waiters.append(asyncio.create_task(s.submit(MOVE, "t1", EXPERT, w.job("move:t1"))))
        await settle()
        second = [k for k, _ in w.started]
        await w.release_all(waiters)
        return first, second, [k for k, _ in w.started]

    first, second, order = run(main())
    assert first == ["hint:ann"]
    assert second == ["hint:ann", "move:t1"]  # at once, on the worker the hints left free
    assert order == ["hint:ann", "move:t1", "hint:bob"]


def test_a_hint_thinks_less_when_moves_wait():
    async def main():
        s, w = Scheduler(2, clock=Clock()), Worker()
        waiters = [asyncio.create_task(s.submit(MOVE, f"t{i}", EXPERT, w.job(f"t{i}"))) for i in range(2)]
        await settle()  # both workers think about moves
        waiters += [asyncio.create_task(s.submit(MOVE, f"t{i}", EXPERT, w.job(f"t{i}"))) for i in range(2, 8)]
        waiters.append(asyncio.create_task(s.submit(ADVICE, "ann", EXPERT, w.job("hint"))))
        await w.release_all(waiters)
        alone = Scheduler(2, clock=Clock())
        w2 = Worker()
        await w2.release_all([asyncio.create_task(alone.submit(ADVICE, "ann", EXPERT, w2.job("hint")))])
        return dict(w.started)["hint"], dict(w2.started)["hint"]

    crowded, alone = run(main())
    assert alone == EXPERT
    assert crowded < EXPERT


def test_the_overrun_measured_on_the_workers_is_taken_off_the_next_grants():
    """A worker held a move well past its grant (an uninterruptible world, a loaded machine): the next
    move is granted less, so that its grant and the same overrun still fit twice its budget."""
    async def main(overrun):
        clock = Clock()
        s, w = Scheduler(1, clock=clock), Worker()
        first = asyncio.create_task(s.submit(MOVE, "t1", EXPERT, w.job("t1")))
        await settle()
        clock.now += EXPERT + overrun  # held past the whole budget it was granted
        await w.release_all([first])
        second = asyncio.create_task(s.submit(MOVE, "t2", EXPERT, w.job("t2")))
        await w.release_all([second])
        return [g for _, g in w.started]

    assert run(main(0.0)) == [EXPERT, EXPERT]
    first, second = run(main(0.6))
    assert first == EXPERT  # nothing measured yet
    assert second < EXPERT and second + 0.6 < 2 * EXPERT


def test_a_late_move_makes_the_scheduler_pressed_for_a_while():
    async def main():
        clock = Clock()
        s, w = Scheduler(2, clock=clock), Worker()
        waiters = [asyncio.create_task(s.submit(MOVE, f"t{i}", EXPERT, w.job(f"t{i}"))) for i in range(2)]
        await settle()
        assert not s.pressed()
        clock.now += 1.5  # both workers held their moves 1.5 s: later than LATE budgets
        await w.release_all(waiters)
        lately = s.pressed(), s.late()
        clock.now += 3600
        return lately, s.pressed()

    (pressed, late), much_later = run(main())
    assert pressed and late == 2
    assert not much_later


def test_tables_just_admitted_count_as_load_to_come():
    """Beginner moves kept one worker busy a fifth of the time: a table admitted now is as busy as the
    tables measured, so four more would make the workers busier than the limit before they move."""
    async def main():
        clock = Clock()
        s, w = Scheduler(1, clock=clock), Worker()
        job = asyncio.create_task(s.submit(MOVE, "calm", 0.0, w.job("calm")))
        await settle()
        clock.now += 2.0  # one table's moves held the only worker 2 s of the last 10
        await w.release_all([job])
        clock.now += 8.0
        before = s.pressed(), s.projected()
        for _ in range(3):
            s.admit()
        three = s.pressed()
        s.admit()
        four = s.pressed()
        clock.now += 11.0  # settled: the admissions are no longer counted (their moves would be)
        return before, three, four, s.projected()

    (pressed_before, busy), three, four, settled = run(main())
    assert not pressed_before and abs(busy - 0.2) < 1e-9
    assert not three and four
    assert settled < 0.2


def test_a_table_whose_last_move_overran_gets_a_shorter_grant_than_the_others():
    """Many jobs held their worker no longer than granted, one table's move overran by 0.6 s (the
    start of a deal, costly worlds): that table's next move is granted less, another table's is not."""
    async def main():
        clock = Clock()
        s, w = Scheduler(1, clock=clock), Worker()
        for i in range(20):
            job = asyncio.create_task(s.submit(MOVE, f"calm{i}", EXPERT, w.job("calm")))
            await settle()
            clock.now += EXPERT
            await w.release_all([job])
        job = asyncio.create_task(s.submit(MOVE, "dealing", EXPERT, w.job("dealing")))
        await settle()
        clock.now += EXPERT + 0.6
        await w.release_all([job])
        for key in ("dealing", "other"):
            await w.release_all([asyncio.create_task(s.submit(MOVE, key, EXPERT, w.job(key)))])
        return w.started[-2:]

    (dealing, again), (other, fresh) = run(main())
    assert (dealing, other) == ("dealing", "other")
    assert fresh == EXPERT
    assert again < EXPERT and again + 0.6 < 2 * EXPERT
