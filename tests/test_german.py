import random

import pytest

from engine_helpers import cards_in, deck_from_hands
from whistdrive import IllegalMove, InvalidOptions, new_game
from whistdrive.games.german import GermanWhist, deal_points

A_HAND = "JS 2S 3S 4C 5C 6C 7C 8C 9C TC JC QC KC"
B_HAND = "AS 5S 6S 2D 3D 4D 5D 6D 7D 8D 9D TD JD"
STOCK = "KH 7S QD"  # prize K♥, A's face-down draw 7♠, next prize Q♦


def example_game(**options) -> GermanWhist:
    """Seed 000 section 08: B deals, A (the non-dealer, seat 0) leads."""
    deck = deck_from_hands({0: A_HAND, 1: B_HAND}, first=0, seats=2, rest=STOCK)
    return new_game("german", options, chance=[{"type": "dealer", "seat": 1}, {"type": "deck", "cards": deck}])


def test_rules_example_1_3():
    g = example_game()
    assert g.current_seat == 0 and g.observation(0)["prize"] == "KH" and g.observation(0)["trump"] == "H"
    g.apply("JS")
    g.apply("AS")
    a, b = g.observation(0), g.observation(1)
    assert "KH" in b["hand"] and "KH" not in a["hand"]
    assert a["my_draws"] == ["7S"] and "7S" in a["hand"]
    assert "7S" not in cards_in(b)  # the loser's draw is seen by the loser only
    assert a["prize"] == b["prize"] == "QD" and a["trump"] == "H"
    assert g.current_seat == 1
    assert len(a["hand"]) == len(b["hand"]) == 13
    assert a["prizes_taken"] == [[], ["KH"]] and a["opponent_known"] == ["KH"]


def test_follow_suit_in_stage_1_by_default_and_optional():
    g = example_game()
    g.apply("JS")
    with pytest.raises(IllegalMove, match="follow suit"):
        g.apply("2D")
    loose = example_game(follow_suit_stage1=False)
    loose.apply("JS")
    loose.apply("2D")  # allowed in stage 1 under the variant
    assert loose.current_seat == 0  # J♠ wins: 2♦ neither follows nor trumps


def test_stage_2_always_requires_following_suit():
    g = new_game("german", {"follow_suit_stage1": False}, seed=5)
    rng = random.Random(1)
    while g.stage == 1:
        g.apply(rng.choice(g.legal_actions()))
    checked = 0
    while not g.is_over:
        obs = g.observation(g.current_seat)
        if obs["trick"]:
            led = obs["trick"][0]["card"][1]
            same = [c for c in obs["hand"] if c[1] == led]
            if same:
                assert sorted(obs["legal"]) == sorted(same)
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 0


def test_stage_1_mechanics_over_a_whole_deal():
    g = new_game("german", seed=11)
    rng = random.Random(2)
    first_leader = g.current_seat
    assert first_leader == 1 - g.dealer  # the non-dealer leads
    prizes = [g.observation(0)["prize"]]
    while g.stage == 1:
        g.apply(rng.choice(g.legal_actions()))
        if not g.play.trick:
            assert len(g.hand(0)) == len(g.hand(1)) == 13
        if g.stage == 1 and not g.play.trick:
            prizes.append(g.observation(0)["prize"])
    obs = g.observation(0)
    assert obs["stock_size"] == 0 and obs["prize"] is None
    winner_13 = g.play.tricks[12][2]
    assert g.current_seat == winner_13
    assert len(prizes) == 13 and prizes[0] == obs["trump_card"]
    taken = obs["prizes_taken"][0] + obs["prizes_taken"][1]
    assert sorted(taken) == sorted(prizes)
    # Stage 2 is perfect information: each knows the other's hand.
    assert sorted(obs["opponent_known"]) == sorted(str(c) for c in g.hand(1))


@pytest.mark.parametrize(
    "counted, low, count, scoring, expected",
    [
        ((10, 3), False, "last13", "over_book", (0, 4)),
        ((10, 3), True, "last13", "over_book", (1, 4)),  # docs/rules.md#german-options: 3 tricks in a low game scores 10 - 6
        ((3, 10), True, "last13", "over_book", (0, 4)),
        ((7, 6), False, "last13", "game", (0, 1)),
        ((7, 6), True, "last13", "game", (1, 1)),
        ((9, 4), False, "last13", "difference", (0, 5)),
        ((9, 4), True, "last13", "difference", (1, 5)),
        ((13, 13), False, "all26", "game", (None, 0)),
        ((13, 13), True, "all26", "over_book", (None, 0)),
        ((16, 10), False, "all26", "over_book", (0, 3)),
        ((16, 10), True, "all26", "over_book", (1, 3)),
        ((12, 14), False, "all26", "difference", (1, 2)),
    ],
)
def test_deal_scoring(counted, low, count, scoring, expected):
    assert deal_points(counted, low, count, scoring) == expected


def play_random(g, seed):
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_drawn_deal_under_all26_is_won_by_nobody():
    for seed in range(400):
        g = play_random(new_game("german", {"count": "all26", "scoring": "over_book"}, seed=seed), seed)
        deal = g.result()["deals"][0]
        if deal["counted"] == [13, 13]:
            assert deal["winner"] is None and deal["points"] == 0
            assert g.result()["winner"] is None and g.result()["deals_won"] == [0, 0]
            return
    pytest.fail("no 13-13 deal in 400 random games")


def test_counted_tricks_follow_the_count_option():
    for count in ("last13", "all26"):
        g = play_random(new_game("german", {"count": count}, seed=3), 3)
        deal = g.result()["deals"][0]
        s1, s2 = deal["tricks_stage1"], deal["tricks_stage2"]
        assert sum(s1) == sum(s2) == 13
        expected = s2 if count == "last13" else [s1[0] + s2[0], s1[1] + s2[1]]
        assert deal["counted"] == expected


def test_high_low_takes_the_aim_from_the_trump_colour():
    seen = set()
    for seed in range(40):
        g = play_random(new_game("german", {"high_low": True}, seed=seed), seed)
        deal = g.result()["deals"][0]
        black = deal["trump"] in "SC"
        assert deal["low"] == black
        a, b = deal["counted"]
        fewer, more = (0, 1) if a < b else (1, 0)
        assert deal["winner"] == (fewer if black else more)
        seen.add(black)
    assert seen == {True, False}


def test_session_alternates_the_dealer_and_keeps_a_running_score():
    g = play_random(new_game("german", {"deals": 4, "scoring": "difference"}, seed=8), 8)
    deals = g.result()["deals"]
    assert len(deals) == 4
    assert [d["dealer"] for d in deals] == [deals[0]["dealer"], 1 - deals[0]["dealer"]] * 2
    totals = [0, 0]
    for d in deals:
        totals[d["winner"]] += abs(d["counted"][0] - d["counted"][1])
    assert g.result()["points"] == totals


@pytest.mark.parametrize("options", [{"count": "all13"}, {"scoring": 1}, {"high_low": "yes"}, {"deals": 0},
                                     {"colour": "red"}, {"follow_suit_stage1": 1}])
def test_invalid_options_are_refused(options):
    with pytest.raises(InvalidOptions):
        new_game("german", options)
