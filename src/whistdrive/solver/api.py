"""Python API of the exact solver: plain masks in, trick counts out.

Every function takes hands as 52-bit masks (``1 << card`` with
``card = suit * 13 + rank``, see :mod:`whistdrive.cards`), a trump suit
(0..3) or ``None`` for no-trump, the ``leader`` of the current trick and the
cards already on it (``trick``: ``[(seat, card), ...]`` in playing order, or
just ``[card, ...]`` from the leader on).  Seats play in the order
``0, 1, .., n-1`` (clockwise).  Values count the tricks still to be played,
*including the current one*.

The compiled kernel lives in :mod:`whistdrive.solver._core`; this module
validates, converts to the kernel's 16-bits-per-suit layout and owns the
shared transposition table.  It is not thread-safe across threads (a lock
serialises calls).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..errors import IllegalMove, WhistError
from ..games.trick import winning_play
from . import _core, _two

__all__ = [
    "InvalidPosition",
    "Position",
    "TwoHandSolver",
    "solve",
    "card_values",
    "solve_two_hand",
    "values_two_hand",
    "solve_whist",
    "values_whist",
    "solve_knockout",
    "values_knockout",
    "can_take_a_trick",
    "side_one_tricks",
    "run_on_two_hand_table",
    "last_stats",
    "warm_up",
]

SUIT_MASK = 0x1FFF


class InvalidPosition(WhistError, ValueError):
    """A position that cannot arise: overlapping hands, wrong hand sizes, bad trick."""


def to_internal(mask: int) -> int:
    """52-bit card mask -> kernel layout (suit s at bits 16*s .. 16*s+12)."""
    return (
        (mask & SUIT_MASK)
        | ((mask >> 13 & SUIT_MASK) << 16)
        | ((mask >> 26 & SUIT_MASK) << 32)
        | ((mask >> 39 & SUIT_MASK) << 48)
    )


def card_to_internal(card: int) -> int:
    return (card // 13) * 16 + card % 13


def _name(card: int) -> str:
    from ..cards import Card

    return str(Card.from_index(card))


def _bits(mask: int) -> int:
    return bin(mask).count("1")


class Position:
    """A validated solver position (hands after the trick cards were removed)."""

    __slots__ = ("hands", "trump", "leader", "trick", "sides", "n")

    def __init__(
        self,
        hands: Sequence[int],
        trump: int | None,
        leader: int,
        trick: Iterable = (),
        sides: Sequence[int] | None = None,
    ) -> None:
        n = len(hands)
        if not 2 <= n <= 7:
            raise InvalidPosition(f"{n} hands: expected 2..7 seats")
        if trump is not None and (not isinstance(trump, int) or isinstance(trump, bool) or not 0 <= trump <= 3):
            raise InvalidPosition(f"trump {trump!r}: expected a suit 0..3 or None for no-trump")
        if not isinstance(leader, int) or not 0 <= leader < n:
            raise InvalidPosition(f"leader {leader!r}: expected a seat 0..{n - 1}")
        hands = [int(h) for h in hands]
        seen = 0
        for i, h in enumerate(hands):
            if h < 0 or h >> 52:
                raise InvalidPosition(f"hand of seat {i} is not a 52-bit card mask")
            if h & seen:
                raise InvalidPosition(f"hand of seat {i} shares cards with an earlier hand")
            seen |= h
        pairs: list[tuple[int, int]] = []
        for k, item in enumerate(trick):
            if isinstance(item, tuple | list):
                seat, card = int(item[0]), int(item[1])
            else:
                seat, card = (leader + k) % n, int(item)
            if seat != (leader + k) % n:
                raise InvalidPosition(f"trick card {k} played by seat {seat}: expected seat {(leader + k) % n}")
            if not 0 <= card < 52:
                raise InvalidPosition(f"trick card {card!r} is out of range 0..51")
            if (seen >> card) & 1:
                raise InvalidPosition(f"trick card {_name(card)} is also in a hand or earlier in the trick")
            seen |= 1 << card
            pairs.append((seat, card))
        if len(pairs) >= n:
            raise InvalidPosition(f"trick has {len(pairs)} cards: a trick of {n} seats holds at most {n - 1}")
        # hand sizes: seats that already played hold one card fewer
        played = {s for s, _ in pairs}
        sizes = {_bits(h) + (1 if i in played else 0) for i, h in enumerate(hands)}
        if len(sizes) != 1:
            raise InvalidPosition("hand sizes differ: every seat must hold the same number of cards per trick")
        if sizes.pop() == 0:
            raise InvalidPosition("no cards to play")
        # the trick cards must have followed suit where the (remaining) hand shows it was possible
        if pairs:
            led = pairs[0][1] // 13
            for seat, card in pairs[1:]:
                if card // 13 != led and (hands[seat] >> (13 * led)) & SUIT_MASK:
                    raise IllegalMove(f"seat {seat} played {_name(card)} but still holds the suit led")
        if sides is None:
            if n == 2:
                sides = (0, 1)
            elif n == 4:
                sides = (0, 1, 0, 1)
            else:
                raise InvalidPosition(f"{n} seats: give 'sides' (0/1 per seat)")
        sides = tuple(int(x) for x in sides)
        if len(sides) != n or not set(sides) <= {0, 1}:
            raise InvalidPosition(f"sides {sides!r}: expected {n} values of 0 or 1")
        self.hands, self.trump, self.leader, self.trick = hands, trump, leader, pairs
        self.sides, self.n = sides, n

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    @property
    def tricks_left(self) -> int:
        return (sum(_bits(h) for h in self.hands) + len(self.trick)) // self.n

    def legal_cards(self) -> list[int]:
        """Cards the seat to move may play (follow suit when able)."""
        h = self.hands[self.to_move]
        if self.trick:
            led = self.trick[0][1] // 13
            follow = h & (SUIT_MASK << (13 * led))
            if follow:
                h = follow
        return [c for c in range(52) if (h >> c) & 1]

    def play(self, card: int) -> Position:
        """The position after the seat to move plays ``card`` (a new object)."""
        if card not in self.legal_cards():
            raise IllegalMove(f"{_name(card)} is not a legal card for seat {self.to_move}")
        p = self.to_move
        hands = list(self.hands)
        hands[p] &= ~(1 << card)
        trick = [*self.trick, (p, card)]
        new = object.__new__(Position)
        new.trump, new.sides, new.n = self.trump, self.sides, self.n
        new.hands = hands
        if len(trick) == self.n:
            new.leader, new.trick = _winner(trick, self.trump), []
        else:
            new.leader, new.trick = self.leader, trick
        return new


def _winner(trick: Sequence[tuple[int, int]], trump: int | None) -> int:
    return winning_play(list(trick), trump)[0]


class _Engine:
    """The shared transposition table and scratch space of the numba kernel."""

    def __init__(self, log2_size: int = 18, two_log2_size: int = 17) -> None:
        self.log2_size = log2_size
        self.two_log2_size = two_log2_size
        # the kernels' numpy arrays (tables, scratch), allocated on first use: untyped like the kernels
        self.table: Any = None
        self.work: Any = None
        self.two_table: Any = None
        self.two_work: Any = None
        self.two_epoch = 0  # root calls so far: the table evicts entries of older calls first
        self.gens: dict[tuple, int] = {}
        self.lock = threading.Lock()
        self.stats = np.zeros(4, dtype=np.int64)

    def _gen(self, n: int, sides: tuple, trump: int) -> int:
        key = (n, sides, trump)
        g = self.gens.get(key)
        if g is None:
            g = len(self.gens) + 1
            self.gens[key] = g
        return g

    def side1_tricks(self, pos: Position, lo: int | None = None, hi: int | None = None) -> int:
        """Exact future tricks of side 1 (or of the clamp [lo, hi] if given)."""
        if pos.n == 2 and pos.sides in ((0, 1), (1, 0)):
            return self._two_hand(pos, lo, hi)
        return self.generic_side1_tricks(pos, lo, hi)

    def _two_ready(self) -> None:
        """Allocate the two-hand table and scratch space on first use (the caller holds the lock)."""
        if self.two_table is None:
            self.two_table = _two.new_table(self.two_log2_size)
            self.two_work = _two.new_workspace()

    def run_on_two_hand_table(self, kernel: Callable[..., tuple[Any, int]]) -> Any:
        """See :func:`run_on_two_hand_table`."""
        with self.lock:
            self._two_ready()
            keys, ents = self.two_table
            result, self.two_epoch = kernel(self.two_epoch, keys, ents, *self.two_work)
            return result

    def _two_hand(self, pos: Position, lo: int | None, hi: int | None) -> int:
        """Two hands on opposite sides: the specialised trick-by-trick kernel (:mod:`._two`)."""
        with self.lock:
            self._two_ready()
            r0 = pos.tricks_left
            lo = 0 if lo is None else max(0, lo)
            hi = r0 if hi is None else min(hi, r0)
            if lo >= hi:
                self.stats[:] = 0
                return lo
            h0, h1 = to_internal(pos.hands[0]), to_internal(pos.hands[1])
            leader = pos.leader
            forced = -1
            if pos.trick:
                forced = card_to_internal(pos.trick[0][1])
                if leader == 0:
                    h0 |= 1 << forced
                else:
                    h1 |= 1 << forced
            s1 = pos.sides.index(1)
            # the kernel counts the leader's tricks
            llo, lhi = (lo, hi) if leader == s1 else (r0 - hi, r0 - lo)
            trump = 4 if pos.trump is None else pos.trump
            v = self._two_kernel(h0, h1, leader, r0, trump, forced, llo, lhi)
            return v if leader == s1 else r0 - v

    def _two_kernel(self, h0: int, h1: int, leader: int, r0: int, trump: int, forced: int, lo: int, hi: int) -> int:
        """The leader's tricks from the kernel (hands in its layout; the caller holds the lock)."""
        keys, ents = self.two_table
        work, moves, scores, stats = self.two_work
        stats[:4] = 0
        self.two_epoch = (self.two_epoch + 1) & _two.EPOCH_MASK
        v = _two.solve_exact(
            h0, h1, leader, r0, trump, forced, lo, hi, self.two_epoch, keys, ents, work, moves, scores, stats
        )
        self.stats[:] = stats[:4]
        return int(v)

    def two_hand_start(self, hand0: int, hand1: int, trump: int | None, leader: int) -> int | None:
        """Tricks of ``leader`` from a trick start of two hands, or None when a check fails.

        The common case of :func:`solve_two_hand` without the general
        :class:`Position` (whose checks cost more than a small solve): the
        same conditions, checked only as far as plain ints allow; anything
        else (None) goes the general way, which raises the precise error.
        """
        if (
            type(hand0) is not int
            or type(hand1) is not int
            or type(leader) is not int
            or not 0 <= leader <= 1
            or not (trump is None or (type(trump) is int and 0 <= trump <= 3))
            or hand0 < 0
            or hand1 < 0
            or (hand0 | hand1) >> 52
            or hand0 & hand1
        ):
            return None
        r0 = hand0.bit_count()
        if r0 == 0 or hand1.bit_count() != r0:
            return None
        with self.lock:
            self._two_ready()
            return self._two_kernel(
                to_internal(hand0), to_internal(hand1), leader, r0, 4 if trump is None else trump, -1, 0, r0
            )

    def generic_side1_tricks(self, pos: Position, lo: int | None = None, hi: int | None = None) -> int:
        """Exact future tricks of side 1 by the generic n-seat kernel (:mod:`._core`)."""
        with self.lock:
            if self.table is None:
                self.table = _core.new_table(self.log2_size)
                self.work = _core.new_workspace()
            trump = 4 if pos.trump is None else pos.trump
            gen = self._gen(pos.n, pos.sides, trump)
            n = pos.n
            hands = np.zeros(n, dtype=np.int64)
            for i, h in enumerate(pos.hands):
                hands[i] = to_internal(h)
            sides = np.array(pos.sides, dtype=np.int64)
            mv, nm, cur, frames, keybuf, wacc, stats = self.work
            stats[:] = 0
            fr = frames[0]
            fr[:] = 0
            fr[_core.F_PL] = pos.to_move
            fr[_core.F_TPOS] = len(pos.trick)
            if pos.trick:
                lead = card_to_internal(pos.trick[0][1])
                fr[_core.F_LSUIT] = lead >> 4
                ws = _winner(pos.trick, pos.trump)
                wc = dict(pos.trick)[ws]
                fr[_core.F_WCARD] = card_to_internal(wc)
                fr[_core.F_WSEAT] = ws
                ot = 0
                for _, c in pos.trick:
                    ot |= 1 << card_to_internal(c)
                fr[_core.F_OT] = ot
                fr[_core.F_WREL] = 1  # conservative: treat the winner's rank as relevant
            r0 = pos.tricks_left
            lo = 0 if lo is None else lo
            hi = r0 if hi is None else min(hi, r0)
            keys, pats, bounds, gens = self.table
            v = _core.solve_exact(
                hands,
                n,
                sides,
                trump,
                r0,
                lo,
                hi,
                keys,
                pats,
                bounds,
                gens,
                gen,
                mv,
                nm,
                cur,
                frames,
                keybuf,
                wacc,
                stats,
            )
            self.stats[:] = stats
            return int(v)


