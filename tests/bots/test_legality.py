"""Every bot plays legal actions only, over many games of every variant."""

import pytest
from conftest import play_out

from whistdrive.bots import make_player

GERMAN_VARIANTS = [{}, {"follow_suit_stage1": False}, {"count": "all26"}, {"scoring": "difference"},
                   {"scoring": "over_book", "high_low": True}, {"count": "all26", "high_low": True, "deals": 2}]
WHIST_VARIANTS = [{"length": "deal"}, {"length": "game"}, {"preset": "american", "length": "deal"}]
KNOCKOUT_VARIANTS = [{"players": n} for n in range(2, 8)]
RULE_LEVELS = ("random", "beginner", "intermediate")


def _players(game: str, n: int, seed: int, levels=RULE_LEVELS, budget=None):
    return [make_player(levels[(seed + s) % len(levels)], game, seed=seed * 10 + s, budget=budget) for s in range(n)]


@pytest.mark.parametrize("options", GERMAN_VARIANTS)
def test_german_rule_bots(options):
    for seed in range(40):
        play_out("german", options, _players("german", 2, seed), seed)


@pytest.mark.parametrize("options", WHIST_VARIANTS)
def test_whist_rule_bots(options):
    for seed in range(25 if options["length"] == "deal" else 4):
        play_out("whist", options, _players("whist", 4, seed), seed)


@pytest.mark.parametrize("options", KNOCKOUT_VARIANTS)
def test_knockout_rule_bots(options):
    for seed in range(40):
        play_out("knockout", options, _players("knockout", options["players"], seed), seed)


@pytest.mark.parametrize("game,options,n", [("german", {}, 2), ("german", {"follow_suit_stage1": False,
                                             "count": "all26"}, 2), ("german", {"high_low": True}, 2),
                                            ("whist", {"length": "deal"}, 4), ("knockout", {"players": 3}, 3),
                                            ("knockout", {"players": 5}, 5)])
def test_expert_at_a_small_budget(game, options, n):
    for seed in range(2):
        play_out(game, options, _players(game, n, seed, ("expert", "intermediate"), budget=0.005), seed, 0.005)
