"""The whist expert's count signal: the card it shows its length with, and how a partner reads it."""

import math
import random
import statistics

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.heuristic import card_text
from whistdrive.bots.sampling import KINDS, MATCH, Kind, Tally, kinds_likelihood, play_tallies, sample_hands
from whistdrive.bots.signals import count_card, signal_group
from whistdrive.bots.view import card_int, mask_of, read
from whistdrive.bots.whist_expert import WhistExpert


def test_runs_are_split_only_by_cards_still_out():
    hand = mask_of(["2S", "3S", "5S", "9S", "AH"])
    outside = mask_of(["4S", "KS"])  # 6S, 7S and 8S are played: 5S and 9S are no longer apart
    two, three, five, nine, ace = (card_int(c) for c in ("2S", "3S", "5S", "9S", "AH"))
    assert signal_group(two, hand, outside)[0] == [two, three]
    assert signal_group(nine, hand, outside)[0] == [five, nine]
    assert signal_group(ace, hand, outside)[0] == [ace]


@pytest.mark.parametrize(("length", "shown"), [(2, 1), (3, 0), (4, 1), (5, 0)])
def test_high_low_shows_an_even_number(length, shown):
    assert count_card([10, 11], length) == [10, 11][shown]


def test_longer_runs_show_the_length_modulo_their_size():
    assert [count_card([3, 4, 5], n) for n in (3, 4, 5, 6)] == [5, 4, 3, 5]


def test_the_free_choice_and_its_signal():
    hand = mask_of(["2C", "3C", "7C", "QC", "KC"])  # five clubs: an odd length
    outside = mask_of(["4C", "5C", "6C", "8C", "9C", "TC", "JC", "AC"])
    two, three, seven, queen, king = (card_int(c) for c in ("2C", "3C", "7C", "QC", "KC"))
    assert signal_group(three, hand, outside) == ([two, three], two)  # odd: the lower
    assert signal_group(queen, hand, outside) == ([queen, king], queen)
    assert signal_group(seven, hand, outside) == ([seven], seven)
    even = hand & ~mask_of(["KC"])  # four clubs: the higher
    assert signal_group(two, even, outside | mask_of(["KC"]))[1] == three
    assert signal_group(queen, even, outside | mask_of(["KC"])) == ([queen], queen)


def test_a_signaller_plays_each_card_with_chances_that_add_up_to_one():
    """A decision with legal cards 2 3 | 5 | 9 (2 and 3 one run), the classic card the 9, the signal
    the 3: every card's chance under the signalling kind, summed, is 1."""
    kind = (Kind(1.0, 0.6, signal=0.9),)
    groups = {"2": (2, False, False), "3": (2, False, True), "5": (1, False, True), "9": (1, True, True)}
    total = 0.0
    for card, group in groups.items():
        t = Tally(kind)
        t.add(4, card == "9", group)
        total += t.likelihood()
    assert total == pytest.approx(1.0)
    t = Tally(kind)
    t.add(4, False, groups["3"])
    assert t.likelihood() == pytest.approx(2 * 0.4 / 3 * 0.9)


def test_the_expert_shows_its_count():
    """The expert signals by default (the reference, expert-2026.11, does not)."""
    g = new_game("whist", {"length": "deal"}, seed=11)
    bots = [make_player("expert", "whist", seed=s, worlds=3) for s in range(4)]
    shown = 0
    while len(g.play.tricks) < 6:
        obs = g.observation(g.current_seat)
        card = bots[g.current_seat].choose(obs)
        v = read(obs)
        group, signal = signal_group(card_int(card), v.hand, v.outside)
        if len(obs["legal"]) > 1:
            assert card_int(card) == signal
            shown += len(group) > 1
        g.apply(card)
    assert shown >= 3
    assert make_player("expert-2026.11", "whist", seed=0).models() == KINDS


def test_a_partner_reads_the_signal():
    """Four players who play the classic card's run and signal within it: the true deal counts far
    more than the sampled worlds on average when their plays are read as signals, and not when they
    are read as the classic card alone."""
    signalling = (*KINDS, Kind(0.5, MATCH, signal=WhistExpert.signal))
    rng = random.Random(3)
    read_as = {"classic": [], "signals": []}
    for seed in range(3):
        g = new_game("whist", {"length": "deal"}, seed=20 + seed)
        bots = [make_player("intermediate", "whist", seed=s) for s in range(4)]
        while len(g.play.tricks) < 7:
            obs = g.observation(g.current_seat)
            v = read(obs)
            if len(g.play.tricks) >= 2:
                true = dict(g.play.hands)
                for name, kinds in (("classic", KINDS), ("signals", signalling)):
                    worlds = [kinds_likelihood(play_tallies(sample_hands(v, rng)[0], v, kinds)) for _ in range(30)]
                    read_as[name].append(math.log(kinds_likelihood(play_tallies(true, v, kinds)) / statistics.fmean(worlds)))
            classic = card_int(bots[g.current_seat].choose(obs))
            g.apply(card_text(signal_group(classic, v.hand, v.outside)[1]))
    assert statistics.fmean(read_as["signals"]) > 1.0
    assert statistics.fmean(read_as["signals"]) > statistics.fmean(read_as["classic"]) + 1.0