ENGINE = _Engine()


def side_one_tricks(pos: Position, lo: int | None = None, hi: int | None = None) -> int:
    """Future tricks of the seats labelled 1 in ``pos.sides``, on the shared table.

    With a window the answer is only exact inside it (clamped to ``[lo, hi]``):
    a search that needs a bound, not a value, lets the kernel stop early.
    """
    return ENGINE.side1_tricks(pos, lo, hi)


def run_on_two_hand_table(kernel: Callable[..., tuple[Any, int]]) -> Any:
    """Run compiled code that calls the two-hand kernel (:func:`._two.solve_exact`, e.g. the Humbug
    expert's :func:`.humbug_worlds.play_worlds`) on the table the module functions share.

    ``kernel(epoch, keys, ents, work, moves, scores, stats)`` gets the table's epoch and arrays, and
    returns its result and the epoch after its calls; it runs under the table's lock.
    """
    return ENGINE.run_on_two_hand_table(kernel)


def last_stats() -> dict[str, int]:
    """Counters of the last kernel call (``nodes``: positions visited)."""
    s = ENGINE.stats
    return {"nodes": int(s[0]), "tt_cutoffs": int(s[1]), "trick_starts": int(s[2]), "expanded": int(s[3])}


# --- backends -------------------------------------------------------------------


