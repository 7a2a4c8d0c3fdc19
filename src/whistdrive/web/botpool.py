"""Computer players run in a worker pool so a thinking bot never blocks the server.

The pool receives only a seat's observation (never the full state), exactly
like any other bot client. Process pools keep a CPU-heavy search off the
server's interpreter; a thread pool is available for tests and tiny bots.
Jobs reach the workers through a :class:`~.scheduler.Scheduler` (moves before
hints, fair between tables, thinking time cut when the queue is long), and the
pool tells when the site is full (:meth:`BotPool.full`).

Process workers are warmed up when they start (the solver's compiled kernels
and every expert loaded) and die with the server however it stops: on Linux
the kernel kills them when the server dies (``PR_SET_PDEATHSIG``), elsewhere a
watchdog thread notices the orphan; a normal stop terminates the ones still
thinking.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time

from .clock import Clock
from .scheduler import ADVICE, MOVE, Scheduler

log = logging.getLogger("whistdrive.web")

TABLES_PER_WORKER = 50
"""The default most unfinished tables per bot worker (``--max-tables``)."""

PR_SET_PDEATHSIG = 1


def levels() -> list[str]:
    from whistdrive.bots import LEVELS

    return list(LEVELS)


def budget_of(level: str, game: str) -> float:
    """The seconds a level thinks per move in ``game`` (0 for the rule-based levels)."""
    from whistdrive.bots import BUDGETS

    return BUDGETS.get(level, {}).get(game, 0.0)


def choose(level: str, game: str, observation: dict, seed: int | None, budget: float | None = None) -> str:
    """Runs in a worker: the bot's action for ``observation`` (a legal action's text).

    An expert may stop after one sampled world rather than its usual two: a world cannot be
    interrupted, and at the start of a deal on a loaded machine two can take longer than twice the
    budget; a person waiting at the table matters more than a second opinion.
    """
    from whistdrive.bots import make_player

    player = make_player(level, game, seed=seed, budget=budget)
    if getattr(player, "min_rounds", 1) > 1:
        player.min_rounds = 1
    return str(player.choose(observation))


def hint(observation: dict, budget: float | None = None) -> dict | None:
    """Runs in a worker: the expert's suggestion, or None when it has none."""
    from whistdrive.bots import hint as bot_hint

    out = bot_hint(observation, budget)
    if not out:
        return None
    return {"best": str(out.get("best")) if out.get("best") is not None else None,
            "values": {str(k): float(v) for k, v in (out.get("values") or {}).items()}}


def solve(game: str, options: dict, chance: list, actions: list[tuple[int, str]]) -> dict | None:
    """Runs in a worker: the solver's value of each legal card after ``actions``, where the
    position is fully known (:func:`whistdrive.analysis.solver_values`), else None."""
    from whistdrive.analysis import solver_values
    from whistdrive.games import replay_moves

    exact = solver_values(replay_moves(game, options, actions, chance=chance))
    if exact is None:
        return None
    values, unit = exact
    return {"values": values, "unit": unit}


def die_with(parent: int) -> None:
    """Runs in a worker: end this process when the server ``parent`` ends, even by ``kill -9``."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):  # no prctl: the watchdog alone
            pass
    if os.getppid() != parent:  # the server died before the signal was armed
        os._exit(0)

    def watchdog() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watchdog, name="orphan-watchdog", daemon=True).start()


def warm_up() -> None:
    """Runs in a worker: load the solver's kernels and every expert, so no person's move pays for them."""
    from whistdrive import new_game
    from whistdrive.bots import GAMES, make_player
    from whistdrive.solver import warm_up as solver_warm_up

    solver_warm_up()
    for game in GAMES:
        g = new_game(game, seed=1)
        make_player("expert", game, seed=1, budget=0.01).choose(g.observation(g.current_seat))


def start_worker(parent: int, warm: bool) -> None:
    """The process worker's initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the server decides
    die_with(parent)
    if warm:
        try:
            warm_up()
        except Exception:  # a bot that fails to load fails at its move, where it is counted and logged
            logging.getLogger("whistdrive.web").exception("bot worker warm-up failed")


