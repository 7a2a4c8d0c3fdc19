"""What a Knock-out Whist deal is worth: the chance of winning the game after it.

A deal matters only through who survives it and who deals next — the player
with the most tricks deals, chooses trump after seeing their hand and leads,
and that is worth a great deal (two players, two cards each: the dealer wins
the game 72 % of the time).  :data:`DEALER_WINS` holds, for the next deal's
hand size and number of players, how often its dealer goes on to win when
everyone plays the classic policy; :func:`deal_value` turns a deal's trick
counts into my chance of winning the game.

The table is measured, not guessed: ``python -m whistdrive.bots.knockout_odds``
plays the rest of the game from random deals and prints it again.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import numpy as np

from ..cards import FULL_MASK
from ..games.trick import legal_mask, winning_play
from .classic import classic_card
from .heuristic import trump_by_strength

DEALER_WINS: dict[tuple[int, int], float] = {
    (1, 2): 0.882, (1, 3): 0.784, (1, 4): 0.694, (1, 5): 0.621, (1, 6): 0.556, (1, 7): 0.505,
    (2, 2): 0.718, (2, 3): 0.572, (2, 4): 0.498, (2, 5): 0.440, (2, 6): 0.408, (2, 7): 0.381,
    (3, 2): 0.678, (3, 3): 0.533, (3, 4): 0.461, (3, 5): 0.406, (3, 6): 0.371, (3, 7): 0.333,
    (4, 2): 0.604, (4, 3): 0.483, (4, 4): 0.413, (4, 5): 0.368, (4, 6): 0.331, (4, 7): 0.307,
    (5, 2): 0.568, (5, 3): 0.434, (5, 4): 0.368, (5, 5): 0.325, (5, 6): 0.299, (5, 7): 0.271,
    (6, 2): 0.534, (6, 3): 0.406, (6, 4): 0.334, (6, 5): 0.296, (6, 6): 0.268, (6, 7): 0.247,
}
"""(cards per player, players) → how often the dealer of such a deal wins the game.

Measured by :func:`main` with 20,000 games a cell, seed 0 (a cell is within ±0.007 at 95 %)."""


def classic_chances(cards: int, players: int) -> tuple[float, float]:
    """(the dealer's chance of winning the game from such a deal, each other player's) when everyone
    plays the classic policy: :data:`DEALER_WINS`, the others sharing the rest."""
    d = DEALER_WINS[(cards, players)]
    return d, (1.0 - d) / (players - 1)


def odds_table(mine: dict[tuple[int, int], tuple[float, float]] | None = None) -> np.ndarray:
    """``[cards, players]`` -> (my chance of winning the game from a deal of that size as its dealer, as
    another player in it): ``mine`` where given, else :func:`classic_chances`.  One array for the
    Python and the compiled playouts."""
    table = np.zeros((8, 8, 2))
    for cards, players in DEALER_WINS:
        table[cards, players] = (mine or {}).get((cards, players)) or classic_chances(cards, players)
    return table


CLASSIC_ODDS = odds_table()
"""Everyone plays the classic policy: the frozen reference's view of every deal."""

EXPERT_WINS: dict[tuple[int, int], tuple[float, float]] = {
    (1, 2): (0.869, 0.113), (2, 2): (0.776, 0.239), (2, 3): (0.618, 0.169), (3, 2): (0.763, 0.333),
    (3, 3): (0.591, 0.211), (3, 4): (0.443, 0.216), (4, 2): (0.731, 0.422), (4, 3): (0.59, 0.283),
    (4, 4): (0.464, 0.244), (5, 2): (0.747, 0.486), (5, 3): (0.523, 0.347), (5, 4): (0.474, 0.249),
    (6, 2): (0.633, 0.501), (6, 3): (0.546, 0.385), (6, 4): (0.447, 0.274),
}
"""(cards per player, players) → the expert's chance of winning the game from such a deal, as its
dealer and as another player, against classic players (:func:`expert_deals`: 4,000 four-player
games, 16,342 deals, the expert at 200 worlds a move; each cell drawn towards the classic chance as
if 25 more deals had gone that way).  It deals better than a classic player and gains more from it:
with 6 cards and 4 players 0.447 against 0.334.  Cells no such game reaches (5 to 7 players) keep
the classic chances."""

