"""Bots see observations only: hidden cards re-dealt differently change nothing they can see."""

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import LEVELS, make_player
from whistdrive.cards import DECK


def _redeal(game: str, options: dict, seed: int, me: int) -> tuple[list[str], list[str]]:
    """A deck order and a copy with every card hidden from seat ``me`` shuffled among themselves."""
    rng = random.Random(seed)
    deck = [str(c) for c in DECK]
    rng.shuffle(deck)
    if game == "german":  # dealer 0: non-dealer (1) gets even positions; 26 is the face-up prize
        fixed = {i for i in range(26) if (1 + i) % 2 == me} | {26}
    elif game == "whist":  # dealer 0: position i goes to seat (1 + i) % 4; 51 is the turned-up trump
        fixed = {i for i in range(52) if (1 + i) % 4 == me} | {51}
    elif game == "humbug":  # dealer 0: position i goes to place (1 + i) % 4, the non-dealer's place is 2
        fixed = {i for i in range(52) if (1 + i) % 4 == 2 * me} | {51}
    else:
        n = options.get("players", 4)
        fixed = {i for i in range(7 * n) if (1 + i) % n == me} | {7 * n}
    hidden = [i for i in range(52) if i not in fixed]
    moved = [deck[i] for i in hidden]
    rng.shuffle(moved)
    other = list(deck)
    for i, card in zip(hidden, moved):
        other[i] = card
    return deck, other


CASES = [("german", {}, 1), ("german", {}, 0), ("whist", {}, 2), ("whist", {}, 1), ("knockout", {"players": 4}, 1),
         ("knockout", {"players": 3}, 2), ("humbug", {}, 0), ("humbug", {}, 1)]


@pytest.mark.parametrize("game,options,me", CASES)
@pytest.mark.parametrize("level", LEVELS)
def test_redealt_hidden_cards_give_the_same_observation_and_a_legal_play(game, options, me, level):
    for seed in range(3):
        deck_a, deck_b = _redeal(game, options, seed, me)
        games = [new_game(game, options, chance=[{"type": "dealer", "seat": 0}, {"type": "deck", "cards": d}],
                          seed=seed) for d in (deck_a, deck_b)]
        # the other seats play the same public cards while they can, until it is my turn
        while games[0].current_seat != me:
            common = [a for a in games[0].legal_actions() if a in games[1].legal_actions()]
            if not common:
                pytest.skip("the re-deal diverged before my turn")
            for g in games:
                g.apply(common[0])
        obs = [g.observation(me) for g in games]
        assert obs[0] == obs[1]  # nothing hidden leaks into the observation
        choices = [make_player(level, game, seed=7).choose(o, 0.01) for o in obs]
        for g, c in zip(games, choices):
            assert g.is_legal(c)
        if level != "expert":  # the expert's search is time-limited, hence not repeatable
            assert choices[0] == choices[1]
