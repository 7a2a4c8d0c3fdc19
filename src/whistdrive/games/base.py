"""What every game shares: chance, actions, turn and the public API.

The API follows OpenSpiel's vocabulary (current player, legal actions, apply,
chance outcomes, observation per player) with python-chess's small value types.
"""

from __future__ import annotations

import copy
import enum
import operator
import random
import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, Self

from ..cards import DECK, Card, Suit
from ..errors import IllegalMove, InvalidOptions, ParseError, RecordError, UsageError
from .observation import Observation
from .spec import GameInfo, Outcome, Param, params_of
from .trick import SolverPosition, TrickPlay


class Decision(str, enum.Enum):
    """The kind of decision the seat to move must take."""

    PLAY = "play"  # play a card to the trick
    TRUMP = "trump"  # choose the trump suit (Knock-out Whist, deals 2+)
    EXCHANGE = "exchange"  # keep the dealt hand or take a widow (Humbug Whist)


class Exchange(str, enum.Enum):
    """Humbug Whist's exchange: keep the dealt hand, or lay it aside and take the left or right widow."""

    KEEP = "keep"
    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Exchange:
        """Read ``keep``/``left``/``right`` or ``оставить``/``левый``/``правый``, in any case, nothing else
        (docs/records.md); a program that lets a person type other words reads them itself."""
        choice = _EXCHANGE_NAMES.get(text.lower()) if isinstance(text, str) and _plain_letters(text) else None
        if choice is None:
            raise ParseError(f"unknown exchange {text!r}: expected keep, left or right (оставить, левый, правый)")
        return choice


_EXCHANGE_NAMES = {
    name: choice
    for choice, names in ((Exchange.KEEP, ("keep", "оставить")), (Exchange.LEFT, ("left", "левый")),
                          (Exchange.RIGHT, ("right", "правый")))
    for name in names
}


def _plain_letters(text: str) -> bool:
    """Only Latin and Cyrillic letters, so ``lower`` cannot turn another character (the Kelvin sign) into one."""
    return all("a" <= ch <= "z" or "A" <= ch <= "Z" or "\u0400" <= ch <= "\u04ff" for ch in text)


Action = Card | Suit | Exchange


