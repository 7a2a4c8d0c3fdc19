"""Deals and games as Ray tasks: ``--ray`` for a local Ray, ``--ray ADDRESS`` for a cluster.

Each job is a plain tuple handed to a module-level function, exactly as the
process pool gets it, so a run gives the same results either way (with bots
on a worlds budget). On a cluster every node needs whistdrive installed, e.g.
``pip install ".[ray]"`` in the nodes' image.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator


def ray_map(fn: Callable, jobs: Iterable, address: str | None = None, num_cpus: int | None = None,
            ordered: bool = False) -> Iterator:
    """Results of ``fn(job)`` for every job, run as Ray tasks (as they finish, or in order).

    ``address`` None starts a local Ray (``num_cpus`` of this machine's cores)
    unless one is already running; a Ray that this call started is shut down
    at the end.
    """
    import ray

    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(fn)
        pending = [task.remote(job) for job in jobs]
        if ordered:
            for ref in pending:
                yield ray.get(ref)
            return
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
