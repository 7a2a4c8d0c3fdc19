"""Mutated records (issue 51): each one is refused with RecordError, or replays to the very same game.

Valid records of the four games are changed one way at a time, as a careless program or a hand edit would:
a value of another JSON type (``true`` for 1, ``1.0`` for 1, ``"1"``, ``null``, a list for an object) anywhere,
a field of any object dropped, the chance outcomes reordered, a draw's seats reordered (with or without their
cards), a list of the result or an object's fields reordered, or the text grown to the size limit in
characters of one to four bytes. The reader either refuses the result with :class:`RecordError` naming what
is wrong (never another exception), or replays it to the same options, chance and actions — which happens
when the change is harmless: an optional field dropped, an object's fields reordered, a draw's seats listed in
another order each with its card.

Actions and deck cards are not reordered, nor list entries dropped: that can make another valid record (two
cards of one hand swapped in the deck, a seat's two plays swapped, the last action of an unfinished game
dropped), which no reader can tell from the original.
"""

from __future__ import annotations

import json
import random
from functools import cache

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from whistdrive import RecordError, new_game
from whistdrive.records import MAX_RECORD_BYTES, dumps, loads, replay, to_record


def finished(name, options, seed):
    g = new_game(name, options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@cache
def originals() -> tuple[tuple[dict, tuple], ...]:
    """Valid records, each with what identifies its game: short matches of every game (a Knock-out one
    with a three-way draw), an unfinished one (``result`` null), one with both optional fields."""
    games = [finished("german", {"deals": 1}, 3), finished("whist", {"length": "deal"}, 3),
             finished("knockout", {"players": 4}, 12), finished("humbug", {"length": "deal"}, 3)]
    unfinished = new_game("whist", {"preset": "american"}, seed=5)
    for _ in range(9):
        unfinished.apply(unfinished.legal_actions()[0])
    records = [to_record(g, include_seed=(g.name == "german")) for g in games] + [to_record(unfinished)]
    records[0]["undo_used"] = False
    return tuple((r, identity(replay(r))) for r in records)


def identity(game) -> tuple:
    """What makes a game: its options, its chance outcomes (a draw as seat -> card) and its actions."""
    chance = [sorted(zip(o["seats"], o["cards"])) if o["type"] == "draw" else o for o in game.chance.log]
    return (game.name, game.options.to_dict(), json.dumps(chance, sort_keys=True),
            [(s, str(a)) for s, a in game.actions], json.dumps(game.result() if game.is_over else None, sort_keys=True))


def nodes(value, path=()):
    """Every path to a value inside ``value`` (not the whole)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield path + (key,)
        yield from nodes(inner, path + (key,))


def get(value, path):
    for key in path:
        value = value[key]
    return value


def others(value) -> list:
    """Values of another JSON type that a program might write instead of ``value``."""
    if isinstance(value, bool):
        return [int(value), float(value), str(value).lower(), None]
    if isinstance(value, int):
        return [float(value), value % 2 == 1, str(value), None, [value]]
    if isinstance(value, float):
        return [int(value), str(value)]
    if isinstance(value, str):
        return [len(value), None, [value], {"": value}, value == "true"]
    if isinstance(value, list):
        return [{str(i): v for i, v in enumerate(value)}, None, json.dumps(value), len(value)]
    if isinstance(value, dict):
        return [list(value.values()), None, json.dumps(value)]
    return [0, False, "", [], {}]  # null


@st.composite
def mutated(draw):
    """``(text, original identity, must be refused)``: a valid record changed in one way, as JSON text."""
    record, ident = draw(st.sampled_from(originals()))
    data = json.loads(json.dumps(record))
    kind = draw(st.sampled_from(["type", "type", "type", "drop", "drop", "outcomes", "draw", "result", "fields",
                                 "size"]))
    if kind == "size":  # at the limit, one to four bytes a character, give or take a few bytes
        char = draw(st.sampled_from(["a", "я", "♥", "🂡"]))
        size = MAX_RECORD_BYTES + draw(st.integers(-4, 4))
        text = dumps(data)
        n = (size - len(text.encode("utf-8"))) // len(char.encode("utf-8"))
        data["seats"][0]["name"] += char * n
        text = dumps(data)
        text += " " * (size - len(text.encode("utf-8")))
        return text, ident, size > MAX_RECORD_BYTES
    paths = list(nodes(data))
    if kind == "type":  # anywhere: a field, a list entry, a whole list or object
        path = draw(st.sampled_from(paths))
        get(data, path[:-1])[path[-1]] = draw(st.sampled_from(others(get(data, path))))
    elif kind == "drop":  # a field of any object
        path = draw(st.sampled_from([p for p in paths if isinstance(p[-1], str)]))
        del get(data, path[:-1])[path[-1]]
    elif kind == "outcomes":  # the chance outcomes in another order
        data["chance"] = draw(st.permutations(data["chance"]))
    elif kind == "draw":  # a draw's seats in another order, with their cards (the same draw) or without them
        draws = [o for o in data["chance"] if o["type"] == "draw"]
        if draws:
            o = draw(st.sampled_from(draws))
            order = draw(st.permutations(range(len(o["seats"]))))
            o["seats"] = [o["seats"][i] for i in order]
            if draw(st.booleans()):
                o["cards"] = [o["cards"][i] for i in order]
    elif kind == "result":  # a list of the result in another order
        lists = [p for p in paths if p[0] == "result" and isinstance(get(data, p), list) and len(get(data, p)) > 1]
        if lists:
            path = draw(st.sampled_from(lists))
            get(data, path[:-1])[path[-1]] = draw(st.permutations(get(data, path)))
    else:  # an object's fields in another order: the same record
        objects = [()] + [p for p in paths if isinstance(get(data, p), dict) and len(get(data, p)) > 1]
        obj = get(data, draw(st.sampled_from(objects)))
        items = draw(st.permutations(list(obj.items())))
        obj.clear()
        obj.update(items)
    return dumps(data), ident, False


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_a_mutated_record_is_refused_or_replays_to_the_same_game(case):
    text, ident, must_refuse = case
    try:
        game = replay(loads(text))
    except RecordError:
        event("refused")
        return
    event("replayed")
    assert not must_refuse, "a record over the size limit was read"
    assert identity(game) == ident
