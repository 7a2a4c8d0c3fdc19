"""The frozen Humbug expert (``reference=True``) answers exactly as the expert did before issue 14."""

import json
from pathlib import Path

import pytest

from whistdrive.bots.humbug_expert import HumbugExpert

DATA = json.loads((Path(__file__).parent / "data" / "humbug-reference.json").read_text())
CASES = DATA["cases"]


def test_the_frozen_positions_cover_both_decisions():
    decisions = {c["observation"]["decision"] for c in CASES}
    assert decisions == {"exchange", "play"} and len(CASES) > 100


@pytest.mark.parametrize("case", CASES, ids=[str(c["seed"]) for c in CASES])
def test_reference_chooses_as_the_frozen_expert(case):
    expert = HumbugExpert("humbug", case["seed"], worlds=DATA["worlds"], reference=True)
    assert expert.choose(case["observation"]) == case["choice"]
    values = HumbugExpert("humbug", case["seed"], worlds=DATA["worlds"], reference=True).evaluate(case["observation"])
    assert values == pytest.approx(case["values"], abs=1e-8)
