"""Whist, four players in two partnerships (docs/rules.md#whist)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, Card, Suit, from_mask
from .base import Action, Decision, Game, Options
from .german import _tricks_view
from .observation import WhistObservation, WhistScoreSheet
from .spec import GameInfo, Text, option
from .trick import SolverPosition, TrickPlay, suit_of
from .whist_scoring import RubberScore, honours_held, score_deal

PRESETS = {"english": {"target": 5, "honours": True}, "american": {"target": 7, "honours": False}}
SIDES = ("NS", "EW")
DEALS_AT_MOST = {"deal": 1, "game": 13, "rubber": 39}
"""The most deals of each ``length`` (a game may take 13 deals of one trick's point: OpenSpiel's bound)."""
LENGTH = (("rubber", Text("A rubber (best of three games)")),
          ("game", Text("One game")),
          ("deal", Text("One deal")))


@dataclass(frozen=True)
class WhistOptions(Options):
    """A preset, the target, honours, the bonus and the length (Humbug Whist has the same).

    ``target`` and ``honours`` left as None take the preset's values.
    """

    PRESETS = PRESETS
    preset: str = option(
        "english", label=Text("Rules"),
        help=Text("English whist (game to 5, honours) or American (game to 7, no honours)."),
        choices=(("english", Text("English (5 points, honours)")),
                 ("american", Text("American (7 points, no honours)"))))
    target: int = option(
        None, bounds=(1, 100), from_preset=True, label=Text("Points for a game"),
        help=Text("Points that win a game (default from the rules chosen)."))
    honours: bool = option(
        None, kind="bool", from_preset=True, label=Text("Honours"),
        help=Text("Score honours, the A K Q J of trumps (default from the rules chosen)."))
    rubber_bonus: bool = option(
        False, label=Text("Rubber bonus (+2)"),
        help=Text("Two extra rubber points to the rubber's winners (default off)."))
    length: str = option(
        "rubber", label=Text("Length"),
        help=Text("Play a rubber (default), one game or one deal."),
        choices=LENGTH)


class Whist(Game):
    """A rubber of whist; seats N, E, S, W (0-3), partners N-S (side 0) and E-W (side 1)."""

    info = GameInfo(
        "whist", Text("Whist"),
        Text("Four players in partnerships: you sit South, the computer plays your partner North."),
        min_seats=4, max_seats=4, human_seat=2, partnerships=True, score_unit="tricks",
        arena_options={"length": "deal"})
    Options = WhistOptions
    options: WhistOptions
    seat_names = ("N", "E", "S", "W")
    PRIVATE_KEYS = ("hand", "legal", "known_cards")

    def _start(self) -> None:
        o = self.options
        assert o.target is not None and o.honours is not None  # filled from the preset
        self.score = RubberScore(o.target, o.honours, o.rubber_bonus)
        self.dealer = self.chance.dealer([0, 1, 2, 3])
        self.deal_results: list[dict] = []
        self._deal()

    def _deal(self) -> None:
        deck = self.chance.deck()
        hands = {s: 0 for s in range(4)}
        for i, card in enumerate(deck):
            hands[(self.dealer + 1 + i) % 4] |= 1 << card
        self.dealt = [hands[s] for s in range(4)]
        self.turned_up = deck[51]  # the dealer's last card, face up until the dealer plays
        self.play = TrickPlay(hands, suit_of(self.turned_up), [0, 1, 2, 3], (self.dealer + 1) % 4)

    @property
    def finished(self) -> bool:
        length = self.options.length
        if length == "deal":
            return bool(self.deal_results)
        if length == "game":
            return bool(self.score.games)
        return self.score.rubber_over

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + (0 if self.is_over else 1)

    @property
    def current_seat(self) -> int | None:
        return None if self.finished else self.play.to_play

    @property
    def decision(self) -> Decision | None:
        return None if self.finished else Decision.PLAY

    @property
    def turned_up_showing(self) -> bool:
        p = self.play
        return not p.tricks and all(s != self.dealer for s, _ in p.trick) and not self.finished

    def hand(self, seat: int) -> list[Card]:
        self.check_seat(seat)
        return from_mask(self.play.hands[seat])

    def _legal(self) -> list[Card]:
        return from_mask(self.play.legal())

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Card)  # checked legal: whist has only card plays
        self.play.play(action.index)
        if self.play.done:
            self._finish_deal()

    def tricks_by_side(self) -> list[int]:
        w = self.play.won
        return [w[0] + w[2], w[1] + w[3]]

    def _finish_deal(self) -> None:
        trump = suit_of(self.turned_up)
        honours = honours_held(self.dealt, trump)
        line = score_deal(self.score, self.tricks_by_side(), honours)
        line.update({"dealer": self.dealer, "trump": str(Suit(trump)), "honours_held": honours})
        self.deal_results.append(line)
        if not self.finished:
            self.dealer = (self.dealer + 1) % 4
            self._deal()

    def observation(self, seat: int) -> WhistObservation:
        p = self.play
        showing = self.turned_up_showing
        obs: WhistObservation = {
            **self._base_observation(seat),
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "trump": str(DECK[self.turned_up].suit),
            "turned_up": str(DECK[self.turned_up]) if showing else None,
            "known_cards": self._known_cards(seat),
            "hand_sizes": [bin(p.hands[s]).count("1") for s in range(4)],
            "leader": p.leader,
            "trick": [{"seat": s, "card": str(DECK[c])} for s, c in p.trick],
            "tricks": _tricks_view(p.tricks),
            "tricks_won": self.tricks_by_side(),
            "score": self.score_sheet(),
            "deal_results": [dict(r) for r in self.deal_results],
        }
        if self.is_over:
            obs["result"] = self.result()
        return obs

    def _known_cards(self, seat: int) -> dict[str, list[str]]:
        """Everybody saw the turned-up trump: while the dealer still holds it, all know where it is."""
        if seat == self.dealer or not self.play.hands[self.dealer] >> self.turned_up & 1:
            return {}
        return {str(self.dealer): [str(DECK[self.turned_up])]}

    def solver_position(self) -> SolverPosition | None:
        """Double dummy: N-S against E-W."""
        if self.decision is not Decision.PLAY:
            return None
        return SolverPosition.of(self.play, (0, 1, 0, 1), "side tricks")

    def max_decisions(self) -> int:
        return 52 * DEALS_AT_MOST[self.options.length]

    @classmethod
    def openspiel_parameters(cls) -> dict[str, Any]:
        """One deal unless ``length`` says otherwise."""
        return {**super().openspiel_parameters(), "length": "deal"}

    def redeal_hidden(self, seat: int, hands: dict[int, int], rest: list[int], rng: random.Random) -> None:
        """The other hands, and the hands as dealt (for honours)."""
        for s, hand in hands.items():
            self.play.hands[s] = hand
        self.dealt = [self.play.hands[s] | self.play.played_by(s) for s in range(4)]

    def score_sheet(self) -> WhistScoreSheet:
        s = self.score
        return {
            "sides": list(SIDES),
            "game_points": list(s.game_points),
            "games": [dict(g) for g in s.games],
            "games_won": s.games_won,
            "rubber_points": s.rubber_points(),
            "rubber": s.net(),
            "lines": [dict(line) for line in s.sheet],
        }

    def result(self) -> dict:
        sheet = self.score_sheet()
        if self.options.length == "deal":
            t = self.deal_results[-1]["tricks"] if self.deal_results else [0, 0]
            winner = None if t[0] == t[1] else (0 if t[0] > t[1] else 1)
        elif self.options.length == "game":
            winner = self.score.games[0]["winner"] if self.score.games else None
        else:
            winner = sheet["rubber"]["winner"] if sheet["rubber"] else None
        return {"winner_side": winner, "score": sheet, "deals": [dict(r) for r in self.deal_results]}

    def scores(self) -> list[float]:
        """Tricks taken by each seat's partnership, over every deal played."""
        tricks = [sum(r["tricks"][side] for r in self.deal_results) for side in (0, 1)]
        return [float(tricks[s % 2]) for s in range(4)]

    def _winning_side(self) -> tuple[int | None, str]:
        return self.result()["winner_side"], self.options.length
