"""Issue 16: a void shown in the trick still on the table must hold in every sampled world.

West threw 5C to South's AH lead, so West has no hearts; East, to play, must
never search a world that gives West a heart.
"""

import json
import random
from pathlib import Path

import pytest

from whistdrive.bots import make_player
from whistdrive.bots.sampling import sample_hands
from whistdrive.bots.view import read
from whistdrive.cards import Card

OBS = json.loads((Path(__file__).parent / "data" / "whist-expert-void.json").read_text())
HEARTS = sum(1 << Card.parse(r + "H").index for r in "23456789TJQKA")


def test_no_world_gives_west_a_heart():
    v = read(OBS)
    rng = random.Random(0)
    for _ in range(2000):
        hands, _ = sample_hands(v, rng)
        assert hands[3] & HEARTS == 0


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_chooses_a_card_for_every_seed(seed):
    assert make_player("expert", "whist", seed=seed, budget=0.3).choose(OBS) in OBS["legal"]
