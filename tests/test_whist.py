import random

import pytest

from engine_helpers import cards_in, deck_from_hands
from whistdrive import IllegalMove, InvalidOptions, new_game
from whistdrive.games.whist_scoring import RubberScore, game_value, score_deal

N, E, S, W = range(4)
# Seed 003's example: player 2 (East) deals and turns up 8♥; player 3 (South) leads K♠.
HANDS = {
    N: "AH KH QH 2H AD KD QD JD 2D AC KC 3C 2C",
    E: "AS QS JS TS JH 9H TD 9D TC 8D QC JC 8H",  # 8♥ last: the dealer's turned-up card
    S: "KS 6S 5S 4S 2S 7H 5H 3H 7D 6D 9C 8C 7C",
    W: "9S 8S 7S 3S TH 6H 4H 5D 4D 3D 6C 5C 4C",
}
TRICKS = [
    "KS 3S 2D AS",  # S leads; N has no spade and discards, E wins with the ace
    "9H 3H TH AH", "KH 8H 5H 4H", "QH JH 7H 6H",
    "AC TC 7C 4C", "KC JC 8C 5C", "2C QC 9C 6C",
    "QS 6S 7S 3C", "JS 5S 8S JD", "TS 4S 9S QD",
    "8D 6D 3D AD", "KD 9D 7D 4D", "2H TD 2S 5D",
]


