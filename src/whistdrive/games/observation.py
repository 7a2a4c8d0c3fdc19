"""The shape of a seat's observation: what one seat may know, as a JSON-ready dict.

Each game's ``observation(seat)`` returns one of these; the keys are the
contract with the bots, the web table and the RL adapters, and mypy holds
the games to it. Cards and suits are their English text (``"QH"``, ``"H"``);
seats are ints, except in JSON-object keys (``"2"``), which must be strings.
"""

# No "from __future__ import annotations": NotRequired must be seen at run time (__optional_keys__).
from typing import Any, NotRequired, TypedDict


class PlayView(TypedDict):
    """One card of a trick and who played it."""

    seat: int
    card: str


class TrickView(TypedDict):
    """A finished trick: who led, the cards in order, who won it."""

    leader: int
    cards: list[PlayView]
    winner: int


class Observation(TypedDict):
    """What every game tells a seat."""

    game: str
    options: dict[str, Any]
    seat: int
    seat_names: list[str]
    current_seat: int | None
    decision: str | None  # "play", "trump", "exchange", or None when the game is over
    legal: list[str]  # empty unless it is this seat's turn
    hand: list[str]
    over: bool


class GermanTricksWon(TypedDict):
    stage1: list[int]
    stage2: list[int]


class GermanObservation(Observation):
    """German Whist: the stock's face-up prize and size, what this seat drew, what it knows of the other hand."""

    deal_number: int
    dealer: int
    stage: int
    trump: str
    trump_card: str
    low_game: bool
    prize: str | None
    stock_size: int
    leader: int
    trick: list[PlayView]
    tricks: list[TrickView]
    tricks_won: GermanTricksWon
    prizes_taken: list[list[str]]
    my_draws: list[str]
    opponent_hand_size: int
    opponent_known: list[str]
    points: list[int]
    deals_won: list[int]
    deal_results: list[dict[str, Any]]
    result: NotRequired[dict[str, Any]]  # once the game is over


class WhistScoreSheet(TypedDict):
    sides: list[str]
    game_points: list[int]
    games: list[dict[str, Any]]
    games_won: list[int]
    rubber_points: list[int]
    rubber: dict[str, int] | None  # the rubber's winner side and net points, once it is over
    lines: list[dict[str, Any]]


class WhistObservation(Observation):
    """Whist: the turned-up trump while the dealer holds it, trick counts by side, the score sheet."""

    deal_number: int
    dealer: int
    trump: str
    turned_up: str | None
    known_cards: dict[str, list[str]]  # seat -> cards everybody knows it holds
    hand_sizes: list[int]
    leader: int
    trick: list[PlayView]
    tricks: list[TrickView]
    tricks_won: list[int]  # by side: N-S, E-W
    score: WhistScoreSheet
    deal_results: list[dict[str, Any]]
    result: NotRequired[dict[str, Any]]


class KnockoutObservation(Observation):
    """Knock-out Whist: who is still in, hand sizes, trump (None until the dealer chooses it)."""

    deal_number: int
    hand_size: int
    dealer: int
    trump: str | None
    trump_card: str | None
    active: list[int]
    out: dict[str, int]  # seat -> the deal it was knocked out in
    hand_sizes: dict[str, int]
    leader: int
    trick: list[PlayView]
    tricks: list[TrickView]
    tricks_won: dict[str, int]
    tie_breaks: list[dict[str, Any]]
    deal_results: list[dict[str, Any]]
    result: NotRequired[dict[str, Any]]


class ExchangeView(TypedDict):
    seat: int
    choice: str  # "keep", "left" or "right"


class HumbugObservation(Observation):
    """Humbug Whist: the turned-up card and where it is, both exchange choices, the hand this seat laid aside.

    Never a widow's cards, the other's hand or the hand the other laid aside.
    """

    deal_number: int
    dealer: int
    trump: str
    turned_up: str | None  # while it lies face up, before the dealer's first play
    trump_card: str
    trump_card_place: str  # "showing", "dealer", "played" or "out"
    known_cards: dict[str, list[str]]
    exchanges: list[ExchangeView]
    widows: dict[str, int | None]  # "left"/"right" -> the seat that took it, or None
    laid_aside: list[str]  # this seat's own laid-aside hand
    out_of_deal: list[str]  # the cards this seat knows are out of the deal
    hand_sizes: list[int]
    leader: int
    trick: list[PlayView]
    tricks: list[TrickView]
    tricks_won: list[int]  # by seat
    score: WhistScoreSheet
    deal_results: list[dict[str, Any]]
    result: NotRequired[dict[str, Any]]