def _side_to_move_value(pos: Position, side1: int) -> int:
    if pos.sides[pos.to_move] == 1:
        return side1
    return pos.tricks_left - side1


def _use_dds(pos: Position, backend: str) -> bool:
    if backend == "numba":
        return False
    if backend == "dds":
        if not _partnership(pos):
            raise InvalidPosition("the DDS backend only solves 4-seat partnership positions")
        return True
    if backend != "auto":
        raise InvalidPosition(f"backend {backend!r}: expected 'auto', 'numba' or 'dds'")
    return _partnership(pos) and pos.tricks_left > AUTO_DDS_MIN_TRICKS


def _partnership(pos: Position) -> bool:
    """N-S against E-W, whichever side is labelled 1: DDS values the side to move either way."""
    return pos.n == 4 and pos.sides in ((0, 1, 0, 1), (1, 0, 1, 0))


def _dds_module(backend: str):
    """The DDS backend, or None under ``auto`` when endplay is not installed (fall back to ours)."""
    try:
        from . import dds_backend
    except ImportError:
        if backend == "dds":
            raise
        return None
    return dds_backend


AUTO_DDS_MIN_TRICKS = 7
"""``backend="auto"`` hands 4-seat positions with more tricks left than this to DDS
(measured: our kernel is as fast or faster up to 7 cards a hand, DDS beyond;
see docs/solver.md)."""


