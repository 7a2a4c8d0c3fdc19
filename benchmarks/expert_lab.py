"""Expert experiments in any game: the arena with settings of the expert, and two runs paired deal by deal.

``match GAME``: the arena (duplicate deals, seats swapped or rotated) with
``--set NAME=VALUE`` applied to the game's expert class (an attribute that
only the non-reference expert reads, so ``expert-2026.11`` stays frozen), to
try a setting without editing the code.  Bots as in the arena
(``expert:worlds=200``, ``expert-2026.11:worlds=200``, ``intermediate``,
``cheater``).  Prints the arena's report; ``--json`` keeps the first bot's
score difference and win share per deal.

``--partner-face-up`` (whist, measurement only): the bot named ``cheater`` becomes the
expert sampling its worlds as usual but with its partner's hand face up — what a perfect
signalling agreement could tell a pair at most, short of the opponents' cards; with
``--reveal honours`` only the partner's A K Q of each suit, with ``--reveal shape`` only its suit
lengths.

``--honest-exchange`` (Humbug Whist, measurement only): the bot named ``cheater`` exchanges as the
expert does, from sampled worlds, and sees every card only once the play starts.

``--late-sight K`` (Knock-out, measurement only): the bot named ``cheater`` chooses trump and plays
the first K tricks of every deal as the expert does, and sees every hand only after them.

``pair A.json B.json``: two such runs on the same deals (same game,
``--deals`` and ``--seed``; worlds budgets make the moves the same on any
machine): the difference deal by deal, with a 95 % CI — far tighter than
comparing the two runs' intervals, since most of the luck of the cards is
the same in both.

Run: ``PYTHONPATH=src python benchmarks/expert_lab.py match knockout --bots
expert:worlds=200,intermediate,intermediate,intermediate --deals 100 --seed 15 --set lookahead=2
--json a.json`` then ``... pair a.json b.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import whistdrive.bots
from whistdrive import arena
from whistdrive.bots import _expert_class, whist_expert
from whistdrive.bots.heuristic import card_text
from whistdrive.bots.humbug_expert import HumbugExpert
from whistdrive.bots.knockout_expert import KnockoutExpert
from whistdrive.bots.sampling import Kind, sample_hands
from whistdrive.bots.view import cards_of
from whistdrive.bots.whist_expert import WhistExpert
from whistdrive.games import GAMES
from whistdrive.games.trick import SUIT_MASKS


def setting(cls, text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    if not hasattr(cls, name):
        raise SystemExit(f"{cls.__name__} has no setting {name!r}")
    current = getattr(cls, name)
    if value.lower() == "none":  # an optional setting switched off
        return name, None
    if isinstance(current, bool):
        return name, value.lower() in ("1", "true", "yes")
    if isinstance(current, tuple) and current and isinstance(current[0], Kind):  # kinds=0.5:0.6,0.5:none
        return name, tuple(Kind(*(None if f == "none" else float(f) for f in x.split(":"))) for x in value.split(","))
    if isinstance(current, tuple):
        return name, tuple(type(current[0])(x) for x in value.split(","))
    if current is None:
        return name, float(value)
    if hasattr(current, "shape"):  # a table, named by its constant in the expert's module: odds=CLASSIC_ODDS
        return name, getattr(sys.modules[cls.__module__], value)
    return name, type(current)(value)


@contextmanager
def blindfold(player):
    """The cheater's live game hidden for one decision: it samples its worlds as the expert does."""
    live, player.true_game = player.true_game, None
    try:
        yield
    finally:
        player.true_game = live


HONOURS = 0
for _s in range(4):
    for _r in (12, 11, 10):  # A K Q of every suit
        HONOURS |= 1 << (13 * _s + _r)


def suit_lengths(hand: int) -> tuple[int, ...]:
    return tuple(bin(hand & SUIT_MASKS[s]).count("1") for s in range(4))


