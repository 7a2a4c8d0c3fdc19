"""Rule-based card play: the classic advice, as code.

:func:`classic_card` is the shared play policy (it also drives the playouts
inside the expert's search, so it works on bare masks and must stay cheap).
The advice it follows: second hand low, third hand high (lowest of the top
sequence), don't overtake a partner who is winning, win cheaply in last seat,
ruff only when the trick is worth it, lead masters and long suits, draw trumps
when long in them.  German Whist adds the prize: fight for a good prize with a
cheap winner, give away a poor one cheaply.
"""

from __future__ import annotations

from ..games.trick import SUIT_MASKS, winning_play

TRUMP_WEIGHT = 13  # a trump outranks any plain card when weighing cost or value


def lowest(m: int) -> int:
    return (m & -m).bit_length() - 1


def highest(m: int) -> int:
    return m.bit_length() - 1


def card_cost(card: int, trump: int | None) -> int:
    """How much a card is worth keeping: its rank, a trump more."""
    return card % 13 + (TRUMP_WEIGHT if card // 13 == trump else 0)


def is_master(card: int, outside: int) -> bool:
    """No card outside my hand beats ``card`` in its suit."""
    return outside & SUIT_MASKS[card // 13] & ~((2 << card) - 1) == 0


def top_of_sequence_low(card: int, hand: int, outside: int) -> int:
    """The lowest card of my hand equivalent to ``card`` (no outside card between them)."""
    s_lo = 13 * (card // 13)
    best, x = card, card - 1
    while x >= s_lo and not (outside >> x & 1):
        if hand >> x & 1:
            best = x
        x -= 1
    return best


def beating(cards: int, best: int, trump: int | None) -> int:
    """The cards of the mask ``cards`` that beat ``best`` (a higher card of its suit, or a trump)."""
    suit = best // 13
    out = cards & SUIT_MASKS[suit] & ~((2 << best) - 1)
    if trump is not None and trump != suit:
        out |= cards & SUIT_MASKS[trump]
    return out


def discard(legal: int, trump: int | None) -> int:
    """A card to throw away: the lowest plain card, from the shortest suit when ranks tie."""
    plain = legal & ~(SUIT_MASKS[trump] if trump is not None else 0)
    pool = plain or legal
    best, key = -1, None
    m = pool
    while m:
        c = lowest(m)
        m &= m - 1
        length = bin(pool & SUIT_MASKS[c // 13]).count("1")
        k = (c % 13, length)
        if key is None or k < key:
            best, key = c, k
    return best


def classic_card(hand: int, legal: int, trick: list[tuple[int, int]], trump: int | None, partners: set[int],
                 outside: int, later: list[int], want: bool = True, partner_suit: int | None = None,
                 outside_trumps: int | None = None) -> int:
    """The classic choice of card; ``later`` are the seats still to play after me."""
    if not trick:
        return _lead(hand, legal, trump, outside, want, partner_suit, outside_trumps)
    led = trick[0][1] // 13
    w_seat, w_card = winning_play(trick, trump)
    following = legal & SUIT_MASKS[led] != 0
    opponents_after = [s for s in later if s not in partners]
    winners = beating(legal, w_card, trump)
    partner_safe = w_seat in partners and (not opponents_after or is_master(w_card, outside))
    if partner_safe or not want or not winners:
        return lowest(legal) if following else discard(legal, trump)
    if not opponents_after:  # last to play for the other side: cheapest winner
        return min(_cards(winners), key=lambda c: card_cost(c, trump))
    if following:
        masters = [c for c in _cards(winners) if is_master(c, outside)]
        if masters:
            return top_of_sequence_low(min(masters), hand, outside)
        if len(trick) == 1 and partners != {trick[0][0]} and len(partners) > 1 and w_card % 13 < 9:
            return lowest(legal)  # second hand low (unless an honour is led)
        top = highest(winners)
        return top_of_sequence_low(top, hand, outside)
    # void in the suit led: ruff as cheaply as will hold
    return min(_cards(winners), key=lambda c: card_cost(c, trump))


def _cards(m: int) -> list[int]:
    out = []
    while m:
        out.append(lowest(m))
        m &= m - 1
    return out


def _lead(hand: int, legal: int, trump: int | None, outside: int, want: bool, partner_suit: int | None,
          outside_trumps: int | None) -> int:
    tmask = SUIT_MASKS[trump] if trump is not None else 0
    my_trumps = legal & tmask
    if not want:  # lose the lead cheaply: a low plain card that is not a master
        plain = legal & ~tmask
        pool = plain or legal
        cheap = [c for c in _cards(pool) if not is_master(c, outside)]
        return min(cheap or _cards(pool), key=lambda c: card_cost(c, trump))
    out_t = bin(outside & tmask).count("1") if outside_trumps is None else outside_trumps
    if my_trumps and out_t and bin(my_trumps).count("1") > out_t:
        top = highest(my_trumps)
        return top_of_sequence_low(top, hand, outside) if is_master(top, outside) else lowest(my_trumps)
    for c in sorted(_cards(legal & ~tmask), key=lambda c: -(c % 13)):
        if is_master(c, outside):
            return top_of_sequence_low(c, hand, outside)
    if partner_suit is not None and legal & SUIT_MASKS[partner_suit]:
        own = legal & SUIT_MASKS[partner_suit]
        return highest(own) if is_master(highest(own), outside) else lowest(own)
    best_suit, best_len = 0, -1  # best_len stays <= 0 when there is no plain suit to lead
    for s in range(4):
        if s == trump:
            continue
        n = bin(legal & SUIT_MASKS[s]).count("1")
        if n > best_len:
            best_suit, best_len = s, n
    if best_len <= 0:
        return lowest(legal)
    own = legal & SUIT_MASKS[best_suit]
    top = highest(own)
    if top % 13 >= 9 and own >> (top - 1) & 1:  # touching honours: lead the top
        return top
    return lowest(own)


def german_wants(prize: int | None, trump: int | None, winners_cost: int | None = None) -> bool:
    """Is the face-up prize worth winning?  A trump or a high card is; a low plain card is not
    (a blind draw is worth about a seven, and winning costs a card)."""
    if prize is None:
        return True  # stage 2: every trick counts
    value = card_cost(prize, trump)
    if value < 7:  # below a nine, a blind draw is as good
        return False
    return winners_cost is None or winners_cost <= value + 2