def solve(hands, trump, leader, trick=(), sides=None, backend: str = "auto") -> int:
    """Tricks the side to move takes from here on (current trick included) under best play."""
    pos = hands if isinstance(hands, Position) else Position(hands, trump, leader, trick, sides)
    if _use_dds(pos, backend):
        dds = _dds_module(backend)
        if dds is not None:
            return dds.solve(pos)
    return _side_to_move_value(pos, ENGINE.side1_tricks(pos))


def card_values(hands, trump, leader, trick=(), sides=None, backend: str = "auto") -> dict[int, int]:
    """For every legal card of the seat to move: tricks its side takes after playing it."""
    pos = hands if isinstance(hands, Position) else Position(hands, trump, leader, trick, sides)
    if _use_dds(pos, backend):
        dds = _dds_module(backend)
        if dds is not None:
            return dds.card_values(pos)
    return _card_values(pos, ENGINE)


def _card_values(pos: Position, engine: _Engine) -> dict[int, int]:
    me = pos.sides[pos.to_move]
    r0 = pos.tricks_left
    out: dict[int, int] = {}
    legal = pos.legal_cards()
    allc = 0
    for h in pos.hands:
        allc |= h
    for _, c in pos.trick:
        allc |= 1 << c
    mine = pos.hands[pos.to_move]
    prev_card: int | None = None
    prev_val = 0
    for card in legal:  # ascending: equal neighbours inherit the value
        if prev_card is not None and prev_card // 13 == card // 13:
            between = allc & ((1 << card) - (1 << (prev_card + 1)))
            if between & ~mine == 0:
                out[card] = prev_val
                prev_card = card
                continue
        child = pos.play(card)
        # tricks already decided by completing the trick belong to r0 - child.tricks_left
        done = r0 - child.tricks_left
        if done:
            took = 1 if child.sides[child.leader] == me else 0
        else:
            took = 0
        s1 = engine.side1_tricks(child) if child.tricks_left else 0
        future = s1 if me == 1 else child.tricks_left - s1
        out[card] = took + future
        prev_card, prev_val = card, out[card]
    return out