def parse_action(action: Action | str | int, decision: Decision | None) -> Action:
    """Accept the decision's own kind of action, or its text: a card (``"QH"``, ``"Д♥"``, or its
    index 0..51) when playing, a suit (``"H"``, ``"♥"``) when choosing trump, ``keep``/``left``/``right``
    in an exchange.

    ``Suit`` is an int, so a suit given where a card is due would otherwise read as
    the card of that index; it is refused, as is a card given as a trump choice.
    """
    if decision is Decision.EXCHANGE:
        if isinstance(action, Exchange):
            return action
        if isinstance(action, str):
            return Exchange.parse(action)
        raise IllegalMove(f"expected keep, left or right, got {action!r}")
    if decision is Decision.TRUMP:
        if isinstance(action, Suit):
            return action
        if isinstance(action, str):
            return Suit.parse(action)
        raise IllegalMove(f"expected a trump suit (S, H, D or C), got {action!r}")
    if isinstance(action, Card):
        return action
    if isinstance(action, str) and not isinstance(action, Exchange):
        return Card.parse(action)
    if type(action) is int:  # not bool, Suit or Rank: ints of another meaning
        return Card.from_index(action)
    if isinstance(action, Suit):
        raise IllegalMove(f"expected a card, got the suit {action.name.lower()}: a suit is an action only "
                          "when choosing trump")
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
        if seed is not None:  # True or 1.5 would deal apart from 1; numpy's integers are whole numbers
            if isinstance(seed, bool) or not hasattr(type(seed), "__index__"):
                raise InvalidOptions(f"seed must be a whole number, got {seed!r}")
            seed = operator.index(seed)
        if outcomes is not None and not (isinstance(outcomes, (list, tuple)) and all(isinstance(o, dict) for o in outcomes)):
            raise RecordError("chance must be a list of outcomes, each an object such as {'type': 'dealer', 'seat': 0}")
        self.seed = seed if seed is not None else secrets.randbits(63)
        # One stream per kind of outcome: deal k's deck is the same whatever draws came before,
        # so duplicate tables (same seed, seats rotated) keep sharing their cards.
        self._rngs = {kind: random.Random(f"{self.seed}/{kind}") for kind in ("dealer", "deck", "draw")}
        self._queue = [dict(o) for o in outcomes or []]
        self.replay_only = outcomes is not None and seed is None
        self.log: list[dict] = []

    def mark(self) -> tuple:
        """Where the outcomes stand, for :meth:`rewind`."""
        return len(self.log), list(self._queue), {k: r.getstate() for k, r in self._rngs.items()}

    def rewind(self, mark: tuple) -> None:
        """Forget the outcomes drawn since ``mark``."""
        drawn, queue, states = mark
        del self.log[drawn:]
        self._queue = queue
        for k, state in states.items():
            self._rngs[k].setstate(state)

    @property
    def scripted(self) -> bool:
        """Whether an outcome still to come is read from the list (which may lack it or be wrong)."""
        return bool(self._queue) or self.replay_only

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
        if type(o.get("seat")) is not int or o["seat"] not in seats:  # True equals 1 but is no seat
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
        where = f"chance outcome {len(self.log) - 1}"
        cards, listed = _cards(o.get("cards"), len(self.log) - 1), o.get("seats")
        # The tied seats in any order: each card goes with the seat at its place in the list.
        if not isinstance(listed, list) or any(type(s) is not int for s in listed) or sorted(listed) != sorted(seats):
            raise RecordError(f"{where}: the draw's 'seats' must list each tied seat {sorted(seats)} once (in any "
                              f"order), found {listed!r}")
        if len(cards) != len(listed):
            raise RecordError(f"{where}: the draw gives one card to each of its {len(listed)} seats, "
                              f"found {len(cards)} cards")
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise RecordError(f"{where}: the draw's cards come from one pack, so they are distinct: "
                              f"{DECK[twice]} is drawn twice")
        return dict(zip(listed, cards))

    def clone(self) -> Chance:
        return copy.deepcopy(self)


_INDEX = {str(c): c.index for c in DECK}  # cards as chance outcomes write them: read at every deal


def _cards(tokens: Any, where: int) -> list[int]:
    if not isinstance(tokens, list):
        raise RecordError(f"chance outcome {where}: 'cards' must be a list of cards")
    try:
        return [_INDEX[t] if type(t) is str and t in _INDEX else Card.parse(t).index for t in tokens]
    except ParseError as e:
        raise RecordError(f"chance outcome {where}: {e}") from None


@dataclass(frozen=True)
class Options:
    """Base for each game's options: validated on creation, plain JSON in records.

    Each field is declared with :func:`~whistdrive.games.spec.option`, which
    carries its specification; this class checks every field against it and
    fills the fields left to a preset.
    """

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}

    def __post_init__(self):
        for p in self.params():
            value = getattr(self, p.name)
            if value is None and p.from_preset:
                value = self.PRESETS[getattr(self, "preset")][p.name]  # noqa: B009 (declared by games with presets)
                object.__setattr__(self, p.name, value)
            p.check(value)

    @classmethod
    def params(cls) -> tuple[Param, ...]:
        return params_of(cls)

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
    def from_dict(cls, data: dict | None) -> Self:
        if data is not None and not isinstance(data, dict):
            raise InvalidOptions(f"options must be an object of option names and values, not {type(data).__name__}")
        data = dict(data or {})
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise InvalidOptions(f"unknown option(s) {sorted(unknown, key=str)}: expected some of {sorted(names)}")
        return cls(**data)


