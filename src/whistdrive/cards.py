"""Cards, suits and ranks, with English and Russian notation.

A card has three equivalent forms:

* the value type :class:`Card` (``Card.parse("QH")``),
* a compact int ``0..51`` equal to ``suit * 13 + rank`` where spades = 0,
  hearts = 1, diamonds = 2, clubs = 3 and rank 0 is the two, 12 the ace,
* a bit ``1 << int`` in a 52-bit mask (a hand or any set of cards).

>>> Card.parse("10♥") == Card.parse("th") == Card.parse("Т♥".replace("Т", "10"))
True
>>> str(Card.parse("qh")), Card.parse("Д♥").russian()
('QH', 'Д♥')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from .errors import ParseError


class Suit(enum.IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit: its letter ``S H D C`` (either case) or its symbol ``♠ ♥ ♦ ♣``, nothing else.

        These are the suits of the card notation (docs/rules.md#cards), so a suit reads the same alone
        and in a card. Names ("hearts", "черви"), outline symbols (♡) and spaces around are refused: a
        program that lets a person type names reads them itself (the terminal game does).

        >>> Suit.parse("h"), Suit.parse("♥")
        (<Suit.HEARTS: 1>, <Suit.HEARTS: 1>)
        """
        suit = _SUIT_NAMES.get(text) if isinstance(text, str) else None
        if suit is None:
            raise ParseError(f"unknown suit {text!r}: expected S, H, D, C or ♠ ♥ ♦ ♣")
        return suit


# The exact texts read, both cases spelt out: ``str.lower`` would also read the Kelvin sign "K" as a king.
_SUIT_NAMES: dict[str, Suit] = {}  # the letters (either case) and the filled symbols, nothing else
for _s in range(4):
    _SUIT_NAMES["SHDC"[_s]] = _SUIT_NAMES["shdc"[_s]] = _SUIT_NAMES["♠♥♦♣"[_s]] = Suit(_s)

RANK_EN = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_RU = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т")


class Rank(enum.IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def english(self) -> str:
        """Compact English index: ``T`` for the ten, so every card is two characters."""
        return "T" if self == Rank.TEN else RANK_EN[self]

    @property
    def russian(self) -> str:
        return RANK_RU[self]

    def __str__(self) -> str:
        return self.english


_RANK_TOKENS: dict[str, Rank] = {}  # either case, spelt out (see _SUIT_NAMES)
for _r in Rank:
    for _text in (RANK_EN[_r], RANK_RU[_r], _r.english):  # english: "T" for the ten; the Russian "Т" (туз) is
        _RANK_TOKENS[_text.lower()] = _RANK_TOKENS[_text.upper()] = _r  # Cyrillic, the ace


class _CardFields(NamedTuple):
    suit: Suit
    rank: Rank


class Card(_CardFields):
    """One of the 52 cards. Orders by suit, then rank (useful for sorting a hand).

    ``Card(suit, rank)`` takes a :class:`Suit` and a :class:`Rank` (or their ints
    0..3 and 0..12); anything else raises :class:`ParseError` at once, rather
    than making a card that fails later when it is printed.
    """

    __slots__ = ()

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        checked_suit = suit if type(suit) is Suit else _member(Suit, suit, "suit", "a Suit or an int 0..3")
        checked_rank = rank if type(rank) is Rank else _member(Rank, rank, "rank", "a Rank or an int 0..12")
        return super().__new__(cls, checked_suit, checked_rank)

    @property
    def index(self) -> int:  # type: ignore[override]  # the card's number 0-51, not tuple.index
        return self.suit * 13 + self.rank

    @property
    def bit(self) -> int:
        return 1 << self.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise ParseError(f"card index {index!r} out of range: expected an int 0..51")
        return DECK[index]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read ``QH``, ``q♥``, ``10♥``, ``T♥``, ``Д♥``, ``10♠`` (any case): a rank ``A K Q J T 10 9..2``
        or ``Т К Д В 10 9..2``, then a suit ``S H D C`` or ``♠ ♥ ♦ ♣`` (only a symbol after a Russian rank).

        Anything else, spaces around the card included, raises :class:`ParseError` naming the token.
        """
        if not isinstance(token, str):
            raise ParseError(f"bad card {token!r}: expected a string such as 'QH' or 'Д♥'")
        if len(token) < 2 or len(token) > 3:
            raise ParseError(f"bad card {token!r}: expected rank then suit, e.g. 'QH', '10♥', 'Д♥'")
        rank_text, suit_text = token[:-1], token[-1]
        suit = _SUIT_NAMES.get(suit_text)  # first: in 'AH,' or '10' the last character is the fault, not the rank
        if suit is None:
            raise ParseError(f"bad card {token!r}: unknown suit {token[-1]!r} (S H D C or ♠ ♥ ♦ ♣)")
        rank = _RANK_TOKENS.get(rank_text)
        if rank is None:
            raise ParseError(f"bad card {token!r}: unknown rank {token[:-1]!r} (A K Q J T 10 9..2 or Т К Д В)")
        if _is_cyrillic(rank_text) and suit_text.isalpha():
            raise ParseError(f"bad card {token!r}: Russian ranks take a suit symbol (♠ ♥ ♦ ♣)")
        return cls(suit, rank)

    def __str__(self) -> str:
        return _TEXT[self[0]][self[1]]  # a table: observations write thousands of cards a second

    def english(self) -> str:
        """English with a suit symbol, e.g. ``10♥``."""
        return RANK_EN[self.rank] + self.suit.symbol

    def russian(self) -> str:
        """Russian, e.g. ``Д♥``, ``10♠``."""
        return RANK_RU[self.rank] + self.suit.symbol

    def ascii(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _member(enum_type, value, what: str, expected: str):
    if isinstance(value, int) and not isinstance(value, bool | enum.Enum) and 0 <= value < len(enum_type):
        return enum_type(value)
    raise ParseError(f"bad card {what} {value!r}: expected {expected}")


def _is_cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


_TEXT = tuple(tuple(r.english + s.letter for r in Rank) for s in Suit)

DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
"""The 52 cards in index order (spades 2..A, hearts, diamonds, clubs)."""

FULL_MASK = (1 << 52) - 1


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas: ``"AS KS 10♥ Д♦"``."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(t) for t in tokens]


def to_mask(cards: Iterable[Card | int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << (c.index if isinstance(c, Card) else int(c))
    return mask


def from_mask(mask: int) -> list[Card]:
    """Cards of a mask in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def format_cards(cards: Iterable[Card], lang: str = "en") -> str:
    fmt = Card.russian if lang == "ru" else Card.english
    return " ".join(fmt(c) for c in cards)