def solve_two_hand(hand0: int, hand1: int, trump: int | None, leader: int, trick=()) -> int:
    """German Whist stage 2 (or any two-hand ending): tricks for the seat to move."""
    if not trick:
        v = ENGINE.two_hand_start(hand0, hand1, trump, leader)
        if v is not None:
            return v
    return solve([hand0, hand1], trump, leader, trick, (0, 1))


def values_two_hand(hand0: int, hand1: int, trump: int | None, leader: int, trick=()) -> dict[int, int]:
    """Value (tricks for the seat to move) of each legal card in a two-hand ending."""
    return card_values([hand0, hand1], trump, leader, trick, (0, 1))


class TwoHandSolver:
    """A solver for the positions of one two-hand game (German Whist stage 2), with its own table.

    The module functions share one table (:data:`ENGINE`); a game that is
    analysed move after move (a bot's or a hint's every decision) can keep
    its own instead, so that nothing else evicts what the earlier moves
    proved: the positions later in the game are mostly already in it.  Not
    thread-safe; one object per game or per worker.

    >>> s = TwoHandSolver()  # 2^16 entries, 1.7 MB
    >>> s.solve(0b11, 0b11 << 13, 0, 0)  # 2 and 3 of spades (trumps) against 2 and 3 of hearts
    2
    """

    def __init__(self, log2_size: int = 16) -> None:
        self.engine = _Engine(two_log2_size=log2_size)
        self.engine.two_table = _two.new_table(log2_size)  # allocated now, not inside the first move
        self.engine.two_work = _two.new_workspace()

    def solve(self, hand0: int, hand1: int, trump: int | None, leader: int, trick=()) -> int:
        """Tricks for the seat to move (as :func:`solve_two_hand`)."""
        if not trick:
            v = self.engine.two_hand_start(hand0, hand1, trump, leader)
            if v is not None:
                return v
        pos = Position([hand0, hand1], trump, leader, trick, (0, 1))
        return _side_to_move_value(pos, self.engine.side1_tricks(pos))

    def values(self, hand0: int, hand1: int, trump: int | None, leader: int, trick=()) -> dict[int, int]:
        """Value of each legal card of the seat to move (as :func:`values_two_hand`)."""
        return _card_values(Position([hand0, hand1], trump, leader, trick, (0, 1)), self.engine)

    def clear(self) -> None:
        """Forget everything (e.g. before a new deal; never needed for correctness)."""
        self.engine.two_table[0].fill(0)  # key 0 marks an empty slot

    def last_stats(self) -> dict[str, int]:
        s = self.engine.stats
        return {"nodes": int(s[0]), "tt_cutoffs": int(s[1]), "trick_starts": int(s[2]), "expanded": int(s[3])}


