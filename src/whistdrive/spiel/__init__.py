"""OpenSpiel integration (needs the rl extra: ``pip install ".[rl]"``): the games, and OpenSpiel bots as players.

>>> import pyspiel
>>> import whistdrive.spiel  # registers whistdrive_german, whistdrive_whist, whistdrive_knockout
>>> pyspiel.load_game("whistdrive_knockout", {"players": 3}).num_players()
3
"""

from .games import PARAMETERS, WhistdriveGame, WhistdriveState

__all__ = ["PARAMETERS", "WhistdriveGame", "WhistdriveState"]
