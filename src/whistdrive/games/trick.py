"""The trick core shared by every game (docs/rules.md#trick).

Hands are 52-bit masks (see :mod:`whistdrive.cards`); a suit's cards are the
13 bits starting at ``13 * suit``.
"""

from __future__ import annotations

from dataclasses import dataclass

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def bits(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_of(card: int) -> int:
    return card // 13


def legal_mask(hand: int, led_suit: int | None, must_follow: bool = True) -> int:
    """Cards of ``hand`` that may be played to a trick led in ``led_suit``.

    The leader (``led_suit`` is None) may play anything; a follower must follow
    suit when able (unless ``must_follow`` is off, German Whist stage 1 variant).
    There is never an obligation to trump or to beat the cards on the trick.
    """
    if led_suit is None or not must_follow:
        return hand
    same = hand & SUIT_MASKS[led_suit]
    return same if same else hand


def winning_index(cards: list[int], trump: int | None) -> int:
    """Position in ``cards`` (in play order) of the card that wins the trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def winning_play(plays: list[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """The ``(seat, card)`` winning a (possibly unfinished) trick of ``(seat, card)`` plays."""
    return plays[winning_index([c for _, c in plays], trump)]


def beats(card: int, best: int, trump: int | None) -> bool:
    """Does ``card`` beat ``best``, the card currently winning the trick?"""
    if suit_of(card) == suit_of(best):
        return card > best
    return suit_of(card) == trump


class TrickPlay:
    """Hands, the current trick and the tricks played: the part every game shares.

    ``order`` is the seating (clockwise) of the seats taking part; a game with
    knocked-out players passes only the remaining seats.
    """

    __slots__ = ("hands", "trump", "order", "leader", "trick", "tricks", "won", "must_follow")

    def __init__(self, hands: dict[int, int], trump: int | None, order: list[int], leader: int):
        self.hands = dict(hands)
        self.trump = trump
        self.order = list(order)
        self.leader = leader
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[int, list[tuple[int, int]], int]] = []  # (leader, plays, winner)
        self.won = {s: 0 for s in order}
        self.must_follow = True

    def clone(self) -> TrickPlay:
        other = TrickPlay.__new__(TrickPlay)
        other.hands = dict(self.hands)
        other.trump = self.trump
        other.order = list(self.order)
        other.leader = self.leader
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = dict(self.won)
        other.must_follow = self.must_follow
        return other

    def __deepcopy__(self, memo) -> TrickPlay:
        return self.clone()  # finished tricks never change: sharing them makes game copies cheap

    @property
    def to_play(self) -> int:
        i = self.order.index(self.leader)
        return self.order[(i + len(self.trick)) % len(self.order)]

    @property
    def led_suit(self) -> int | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def legal(self) -> int:
        return legal_mask(self.hands[self.to_play], self.led_suit, self.must_follow)

    @property
    def done(self) -> bool:
        return not self.trick and all(h == 0 for h in self.hands.values())

    def played_by(self, seat: int) -> int:
        """Every card ``seat`` played in this deal (the current trick included), as a mask."""
        mask = 0
        for _, plays, _ in self.tricks:
            for s, c in plays:
                if s == seat:
                    mask |= 1 << c
        for s, c in self.trick:
            if s == seat:
                mask |= 1 << c
        return mask

    def play(self, card: int) -> int | None:
        """Play a card already checked as legal; returns the winner when the trick completes."""
        seat = self.to_play
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.order):
            return None
        winner = winning_play(self.trick, self.trump)[0]
        self.tricks.append((self.leader, self.trick, winner))
        self.won[winner] += 1
        self.trick = []
        self.leader = winner
        return winner


@dataclass(frozen=True)
class SolverPosition:
    """A position whose every card is known, as the solver takes it (:func:`whistdrive.solver.card_values`).

    The solver numbers the seats still playing ``0..n-1`` in clockwise order
    (``seats[i]`` is the game's seat of solver seat ``i``). ``sides`` puts each
    solver seat on side 0 or 1: the values of the cards of the seat to move count
    the tricks its side takes. ``unit`` says what they count, for a reader:
    ``tricks`` (a player's own), ``side tricks`` (a partnership's) or ``sure
    tricks`` (a seat's against all the others).
    """

    seats: tuple[int, ...]
    hands: tuple[int, ...]
    trump: int | None
    leader: int
    trick: tuple[tuple[int, int], ...]
    sides: tuple[int, ...]
    unit: str

    @classmethod
    def of(cls, play: TrickPlay, sides: tuple[int, ...], unit: str) -> SolverPosition:
        """The position of ``play`` with ``sides`` given per game seat of ``play.order``."""
        index = {s: i for i, s in enumerate(play.order)}
        return cls(tuple(play.order), tuple(play.hands[s] for s in play.order), play.trump, index[play.leader],
                   tuple((index[s], c) for s, c in play.trick), sides, unit)
