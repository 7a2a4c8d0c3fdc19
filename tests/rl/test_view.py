"""The RL view: action ids, masks, returns, and kept tensors equal to tensors built afresh."""

from __future__ import annotations

import random

import numpy as np
import pytest

from whistdrive.cards import DECK, Card, Suit
from whistdrive.errors import IllegalMove
from whistdrive.games import new_game
from whistdrive.rl import RLGame

SETUPS = [
    ("german", {}),
    ("german", {"deals": 2, "high_low": True, "count": "all26", "follow_suit_stage1": False}),
    ("whist", {"length": "deal"}),
    ("whist", {"length": "game"}),
    ("knockout", {"players": 2}),
    ("knockout", {"players": 4}),
    ("knockout", {"players": 7}),
    ("humbug", {"length": "deal"}),
    ("humbug", {"length": "game"}),
]


def random_games(name, options, games, seed=0):
    """Yield each state of random games, as an RLGame, after every action."""
    rng = random.Random(seed)
    for _ in range(games):
        g = RLGame(name, options, seed=rng.randrange(1 << 40))
        yield g
        while not g.is_over:
            g.apply_action(rng.choice(g.legal_actions()))
            yield g


@pytest.mark.parametrize("name,options", SETUPS)
def test_kept_tensors_equal_tensors_built_from_the_observation(name, options):
    states = 0
    for g in random_games(name, options, 12):
        for seat in range(g.num_seats):
            kept = g.observation_tensor(seat)
            fresh = g.encoding.encode(g.game.observation(seat))
            assert kept.dtype == np.float32 and kept.shape == (g.observation_size,)
            if not np.array_equal(kept, fresh):
                wrong = [f.name for f in g.encoding.layout.features
                         if not np.array_equal(kept[f.offset:f.offset + f.size], fresh[f.offset:f.offset + f.size])]
                pytest.fail(f"after {len(g.game.actions)} actions, seat {seat}: {wrong} differ")
        states += 1
    assert states > 12 * 20


@pytest.mark.parametrize("name,options", SETUPS)
def test_mask_and_ids_match_the_legal_actions(name, options):
    for g in random_games(name, options, 3, seed=5):
        mask = g.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (g.num_actions,)
        expected = sorted(g.encoding.action_id(a) for a in g.game.legal_actions())
        assert list(np.flatnonzero(mask)) == expected == g.legal_actions()
        for i in expected:
            assert g.encoding.action_id(g.encoding.action(i)) == i


def test_action_ids_are_fixed():
    g = RLGame("knockout", {"players": 3}, seed=1)
    assert g.num_actions == 56 and RLGame("german", seed=1).num_actions == 52
    assert g.encoding.action(0) == Card.parse("2S") and g.encoding.action(51) == Card.parse("AC")
    assert [g.encoding.action(i) for i in range(52, 56)] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert g.action_to_string(10) == "QS"


@pytest.mark.parametrize("bad", [-1, 52, 60, "QS", 1.0, True])
def test_an_illegal_action_is_refused_and_changes_nothing(bad):
    g = RLGame("german", seed=3)
    legal = set(g.legal_actions())
    before = (g.game.observation(0), g.game.observation(1), g.observation_tensor(0))
    not_legal = next(i for i in range(52) if i not in legal)
    for action in (bad, not_legal):
        with pytest.raises(IllegalMove):
            g.apply_action(action)
    assert g.game.observation(0) == before[0] and g.game.observation(1) == before[1]
    assert np.array_equal(g.observation_tensor(0), before[2]) and len(g.game.actions) == 0


def test_moves_applied_to_the_game_directly_are_noticed():
    g = RLGame("whist", {"length": "deal"}, seed=2)
    g.observation_tensor(0)
    g.game.apply(g.game.legal_actions()[0])
    assert np.array_equal(g.observation_tensor(0), g.encoding.encode(g.game.observation(0)))
    assert g.legal_actions() == sorted(a.index for a in g.game.legal_actions())


@pytest.mark.parametrize("name,options", SETUPS)
def test_returns_are_zero_sum_and_favour_the_winner(name, options):
    for g in random_games(name, options, 6, seed=9):
        r = g.returns()
        if not g.is_over:
            assert r == [0.0] * g.num_seats
            continue
        assert sum(r) == pytest.approx(0.0)
        result = g.game.result()
        winner = result.get("winner", result.get("winner_side"))
        if winner is None:
            assert r == [0.0] * g.num_seats
        else:
            best = max(r)
            assert r[winner] == best > 0


def test_a_tensor_does_not_depend_on_cards_the_seat_cannot_see():
    """Swapping one of B's cards with a face-down stock card changes nothing that A sees."""
    order = list(range(52))
    random.Random(4).shuffle(order)
    swapped = order.copy()
    swapped[0], swapped[30] = order[30], order[0]  # dealer A: B gets deck[0], deck[2]...; deck[26] is the prize
    games = []
    for deck in (order, swapped):
        chance = [{"type": "dealer", "seat": 0}, {"type": "deck", "cards": [str(DECK[c]) for c in deck]}]
        games.append(RLGame(new_game("german", chance=chance)))
    a, b = games
    assert a.game.hand(1) != b.game.hand(1) and a.game.observation(0) == b.game.observation(0)
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert not np.array_equal(a.observation_tensor(1), b.observation_tensor(1))


def test_card_text_and_options_dict_are_fresh_and_unchanged():
    """Observations build card text from a table and options from a kept dict: same values, new objects."""
    from dataclasses import asdict

    from whistdrive.games import WhistOptions

    assert [str(c) for c in DECK] == [c.rank.english + c.suit.letter for c in DECK]
    options = WhistOptions(preset="american")
    first = options.to_dict()
    first["target"] = 99
    assert options.to_dict() == asdict(options) and options.to_dict()["target"] == 7
    assert options == WhistOptions(preset="american")


def test_a_bad_seat_is_refused_whether_or_not_its_tensor_is_kept():
    r = RLGame("whist", {}, seed=1)
    for seat in range(4):
        r.observation_tensor(seat)  # every seat's vector kept
    for bad in (-1, 4, True, None, 1.0):
        with pytest.raises(ValueError, match="seat must be an int 0..3"):
            r.observation_tensor(bad)


def test_a_chance_list_that_runs_out_leaves_the_rl_game_as_it_was():
    """As the engine: the deal's last card that needs a deck the list lacks is refused, nothing changes."""
    from whistdrive.errors import RecordError

    first = new_game("whist", {}, seed=3)
    r = RLGame(new_game("whist", {}, chance=[dict(o) for o in first.chance.log]))
    rng = random.Random(0)
    while True:
        seat, action = r.game.current_seat, rng.choice(r.legal_actions())
        before = (r.observation_tensor(seat).tolist(), r.legal_actions(), len(r.game.actions))
        try:
            r.apply_action(action)
        except RecordError:
            break
    assert (r.observation_tensor(seat).tolist(), r.legal_actions(), len(r.game.actions)) == before
    assert r.game.current_seat == seat and r.legal_actions()
