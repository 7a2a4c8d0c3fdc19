"""The RL-facing view of every game: fixed action ids, legal masks, tensors and returns.

>>> from whistdrive.rl import RLGame
>>> g = RLGame("knockout", {"players": 3}, seed=7)
>>> g.num_actions  # 52 cards, then the four trump suits
56
"""

from .layout import Layout
from .rules import GameRL
from .view import RULES, RLGame, rules_for

__all__ = ["RULES", "GameRL", "Layout", "RLGame", "rules_for"]
