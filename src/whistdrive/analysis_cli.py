"""The ``solve`` and ``analyse`` commands: the solver's values printed for a person."""

from __future__ import annotations

import argparse

from .analysis import analyse
from .cards import Card
from .games import Game
from .i18n import gettext_for
from .records import replay


def format_analysis(entries: list[dict], game: Game, lang: str = "en") -> str:
    """One line per analysed card (cards in the language's notation), then the tricks each seat lost."""
    _ = gettext_for(lang)[0]

    def card(text: str) -> str:
        c = Card.parse(text)
        return c.russian() if lang == "ru" else c.english()

    lost: dict[int, int] = {}
    lines = []
    for e in entries:
        loss = e["best"] - e["value"]
        lost[e["seat"]] = lost.get(e["seat"], 0) + loss
        mark = "" if loss == 0 else f"  −{loss}  " + _("best") + ": " + " ".join(card(c) for c in e["best_cards"])
        lines.append(f"{e['deal']}.{e['trick']:<3} {game.seat_names[e['seat']]:<3} {card(e['card']):<4}"
                     f" {e['value']}/{e['best']}{mark}")
    head = _("deal.trick seat card value/best")
    summary = _("tricks lost: ") + ", ".join(f"{game.seat_names[s]} {n}" for s, n in sorted(lost.items()))
    return "\n".join([head, *lines, summary]) + "\n"


POSITION_FORM = """\
A position is text, one "key: value" a line ('#' starts a comment):

  game: whist            # german, whist or knockout
  trump: H               # S H D C, ♠ ♥ ♦ ♣, or NT for no trump
  leader: S              # whist: N E S W (or С В Ю З); the others: a seat number
  N: AS KS 10H           # one line per seat, its cards; '-' for an empty hand
  E: QS JS 9H
  S: 3S Д♦
  W: 4S 5S 2D
  trick: 2S              # cards already on the trick, from the leader on

Cards in English (QH, 10♥, TH) or Russian (Д♥) notation. German Whist has
seats 0: and 1: and may add stock: (top card first; the first is the face-up
prize), count: stage2 or all26, and follow_suit: yes or no. Knock-out has
seats 0: to n-1: and may add seat: k (whose sure tricks to show; default the
seat to move). Hands are of one size, but a seat that has played to the trick
holds a card fewer.

The output lists each legal card of the seat to move with its value: the
tricks still to come that this seat (in whist, its partnership) takes after
that card when every card is seen and everybody plays their best. German
Whist counts only the tricks that count; Knock-out gives the tricks the seat
of seat: is sure of when all the others play against it.
"""


def register(sub) -> None:
    solve = sub.add_parser("solve", help="values of every legal card in a position (perfect information)",
                           description="Read a position and print the value of every legal card.",
                           epilog=POSITION_FORM, formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("file", help="position file, or - for standard input")
    solve.add_argument("--lang", choices=("en", "ru"), default="en", help="language of the verdicts (default en)")
    solve.set_defaults(run=_run_solve)
    an = sub.add_parser("analyse", aliases=["analyze"], help="the solver's verdict on each card of a record",
                        description="For each decision of a record whose position is fully known (German Whist "
                                    "stage 2, Humbug Whist after the exchange) or double-dummy (whist, knock-out), print the value of the card "
                                    "played against the best card.")
    an.add_argument("record", help="a .json record")
    an.add_argument("--lang", choices=("en", "ru"), default="en", help="language of the report (default en)")
    an.set_defaults(run=_run_analyse)


def _run_solve(args) -> int:
    """A bad file or position is the command line's to report (one line on stderr, exit 2)."""
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
