"""The frozen level ``expert-2026.11`` chooses exactly as the expert did before issue 14 changed it.

The expected choices were written by ``data/make_expert_reference.py`` from
the untouched expert (a worlds budget and a seed per position, so they do not
depend on the machine); any later improvement must leave this level alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whistdrive.arena import BotSpec
from whistdrive.bots import LEVELS, REFERENCE_LEVELS, make_player
from whistdrive.errors import UsageError
from whistdrive.games import GAMES

FIXTURE = json.loads((Path(__file__).parent / "data" / "expert-2026.11.json").read_text())


@pytest.mark.slow  # replays the reference expert's searches: 8-35 s a game
@pytest.mark.parametrize("game", GAMES)
def test_expert_2026_11_chooses_as_the_expert_did(game):
    rows = [r for r in FIXTURE["positions"] if r["game"] == game]
    assert len(rows) >= 10
    wrong = []
    for r in rows:
        player = make_player("expert-2026.11", game, seed=r["seed"], worlds=FIXTURE["worlds"])
        got = player.choose(r["observation"])
        if got != r["choice"]:
            wrong.append((r["seed"], r["choice"], got))
    assert not wrong, f"{len(wrong)} of {len(rows)} choices changed (seed, expected, got): {wrong[:5]}"


def test_the_reference_is_not_offered_to_users_but_the_arena_seats_it():
    assert "expert-2026.11" in REFERENCE_LEVELS
    assert "expert-2026.11" not in LEVELS
    assert BotSpec.parse("expert-2026.11:worlds=64") == BotSpec("expert-2026.11:worlds=64", "expert-2026.11", None, 64)
    with pytest.raises(UsageError, match="expert-2026.12"):
        make_player("expert-2026.12", "german")


@pytest.mark.parametrize("game", GAMES)
def test_each_expert_class_takes_the_reference_switch(game):
    ref = make_player("expert-2026.11", game, seed=1)
    new = make_player("expert", game, seed=1)
    assert type(ref) is type(new)
    assert ref.reference is True and new.reference is False
    assert ref.level == "expert-2026.11"


def test_the_german_settings_are_ignored_by_the_reference_and_the_compiled_playout_changes_no_value():
    rows = [r for r in FIXTURE["positions"] if r["game"] == "german" and r["observation"]["stage"] == 1][:6]
    changed = 0
    for r in rows:
        obs = r["observation"]
        frozen = make_player("expert-2026.11", "german", seed=r["seed"], worlds=8).evaluate(obs)
        ref = make_player("expert-2026.11", "german", seed=r["seed"], worlds=8)
        ref.policy, ref.margin, ref.draw_history = "random", 5.0, True  # ignored by the frozen level
        assert ref.evaluate(obs) == frozen
        # today's expert without the draw history and the exact end of stage 1: the same leaf, the same
        # playout cards compiled, so the same values (the two: tests/bots/test_german_draws.py, test_german_endgame.py)
        same = make_player("expert", "german", seed=r["seed"], worlds=8)
        same.draw_history, same.endgame = False, 0
        assert same.evaluate(obs) == frozen
        counting = make_player("expert", "german", seed=r["seed"], worlds=8)
        counting.margin = 1.0  # the settings do reach the new expert
        changed += counting.evaluate(obs) != frozen
    assert changed == len(rows)
