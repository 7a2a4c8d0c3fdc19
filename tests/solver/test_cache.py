"""numba's on-disk cache: a cold compile and a warm load give the same answers.

Each run is a fresh interpreter with NUMBA_CACHE_DIR pointing at a temporary
directory: the first run compiles and writes the cache, the second loads it
(a recursive kernel would typically crash here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # two fresh interpreters, one compiling every kernel: ~60 s

SRC = Path(__file__).resolve().parents[2] / "src"

SCRIPT = r"""
import json, random, sys
from whistdrive.solver import warm_up, solve_two_hand, values_whist, solve_knockout, solve_german_stage1
warm_up()
rng = random.Random(9)
out = []
for _ in range(20):
    cards = rng.sample(range(52), 26)
    h0 = sum(1 << c for c in cards[:8]); h1 = sum(1 << c for c in cards[8:16])
    out.append(solve_two_hand(h0, h1, rng.randrange(4), rng.randrange(2)))
    hands = [sum(1 << c for c in cards[4 * i:4 * i + 4]) for i in range(4)]
    out.append(sorted(values_whist(hands, None, 0, backend="numba").items()))
    out.append(solve_knockout(hands[:3], 1, 2, (), 1))
    out.append(solve_german_stage1(hands[0], hands[1], cards[16:20], 0, 0))
print(json.dumps(out))
"""


def _run(cache_dir: Path) -> tuple[list, list[str]]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir), PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    files = sorted(p.name for p in cache_dir.rglob("*") if p.is_file())
    return json.loads(proc.stdout), files


def test_cold_then_warm_cache_agree(tmp_path):
    cold, files_after_cold = _run(tmp_path)
    assert any(name.endswith(".nbi") for name in files_after_cold), "the cold run wrote no numba cache"
    warm, files_after_warm = _run(tmp_path)
    assert warm == cold
    assert files_after_warm == files_after_cold  # nothing recompiled into new cache entries