EXPERT_ODDS = odds_table(EXPERT_WINS)
"""The expert's view of a deal: its own chances from the next one (the others' as classic)."""


def deal_value(me: int, won: dict[int, int], cards: int, odds: np.ndarray = CLASSIC_ODDS) -> float:
    """My chance of winning the game after a deal of ``cards`` cards that ended with ``won`` tricks.

    Out is 0, the last one standing 1; otherwise the next deal's dealer (the
    most tricks, a tie drawn at random) and the other survivors win it with
    the chances of ``odds`` (:func:`odds_table`).
    """
    if won.get(me, 0) == 0:
        return 0.0
    survivors = [s for s, n in won.items() if n > 0]
    if len(survivors) == 1:
        return 1.0
    top = max(won.values())
    tied = sum(1 for n in won.values() if n == top)
    dealer, other = odds[cards - 1, len(survivors)]
    if won[me] < top:
        return float(other)
    return float((dealer + (tied - 1) * other) / tied)


class Deal:
    """A deal in progress on bare masks, played on with the classic policy (cheap enough for playouts)."""

    __slots__ = ("hands", "order", "seq", "trick", "trump", "won", "gone")

    def __init__(self, hands: dict[int, int], order: list[int], leader: int, trick: list[tuple[int, int]],
                 trump: int | None, won: dict[int, int], gone: int):
        self.hands = dict(hands)
        self.order = order
        self.seq = order[order.index(leader):] + order[:order.index(leader)]  # this trick's seats in turn
        self.trick = list(trick)
        self.trump = trump
        self.won = dict(won)
        self.gone = gone

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.hands, d.order, d.seq, d.trick = dict(self.hands), self.order, self.seq, list(self.trick)
        d.trump, d.won, d.gone = self.trump, dict(self.won), self.gone
        return d

    @property
    def seat(self) -> int:
        """The seat to play."""
        return self.seq[len(self.trick)]

    def legal(self) -> int:
        hand = self.hands[self.seat]
        return legal_mask(hand, self.trick[0][1] // 13) if self.trick else hand

    def play(self, card: int) -> bool:
        """Play ``card`` for the seat to play; False once the deal is over."""
        s = self.seat
        self.hands[s] &= ~(1 << card)
        self.gone |= 1 << card
        self.trick.append((s, card))
        if len(self.trick) < len(self.order):
            return True
        leader = winning_play(self.trick, self.trump)[0]
        self.won[leader] += 1
        self.trick = []
        i = self.order.index(leader)
        self.seq = self.order[i:] + self.order[:i]
        return self.hands[leader] != 0

    def run(self, stop: int | None = None) -> bool:
        """Classic play for every seat until the deal ends (False) or ``stop`` has a choice to make (True)."""
        if not self.trick and self.hands[self.seat] == 0:
            return False
        while True:
            s = self.seat
            hand = self.hands[s]
            legal = self.legal()
            if s == stop and legal & (legal - 1):
                return True
            card = classic_card(hand, legal, self.trick, self.trump, {s}, FULL_MASK & ~(hand | self.gone),
                                self.seq[len(self.trick) + 1:])
            if not self.play(card):
                return False


def dealer_won_game(cards: int, players: int, rng: random.Random) -> bool:
    """Play a game on from a deal of ``cards`` cards to ``players`` players; did its dealer win?"""
    seats = list(range(players))
    dealer = 0
    for size in range(cards, 0, -1):
        deck = rng.sample(range(52), len(seats) * size)
        hands = {s: 0 for s in seats}
        for i, c in enumerate(deck):
            hands[seats[i % len(seats)]] |= 1 << c
        trump = trump_by_strength(hands[dealer])
        deal = Deal(hands, seats, dealer, [], trump, {s: 0 for s in seats}, 0)
        deal.run()
        won = deal.won
        seats = [s for s in seats if won[s] > 0]
        if len(seats) == 1:
            return seats[0] == 0
        top = max(won.values())
        dealer = rng.choice([s for s in seats if won[s] == top])
    raise AssertionError("a one-card deal leaves exactly one player")


def measure(games: int, seed: int = 0) -> dict[tuple[int, int], float]:
    """Estimate :data:`DEALER_WINS` from ``games`` games per cell."""
    from tqdm import tqdm

    rng = random.Random(seed)
    out = {}
    for cards, players in tqdm(sorted(DEALER_WINS), desc="cells", unit="cell"):
        out[cards, players] = sum(dealer_won_game(cards, players, rng) for _ in range(games)) / games
    return out


def expert_deals(games: int, worlds: int, seed: int = 0, players: int = 4) -> Iterator[list[tuple[int, int, bool, bool]]]:
    """The expert (``worlds`` a move, in each seat in turn) against classic players, game after game:
    for every deal it plays, (cards each, players, whether it deals, whether it went on to win the game)."""
    from .. import new_game
    from . import make_player

    for i in range(games):
        g = new_game("knockout", {"players": players}, seed=seed + i)
        me = i % players
        bots = [make_player("expert" if s == me else "intermediate", "knockout", seed=i * 10 + s,
                            worlds=worlds if s == me else None) for s in range(players)]
        deals: dict[int, tuple[int, int, bool]] = {}
        while not g.is_over:
            seat = g.current_seat
            assert seat is not None
            obs: dict = dict(g.observation(seat))
            if obs["deal_number"] not in deals and me in obs["active"]:
                deals[obs["deal_number"]] = (obs["hand_size"], len(obs["active"]), obs["dealer"] == me)
            g.apply(bots[seat].choose(obs))
        outcome = g.outcome()
        won = outcome is not None and me in outcome.winners
        yield [(*d, won) for d in deals.values()]


def expert_odds(rows: list[tuple[int, int, bool, bool]], prior: int = 25) -> dict[tuple[int, int], tuple[float, float]]:
    """The expert's chances from a deal of each size as its dealer or not, from :func:`expert_deals`;
    each cell drawn towards the classic chance as if ``prior`` more deals had gone that way."""
    tally: dict[tuple[int, int, bool], list[int]] = {}
    for cards, players, deals, won in rows:
        t = tally.setdefault((cards, players, deals), [0, 0])
        t[0] += won
        t[1] += 1
    out = {}
    for cards, players in DEALER_WINS:
        if not any((cards, players, x) in tally for x in (True, False)):
            continue
        cell = []
        for deals, classic in zip((True, False), classic_chances(cards, players)):
            wins, n = tally.get((cards, players, deals), (0, 0))
            cell.append((wins + prior * classic) / (n + prior))
        out[cards, players] = (round(cell[0], 3), round(cell[1], 3))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m whistdrive.bots.knockout_odds",
        description="Measure how often the dealer of a Knock-out Whist deal wins the game (classic play "
                    "for everyone) and print the table to paste into DEALER_WINS; with --expert, the "
                    "expert's own chances as dealer or not, for EXPERT_WINS.")
    parser.add_argument("--games", type=int, default=20000,
                        help="games per cell (default 20000); with --expert, games in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expert", type=int, metavar="WORLDS",
                        help="play the expert (WORLDS a move) against classic players instead")
    parser.add_argument("--players", type=int, default=4, help="players of the expert's games (default 4)")
    args = parser.parse_args(argv)
    if args.expert:
        from tqdm import tqdm

        games = expert_deals(args.games, args.expert, args.seed, args.players)
        rows = [row for game in tqdm(games, total=args.games, desc="games", unit="game") for row in game]
        for key, cell in sorted(expert_odds(rows).items()):
            print(f"    {key}: {cell},")
        return
    table = measure(args.games, args.seed)
    for cards in range(1, 7):
        print("    " + " ".join(f"({cards}, {p}): {table[(cards, p)]:.3f}," for p in range(2, 8)))


if __name__ == "__main__":
    main()
