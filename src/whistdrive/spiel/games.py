"""Every whistdrive game as an OpenSpiel Python game (``pyspiel.load_game("whistdrive_german")``).

Importing this module registers ``whistdrive_german``, ``whistdrive_whist``,
``whistdrive_knockout`` and ``whistdrive_humbug``. Each is sequential, imperfect-information, zero-sum,
with explicit chance: the first dealer (one node), each deck (52 nodes, one card
each, top first) and each Knock-out tie-break draw (one node per tied seat).
Player actions are the ids of :mod:`whistdrive.rl` (cards 0-51, then the game's
other decisions). Observation tensors are the RL view's; observation and
information-state strings are the seat's observation dict as JSON.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from ..games import GAMES
from ..rl import RLGame
from .chance import ChanceSteps, NeedChance, Probe
from .resample import resample_game

PARAMETERS = {name: cls.openspiel_parameters() for name, cls in GAMES.items()}
"""OpenSpiel parameters and their defaults (whist plays one deal unless ``length`` says otherwise)."""


def game_type(game: str) -> pyspiel.GameType:
    params = PARAMETERS[game]
    info = GAMES[game].info
    return pyspiel.GameType(
        short_name=f"whistdrive_{game}",
        long_name=f"whistdrive {info.title.en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class WhistdriveGame(pyspiel.Game):
    """One whistdrive game with its options (OpenSpiel parameters)."""

    name: str

    def __init__(self, params=None):
        params = {**PARAMETERS[self.name], **(params or {})}
        self.options = {k: params[k] for k in PARAMETERS[self.name]}
        probe = RLGame(self.name, self.options, seed=0)  # validates the options
        self.encoding = probe.encoding
        length = probe.game.max_decisions()
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions,
            max_chance_outcomes=52,
            num_players=probe.num_seats,
            min_utility=-1.0,  # returns are the game's outcome: +1 a win, -1 a loss
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type(self.name), info, params)
        self.seats = list(range(probe.num_seats))  # OpenSpiel makes a new state for every tensor's shape

    def new_initial_state(self):
        return WhistdriveState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class WhistdriveState(pyspiel.State):
    """A game in progress: the whistdrive game once dealt, or the chance outcome being drawn."""

    def __init__(self, game: WhistdriveGame):
        super().__init__(game)
        self.name, self.options = game.name, game.options
        self.rl: RLGame | None = None
        self.collected: list[dict] = []  # complete outcomes the next game step will replay
        self.held: int | None = None  # a player action waiting for its chance outcomes
        self.steps: ChanceSteps | None = ChanceSteps("dealer", game.seats)

    def _dealt(self) -> RLGame:
        """The game, dealt once the first chance outcomes are drawn."""
        if self.rl is None:
            raise ValueError("the game is not dealt yet: chance outcomes come first")
        return self.rl

    def _drawing(self) -> ChanceSteps:
        """The chance outcomes being drawn."""
        if self.steps is None:
            raise ValueError("no chance outcome is being drawn: a player is to act")
        return self.steps

    # --- turn -------------------------------------------------------------------
    def current_player(self):  # OpenSpiel asks several times a step: one look at the seat to act
        if self.steps is not None:
            return pyspiel.PlayerId.CHANCE
        seat = self._dealt().current_seat
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def is_terminal(self):
        return self.steps is None and self._dealt().is_over

    def _legal_actions(self, player):
        return self._dealt().legal_actions()

    def chance_outcomes(self):
        return self._drawing().outcomes()

    # Called from Python, these three answer without OpenSpiel's trip through C++ and back (C++ callers
    # reach the same answers through _legal_actions, chance_outcomes and the observer).
    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: the acting player's legal ids (the chance outcomes at a chance node)."""
        if player is not None and player != self.current_player():
            return super().legal_actions(player)  # OpenSpiel's own answer for another player
        if self.steps is not None:
            return [a for a, _ in self.steps.outcomes()]
        return self._dealt().legal_actions()

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: 1 for each legal id of the acting player."""
        if player is not None and player != self.current_player():
            return super().legal_actions_mask(player)
        size = self.get_game().max_chance_outcomes() if self.steps is not None else self._dealt().num_actions
        mask = [0] * size
        for a in self.legal_actions():
            mask[a] = 1
        return mask

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's observation tensor, called from Python without its trip through C++ (which makes
        a new state to learn the tensor's size, then copies the tensor twice); C++ callers get the same."""
        if player is None:
            player = self.current_player()
        if self.rl is None:
            return [0.0] * self.get_game().observation_tensor_size()
        return self.rl.observation_tensor(player).tolist()

    def _apply_action(self, action):
        action = int(action)
        if self.steps is None:
            self._play(action)
            return
        self.steps.add(action)
        if self.steps.complete:
            self.collected.append(self.steps.outcome())
            self.steps = None
            self._advance()

    def _play(self, action: int) -> None:
        rl = self._dealt()
        if sum(h.bit_count() for h in rl.game.play.hands.values()) == 1:  # the deal's last card
            self.held = action
            self._advance()
        else:
            rl.apply_action(action)

    def _advance(self) -> None:
        """Start the game or apply the held action if the collected outcomes suffice; else ask for more.

        The held action is tried on the live game: when an outcome is missing, the game's own
        ``_commit`` puts it back as it was (the Probe is a scripted chance source).
        """
        rl, held = self.rl, self.held
        if rl is None:
            game = _unstarted(self.name, self.options)
            chance = game.chance = Probe(self.collected)
        else:
            game = rl.game
            if not isinstance(game.chance, Probe):
                raise TypeError("the dealt game draws its chance from the adapter's Probe")
            chance = game.chance
            chance._queue = list(self.collected)
        chance.cards_used = game.deck_cards_used  # asked mid-deal, before any undo
        chance.trying = True
        try:
            if rl is None:
                game._start()
            elif held is not None:
                rl.apply_action(held)
        except NeedChance as need:
            self.steps = ChanceSteps(need.kind, need.seats, need.used)
            return
        finally:
            chance.trying, chance.cards_used = False, None  # no closure left in copies of the state
        if rl is None:
            self.rl = RLGame(game)
        self.held = None
        self.collected = []

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one: hidden cards redealt from its observation."""
        if self.steps is not None:
            raise ValueError("resampling is for decision nodes, not while chance is being drawn")
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        world = self.clone()
        world.rl = RLGame(resample_game(self._dealt().game, player_id, rng))
        return world

    # --- strings and results -------------------------------------------------------
    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return self.steps.describe(action) if self.steps else f"chance:{action}"
        return self._dealt().action_to_string(action)

    def returns(self):
        return self._dealt().returns() if self.is_terminal() else [0.0] * self.get_game().num_players()

    def __str__(self):
        if self.rl is None:
            return f"dealing ({self._drawing().kind})"
        return json.dumps({"actions": [str(a) for _, a in self.rl.game.actions], "chance": self.rl.game.chance.log})


def _unstarted(name: str, options: dict):
    """A game not dealt yet: its ``_start`` takes the first dealer and deck from its chance source."""
    cls = GAMES[name]
    game = cls.__new__(cls)
    game.options = cls.Options.from_dict(options)
    game.actions = []
    return game


class Observer:
    """OpenSpiel's observer for a whistdrive game: the RL tensor, and the observation as JSON.

    The information state (perfect recall) has a string, the observation as JSON, which
    holds every card the seat has seen played; it has no tensor of its own, so asking for
    one is an error rather than the observation tensor under another name.
    """

    def __init__(self, game: WhistdriveGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.game_name = game.name
        if iig_obs_type.perfect_recall:
            self.tensor, self.dict = None, {}
            return
        layout = game.encoding.layout
        self.tensor = np.zeros(layout.size, np.float32)
        # one named piece: OpenSpiel copies each piece on every call (the features' offsets are in encoding.layout)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WhistdriveState, player: int) -> None:
        if self.tensor is None:
            raise ValueError(f"whistdrive_{self.game_name} provides no information-state tensor: use "
                             "observation_tensor() (the RL view) or information_state_string()")
        if state.rl is None:
            self.tensor.fill(0.0)
        else:
            state.rl.observation_tensor(player, out=self.tensor)

    def string_from(self, state: WhistdriveState, player: int) -> str:
        if state.rl is None:
            return f"seat {player}: dealing"
        return json.dumps(state.rl.observation(player), sort_keys=True, ensure_ascii=False)


def _game_class(name: str) -> type[WhistdriveGame]:
    return type(f"Whistdrive{name.title()}Game", (WhistdriveGame,), {"name": name})


for _name in PARAMETERS:
    pyspiel.register_game(game_type(_name), _game_class(_name))
