"""Reading the opponent's stage-1 plays (bots/german_reading.py).

Checked on seeded games: run backwards from the true hand, the reading finds
the hand the opponent really held at each play it reads (the chance of a
random player's plays, one over the legal cards, is the product of the
true legal counts); the true world is never ruled out; and the worlds it
weighs place the opponent's high trumps closer to the truth than the
sampler alone.
"""

import random
import statistics

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_reading import PlayReading
from whistdrive.bots.sampling import Kind, sample_hands
from whistdrive.bots.view import read

SUIT = [((1 << 13) - 1) << (13 * s) for s in range(4)]


def seeded_positions(games: int, level: str, seed: int):
    """Stage-1 decisions of seeded games, each with the legal-card counts of the opponent's plays so far
    (oldest first, with a marker after every face-down draw it made) and the true game."""
    for g in range(games):
        game = new_game("german", seed=seed + g)
        bots = [make_player(level, "german", seed=seed + g + s) for s in (0, 1)]
        history: dict[int, list] = {0: [], 1: []}
        while not game.is_over:
            seat = game.current_seat
            obs = game.observation(seat)
            if obs["stage"] == 1:
                yield obs, history[1 - seat], game
            card = bots[seat].choose(obs)
            hand = game.play.hands[seat]
            trick = game.play.trick
            legal = hand
            if trick and hand & SUIT[trick[0][1] // 13]:
                legal = hand & SUIT[trick[0][1] // 13]
            history[seat].append(bin(legal).count("1"))
            done = len(game.play.tricks)
            game.apply(card, seat)
            if obs["stage"] == 1 and len(game.play.tricks) > done:  # the loser draws face down
                history[1 - game.play.tricks[-1][2]].append("draw")


def plays_since(history: list, draws: int) -> list[int]:
    """The legal counts of the plays after the opponent's last ``draws + 1`` face-down draws."""
    out = []
    for x in reversed(history):
        if x == "draw":
            if not draws:
                break
            draws -= 1
            continue
        out.append(x)
    return out


@pytest.mark.parametrize("level", ["random", "intermediate"])
def test_the_reading_runs_back_to_the_hands_really_held(level):
    uniform = (Kind(1.0, None),)
    checked = 0
    for obs, history, game in seeded_positions(8, level, 300):
        v = read(obs)
        truth = game.play.hands[1 - v.seat]
        reading = PlayReading(v, 0, uniform)
        expected = 1.0
        for n in plays_since(history, 0):
            expected /= n
        assert reading.weight(truth) == pytest.approx(expected)
        checked += expected < 1
    assert checked > 20


@pytest.mark.parametrize("draws", [0, 1, 2])
def test_the_true_world_is_never_ruled_out(draws):
    for obs, _, game in seeded_positions(6, "intermediate", 400 + draws):
        v = read(obs)
        assert PlayReading(v, draws).weight(game.play.hands[1 - v.seat]) > 0


def test_a_card_it_played_cannot_be_in_its_hand_now():
    for obs, _, game in seeded_positions(3, "intermediate", 500):
        v = read(obs)
        if v.trick and v.trick[0][0] != v.seat:  # the opponent led this trick
            led = v.trick[0][1]
            assert PlayReading(v, 1).weight(game.play.hands[1 - v.seat] | 1 << led) == 0
            return
    raise AssertionError("no position where the opponent led")


def test_weighted_worlds_place_the_high_trumps_closer_to_the_truth():
    """Against a player who mostly plays the classic card, its fights and ducks tell where the trumps are:
    the sampler alone gives it too few of the high trumps, the weighted worlds about as many as it holds."""
    rng = random.Random(5)
    truth, plain, weighted = [], [], []
    for obs, _, game in seeded_positions(6, "intermediate", 600):
        if obs["stock_size"] == 26:
            continue
        v = read(obs)
        reading = PlayReading(v, 1)
        other = 1 - v.seat
        high = SUIT[v.trump] & ~((1 << (13 * v.trump + 8)) - 1)  # the ten of trumps and up
        truth.append(bin(game.play.hands[other] & high).count("1"))
        xs, ws = [], []
        for _ in range(100):
            hands, _rest = sample_hands(v, rng)
            xs.append(bin(hands[other] & high).count("1"))
            ws.append(reading.weight(hands[other]))
        plain.append(statistics.fmean(xs))
        weighted.append(sum(w * x for w, x in zip(ws, xs)) / sum(ws))
    assert len(truth) > 100
    held = statistics.fmean(truth)
    assert held - statistics.fmean(plain) > 0.1  # the sampler's shortfall, which the reading should make up
    assert abs(statistics.fmean(weighted) - held) < 0.5 * abs(statistics.fmean(plain) - held)
