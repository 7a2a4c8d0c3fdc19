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
        ({"seed": None}, "'seed'"),  # optional means left out: docs/records.md says an int (issue 51)
        ({"undo_used": None}, "'undo_used'"),
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


# --- Issue 51: the reader accepts exactly what docs/records.md says ---------------------------------------------

def at(record, path, change):
    """A copy of ``record`` with ``change(value)`` at ``path``."""
    data = json.loads(json.dumps(record))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = change(target[path[-1]])
    return data


@pytest.mark.parametrize("name, options, path, change, where", [
    ("whist", {"length": "deal"}, ["result", "winner_side"], bool, "result.winner_side"),
    ("whist", {"length": "deal"}, ["result", "winner_side"], float, "result.winner_side"),
    ("whist", {"length": "deal"}, ["result", "deals", 0, "tricks"], lambda t: [t[0] + 0.0, t[1]], r"result.deals\[0\].tricks\[0\]"),
    ("german", None, ["result", "points"], lambda p: [float(x) for x in p], r"result.points\[0\]"),
    ("german", None, ["result", "deals", 0, "low"], int, r"result.deals\[0\].low"),
    ("german", None, ["result", "deals", 0, "dealer"], bool, r"result.deals\[0\].dealer"),
    ("german", None, ["result", "deals", 0], lambda d: {k: v for k, v in d.items() if k != "low"}, r"result.deals\[0\].low"),
    ("german", None, ["result"], lambda r: {**r, "note": 1}, "result.note"),
    ("knockout", {"players": 3}, ["result", "deals", 0, "hand_size"], float, r"result.deals\[0\].hand_size"),
    ("humbug", {"length": "deal"}, ["result", "score", "rubber"], lambda r: False, "result.score.rubber"),
])
def test_the_result_is_compared_value_and_type(name, options, path, change, where):
    """``result`` was compared with ``==``: true passed for 1, 1.0 for 1, 0 for false."""
    record = to_record(finished(name, options))
    assert replay(loads(dumps(record))).is_over
    bad = at(record, path, change)
    with pytest.raises(RecordError, match=rf"'{where}' does not match the result of replaying"):
        replay(loads(dumps(bad)))


@pytest.mark.parametrize("name, options, change, message", [
    ("german", None, lambda o: {k: v for k, v in o.items() if k != "count"}, r"'options': 'count' missing"),
    ("whist", {"length": "deal"}, lambda o: {k: v for k, v in o.items() if k != "target"}, "'target' missing"),
    ("humbug", {"length": "deal"}, lambda o: {**o, "target": None, "honours": None}, r"'options\.target': null"),
    ("humbug", {"length": "deal"}, lambda o: {**o, "honours": None}, r"'options\.honours': null"),
    ("knockout", {"players": 3}, lambda o: {}, "'players' missing"),
])
def test_options_are_complete_and_resolved(name, options, change, message):
    """Options left out or null were filled from today's defaults: a later default would replay another game."""
    record = to_record(finished(name, options))
    with pytest.raises(RecordError, match=message):
        replay(loads(dumps({**record, "options": change(record["options"])})))


def padded(record, size: int, char: str = "я") -> str:
    """The record's text grown to ``size`` UTF-8 bytes with a long seat name."""
    text = dumps(record)
    n = (size - len(text.encode("utf-8"))) // len(char.encode("utf-8"))
    grown = dumps({**record, "seats": [{**record["seats"][0], "name": record["seats"][0]["name"] + char * n},
                                       *record["seats"][1:]]})
    return grown + " " * (size - len(grown.encode("utf-8")))


def test_the_size_limit_counts_utf8_bytes_of_text():
    """A str was measured in characters: 2,002,074 bytes of Cyrillic passed as 1 million characters."""
    from whistdrive.records import MAX_RECORD_BYTES

    record = to_record(finished())
    at_limit, over = padded(record, MAX_RECORD_BYTES), padded(record, MAX_RECORD_BYTES + 1)
    assert len(at_limit.encode("utf-8")) == MAX_RECORD_BYTES and len(over) < MAX_RECORD_BYTES * 0.6
    assert replay(loads(at_limit)).is_over and replay(loads(at_limit.encode("utf-8"))).is_over
    for text in (over, over.encode("utf-8")):
        with pytest.raises(RecordError, match=f"record is {MAX_RECORD_BYTES + 1} bytes"):
            loads(text)


