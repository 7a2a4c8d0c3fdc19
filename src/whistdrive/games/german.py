"""German Whist, two players (docs/rules.md#german)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, Card, from_mask
from .base import Action, Decision, Game, Options
from .observation import GermanObservation, TrickView
from .spec import GameInfo, Text, option
from .trick import SolverPosition, TrickPlay, bits, suit_of


@dataclass(frozen=True)
class GermanWhistOptions(Options):
    follow_suit_stage1: bool = option(
        True, label=Text("Follow suit in stage 1"),
        help=Text("Follow suit while the stock lasts (default on); off: any card in stage 1."))
    count: str = option(
        "last13", label=Text("Tricks that count"),
        help=Text("Only the 13 tricks of stage 2 (default), or all 26."),
        choices=(("last13", Text("Only stage 2 (13 tricks)")),
                 ("all26", Text("All 26 tricks"))))
    scoring: str = option(
        "game", label=Text("Scoring"),
        help=Text("Points for a deal won: 1 (default), the difference in tricks, or the tricks over the book."),
        choices=(("game", Text("1 point per deal won")),
                 ("difference", Text("Difference in tricks")),
                 ("over_book", Text("Tricks over book"))))
    high_low: bool = option(
        False, label=Text("High/low by trump colour"),
        help=Text("A red trump card: most tricks win; a black one: fewest tricks win (default off)."))
    deals: int = option(
        1, bounds=(1, 100), label=Text("Deals"),
        help=Text("Deals in the session, the dealer alternating (default 1)."))


def deal_points(counted: tuple[int, int], low: bool, count: str, scoring: str) -> tuple[int | None, int]:
    """Winner seat (None for a 13-13 draw) and the points they score.

    docs/rules.md#german-scoring: the book is 6 (``last13``) or 13 (``all26``)
    in high and low games alike, and ``over_book`` always scores the larger
    count minus the book; ``difference`` scores the difference.
    """
    a, b = counted
    if a == b:
        return None, 0
    more = 0 if a > b else 1
    winner = 1 - more if low else more
    if scoring == "game":
        points = 1
    elif scoring == "difference":
        points = abs(a - b)
    else:
        points = max(a, b) - (6 if count == "last13" else 13)
    return winner, points


class GermanWhist(Game):
    """A session of German Whist deals (one by default).

    >>> g = GermanWhist(seed=1)
    >>> g.decision.value, len(g.legal_actions()) > 0
    ('play', True)
    """

    info = GameInfo(
        "german", Text("German Whist"),
        Text("Two players: win cards from the stock, then play out the 13 tricks that count."),
        min_seats=2, max_seats=2, human_seat=0, stock=True)
    Options = GermanWhistOptions
    options: GermanWhistOptions
    seat_names = ("A", "B")
    PRIVATE_KEYS = ("hand", "legal", "my_draws", "opponent_known")

    def _start(self) -> None:
        self.dealer = self.chance.dealer([0, 1])
        self.points = [0, 0]
        self.deals_won = [0, 0]
        self.deal_results: list[dict] = []
        self._deal()

    def _deal(self) -> None:
        deck = self.chance.deck()
        first = 1 - self.dealer
        hands = {0: 0, 1: 0}
        for i, card in enumerate(deck[:26]):
            hands[(first + i) % 2] |= 1 << card
        self.stock = deck[26:]  # stock[0] is the face-up prize
        self.trump_card = self.stock[0]
        self.play = TrickPlay(hands, suit_of(self.trump_card), [0, 1], first)
        self.play.must_follow = self.options.follow_suit_stage1
        self.prizes: dict[int, list[int]] = {0: [], 1: []}
        self.draws: dict[int, list[int]] = {0: [], 1: []}

    # --- state ----------------------------------------------------------
    @property
    def stage(self) -> int:
        return 1 if len(self.play.tricks) < 13 else 2

    @property
    def low_game(self) -> bool:
        return self.options.high_low and not DECK[self.trump_card].suit.is_red

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + (0 if self.is_over else 1)

    @property
    def current_seat(self) -> int | None:
        if len(self.deal_results) == self.options.deals:
            return None
        return self.play.to_play

    @property
    def decision(self) -> Decision | None:
        return None if self.current_seat is None else Decision.PLAY

    def hand(self, seat: int) -> list[Card]:
        self.check_seat(seat)
        return from_mask(self.play.hands[seat])

    def _legal(self) -> list[Card]:
        return from_mask(self.play.legal())

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Card)  # checked legal: German Whist has only card plays
        winner = self.play.play(action.index)
        if winner is None:
            return
        if len(self.play.tricks) <= 13:  # a stage-1 trick: the winner takes the prize
            prize, draw = self.stock[0], self.stock[1]
            self.stock = self.stock[2:]
            loser = 1 - winner
            self.play.hands[winner] |= 1 << prize
            self.play.hands[loser] |= 1 << draw
            self.prizes[winner].append(prize)
            self.draws[loser].append(draw)
            if len(self.play.tricks) == 13:
                self.play.must_follow = True
        elif self.play.done:
            self._finish_deal()

    def tricks_won(self, stage: int) -> list[int]:
        tricks = self.play.tricks[:13] if stage == 1 else self.play.tricks[13:]
        return [sum(1 for *_, w in tricks if w == s) for s in (0, 1)]

    def _finish_deal(self) -> None:
        s1, s2 = self.tricks_won(1), self.tricks_won(2)
        counted = (s2[0], s2[1]) if self.options.count == "last13" else (s1[0] + s2[0], s1[1] + s2[1])
        winner, points = deal_points(counted, self.low_game, self.options.count, self.options.scoring)
        if winner is not None:
            self.points[winner] += points
            self.deals_won[winner] += 1
        self.deal_results.append(
            {
                "dealer": self.dealer,
                "trump": str(DECK[self.trump_card].suit),
                "low": self.low_game,
                "tricks_stage1": s1,
                "tricks_stage2": s2,
                "counted": list(counted),
                "winner": winner,
                "points": points,
            }
        )
        if len(self.deal_results) < self.options.deals:
            self.dealer = 1 - self.dealer
            self._deal()

    # --- views ----------------------------------------------------------
    def known_hand(self, seat: int) -> list[Card]:
        """Cards ``seat``'s opponent knows ``seat`` holds: prizes not yet played,
        and in stage 2 every card (the unseen cards are all in that hand)."""
        if not self.stock:
            return self.hand(seat)
        held = self.play.hands[seat]
        return [DECK[c] for c in self.prizes[seat] if held >> c & 1]

    def observation(self, seat: int) -> GermanObservation:
        other = 1 - self.check_seat(seat)
        p = self.play
        obs: GermanObservation = {
            **self._base_observation(seat),
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "stage": self.stage,
            "trump": str(DECK[self.trump_card].suit),
            "trump_card": str(DECK[self.trump_card]),
            "low_game": self.low_game,
            "prize": str(DECK[self.stock[0]]) if self.stock else None,
            "stock_size": len(self.stock),
            "leader": p.leader,
            "trick": [{"seat": s, "card": str(DECK[c])} for s, c in p.trick],
            "tricks": _tricks_view(p.tricks),
            "tricks_won": {"stage1": self.tricks_won(1), "stage2": self.tricks_won(2)},
            "prizes_taken": [[str(DECK[c]) for c in self.prizes[s]] for s in (0, 1)],
            "my_draws": [str(DECK[c]) for c in self.draws[seat]],
            "opponent_hand_size": bin(p.hands[other]).count("1"),
            "opponent_known": [str(c) for c in self.known_hand(other)],
            "points": list(self.points),
            "deals_won": list(self.deals_won),
            "deal_results": [dict(r) for r in self.deal_results],
        }
        if self.is_over:
            obs["result"] = self.result()
        return obs

    def public_view(self, seat: int) -> dict[str, Any]:
        """A seat's observation tells only the other hand's size: a spectator is told both."""
        view = super().public_view(seat)
        view["hand_sizes"] = [len(self.hand(s)) for s in range(self.num_seats)]
        return view

    def solver_position(self) -> SolverPosition | None:
        """Stage 2: both hands are known once the stock is gone."""
        if self.decision is not Decision.PLAY or self.stock:
            return None
        return SolverPosition.of(self.play, (0, 1), "tricks")

    def max_decisions(self) -> int:
        return 52 * self.options.deals

    def redeal_hidden(self, seat: int, hands: dict[int, int], rest: list[int], rng: random.Random) -> None:
        """The other hand, the face-down stock below the prize, and the other's face-down draws."""
        other = 1 - seat
        self.play.hands[other] = hands[other]
        if self.stock:
            self.stock = [self.stock[0], *rest]
        prizes = set(self.prizes[other])
        unknown = [c for c in bits(hands[other] | self.play.played_by(other)) if c not in prizes]
        self.draws[other] = rng.sample(unknown, min(len(unknown), len(self.draws[other])))

    def result(self) -> dict:
        a, b = self.points
        return {
            "points": list(self.points),
            "deals_won": list(self.deals_won),
            "deals": [dict(r) for r in self.deal_results],
            "winner": None if a == b else (0 if a > b else 1),
        }

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def _winning_side(self) -> tuple[int | None, str]:
        """A session is won on points, not on deals won."""
        return self.result()["winner"], "points"


def _tricks_view(tricks: list[tuple[int, list[tuple[int, int]], int]]) -> list[TrickView]:
    return [
        {"leader": l, "cards": [{"seat": s, "card": str(DECK[c])} for s, c in plays], "winner": w}
        for l, plays, w in tricks
    ]
