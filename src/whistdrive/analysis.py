"""Post-game analysis: the solver's value of each card played against the best card.

A decision is analysed where the position is fully known to the solver: German
Whist stage 2 (perfect information) and, double-dummy, every card of whist,
Knock-out Whist and Humbug Whist's play (a finished game reveals every hand).
The ``solve`` and ``analyse`` commands that print it are :mod:`whistdrive.analysis_cli`.
"""

from __future__ import annotations

from .cards import DECK, Card
from .games import Game
from .records import replay


def solver_values(game: Game) -> tuple[dict[int, int], str] | None:
    """Values (tricks from here on) of the legal cards of the seat to move, and what they count;
    ``None`` where the solver has no exact answer (German stage 1, a trump choice, an exchange)."""
    if game.decision is None or game.decision.value != "play":
        return None
    return SOLVERS[game.name](game)


def _two_hands(game: Game) -> tuple[dict[int, int], str] | None:
    """German stage 2 and Humbug Whist's play: two hands, both known once the stock is gone."""
    from . import solver

    if getattr(game, "stock", None):
        return None
    p = game.play
    return solver.values_two_hand(p.hands[0], p.hands[1], p.trump, p.leader, list(p.trick)), "tricks"


def _whist(game: Game) -> tuple[dict[int, int], str]:
    from . import solver

    p = game.play
    return solver.values_whist([p.hands[s] for s in range(4)], p.trump, p.leader, list(p.trick)), "side tricks"


def _knockout(game: Game) -> tuple[dict[int, int], str]:
    from . import solver

    p = game.play
    order = p.order  # the remaining seats, clockwise
    index = {s: i for i, s in enumerate(order)}
    values = solver.values_knockout([p.hands[s] for s in order], p.trump, index[p.leader],
                                    [(index[s], c) for s, c in p.trick], index[p.to_play])
    return values, "sure tricks"


SOLVERS = {"german": _two_hands, "humbug": _two_hands, "whist": _whist, "knockout": _knockout}


def analyse(record: dict) -> list[dict]:
    """One entry per analysed decision: who played what, its value, the best value."""
    final = replay(record)
    game = type(final)(final.options, chance=record["chance"])
    out = []
    for seat, action in final.actions:
        found = solver_values(game)
        if found is not None and isinstance(action, Card):  # found: a card play
            values, unit = found
            best = max(values.values())
            played = values[action.index]
            out.append({"deal": game.deal_number, "trick": len(game.play.tricks) + 1, "seat": seat,
                        "card": str(action), "value": played, "best": best,
                        "best_cards": [str(DECK[c]) for c, v in values.items() if v == best], "unit": unit})
        game.apply(action, seat=seat)
    return out
