"""Whist, four players in two partnerships (RULES.md section 2, seed 003)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import DECK, Card, Suit, from_mask
from ..errors import InvalidOptions
from .base import Action, Decision, Game, Options
from .german import _tricks_view
from .trick import TrickPlay, suit_of
from .whist_scoring import RubberScore, honours_held, score_deal

PRESETS = {"english": {"target": 5, "honours": True}, "american": {"target": 7, "honours": False}}
SIDES = ("NS", "EW")


@dataclass(frozen=True)
class WhistOptions(Options):
    preset: str = "english"
    target: int | None = None  # None: the preset's (5 English, 7 American)
    honours: bool | None = None  # None: the preset's (on in English whist)
    rubber_bonus: bool = False
    length: str = "rubber"  # "rubber" | "game" | "deal" (one deal: analysis, duplicate play)

    def __post_init__(self):
        self._check("preset", tuple(PRESETS))
        for key, value in PRESETS[self.preset].items():
            if getattr(self, key) is None:
                object.__setattr__(self, key, value)
        self._check("target", int)
        if not 1 <= self.target <= 100:
            raise InvalidOptions(f"option target={self.target}: expected 1..100")
        self._check("honours", bool)
        self._check("rubber_bonus", bool)
        self._check("length", ("rubber", "game", "deal"))


class Whist(Game):
    """A rubber of whist; seats N, E, S, W (0-3), partners N-S (side 0) and E-W (side 1)."""

    name = "whist"
    title = "Whist"
    Options = WhistOptions
    seat_names = ("N", "E", "S", "W")

    def _start(self) -> None:
        o = self.options
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

    def _legal(self) -> list[Action]:
        return from_mask(self.play.legal())

    def _apply(self, card: Card) -> None:
        self.play.play(card.index)
        if self.play.done:
            self._finish_deal()

    def tricks_by_side(self) -> list[int]:
        w = self.play.won
        return [w[0] + w[2], w[1] + w[3]]

    def _finish_deal(self) -> None:
        trump = self.play.trump
        honours = honours_held(self.dealt, trump)
        line = score_deal(self.score, self.tricks_by_side(), honours)
        line.update({"dealer": self.dealer, "trump": str(Suit(trump)), "honours_held": honours})
        self.deal_results.append(line)
        if not self.finished:
            self.dealer = (self.dealer + 1) % 4
            self._deal()

    def observation(self, seat: int) -> dict:
        obs = self._base_observation(seat)
        p = self.play
        showing = self.turned_up_showing
        obs.update(
            {
                "deal_number": self.deal_number,
                "dealer": self.dealer,
                "trump": str(Suit(p.trump)),
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
        )
        if self.is_over:
            obs["result"] = self.result()
        return obs

    def _known_cards(self, seat: int) -> dict[str, list[str]]:
        """Everybody saw the turned-up trump: while the dealer still holds it, all know where it is."""
        if seat == self.dealer or not self.play.hands[self.dealer] >> self.turned_up & 1:
            return {}
        return {str(self.dealer): [str(DECK[self.turned_up])]}

    def score_sheet(self) -> dict:
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
