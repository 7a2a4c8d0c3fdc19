"""OpenSpiel bots as arena players: ``openspiel-ismcts:SIMULATIONS`` runs OpenSpiel's own ISMCTS.

The arena hands a player its observation; an OpenSpiel bot needs an OpenSpiel
state. The adapter copies the live game, redeals every card the seat cannot
see from the seat's own observation (:mod:`whistdrive.spiel.resample`) and
makes any later chance explicit, so the bot searches worlds it could have
sampled itself and never the true deal. ISMCTS then resamples again for each
simulation, as it does on any OpenSpiel game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..bots import OPENSPIEL_BOTS
from ..bots.base import Player
from ..errors import UsageError
from ..games import Game
from ..rl import RLGame
from . import games as spiel_games
from .chance import Probe
from .resample import redealable, resample_game

BOTS = OPENSPIEL_BOTS


class SpielPlayer(Player):
    """An OpenSpiel bot playing one seat of a whistdrive game."""

    level = "openspiel-ismcts"

    def __init__(self, game: str, true_game: Callable[[], Game], seed: int | None = None,
                 simulations: int = 1000):
        super().__init__(game, seed)
        live = true_game()
        params = {k: v for k, v in live.options.to_dict().items() if k in spiel_games.PARAMETERS[game]}
        self.spiel_game = pyspiel.load_game(f"whistdrive_{game}", params)
        self.true_game = true_game
        self.simulations = simulations
        state = np.random.RandomState(self.rng.randrange(1 << 31))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state)
        self.bot = ismcts.ISMCTSBot(self.spiel_game, evaluator, uct_c=2.0, max_simulations=simulations,
                                    random_state=state)

    def choose(self, observation: dict, budget: float | None = None) -> str:
        legal = observation["legal"]
        if len(legal) == 1:
            return legal[0]
        seat = observation["seat"]
        world = resample_game(self.true_game(), seat, random.Random(self.rng.randrange(1 << 62)))
        if world.observation(seat) != observation:
            raise RuntimeError("the OpenSpiel state does not match the seat's observation")
        world.chance = Probe([])  # deals after this one become chance nodes, drawn in the search
        state = self.spiel_game.new_initial_state()
        state.steps, state.rl = None, RLGame(world)
        action = self.bot.step(state)
        return str(state.rl.encoding.action(action))


def make_spiel_player(level: str, game: str, true_game: Callable[[], Game], seed: int | None = None,
                      budget: float | None = None) -> Player:
    """``openspiel-ismcts`` with ``budget`` simulations per move (1000 by default)."""
    if level not in BOTS:
        raise ValueError(f"unknown OpenSpiel bot {level!r}: expected one of {', '.join(BOTS)}")
    if not redealable(game):
        raise UsageError(f"{level} cannot play {game} yet: its hidden cards are not redealt")
    simulations = 1000 if budget is None else int(budget)
    if simulations < 1:
        raise ValueError(f"{level} needs at least one simulation per move, not {budget!r}")
    return SpielPlayer(game, true_game, seed, simulations)
