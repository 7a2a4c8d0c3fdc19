"""The arena: bots play duplicate deals and the figures say which is stronger.

Duplicate removes most of the luck of the cards: every deal is played at
several tables with the same cards (the same seed gives the same first
dealer and deck order — for German Whist the same stock) and the bots'
seats swapped (two-sided games) or rotated (Knock-out Whist).  A bot's
*score difference* in a deal is its mean score over its seats minus the mean
of the other seats at the same tables; its 95 % confidence interval comes
from the spread over deals.

Scores per seat are each game's ``scores()`` over what the game's
``info.arena_options`` make of one duplicate deal: German Whist — the deal's
points (1 for a win under "game" scoring); Whist — tricks taken by the seat's
partnership in one deal; Knock-out Whist — 1 for winning the game; Humbug
Whist — the points the player scores in one deal (tricks over six and honours).

A bot that raises (or answers an illegal action) is a bug the figures must
not hide: the run stops with the bot's error.  With ``tolerate=True``
(``--tolerate-bot-errors``) the move is played at random among the legal
actions instead, logged with its traceback and counted; the report prints the
count per bot.
"""

from __future__ import annotations

import logging
import math
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import new_game
from .errors import UsageError
from .games import GAMES

log = logging.getLogger("whistdrive.arena")


