"""What a client may send, as pydantic models: the body of ``POST /api/games`` and each WebSocket message.

Parsing and validating in one step (pydantic's JSON parser) keeps hostile input
from reaching the handlers: wrong types, unknown fields and nesting deeper than
the parser's limit are all answered with a refusal naming the field, never an
exception. Per-option bounds are the game's own (its ``Options`` raise
``InvalidOptions``); here options only have to be a small object of scalars.
A new table is checked here once, all of it: the request, the game's options
(:func:`table_game`) and its seats (:func:`table_seats`).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from whistdrive import new_game
from whistdrive.games.base import Game
from whistdrive.record_schema import known_game
from whistdrive.web.invites import NAME_RULE

MAX_OPTIONS = 16  # options a new table may name
Name = Annotated[StrictStr, Field(max_length=32)]
OptionValue = StrictBool | StrictInt | Annotated[StrictStr, Field(max_length=32)] | None


class Refused(Exception):
    """A request that does not validate; ``code`` is stable (clients translate it), ``message`` names the field."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class _Strict(BaseModel):
    """No coercion ("1" is not 1, true is not 1) and no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class SeatWanted(_Strict):
    """One seat of a new table: a person (invited by a link) or a computer player of a level."""

    kind: Literal["person", "bot"]
    level: Name | None = None

    @model_validator(mode="after")
    def _level_for_bots_only(self) -> SeatWanted:
        if self.kind == "person" and self.level is not None:
            raise ValueError("a person's seat has no level")
        return self


class NewTable(_Strict):
    """The body of ``POST /api/games``: ``seats`` for a table of people, or ``levels`` (the computers)
    for a table of one person; ``grace`` seconds before a computer plays for an away person."""

    game: Name
    options: dict[Name, OptionValue] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    levels: list[Name] | None = Field(default=None, max_length=8)
    seats: list[SeatWanted] | None = Field(default=None, max_length=7)
    grace: Annotated[float, Field(ge=5, le=600, allow_inf_nan=False)] | None = None
    standin: Name | None = None

    @model_validator(mode="after")
    def _seats_or_levels(self) -> NewTable:
        if self.seats is not None and self.levels is not None:
            raise ValueError("give either seats or levels, not both")
        return self

    @field_validator("game")
    @classmethod
    def _known_game(cls, name: str) -> str:
        return known_game(name)


class JoinTable(_Strict):
    """The body of ``POST /api/join``: the invitation and the display name the person gives."""

    invite: Annotated[StrictStr, Field(max_length=64)]
    name: Annotated[StrictStr, Field(max_length=64)]


# --- WebSocket messages (docs/web.md) -------------------------------------------
class Hello(_Strict):
    type: Literal["hello"]
    token: Annotated[StrictStr, Field(max_length=64)]


class Act(_Strict):
    type: Literal["act"]
    action: Annotated[StrictStr, Field(max_length=8)]
    seq: Annotated[StrictInt, Field(ge=0)] | None = None
    seat: StrictInt | None = None  # optional; must be the connection's own seat


class Request(_Strict):
    """A message with nothing but its type (and optionally the connection's own seat)."""

    type: Literal["hint", "undo", "snapshot", "ping", "leave"]
    seat: StrictInt | None = None


Message = Annotated[Hello | Act | Request, Field(discriminator="type")]
_MESSAGE = TypeAdapter(Message)

# Which error code a failed field gets: the client shows a translated text per code.
_CODES = {"game": "bad_game", "options": "bad_options", "levels": "bad_levels", "seats": "bad_seats",
          "grace": "bad_grace", "standin": "bad_levels"}


def _refusal(e: ValidationError, default_code: str) -> Refused:
    first = e.errors(include_url=False, include_input=False)[0]
    if first["type"] == "json_invalid":
        return Refused("bad_json", f"expected a JSON object: {first['msg']}"[:200])
    loc = first["loc"]
    where = ".".join(str(p) for p in loc)
    msg = "unknown field" if first["type"] == "extra_forbidden" else first["msg"]
    if first["type"] == "value_error":
        msg = str(first["ctx"]["error"])
    if len(loc) > 2 and loc[0] == "options":  # not "options.deals.bool: …" (the last type pydantic tried)
        where = f"options.{loc[1]}"
        msg = "an option's value is true or false, a whole number or a name of at most 32 characters"
    code = _CODES.get(str(loc[0]), default_code) if loc else default_code
    return Refused(code, (f"{where}: {msg}" if where else msg)[:200])


def new_table(body: bytes) -> NewTable:
    """The validated body of a table request, or :class:`Refused`."""
    try:
        return NewTable.model_validate_json(body)
    except ValidationError as e:
        raise _refusal(e, "bad_request") from None


def join_request(body: bytes) -> JoinTable:
    """The validated body of a request to take an invited seat, or :class:`Refused`."""
    try:
        return JoinTable.model_validate_json(body)
    except ValidationError as e:
        if e.errors(include_url=False, include_input=False)[0]["loc"] == ("name",):  # one answer however long
            raise Refused("bad_name", NAME_RULE) from None
        raise _refusal(e, "bad_request") from None


def message(text: str) -> Hello | Act | Request:
    """One validated WebSocket message, or :class:`Refused` (``bad_json`` or ``bad_message``)."""
    try:
        return _MESSAGE.validate_json(text)
    except ValidationError as e:
        raise _refusal(e, "bad_message") from None


def table_game(wanted: NewTable) -> Game:
    """The new table's game, dealt from a fresh secret seed; :class:`Refused` for options the game refuses."""
    try:
        return new_game(wanted.game, wanted.options, seed=secrets.randbits(62))
    except (ValueError, TypeError) as e:
        raise Refused("bad_options", str(e)[:200]) from None


def table_seats(wanted: NewTable, game: Game, known: list[str]) -> list[dict]:
    """Every seat of the new table as the store keeps it (``{"kind": "human"}`` or a bot's level),
    the creator at the game's own seat; :class:`Refused` for seats that do not fit the game."""
    if wanted.standin is not None and wanted.standin not in known:
        raise Refused("bad_levels", f"the stand-in level is one of {known}")
    human = type(game).info.human_seat
    if wanted.seats is None:
        bots = [s for s in range(game.num_seats) if s != human]
        if wanted.levels is None or len(wanted.levels) != len(bots):
            raise Refused("bad_levels", f"expected {len(bots)} levels out of {known}")
        levels = dict(zip(bots, wanted.levels))
        seats = [SeatWanted(kind="person") if s == human else SeatWanted(kind="bot", level=levels[s])
                 for s in range(game.num_seats)]
    else:
        seats = wanted.seats
    if len(seats) != game.num_seats or seats[human].kind != "person":
        raise Refused("bad_seats", f"expected {game.num_seats} seats, seat {human} being yours")
    if any(x.kind == "bot" and x.level not in known for x in seats):
        raise Refused("bad_levels", f"a seat is a person or a computer of level {known}")
    return [{"kind": "human"} if x.kind == "person" else {"kind": "bot", "level": x.level} for x in seats]
