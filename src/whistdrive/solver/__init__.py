"""Exact perfect-information solvers for the whist family.

See docs/solver.md for the semantics of every value.  ``warm_up()`` compiles
(or loads from numba's cache) the kernels; call it once at start-up.
"""

from .api import (
    InvalidPosition,
    Position,
    TwoHandSolver,
    can_take_a_trick,
    card_values,
    last_stats,
    run_on_two_hand_table,
    side_one_tricks,
    solve,
    solve_knockout,
    solve_two_hand,
    solve_whist,
    values_knockout,
    values_two_hand,
    values_whist,
    warm_up,
)
from .german import solve_german_stage1, values_german_stage1

__all__ = [
    "InvalidPosition",
    "Position",
    "TwoHandSolver",
    "can_take_a_trick",
    "card_values",
    "last_stats",
    "run_on_two_hand_table",
    "side_one_tricks",
    "solve",
    "solve_german_stage1",
    "solve_knockout",
    "solve_two_hand",
    "solve_whist",
    "values_german_stage1",
    "values_knockout",
    "values_two_hand",
    "values_whist",
    "warm_up",
]