class PartnerFaceUp(WhistExpert):
    """The whist expert told part of its partner's hand (only the cheater's seats): all of it
    (``reveal = "hand"``), its high honours, the A K Q of each suit (``"honours"``), or its suit
    lengths (``"shape"``) — what a signalling agreement could tell a pair at most, in each form."""

    reveal = "hand"

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        if not self.cheating:
            return super().evaluate(observation, budget)
        partner = (observation["seat"] + 2) % 4
        hand = self.live_game().play.hands[partner]
        shown = hand if self.reveal == "hand" else hand & HONOURS if self.reveal == "honours" else 0
        known = dict(observation.get("known_cards", {}))
        known[str(partner)] = sorted(set(known.get(str(partner), [])) | {card_text(c) for c in cards_of(shown)})
        if self.reveal == "honours":
            fits = lambda hands: not hands[partner] & HONOURS & ~hand  # noqa: E731  no honour it does not hold
        else:
            fits = None
        _FITS[0] = fits
        _SHAPE[0] = (partner, suit_lengths(hand)) if self.reveal == "shape" else None
        try:
            with blindfold(self):  # sample the opponents' hands, not the true deal
                return super().evaluate({**observation, "known_cards": known}, budget)
        finally:
            _FITS[0] = _SHAPE[0] = None


class HonestExchange(HumbugExpert):
    """The Humbug cheater with an honest exchange: it chooses its hand from sampled worlds as the
    expert does and sees every card only in the play — what the play can be worth at most."""

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        if not self.cheating or observation.get("decision") != "exchange":
            return super().evaluate(observation, budget)
        with blindfold(self):
            return super().evaluate(observation, budget)


class LateSight(KnockoutExpert):
    """The Knock-out cheater honest for its trump choice and the first ``honest_tricks`` tricks of
    every deal (sampled worlds, as the expert), seeing every hand only after them — how much the
    later tricks can be worth at most to a player who plays the early ones as the expert does."""

    honest_tricks = 3

    def evaluate(self, observation: dict, budget: float | None = None) -> dict[str, float]:
        early = observation.get("decision") == "trump" or len(observation["tricks"]) < self.honest_tricks
        if not self.cheating or not early:
            return super().evaluate(observation, budget)
        with blindfold(self):
            return super().evaluate(observation, budget)


_FITS: list = [None]  # the world test of the PartnerFaceUp seat now searching
_SHAPE: list = [None]  # (partner, its suit lengths) when that seat knows its partner's shape


