"""The whist expert's count signal: which card of a free choice shows my length in the suit.

Cards of one suit with no card of another hand between them (a *run*) win and
lose the same tricks, so which of them I play costs nothing: I play the one
that shows my length in the suit before the play — with two, the higher for
an even length and the lower for an odd one (high-low shows an even number,
as whist players signal), with more, the (length mod k)-th from the top.  With
``pairs`` the two lowest runs of a suit are one choice as well, when the
search values them alike (within a margin): from the lower run with an odd
length, from the other with an even one.

A partner reads it in each sampled world, where it knows my hand: a world in
which I would have played another card of the choice counts less
(:class:`.sampling.Kind`'s ``signal``), which is how the pair tells each
other its shape — the most useful part of a partner's hand to know
(docs/bots.md, issue 14).
"""

from __future__ import annotations

from ..games.trick import SUIT_MASKS


def suit_runs(hand: int, suit: int, outside: int) -> list[list[int]]:
    """My cards of ``suit`` in runs of equivalent cards (no ``outside`` card between), lowest first."""
    runs: list[list[int]] = []
    joined = False
    for c in range(13 * suit, 13 * suit + 13):
        if hand >> c & 1:
            if joined:
                runs[-1].append(c)
            else:
                runs.append([c])
            joined = True
        elif outside >> c & 1:
            joined = False
    return runs


def count_card(run: list[int], length: int) -> int:
    """The card of ``run`` (lowest first) that shows ``length``: high-low shows an even number."""
    return run[len(run) - 1 - length % len(run)]


def signal_group(card: int, hand: int, outside: int, pairs: bool) -> tuple[list[int], int, bool]:
    """The free choice ``card`` was played from (its run, or the two lowest runs of its suit when
    ``pairs``), the card the signal plays from it, and whether it is a pair of runs."""
    s = card // 13
    runs = suit_runs(hand, s, outside)
    length = bin(hand & SUIT_MASKS[s]).count("1")
    if pairs and len(runs) > 1 and card <= runs[1][-1]:
        target = runs[1] if length % 2 == 0 else runs[0]
        return runs[0] + runs[1], count_card(target, length), True
    run = next(r for r in runs if card in r)
    return run, count_card(run, length), False


def signal_play(card: int, hand: int, outside: int, values: dict[int, float], margin: float | None) -> int:
    """The card I play instead of ``card`` (the search's choice): the signal of its run, or, with a
    ``margin``, of the two lowest runs when the signalled run is worth at least ``card``'s value less
    the margin (``values``: every legal card's)."""
    group, shown, pair = signal_group(card, hand, outside, margin is not None)
    if pair and margin is not None and values[shown] < values[card] - margin:
        run = next(r for r in suit_runs(hand, card // 13, outside) if card in r)
        return count_card(run, bin(hand & SUIT_MASKS[card // 13]).count("1"))
    return shown
