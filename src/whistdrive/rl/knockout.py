"""Knock-out Whist's RL part: 2-7 seats, the dealer's trump choice, seats knocked out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..cards import Suit
from ..games import KnockoutWhist
from .encoding import GameRL, count_trick, relative, suit_id
from .layout import Layout, card_index, put_cards
from .tricks import advance_plays, encode_plays, one_hot, played_planes


class KnockoutRL(GameRL[KnockoutWhist]):
    game = "knockout"
    extra_actions = tuple(Suit)  # ids 52-55: the dealer names spades, hearts, diamonds or clubs

    def make_layout(self) -> Layout:
        n = self.num_seats
        return Layout(
            [("hand", "my cards"), *played_planes(n),
             ("trump_card", "the face-up card that set trumps (first deal only)")],
            [
                ("trump", 4, "trump suit, one-hot (S, H, D, C); zeros while the dealer chooses"),
                ("choosing_trump", 1, "1 while the dealer chooses trumps"),
                ("to_move", 1, "1 when it is my turn"),
                ("deal", 7, "deal number 1-7, one-hot (deal k has 8 - k cards a hand)"),
                ("active", n, "relative seat r is still in the game"),
                ("dealer", n, "the dealer's relative seat, one-hot"),
                ("leader", n, "the relative seat leading the current trick, one-hot"),
                ("tricks_won", n, "tricks won this deal by relative seat r, / 7"),
                ("voids", 4 * n, "relative seat r has shown a void in suit s: index 4 r + s"),
            ],
        )

    def legal_bits(self, game: KnockoutWhist) -> int:
        return 0xF << 52 if game.choosing_trump else game.play.legal()

    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        L, me, n = self.layout, obs["seat"], self.num_seats
        v = L.zeros()
        put_cards(v, L["hand"], obs["hand"])
        encode_plays(v, L, obs, n)
        if obs["trump_card"]:
            v[L["trump_card"] + card_index(obs["trump_card"])] = 1.0
        if obs["trump"]:
            v[L["trump"] + suit_id(obs["trump"])] = 1.0
        v[L["choosing_trump"]] = obs["decision"] == "trump"
        v[L["to_move"]] = obs["current_seat"] == me
        v[L["deal"] + min(obs["deal_number"], 7) - 1] = 1.0
        for s in obs["active"]:
            v[L["active"] + relative(s, me, n)] = 1.0
        v[L["dealer"] + relative(obs["dealer"], me, n)] = 1.0
        v[L["leader"] + relative(obs["leader"], me, n)] = 1.0
        for s, won in obs["tricks_won"].items():
            v[L["tricks_won"] + relative(int(s), me, n)] = won / 7
        return v

    def advance(self, game: KnockoutWhist, vecs: list, mover: int, action) -> bool:
        if isinstance(action, Suit):
            return False
        L, p, c, n = self.layout.at, game.play, action.index, self.num_seats
        to_move = game.current_seat
        for me, v in enumerate(vecs):
            if v is None:
                continue
            advance_plays(v, L, p, me, mover, c, n)
            if me == mover:
                v[L["hand"] + c] = 0.0
            v[L["to_move"]] = to_move == me
            if not p.trick:
                winner = p.tricks[-1][2]
                count_trick(v, L["tricks_won"] + relative(winner, me, n), 7)
                one_hot(v, L["leader"], n, relative(winner, me, n))
        return True
