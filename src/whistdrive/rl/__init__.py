"""The RL-facing view of every game: fixed action ids, legal masks, tensors and returns.

>>> from whistdrive.rl import RLGame
>>> g = RLGame("knockout", {"players": 3}, seed=7)
>>> g.num_actions  # 52 cards, then the four trump suits
56
"""

from .encoding import GameRL
from .layout import Layout
from .view import ENCODINGS, RULES, RLGame, encoding_for, rules_for

__all__ = ["ENCODINGS", "RULES", "GameRL", "Layout", "RLGame", "encoding_for", "rules_for"]
