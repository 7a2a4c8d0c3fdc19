"""The whist expert's model of book players: their replies in this trick, and what they are worth.

The expert values a card against opponents who answer by the book (the
intermediate's classic card) as far as their plays say they are book players;
these tests hold that model to the real intermediate and to the double-dummy
values it refines.
"""

from __future__ import annotations

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots import whist_expert as we
from whistdrive.bots.dd import play_values
from whistdrive.bots.rules import classic_card
from whistdrive.bots.sampling import KINDS, play_tallies
from whistdrive.bots.view import card_int, read
from whistdrive.games.trick import legal_mask


def _positions(seeds, level="intermediate"):
    """Every card play of seeded deals by four bots of ``level``: (game, observation, card chosen)."""
    for seed in seeds:
        g = new_game("whist", {"length": "deal"}, seed=seed)
        bots = [make_player(level, "whist", seed=seed * 4 + s) for s in range(4)]
        while not g.is_over:
            obs = g.observation(g.current_seat)
            action = bots[g.current_seat].choose(obs)
            if obs.get("decision") == "play":
                yield g, obs, action
            g.apply(action)


def test_the_predicted_reply_is_the_intermediates_card():
    predicted, seen = None, 0
    for g, obs, action in _positions(range(12)):
        if predicted is not None:
            assert card_int(action) == predicted, "the book reply differs from the intermediate's card"
            seen += 1
        predicted = None
        v = read(obs)
        nxt = (v.seat + 1) % 4
        if len(v.trick) < 3 and nxt not in v.partners:  # the next seat is an opponent of the seat playing
            c = card_int(action)
            trick = list(v.trick) + [(v.seat, c)]
            hand = g.play.hands[nxt]
            later = [(nxt + k) % 4 for k in range(1, 4 - len(trick))]
            predicted = classic_card(hand, legal_mask(hand, trick[0][1] // 13), trick, v.trump, {nxt, (nxt + 2) % 4},
                                     we.FULL & ~(hand | v.played | 1 << c), later, True, we.partner_suit(v, nxt))
    assert seen > 200


@pytest.mark.parametrize("line", [False, True])
def test_book_replies_never_worth_less_than_perfect_defence(line):
    """A book reply is one of the replies double-dummy defence minimises over, so my side's value after
    it is at least the double-dummy value; at some positions it is more (the book gives a trick away).
    Played on to the end of the deal, my side's double-dummy choices still guarantee that value."""
    more = checked = 0
    for g, obs, _ in _positions(range(4)):
        v = read(obs)
        if not [s for s in v.still_to_play() if s not in v.partners]:
            continue
        hands = dict(g.play.hands)
        dd = play_values(hands, [0, 1, 2, 3], v.leader, v.trick, v.trump, v.partners)
        for c in dd:
            book = we.book_value(hands, v, c, line and v.tricks_left <= 6)
            assert book >= dd[c]
            more += book > dd[c]
            checked += 1
    assert checked > 100 and more > 0


def test_book_players_are_recognised_and_others_are_not():
    """After a few tricks the true deal makes intermediates book players and random players not."""
    def chances(level):
        out = []
        for g, obs, _ in _positions(range(6), level):
            v = read(obs)
            if len(obs["tricks"]) >= 6 and [s for s in v.still_to_play() if s not in v.partners]:
                out.append(we.book_chance(play_tallies(dict(g.play.hands), v, KINDS), v.still_to_play(), v.partners))
        return sorted(out)[len(out) // 2]
    assert chances("intermediate") > 0.9
    assert chances("random") < 0.1
