"""Reading the opponent's recent stage-1 plays: how likely they were in a German Whist world.

Whether the opponent fought for a prize or let it go says something about its
hand: a player who lets the ace of trumps go by with a low trump most likely
had nothing cheaper to win it with.  The experts' model of a player
(:data:`.sampling.KINDS`: a sensible one, or one who plays by the book) scores
each play against the classic card of the hand the opponent held then.

That hand is the world's hand now, run backwards: the cards it played since
go back in, the prizes it took go out, and so does each card it drew face
down — which one, the world does not say, so every card it may have been is
tried in turn and the chances averaged.  Each draw multiplies the work by a
hand's worth of cards, so only the plays since the opponent's last ``draws + 1``
face-down draws are read; the older ones bear least on the hand it holds now.
"""

from __future__ import annotations

from ..solver._playout import classic_stage1_card
from .sampling import KINDS, Kind
from .view import View, card_int, popcount

PLAY, PRIZE, DRAW = 0, 1, 2


class PlayReading:
    """The opponent's plays to read at one decision, newest first; :meth:`weight` scores a world."""

    def __init__(self, v: View, draws: int = 1, kinds: tuple[Kind, ...] = KINDS):
        obs = v.obs
        other = 1 - v.seat
        opts = obs["options"]
        self.flags = (opts.get("follow_suit_stage1", True), bool(obs.get("low_game")),
                      opts.get("count", "last13") == "all26")
        self.trump = v.trump
        self.kinds = kinds
        self.draws = draws
        self.prizes = sum(1 << card_int(c) for c in obs["prizes_taken"][other])
        taken = {s: [card_int(c) for c in obs["prizes_taken"][s]] for s in (0, 1)}
        steps: list[tuple] = []  # oldest first, reversed below
        gone, used = 0, {0: 0, 1: 0}
        for i, t in enumerate(obs["tricks"]):
            plays = [(p["seat"], card_int(p["card"])) for p in t["cards"]]
            prize = taken[t["winner"]][used[t["winner"]]]
            used[t["winner"]] += 1
            gone = self._add_plays(steps, plays, other, gone, prize, 26 - 2 * i)
            steps.append((PRIZE, prize) if t["winner"] == other else (DRAW,))
        if v.trick and v.trick[0][0] == other:
            self._add_plays(steps, list(v.trick), other, gone, card_int(obs["prize"]), obs["stock_size"])
        self.steps = steps[::-1]
        self.active = obs["stage"] == 1 and any(s[0] == PLAY for s in self.steps)

    @staticmethod
    def _add_plays(steps: list, plays: list, other: int, gone: int, prize: int, stock_left: int) -> int:
        for k, (s, c) in enumerate(plays):
            if s == other:
                steps.append((PLAY, c, plays[0][1] if k else -1, prize, stock_left, gone))
            gone |= 1 << c
        return gone

    def weight(self, hand: int) -> float:
        """Proportional to how likely the plays read were, if the opponent holds ``hand`` now."""
        if not self.active:
            return 1.0
        return sum(k.prior * x for k, x in zip(self.kinds, self._walk(0, hand, self.draws)))

    def _walk(self, i: int, hand: int, draws: int) -> list[float]:
        """The chance of the plays from step ``i`` back, under each kind, the hand at step ``i`` given."""
        out = [1.0] * len(self.kinds)
        while i < len(self.steps):
            step = self.steps[i]
            i += 1
            if step[0] == PRIZE:
                hand &= ~(1 << step[1])
            elif step[0] == DRAW:
                if not draws:
                    break
                pool, total, n = hand & ~self.prizes, [0.0] * len(self.kinds), 0
                while pool:  # the card drawn face down was any of these: average over them
                    d = pool & -pool
                    pool ^= d
                    n += 1
                    for j, x in enumerate(self._walk(i, hand & ~d, draws - 1)):
                        total[j] += x
                return [a * b / max(n, 1) for a, b in zip(out, total)]
            else:
                _, c, tcard, prize, stock_left, gone = step
                if hand >> c & 1:
                    return [0.0] * len(self.kinds)  # the card it played then cannot be in its hand now
                hand |= 1 << c
                legal = hand
                if tcard >= 0 and self.flags[0] and hand & (0x1FFF << 13 * (tcard // 13)):
                    legal = hand & (0x1FFF << 13 * (tcard // 13))
                    if not legal >> c & 1:
                        return [0.0] * len(self.kinds)  # it did not follow suit with this hand
                choices = popcount(legal)
                if choices > 1:
                    classic = classic_stage1_card(hand, gone, tcard, self.trump, prize, stock_left, *self.flags)
                    for j, kind in enumerate(self.kinds):
                        if kind.match is None:
                            out[j] /= choices
                        else:
                            out[j] *= kind.match if classic == c else (1 - kind.match) / (choices - 1)
        return out