def example_game(options=None, dealer=E):
    deck = deck_from_hands(HANDS, first=(dealer + 1) % 4, seats=4)
    return new_game("whist", options or {"length": "deal"},
                    chance=[{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": deck}])


def test_deal_trump_and_first_lead_follow_seed_003():
    g = example_game()
    obs = g.observation(S)
    assert obs["trump"] == "H" and obs["turned_up"] == "8H" and obs["dealer"] == E
    assert g.current_seat == S  # the player at the dealer's left leads
    assert "8H" in [str(c) for c in g.hand(E)]
    assert obs["known_cards"] == {str(E): ["8H"]}


def test_rules_example_eight_tricks_and_three_honours_make_four():
    g = example_game()
    for n, trick in enumerate(TRICKS):
        for card in trick.split():
            g.apply(card)
            if n == 0 and card == "2D":
                assert g.observation(S)["turned_up"] == "8H"  # shown until the dealer plays
        if n == 0:
            assert g.observation(S)["turned_up"] is None
            assert g.observation(S)["known_cards"] == {str(E): ["8H"]}  # remembered until played
            assert g.current_seat == E  # E won with the ace
        if n == 2:
            assert g.observation(S)["known_cards"] == {}  # E played 8♥ in trick 3
    assert g.is_over
    line = g.result()["deals"][0]
    assert line["tricks"] == [8, 5]
    assert line["honours_held"] == [3, 1]
    assert line["trick_points"] == [2, 0] and line["honour_points"] == [2, 0]
    assert line["points"] == [4, 0]


def test_must_follow_suit_and_state_is_unchanged_after_refusal():
    g = example_game()
    g.apply("KS")
    before = g.observation(W)
    with pytest.raises(IllegalMove, match="follow suit"):
        g.apply("TH")
    with pytest.raises(IllegalMove, match="does not hold"):
        g.apply("AS")
    with pytest.raises(IllegalMove, match="not seat"):
        g.apply("3S", seat=N)
    assert g.observation(W) == before


def fresh(target=5, honours=True, bonus=False):
    return RubberScore(target, honours, bonus)


def test_honours_4_and_2_and_split():
    s = fresh()
    assert score_deal(s, [7, 6], [4, 0])["points"] == [5, 0]  # 1 + 4 reaches the target through honours
    s = fresh()
    assert score_deal(s, [6, 7], [3, 1])["points"] == [2, 1]
    s = fresh()
    assert score_deal(s, [7, 6], [2, 2])["points"] == [1, 0]


def test_side_at_four_cannot_score_honours():
    s = fresh()
    s.game_points = [4, 0]
    assert score_deal(s, [6, 7], [4, 0])["points"] == [0, 1]
    s = fresh()
    s.game_points = [3, 0]
    line = score_deal(s, [7, 6], [3, 1])  # reaches 4 on this deal's tricks: honours still score
    assert line["points"] == [3, 0] and line["game_won_by"] == 0


def test_game_reached_on_tricks_ends_it_with_no_honours():
    s = fresh()
    s.game_points = [3, 2]
    line = score_deal(s, [9, 4], [0, 4])
    assert line["points"] == [3, 0] and line["honour_points"] == [0, 0]
    assert line["game_won_by"] == 0 and line["game_value"] == 2  # losers on 2: a double
    assert s.game_points == [0, 0]  # the next game starts at 0-0


def test_honours_can_win_the_game_for_the_side_that_lost_the_tricks():
    s = fresh()
    s.game_points = [0, 3]
    line = score_deal(s, [8, 5], [1, 3])
    assert line["points"] == [2, 2] and line["game_won_by"] == 1 and line["game_value"] == 2


@pytest.mark.parametrize("losers, value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1), (6, 1)])
def test_treble_double_single(losers, value):
    assert game_value(losers) == value


def play_game(s, winner, loser_points):
    s.game_points = [0, 0]
    s.game_points[1 - winner] = loser_points
    tricks = [13, 0] if winner == 0 else [0, 13]
    score_deal(s, tricks, None)


def test_two_game_rubber_and_bonus():
    s = fresh(bonus=True)
    play_game(s, 0, 0)
    play_game(s, 0, 3)
    assert s.rubber_over and s.rubber_points() == [3 + 1 + 2, 0] and s.net() == {"winner": 0, "net": 6}


def test_three_game_rubber_deducts_the_losers_game():
    s = fresh()
    play_game(s, 0, 0)  # treble to NS
    play_game(s, 1, 3)  # single to EW
    assert not s.rubber_over
    play_game(s, 0, 1)  # double to NS
    assert s.rubber_points() == [5, 1] and s.net() == {"winner": 0, "net": 4}
    s = fresh()
    play_game(s, 0, 4)
    play_game(s, 1, 0)
    play_game(s, 0, 4)
    assert s.net() == {"winner": 0, "net": -1}  # can be negative without the bonus


def test_american_preset_and_overrides():
    g = new_game("whist", {"preset": "american"})
    assert (g.options.target, g.options.honours) == (7, False)
    g = new_game("whist", {"preset": "american", "honours": True})
    assert (g.options.target, g.options.honours) == (7, True)
    g = new_game("whist")
    assert (g.options.target, g.options.honours, g.options.rubber_bonus) == (5, True, False)


def test_revoke_on_the_score_pad():
    s = fresh()
    line = score_deal(s, [10, 3], [4, 0], revoke_by=0)
    assert line["points"] == [4, 3]  # capped at target - 1 for the revoking side
    assert s.game_points == [4, 3]


def test_a_whole_rubber_scores_consistently():
    g = new_game("whist", seed=9)
    rng = random.Random(9)
    dealers = []
    while not g.is_over:
        if not g.play.tricks and not g.play.trick:
            dealers.append(g.dealer)
        g.apply(rng.choice(g.legal_actions()))
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))  # the deal passes clockwise
    sheet = g.result()["score"]
    assert max(sheet["games_won"]) == 2
    replayed = fresh()
    for line in g.result()["deals"]:
        score_deal(replayed, line["tricks"], line["honours_held"])
    assert replayed.rubber_points() == sheet["rubber_points"]
    assert all(sum(line["tricks"]) == 13 for line in g.result()["deals"])


@pytest.mark.parametrize("options", [{"preset": "french"}, {"target": 0}, {"honours": "no"}, {"length": "set"}])
def test_invalid_options(options):
    with pytest.raises(InvalidOptions):
        new_game("whist", options)


def test_hidden_hands_stay_hidden():
    g = example_game()
    obs = g.observation(S)
    others = {str(c) for s in (N, E, W) for c in g.hand(s)} - {"8H"}
    assert not cards_in(obs) & others
