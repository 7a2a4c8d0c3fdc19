"""Whist's RL part: four seats in two partnerships, the turned-up trump, the rubber score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..games import Whist
from .encoding import GameRL, count_trick, relative, suit_id
from .layout import Layout, card_index, put_cards
from .tricks import advance_plays, encode_plays, one_hot, played_planes


class WhistRL(GameRL[Whist]):
    game = "whist"

    def make_layout(self) -> Layout:
        return Layout(
            [("hand", "my cards"), *played_planes(4),
             ("turned_up", "the dealer's turned-up trump card while it is showing"),
             ("dealer_holds", "cards I know the dealer holds (the turned-up card until the dealer plays it)")],
            [
                ("trump", 4, "trump suit, one-hot (S, H, D, C)"),
                ("dealer", 4, "the dealer's relative seat, one-hot"),
                ("leader", 4, "the relative seat leading the current trick, one-hot"),
                ("to_move", 1, "1 when it is my turn"),
                ("tricks_won", 2, "tricks won this deal by my side, by the other side, / 13"),
                ("voids", 16, "relative seat r has shown a void in suit s: index 4 r + s"),
                ("game_points", 2, "points towards the current game: my side, the other side"),
                ("games_won", 2, "games of the rubber won: my side, the other side"),
            ],
        )

    def legal_bits(self, game: Whist) -> int:
        return game.play.legal()

    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        L, me = self.layout, obs["seat"]
        side = me % 2
        v = L.zeros()
        put_cards(v, L["hand"], obs["hand"])
        encode_plays(v, L, obs, 4)
        if obs["turned_up"]:
            v[L["turned_up"] + card_index(obs["turned_up"])] = 1.0
        for cards in obs["known_cards"].values():
            put_cards(v, L["dealer_holds"], cards)
        v[L["trump"] + suit_id(obs["trump"])] = 1.0
        v[L["dealer"] + relative(obs["dealer"], me, 4)] = 1.0
        v[L["leader"] + relative(obs["leader"], me, 4)] = 1.0
        v[L["to_move"]] = obs["current_seat"] == me
        won, score = obs["tricks_won"], obs["score"]
        v[L["tricks_won"]: L["tricks_won"] + 2] = (won[side] / 13, won[1 - side] / 13)
        v[L["game_points"]: L["game_points"] + 2] = (score["game_points"][side], score["game_points"][1 - side])
        v[L["games_won"]: L["games_won"] + 2] = (score["games_won"][side], score["games_won"][1 - side])
        return v

    def advance(self, game: Whist, vecs: list, mover: int, card) -> bool:
        L, p, c = self.layout.at, game.play, card.index
        hidden = not game.turned_up_showing
        to_move = game.current_seat
        for me, v in enumerate(vecs):
            if v is None:
                continue
            advance_plays(v, L, p, me, mover, c, 4)
            if me == mover:
                v[L["hand"] + c] = 0.0
            elif mover == game.dealer and c == game.turned_up:
                v[L["dealer_holds"] + c] = 0.0
            if hidden:
                v[L["turned_up"] + game.turned_up] = 0.0
            v[L["to_move"]] = to_move == me
            if not p.trick:
                winner = p.tricks[-1][2]
                count_trick(v, L["tricks_won"] + (0 if winner % 2 == me % 2 else 1), 13)
                one_hot(v, L["leader"], 4, relative(winner, me, 4))
        return True
