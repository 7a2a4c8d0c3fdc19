"""Only the decision's own kind of action, a valid card and an int seat are accepted; a refusal changes nothing."""

from __future__ import annotations

import random

import pytest

from whistdrive import IllegalMove, InvalidOptions, ParseError, UsageError, WhistError, new_game
from whistdrive.cards import Card, Rank, Suit
from whistdrive.games import GAMES, Decision


def knockout_at_trump_choice(seed: int = 2):
    """A Knock-out game whose dealer is choosing trump (deal 2)."""
    g = new_game("knockout", {"players": 3}, seed=seed)
    rng = random.Random(seed)
    while g.decision is not Decision.TRUMP:
        g.apply(rng.choice(g.legal_actions()))
    return g


def state(g) -> tuple:
    return list(g.actions), g.current_seat, [list(g.hand(s)) for s in range(g.num_seats)]


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("suit", list(Suit))
def test_a_suit_is_not_a_card(name, suit):
    g = new_game(name, seed=11)
    while g.decision is not Decision.PLAY:  # past Humbug Whist's exchange
        g.apply(g.legal_actions()[0])
    before = state(g)
    with pytest.raises(IllegalMove, match="expected a card, got the suit"):
        g.apply(suit)
    assert not g.is_legal(suit)
    assert state(g) == before


@pytest.mark.parametrize("action", [Rank.ACE, True, 5.0])
def test_other_ints_are_not_cards(action):
    g = new_game("german", seed=11)
    before = state(g)
    with pytest.raises(IllegalMove):
        g.apply(action)
    assert state(g) == before


def test_a_card_index_and_text_still_play():
    g = new_game("german", seed=11)
    card = g.legal_actions()[0]
    g.apply(card.index)
    assert g.actions[-1][1] == card
    g.apply(str(g.legal_actions()[0]))
    assert len(g.actions) == 2


@pytest.mark.parametrize("action", [Card(Suit.HEARTS, Rank.ACE), "AH", 13, 1])
def test_a_trump_choice_takes_only_a_suit(action):
    g = knockout_at_trump_choice()
    before = state(g)
    with pytest.raises(IllegalMove):
        g.apply(action)
    assert state(g) == before
    g.apply(Suit.HEARTS)
    assert g.actions[-1][1] is Suit.HEARTS


@pytest.mark.parametrize("suit, rank", [("X", "Y"), (Suit.SPADES, 20), (4, 0), (0, -1), (True, 0), (0, 1.0),
                                        (Rank.ACE, Rank.ACE), (Suit.SPADES, Suit.HEARTS)])
def test_a_card_of_no_suit_or_rank_is_refused_when_made(suit, rank):
    with pytest.raises(ParseError, match="bad card (suit|rank)"):
        Card(suit, rank)


def test_a_card_from_ints_is_the_deck_card():
    assert Card(1, 12) == Card.parse("AH") and str(Card(1, 12)) == "AH"
    assert type(Card(1, 12).suit) is Suit and type(Card(1, 12).rank) is Rank


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("bad", [1.0, True, False, "1", -1, 9])
def test_seats_are_ints(name, bad):
    g = new_game(name, seed=4)
    before = state(g)
    with pytest.raises(UsageError, match="seat must be an int"):  # the package's own error (issue 51), a ValueError
        g.observation(bad)
    with pytest.raises(UsageError, match="seat must be an int"):
        g.hand(bad)
    seat = g.current_seat
    card = g.legal_actions()[0]
    with pytest.raises(IllegalMove, match="seat must be an int"):
        g.apply(card, seat=bad)
    with pytest.raises(IllegalMove, match="seat must be an int"):
        g.apply(card, seat=float(seat))
    assert state(g) == before
    g.apply(card, seat=seat)
    assert g.actions[-1] == (seat, card)


@pytest.mark.parametrize("action", [Suit.SPADES, Card.parse("AS"), 0, "AS", "H", True])
def test_an_exchange_takes_only_keep_left_or_right(action):
    g = new_game("humbug", seed=5)
    before = state(g)
    with pytest.raises(IllegalMove):
        g.apply(action)
    assert not g.is_legal(action) and state(g) == before


def test_an_exchange_word_is_not_a_card():
    g = new_game("humbug", seed=5)
    g.apply("keep")
    g.apply("keep")
    before = state(g)
    for word in ("keep", "left", "оставить"):
        with pytest.raises(IllegalMove):
            g.apply(word)
    assert state(g) == before


# Issue 51: apply (and so a record) reads a trump choice and an exchange in the notation of docs/records.md and
# nothing more; the terminal reads what a person types itself (tests/test_cli.py).
@pytest.mark.parametrize("text", ["hearts", "Hearts", "черви", "♡", " H", "H ", "HH", "\u212a"])
def test_a_trump_choice_is_a_suit_letter_or_symbol_only(text):
    g = knockout_at_trump_choice()
    before = state(g)
    with pytest.raises(IllegalMove, match="unknown suit"):
        g.apply(text)
    assert not g.is_legal(text) and state(g) == before
    for accepted in ("H", "h", "♥"):
        again = g.clone()
        again.apply(accepted)
        assert again.actions[-1][1] is Suit.HEARTS


@pytest.mark.parametrize("text", ["оставляю", "левая", "правая", "левый прикуп", "правый прикуп", " keep", "keep ",
                                  "\u212aeep", "widow"])
def test_an_exchange_is_one_of_the_six_words_only(text):
    g = new_game("humbug", seed=5)
    before = state(g)
    with pytest.raises(IllegalMove, match="unknown exchange"):
        g.apply(text)
    assert not g.is_legal(text) and state(g) == before
    for accepted in ("keep", "KEEP", "Keep", "оставить", "ОСТАВИТЬ"):
        again = g.clone()
        again.apply(accepted)
        assert str(again.actions[-1][1]) == "keep"
    for accepted, choice in (("left", "left"), ("Левый", "left"), ("right", "right"), ("правый", "right")):
        again = g.clone()
        again.apply(accepted)
        assert str(again.actions[-1][1]) == choice


@pytest.mark.parametrize("name", [["german"], {"german": 1}, None, 3])
def test_a_game_name_that_is_no_string_is_an_unknown_game(name):
    """Issue 51: a list raised TypeError (unhashable) where an unknown name gets InvalidOptions."""
    with pytest.raises(InvalidOptions, match="unknown game"):
        new_game(name)


def test_a_bad_seat_is_the_packages_own_error():
    """Issue 51: observation and hand raised a plain ValueError for a seat the game does not have."""
    g = new_game("german", seed=1)
    for call in (g.observation, g.hand):
        with pytest.raises(WhistError):
            call(2)
