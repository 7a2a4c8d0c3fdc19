"""Tiny German Whist, the research variant: OpenSpiel's checks, the engine's rules at full size, no leak, CFR."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the rl extra: OpenSpiel
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

import whistdrive.spiel.tiny  # noqa: E402, F401  (registers whistdrive_tiny_german)
from whistdrive import new_game  # noqa: E402
from whistdrive.cards import DECK  # noqa: E402
from whistdrive.games import GAMES  # noqa: E402


@pytest.mark.parametrize("params", [{}, {"suits": 3, "ranks": 2, "hand": 2}, {"suits": 4, "ranks": 13, "hand": 13}])
def test_openspiel_random_sim_test(params):
    pyspiel.random_sim_test(pyspiel.load_game("whistdrive_tiny_german", params), num_sims=3, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("params", [{"hand": 0}, {"suits": 2, "ranks": 3, "hand": 3}, {"suits": 5}, {"suits": 1, "ranks": 3, "hand": 1}])
def test_sizes_without_an_even_stock_of_two_or_more_are_refused(params):
    with pytest.raises(Exception, match="even stock"):
        pyspiel.load_game("whistdrive_tiny_german", params)


def test_it_is_a_research_variant_not_a_game_of_the_lobby():
    assert "tiny_german" not in GAMES and "research variant" in pyspiel.load_game(
        "whistdrive_tiny_german").get_type().long_name


@pytest.mark.parametrize("seed", range(4))
def test_at_full_size_it_plays_as_the_engines_german_whist(seed):
    """The whole deck, 13 cards a hand: the same legal cards at every turn and the same winner."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    engine = new_game("german", chance=[{"type": "dealer", "seat": 1},
                                        {"type": "deck", "cards": [str(DECK[c]) for c in deck]}])
    state = pyspiel.load_game("whistdrive_tiny_german", {"suits": 4, "ranks": 13, "hand": 13}).new_initial_state()
    for card in [*sorted(deck[0:26:2]), *sorted(deck[1:26:2]), *deck[26:]]:  # seat 0 gets the first card
        assert card in dict(state.chance_outcomes())
        state.apply_action(card)
    while not engine.is_over:
        assert state.current_player() == engine.current_seat
        legal = sorted(c.index for c in engine.legal_actions())
        assert state.legal_actions() == legal
        card = rng.choice(legal)
        engine.apply(card)
        state.apply_action(card)
    assert state.is_terminal() and state.returns() == list(engine.outcome().returns)


def test_chance_deals_every_hand_with_the_probability_of_a_uniform_deal():
    game = pyspiel.load_game("whistdrive_tiny_german")  # 6 cards, two a hand
    hands: dict[tuple, float] = {}

    def walk(state, p, depth):
        if depth == 2:
            key = tuple(sorted(c for c in range(52) if state.hands[0] >> c & 1))
            hands[key] = hands.get(key, 0.0) + p
            return
        for c, q in state.chance_outcomes():
            walk(state.child(c), p * q, depth + 1)

    walk(game.new_initial_state(), 1.0, 0)
    assert len(hands) == 15 and all(p == pytest.approx(1 / 15) for p in hands.values())


def test_an_information_state_holds_no_card_the_player_has_not_seen():
    game = pyspiel.load_game("whistdrive_tiny_german", {"suits": 3, "ranks": 4, "hand": 3})
    rng = random.Random(1)
    for _ in range(30):
        state = game.new_initial_state()
        seen = {0: set(), 1: set()}  # cards each player may know: its own, the face-up prizes, the cards played
        while not state.is_terminal():
            before = list(state.hands)
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            else:
                card = rng.choice(state.legal_actions())
                state.apply_action(card)
                seen[0].add(card), seen[1].add(card)
            for s in (0, 1):
                seen[s] |= {c for c in range(52) if (state.hands[s] & ~before[s]) >> c & 1}
                if state.stock:
                    seen[s].add(state.stock[0])
            for s in (0, 1):
                tokens = state.information_state_string(s).split()[1:]
                assert {tok.split(":")[1] for tok in tokens} <= {str(DECK[c]) for c in seen[s]}


def test_cfr_lowers_the_exploitability_and_tensors_are_refused():
    game = pyspiel.load_game("whistdrive_tiny_german")
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.exploitability(game, solver.average_policy())
    solver.evaluate_and_update_policy()
    assert 0 < exploitability.exploitability(game, solver.average_policy()) < 0.75 * first
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="no tensors"):
        state.information_state_tensor(0)
