"""Humbug Whist's RL part: two seats, the exchange (ids 52 keep, 53 left widow, 54 right widow), whist scoring.

The tensors are updated card by card; an exchange, a new deal and the end of
the game re-encode them from the observations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..games import HumbugWhist
from ..games.base import Exchange
from .encoding import GameRL, count_trick, suit_id
from .layout import Layout, card_index, put_cards


class HumbugRL(GameRL[HumbugWhist]):
    game = "humbug"
    extra_actions = tuple(Exchange)  # ids 52-54: keep the dealt hand, take the left or the right widow

    def make_layout(self) -> Layout:
        return Layout(
            [
                ("hand", "my cards"),
                ("played_by_me", "cards I played this deal (the current trick included)"),
                ("played_by_opponent", "cards the opponent played this deal (the current trick included)"),
                ("trick", "cards on the current trick"),
                ("turned_up", "the dealer's turned-up trump card while it is showing"),
                ("dealer_holds", "cards I know the dealer holds (the turned-up card until the dealer plays it)"),
                ("laid_aside", "the hand I laid aside for a widow"),
                ("out_of_deal", "cards I know are out of the deal (my laid-aside hand, the turned-up card "
                                "if the dealer laid it aside)"),
            ],
            [
                ("trump", 4, "trump suit, one-hot (S, H, D, C)"),
                ("dealer", 1, "1 when I dealt"),
                ("exchange", 1, "1 while the exchange is being decided"),
                ("widows", 4, "left widow taken by me, by the opponent; right widow by me, by the opponent"),
                ("to_move", 1, "1 when it is my turn"),
                ("leader", 1, "1 when I lead (or led) the current trick"),
                ("tricks_won", 2, "tricks won this deal by me, by the opponent, / 13"),
                ("game_points", 2, "points towards the current game: me, the opponent"),
                ("games_won", 2, "games of the rubber won: me, the opponent"),
            ],
        )

    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        L, me = self.layout, obs["seat"]
        other = 1 - me
        v = L.zeros()
        put_cards(v, L["hand"], obs["hand"])
        for p in [*(q for t in obs["tricks"] for q in t["cards"]), *obs["trick"]]:
            v[L["played_by_me" if p["seat"] == me else "played_by_opponent"] + card_index(p["card"])] = 1.0
        put_cards(v, L["trick"], [p["card"] for p in obs["trick"]])
        if obs["turned_up"]:
            v[L["turned_up"] + card_index(obs["turned_up"])] = 1.0
        for cards in obs["known_cards"].values():
            put_cards(v, L["dealer_holds"], cards)
        put_cards(v, L["laid_aside"], obs["laid_aside"])
        put_cards(v, L["out_of_deal"], obs["out_of_deal"])
        v[L["trump"] + suit_id(obs["trump"])] = 1.0
        v[L["dealer"]] = obs["dealer"] == me
        v[L["exchange"]] = obs["decision"] == "exchange"
        for i, widow in enumerate(("left", "right")):
            taker = obs["widows"][widow]
            if taker is not None:
                v[L["widows"] + 2 * i + (0 if taker == me else 1)] = 1.0
        v[L["to_move"]] = obs["current_seat"] == me
        v[L["leader"]] = obs["leader"] == me
        won, score = obs["tricks_won"], obs["score"]
        v[L["tricks_won"]: L["tricks_won"] + 2] = (won[me] / 13, won[other] / 13)
        v[L["game_points"]: L["game_points"] + 2] = (score["game_points"][me], score["game_points"][other])
        v[L["games_won"]: L["games_won"] + 2] = (score["games_won"][me], score["games_won"][other])
        return v

    def legal_bits(self, game: HumbugWhist) -> int:
        if game.exchanging:
            return sum(1 << self.action_id(a) for a in game.legal_actions())
        return game.play.legal()

    def advance(self, game: HumbugWhist, vecs: list, mover: int, action) -> bool:
        if isinstance(action, Exchange):
            return False
        L, p, c = self.layout.at, game.play, action.index
        turned, place, dealer = game.turned_up, game.turned_up_place, game.dealer
        to_move = game.current_seat
        for me, v in enumerate(vecs):
            if v is None:
                continue
            if me == mover:
                v[L["hand"] + c] = 0.0
                v[L["played_by_me"] + c] = 1.0
            else:
                v[L["played_by_opponent"] + c] = 1.0
            if place != "showing":
                v[L["turned_up"] + turned] = 0.0
            if me != dealer:
                v[L["dealer_holds"] + turned] = place in ("showing", "dealer")
            v[L["to_move"]] = to_move == me
            if p.trick:
                v[L["trick"] + c] = 1.0
                continue
            _, plays, winner = p.tricks[-1]
            for _, pc in plays:
                v[L["trick"] + pc] = 0.0
            count_trick(v, L["tricks_won"] + (0 if winner == me else 1), 13)
            v[L["leader"]] = winner == me
        return True
