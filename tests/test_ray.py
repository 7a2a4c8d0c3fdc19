"""Deals and games as Ray tasks give what the process pool and the plain loop give."""

from __future__ import annotations

import pytest

pytest.importorskip("ray", reason="Ray is an extra (ray)")

import ray

from whistdrive import arena
from whistdrive.terminal.simulate import simulate

pytestmark = pytest.mark.slow  # starts a local Ray: ~10 s


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def figures(summary) -> list:
    rows = [{k: v for k, v in r.items() if k not in ("time_mean", "time_p95")} for r in summary.rows]
    return [rows, [{k: v for k, v in d.items() if k != "times"} for d in summary.deals_detail]]


def test_a_local_ray_run_equals_the_process_pool(local_ray):
    bots = ["expert:worlds=2", "beginner", "random"]
    pool = arena.run("knockout", bots, 3, seed=5, workers=2, progress=False)
    on_ray = arena.run("knockout", bots, 3, seed=5, progress=False, ray="local")
    assert figures(on_ray) == figures(pool)
    assert len(on_ray.deals_detail) == 3


def test_simulate_on_ray_writes_the_same_records(local_ray, tmp_path):
    plain, on_ray = tmp_path / "plain.jsonl", tmp_path / "ray.jsonl"
    simulate("whist", {"length": "deal"}, ["beginner"], 4, 3, str(plain), progress=False)
    simulate("whist", {"length": "deal"}, ["beginner"], 4, 3, str(on_ray), progress=False, ray="local")
    assert on_ray.read_text() == plain.read_text() and len(plain.read_text().splitlines()) == 4
