"""How often the Humbug expert's exchange matches the cheater's, and what a different choice costs.

Run: ``.venv/bin/python benchmarks/bench_humbug_exchange.py [--deals N] [--budget S | --worlds N]
[--reference] [--set NAME=VALUE ...]``.
In each deal both exchange decisions (the non-dealer's, then the dealer's
after the expert's choice was applied) are put to the expert, which sees its
observation only, and to the cheater, which sees the four places; the cost
is the cheater's value of its own choice minus its value of the expert's
(deal points, the dealer's reply by the hand-strength rule).  Figures, not
assertions.  The intermediate's choice on the same observations is
shown for comparison.  ``--reference`` puts the expert as it stood before
issue 14 in the expert's place; ``--set`` changes an attribute of the expert
(``match``, ``spread``) to try a setting.

Whoever is offered both widows cannot tell them apart, so part of the cost is
beyond any player who does not see them: the "keep or exchange" figures score
each decision against a player who knows only whether keeping beats the
average widow offered (an exchange is worth that average, whichever widow is
named; with one widow offered this player is the cheater).
"""

from __future__ import annotations

import argparse
import statistics

from whistdrive import new_game, solver
from whistdrive.bots import make_cheater, make_player
from whistdrive.bots.humbug_expert import HumbugExpert


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=float, default=None, help="the expert's seconds per decision (default 0.6)")
    ap.add_argument("--worlds", type=int, default=None, help="a worlds budget for the expert instead of seconds")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reference", action="store_true", help="the expert as it stood before issue 14")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    solver.warm_up()
    same = {"non-dealer": [], "dealer": []}
    cost = {"non-dealer": [], "dealer": []}
    rule = {"non-dealer": [], "dealer": []}  # the intermediate's hand-strength rule, for comparison
    rule_cost = {"non-dealer": [], "dealer": []}
    keep_or_not = {"non-dealer": [], "dealer": []}  # against knowing only whether to keep: expert, rule
    for d in range(args.deals):
        g = new_game("humbug", {"length": "deal"}, seed=args.seed * 100_000 + d)
        expert = HumbugExpert("humbug", d, args.budget, worlds=args.worlds, reference=args.reference)
        for name, value in (kv.split("=", 1) for kv in args.set):
            setattr(expert, name, type(getattr(expert, name))(value))
        cheater = make_cheater("humbug", lambda g=g: g, seed=d)
        intermediate = make_player("intermediate", "humbug", seed=d)
        for role in ("non-dealer", "dealer"):
            obs = g.observation(g.current_seat)
            mine = expert.choose(obs)
            truth = cheater.evaluate(obs)
            best = max(obs["legal"], key=lambda a: truth[a])
            same[role].append(mine == best)
            theirs = intermediate.choose(obs)
            rule[role].append(theirs == best)
            rule_cost[role].append(truth[best] - truth[theirs])
            cost[role].append(truth[best] - truth[mine])
            exchange = statistics.fmean(truth[w] for w in obs["legal"] if w != "keep")
            oracle = max(truth["keep"], exchange)
            keep_or_not[role].append((oracle - (truth["keep"] if mine == "keep" else exchange),
                                      oracle - (truth["keep"] if theirs == "keep" else exchange)))
            g.apply(mine)
    for role in same:
        print(f"{role:<11} decisions {len(same[role]):>4}  same as the cheater {100 * statistics.fmean(same[role]):5.1f}%  "
              f"cost of a different choice {statistics.fmean(cost[role]):.3f} points/deal  "
              f"(intermediate's rule: same {100 * statistics.fmean(rule[role]):5.1f}%, "
              f"cost {statistics.fmean(rule_cost[role]):.3f})")
    for role, pairs in keep_or_not.items():
        print(f"{role:<11} cost against knowing only whether to keep: expert "
              f"{statistics.fmean(p[0] for p in pairs):.3f}, intermediate's rule "
              f"{statistics.fmean(p[1] for p in pairs):.3f} points/deal (the rest is the widows unseen)")
    both = same["non-dealer"] + same["dealer"]
    costs = cost["non-dealer"] + cost["dealer"]
    print(f"{'all':<11} decisions {len(both):>4}  same as the cheater {100 * statistics.fmean(both):5.1f}%  "
          f"cost {statistics.fmean(costs):.3f} points/decision")


if __name__ == "__main__":
    main()
