"""German Whist's RL part: two seats, cards only, the face-up prize and the known cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..games import GermanWhist
from .encoding import GameRL, count_trick, suit_id
from .layout import Layout, card_index, put_cards


class GermanRL(GameRL[GermanWhist]):
    game = "german"

    def make_layout(self) -> Layout:
        return Layout(
            [
                ("hand", "my cards"),
                ("opponent_known", "cards I know the opponent holds: prizes they took and still hold; "
                                   "in stage 2 their whole hand"),
                ("prize", "the face-up prize on the stock"),
                ("played_by_me", "cards I played this deal (the current trick included)"),
                ("played_by_opponent", "cards the opponent played this deal (the current trick included)"),
                ("trick", "cards on the current trick"),
            ],
            [
                ("trump", 4, "trump suit, one-hot (S, H, D, C)"),
                ("stage2", 1, "1 in stage 2 (the stock is empty)"),
                ("low_game", 1, "1 when fewest tricks win (high-low variant, black trump)"),
                ("to_move", 1, "1 when it is my turn"),
                ("leader", 1, "1 when I lead (or led) the current trick"),
                ("stock", 1, "cards left in the stock / 26"),
                ("tricks_stage1", 2, "stage-1 tricks won by me, by the opponent, / 13"),
                ("tricks_stage2", 2, "stage-2 tricks won by me, by the opponent, / 13"),
                ("points", 2, "session points of me, of the opponent"),
                ("deals_left", 1, "deals of the session not finished yet (the current one included)"),
            ],
        )

    def legal_bits(self, game: GermanWhist) -> int:
        return game.play.legal()

    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        L, me = self.layout, obs["seat"]
        v = L.zeros()
        put_cards(v, L["hand"], obs["hand"])
        put_cards(v, L["opponent_known"], obs["opponent_known"])
        if obs["prize"]:
            v[L["prize"] + card_index(obs["prize"])] = 1.0
        for t in obs["tricks"]:
            for p in t["cards"]:
                v[L["played_by_me" if p["seat"] == me else "played_by_opponent"] + card_index(p["card"])] = 1.0
        for p in obs["trick"]:
            c = card_index(p["card"])
            v[L["played_by_me" if p["seat"] == me else "played_by_opponent"] + c] = 1.0
            v[L["trick"] + c] = 1.0
        v[L["trump"] + suit_id(obs["trump"])] = 1.0
        v[L["stage2"]] = obs["stage"] == 2
        v[L["low_game"]] = obs["low_game"]
        v[L["to_move"]] = obs["current_seat"] == me
        v[L["leader"]] = obs["leader"] == me
        v[L["stock"]] = obs["stock_size"] / 26
        for key in ("stage1", "stage2"):
            won = obs["tricks_won"][key]
            v[L["tricks_" + key]: L["tricks_" + key] + 2] = (won[me] / 13, won[1 - me] / 13)
        v[L["points"]: L["points"] + 2] = (obs["points"][me], obs["points"][1 - me])
        v[L["deals_left"]] = obs["options"]["deals"] - len(obs["deal_results"])
        return v

    def advance(self, game: GermanWhist, vecs: list, mover: int, card) -> bool:
        L = self.layout.at
        c = card.index
        p = game.play
        hand, known, trick = L["hand"], L["opponent_known"], L["trick"]
        for s, v in enumerate(vecs):
            if v is None:
                continue
            if s == mover:
                v[hand + c] = 0.0
                v[L["played_by_me"] + c] = 1.0
            else:
                v[known + c] = 0.0
                v[L["played_by_opponent"] + c] = 1.0
        if p.trick:
            for v in vecs:
                if v is not None:
                    v[trick + c] = 1.0
                    v[L["to_move"]] = 1.0 - v[L["to_move"]]
            return True
        _, plays, winner = p.tricks[-1]
        n = len(p.tricks)
        for s, v in enumerate(vecs):
            if v is None:
                continue
            for _, pc in plays:
                v[trick + pc] = 0.0
            count_trick(v, L["tricks_stage1" if n <= 13 else "tricks_stage2"] + (0 if winner == s else 1), 13)
            v[L["leader"]] = v[L["to_move"]] = winner == s
        if n > 13:
            return True
        prize, draw = game.prizes[winner][-1], game.draws[1 - winner][-1]
        for s, v in enumerate(vecs):
            if v is None:
                continue
            v[L["prize"] + prize] = 0.0
            if game.stock:
                v[L["prize"] + game.stock[0]] = 1.0
            v[L["stock"]] = len(game.stock) / 26
            if s == winner:
                v[hand + prize] = 1.0
            else:
                v[known + prize] = 1.0
                v[hand + draw] = 1.0
            if n == 13:  # the stock is gone: every unseen card is in the opponent's hand
                v[L["stage2"]] = 1.0
                rest = p.hands[1 - s]
                while rest:
                    low = rest & -rest
                    v[known + low.bit_length() - 1] = 1.0
                    rest ^= low
        return True
