import json
import random

import pytest

from whistdrive import RecordError, new_game
from whistdrive.records import dumps, loads, read_records, replay, to_record


def finished(name="german", options=None, seed=3):
    g = new_game(name, options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_round_trip_all_games():
    for name, opts in (("german", {"deals": 2}), ("whist", {"length": "game"}), ("knockout", {"players": 5})):
        g = finished(name, opts)
        record = to_record(g, ["human"] + ["bot:random"] * (g.num_seats - 1))
        again = replay(loads(dumps(record)))
        assert to_record(again, ["human"] + ["bot:random"] * (g.num_seats - 1)) == record
        assert again.result() == g.result()


def test_unfinished_game_round_trips_without_the_seed():
    g = new_game("whist", seed=77)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    record = to_record(g)
    assert "seed" not in record and "77" not in dumps(record)
    again = replay(record)
    assert again.observation(2) == g.observation(2)


def mutate(record, path, value):
    data = json.loads(json.dumps(record))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, message",
    [
        (["version"], 99, "version 99"),
        (["format"], "other", "format"),
        (["game"], "bridge", "unknown game"),
        (["options"], {"count": "all"}, "options"),
        (["actions", 0, "action"], "ZZ", "action 0"),
        (["actions", 3, "seat"], 5, "action 3"),
        (["chance", 1, "cards", 0], "AS", "52 cards"),
        (["chance", 0, "type"], "deck", "chance"),
        (["result", "points"], [9, 9], "result"),
        (["actions"], "nope", "actions"),
    ],
)
def test_corrupt_records_are_refused_with_where(path, value, message):
    record = to_record(finished())
    bad = mutate(record, path, value)
    with pytest.raises(RecordError, match=message):
        replay(bad)


def test_illegal_action_in_record_is_refused():
    record = to_record(finished())
    # swap the first two actions: the second seat would play out of turn or an unheld card
    record["actions"][0], record["actions"][1] = record["actions"][1], record["actions"][0]
    with pytest.raises(RecordError, match="action 0"):
        replay(record)


def test_missing_chance_and_leftover_chance():
    record = to_record(finished())
    with pytest.raises(RecordError, match="chance"):
        replay({**record, "chance": record["chance"][:1]})
    extra = {"type": "deck", "cards": record["chance"][1]["cards"]}
    with pytest.raises(RecordError, match="unused"):
        replay({**record, "chance": record["chance"] + [extra]})


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "x" * 3_000_000])
def test_not_json_or_not_an_object(text):
    with pytest.raises(RecordError):
        replay(loads(text))


def test_jsonl_reader_names_the_line(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(dumps(to_record(finished())) + "\n{broken\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"games\.jsonl:2: "):
        list(read_records(str(path)))


def test_explicit_deck_orders_reproduce_a_game():
    g = finished("whist", {"length": "deal"}, seed=5)
    again = new_game("whist", {"length": "deal"}, chance=g.chance.log)
    for seat, action in g.actions:
        again.apply(action, seat=seat)
    assert again.result() == g.result()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"over": False}, "'over'"),  # a finished match said to be unfinished
        ({"result": None}, "'result'"),  # over, but no result
        ({"over": "yes"}, "'over'"),
        ({"over": 1}, "'over'"),
        ({"seats": [1, "x"]}, r"'seats\[0\]'"),
        ({"seed": "not-a-number"}, "'seed'"),
        ({"seed": 1.5}, "'seed'"),
        ({"referee": "me"}, "'referee': unknown field"),
        ({"version": True}, "'version'"),
        ({"game": ["german"]}, "'game'"),
        ({"options": {"deals": [1]}}, r"'options\.deals"),
        ({"options": {"deals": 1.0}}, r"'options\.deals"),
        ({"actions": [{"seat": 0, "action": "JS", "by": "me"}]}, r"'actions\[0\]\.by'"),
        ({"actions": [{"seat": True, "action": "JS"}]}, r"'actions\[0\]\.seat'"),
        ({"chance": [{"type": "dealer", "seat": "0"}]}, r"'chance\[0\]"),
        ({"chance": [{"type": "shuffle"}]}, r"'chance\[0\]"),
    ],
)
def test_record_fields_of_the_wrong_shape_are_refused(change, message):
    record = to_record(finished(), include_seed=True)
    assert replay(record).is_over  # the record is good before the change
    with pytest.raises(RecordError, match=message):
        replay({**record, **change})


def test_over_and_result_of_an_unfinished_game():
    g = new_game("whist", seed=77)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    record = to_record(g)
    with pytest.raises(RecordError, match="'over'"):
        replay({**record, "over": True})
    with pytest.raises(RecordError, match="'result'"):
        replay({**record, "result": to_record(finished("whist", {"length": "deal"}))["result"]})


def test_seats_must_be_numbered_in_order():
    record = to_record(finished())
    record["seats"] = record["seats"][::-1]
    with pytest.raises(RecordError, match="'seats'"):
        replay(record)
    with pytest.raises(RecordError, match="'seats'"):
        replay({**record, "seats": record["seats"][:1]})


def test_the_game_name_is_checked_against_the_known_games(monkeypatch):
    """A game added to GAMES is readable without changing the record model."""
    from whistdrive import games
    from whistdrive.record_schema import check

    record = to_record(finished())
    with pytest.raises(RecordError, match="unknown game 'later'"):
        check({**record, "game": "later"})
    monkeypatch.setitem(games.GAMES, "later", games.GAMES["german"])
    assert check({**record, "game": "later"}).game == "later"


@pytest.mark.parametrize("game, options", [("german", {"deals": 2}), ("whist", {}), ("knockout", {"players": 4}),
                                           ("humbug", {})])
def test_a_chance_list_that_runs_out_refuses_the_deals_last_card_and_changes_nothing(game, options):
    """A game dealt from a list of outcomes without a seed: when the list has no deck for the next deal,
    the last card of this one is refused, and the game is as it was before it (still playable)."""
    first = new_game(game, options, seed=3)
    g = new_game(game, options, chance=[dict(o) for o in first.chance.log])  # the first deal's outcomes only
    rng = random.Random(0)
    while True:
        seat, action = g.current_seat, rng.choice(g.legal_actions())
        before = ([g.observation(s) for s in range(g.num_seats)], list(g.actions), g.legal_actions())
        try:
            g.apply(action)
        except RecordError as e:
            assert "no 'deck' outcome left" in str(e) or "no 'draw' outcome left" in str(e)
            break
    assert ([g.observation(s) for s in range(g.num_seats)], list(g.actions), g.legal_actions()) == before
    assert g.current_seat == seat and not g.is_over
    with pytest.raises(RecordError):
        g.apply(action)  # and again: the list is still short


@pytest.mark.parametrize("seed", ["abc", 1.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    from whistdrive import InvalidOptions

    with pytest.raises(InvalidOptions, match="seed must be a whole number"):
        new_game("german", seed=seed)


def test_a_numpy_integer_seed_deals_as_the_same_int():
    import numpy as np

    assert new_game("whist", seed=np.int64(5)).chance.log == new_game("whist", seed=5).chance.log


@pytest.mark.parametrize("chance", ["xx", [1], [["dealer", 0]], [{"type": "dealer", "seat": True}]])
def test_a_chance_list_that_is_not_outcomes_is_refused_clearly(chance):
    with pytest.raises(RecordError, match="chance"):
        new_game("german", chance=chance)
