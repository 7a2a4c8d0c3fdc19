"""What each game declares about itself, in one place (like OpenSpiel's ``GameType``/``GameInfo``).

Every layer above the rules — the command line, the lobby, ``/api/meta``, the
web's limit checks, record validation, the arena and the RL adapters — reads
a game's :class:`GameInfo` and its options' :class:`Param` specifications
instead of restating them. An option is declared once, as a field of the
game's options dataclass made with :func:`option`::

    deals: int = option(1, bounds=(1, 100), label=Text("Deals"), help=...)

and from then on it has a CLI flag, a lobby field, an ``/api/meta`` entry and
the same bounds everywhere. Its texts are English; their translations are in
the one catalogue of every text a person reads (:mod:`whistdrive.i18n`), where
``make i18n`` finds each ``Text("…")`` (babel.cfg).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidOptions
from ..i18n import LANGS, translations


@dataclass(frozen=True)
class Text:
    """A text a person reads: its English words, translated by the catalogue (``locale/``).

    >>> Text("Players").get("ru")
    'Игроки'
    """

    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English for a language without a catalogue)."""
        return translations(lang).gettext(self.en) if lang in LANGS else self.en

    @property
    def ru(self) -> str:
        return self.get("ru")

    def as_dict(self) -> dict[str, str]:
        return {lang: self.get(lang) for lang in LANGS}


@dataclass(frozen=True)
class Choice:
    value: str
    label: Text


@dataclass(frozen=True)
class Param:
    """One option: its type, allowed values, default, texts and rules anchor.

    ``default`` None with ``from_preset`` means "the chosen preset's value".
    """

    name: str
    kind: str  # "bool" | "int" | "choice"
    default: Any
    label: Text
    help: Text
    choices: tuple[Choice, ...] = ()
    bounds: tuple[int, int] | None = None
    from_preset: bool = False

    @property
    def anchor(self) -> str:
        """The section of the rules pages that explains the option."""
        return f"opt-{self.name}"

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any) -> None:
        """Refuse a value of the wrong type or out of bounds with :class:`InvalidOptions`."""
        if self.kind == "bool":
            ok, expected = isinstance(value, bool), "true or false"
        elif self.kind == "int":
            lo, hi = self.bounds or (None, None)
            ok = isinstance(value, int) and not isinstance(value, bool)
            expected = "an integer" if lo is None else f"{lo}..{hi}"
            ok = ok and (lo is None or lo <= value <= hi)
        else:
            values = [c.value for c in self.choices]
            ok, expected = isinstance(value, str) and value in values, " or ".join(repr(v) for v in values)
        if not ok:
            raise InvalidOptions(f"option {self.name}={value!r}: expected {expected}")

    def to_json(self) -> dict:
        """The form of the option in ``/api/meta`` (the lobby builds its form from it)."""
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default,
                               "label": self.label.as_dict(), "help": self.help.as_dict(), "anchor": self.anchor}
        if self.choices:
            out["choices"] = [{"value": c.value, "label": c.label.as_dict()} for c in self.choices]
        if self.bounds:
            out["min"], out["max"] = self.bounds
        if self.from_preset:
            out["from_preset"] = True
        return out


def option(default: Any, *, label: Text, help: Text, choices: tuple[tuple[str, Text], ...] = (),
           bounds: tuple[int, int] | None = None, kind: str | None = None, from_preset: bool = False) -> Any:
    """A field of an options dataclass together with its specification."""
    if kind is None:
        kind = "choice" if choices else "int" if bounds else "bool"
    spec = {"kind": kind, "default": default, "label": label, "help": help, "bounds": bounds,
            "choices": tuple(Choice(v, t) for v, t in choices), "from_preset": from_preset}
    return field(default=default, metadata={"param": spec})


def params_of(options_cls: type) -> tuple[Param, ...]:
    """The specifications of an options dataclass's fields, in declaration order."""
    return tuple(Param(name=f.name, **f.metadata["param"]) for f in dataclasses.fields(options_cls)
                 if "param" in f.metadata)


@dataclass(frozen=True)
class GameInfo:
    """A game's identity: names, seats and where a person sits against the computer."""

    name: str
    title: Text
    blurb: Text
    min_seats: int
    max_seats: int
    human_seat: int
    seats_option: str | None = None  # the option that sets the number of seats, if any
    partnerships: bool = False  # seats s and s+2 play together (whist)
    stock: bool = False  # a stock pays each trick's winner a prize, then a stage 2 without it (German Whist)
    score_unit: str = "points"  # what Game.scores() counts
    arena_options: dict[str, Any] = field(default_factory=dict)  # what one duplicate "deal" of the arena plays

    def side(self, seat: int) -> int:
        """The side a seat plays for: its partnership in whist, itself elsewhere."""
        return seat % 2 if self.partnerships else seat

    def partners(self, seat: int, seats: Iterable[int]) -> set[int]:
        """The seats among ``seats`` that play on ``seat``'s side, ``seat`` included."""
        return {s for s in seats if self.side(s) == self.side(seat)}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, the same shape for every game.

    ``winners``: the winning seats (both partners in whist; empty for a draw).
    ``returns``: per seat, +1 for a win, -1 for a loss, 0 for a draw, the
    losers of a game of more than two sides sharing -1 (so returns sum to 0).
    ``reason``: why it ended (``points``, ``rubber``, ``game``, ``deal``,
    ``last_player``, ``draw``).
    """

    winners: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str

    @classmethod
    def of(cls, sides: list[int], winning_side: int | None, reason: str) -> Outcome:
        """The outcome where the seats of ``winning_side`` win (None: a draw)."""
        if winning_side is None:
            return cls((), tuple(0.0 for _ in sides), "draw")
        winners = tuple(s for s, side in enumerate(sides) if side == winning_side)
        loss = -len(winners) / (len(sides) - len(winners))  # the losers share the winners' gain
        returns = tuple(1.0 if side == winning_side else loss for side in sides)
        return cls(winners, returns, reason)

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "returns": list(self.returns), "reason": self.reason}
