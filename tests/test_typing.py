"""The package stays typed: mypy passes on it (configured in pyproject.toml), and the observation
TypedDicts describe exactly the keys the games send."""

import subprocess
import sys
from pathlib import Path

import pytest

from whistdrive import new_game
from whistdrive.games.observation import GermanObservation, KnockoutObservation, WhistObservation

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_the_package():
    pytest.importorskip("mypy", reason="mypy is a test tool (the test extra)")
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


@pytest.mark.parametrize("game, options, shape", [
    ("german", {}, GermanObservation),
    ("whist", {"length": "deal"}, WhistObservation),
    ("knockout", {"players": 3}, KnockoutObservation),
])
def test_observation_keys_match_their_typeddict(game, options, shape):
    g = new_game(game, options, seed=3)
    required, optional = shape.__required_keys__, shape.__optional_keys__
    assert optional == {"result"}
    while True:
        for seat in range(g.num_seats):
            obs = g.observation(seat)
            assert set(obs) == required | (optional if g.is_over else set()), (seat, set(obs) ^ required)
        if g.is_over:
            break
        g.apply(g.legal_actions()[0])
