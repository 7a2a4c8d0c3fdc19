"""What every game shares: chance, actions, turn and the public API.

The API follows OpenSpiel's vocabulary (current player, legal actions, apply,
chance outcomes, observation per player) with python-chess's small value types.
"""

from __future__ import annotations

import copy
import enum
import random
import secrets
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from ..cards import DECK, Card, Suit, from_mask
from ..errors import IllegalMove, InvalidOptions, ParseError, RecordError

Action = Card | Suit


class Decision(str, enum.Enum):
    """The kind of decision the seat to move must take."""

    PLAY = "play"  # play a card to the trick
    TRUMP = "trump"  # choose the trump suit (Knock-out Whist, deals 2+)


def action_str(action: Action) -> str:
    return str(action)


def parse_action(action: Action | str | int, decision: Decision | None) -> Action:
    """Accept a Card/Suit or its text (``"QH"``, ``"Д♥"``, ``"H"``, ``"♥"``)."""
    if decision is Decision.TRUMP:
        if isinstance(action, Suit):
            return action
        if isinstance(action, str):
            return Suit.parse(action)
        raise IllegalMove(f"expected a trump suit, got {action!r}")
    if isinstance(action, Card):
        return action
    if isinstance(action, str):
        return Card.parse(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return Card.from_index(action)
    raise IllegalMove(f"expected a card, got {action!r}")


class Chance:
    """The source of every chance outcome of a game, and their log.

    Outcomes are drawn from a seeded generator, or replayed from a list (a
    record or explicit deck orders); either way each one lands in ``log``, so a
    record never depends on the generator's algorithm.
    Kinds: ``dealer`` (first dealer by lot), ``deck`` (a deck order, top first),
    ``draw`` (Knock-out tie-break: one card per tied seat).
    """

    def __init__(self, seed: int | None = None, outcomes: list[dict] | None = None):
        self.seed = seed if seed is not None else secrets.randbits(63)
        # One stream per kind of outcome: deal k's deck is the same whatever draws came before,
        # so duplicate tables (same seed, seats rotated) keep sharing their cards.
        self._rngs = {kind: random.Random(f"{self.seed}/{kind}") for kind in ("dealer", "deck", "draw")}
        self._queue = [dict(o) for o in outcomes or []]
        self.replay_only = outcomes is not None and seed is None
        self.log: list[dict] = []

    def _next(self, kind: str, make) -> dict:
        if self._queue:
            outcome = self._queue.pop(0)
            if outcome.get("type") != kind:
                raise RecordError(f"chance outcome {len(self.log)}: expected {kind!r}, found {outcome.get('type')!r}")
        elif self.replay_only:
            raise RecordError(f"chance outcome {len(self.log)}: the record has no {kind!r} outcome left")
        else:
            outcome = make()
        self.log.append(outcome)
        return outcome

    def dealer(self, seats: list[int]) -> int:
        o = self._next("dealer", lambda: {"type": "dealer", "seat": self._rngs["dealer"].choice(seats)})
        if o.get("seat") not in seats:
            raise RecordError(f"chance outcome {len(self.log) - 1}: dealer must be one of {seats}")
        return o["seat"]

    def deck(self) -> list[int]:
        def shuffle():
            order = list(range(52))
            self._rngs["deck"].shuffle(order)
            return {"type": "deck", "cards": [str(DECK[i]) for i in order]}

        o = self._next("deck", shuffle)
        cards = _cards(o.get("cards"), len(self.log) - 1)
        if sorted(cards) != list(range(52)):
            raise RecordError(f"chance outcome {len(self.log) - 1}: a deck must hold each of the 52 cards once")
        return cards

    def draw(self, seats: list[int]) -> dict[int, int]:
        def shuffle():
            order = list(range(52))
            self._rngs["draw"].shuffle(order)
            return {"type": "draw", "seats": list(seats), "cards": [str(DECK[i]) for i in order[: len(seats)]]}

        o = self._next("draw", shuffle)
        cards = _cards(o.get("cards"), len(self.log) - 1)
        if o.get("seats") != list(seats) or len(cards) != len(seats) or len(set(cards)) != len(cards):
            raise RecordError(f"chance outcome {len(self.log) - 1}: a draw gives one distinct card to each of {seats}")
        return dict(zip(seats, cards))

    def clone(self) -> Chance:
        return copy.deepcopy(self)


def _cards(tokens: Any, where: int) -> list[int]:
    if not isinstance(tokens, list):
        raise RecordError(f"chance outcome {where}: 'cards' must be a list of cards")
    try:
        return [Card.parse(t).index for t in tokens]
    except ParseError as e:
        raise RecordError(f"chance outcome {where}: {e}") from None


@dataclass(frozen=True)
class Options:
    """Base for each game's options: validated on creation, plain JSON in records."""

    def __deepcopy__(self, memo) -> Options:
        return self  # frozen: a copied game may share them

    def to_dict(self) -> dict:
        """The options as plain JSON (every observation carries them: built once, copied after)."""
        built = self.__dict__.get("_as_dict")
        if built is None:
            built = asdict(self)
            object.__setattr__(self, "_as_dict", built)
        return dict(built)

    @classmethod
    def from_dict(cls, data: dict | None):
        data = dict(data or {})
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise InvalidOptions(f"unknown option(s) {sorted(unknown)}: expected some of {sorted(names)}")
        return cls(**data)

    def _check(self, name: str, allowed) -> None:
        value = getattr(self, name)
        if isinstance(allowed, type):
            ok = isinstance(value, allowed) and not (allowed is int and isinstance(value, bool))
            expected = allowed.__name__
        else:
            ok = value in allowed and type(value) in {type(a) for a in allowed}
            expected = " or ".join(repr(a) for a in allowed)
        if not ok:
            raise InvalidOptions(f"option {name}={value!r}: expected {expected}")


class Game:
    """A whole match of one game: deals, turns, scoring and observations.

    Subclasses implement ``_legal``, ``_apply``, ``_observe`` and the result;
    this class keeps the history and guarantees that a refused action leaves
    the state unchanged (every check happens before any change).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[Options]]

    def __init__(
        self, options: Options | dict | None = None, *, seed: int | None = None, chance: list[dict] | None = None
    ):
        if isinstance(options, dict) or options is None:
            options = self.Options.from_dict(options)
        elif not isinstance(options, self.Options):
            raise InvalidOptions(f"options for {self.name} must be {self.Options.__name__} or a dict")
        self.options = options
        self.chance = Chance(seed, chance)
        self.actions: list[tuple[int, Action]] = []
        self._start()

    # --- to implement -------------------------------------------------
    seat_names: tuple[str, ...]

    def _start(self) -> None:
        raise NotImplementedError

    @property
    def current_seat(self) -> int | None:
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def observation(self, seat: int) -> dict:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (full state: not for other seats' eyes)."""
        raise NotImplementedError

    # --- shared API ----------------------------------------------------
    @property
    def num_seats(self) -> int:
        return len(self.seat_names)

    @property
    def is_over(self) -> bool:
        return self.current_seat is None

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self._legal()

    def is_legal(self, action: Action | str) -> bool:
        try:
            return parse_action(action, self.decision) in self.legal_actions()
        except (ParseError, IllegalMove):
            return False

    def apply(self, action: Action | str | int, seat: int | None = None) -> None:
        """Apply the current seat's action; an illegal one raises :class:`IllegalMove`."""
        if self.is_over:
            raise IllegalMove("the game is over: no more actions")
        if seat is not None and seat != self.current_seat:
            raise IllegalMove(f"it is not seat {seat}'s turn: {self.seat_names[self.current_seat]} is to act")
        try:
            parsed = parse_action(action, self.decision)
        except ParseError as e:
            raise IllegalMove(str(e)) from None
        legal = self._legal()
        if parsed not in legal:
            raise IllegalMove(self._why_illegal(parsed, legal))
        mover = self.current_seat
        self._apply(parsed)
        self.actions.append((mover, parsed))

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        who = self.seat_names[self.current_seat]
        if self.decision is Decision.TRUMP:
            return f"{who} must choose a trump suit (S, H, D or C), not {action}"
        if action not in self.hand(self.current_seat):
            return f"{who} does not hold {action}"
        return f"{who} must follow suit: {action} is not allowed; legal cards are {' '.join(map(str, legal))}"

    def clone(self):
        return copy.deepcopy(self)

    def _base_observation(self, seat: int) -> dict:
        if not isinstance(seat, int) or not 0 <= seat < self.num_seats:
            raise ValueError(f"seat must be 0..{self.num_seats - 1}")
        mine = self.current_seat == seat
        return {
            "game": self.name,
            "options": self.options.to_dict(),
            "seat": seat,
            "seat_names": list(self.seat_names),
            "current_seat": self.current_seat,
            "decision": self.decision.value if self.decision else None,
            "legal": [str(a) for a in self.legal_actions()] if mine else [],
            "hand": [str(c) for c in sorted(self.hand(seat))],
            "over": self.is_over,
        }


def cards_str(mask: int) -> list[str]:
    return [str(c) for c in from_mask(mask)]