@dataclass
class BotSpec:
    """A bot as named on the command line: ``expert``, ``cheater``, ``expert:0.25`` (seconds per move),
    ``expert:worlds=64`` (sampled worlds per move: the same moves on any machine) or
    ``openspiel-ismcts:1000`` (OpenSpiel's ISMCTS with 1000 simulations per move)."""

    label: str
    level: str
    budget: float | None = None
    worlds: int | None = None

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Refuses an unknown level or a budget that is not a number of seconds before any deal is played."""
        from .bots import LEVELS, OPENSPIEL_BOTS, REFERENCE_LEVELS

        level, _, budget = text.strip().partition(":")
        if level not in (*LEVELS, *REFERENCE_LEVELS, "cheater", *OPENSPIEL_BOTS):
            raise UsageError(f"unknown bot {level!r}: expected one of {', '.join(LEVELS + REFERENCE_LEVELS)}, cheater, "
                             f"{', '.join(OPENSPIEL_BOTS)}")
        key, eq, value = budget.partition("=")
        try:
            if eq:
                if key != "worlds":
                    raise ValueError
                return cls(text.strip(), level, worlds=int(value))
            return cls(text.strip(), level, float(budget) if budget else None)
        except ValueError:
            raise UsageError(f"bot {text.strip()!r}: the budget after ':' must be seconds (expert:0.3) "
                             "or worlds (expert:worlds=64)") from None


def layouts(game: str, bots: list[BotSpec], options: dict) -> tuple[dict, list[list[BotSpec]]]:
    """The variant options actually used and the seating of each table of one duplicate deal.

    A game with a seat count option (Knock-out Whist) seats one bot per seat and
    rotates them; any other game pits two sides (partnerships in whist) and
    swaps them.
    """
    info = GAMES[game].info
    options = {**options, **info.arena_options}
    k = len(bots)
    if info.seats_option:
        if not info.min_seats <= k <= info.max_seats:
            raise UsageError(f"{info.title.en} takes {info.min_seats} to {info.max_seats} bots, one per seat")
        options[info.seats_option] = k
        return options, [[bots[(s + r) % k] for s in range(k)] for r in range(k)]
    if k != 2:
        sides = "one per partnership, A sits N-S first" if info.partnerships else "one per player"
        raise UsageError(f"{info.title.en} is for two bots: --bots A,B ({sides})")
    seats = range(info.min_seats)
    return options, [[bots[info.side(s)] for s in seats], [bots[1 - info.side(s)] for s in seats]]


def seat_wins(g) -> list[float]:
    """1 for a winning seat, 0.5 each for a draw, 0 for a loss."""
    outcome = g.outcome()
    if not outcome.winners:
        return [0.5] * g.num_seats
    return [float(s in outcome.winners) for s in range(g.num_seats)]


def stage2_entry(g) -> list[float] | None:
    """German Whist at the first card of stage 2: for each seat, 1 if its hand wins the deal with exact
    play from here (0.5 a draw), else 0 — whether stage 1 left it a winning hand.  None elsewhere."""
    p = g.play
    if len(p.tricks) != 13 or p.trick:
        return None
    from .games.german import deal_points
    from .solver import solve_two_hand

    me = p.leader
    mine = solve_two_hand(p.hands[0], p.hands[1], p.trump, me)
    s2 = [0, 0]
    s2[me], s2[1 - me] = mine, 13 - mine
    s1 = g.tricks_won(1)
    counted = (s2[0], s2[1]) if g.options.count == "last13" else (s1[0] + s2[0], s1[1] + s2[1])
    winner, _ = deal_points(counted, g.low_game, g.options.count, g.options.scoring)
    return [0.5, 0.5] if winner is None else [float(s == winner) for s in (0, 1)]


def bot_action(player, obs: Mapping[str, Any], label: str, tolerate: bool, fallback: random.Random) -> tuple[str, bool]:
    """The bot's action, or — if it fails and failures are tolerated — a random legal one;
    also says whether it was such a fallback."""
    try:
        action = player.choose(obs)
        if action not in obs["legal"]:
            raise ValueError(f"bot {label} chose {action!r}, not one of the legal actions {obs['legal']}")
        return action, False
    except Exception as e:
        if not tolerate:
            e.add_note(f"arena: bot {label} failed at seat {obs['seat']} (--tolerate-bot-errors plays on at random)")
            raise
        log.warning("bot %s failed at seat %d: playing a random legal action", label, obs["seat"], exc_info=True)
        return fallback.choice(obs["legal"]), True


def play_table(game: str, options: dict, seed: int, seating: list[BotSpec], bot_seed: int,
               tolerate: bool = False) -> dict:
    """One game with the given seating; returns per-seat scores, per-label move times and fallbacks."""
    from .bots import make_cheater, make_player

    holder: dict = {}
    g = new_game(game, options, seed=seed)
    holder["g"] = g
    players = []
    for s, spec in enumerate(seating):
        if spec.level.startswith("openspiel-"):
            from .spiel.bots import make_spiel_player

            players.append(make_spiel_player(spec.level, game, lambda: holder["g"], seed=bot_seed + s,
                                             budget=spec.budget))
        elif spec.level == "cheater":
            players.append(make_cheater(game, lambda: holder["g"], seed=bot_seed + s, budget=spec.budget,
                                        worlds=spec.worlds))
        else:
            players.append(make_player(spec.level, game, seed=bot_seed + s, budget=spec.budget, worlds=spec.worlds))
    times: dict[str, list[float]] = {}
    fallbacks = dict.fromkeys((spec.label for spec in seating), 0)
    fallback = random.Random(bot_seed)
    entries: list[list[float]] = []  # German Whist: per deal, who entered stage 2 with a winning hand
    while (mover := g.current_seat) is not None:
        obs = g.observation(mover)
        t0 = time.perf_counter()
        action, failed = bot_action(players[mover], obs, seating[mover].label, tolerate, fallback)
        times.setdefault(seating[mover].label, []).append(time.perf_counter() - t0)
        fallbacks[seating[mover].label] += failed
        g.apply(action)
        if g.info.stock and not g.is_over:  # German Whist: did stage 1 leave a winning hand?
            entry = stage2_entry(g)
            if entry is not None:
                entries.append(entry)
    return {"scores": g.scores(), "wins": seat_wins(g), "times": times, "fallbacks": fallbacks,
            "entries": entries}


_WARM = False


def _warm_up() -> None:
    """Load the compiled solver once per process, so that no move pays for it."""
    global _WARM
    if not _WARM:
        from . import solver

        solver.warm_up()
        _WARM = True


def play_deal(args: tuple) -> dict:
    """All tables of one duplicate deal (a worker's unit of work)."""
    game, options, seatings, seed, index, tolerate = args
    _warm_up()
    tables = [play_table(game, options, seed, seating, seed * 7 + t * 101, tolerate)
              for t, seating in enumerate(seatings)]
    labels = sorted({b.label for seating in seatings for b in seating})
    out = {"index": index, "seed": seed, "labels": {}}
    times: dict[str, list[float]] = {}
    for lab in labels:
        mine: list[float] = []
        others: list[float] = []
        wins = []
        for seating, t in zip(seatings, tables):
            for s, spec in enumerate(seating):
                (mine if spec.label == lab else others).append(t["scores"][s])
                if spec.label == lab and GAMES[game].info.side(s) == s:  # one seat per partnership
                    wins.append(t["wins"][s])
        entered = [e[s] for seating, t in zip(seatings, tables) for e in t["entries"]
                   for s, spec in enumerate(seating) if spec.label == lab]
        out["labels"][lab] = {"score": statistics.fmean(mine), "diff": statistics.fmean(mine) - statistics.fmean(others),
                              "wins": sum(wins), "seats": len(wins),
                              "fallbacks": sum(t["fallbacks"].get(lab, 0) for t in tables),
                              "entries_won": sum(entered), "entries": len(entered)}
    for t in tables:
        for lab, ts in t["times"].items():
            times.setdefault(lab, []).extend(ts)
    out["times"] = times
    return out


@dataclass
class Summary:
    game: str
    options: dict
    deals: int
    seed: int
    bots: list[str]
    rows: list[dict] = field(default_factory=list)
    deals_detail: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"game": self.game, "options": self.options, "deals": self.deals, "seed": self.seed,
                "bots": self.bots, "rows": self.rows, "per_deal": self.deals_detail}


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and normal 95 % confidence interval over independent deals."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, m, m
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson 95 % interval of a win rate (``wins`` of ``n`` games; a draw counts half)."""
    if n == 0:
        return 0.0, 1.0
    z = statistics.NormalDist().inv_cdf(0.975)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    return v[min(len(v) - 1, int(math.ceil(q * len(v))) - 1)]


def summarise(game: str, options: dict, seed: int, specs: list[BotSpec], results: list[dict]) -> Summary:
    results = sorted(results, key=lambda r: r["index"])
    labels = list(dict.fromkeys(s.label for s in specs))
    summary = Summary(game, options, len(results), seed, [s.label for s in specs], deals_detail=results)
    info = GAMES[game].info
    n_seats = len(specs) if info.seats_option else 1
    for lab in labels:
        diffs = [r["labels"][lab]["diff"] for r in results]
        scores = [r["labels"][lab]["score"] for r in results]
        wins = sum(r["labels"][lab]["wins"] for r in results)
        seats = sum(r["labels"][lab]["seats"] for r in results)
        others = [lb for lb in labels if lb != lab]
        outscored = 0.0
        if len(labels) == 2:
            for r in results:
                d = r["labels"][lab]["score"] - r["labels"][others[0]]["score"]
                outscored += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
        ts = [t for r in results for t in r["times"].get(lab, [])]
        m, lo, hi = mean_ci(diffs)
        row = {"bot": lab, "games": seats, "score": statistics.fmean(scores), "diff": m, "ci": [lo, hi],
               "win_rate": wins / seats if seats else 0.0,
               "deals_outscored": outscored / len(results) if len(labels) == 2 else None,
               "moves": len(ts), "time_mean": statistics.fmean(ts) if ts else 0.0, "time_p95": percentile(ts, 0.95),
               "fallbacks": sum(r["labels"][lab]["fallbacks"] for r in results)}
        entries = sum(r["labels"][lab].get("entries", 0) for r in results)
        if entries:
            row["stage2_entries"] = entries
            row["stage2_won_entry"] = sum(r["labels"][lab]["entries_won"] for r in results) / entries
        if info.seats_option:  # as many sides as seats, however many: the share of wins each would get
            row["fair_share"] = 1 / n_seats
            row["share_ratio"] = row["win_rate"] * n_seats
            row["share_ci"] = [x * n_seats for x in wilson(wins, seats)]
        summary.rows.append(row)
    return summary


def run(game: str, bots: list[str], deals: int, seed: int = 0, workers: int = 1, options: dict | None = None,
        progress: bool = True, ray: str | None = None, tolerate: bool = False) -> Summary:
    """Play ``deals`` duplicate deals and summarise them per bot.

    ``tolerate`` plays on at random when a bot fails instead of stopping (each such move is counted).
    ``ray`` runs the deals as Ray tasks: ``"local"`` on a Ray started here,
    else the address of a running cluster (``workers`` is then unused).
    """
    if deals < 1:
        raise UsageError(f"deals={deals}: play at least one duplicate deal")
    specs = [BotSpec.parse(b) for b in bots]
    used, seatings = layouts(game, specs, options or {})
    new_game(game, used, seed=0)  # validate the options before starting workers
    rng = random.Random(seed)
    jobs = [(game, used, seatings, rng.randrange(1 << 40), i, tolerate) for i in range(deals)]
    results: list[dict] = []
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=deals, unit="deal", desc=f"arena {game}")
    if ray:
        from .distributed import ray_map

        for r in ray_map(play_deal, jobs, address=None if ray == "local" else ray,
                         num_cpus=workers if ray == "local" and workers > 1 else None):
            results.append(r)
            if bar:
                bar.update()
    elif workers > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(workers) as pool:
            for r in pool.imap_unordered(play_deal, jobs):
                results.append(r)
                if bar:
                    bar.update()
    else:
        for job in jobs:
            results.append(play_deal(job))
            if bar:
                bar.update()
    if bar:
        bar.close()
    return summarise(game, used, seed, specs, results)


def report(summary: Summary) -> str:
    """The table printed by ``whistdrive arena``."""
    info = GAMES[summary.game].info
    unit = info.score_unit
    lines = [f"arena {summary.game} {summary.options}: {', '.join(summary.bots)}; "
             f"{summary.deals} duplicate deals, seed {summary.seed}",
             f"{'bot':<16}{'games':>6}  {'score diff/deal (' + unit + ', 95% CI)':<36}{'win rate':>9}"
             f"{'outscored':>10}{'s/move mean':>12}{'p95':>8}"]
    for r in summary.rows:
        ci = f"{r['diff']:+.3f} [{r['ci'][0]:+.3f}, {r['ci'][1]:+.3f}]"
        out = "" if r["deals_outscored"] is None else f"{100 * r['deals_outscored']:.1f}%"
        if info.seats_option:
            out = ""
        lines.append(f"{r['bot']:<16}{r['games']:>6}  {ci:<36}{100 * r['win_rate']:>8.1f}%{out:>10}"
                     f"{r['time_mean']:>12.3f}{r['time_p95']:>8.3f}")
        if "share_ratio" in r:
            lines.append(f"{'':<16}win share {100 * r['win_rate']:.1f}% = {r['share_ratio']:.2f}x the fair share "
                         f"({100 * r['fair_share']:.1f}%), Wilson 95% [{r['share_ci'][0]:.2f}x, "
                         f"{r['share_ci'][1]:.2f}x]")
        if "stage2_won_entry" in r:
            lines.append(f"{'':<16}entered stage 2 with a winning hand (exact play from there): "
                         f"{100 * r['stage2_won_entry']:.1f}% of {r['stage2_entries']}")
        if info.partnerships:
            lines.append(f"{'':<16}mean tricks per deal for its partnership: {r['score']:.3f}")
    lines.append("bot failures played at random: " + ", ".join(f"{r['bot']} {r['fallbacks']}" for r in summary.rows))
    return "\n".join(lines)
