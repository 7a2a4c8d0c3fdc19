"""Dealing the cards a seat cannot see, consistently with what it has seen.

A *world* gives every hidden card a place — another seat's hand, the stock or
the undealt rest of the pack — respecting hand sizes, cards known to be held
and every void shown (the trick on the table included): the constraints come
from the observation through :func:`whistdrive.bots.view.read`, the same for
every game.  Search bots average over many worlds; the dealing is
constraint-first (the most constrained cards are placed first) and checks,
before placing each card, that the rest can still be placed, so it never
gives up on a constraint; it is close enough to uniform for play.  A world
can then be weighted by how likely the other seats' plays so far were in it
(:func:`play_likelihood`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import FULL_MASK
from ..games.trick import legal_mask
from .classic import classic_card
from .signals import signal_group
from .view import View, cards_of, popcount

REST = -1  # pseudo-seat: the stock or the undealt cards


class NoWorld(ValueError):
    """No deal fits the observation: its hand sizes, known cards and voids contradict each other."""


SUIT_SETS = range(1, 16)  # every non-empty set of suits, as a 4-bit mask


def slack(counts: list[int], needs: dict[int, int], allowed: dict[int, int]) -> dict[int, int]:
    """For every set of suits (a 4-bit mask): the room the seats that may hold them have left,
    minus the cards of those suits still to place.  Every card can be placed, each seat getting
    exactly its need, iff no slack is negative (Hall's condition; the totals are equal)."""
    out = {}
    for t in SUIT_SETS:
        cards = sum(counts[x] for x in range(4) if t >> x & 1)
        room = sum(n for k, n in needs.items() if allowed[k] & t)
        out[t] = room - cards
    return out


def deal_hidden(pool: list[int], needs: dict[int, int], voids: dict[int, set[int]],
                rng: random.Random) -> dict[int, list[int]]:
    """Place every card of ``pool`` with a seat that still needs cards and is not void in its suit.

    Cards are placed most constrained first, each with a seat drawn in proportion to the cards
    it still needs, among the seats that leave the remaining cards placeable: a placement never
    reaches a dead end, so every world respects every constraint.  Raises :class:`NoWorld` when
    the constraints admit no deal at all.
    """
    if sum(needs.values()) != len(pool) or min(needs.values(), default=0) < 0:
        raise NoWorld(f"{len(pool)} hidden cards for hands needing {needs}")
    allowed = {k: sum(1 << x for x in range(4) if x not in voids.get(k, ())) for k in needs}
    counts = [0] * 4
    for c in pool:
        counts[c // 13] += 1
    room = slack(counts, needs, allowed)
    if min(room.values()) < 0:
        raise NoWorld(f"no deal of the hidden cards fits hand sizes {needs} and voids {voids}")
    width = [sum(1 for k in needs if allowed[k] >> x & 1) for x in range(4)]
    cards = pool[:]
    rng.shuffle(cards)
    cards.sort(key=lambda c: width[c // 13])
    tight = [t for t in SUIT_SETS if room[t] == 0]  # suit sets with no room to spare
    left = dict(needs)
    out: dict[int, list[int]] = {k: [] for k in needs}
    for c in cards:
        s = 1 << (c // 13)
        # placing c with k takes one place of k: every suit set without c's suit that k may hold
        # loses one unit of room, so none of them may be tight
        choices = [k for k in needs if left[k] and allowed[k] & s
                   and not any(not t & s and allowed[k] & t for t in tight)]
        x = rng.random() * sum(left[k] for k in choices)
        for k in choices:
            x -= left[k]
            if x < 0:
                break
        out[k].append(c)
        left[k] -= 1
        for t in SUIT_SETS:
            if not t & s and allowed[k] & t:
                room[t] -= 1
                if not room[t]:
                    tight.append(t)
    return out


def sample_hands(view: View, rng: random.Random) -> tuple[dict[int, int], list[int]]:
    """Hands of every seat (mine included) and the rest pile, for one sampled world.

    Seats' hands are their known cards plus hidden ones; the hidden cards no
    hand needs go to the stock / undealt pile, returned as a shuffled list.
    """
    pool = cards_of(view.unseen)
    needs = {s: view.hand_sizes.get(s, 0) - popcount(view.known.get(s, 0)) for s in view.order if s != view.seat}
    needs[REST] = len(pool) - sum(needs.values())
    placed = deal_hidden(pool, needs, {s: v for s, v in view.voids.items() if s != view.seat}, rng)
    hands = {view.seat: view.hand}
    for s in view.order:
        if s != view.seat:
            m = view.known.get(s, 0)
            for c in placed[s]:
                m |= 1 << c
            hands[s] = m
    rest_cards = placed[REST]
    rng.shuffle(rest_cards)
    return hands, rest_cards


MATCH = 0.6  # chance that a player made the classic play; the rest is spread over the other legal cards


@dataclass(frozen=True)
class Kind:
    """A kind of player in the experts' model of the others: its share before any play is seen, the
    chance it makes the classic play (None: any legal card alike, as a random player picks) and, in
    Humbug Whist, how sharply its exchange follows the hand count (:mod:`.humbug_exchange`)."""

    prior: float
    match: float | None
    spread: float | None = None
    signal: float | None = None  # whist: the chance it shows its count within a run of equivalent cards


KINDS: tuple[Kind, ...] = (Kind(0.5, MATCH), Kind(0.5, 0.95))
"""Who the others may be: a sensible player who often plays otherwise than the book (MATCH), or one
who plays by it (the rule-based levels, many people).  Each seat's kind is unknown and inferred with
its hand, from the same plays: in a world where a seat's plays are all the book's, the book-player
explains them far better; a seat that plays otherwise is soon left to the sensible kind.  The
reference expert knew the first kind only (:func:`play_likelihood`)."""


class Tally:
    """How likely one seat's decisions so far were in one world, under each kind of player (a
    decision with a choice of ``c``: the classic one counts ``match``, any other ``(1 - match) / (c - 1)``,
    and 1/c for a random player)."""

    __slots__ = ("kinds", "decisions", "weights")

    def __init__(self, kinds: tuple[Kind, ...]):
        self.kinds = kinds
        self.decisions = 0
        self.weights = [1.0] * len(kinds)

    def add(self, choices: int, matched: bool, group: tuple[int, bool, bool] | None = None) -> None:
        """One decision; ``group`` (for a kind that signals): the size of the run the card was played
        from (:func:`.signals.signal_group`), whether the classic card is in it and whether the played
        card is the signal's.  A signaller picks the run as its kind's match says, then the card within
        it by the signal."""
        self.decisions += 1
        for j, k in enumerate(self.kinds):
            if k.match is None:
                self.weights[j] /= choices
            elif k.signal is None or group is None or group[0] < 2:
                self.weights[j] *= k.match if matched else (1 - k.match) / (choices - 1)
            else:
                size, classic_in, signalled = group
                other = (1 - k.match) / (choices - 1)
                picked = k.match * classic_in + other * (size - classic_in)
                self.weights[j] *= picked * (k.signal if signalled else (1 - k.signal) / (size - 1))

    def likelihood(self) -> float:
        """How likely these decisions were, the seat's kind unknown (up to a constant)."""
        return sum(k.prior * w for k, w in zip(self.kinds, self.weights))


class PlayHistory:
    """The other seats' plays so far in this deal, read once to weigh many worlds.

    How well a seat's plays fit the classic policy depends on its own hand in
    the world alone (its hand as dealt is that hand plus the cards it played),
    so a search that weighs thousands of worlds tallies each seat's hand once
    (whist and Knock-out Whist: the seats in ``v.order`` play in turn)."""

    def __init__(self, v: View, kinds: tuple[Kind, ...] = KINDS):
        self.kinds = kinds
        self.signals = any(k.signal is not None for k in kinds)
        self.trump = v.trump
        # per other seat, each of its plays: (the plays before it in the trick, its card, the cards gone
        # before it, the seats after it, its side, the cards the seat played from this one on)
        self.steps: dict[int, list[tuple]] = {}
        n = len(v.order)
        gone = v.excluded
        plays_of: dict[int, list[tuple]] = {s: [] for s in v.order if s != v.seat}
        sides = {s: v.side_of(s) for s in v.order}
        for plays in (*v.done, v.trick) if v.trick else v.done:
            for k, (s, c) in enumerate(plays):
                if s != v.seat:
                    i = v.order.index(s)
                    later = [v.order[(i + j) % n] for j in range(1, n - k)]
                    plays_of[s].append((plays[:k], c, gone, later, sides[s]))
                gone |= 1 << c
        for s, seen in plays_of.items():
            after = 0
            steps = []
            for step in reversed(seen):
                after |= 1 << step[1]
                steps.append((*step, after))
            self.steps[s] = steps[::-1]
        self._seen: dict[tuple[int, int], float] = {}

    def played(self, s: int) -> int:
        """Every card seat ``s`` played in this deal, as a mask."""
        return self.steps[s][0][-1] if self.steps[s] else 0

    def tally(self, s: int, hand: int) -> Tally:
        """How seat ``s``'s plays fit, if ``hand`` is what it holds now."""
        out = Tally(self.kinds)
        for prefix, c, gone, later, side, after in self.steps[s]:
            held = hand | after
            legal = legal_mask(held, prefix[0][1] // 13 if prefix else None)
            choices = popcount(legal)
            if choices > 1:
                outside = FULL_MASK & ~(held | gone)
                guess = classic_card(held, legal, prefix, self.trump, side, outside, later)
                group = None
                if self.signals:
                    run, shown = signal_group(c, held, outside)
                    group = (len(run), guess in run, shown == c)
                out.add(choices, guess == c, group)
        return out

    def likelihood(self, hands: dict[int, int]) -> float:
        """How likely every other seat's plays were in this world, each seat's kind unknown (each
        seat's hand tallied once per history)."""
        weight = 1.0
        for s in self.steps:
            key = (s, hands[s])
            if key not in self._seen:
                self._seen[key] = self.tally(s, hands[s]).likelihood()
            weight *= self._seen[key]
        return weight


def play_tallies(hands: dict[int, int], v: View, kinds: tuple[Kind, ...] = KINDS) -> dict[int, Tally]:
    """For every other seat, how its plays in this deal fit the classic policy if ``hands`` is the truth."""
    history = PlayHistory(v, kinds)
    return {s: history.tally(s, hands[s]) for s in history.steps}


def kinds_likelihood(tallies: dict[int, Tally]) -> float:
    """How likely every other seat's decisions were in this world, each seat's kind unknown."""
    weight = 1.0
    for t in tallies.values():
        weight *= t.likelihood()
    return weight


def play_likelihood(hands: dict[int, int], v: View) -> float:
    """How likely the other seats' plays in this deal were if ``hands`` is the truth (up to a constant),
    every player making the classic play with chance :data:`MATCH` — the frozen reference's model.

    A play that the classic policy would have made in this world counts more,
    which pulls the sample towards the deals the play suggests (whist and
    Knock-out Whist: the seats in ``v.order`` play in turn).
    """
    return kinds_likelihood(play_tallies(hands, v, (Kind(1.0, MATCH),)))
