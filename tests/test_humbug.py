"""Humbug Whist: the deal to four places, the exchange, honours after it, whist scoring per player."""

import random

import pytest

from engine_helpers import cards_in, deck_from_hands
from whistdrive import DECK, IllegalMove, InvalidOptions, RecordError, new_game
from whistdrive.cards import parse_cards
from whistdrive.records import dumps, loads, replay, to_record

D, LW, ND, RW = range(4)  # places clockwise: dealer, left widow, non-dealer, right widow


def humbug(places: dict[int, str], dealer: int = 0, options=None):
    """A deal of explicit places; the deck is built by the rule "one card at a time from the left widow on"."""
    deck = deck_from_hands(places, first=LW, seats=4)
    return new_game("humbug", options or {"length": "deal"},
                    chance=[{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": deck}])


# Spades are trump (the dealer's last card, 2♠, is turned up). The left widow holds A K Q of trumps.
PLACES = {
    D: "AH KH QH JH TH 9H KC QC JC TC 9C 8C 2S",
    LW: "AS KS QS 2H 3H 4H 5H 6H 7H 8H 2D 3D 4D",
    ND: "AD KD QD JD TD 9D 8D 3S 4S 5S 6S 7S 8S",
    RW: "JS TS 9S AC 7C 6C 5C 4C 3C 2C 7D 6D 5D",
}


def strs(cards) -> list[str]:
    return sorted(str(c) for c in cards)


def low_play(g):
    """Both players play their lowest legal card to the end of the deal."""
    while not g.is_over and g.decision.value == "play":
        g.apply(min(g.legal_actions(), key=lambda c: c.index))


def test_the_pack_is_dealt_one_at_a_time_from_the_left_widow_and_the_52nd_card_is_turned_up():
    deck = [str(c) for c in DECK]
    random.Random(5).shuffle(deck)
    for dealer in (0, 1):
        g = new_game("humbug", chance=[{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": deck}])
        assert strs(g.hand(dealer)) == sorted(deck[3::4])  # deck[3], deck[7], ..., deck[51]
        assert strs(g.hand(1 - dealer)) == sorted(deck[1::4])
        obs = g.observation(1 - dealer)
        assert obs["turned_up"] == deck[51] and obs["trump"] == deck[51][1] and obs["dealer"] == dealer
        assert obs["known_cards"] == {str(dealer): [deck[51]]}
        # the widows: deck[0], deck[4], ... (left) and deck[2], deck[6], ... (right)
        g.apply("left")
        assert strs(g.hand(1 - dealer)) == sorted(deck[0::4])
        g.apply("right")
        assert strs(g.hand(dealer)) == sorted(deck[2::4])


def test_non_dealer_decides_first_then_the_dealer_then_the_non_dealer_leads():
    g = humbug(PLACES, dealer=1)
    assert g.current_seat == 0 and g.decision.value == "exchange"
    assert [str(a) for a in g.legal_actions()] == ["keep", "left", "right"]
    g.apply("keep")
    assert g.current_seat == 1 and [str(a) for a in g.legal_actions()] == ["keep", "left", "right"]
    g.apply("keep")
    assert g.current_seat == 0 and g.decision.value == "play"
    assert strs(g.hand(0)) == strs(parse_cards(PLACES[ND]))


def test_a_widow_taken_is_not_offered_and_taking_it_is_refused_with_the_state_unchanged():
    g = humbug(PLACES)
    g.apply("left", seat=1)
    assert [str(a) for a in g.legal_actions()] == ["keep", "right"]
    before = [g.observation(s) for s in (0, 1)]
    snapshot = g.clone()
    with pytest.raises(IllegalMove, match="took it"):
        g.apply("left")
    with pytest.raises(IllegalMove, match="keep, left or right"):
        g.apply("2S")  # a card is not an exchange
    with pytest.raises(IllegalMove, match="not seat 1's turn"):
        g.apply("keep", seat=1)
    assert [g.observation(s) for s in (0, 1)] == before
    assert g.actions == snapshot.actions and g.hand(0) == snapshot.hand(0)
    g.apply("правый")  # Russian is accepted too
    assert str(g.actions[-1][1]) == "right"
    with pytest.raises(IllegalMove, match="bad card 'keep'"):
        g.apply("keep")  # in play an exchange word is not a card


def test_turned_up_card_is_out_of_the_deal_when_the_dealer_exchanges():
    g = humbug(PLACES)
    g.apply("keep")
    g.apply("right")
    assert "2S" not in strs(g.hand(0))
    assert g.observation(0)["trump"] == "S"  # the trump suit does not change
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs["turned_up"] is None and obs["trump_card"] == "2S" and obs["trump_card_place"] == "out"
        assert obs["known_cards"] == {}
        assert "2S" in obs["out_of_deal"]
    assert sorted(g.observation(0)["laid_aside"]) == strs(parse_cards(PLACES[D]))
    assert g.observation(1)["laid_aside"] == [] and g.observation(1)["out_of_deal"] == ["2S"]


def test_turned_up_card_shows_until_the_dealers_first_play_when_the_dealer_keeps():
    g = humbug(PLACES)
    g.apply("keep")
    g.apply("keep")
    assert g.observation(1)["turned_up"] == "2S"
    g.apply("AD")  # the non-dealer leads
    assert g.observation(1)["trump_card_place"] == "showing"
    g.apply(next(c for c in g.legal_actions() if str(c) != "2S"))  # the dealer plays, keeping 2♠
    obs = g.observation(1)
    assert obs["turned_up"] is None and obs["trump_card_place"] == "dealer"
    assert obs["known_cards"] == {"0": ["2S"]}  # still known to be in the dealer's hand


def test_honours_count_the_hand_after_the_exchange():
    g = humbug(PLACES)
    g.apply("left")  # the non-dealer takes A K Q of trumps
    g.apply("keep")
    low_play(g)
    line = g.result()["deals"][0]
    assert line["honours_held"] == [0, 3]
    assert line["exchanges"] == [{"seat": 1, "choice": "left"}, {"seat": 0, "choice": "keep"}]
    assert max(line["tricks"]) < 11  # nobody reached the target on tricks...
    assert line["honour_points"] == [0, 2]  # ...so three honours score 2
    assert line["points"][1] == line["honour_points"][1] + max(0, line["tricks"][1] - 6)


def test_honours_laid_aside_or_left_in_a_widow_score_nothing():
    g = humbug(PLACES)
    g.apply("right")  # the non-dealer takes J 10 of trumps; A K Q stay in the left widow
    g.apply("keep")
    low_play(g)
    assert g.result()["deals"][0]["honours_held"] == [0, 1]


ALL_TRUMPS = {
    D: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    LW: "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    ND: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    RW: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


def test_game_on_tricks_scores_no_honours_and_a_treble():
    g = humbug(ALL_TRUMPS, dealer=0, options={"length": "game"})
    g.apply("keep")
    g.apply("keep")
    low_play(g)
    line = g.result()["deals"][0]
    assert line["tricks"] == [13, 0] and line["honours_held"] == [4, 0]
    assert line["trick_points"] == [7, 0] and line["honour_points"] == [0, 0]
    assert line["game_won_by"] == 0 and line["game_value"] == 3
    assert g.is_over and g.result()["winner"] == 0


def test_american_preset_has_no_honours_and_target_seven():
    g = humbug(PLACES, options={"preset": "american", "length": "deal"})
    assert g.options.target == 7 and g.options.honours is False
    g.apply("left")
    g.apply("keep")
    low_play(g)
    assert g.result()["deals"][0]["honour_points"] == [0, 0]


def test_options_are_validated():
    with pytest.raises(InvalidOptions):
        new_game("humbug", {"length": "match"})
    with pytest.raises(InvalidOptions):
        new_game("humbug", {"players": 4})
    assert new_game("humbug", {"target": 3}, seed=1).options.target == 3


def points_of(line_tricks, honours, start, target, use_honours):
    """An independent scorer of one humbug deal for two players (book 6, honours 4/2, target-1, game on tricks)."""
    tp = [max(0, t - 6) for t in line_tricks]
    if any(start[s] + tp[s] >= target for s in (0, 1)) or not use_honours:
        return tp
    hp = [0 if start[s] == target - 1 else {4: 4, 3: 2}.get(honours[s], 0) for s in (0, 1)]
    return [tp[s] + hp[s] for s in (0, 1)]


def random_game(seed: int, options=None):
    g = new_game("humbug", options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(12))
def test_rubbers_score_like_an_independent_scorer(seed):
    options = [{}, {"preset": "american"}, {"rubber_bonus": True, "target": 3}][seed % 3]
    g = random_game(seed, options)
    o = g.options
    start = [0, 0]
    games = []
    dealers = []
    for line in g.result()["deals"]:
        dealers.append(line["dealer"])
        assert sum(line["tricks"]) == 13
        expected = points_of(line["tricks"], line["honours_held"], start, o.target, o.honours)
        assert line["points"] == expected
        start = [start[s] + expected[s] for s in (0, 1)]
        if max(start) >= o.target:
            winner = start.index(max(start))
            games.append(winner)
            loser = start[1 - winner]
            assert line["game_value"] == (3 if loser == 0 else 2 if loser < 3 else 1)
            start = [0, 0]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))  # the deal alternates
    wins = [games.count(0), games.count(1)]
    assert max(wins) == 2 and len(games) == sum(wins) <= 3
    r = g.result()
    assert r["winner"] == wins.index(2) and r["score"]["games_won"] == wins
    values = [line["game_value"] for line in r["deals"] if line["game_won_by"] is not None]
    net = sum(v for w, v in zip(games, values) if w == r["winner"]) - sum(
        v for w, v in zip(games, values) if w != r["winner"])
    assert r["score"]["rubber"]["net"] == net + (2 if o.rubber_bonus else 0)


def test_length_deal_and_game():
    g = random_game(3, {"length": "deal"})
    t = g.result()["deals"][0]["tricks"]
    assert len(g.result()["deals"]) == 1 and g.result()["winner"] == (0 if t[0] > t[1] else 1)
    g = random_game(4, {"length": "game"})
    r = g.result()
    assert len(r["score"]["games"]) == 1 and r["winner"] == r["score"]["games"][0]["winner"]
    assert r["deals"][-1]["game_won_by"] == r["winner"]


def forbidden(g, seat) -> set[str]:
    """Cards ``seat`` may not know, from the full state: the widows, the other's hand and laid-aside hand."""
    other = 1 - seat
    hidden = {str(c) for c in g.hand(other)}
    for place, widow in ((LW, "left"), (RW, "right")):
        holder = next((s for s, c in g.exchanges if str(c) == widow), None)
        if holder != seat:
            hidden |= {str(DECK[c]) for c in range(52) if g.places[place] >> c & 1}
    hidden |= {str(DECK[c]) for c in range(52) if g.laid_aside.get(other, 0) >> c & 1}
    played = {str(DECK[c]) for _, plays, _ in g.play.tricks for _, c in plays} | {
        str(DECK[c]) for _, c in g.play.trick}
    hidden -= {str(DECK[g.turned_up])}  # seen by both
    return hidden - played - {str(c) for c in g.hand(seat)}


@pytest.mark.parametrize("seed", range(40))
def test_no_observation_shows_a_widow_or_the_other_players_cards(seed):
    options = {"length": ["deal", "game"][seed % 2]}
    g = new_game("humbug", options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        for seat in (0, 1):
            assert not cards_in(g.observation(seat)) & forbidden(g, seat), (seed, seat)
        g.apply(rng.choice(g.legal_actions()))


def test_records_round_trip_with_exchange_actions():
    for seed in range(6):
        g = random_game(seed, {"length": "game"})
        record = to_record(g, ["human", "bot:random"])
        texts = {a["action"] for a in record["actions"]}
        assert texts & {"keep", "left", "right"}
        again = replay(loads(dumps(record)))
        assert to_record(again, ["human", "bot:random"]) == record
        assert again.result() == g.result()


def test_a_record_with_a_refused_exchange_says_which_action():
    g = humbug(PLACES)
    g.apply("left")
    g.apply("keep")
    record = to_record(g)
    record["actions"][1]["action"] = "left"
    with pytest.raises(RecordError, match="action 1.*took it"):
        replay(record)
    record["actions"][1]["action"] = "2S"
    with pytest.raises(RecordError, match="action 1"):
        replay(record)
