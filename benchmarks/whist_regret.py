"""Where the whist expert's tricks go: each of its choices judged double-dummy on the true deal.

The expert pair (North–South, a worlds budget) plays seeded deals against two
intermediates.  At each of its decisions with a choice, every legal card is
valued double-dummy on the true hands (the cheater's yardstick); the *regret*
of the chosen card is the best value minus its value, in tricks.  Summed over
a deal it is what the pair gave away against perfect play by all from there,
split by the place in the trick and by the trick of the deal.

``--variant NAME:SETTING=VALUE[/...]`` asks other experts (``worlds`` or any
attribute of the expert) for their card in the very same positions, and
``NAME:intermediate`` asks the classic policy; each is printed with its
regret minus the path expert's, with a 95 % CI over the deals.

Run: ``PYTHONPATH=src:benchmarks python benchmarks/whist_regret.py --deals 30 --worlds 24
--variant rule:intermediate --variant w200:worlds=200``
"""

from __future__ import annotations

import argparse
import statistics

from expert_lab import setting
from tqdm import tqdm

from whistdrive.bots import Player, make_player
from whistdrive.bots.dd import play_values
from whistdrive.bots.view import card_int, read
from whistdrive.bots.whist_expert import WhistExpert
from whistdrive.games import new_game


def variant(text: str, worlds: int, seed: int) -> tuple[str, Player]:
    name, _, spec = text.partition(":")
    if spec == "intermediate":
        return name, make_player("intermediate", "whist", seed=seed)
    kw = dict(kv.split("=", 1) for kv in spec.split("/") if kv)
    p = make_player("expert", "whist", worlds=int(kw.pop("worlds", worlds)), seed=seed)
    for kv in kw.items():
        attr, value = setting(WhistExpert, "=".join(kv))
        setattr(p, attr, value)
    return name, p


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=30, help="seeded deals (seeds from --seed on)")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--worlds", type=int, default=24, help="the path expert's worlds a move")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:SETTING=VALUE[/...]",
                    help="another player asked in the same positions, e.g. w200:worlds=200 or rule:intermediate")
    args = ap.parse_args()

    names = ["expert"] + [t.partition(":")[0] for t in args.variant]
    rows: dict[str, list[tuple[int, int, float]]] = {n: [] for n in names}  # (place, trick, regret)
    per_deal: dict[str, list[float]] = {n: [] for n in names}
    for d in tqdm(range(args.deals), desc="deals", unit="deal"):
        game = new_game("whist", {"length": "deal"}, seed=args.seed + d)
        bots = {s: make_player("expert" if s % 2 == 0 else "intermediate", "whist", seed=10 * d + s,
                               worlds=args.worlds if s % 2 == 0 else None) for s in range(4)}
        asked = dict(variant(t, args.worlds, d) for t in args.variant)
        total = dict.fromkeys(names, 0.0)
        while not game.is_over:
            seat = game.current_seat
            obs = game.observation(seat)
            if len(obs["legal"]) == 1:
                game.apply(obs["legal"][0])
                continue
            if seat % 2:
                game.apply(bots[seat].choose(obs))
                continue
            v = read(obs)
            values = play_values(dict(game.play.hands), [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
            best = max(values.values())
            where = (len(v.trick), len(obs["tricks"]))
            choice = bots[seat].choose(obs)
            for name, card in [("expert", choice)] + [(n, p.choose(obs)) for n, p in asked.items()]:
                r = best - values[card_int(card)]
                rows[name].append((*where, r))
                total[name] += r
            game.apply(choice)
        for name in names:
            per_deal[name].append(total[name])

    for name in names:
        rs = rows[name]
        by_place = [sum(r for p, _, r in rs if p == k) / args.deals for k in range(4)]
        by_trick = [sum(r for _, t, r in rs if lo <= t <= hi) / args.deals for lo, hi in ((0, 2), (3, 6), (7, 12))]
        print(f"{name}: {sum(per_deal[name]) / args.deals:.3f} tricks a deal given away over {len(rs)} decisions; "
              f"by place in the trick (lead, 2nd, 3rd, 4th) {' / '.join(f'{x:.3f}' for x in by_place)}; "
              f"by trick (1-3, 4-7, 8-13) {' / '.join(f'{x:.3f}' for x in by_trick)}")
        if name != "expert":
            diff = [a - b for a, b in zip(per_deal[name], per_deal["expert"])]
            m, half = statistics.fmean(diff), 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
            changed = sum(1 for a, b in zip(rs, rows["expert"]) if a[2] != b[2])
            print(f"  minus the expert's: {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}]; "
                  f"{changed} decisions of other value")


if __name__ == "__main__":
    main()
