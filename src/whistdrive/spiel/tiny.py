"""Tiny German Whist, a research variant for exact methods (CFR, exploitability): OpenSpiel only.

>>> import pyspiel
>>> import whistdrive.spiel.tiny  # registers whistdrive_tiny_german
>>> game = pyspiel.load_game("whistdrive_tiny_german")
>>> game.get_parameters()
{'hand': 2, 'ranks': 3, 'suits': 2}

German Whist shrunk until its whole tree fits in memory: the top ``ranks``
cards of the first ``suits`` suits (by default A, K, Q of spades and hearts),
``hand`` cards each, and the rest as the stock. Stage 1 has a trick per two
stock cards (its winner takes the face-up prize, the loser draws the next card
unseen; the first face-up card sets trumps), stage 2 plays the hands out, and
the player who wins more stage-2 tricks wins (+1, -1; 0 when they tie). Both
stages follow suit. Player 0 leads first (no dealer is drawn). Chance deals
player 0's hand, then player 1's, a card a node in increasing order (so a hand
is reached one way, with the probability of a uniform deal), then the stock
card by card, top first; chance outcomes are card ids.

It is a research variant: it is not one of the engine's games (no lobby,
command line, bots or records), only an OpenSpiel game, built on the engine's
trick core and deal scoring. Actions are the card ids of :mod:`whistdrive.rl`.
The information state (perfect recall) is a string: the player's dealt hand,
every face-up prize, its own draws and every card played, in order.
"""

from __future__ import annotations

from math import comb

import pyspiel

from ..cards import DECK
from ..games.german import deal_points
from ..games.trick import beats, legal_mask

PARAMETERS = {"suits": 2, "ranks": 3, "hand": 2}
"""The variant's size: suits (1-4), top ranks of each (1-13), cards a hand."""


def _deck(suits: int, ranks: int) -> list[int]:
    return [s * 13 + r for s in range(suits) for r in range(13 - ranks, 13)]


def _check(params: dict) -> tuple[int, int, int]:
    suits, ranks, hand = (int(params[k]) for k in ("suits", "ranks", "hand"))
    stock = suits * ranks - 2 * hand
    if not (1 <= suits <= 4 and 1 <= ranks <= 13 and hand >= 1 and stock >= 2 and stock % 2 == 0):
        raise ValueError(f"tiny German Whist needs 1-4 suits, 1-13 ranks, at least one card a hand and an even "
                         f"stock of at least 2 cards; got suits={suits}, ranks={ranks}, hand={hand} "
                         f"(stock {stock})")
    return suits, ranks, hand


_TYPE = pyspiel.GameType(
    short_name="whistdrive_tiny_german",
    long_name="whistdrive tiny German Whist (research variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification=PARAMETERS,
)


class TinyGermanGame(pyspiel.Game):
    """Tiny German Whist with its size (OpenSpiel parameters)."""

    def __init__(self, params=None):
        params = {**PARAMETERS, **(params or {})}
        suits, ranks, hand = _check(params)
        deck = _deck(suits, ranks)
        info = pyspiel.GameInfo(
            num_distinct_actions=52,
            max_chance_outcomes=52,  # chance outcomes are card ids
            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=len(deck))  # decisions: every card is played
        super().__init__(_TYPE, info, params)
        self.deck, self.hand, self.stock_size = tuple(deck), hand, len(deck) - 2 * hand

    def new_initial_state(self):
        return TinyGermanState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer()


