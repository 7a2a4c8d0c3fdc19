"""ruff is clean on the code, the tests and the benchmarks (configured in pyproject.toml, McCabe complexity
included), so the test run (`make test`, CI) fails on a lint error."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ruff", reason="ruff is a test tool (the test extra)")

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_passes():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "src", "tests", "benchmarks"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
