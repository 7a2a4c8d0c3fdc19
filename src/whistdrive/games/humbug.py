"""Humbug Whist: two players, four hands, an exchange with the widows, then whist (seed 001).

The table has four places clockwise — the dealer, the left widow, the
non-dealer, the right widow — and the whole pack is dealt, so half the cards
are never seen.  Before play the non-dealer, then the dealer, keeps the dealt
hand or lays it aside for a widow nobody took.  Play and scoring are those of
whist with each player as one side (:mod:`.whist_scoring`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, Card, from_mask
from .base import Action, Decision, Exchange, Game
from .german import _tricks_view
from .observation import ExchangeView, HumbugObservation, WhistScoreSheet
from .spec import GameInfo, Text
from .trick import SolverPosition, TrickPlay, suit_of
from .whist import DEALS_AT_MOST, WhistOptions
from .whist_scoring import RubberScore, honours_held, score_deal

DEALER, LEFT_WIDOW, NON_DEALER, RIGHT_WIDOW = range(4)
"""The four places, clockwise; the dealer deals ``deck[i]`` to place ``(1 + i) % 4``."""

WIDOW_PLACES = {Exchange.LEFT: LEFT_WIDOW, Exchange.RIGHT: RIGHT_WIDOW}


@dataclass(frozen=True)
class HumbugOptions(WhistOptions):
    """The options of whist, meaning the same: ``preset``, ``target``, ``honours``, ``rubber_bonus``, ``length``."""


class HumbugWhist(Game):
    """A rubber of Humbug Whist between seats 0 and 1 (``A`` and ``B``); each player is one side.

    >>> g = HumbugWhist(seed=3)
    >>> g.decision.value, [str(a) for a in g.legal_actions()]
    ('exchange', ['keep', 'left', 'right'])
    """

    info = GameInfo(
        "humbug", Text("Humbug Whist"),
        Text("Two players, four hands: keep your hand or take an unseen widow, then play whist."),
        min_seats=2, max_seats=2, human_seat=0, arena_options={"length": "deal"})
    Options = HumbugOptions
    options: HumbugOptions
    seat_names = ("A", "B")
    PRIVATE_KEYS = ("hand", "legal", "known_cards", "laid_aside", "out_of_deal")

    def _start(self) -> None:
        o = self.options
        self.score = RubberScore(o.target, o.honours, o.rubber_bonus)
        self.dealer = self.chance.dealer([0, 1])
        self.deal_results: list[dict] = []
        self._deal()

    def _deal(self) -> None:
        deck = self.chance.deck()
        places = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            places[(1 + i) % 4] |= 1 << card
        self.places = places  # as dealt; a widow stays here when taken, so nothing is lost
        self.turned_up = deck[51]  # the dealer's last card: trump, face up until the dealer's first play
        non_dealer = 1 - self.dealer
        hands = {self.dealer: places[DEALER], non_dealer: places[NON_DEALER]}
        self.exchanges: list[tuple[int, Exchange]] = []  # (seat, choice), the non-dealer's first
        self.laid_aside: dict[int, int] = {}  # seat -> the dealt hand it laid aside
        self.honours: list[int] | None = None  # trump honours per seat, counted once the exchange is over
        self.play = TrickPlay(hands, suit_of(self.turned_up), [0, 1], non_dealer)

    # --- state ----------------------------------------------------------
    @property
    def finished(self) -> bool:
        length = self.options.length
        if length == "deal":
            return bool(self.deal_results)
        if length == "game":
            return bool(self.score.games)
        return self.score.rubber_over

    @property
    def exchanging(self) -> bool:
        return len(self.exchanges) < 2

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + (0 if self.is_over else 1)

    @property
    def current_seat(self) -> int | None:
        if self.finished:
            return None
        if self.exchanging:
            return 1 - self.dealer if not self.exchanges else self.dealer
        return self.play.to_play

    @property
    def decision(self) -> Decision | None:
        if self.finished:
            return None
        return Decision.EXCHANGE if self.exchanging else Decision.PLAY

    def widow_taken_by(self, widow: Exchange) -> int | None:
        return next((s for s, c in self.exchanges if c is widow), None)

    @property
    def turned_up_place(self) -> str:
        """Where the turned-up card is: ``showing`` (face up, the dealer's), ``dealer`` (held after the
        dealer's first play), ``played`` (in a trick) or ``out`` (laid aside with the dealer's hand)."""
        if self.dealer in self.laid_aside:
            return "out"
        if not self.play.hands[self.dealer] >> self.turned_up & 1:
            return "played"
        p = self.play
        dealer_played = p.tricks or any(s == self.dealer for s, _ in p.trick)
        return "dealer" if dealer_played else "showing"

    def hand(self, seat: int) -> list[Card]:
        self.check_seat(seat)
        return from_mask(self.play.hands[seat])

    def _legal(self) -> Sequence[Action]:
        if self.exchanging:
            return [Exchange.KEEP] + [w for w in (Exchange.LEFT, Exchange.RIGHT) if self.widow_taken_by(w) is None]
        return from_mask(self.play.legal())

    def _why_illegal(self, mover: int, action: Action, legal: Sequence[Action]) -> str:
        if self.decision is Decision.EXCHANGE:
            assert isinstance(action, Exchange)  # parse_action accepts only the decision's own kind
            taker = self.widow_taken_by(action)
            taken_by = "" if taker is None else f": {self.seat_names[taker]} took it"
            return (f"{self.seat_names[mover]} cannot take the {action} widow{taken_by}; "
                    f"choose {' or '.join(map(str, legal))}")
        return super()._why_illegal(mover, action, legal)

    def _apply(self, action: Action) -> None:
        if self.exchanging:
            seat = self.current_seat
            assert seat is not None and isinstance(action, Exchange)
            if action is not Exchange.KEEP:
                self.laid_aside[seat] = self.play.hands[seat]
                self.play.hands[seat] = self.places[WIDOW_PLACES[action]]
            self.exchanges.append((seat, action))
            if not self.exchanging:
                self.honours = honours_held([self.play.hands[0], self.play.hands[1]], self.play.trump)
            return
        assert isinstance(action, Card)
        self.play.play(action.index)
        if self.play.done:
            self._finish_deal()

    def tricks_won(self) -> list[int]:
        return [self.play.won[0], self.play.won[1]]

    def _finish_deal(self) -> None:
        assert self.honours is not None  # counted when the exchange ended, before the first card
        line = score_deal(self.score, self.tricks_won(), self.honours)
        line.update({"dealer": self.dealer, "trump": str(DECK[self.turned_up].suit), "honours_held": list(self.honours),
                     "exchanges": self._exchanges_view()})
        self.deal_results.append(line)
        if not self.finished:
            self.dealer = 1 - self.dealer
            self._deal()

    # --- views ----------------------------------------------------------
    def _exchanges_view(self) -> list[ExchangeView]:
        return [{"seat": s, "choice": str(c)} for s, c in self.exchanges]

    def observation(self, seat: int) -> HumbugObservation:
        """What ``seat`` knows: never a widow, the other's hand, nor the other's laid-aside hand."""
        base = self._base_observation(seat)
        p = self.play
        place = self.turned_up_place
        out = self.laid_aside.get(seat, 0)
        if place == "out":
            out |= 1 << self.turned_up
        obs: HumbugObservation = {
            **base,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "trump": str(DECK[self.turned_up].suit),
            "turned_up": str(DECK[self.turned_up]) if place == "showing" else None,
            "trump_card": str(DECK[self.turned_up]),
            "trump_card_place": place,
            "known_cards": self._known_cards(seat),
            "exchanges": self._exchanges_view(),
            "widows": {str(w): self.widow_taken_by(w) for w in (Exchange.LEFT, Exchange.RIGHT)},
            "laid_aside": [str(c) for c in from_mask(self.laid_aside.get(seat, 0))],
            "out_of_deal": [str(c) for c in from_mask(out)],
            "hand_sizes": [bin(p.hands[s]).count("1") for s in (0, 1)],
            "leader": p.leader,
            "trick": [{"seat": s, "card": str(DECK[c])} for s, c in p.trick],
            "tricks": _tricks_view(p.tricks),
            "tricks_won": self.tricks_won(),
            "score": self.score_sheet(),
            "deal_results": [dict(r) for r in self.deal_results],
        }
        if self.is_over:
            obs["result"] = self.result()
        return obs

    def _known_cards(self, seat: int) -> dict[str, list[str]]:
        """Both saw the turned-up card: while the dealer still holds it, the non-dealer knows where it is."""
        if seat == self.dealer or self.turned_up_place not in ("showing", "dealer"):
            return {}
        return {str(self.dealer): [str(DECK[self.turned_up])]}

    def solver_position(self) -> SolverPosition | None:
        """The play, double dummy: the two hands held."""
        if self.decision is not Decision.PLAY:
            return None
        return SolverPosition.of(self.play, (0, 1), "tricks")

    def max_decisions(self) -> int:
        """26 cards a deal (two hands of 13) and the two exchanges."""
        return 28 * DEALS_AT_MOST[self.options.length]

    @classmethod
    def openspiel_parameters(cls) -> dict[str, Any]:
        """One deal unless ``length`` says otherwise."""
        return {**super().openspiel_parameters(), "length": "deal"}

    def redeal_hidden(self, seat: int, hands: dict[int, int], rest: list[int], rng: random.Random) -> None:
        """The other player's hand, then the places nobody holds are dealt from the cards left over.

        Each player holds one of the four places as dealt (its own, or the widow it
        took); the seat knows its own place and the widow it took. The places left
        (the other's laid-aside hand, the widows nobody took) get the rest, 13 each,
        the turned-up card staying in the dealer's place.
        """
        other = 1 - seat
        self.play.hands[other] = hands[other]
        own = {self.dealer: DEALER, 1 - self.dealer: NON_DEALER}
        chosen = dict(self.exchanges)
        held = {s: self.play.hands[s] | self.play.played_by(s) for s in (0, 1)}
        places: list[int | None] = [None] * 4
        for s in (0, 1):
            choice = chosen.get(s)
            places[WIDOW_PLACES[choice] if choice in WIDOW_PLACES else own[s]] = held[s]
        if seat in self.laid_aside:
            places[own[seat]] = self.laid_aside[seat]
        for p in range(4):
            if places[p] is None:
                turned = p == DEALER  # the other player, the dealer, laid the turned-up card aside
                cards, rest = rest[:13 - turned], rest[13 - turned:]
                places[p] = sum(1 << c for c in cards) | (1 << self.turned_up if turned else 0)
        assert not rest, f"{len(rest)} cards left over after the redeal"
        self.places = [p or 0 for p in places]
        if other in self.laid_aside:
            self.laid_aside[other] = self.places[own[other]]
        if self.honours is not None:  # counted when the exchange ended, from the hands then held
            self.honours = honours_held([held[0], held[1]], suit_of(self.turned_up))

    def score_sheet(self) -> WhistScoreSheet:
        s = self.score
        return {
            "sides": list(self.seat_names),
            "game_points": list(s.game_points),
            "games": [dict(g) for g in s.games],
            "games_won": s.games_won,
            "rubber_points": s.rubber_points(),
            "rubber": s.net(),
            "lines": [dict(line) for line in s.sheet],
        }

    def result(self) -> dict:
        """``winner`` is a seat: of the rubber, the game, or the deal (most tricks), by ``length``."""
        if self.options.length == "deal":
            t = self.deal_results[-1]["tricks"] if self.deal_results else [0, 0]
            winner = None if t[0] == t[1] else (0 if t[0] > t[1] else 1)
        elif self.options.length == "game":
            winner = self.score.games[0]["winner"] if self.score.games else None
        else:
            rubber = self.score.net()
            winner = rubber["winner"] if rubber else None
        return {"winner": winner, "score": self.score_sheet(), "deals": [dict(r) for r in self.deal_results]}

    def scores(self) -> list[float]:
        """Points each player scored (tricks over six and honours), over every deal played."""
        return [float(sum(r["points"][s] for r in self.deal_results)) for s in (0, 1)]

    def _winning_side(self) -> tuple[int | None, str]:
        return self.result()["winner"], self.options.length