class TinyGermanState(pyspiel.State):
    """A deal of tiny German Whist."""

    def __init__(self, game: TinyGermanGame):
        super().__init__(game)
        # the sizes, not the game: a state's copies must not copy the game
        self.deck, self.hand_size, self.stock_size = game.deck, game.hand, game.stock_size
        self.hands = [0, 0]
        self.stock: list[int] = []  # top first: stock[0] is the face-up prize
        self.dealt = 0  # cards dealt: player 0's hand, player 1's, then the stock
        self.trump = -1
        self.leader = self.to_play = 0
        self.trick: list[int] = []  # cards on the current trick, in play order
        self.tricks = 0
        self.won2 = [0, 0]  # stage-2 tricks won
        self.seen: list[list[str]] = [[], []]  # what each player has seen, in order (its information state)

    def _left(self) -> list[int]:
        used = self.hands[0] | self.hands[1]
        return [c for c in self.deck if not (used >> c & 1) and c not in self.stock]

    # --- turn ---------------------------------------------------------------------------
    def current_player(self):
        if self.dealt < len(self.deck):
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.to_play

    def is_terminal(self):
        return self.tricks == self.stock_size // 2 + self.hand_size

    def chance_outcomes(self):
        left = self._left()
        if self.dealt >= 2 * self.hand_size:
            return [(c, 1.0 / len(left)) for c in left]
        seat, k = divmod(self.dealt, self.hand_size)
        need = self.hand_size - k  # cards this hand still gets, each above the last one dealt to it
        higher = [c for c in left if c > self.hands[seat].bit_length() - 1]
        m = len(higher)  # the next card is the lowest of a uniform choice of `need` among `higher`
        return [(c, comb(m - 1 - i, need - 1) / comb(m, need)) for i, c in enumerate(higher) if m - 1 - i >= need - 1]

    def _legal_actions(self, player):
        led = self.trick[0] // 13 if self.trick else None
        bits = legal_mask(self.hands[player], led)
        return [c for c in range(52) if bits >> c & 1]

    def _apply_action(self, action):
        if self.is_chance_node():
            self._deal(int(action))
        else:
            self._play(int(action))

    def _deal(self, action: int) -> None:
        if self.dealt < 2 * self.hand_size:
            seat = self.dealt // self.hand_size
            self.hands[seat] |= 1 << action
            self.seen[seat].append(f"card:{DECK[action]}")
        else:
            self.stock.append(action)
            if len(self.stock) == 1:  # the first stock card is face up and sets trumps
                self.trump = action // 13
                self._show(f"prize:{DECK[action]}")
        self.dealt += 1

    def _play(self, card: int) -> None:
        s = self.to_play
        self.hands[s] &= ~(1 << card)
        self.trick.append(card)
        self._show(f"{s}:{DECK[card]}")
        if len(self.trick) == 1:
            self.to_play = 1 - s
            return
        lead = self.trick[0]
        winner = s if beats(card, lead, self.trump) else 1 - s
        self.trick = []
        self.tricks += 1
        self.leader = self.to_play = winner
        if self.stock:  # stage 1: the winner takes the prize, the loser draws the next card unseen
            prize, draw, *self.stock = self.stock
            self.hands[winner] |= 1 << prize
            self.hands[1 - winner] |= 1 << draw
            self.seen[1 - winner].append(f"draw:{DECK[draw]}")
            if self.stock:
                self._show(f"prize:{DECK[self.stock[0]]}")
        else:
            self.won2[winner] += 1

    def _show(self, event: str) -> None:
        for log in self.seen:
            log.append(event)

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        winner, _ = deal_points((self.won2[0], self.won2[1]), False, "last13", "game")
        return [0.0, 0.0] if winner is None else [1.0 if winner == 0 else -1.0, 1.0 if winner == 1 else -1.0]

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealt < 2 * self.hand_size:
                return f"deal {self.dealt // self.hand_size}: {DECK[action]}"
            return f"stock: {DECK[action]}"
        return str(DECK[action])

    def __str__(self):
        return " ".join(self.seen[0]) + " | " + " ".join(self.seen[1])


class _Observer:
    """The information state as a string; no tensor (the game provides none)."""

    tensor = None
    dict: dict = {}

    def set_from(self, state, player):
        raise ValueError("whistdrive_tiny_german provides no tensors: use information_state_string()")

    def string_from(self, state, player):
        return f"p{player} " + " ".join(state.seen[player])


pyspiel.register_game(_TYPE, TinyGermanGame)