def _sample_fitting(view, rng):
    """The expert's dealing, redealt until the world fits what the partner's hand is known to be.
    A known shape is dealt directly: the partner's cards of each suit drawn from that suit's unseen
    cards, the rest by the expert's dealer (how many ways the opponents' hands complete a partner's
    hand depends only on its shape, so this is the exact conditional)."""
    if _SHAPE[0] is not None:
        partner, lengths = _SHAPE[0]
        known = view.known.get(partner, 0)
        mine = known
        pool = cards_of(view.unseen)
        for s in range(4):
            suit = [c for c in pool if c // 13 == s]
            mine |= sum(1 << c for c in rng.sample(suit, lengths[s] - bin(known & SUIT_MASKS[s]).count("1")))
        fixed = replace(view, known={**view.known, partner: mine})
        hands, rest = sample_hands(fixed, rng)
        return hands, rest
    for _ in range(200_000):
        hands, rest = sample_hands(view, rng)
        if _FITS[0] is None or _FITS[0](hands):
            return hands, rest
    raise RuntimeError("no world fits the partner's known honours")


def match(args) -> None:
    if args.partner_face_up:
        if args.game != "whist":
            raise SystemExit("--partner-face-up is for whist")
        whistdrive.bots._expert_class = lambda game: PartnerFaceUp
        PartnerFaceUp.reveal = args.reveal
        whist_expert.sample_hands = _sample_fitting
    if args.honest_exchange:
        if args.game != "humbug":
            raise SystemExit("--honest-exchange is for humbug")
        whistdrive.bots._expert_class = lambda game: HonestExchange
    if args.late_sight is not None:
        if args.game != "knockout":
            raise SystemExit("--late-sight is for knockout")
        whistdrive.bots._expert_class = lambda game: LateSight
        LateSight.honest_tricks = args.late_sight
    cls = _expert_class(args.game)
    for kv in args.set:
        name, value = setting(cls, kv)
        setattr(cls, name, value)
    bots = args.bots.split(",")
    summary = arena.run(args.game, bots, args.deals, seed=args.seed, workers=args.workers, progress=False)
    print(f"settings: {args.set or 'defaults'}")
    print(arena.report(summary))
    if args.json:
        first = summary.bots[0]
        rows = [r["labels"][first] for r in summary.deals_detail]
        Path(args.json).write_text(
            json.dumps(
                {
                    "game": args.game,
                    "bots": args.bots,
                    "settings": args.set,
                    "seed": args.seed,
                    "diff": [r["diff"] for r in rows],
                    "share": [r["wins"] / r["seats"] for r in rows],
                }
            )
        )


def pair(args) -> None:
    a, b = (json.loads(Path(f).read_text()) for f in (args.a, args.b))
    if (a["game"], a["seed"], len(a["diff"])) != (b["game"], b["seed"], len(b["diff"])):
        raise SystemExit("not the same deals: the same game, --seed and --deals are needed")
    key = "share" if GAMES[a["game"]].info.seats_option else "diff"
    d = [x - y for x, y in zip(a[key], b[key])]
    m = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / len(d) ** 0.5
    head = f"{args.a} ({a['settings']}) − {args.b} ({b['settings']}), {len(d)} deals:"
    if key == "share":
        n = len(a["bots"].split(","))
        print(
            f"{head} win share {100 * m:+.1f} points [{100 * (m - half):+.1f}, {100 * (m + half):+.1f}] = "
            f"{n * m:+.2f}x the fair share [{n * (m - half):+.2f}, {n * (m + half):+.2f}]; "
            f"{statistics.fmean(a['share']) * n:.2f}x against {statistics.fmean(b['share']) * n:.2f}x"
        )
    else:
        unit = GAMES[a["game"]].info.score_unit
        print(
            f"{head} score difference {m:+.3f} {unit}/deal [{m - half:+.3f}, {m + half:+.3f}]; "
            f"{statistics.fmean(a['diff']):+.3f} against {statistics.fmean(b['diff']):+.3f}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match", help="the arena with settings of the expert")
    m.add_argument("game", choices=sorted(GAMES))
    m.add_argument("--bots", required=True)
    m.add_argument("--deals", type=int, default=100)
    m.add_argument("--seed", type=int, default=15)
    m.add_argument("--workers", type=int, default=1)
    m.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an attribute of the expert class (a tuple as A,B,C; kinds as PRIOR:MATCH[:SPREAD],...; none for None)",
    )
    m.add_argument(
        "--partner-face-up",
        action="store_true",
        help="whist: the bot named cheater samples its worlds with only its partner's hand face up",
    )
    m.add_argument(
        "--reveal",
        choices=("hand", "honours", "shape"),
        default="hand",
        help="with --partner-face-up: all of the partner's hand, its A K Q of each suit, or its suit lengths",
    )
    m.add_argument(
        "--honest-exchange",
        action="store_true",
        help="humbug: the bot named cheater exchanges from sampled worlds and sees every card only in the play",
    )
    m.add_argument(
        "--late-sight",
        type=int,
        metavar="K",
        help="knockout: the bot named cheater chooses trump and plays the first K tricks of each deal "
        "from sampled worlds, and sees every hand only after them",
    )
    m.add_argument("--json", help="write the first bot's per-deal figures here, to pair two runs")
    p = sub.add_parser("pair", help="two runs on the same deals, compared deal by deal")
    p.add_argument("a")
    p.add_argument("b")
    args = ap.parse_args()
    match(args) if args.cmd == "match" else pair(args)


if __name__ == "__main__":
    main()
