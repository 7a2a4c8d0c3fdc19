"""Knock-out Whist, 2-7 players, without the "dog's life" (docs/rules.md#knockout)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, Card, Suit, from_mask
from .base import Action, Decision, Game, Options
from .german import _tricks_view
from .observation import KnockoutObservation
from .spec import GameInfo, Text, option
from .trick import SolverPosition, TrickPlay, suit_of

SEAT_NAMES = ("P1", "P2", "P3", "P4", "P5", "P6", "P7")


@dataclass(frozen=True)
class KnockoutOptions(Options):
    players: int = option(
        4, bounds=(2, 7), label=Text("Players"),
        help=Text("Number of players, 2 to 7 (default 4)."))


class KnockoutWhist(Game):
    """A whole game of Knock-out Whist: seven deals at most, 7 cards down to 1."""

    info = GameInfo(
        "knockout", Text("Knock-out Whist"),
        Text("Two to seven players: take no trick in a deal and you are out."),
        min_seats=2, max_seats=7, human_seat=0, seats_option="players", score_unit="wins")
    Options = KnockoutOptions
    options: KnockoutOptions

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEAT_NAMES[: self.options.players]

    def _start(self) -> None:
        self.active = list(range(self.options.players))
        self.out: dict[int, int] = {}  # seat -> deal in which it was knocked out
        self.winner: int | None = None
        self.deal_results: list[dict] = []
        self.tie_breaks: list[dict] = []  # the draws that chose the current dealer
        self.dealer = self.chance.dealer(self.active)
        self._deal()

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + (0 if self.winner is not None else 1)

    @property
    def hand_size(self) -> int:
        return 8 - self.deal_number

    def _deal(self) -> None:
        deck = self.chance.deck()
        n, size = len(self.active), self.hand_size
        start = self.active.index(self.dealer) + 1
        order = self.active[start:] + self.active[:start]  # dealer's left first
        hands = {s: 0 for s in self.active}
        for i, card in enumerate(deck[: n * size]):
            hands[order[i % n]] |= 1 << card
        if self.deal_number == 1:
            self.trump_card: int | None = deck[n * size]
            trump, leader = suit_of(self.trump_card), order[0]
        else:
            self.trump_card, trump, leader = None, None, self.dealer
        self.play = TrickPlay(hands, trump, self.active, leader)
        self.choosing_trump = trump is None

    @property
    def current_seat(self) -> int | None:
        if self.winner is not None:
            return None
        return self.dealer if self.choosing_trump else self.play.to_play

    @property
    def decision(self) -> Decision | None:
        if self.winner is not None:
            return None
        return Decision.TRUMP if self.choosing_trump else Decision.PLAY

    def hand(self, seat: int) -> list[Card]:
        self.check_seat(seat)
        return from_mask(self.play.hands.get(seat, 0))

    def _legal(self) -> list[Suit] | list[Card]:
        return list(Suit) if self.choosing_trump else from_mask(self.play.legal())

    def _apply(self, action: Action) -> None:
        if isinstance(action, Suit):  # checked legal: a suit only while the dealer chooses trump
            self.play.trump = int(action)
            self.choosing_trump = False
            return
        assert isinstance(action, Card)
        self.play.play(action.index)
        if self.play.done:
            self._finish_deal()

    def _finish_deal(self) -> None:
        won = dict(self.play.won)
        trump = self.play.trump
        assert trump is not None  # a deal is played out only after its trump is fixed
        knocked = [s for s in self.active if won[s] == 0]
        for s in knocked:
            self.out[s] = self.deal_number
        self.deal_results.append(
            {
                "deal": self.deal_number,
                "dealer": self.dealer,
                "trump": str(Suit(trump)),
                "hand_size": self.hand_size,
                "tricks": {str(s): won[s] for s in self.active},
                "out": knocked,
                "tie_break": self.tie_breaks,
            }
        )
        self.active = [s for s in self.active if won[s] > 0]
        if len(self.active) == 1:
            self.winner = self.active[0]
            return
        best = max(won.values())
        self.dealer = self._draw_for_dealer([s for s in self.active if won[s] == best])
        self._deal()

    def _draw_for_dealer(self, tied: list[int]) -> int:
        """Tied players draw from a fresh pack until one holds the single highest rank."""
        self.tie_breaks = []
        while len(tied) > 1:
            drawn = self.chance.draw(tied)
            self.tie_breaks.append({"seats": list(tied), "cards": [str(DECK[drawn[s]]) for s in tied]})
            top = max(drawn[s] % 13 for s in tied)
            tied = [s for s in tied if drawn[s] % 13 == top]
        return tied[0]

    def observation(self, seat: int) -> KnockoutObservation:
        p = self.play
        obs: KnockoutObservation = {
            **self._base_observation(seat),
            "deal_number": self.deal_number,
            "hand_size": self.hand_size,
            "dealer": self.dealer,
            "trump": None if p.trump is None else str(Suit(p.trump)),
            "trump_card": None if self.trump_card is None else str(DECK[self.trump_card]),
            "active": list(self.active),
            "out": {str(s): d for s, d in self.out.items()},
            "hand_sizes": {str(s): bin(h).count("1") for s, h in p.hands.items()},
            "leader": p.leader,
            "trick": [{"seat": s, "card": str(DECK[c])} for s, c in p.trick],
            "tricks": _tricks_view(p.tricks),
            "tricks_won": {str(s): n for s, n in p.won.items()},
            "tie_breaks": [dict(t) for t in self.tie_breaks],
            "deal_results": [dict(r) for r in self.deal_results],
        }
        if self.is_over:
            obs["result"] = self.result()
        return obs

    def solver_position(self) -> SolverPosition | None:
        """The seats still in, the seat to move against all the others (the tricks it is sure of)."""
        if self.decision is not Decision.PLAY:
            return None
        me = self.current_seat
        return SolverPosition.of(self.play, tuple(int(s == me) for s in self.play.order), "sure tricks")

    def max_decisions(self) -> int:
        """Seven hands at most, of 7 cards down to 1, and six trump choices."""
        return 7 * 28 + 6

    def deck_cards_used(self) -> int:
        """The cards dealt to the players still in, and the first deal's trump card."""
        return len(self.active) * self.hand_size + (self.deal_number == 1)

    def redeal_hidden(self, seat: int, hands: dict[int, int], rest: list[int], rng: random.Random) -> None:
        """Every hidden card is in another seat's hand, or never dealt."""
        for s, hand in hands.items():
            self.play.hands[s] = hand

    def result(self) -> dict:
        return {
            "winner": self.winner,
            "out": {str(s): d for s, d in self.out.items()},
            "deals": [dict(r) for r in self.deal_results],
        }

    def scores(self) -> list[float]:
        return [float(self.winner == s) for s in range(self.num_seats)]

    def _winning_side(self) -> tuple[int | None, str]:
        return self.winner, "last_player"
