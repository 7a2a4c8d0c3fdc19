"""The shape of a game record (docs/records.md) as a pydantic model, and its JSON Schema.

The model checks fields and types only. Whether the record obeys the rules
(whose turn, which cards, the chance outcomes each deal needs, ``over`` and the
result) is checked by replaying it: :func:`whistdrive.records.replay`.
The game name is checked against the games this program knows when a record is
read, so the schema stays the same when a game is added.

``python -m whistdrive.record_schema > docs/record.schema.json`` writes the
published schema (a test checks that the committed file is up to date).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, field_validator
from pydantic_core import ErrorDetails

from .errors import RecordError

FORMAT = "whistdrive-record"
VERSION = 1

Seat = Annotated[StrictInt, Field(ge=0, description="a seat number, 0 = first seat, clockwise")]
CardText = Annotated[StrictStr, Field(min_length=2, max_length=3, description='a card, rank then suit, e.g. "TH"')]
OptionValue = StrictBool | StrictInt | StrictStr  # never null: a record stores every option resolved


def known_game(name: str) -> str:
    """``name`` if it is one of the games, else a clear error (for pydantic validators of records and requests)."""
    from .games import GAMES  # looked up now: games can be added

    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(GAMES)})")
    return name


class _Strict(BaseModel):
    """No type coercion ("1" is not 1, true is not 1) and no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class SeatEntry(_Strict):
    seat: Seat
    name: StrictStr = Field(description="the seat's name in the game (A, B; N, E, S, W; P1..Pn)")
    player: StrictStr = Field(description='who played it: "human", "bot:LEVEL" or free text')


class DealerOutcome(_Strict):
    """The first dealer, chosen by lot; always the first outcome."""

    type: Literal["dealer"]
    seat: Seat


class DeckOutcome(_Strict):
    """The deck order of one deal, top card first."""

    type: Literal["deck"]
    cards: list[CardText] = Field(min_length=52, max_length=52)


class DrawOutcome(_Strict):
    """One round of a Knock-out tie-break draw: ``cards[i]`` is drawn by ``seats[i]``."""

    type: Literal["draw"]
    seats: list[Seat] = Field(min_length=2)
    cards: list[CardText] = Field(min_length=2)


Outcome = Annotated[DealerOutcome | DeckOutcome | DrawOutcome, Field(discriminator="type")]


class ActionEntry(_Strict):
    seat: Seat
    action: StrictStr = Field(max_length=8, description='a card ("QH") or, for a trump choice, a suit letter ("H")')


class Record(_Strict):
    """A whistdrive game record, format version 1 (docs/records.md)."""

    model_config = ConfigDict(title="whistdrive game record, format version 1")

    format: Literal["whistdrive-record"]
    version: Literal[1]
    game: StrictStr = Field(description='the game\'s name, e.g. "german"; a reader refuses a game it does not know')
    options: dict[str, OptionValue] = Field(description="the game's options, every one present")
    seats: list[SeatEntry] = Field(description="one entry per seat, in seat order")
    chance: list[Outcome] = Field(description="the chance outcomes, in the order the game used them")
    actions: list[ActionEntry] = Field(description="every action, in order")
    over: StrictBool = Field(description="whether the match is finished after the last action")
    result: dict[str, Any] | None = Field(description="the match result when over, else null")
    # pydantic validates no default: a record without a seed reads as None, while a null seed is refused (the
    # schema says an int), which no annotation of the field can say to mypy
    seed: StrictInt = Field(None, description="the generator's seed; optional (left out, never null), never "  # type: ignore[assignment]
                                              "needed to replay")
    undo_used: StrictBool = Field(False, description="a person took moves back at the table (the unseen cards "
                                                     "were dealt again, so the record is still a legal game); "
                                                     "optional, false when absent")

    @field_validator("game")
    @classmethod
    def _known_game(cls, name: str) -> str:
        return known_game(name)


def check(record: Any) -> Record:
    """``record`` as a :class:`Record`, or :class:`RecordError` naming the first field that is wrong."""
    if not isinstance(record, dict):
        raise RecordError("record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"record field 'format': expected {FORMAT!r}, found {record.get('format')!r}")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"record field 'version': expected an int, found {version!r}")
    if version != VERSION:
        raise RecordError(f"record version {version} is not supported (this program reads version {VERSION})")
    try:
        return Record.model_validate(record)
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        loc = first["loc"]
        if len(loc) == 3 and loc[0] == "options":  # pydantic tells each type of the union: say it once
            raise RecordError(f"record field '{_where(loc[:2])}': {_option_message(first['input'])}") from None
        raise RecordError(f"record field '{_where(loc)}': {_message(first)}") from None


def _where(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _option_message(value: Any) -> str:
    if value is None:
        return "null, but a record stores each option resolved: true or false, an int or a string"
    try:
        shown = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = repr(value)
    return f"expected true or false, an int or a string, found {shown}"


def _message(error: ErrorDetails) -> str:
    if error["type"] == "extra_forbidden":
        return "unknown field"
    if error["type"] == "value_error":
        return str(error["ctx"]["error"])
    return error["msg"]


def schema() -> dict:
    """The JSON Schema (draft 2020-12) of a record."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **Record.model_json_schema()}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
