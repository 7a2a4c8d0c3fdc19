"""Post-game analysis: the solver's value of each card played against the best card.

A decision is analysed where the position is fully known to the solver: German
Whist stage 2 (perfect information) and, double-dummy, every card of whist,
Knock-out Whist and Humbug Whist's play (a finished game reveals every hand).
The ``solve`` and ``analyse`` commands that print it are :mod:`whistdrive.analysis_cli`.
"""

from __future__ import annotations

from .cards import DECK, Card
from .games import Game, new_game, replay_steps
from .records import replay


def solver_values(game: Game) -> tuple[dict[int, int], str] | None:
    """Values (tricks from here on) of the legal cards of the seat to move, and what they count;
    ``None`` where the solver has no exact answer (German stage 1, a trump choice, an exchange).
    The position is the game's own (:meth:`~whistdrive.games.Game.solver_position`)."""
    pos = game.solver_position()
    if pos is None:
        return None
    from . import solver

    return solver.card_values(list(pos.hands), pos.trump, pos.leader, list(pos.trick), pos.sides), pos.unit


def analyse(record: dict) -> list[dict]:
    """One entry per analysed decision: who played what, its value, the best value."""
    final = replay(record)
    game = new_game(final.name, final.options, chance=record["chance"])
    out = []
    for seat, action in replay_steps(game, final.actions):
        found = solver_values(game)
        if found is not None and isinstance(action, Card):  # found: a card play
            values, unit = found
            best = max(values.values())
            played = values[action.index]
            out.append({"deal": game.deal_number, "trick": len(game.play.tricks) + 1, "seat": seat,
                        "card": str(action), "value": played, "best": best,
                        "best_cards": [str(DECK[c]) for c, v in values.items() if v == best], "unit": unit})
    return out
