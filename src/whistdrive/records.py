"""Versioned JSON game records: save, load, validate and replay (docs/records.md).

A record holds the chance outcomes themselves (first dealer, deck orders,
tie-break draws) and every action, so replay never depends on a random
generator and an independent implementation of the rules can check it.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMove, InvalidOptions, RecordError, WhistError
from .games import GAMES, Game, new_game
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
    """Parse a record's JSON text (not yet validated: see :func:`replay`).

    ``bytes`` must be UTF-8; a ``str`` is measured as its UTF-8 bytes, so the size limit is the same
    whichever is given. Refused besides: a byte-order mark, ``NaN`` and ``Infinity`` (not JSON), and an
    object that names a field twice (readers would disagree on which one counts).
    """
    if isinstance(text, str):
        # 1 to 4 bytes a character: more characters than the limit are too many bytes, a quarter never is.
        counted = MAX_RECORD_BYTES // 4 < len(text) <= MAX_RECORD_BYTES
        size = len(text.encode("utf-8", "surrogatepass")) if counted else len(text)
        over = f"{size}" if counted else f"at least {size}"
    elif isinstance(text, bytes | bytearray):
        size = len(text)
        over = f"{size}"
    else:
        raise RecordError(f"a record's text is str or bytes, not {type(text).__name__}")
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"record is {over} bytes (UTF-8): at most {MAX_RECORD_BYTES} allowed")
    try:
        if not isinstance(text, str):
            text = bytes(text).decode("utf-8")  # strictly: json.loads would also take UTF-16 and UTF-32
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_repeated_field)
    except RecordError:
        raise
    except (ValueError, RecursionError) as e:  # also a number of over 4,300 digits, and arrays nested too deep
        raise RecordError(f"record is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError("record must be a JSON object")
    return data


def _no_constant(name: str):
    raise RecordError(f"record is not valid JSON: {name} is not a JSON number")


def _no_repeated_field(pairs: list[tuple[str, Any]]) -> dict:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise RecordError(f"record is not valid JSON for a record: an object names the field {key!r} twice")
        seen.add(key)
    return dict(pairs)


def replay(record: dict) -> Game:
    """Rebuild the game a record describes, checking it against the rules.

    The record's shape is checked first (:mod:`whistdrive.record_schema`), then
    every chance outcome and action by the engine, and last ``over`` and
    ``result`` against the replayed game. Raises :class:`RecordError` naming the
    field, chance outcome or action where the record fails.
    """
    check(record)
    name, chance = record["game"], record["chance"]
    _check_options_complete(name, record["options"])
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


def _check_options_complete(name: str, options: dict) -> None:
    """Every option of the game present (the schema refuses null): a record stores the options the game was
    played with, resolved (``target`` and ``honours`` from the preset), so that a later default cannot change
    the replay."""
    missing = [p.name for p in GAMES[name].Options.params() if p.name not in options]
    if missing:
        raise RecordError(f"record field 'options': {', '.join(map(repr, missing))} missing: a record stores "
                          f"every option of the game")


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
    try:
        said = _normal(record["result"])
    except (TypeError, ValueError):
        raise RecordError("record field 'result': not JSON data") from None
    difference = _first_difference(said, _normal(game.result()), "result")
    if difference:
        where, what = difference
        raise RecordError(f"record field '{where}' does not match the result of replaying the actions: {what}")


def _normal(value):
    """``value`` as JSON would give it back (tuples become lists); types stay as they are."""
    return json.loads(json.dumps(value))


def _first_difference(said: Any, real: Any, where: str) -> tuple[str, str] | None:
    """Where ``said`` first differs from ``real`` and how, or None when they are the same JSON value.

    Types count, as everywhere in a record: ``true`` is not 1 and ``1.0`` is not 1 (``==`` takes both).
    """
    if type(said) is not type(real) or not isinstance(real, dict | list) and said != real:
        return where, f"the replay gives {_json(real)}, the record says {_json(said)}"
    if isinstance(real, dict):
        for key in real:
            if key not in said:
                return f"{where}.{key}", "missing"
            difference = _first_difference(said[key], real[key], f"{where}.{key}")
            if difference:
                return difference
        extra = next((key for key in said if key not in real), None)
        return None if extra is None else (f"{where}.{extra}", "unknown field")
    if isinstance(real, list):
        if len(said) != len(real):
            return where, f"the replay gives {len(real)} entries, the record {len(said)}"
        for i, (a, b) in enumerate(zip(said, real)):
            difference = _first_difference(a, b, f"{where}[{i}]")
            if difference:
                return difference
    return None


def _json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


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