def ready() -> int:
    """Runs in a worker: its pid, once its initializer (the warm-up) is done."""
    return os.getpid()


def _settled(future: asyncio.Future) -> None:
    """A start-up job's end: a worker that could not start is told at the first move that needs it."""
    if not future.cancelled() and future.exception() is not None:
        log.debug("bot worker did not start: %r", future.exception())


class BotPool:
    """``workers`` bot workers (``kind`` process or thread) behind a fair scheduler.

    ``max_tables`` (0: ``TABLES_PER_WORKER`` per worker) is the most tables in
    play the server takes; past it, or when the scheduler measures the moves
    short of workers, :meth:`full` says to refuse new tables.
    """

    def __init__(self, kind: str = "process", workers: int = 2, max_tables: int = 0, warm: bool = True,
                 clock: Clock | None = None):
        self.kind = kind
        self.workers = workers
        self.max_tables = max_tables or TABLES_PER_WORKER * workers
        self.warm = warm
        self.scheduler = Scheduler(workers, clock=(clock or Clock()).now)
        self.closed = False
        self.executor = self._make()

    def _make(self) -> cf.Executor:
        if self.kind == "process":
            # Workers are spawned by the thread that submits (the event loop's), which lives as long as
            # the server: the parent-death signal follows that thread, not the process.
            ctx = multiprocessing.get_context("spawn")
            return cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=start_worker,
                                          initargs=(os.getpid(), self.warm))
        return cf.ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="bot")

    def start(self) -> None:
        """Start every worker now (each warms up in its initializer) rather than at the first move."""
        loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            loop.run_in_executor(self.executor, ready).add_done_callback(_settled)

    async def _run(self, fn, *args):
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, fn, *args)
        except cf.BrokenExecutor:
            if self.closed:  # the server stops: its workers were terminated on purpose
                raise
            # a worker died (killed, out of memory): start a fresh pool (once for all the jobs it broke)
            if self.executor is executor:
                self._stop(executor)
                self.executor = self._make()
            return await loop.run_in_executor(self.executor, fn, *args)

    async def choose(self, level: str, game: str, observation: dict, seed: int | None = None,
                     key: str = "") -> str:
        """The bot's move; ``key`` (the table) is what the scheduler shares the workers between."""
        return await self.scheduler.submit(
            MOVE, key, budget_of(level, game),
            lambda budget: self._run(choose, level, game, observation, seed, budget))

    async def hint(self, observation: dict, key: str = "") -> dict | None:
        """The expert's advice, after every waiting move; ``key`` (the person) shares the advice lane.
        Raises :class:`~.scheduler.Busy` when too many hints wait."""
        return await self.scheduler.submit(
            ADVICE, key, budget_of("expert", observation.get("game", "")),
            lambda budget: self._run(hint, observation, budget))

    async def solve(self, game: str, options: dict, chance: list, actions: list[tuple[int, str]],
                    key: str = "") -> dict | None:
        """The solver's values of a finished game's decision (:func:`solve`), in the advice lane."""
        return await self.scheduler.submit(ADVICE, key, 0.0,
                                           lambda budget: self._run(solve, game, options, chance, actions))

    def full(self, in_play: int) -> bool:
        """Should a new table be refused, ``in_play`` tables needing this server now?"""
        return in_play >= self.max_tables or self.scheduler.pressed()

    def admitted(self) -> None:
        """A new table was admitted: until its moves are measured, it counts as load to come."""
        self.scheduler.admit()

    def _stop(self, executor: cf.Executor) -> None:
        """Shut ``executor`` down without waiting; its processes still thinking are terminated."""
        processes = list((getattr(executor, "_processes", None) or {}).values())  # ProcessPoolExecutor's own
        executor.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            if p.is_alive():
                p.terminate()
        deadline = time.monotonic() + 3.0
        for p in processes:
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                log.warning("bot worker %s ignored SIGTERM: killing it", p.pid)
                p.kill()
                p.join(1.0)

    def close(self) -> None:
        self.closed = True
        self.scheduler.close()
        self._stop(self.executor)
