import random

import pytest

from whistdrive import IllegalMove, InvalidOptions, new_game
from whistdrive.records import replay, to_record


def play_random(g, seed):
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def games(players=(2, 3, 4, 5, 6, 7), seeds=range(30)):
    for n in players:
        for seed in seeds:
            yield n, play_random(new_game("knockout", {"players": n}, seed=seed), seed)


def test_hand_sizes_count_down_and_never_grow():
    for _, g in games():
        sizes = [d["hand_size"] for d in g.result()["deals"]]
        assert sizes == list(range(7, 7 - len(sizes), -1))


def test_players_without_a_trick_are_knocked_out_and_dealt_no_more():
    for n, g in games():
        out = {}
        for d in g.result()["deals"]:
            assert not set(map(int, d["tricks"])) & set(out)  # the knocked-out are dealt nothing
            zero = [int(s) for s, k in d["tricks"].items() if k == 0]
            assert sorted(d["out"]) == sorted(zero)
            out.update({s: d["deal"] for s in zero})
        assert {int(s): k for s, k in g.result()["out"].items()} == out
        assert len(out) == n - 1 and g.result()["winner"] not in out


def test_immediate_win_when_one_player_remains():
    early = 0
    for _, g in games():
        deals = g.result()["deals"]
        last = deals[-1]
        assert sum(1 for k in last["tricks"].values() if k > 0) == 1  # exactly one survivor, then it ends
        early += last["hand_size"] > 1
    assert early > 0


def test_rules_example_3_8_tricks_2_1_0():
    """With three cards each, tricks 2-1-0: the player with 0 is out and the next deal has two cards."""
    for seed in range(2000):
        g = new_game("knockout", {"players": 3}, seed=seed)
        play_random(g, seed)
        deals = g.result()["deals"]
        for i, d in enumerate(deals):
            if d["hand_size"] == 3 and sorted(d["tricks"].values()) == [0, 1, 2]:
                zero = next(int(s) for s, k in d["tricks"].items() if k == 0)
                two = next(int(s) for s, k in d["tricks"].items() if k == 2)
                assert d["out"] == [zero]
                assert deals[i + 1]["hand_size"] == 2 and deals[i + 1]["dealer"] == two
                assert set(map(int, deals[i + 1]["tricks"])) == set(map(int, d["tricks"])) - {zero}
                return
    pytest.fail("no 2-1-0 three-card deal found")


def test_first_deal_turns_up_trump_and_later_dealers_choose():
    g = new_game("knockout", {"players": 4}, seed=4)
    obs = g.observation(0)
    assert obs["trump_card"] is not None and obs["trump"] == obs["trump_card"][1]
    assert g.current_seat == (g.dealer + 1) % 4  # dealer's left leads deal 1
    rng = random.Random(0)
    while g.deal_number == 1:
        g.apply(rng.choice(g.legal_actions()))
    best = max(g.deal_results[0]["tricks"].values())
    leaders = [int(s) for s, k in g.deal_results[0]["tricks"].items() if k == best]
    assert g.dealer in leaders
    assert g.decision.value == "trump" and g.current_seat == g.dealer
    assert g.observation(1)["trump"] is None and g.observation(1)["trump_card"] is None
    with pytest.raises(IllegalMove):
        g.apply(g.hand(g.dealer)[0])  # a card is not a trump choice
    g.apply("D")
    assert g.play.trump == 2 and g.current_seat == g.dealer  # the dealer leads


def test_tie_break_draws_highest_rank_and_redraws_ties():
    found = None
    for seed in range(200):
        g = play_random(new_game("knockout", {"players": 4}, seed=seed), seed)
        for d in g.result()["deals"]:
            if d["tie_break"]:
                found = (g, d)
                break
        if found:
            break
    g, deal = found
    last = deal["tie_break"][-1]
    ranks = ["23456789TJQKA".index(c[0]) for c in last["cards"]]
    assert ranks.count(max(ranks)) == 1
    assert deal["dealer"] == last["seats"][ranks.index(max(ranks))]
    # Force a tie on the highest rank in the first round: the tied players must draw again.
    record = to_record(g)
    k = next(i for i, o in enumerate(record["chance"]) if o["type"] == "draw")
    seats = record["chance"][k]["seats"]
    tie = {"type": "draw", "seats": seats, "cards": ["AS", "AH"] + ["2C", "3C", "4C"][: len(seats) - 2]}
    decider = {"type": "draw", "seats": seats[:2], "cards": ["3D", "KD"]}
    record["chance"][k:k + 1] = [tie, decider]
    deals_before = sum(1 for o in record["chance"][:k] if o["type"] == "deck")
    g2 = new_game("knockout", record["options"], chance=record["chance"][: k + 2], seed=1)  # then the seed
    for entry in record["actions"]:
        if len(g2.deal_results) == deals_before:
            break
        g2.apply(entry["action"])
    assert g2.tie_breaks == [{"seats": seats, "cards": tie["cards"]}, {"seats": seats[:2], "cards": ["3D", "KD"]}]
    assert g2.dealer == seats[1]  # the king beats the three in the second round
    assert replay(to_record(g2)).dealer == seats[1]


def test_cards_of_a_deal_come_from_one_shuffled_pack():
    g = new_game("knockout", {"players": 7}, seed=2)
    hands = [c for s in range(7) for c in g.hand(s)]
    assert len(hands) == 49 == len(set(hands))
    assert g.observation(0)["trump_card"] not in [str(c) for c in hands]


@pytest.mark.parametrize("players", [1, 8, "4", True])
def test_player_count_is_validated(players):
    with pytest.raises(InvalidOptions):
        new_game("knockout", {"players": players})


def test_the_same_seed_deals_the_same_decks_whatever_the_play():
    """Duplicate tables share every deal's deck, even when tie-break draws differ between them."""
    decks = []
    for play_seed in (1, 2, 3):
        g = play_random(new_game("knockout", {"players": 5}, seed=99), play_seed)
        decks.append([o["cards"] for o in g.chance.log if o["type"] == "deck"])
    shortest = min(len(d) for d in decks)
    assert shortest >= 2
    assert all(d[:shortest] == decks[0][:shortest] for d in decks)
