"""Computer players run in a worker pool so a thinking bot never blocks the server.

The pool receives only a seat's observation (never the full state), exactly
like any other bot client. Process pools keep a CPU-heavy search off the
server's interpreter; a thread pool is available for tests and tiny bots.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import multiprocessing


def levels() -> list[str]:
    from whistdrive.bots import LEVELS

    return list(LEVELS)


def choose(level: str, game: str, observation: dict, seed: int | None) -> str:
    """Runs in a worker: the bot's action for ``observation`` (a legal action's text)."""
    from whistdrive.bots import make_player

    return str(make_player(level, game, seed=seed).choose(observation))


def hint(observation: dict) -> dict | None:
    """Runs in a worker: the expert's suggestion, or None when it has none."""
    from whistdrive.bots import hint as bot_hint

    out = bot_hint(observation)
    if not out:
        return None
    return {"best": str(out.get("best")) if out.get("best") is not None else None,
            "values": {str(k): float(v) for k, v in (out.get("values") or {}).items()}}


class BotPool:
    def __init__(self, kind: str = "process", workers: int = 2):
        self.kind = kind
        self.workers = workers
        self.executor = self._make()

    def _make(self) -> cf.Executor:
        if self.kind == "process":
            ctx = multiprocessing.get_context("spawn")
            return cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
        return cf.ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="bot")

    async def _run(self, fn, *args):
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, fn, *args)
        except cf.BrokenExecutor:
            # a worker died (killed, out of memory): start a fresh pool and try once more
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._make()
            return await loop.run_in_executor(self.executor, fn, *args)

    async def choose(self, level: str, game: str, observation: dict, seed: int | None = None) -> str:
        return await self._run(choose, level, game, observation, seed)

    async def hint(self, observation: dict) -> dict | None:
        return await self._run(hint, observation)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
