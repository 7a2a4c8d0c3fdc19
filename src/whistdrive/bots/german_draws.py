"""How likely a German Whist world is, given when the opponent drew face down and what it showed.

A void shown in stage 1 stays true until the opponent's next face-down draw,
which may refill the suit; the sampler (:mod:`.sampling`) keeps only the voids
shown since that draw.  But an older void still says a lot: every card of the
suit the opponent holds now, or played since, came from a face-down draw made
after it.  If it showed no hearts at trick 5 and has drawn face down twice
since, it holds at most two hidden hearts — and far more likely none.

The chance of a world follows from counting its histories.  Every hidden card
the opponent ever held (the ones it played that were not prizes, and the ones
a world gives it now) sat in one *slot*: one of its 13 dealt cards or one of
its face-down draws, each with a time.  A card of a suit it was void in at
trick ``t`` took a slot from after ``t``; a card it played at trick ``p`` took
one from before ``p``.  Every deal of the pack that agrees with what I saw is
such an assignment, and all deals are equally likely, so a world's chance is
proportional to its number of assignments: a count of perfect matchings with
interval constraints, done by a small dynamic programme over the slots, latest
first.  The expert weighs each sampled world by it.
"""

from __future__ import annotations

from collections import defaultdict

from .view import View, card_int, cards_of

DEALT = -1  # the time of the 13 dealt cards' slots: before trick 0


class DrawHistory:
    """What one decision's observation fixes about the opponent's hidden cards; :meth:`weight` scores a world."""

    def __init__(self, v: View):
        obs = v.obs
        me, other = v.seat, 1 - v.seat
        tricks = [(t["winner"], [(p["seat"], card_int(p["card"])) for p in t["cards"]]) for t in obs["tricks"]]
        self.now = len(tricks)  # the trick being played
        prizes = {card_int(c) for c in obs["prizes_taken"][other]}
        # the opponent drew face down after every stage-1 trick I won
        self.slots = sorted([DEALT] * 13 + [i for i, (w, _) in enumerate(tricks) if w == me], reverse=True)
        self.voids: dict[int, list[int]] = defaultdict(list)  # suit -> tricks where the opponent showed it lacked it
        self.played: list[tuple[int, int]] = []  # (card, trick) of its plays that were not prizes
        follow = obs["options"].get("follow_suit_stage1", True)
        for i, plays in enumerate([p for _, p in tricks] + [list(v.trick)]):
            led = plays[0][1] // 13 if plays else None
            for s, c in plays:
                if s != other:
                    continue
                if follow and led is not None and c // 13 != led:
                    self.voids[led].append(i)
                if c not in prizes:
                    self.played.append((c, i))
        self.active = obs["stage"] == 1 and bool(self.voids)
        self._counts: dict[tuple[int, ...], float] = {}

    def earliest(self, card: int, trick: int) -> int:
        """The earliest slot a card of this suit, held at ``trick``, can have come from."""
        return max((t for t in self.voids.get(card // 13, ()) if t <= trick), default=DEALT)

    def weight(self, hidden: int) -> float:
        """Proportional to the number of histories in which the opponent's hidden cards now are ``hidden``."""
        if not self.active:
            return 1.0
        bounds = tuple(sorted(self.earliest(c, self.now) for c in cards_of(hidden)))
        if bounds not in self._counts:  # the count depends only on how constrained the held cards are
            self._counts[bounds] = self._count([(self.now, lo) for lo in bounds])
        return self._counts[bounds]

    def _count(self, held: list[tuple[int, int]]) -> float:
        """The perfect matchings of (play time, earliest slot) cards to the slots, latest slot first."""
        cards = sorted([(p, self.earliest(c, p)) for c, p in self.played] + held, reverse=True)
        if len(cards) != len(self.slots):
            raise ValueError(f"{len(cards)} hidden cards for {len(self.slots)} slots")
        bounds = sorted({lo for _, lo in cards})
        klass = {lo: j for j, lo in enumerate(bounds)}
        states: dict[tuple[int, ...], float] = {(0,) * len(bounds): 1.0}
        k = 0
        for i, slot in enumerate(self.slots):
            add = [0] * len(bounds)
            while k < len(cards) and cards[k][0] > slot:  # played (or held) after this slot: it may have filled it
                lo = cards[k][1]
                if lo > slot:
                    return 0.0  # no slot between its void and its play
                add[klass[lo]] += 1
                k += 1
            nxt = self.slots[i + 1] if i + 1 < len(self.slots) else DEALT - 1
            new: dict[tuple[int, ...], float] = defaultdict(float)
            for st, ways in states.items():
                st = tuple(a + b for a, b in zip(st, add))
                for j, n in enumerate(st):
                    if n:
                        t = st[:j] + (n - 1,) + st[j + 1:]
                        if all(not t[x] or bounds[x] <= nxt for x in range(len(t))):
                            new[t] += ways * n
            states = new
            if not states:
                return 0.0
        return sum(states.values())
