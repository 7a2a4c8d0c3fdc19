"""The whist expert's count signal: the card it shows its length with, and how a partner reads it."""

import math
import random
import statistics

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.sampling import KINDS, MATCH, Kind, Tally, kinds_likelihood, play_tallies, sample_hands
from whistdrive.bots.signals import count_card, signal_group, signal_play, suit_runs
from whistdrive.bots.view import card_int, mask_of, read
from whistdrive.bots.whist_expert import WhistExpert


def test_runs_are_split_only_by_cards_still_out():
    hand = mask_of(["2S", "3S", "5S", "9S", "AH"])
    outside = mask_of(["4S", "KS"])  # 6S, 7S and 8S are played: 5S and 9S are no longer apart
    assert suit_runs(hand, 0, outside) == [[card_int("2S"), card_int("3S")], [card_int("5S"), card_int("9S")]]
    assert suit_runs(hand, 1, outside) == [[card_int("AH")]]
    assert suit_runs(hand, 2, outside) == []


@pytest.mark.parametrize(("length", "shown"), [(2, 1), (3, 0), (4, 1), (5, 0)])
def test_high_low_shows_an_even_number(length, shown):
    assert count_card([10, 11], length) == [10, 11][shown]


def test_longer_runs_show_the_length_modulo_their_size():
    assert [count_card([3, 4, 5], n) for n in (3, 4, 5, 6)] == [5, 4, 3, 5]


def test_the_free_choice_and_its_signal():
    hand = mask_of(["2C", "3C", "7C", "QC", "KC"])  # five clubs: an odd length
    outside = mask_of(["4C", "5C", "6C", "8C", "9C", "TC", "JC", "AC"])
    two, three, seven, queen = (card_int(c) for c in ("2C", "3C", "7C", "QC"))
    assert signal_group(three, hand, outside, False) == ([two, three], two, False)  # odd: the lower
    assert signal_group(queen, hand, outside, False) == ([queen, card_int("KC")], queen, False)
    assert signal_group(seven, hand, outside, False) == ([seven], seven, False)
    # the two lowest runs as one choice: an odd length plays from the lower run
    assert signal_group(seven, hand, outside, True) == ([two, three, seven], two, True)
    assert signal_group(queen, hand, outside, True)[2] is False
    even = hand & ~mask_of(["KC"])  # four clubs: from the upper run
    assert signal_group(two, even, outside | mask_of(["KC"]), True) == ([two, three, seven], seven, True)


def test_a_pair_is_signalled_only_within_the_margin():
    hand = mask_of(["2C", "7C", "9D"])  # two clubs: an even length shows the seven
    outside = mask_of(["3C", "4C", "5C", "6C"])
    two, seven = card_int("2C"), card_int("7C")
    assert signal_play(two, hand, outside, {two: 5.0, seven: 4.97}, 0.05) == seven
    assert signal_play(two, hand, outside, {two: 5.0, seven: 4.9}, 0.05) == two
    assert signal_play(two, hand, outside, {two: 5.0, seven: 4.0}, None) == two  # runs only


def test_a_signaller_plays_each_card_with_chances_that_add_up_to_one():
    """A decision with legal cards 2 3 | 5 | 9 (2 and 3 one run), the classic card the 9, the signal
    the 3: every card's chance under the signalling kind, summed, is 1."""
    kind = (Kind(1.0, 0.6, signal=0.9),)
    groups = {"2": (2, False, False, False), "3": (2, False, True, False), "5": (1, False, True, False),
              "9": (1, True, True, False)}
    total = 0.0
    for card, group in groups.items():
        t = Tally(kind)
        t.add(4, card == "9", group)
        total += t.likelihood()
    assert total == pytest.approx(1.0)
    t = Tally(kind)
    t.add(4, False, groups["3"])
    assert t.likelihood() == pytest.approx(2 * 0.4 / 3 * 0.9)


def test_the_expert_shows_its_count(monkeypatch):
    monkeypatch.setattr(WhistExpert, "signal", 0.95)
    g = new_game("whist", {"length": "deal"}, seed=11)
    bots = [make_player("expert", "whist", seed=s, worlds=3) for s in range(4)]
    shown = 0
    while len(g.play.tricks) < 6:
        obs = g.observation(g.current_seat)
        card = bots[g.current_seat].choose(obs)
        v = read(obs)
        group, signal, _ = signal_group(card_int(card), v.hand, v.outside, False)
        if len(obs["legal"]) > 1:
            assert card_int(card) == signal
            shown += len(group) > 1
        g.apply(card)
    assert shown >= 3


@pytest.mark.parametrize("pairs", [False, True])
def test_a_partner_reads_the_signal(monkeypatch, pairs):
    """Among signalling experts, the true deal counts far more than the sampled worlds on average
    when the plays are read as signals, and not when they are read as the classic card alone."""
    monkeypatch.setattr(WhistExpert, "signal", 0.95)
    monkeypatch.setattr(WhistExpert, "pair_signal", 0.85 if pairs else None)
    signalling = (*KINDS, Kind(0.5, MATCH, signal=0.95, pair_signal=0.85 if pairs else None))
    rng = random.Random(3)
    read_as = {"classic": [], "signals": []}
    for seed in range(2):
        g = new_game("whist", {"length": "deal"}, seed=20 + seed)
        bots = [make_player("expert", "whist", seed=s, worlds=4) for s in range(4)]
        while len(g.play.tricks) < 7:
            obs = g.observation(g.current_seat)
            if len(g.play.tricks) >= 2:
                v = read(obs)
                true = dict(g.play.hands)
                for name, kinds in (("classic", KINDS), ("signals", signalling)):
                    worlds = [kinds_likelihood(play_tallies(sample_hands(v, rng)[0], v, kinds)) for _ in range(30)]
                    read_as[name].append(math.log(kinds_likelihood(play_tallies(true, v, kinds)) / statistics.fmean(worlds)))
            g.apply(bots[g.current_seat].choose(obs))
    assert statistics.fmean(read_as["signals"]) > 1.0
    assert statistics.fmean(read_as["signals"]) > statistics.fmean(read_as["classic"]) + 1.0