def solve_whist(hands: Sequence[int], trump: int | None, leader: int, trick=(), backend: str = "auto") -> int:
    """Partnership whist, N(0)-S(2) vs E(1)-W(3): tricks for the side to move."""
    return solve(hands, trump, leader, trick, (0, 1, 0, 1), backend)


def values_whist(
    hands: Sequence[int], trump: int | None, leader: int, trick=(), backend: str = "auto"
) -> dict[int, int]:
    """Per legal card of the seat to move: tricks for its partnership."""
    return card_values(hands, trump, leader, trick, (0, 1, 0, 1), backend)


def _paranoid(n: int, seat: int) -> tuple[int, ...]:
    if not 0 <= seat < n:
        raise InvalidPosition(f"seat {seat}: expected 0..{n - 1}")
    return tuple(1 if i == seat else 0 for i in range(n))


def solve_knockout(hands: Sequence[int], trump: int | None, leader: int, trick=(), seat: int = 0) -> int:
    """Tricks ``seat`` is sure to take when every other seat plays against it (paranoid)."""
    pos = Position(hands, trump, leader, trick, _paranoid(len(hands), seat))
    return ENGINE.side1_tricks(pos)


def values_knockout(hands: Sequence[int], trump: int | None, leader: int, trick=(), seat: int = 0) -> dict[int, int]:
    """Per legal card of the seat to move: tricks ``seat`` is sure of (paranoid) after it."""
    pos = Position(hands, trump, leader, trick, _paranoid(len(hands), seat))
    vals = card_values(pos, trump, leader)
    if pos.to_move == seat:
        return vals
    r0 = pos.tricks_left
    return {c: r0 - v for c, v in vals.items()}


def can_take_a_trick(hands: Sequence[int], trump: int | None, leader: int, trick=(), seat: int = 0) -> bool:
    """Can ``seat`` take at least one trick against all the others (survive a knock-out deal)?"""
    pos = Position(hands, trump, leader, trick, _paranoid(len(hands), seat))
    return ENGINE.side1_tricks(pos, lo=0, hi=1) >= 1


def warm_up() -> None:
    """Compile (or load from numba's on-disk cache) every kernel by solving tiny positions.

    Call once at start-up (the CLI and the bots do) so the first real solve is fast.
    """
    solve_two_hand(0b11, 0b11 << 13, 0, 0)
    solve_whist([1, 1 << 13, 1 << 26, 1 << 39], None, 0, backend="numba")
    solve_knockout([1, 2, 4], 0, 0, (), 0)  # German Whist stage 1 has no kernel of its own: nothing more
    from .playout import finish_stage1  # the German expert's compiled stage-1 playout

    finish_stage1(1, 2, np.array([4, 8], dtype=np.int64), 0, -1, -1, 12, 6, 6, 0, 0, True, False, False)
    from .humbug_worlds import warm_up as warm_humbug  # the Humbug expert's compiled worlds

    warm_humbug()
    from .knockout_playout import world_values  # the Knock-out expert's compiled playout

    world_values(np.array([1, 2], dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64), 0, 0, 0,
                 0, 2, 0, 1, np.array([0], dtype=np.int64), False, 1, np.full((8, 8, 2), 0.5))
    try:  # load DDS (the default four-hand backend) too, if endplay is installed
        solve_whist([1, 1 << 13, 1 << 26, 1 << 39], None, 0, backend="dds")
    except ImportError:
        pass
