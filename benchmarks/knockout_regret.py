"""Where the honest Knock-out expert loses to the cheater: each of its choices judged by the true deal.

The expert (seat 0, a worlds budget) plays seeded four-player games against
three intermediates.  At each of its decisions the true hands give every
candidate its value — the cheater's own yardstick: the same playouts, the
same searched next decision, the same chances after a deal — and the
*regret* of the chosen card is the best value minus its value, in chances of
winning the game.  Summed over a game it accounts for the cheater's lead
over the expert, and the split (leads, following, the choice of trump; by
trick of the deal, cards dealt, players left) says where it comes from.

``--variant NAME:SETTING=VALUE[/SETTING=VALUE]`` also asks other settings
(``worlds`` or any attribute of the expert, as ``expert_lab.py --set``) for
their choice in the very same positions and prints each one's regret minus
the path expert's, with a 95 % CI over the games.  The yardstick searches one
decision of mine (``lookahead=1``), so a variant with another lookahead is
judged by a rule that is not its own.

Run: ``PYTHONPATH=src python benchmarks/knockout_regret.py --games 100 --worlds 800
--variant w200:worlds=200 --variant look0:lookahead=0``
"""

from __future__ import annotations

import argparse
import collections
import statistics

from expert_lab import setting
from tqdm import tqdm

from whistdrive.bots import make_player
from whistdrive.bots.heuristic import card_text
from whistdrive.bots.knockout_expert import KnockoutExpert, compiled_values
from whistdrive.bots.search import representatives
from whistdrive.bots.view import SUITS, read
from whistdrive.games import new_game


def true_values(game, obs: dict, expert: KnockoutExpert) -> dict[str, float]:
    """Each choice's chance of winning the game with every hand known (the cheater's values)."""
    v = read(obs)
    hands = {s: game.play.hands[s] for s in v.order}
    if v.decision == "trump":
        cands = list(range(4))
        return dict(zip((SUITS[c] for c in cands),
                        compiled_values(v, hands, cands, obs["hand_size"], expert.lookahead, expert.odds)))
    reps = representatives(v, v.legal_mask())
    cands = sorted(set(reps.values()))
    by_rep = dict(zip(cands, compiled_values(v, hands, cands, obs["hand_size"], expert.lookahead, expert.odds)))
    return {card_text(c): by_rep[reps[c]] for c in reps}


def kind_of(obs: dict) -> str:
    v = read(obs)
    return "trump" if v.decision == "trump" else ("lead" if not v.trick else f"follow {len(v.trick)}")


def variant(text: str, worlds: int, seed: int) -> tuple[str, KnockoutExpert]:
    name, _, spec = text.partition(":")
    kw = dict(kv.split("=", 1) for kv in spec.split("/") if kv)
    p = make_player("expert", "knockout", worlds=int(kw.pop("worlds", worlds)), seed=seed)
    for kv in kw.items():
        attr, value = setting(KnockoutExpert, "=".join(kv))
        setattr(p, attr, value)
    return name, p


def report(rows: list[tuple], field: int, title: str) -> None:
    print(title)
    groups = collections.defaultdict(list)
    for r in rows:
        groups[r[field]].append(r[-1])
    for key in sorted(groups):
        xs = groups[key]
        wrong = sum(x > 1e-9 for x in xs) / len(xs)
        print(f"  {key!s:>9}: {len(xs):5d} decisions, {wrong:5.1%} wrong, "
              f"{statistics.fmean(xs):.4f} a decision, {sum(xs):6.2f} in all")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="seeded games (seeds from --seed on)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=800, help="the path expert's worlds a move")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:SETTING=VALUE[/...]",
                    help="another expert asked in the same positions, e.g. look0:lookahead=0")
    args = ap.parse_args()

    rows = []  # (kind, cards dealt, trick of the deal, players left, regret)
    extra: dict[str, list[list[float]]] = {}
    games: list[list[float]] = []
    for g_no in tqdm(range(args.games), desc="games", unit="game"):
        game = new_game("knockout", {"players": 4}, seed=args.seed + g_no)
        expert = make_player("expert", "knockout", worlds=args.worlds, seed=g_no)
        others = dict(variant(t, args.worlds, g_no) for t in args.variant)
        bots = {s: make_player("intermediate", "knockout", seed=s) for s in range(1, game.num_seats)}
        mine, theirs = [], {name: [] for name in others}
        while not game.is_over:
            seat = game.current_seat
            obs = game.observation(seat)
            if seat != 0 or len(obs["legal"]) == 1:
                game.apply(bots[seat].choose(obs) if seat else obs["legal"][0])
                continue
            true = true_values(game, obs, expert)
            best = max(true.values())
            for name, p in others.items():
                vals = p.evaluate(obs)
                theirs[name].append(best - true[max(vals, key=vals.get)])
            vals = expert.evaluate(obs)
            choice = max(vals, key=vals.get)
            mine.append(best - true[choice])
            rows.append((kind_of(obs), obs["hand_size"], len(obs.get("tricks") or []), len(read(obs).order), mine[-1]))
            game.apply(choice)
        games.append(mine)
        for name, r in theirs.items():
            extra.setdefault(name, []).append(r)

    total = sum(map(sum, games))
    print(f"expert at {args.worlds} worlds, {args.games} games from seed {args.seed}: regret {total:.2f} "
          f"over {len(rows)} decisions = {total / args.games:.4f} chances of winning a game")
    report(rows, 0, "by decision")
    report(rows, 1, "by cards dealt")
    report(rows, 2, "by trick of the deal (0: the first)")
    report(rows, 3, "by players left")
    for name, per_game in extra.items():
        d = [sum(a) - sum(b) for a, b in zip(per_game, games)]
        m, half = statistics.fmean(d), 1.96 * statistics.stdev(d) / len(d) ** 0.5
        print(f"{name}: regret {sum(map(sum, per_game)) / args.games:.4f} a game; "
              f"minus the expert's {m:+.4f} [{m - half:+.4f}, {m + half:+.4f}]")


if __name__ == "__main__":
    main()