GameOptions = Options  # inside Game, ``Options`` names each game's own options class


class Game:
    """A whole match of one game: deals, turns, scoring and observations.

    Subclasses implement ``_legal``, ``_apply``, ``_observe`` and the result;
    this class keeps the history and guarantees that a refused action leaves
    the state unchanged (every check happens before any change).
    """

    info: ClassVar[GameInfo]
    Options: ClassVar[type[Options]]
    name: ClassVar[str]  # from ``info``
    title: ClassVar[str]
    # every game has a dealer, deals that end with a result, and the tricks of the deal in play (set by _start)
    dealer: int
    deal_results: list[dict]
    play: TrickPlay

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.name, cls.title = cls.info.name, cls.info.title.en

    def __init__(
        self, options: GameOptions | dict | None = None, *, seed: int | None = None, chance: list[dict] | None = None
    ):
        if isinstance(options, dict) or options is None:
            options = self.Options.from_dict(options)
        if not isinstance(options, self.Options):
            raise InvalidOptions(f"options for {self.name} must be {self.Options.__name__} or a dict")
        self.options: GameOptions = options
        self.chance = Chance(seed, chance)
        self.actions: list[tuple[int, Action]] = []
        self._start()

    # --- to implement -------------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names in clockwise order (a class attribute where the number of seats is fixed)."""
        raise NotImplementedError

    def _start(self) -> None:
        raise NotImplementedError

    @property
    def current_seat(self) -> int | None:
        raise NotImplementedError

    @property
    def deal_number(self) -> int:
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        raise NotImplementedError

    def _legal(self) -> Sequence[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def observation(self, seat: int) -> Observation:
        raise NotImplementedError

    def result(self) -> dict:
        """The game's own account of how it ended (scores, deals); see :meth:`outcome` for the common shape."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """Winners, per-seat returns and the reason, once the game is over (None before)."""
        if not self.is_over:
            return None
        side, reason = self._winning_side()
        return Outcome.of([self.info.side(s) for s in range(self.num_seats)], side, reason)

    def scores(self) -> list[float]:
        """Each seat's score so far, in ``info.score_unit`` (the arena compares bots by it)."""
        raise NotImplementedError

    def _winning_side(self) -> tuple[int | None, str]:
        """The side that won (None: a draw) and why."""
        raise NotImplementedError

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (full state: not for other seats' eyes)."""
        raise NotImplementedError

    PRIVATE_KEYS: ClassVar[tuple[str, ...]] = ("hand", "legal")
    """The keys of a seat's observation that hold what that seat alone knows: :meth:`public_view`
    empties them. A game whose observation tells a seat more of its own names those keys too
    (tests/test_public_view.py checks, for every game of ``GAMES``, that no hidden card is left)."""

    def public_view(self, seat: int) -> dict[str, Any]:
        """What a spectator may see, from ``seat``'s side of the table: ``seat``'s observation without
        what it alone knows (:data:`PRIVATE_KEYS` emptied), marked ``spectator``."""
        view: dict[str, Any] = dict(self.observation(seat))
        for key in self.PRIVATE_KEYS:
            if key in view:
                view[key] = {} if isinstance(view[key], dict) else []
        view["spectator"] = True
        return view

    def solver_position(self) -> SolverPosition | None:
        """The seat to move's card play as a fully known position for the solver (double dummy: the
        game holds every card), or None where the solver has no exact answer (a trump choice, an
        exchange, a stock still face down)."""
        return None

    def max_decisions(self) -> int:
        """The most decisions a game with these options can take (OpenSpiel's ``max_game_length``)."""
        raise NotImplementedError

    @classmethod
    def openspiel_parameters(cls) -> dict[str, Any]:
        """The options as OpenSpiel parameters, with their defaults: every option whose default does
        not come from a preset."""
        return {p.name: p.default for p in cls.Options.params() if not p.from_preset}

    def deck_cards_used(self) -> int:
        """How many cards of the next deck (top first) the next deal takes: dealt, and a card turned up."""
        return 52

    def redeal_hidden(self, seat: int, hands: dict[int, int], rest: list[int], rng: random.Random) -> None:
        """Put sampled cards in every place ``seat`` cannot see, so that nothing of the true deal stays:
        ``hands`` the other seats' hands (masks, as :func:`whistdrive.bots.sampling.sample_hands` deals
        them, consistent with ``seat``'s observation) and ``rest`` the unseen cards left over."""
        raise NotImplementedError(f"no redeal of the hidden cards for {self.name} yet")

    # --- shared API ----------------------------------------------------
    @property
    def num_seats(self) -> int:
        return len(self.seat_names)

    @property
    def is_over(self) -> bool:
        return self.current_seat is None

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else list(self._legal())

    def is_legal(self, action: Action | str) -> bool:
        try:
            return parse_action(action, self.decision) in self.legal_actions()
        except (ParseError, IllegalMove):
            return False

    def apply(self, action: Action | str | int, seat: int | None = None) -> None:
        """Apply the current seat's action; an illegal one raises :class:`IllegalMove`."""
        mover = self.current_seat
        if mover is None:
            raise IllegalMove("the game is over: no more actions")
        if seat is not None:
            try:
                self.check_seat(seat)
            except UsageError as e:
                raise IllegalMove(str(e)) from None
        if seat is not None and seat != mover:
            raise IllegalMove(f"it is not seat {seat}'s turn: {self.seat_names[mover]} is to act")
        try:
            parsed = parse_action(action, self.decision)
        except ParseError as e:
            raise IllegalMove(str(e)) from None
        legal = self._legal()
        if parsed not in legal:
            raise IllegalMove(self._why_illegal(mover, parsed, legal))
        self._commit(mover, parsed)

    def _commit(self, mover: int, action: Action) -> None:
        """Apply ``mover``'s action, already checked legal, and log it; a refusal changes nothing."""
        if self.chance.scripted and isinstance(action, Card) and self._ends_deal(mover):
            # The next deal's outcomes come from a list that may lack them or hold a bad one: only
            # drawing them tells, so the game is kept to be put back as it was (the actions, which
            # only grow, and the chance, which rewinds, are not copied).
            kept = copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in ("actions", "chance")})
            mark = self.chance.mark()
            try:
                self._apply(action)
            except RecordError:
                self.__dict__.update(kept)
                self.chance.rewind(mark)
                raise
        else:
            self._apply(action)
        self.actions.append((mover, action))

    def _ends_deal(self, mover: int) -> bool:
        """Whether ``mover``'s card is the deal's last (the only moment chance is drawn)."""
        return len(self.hand(mover)) == 1 and sum(len(self.hand(s)) for s in range(self.num_seats)) == 1

    def _why_illegal(self, mover: int, action: Action, legal: Sequence[Action]) -> str:
        who = self.seat_names[mover]
        if self.decision is Decision.TRUMP:
            return f"{who} must choose a trump suit (S, H, D or C), not {action}"
        if action not in self.hand(mover):
            return f"{who} does not hold {action}"
        return f"{who} must follow suit: {action} is not allowed; legal cards are {' '.join(map(str, legal))}"

    def clone(self):
        return copy.deepcopy(self)

    def check_seat(self, seat: int) -> int:
        """``seat`` itself if it is one of this game's seats, else :class:`UsageError`; ``True`` and ``1.0``
        equal 1 but are refused."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise UsageError(f"seat must be an int 0..{self.num_seats - 1}, got {seat!r} ({type(seat).__name__})")
        if not 0 <= seat < self.num_seats:
            raise UsageError(f"seat must be an int 0..{self.num_seats - 1}, got {seat}")
        return seat

    def _base_observation(self, seat: int) -> Observation:
        self.check_seat(seat)
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
