"""German Whist expert experiments (issue 14): leaf values, playout policies, worlds, in figures.

``match``: variant A against variant B in duplicate deals (each deal played
twice, seats swapped), a worlds budget per move, so the figures are the same
on any machine.  A variant is ``KEY=VALUE`` pairs joined by ``/``:
``ref`` (the frozen expert-2026.11), ``policy=compiled|classic|random|simple|prize`` (compiled: the
classic policy in numba, the same cards),
``margin=M`` (the leaf's weight per trick of margin; ``margin=won``: won-or-lost only; absent: the
expert's default),
``spread=K`` (with a margin: count the margin only within K tricks of the winning threshold),
``history=0|1`` (weigh worlds by the opponent's old voids and face-down draws, :mod:`whistdrive.bots.german_draws`;
absent: the expert's default), ``endgame=K`` (from K stock cards on, each world plays the rest of
stage 1 exactly; 0: never), ``worlds=N``, ``peek=K`` (measurement only: from K stock cards on every
world holds the opponent's true hand, the stock below the prize reshuffled — what knowing the hidden
hand is worth to this search).  Prints A's game win rate with a 95 % CI, points per deal, and
how often each side entered stage 2 with a winning hand.

``variance``: at stage-1 positions from seeded games, the per-world values of
every candidate card under each leaf: the spread of the difference between
the two best cards and how many worlds it takes to tell them apart (2 sigma).

``speed``: milliseconds per sampled world of each variant on the same positions.

Run: ``PYTHONPATH=src python benchmarks/german_expert_lab.py match policy=prize/worlds=64 ref/worlds=64 --deals 60``
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from whistdrive import new_game, solver
from whistdrive.arena import stage2_entry
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import DealTerms, GermanExpert, live_world, playout_value
from whistdrive.bots.search import representatives
from whistdrive.bots.view import read


class Peeking(GermanExpert):
    """From ``peek`` stock cards on, every world is the cheater's (:func:`live_world`): the hidden hand
    known, the draws still chance events."""

    peek = 0
    game = None

    def _world(self, v, rng):
        if v.obs["stock_size"] > self.peek:
            return super()._world(v, rng)
        return live_world(self.game, v, rng)


def make(variant: str, seed: int, game=None) -> GermanExpert:
    spec = dict(kv.partition("=")[::2] for kv in variant.split("/"))
    cls = Peeking if "peek" in spec else GermanExpert
    player = cls("german", seed, worlds=int(spec.get("worlds", 64)), reference="ref" in spec)
    if isinstance(player, Peeking):
        player.peek, player.game = int(spec["peek"]), game
    if "policy" in spec:
        player.policy = spec["policy"]
    if "margin" in spec:
        player.margin = None if spec["margin"] == "won" else float(spec["margin"])
    if "spread" in spec:
        player.spread = int(spec["spread"])
    if "endgame" in spec:
        player.endgame = int(spec["endgame"])
    if "history" in spec:
        player.draw_history = spec["history"] == "1"
    return player


def play(variants: list[str], seed: int, bot_seed: int) -> tuple[list[float], list[float]]:
    g = new_game("german", {}, seed=seed)
    players = [make(v, bot_seed + s, g) for s, v in enumerate(variants)]
    entry = None
    while not g.is_over:
        obs = g.observation(g.current_seat)
        g.apply(players[g.current_seat].choose(obs))
        if entry is None and not g.is_over:
            entry = stage2_entry(g)
    return g.scores(), entry or [0.5, 0.5]


def wilson(k: float, n: int) -> tuple[float, float]:
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def match(a: str, b: str, deals: int, seed: int) -> None:
    rng = random.Random(seed)
    wins, entries = [0.0, 0.0], [0.0, 0.0]
    diffs = []
    t0 = time.time()
    for _ in range(deals):
        deal_seed = rng.randrange(1 << 40)
        for swap in (0, 1):
            seats = [a, b] if not swap else [b, a]
            scores, entry = play(seats, deal_seed, deal_seed * 7 + swap * 101)
            ia = swap  # A's seat
            wins[0] += scores[ia] > scores[1 - ia]
            wins[1] += scores[1 - ia] > scores[ia]
            entries[0] += entry[ia]
            entries[1] += entry[1 - ia]
            diffs.append(scores[ia] - scores[1 - ia])
    games = 2 * deals
    lo, hi = wilson(wins[0], games)
    pair = [diffs[i] + diffs[i + 1] for i in range(0, len(diffs), 2)]
    m = statistics.fmean(pair) / 2
    half = 1.96 * statistics.stdev(pair) / 2 / math.sqrt(len(pair)) if len(pair) > 1 else 0.0
    print(f"A={a}  B={b}  {deals} duplicate deals, seed {seed}, {time.time() - t0:.0f} s")
    print(f"  A wins {100 * wins[0] / games:.1f}% of {games} games [{100 * lo:.1f}, {100 * hi:.1f}] "
          f"(B {100 * wins[1] / games:.1f}%); A points/deal {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}]")
    print(f"  entered stage 2 with a winning hand: A {100 * entries[0] / games:.1f}%, B {100 * entries[1] / games:.1f}%")


LEAVES = {"won": None, "blend": 0.1, "tricks": 1.0}


def variance(positions: int, worlds: int, seed: int, policy: str) -> None:
    """Per-world values of every candidate, under each leaf, on the same worlds."""
    g, obs_list, s = None, [], seed
    while len(obs_list) < positions:
        g = new_game("german", {}, seed=s)
        bot = make_player("intermediate", "german", seed=s)
        while g.stage == 1:
            obs = g.observation(g.current_seat)
            if len(obs["legal"]) > 1 and len(obs_list) < positions and random.Random(s * 100 + len(g.play.tricks)).random() < 0.3:
                obs_list.append(obs)
            g.apply(bot.choose(obs))
        s += 1
    needed = {k: [] for k in LEAVES}
    prunable = {k: 0 for k in LEAVES}
    firsts = [n for n in (16, 32, 64, 128) if n < worlds]
    same_first = {k: dict.fromkeys(firsts, 0) for k in LEAVES}
    cands_total = 0
    agree = 0
    for i, obs in enumerate(obs_list):
        v = read(obs)
        terms = DealTerms(obs)
        expert = make("worlds=1", i)
        cands = sorted(set(representatives(v, v.legal_mask()).values()))
        cands_total += len(cands)
        vals = {k: {c: [] for c in cands} for k in LEAVES}
        for _ in range(worlds):
            world = expert._world(v, expert.rng)
            for c in cands:
                for k, margin in LEAVES.items():
                    w = world.copy()
                    w.play(c, v.trump)
                    vals[k][c].append(playout_value(w, v.seat, v.trump, terms, policy, margin, random.Random(1)))
        best = {}
        for k in LEAVES:
            means = sorted(cands, key=lambda c: -statistics.fmean(vals[k][c]))
            best[k] = means[0]
            for n in firsts:  # the card chosen on the first n worlds is the one chosen on all of them?
                same_first[k][n] += max(cands, key=lambda c: statistics.fmean(vals[k][c][:n])) == means[0]
            head = worlds // 4  # could a candidate be dropped after a quarter of the worlds (3 sigma)?
            for c in means[1:]:
                d = [x - y for x, y in zip(vals[k][means[0]][:head], vals[k][c][:head])]
                sd = statistics.stdev(d) if len(d) > 1 else 0.0
                prunable[k] += statistics.fmean(d) > 3 * sd / math.sqrt(head) and sd > 0
            if len(means) < 2:
                continue
            d = [x - y for x, y in zip(vals[k][means[0]], vals[k][means[1]])]
            md, sd = statistics.fmean(d), statistics.stdev(d)
            needed[k].append(math.inf if md <= 0 else (2 * sd / md) ** 2)
        agree += best["won"] == best["tricks"]
    print(f"{positions} stage-1 positions, {worlds} worlds each, policy {policy}")
    for k in LEAVES:
        n = sorted(needed[k])
        print(f"  leaf {k:<7} (margin {LEAVES[k]}): worlds to separate the best two cards at 2 sigma: "
              f"median {n[len(n) // 2]:.0f}, 75th pct {n[3 * len(n) // 4]:.0f}; "
              f"share separable within {worlds}: {100 * sum(x <= worlds for x in n) / len(n):.0f}%; "
              f"candidates droppable after {worlds // 4} worlds: {prunable[k]} of {cands_total}; "
              "the card chosen on the first N worlds is the card chosen on all: "
              + ", ".join(f"N={n} {100 * same_first[k][n] / positions:.0f}%" for n in firsts))
    print(f"  same best card, won-or-lost leaf vs tricks leaf: {100 * agree / positions:.0f}%")


def speed(games: int, worlds: int) -> None:
    """Milliseconds per sampled world (every candidate played out in it) for the frozen and new experts."""
    obs_list = []
    for seed in range(games):
        g = new_game("german", {}, seed=seed)
        bot = make_player("intermediate", "german", seed=seed)
        while g.stage == 1:
            obs = g.observation(g.current_seat)
            if len(obs["legal"]) > 1:
                obs_list.append(obs)
            g.apply(bot.choose(obs))
    for variant in ("ref", "policy=compiled/margin=won", "policy=classic", "policy=compiled"):
        player = make(f"{variant}/worlds={worlds}", 1)
        player.evaluate(obs_list[0])
        t = time.perf_counter()
        for obs in obs_list:
            player.evaluate(obs)
        ms = 1000 * (time.perf_counter() - t) / len(obs_list) / worlds
        print(f"  {variant:<28} {ms:.2f} ms per world ({len(obs_list)} stage-1 positions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match")
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("--deals", type=int, default=60)
    m.add_argument("--seed", type=int, default=1)
    v = sub.add_parser("variance")
    v.add_argument("--positions", type=int, default=30)
    v.add_argument("--worlds", type=int, default=200)
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--policy", default="classic")
    sp = sub.add_parser("speed")
    sp.add_argument("--games", type=int, default=2)
    sp.add_argument("--worlds", type=int, default=40)
    args = parser.parse_args()
    solver.warm_up()
    if args.cmd == "match":
        match(args.a, args.b, args.deals, args.seed)
    elif args.cmd == "speed":
        speed(args.games, args.worlds)
    else:
        variance(args.positions, args.worlds, args.seed, args.policy)


if __name__ == "__main__":
    main()
