"""Versioned JSON game records: save, load, validate and replay (docs/records.md).

A record holds the chance outcomes themselves (first dealer, deck orders,
tie-break draws) and every action, so replay never depends on a random
generator and an independent implementation of the rules can check it.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMove, InvalidOptions, RecordError, WhistError
from .games import Game, new_game
from .record_schema import FORMAT, VERSION, check

MAX_RECORD_BYTES = 2_000_000


def to_record(game: Game, players: list[str] | None = None, *, include_seed: bool = False) -> dict:
    """The record of ``game`` so far. ``players`` names who played each seat
    (``"human"``, ``"bot:expert"``...). The seed is left out unless asked for:
    it would reveal the deals still to come."""
    players = players or ["unknown"] * game.num_seats
    if len(players) != game.num_seats:
        raise ValueError(f"players: expected {game.num_seats} names, got {len(players)}")
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "options": game.options.to_dict(),
        "seats": [{"seat": i, "name": name, "player": p} for i, (name, p) in enumerate(zip(game.seat_names, players))],
        "chance": [dict(o) for o in game.chance.log],
        "actions": [{"seat": seat, "action": str(action)} for seat, action in game.actions],
        "over": game.is_over,
        "result": game.result() if game.is_over else None,
    }
    if include_seed:
        record["seed"] = game.chance.seed
    return record


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> dict:
    """Parse a record's JSON text (not yet validated: see :func:`replay`)."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"record is {len(text)} bytes: at most {MAX_RECORD_BYTES} allowed")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"record is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError("record must be a JSON object")
    return data


def replay(record: dict) -> Game:
    """Rebuild the game a record describes, checking it against the rules.

    The record's shape is checked first (:mod:`whistdrive.record_schema`), then
    every chance outcome and action by the engine, and last ``over`` and
    ``result`` against the replayed game. Raises :class:`RecordError` naming the
    field, chance outcome or action where the record fails.
    """
    check(record)
    name, chance = record["game"], record["chance"]
    try:
        game = new_game(name, record["options"], chance=chance)
    except InvalidOptions as e:
        raise RecordError(f"record field 'options': {e}") from None
    except RecordError as e:
        raise RecordError(f"record field 'chance': {e}") from None
    for i, entry in enumerate(record["actions"]):
        try:
            game.apply(entry["action"], seat=entry["seat"])
        except IllegalMove as e:
            raise RecordError(f"action {i} (seat {entry['seat']}, {entry['action']!r}): {e}") from None
        except RecordError as e:
            raise RecordError(f"action {i}: {e}") from None
    left = len(chance) - len(game.chance.log)
    if left:
        raise RecordError(f"record field 'chance': {left} outcome(s) left unused after the last action")
    seats = record["seats"]
    if len(seats) != game.num_seats or any(entry["seat"] != i for i, entry in enumerate(seats)):
        raise RecordError(f"record field 'seats': expected {game.num_seats} seats numbered 0..{game.num_seats - 1}"
                          " in order")
    _check_end(record, game)
    return game


def _check_end(record: dict, game: Game) -> None:
    """``over`` and ``result`` must say what the replayed game says."""
    if record["over"] != game.is_over:
        said = "over" if record["over"] else "not over"
        really = "is" if game.is_over else "is not"
        raise RecordError(f"record field 'over': the record says the game is {said}, but after the last action "
                          f"it {really}")
    if not game.is_over:
        if record["result"] is not None:
            raise RecordError("record field 'result': the game is not over after the last action, so it must be null")
        return
    if record["result"] is None:
        raise RecordError("record field 'result': the game is over, so the record must hold its result")
    if _normal(record["result"]) != _normal(game.result()):
        raise RecordError("record field 'result' does not match the result of replaying the actions")


def _normal(value):
    return json.loads(json.dumps(value))


def read_records(path: str):
    """Yield ``(line_number, record)`` from a ``.json`` file or each line of a ``.jsonl`` file."""
    with open(path, encoding="utf-8") as f:
        if path.endswith(".jsonl"):
            for n, line in enumerate(f, 1):
                if line.strip():
                    try:
                        yield n, loads(line)
                    except WhistError as e:
                        raise RecordError(f"{path}:{n}: {e}") from None
        else:
            try:
                record = loads(f.read())
            except WhistError as e:
                raise RecordError(f"{path}:1: {e}") from None
            yield 1, record