def test_replay_check_refuses_a_record_over_the_limit_in_bytes(tmp_path, capsys):
    from whistdrive.cli import main

    path = tmp_path / "big.json"
    path.write_text(padded(to_record(finished()), 2_002_074), encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 2
    assert "2002074 bytes" in capsys.readouterr().err


@pytest.mark.parametrize("text, says", [
    ('\ufeff{"format": "whistdrive-record"}', "BOM"),
    ('{"format": "whistdrive-record", "version": 1, "seed": NaN}', "NaN is not a JSON number"),
    ('{"format": "whistdrive-record", "version": 1, "seed": -Infinity}', "-Infinity is not a JSON number"),
    ('{"format": "whistdrive-record", "over": true, "over": false}', "names the field 'over' twice"),
    ('{"seats": [{"seat": 0, "seat": 1}]}', "names the field 'seat' twice"),
    ('{"seed": 1' + "0" * 5000 + "}", "4300 digits"),  # Python's ValueError, not a RecordError, before
    ("[" * 100_000 + "]" * 100_000, "recursion"),  # RecursionError before
])
def test_only_json_in_utf8_is_read(text, says):
    for form in (text, text.encode("utf-8")):
        with pytest.raises(RecordError, match=says):
            loads(form)


def test_bytes_are_utf8_only():
    text = dumps(to_record(finished()))
    assert loads(text.encode("utf-8")) == json.loads(text)
    for encoding in ("utf-16", "utf-32", "utf-8-sig"):
        with pytest.raises(RecordError, match="not valid JSON"):
            loads(text.encode(encoding))


@pytest.mark.parametrize("where, text", [
    (["actions", 0, "action"], lambda card: card[0] + "♤♡♢♧"["SHDC".index(card[1])]),
    (["chance", 1, "cards", 5], lambda card: card[0] + "♤♡♢♧"["SHDC".index(card[1])]),
    (["actions", 0, "action"], lambda card: " " + card),
])
def test_outline_suits_and_spaces_are_no_card_in_a_record(where, text):
    record = to_record(finished())
    with pytest.raises(RecordError, match="bad card"):
        replay(at(record, where, text))


def test_every_notation_of_the_documentation_replays_the_same_game():
    """The other side of the same coin: the forms docs/records.md lists are read, and mean the same cards."""
    from whistdrive.cards import Card

    g = finished("german")
    record = to_record(g)
    forms = (Card.russian, Card.english, lambda c: str(c).lower(), lambda c: c.english().lower(),
             lambda c: c.russian().lower())  # Д♥, 10♥ and Q♥, qh and th, q♥ and 10♥, д♥ and т♥

    def written(i, text):
        return forms[i % len(forms)](Card.parse(text))

    record["actions"] = [{**a, "action": written(i, a["action"])} for i, a in enumerate(record["actions"])]
    record["chance"][1]["cards"] = [written(i + 2, c) for i, c in enumerate(record["chance"][1]["cards"])]
    assert replay(loads(dumps(record))).result() == g.result()


def knockout_with_a_three_way_draw():
    g = finished("knockout", {"players": 4}, seed=12)
    record = to_record(g)
    k = next(i for i, o in enumerate(record["chance"]) if o["type"] == "draw")
    assert len(record["chance"][k]["seats"]) == 3
    return g, record, k


def test_a_draw_lists_the_tied_seats_in_any_order():
    """Each card stays with its seat: the same draw, the same game."""
    g, record, k = knockout_with_a_three_way_draw()
    draw = record["chance"][k]
    pairs = list(zip(draw["seats"], draw["cards"]))[::-1]
    record["chance"][k] = {"type": "draw", "seats": [s for s, _ in pairs], "cards": [c for _, c in pairs]}
    again = replay(loads(dumps(record)))
    assert again.result() == g.result() and again.observation(0) == g.observation(0)


@pytest.mark.parametrize("seats, cards, says", [
    (lambda s: s[:2], lambda c: c[:2], r"must list each tied seat \[0, 1, 2\] once \(in any order\), found \[0, 1\]"),
    (lambda s: [s[0], s[0], s[1]], lambda c: c, r"once \(in any order\), found \[0, 0, 1\]"),
    (lambda s: s + [3], lambda c: c + ["2C"], r"found \[0, 1, 2, 3\]"),
    (lambda s: s, lambda c: c[:2], "one card to each of its 3 seats, found 2 cards"),
    (lambda s: s, lambda c: [c[0], c[1], c[0]], "distinct: .* is drawn twice"),
])
def test_a_wrong_draw_is_refused_saying_what_is_wrong(seats, cards, says):
    _, record, k = knockout_with_a_three_way_draw()
    draw = record["chance"][k]
    record["chance"][k] = {"type": "draw", "seats": seats(draw["seats"]), "cards": cards(draw["cards"])}
    with pytest.raises(RecordError, match=rf"chance outcome {k}: .*{says}"):
        replay(record)


def with_action(record, i, text):
    return at(record, ["actions", i, "action"], lambda _: text)


def test_records_hold_trump_choices_and_exchanges_as_documented():
    """"hearts", "черви", "♡" and "левая" were read as actions; the suit symbol and the Russian words of the
    documentation still are."""
    record = to_record(finished("knockout", {"players": 3}, seed=12))
    i = next(i for i, a in enumerate(record["actions"]) if len(a["action"]) == 1)
    suit = record["actions"][i]["action"]
    for word in ("♤♡♢♧"["SHDC".index(suit)], {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit],
                 " " + suit):
        with pytest.raises(RecordError, match=f"action {i} .*unknown suit"):
            replay(with_action(record, i, word))
    for same in ("♠♥♦♣"["SHDC".index(suit)], suit.lower()):
        assert replay(with_action(record, i, same)).result() == record["result"]
    record = to_record(finished("humbug", {"length": "deal"}))
    words = {"keep": ("оставляю", "оставить"), "left": ("левая", "левый"), "right": ("правая", "правый")}
    refused, read = words[record["actions"][0]["action"]]
    with pytest.raises(RecordError, match="action 0 .*unknown exchange"):
        replay(with_action(record, 0, refused))
    assert replay(with_action(record, 0, read)).result() == record["result"]
