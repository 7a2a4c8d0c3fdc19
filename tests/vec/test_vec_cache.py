"""numba's on-disk cache for the batched kernels: a cold compile and a warm load play the same games.

Each run is a fresh interpreter whose NUMBA_CACHE_DIR is a temporary directory:
the first compiles and writes the cache, the second loads it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

SCRIPT = r"""
import json
from whistdrive.vec import VecGame
out = []
for game, options in (("german", {"deals": 2}), ("whist", {"length": "game"}), ("humbug", {"length": "deal"}),
                      ("knockout", {"players": 3})):
    env = VecGame(game, 16, options, seed=5)
    obs, mask, seat = env.reset()
    total, ends = 0.0, []
    for _ in range(300):
        obs, mask, seat, rewards, done = env.step(env.random_actions())
        total += float(obs.sum()) + int(mask.sum())
        ends += rewards[done].tolist()
    out.append([total, ends, seat.tolist(), env.chance(3)])
print(json.dumps(out))
"""


def _run(cache_dir: Path) -> tuple[list, list[str]]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir), PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout), sorted(p.name for p in cache_dir.rglob("*") if p.is_file())


def test_cold_then_warm_cache_agree(tmp_path):
    cold, after_cold = _run(tmp_path)
    assert any(name.endswith(".nbi") for name in after_cold), "the cold run wrote no numba cache"
    assert all(game[1] for game in cold), "a game ended in none of 300 steps"
    warm, after_warm = _run(tmp_path)
    assert warm == cold
    assert after_warm == after_cold  # nothing recompiled into new cache entries
