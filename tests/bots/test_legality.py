"""Every bot plays legal actions only, over thousands of games of every variant.

The rule-based levels play 250 games of each German and Knock-out variant and
500 deals (or 40 whole games) of each whist variant (500 deals or 60 games of
each Humbug variant) — 4,000+ games in all —
split in chunks so the test workers share them.  The experts, whose every move
searches, play fewer at a small budget; the arena runs add thousands more of
their moves, and the engine refuses any illegal action there too.
"""

import pytest
from conftest import play_out

from whistdrive.bots import make_player

GERMAN_VARIANTS = [{}, {"follow_suit_stage1": False}, {"count": "all26"}, {"scoring": "difference"},
                   {"scoring": "over_book", "high_low": True}, {"count": "all26", "high_low": True, "deals": 2}]
WHIST_VARIANTS = [{"length": "deal"}, {"length": "game"}, {"preset": "american", "length": "deal"}]
KNOCKOUT_VARIANTS = [{"players": n} for n in range(2, 8)]
HUMBUG_VARIANTS = [{"length": "deal"}, {"length": "game"}, {"preset": "american", "length": "deal"}]
RULE_LEVELS = ("random", "beginner", "intermediate")
CHUNKS = 5
# the first chunk of each variant runs in the fast subset (make test-fast), the others with the whole suite
CHUNK_IDS = [0] + [pytest.param(c, marks=pytest.mark.slow) for c in range(1, CHUNKS)]


def _players(game: str, n: int, seed: int, levels=RULE_LEVELS, budget=None):
    return [make_player(levels[(seed + s) % len(levels)], game, seed=seed * 10 + s, budget=budget) for s in range(n)]


def _seeds(chunk: int, games: int) -> range:
    per = games // CHUNKS
    return range(chunk * per, (chunk + 1) * per)


@pytest.mark.parametrize("chunk", CHUNK_IDS)
@pytest.mark.parametrize("options", GERMAN_VARIANTS)
def test_german_rule_bots(options, chunk):
    for seed in _seeds(chunk, 250):
        play_out("german", options, _players("german", 2, seed), seed)


@pytest.mark.parametrize("chunk", CHUNK_IDS)
@pytest.mark.parametrize("options", WHIST_VARIANTS)
def test_whist_rule_bots(options, chunk):
    for seed in _seeds(chunk, 500 if options["length"] == "deal" else 40):
        play_out("whist", options, _players("whist", 4, seed), seed)


@pytest.mark.parametrize("chunk", CHUNK_IDS)
@pytest.mark.parametrize("options", KNOCKOUT_VARIANTS)
def test_knockout_rule_bots(options, chunk):
    for seed in _seeds(chunk, 250):
        play_out("knockout", options, _players("knockout", options["players"], seed), seed)


@pytest.mark.parametrize("chunk", CHUNK_IDS)
@pytest.mark.parametrize("options", HUMBUG_VARIANTS)
def test_humbug_rule_bots(options, chunk):
    for seed in _seeds(chunk, 500 if options["length"] == "deal" else 60):
        play_out("humbug", options, _players("humbug", 2, seed), seed)


@pytest.mark.parametrize("game,options,n,games", [
    ("german", {}, 2, 8), ("german", {"follow_suit_stage1": False, "count": "all26"}, 2, 4),
    ("german", {"high_low": True}, 2, 4), ("whist", {"length": "deal"}, 4, 8),
    ("knockout", {"players": 3}, 3, 8), ("knockout", {"players": 4}, 4, 8), ("knockout", {"players": 7}, 7, 4),
    ("humbug", {"length": "deal"}, 2, 8), ("humbug", {"preset": "american", "length": "game"}, 2, 2)])
@pytest.mark.slow  # experts search at every move: ~60 s in all
def test_expert_at_a_small_budget(game, options, n, games):
    for seed in range(games):
        play_out(game, options, _players(game, n, seed, ("expert", "intermediate"), budget=0.005), seed, 0.005)
