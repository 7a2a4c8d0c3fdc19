"""Post-game analysis: the solver's value of each card played against the best card.

A decision is analysed where the position is fully known to the solver: German
Whist stage 2 (perfect information) and, double-dummy, every card of whist,
Knock-out Whist and Humbug Whist's play (a finished game reveals every hand).
"""

from __future__ import annotations

from .cards import DECK
from .games import Game
from .records import replay
from .terminal.render import Style


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
                                    [(index[s], c) for s, c in p.trick], index[game.current_seat])
    return values, "sure tricks"


SOLVERS = {"german": _two_hands, "humbug": _two_hands, "whist": _whist, "knockout": _knockout}


def analyse(record: dict) -> list[dict]:
    """One entry per analysed decision: who played what, its value, the best value."""
    final = replay(record)
    game = type(final)(final.options, chance=record["chance"])
    out = []
    for seat, action in final.actions:
        found = solver_values(game)
        if found is not None:
            values, unit = found
            best = max(values.values())
            played = values[action.index]
            out.append({"deal": game.deal_number, "trick": len(game.play.tricks) + 1, "seat": seat,
                        "card": str(action), "value": played, "best": best,
                        "best_cards": [str(DECK[c]) for c, v in values.items() if v == best], "unit": unit})
        game.apply(action, seat=seat)
    return out


def format_analysis(entries: list[dict], game: Game, lang: str = "en") -> str:
    style = Style(lang, color=False)
    lost: dict[int, int] = {}
    lines = []
    for e in entries:
        loss = e["best"] - e["value"]
        lost[e["seat"]] = lost.get(e["seat"], 0) + loss
        mark = "" if loss == 0 else f"  −{loss}  " + ("лучше" if lang == "ru" else "best") + ": " + \
            " ".join(style.card(c) for c in e["best_cards"])
        lines.append(f"{e['deal']}.{e['trick']:<3} {game.seat_names[e['seat']]:<3} {style.card(e['card']):<4}"
                     f" {e['value']}/{e['best']}{mark}")
    head = "сдача.взятка место карта значение/лучшее" if lang == "ru" else "deal.trick seat card value/best"
    summary = ("потеряно взяток: " if lang == "ru" else "tricks lost: ") + \
        ", ".join(f"{game.seat_names[s]} {n}" for s, n in sorted(lost.items()))
    return "\n".join([head, *lines, summary]) + "\n"


def register(sub) -> None:
    solve = sub.add_parser("solve", help="values of every legal card in a position (perfect information)",
                           description="Read a position in the text form of docs/solver.md and print the value "
                                       "of every legal card.")
    solve.add_argument("file", help="position file, or - for standard input")
    solve.add_argument("--lang", choices=("en", "ru"), default="en")
    solve.set_defaults(run=_run_solve)
    an = sub.add_parser("analyse", aliases=["analyze"], help="the solver's verdict on each card of a record",
                        description="For each decision of a record whose position is fully known (German Whist "
                                    "stage 2, Humbug Whist after the exchange) or double-dummy (whist, knock-out), print the value of the card "
                                    "played against the best card.")
    an.add_argument("record", help="a .json record")
    an.add_argument("--lang", choices=("en", "ru"), default="en")
    an.set_defaults(run=_run_analyse)


def _run_solve(args) -> int:
    import sys

    from .solver.position import run_solve

    if args.file == "-":
        text = sys.stdin.read()
    else:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    print(run_solve(text, args.lang), end="")
    return 0


def _run_analyse(args) -> int:
    from .records import read_records

    for _, record in read_records(args.record):
        game = replay(record)
        print(format_analysis(analyse(record), game, args.lang), end="")
    return 0
