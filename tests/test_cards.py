import pytest

from whistdrive.cards import DECK, Card, Rank, Suit, format_cards, from_mask, parse_cards, to_mask
from whistdrive.errors import ParseError


@pytest.mark.parametrize(
    "token, suit, rank",
    [("QH", Suit.HEARTS, Rank.QUEEN), ("qh", Suit.HEARTS, Rank.QUEEN), ("10♥", Suit.HEARTS, Rank.TEN),
     ("T♥", Suit.HEARTS, Rank.TEN), ("th", Suit.HEARTS, Rank.TEN), ("Д♥", Suit.HEARTS, Rank.QUEEN),
     ("10♠", Suit.SPADES, Rank.TEN), ("т♣", Suit.CLUBS, Rank.ACE), ("В♦", Suit.DIAMONDS, Rank.JACK),
     ("К♠", Suit.SPADES, Rank.KING), ("2C", Suit.CLUBS, Rank.TWO), ("aS", Suit.SPADES, Rank.ACE)])
def test_parse_every_notation(token, suit, rank):
    assert Card.parse(token) == Card(suit, rank)


@pytest.mark.parametrize("token", ["", "Q", "1H", "QX", "11H", "ДH", "ZZZ", "Q♥♥", "10", "Т", "ТH"])
def test_bad_token_is_named(token):
    with pytest.raises(ParseError) as err:
        Card.parse(token)
    assert repr(token) in str(err.value)


def test_printing_english_and_russian():
    queen = Card.parse("QH")
    assert (str(queen), queen.english(), queen.russian()) == ("QH", "Q♥", "Д♥")
    ten = Card.parse("10S")
    assert (str(ten), ten.english(), ten.russian()) == ("TS", "10♠", "10♠")
    assert format_cards(parse_cards("AS KD"), "ru") == "Т♠ К♦"


def test_every_card_round_trips_through_all_forms():
    for i, card in enumerate(DECK):
        assert card.index == i and Card.from_index(i) == card
        assert Card.parse(str(card)) == card == Card.parse(card.russian()) == Card.parse(card.english())
        assert from_mask(card.bit) == [card]
    assert len(set(DECK)) == 52
    assert to_mask(DECK) == (1 << 52) - 1
    assert from_mask(to_mask(parse_cards("2S AC 7D"))) == parse_cards("2S 7D AC")


def test_index_layout_is_suit_times_13_plus_rank():
    assert Card.parse("2S").index == 0 and Card.parse("AS").index == 12
    assert Card.parse("2H").index == 13 and Card.parse("AC").index == 51


@pytest.mark.parametrize("bad", [-1, 52, True, "3"])
def test_from_index_rejects(bad):
    with pytest.raises(ParseError):
        Card.from_index(bad)


def test_suit_parsing():
    assert Suit.parse("♥") == Suit.parse("h") == Suit.parse("H") == Suit.HEARTS
    with pytest.raises(ParseError, match="'X'"):
        Suit.parse("X")


# Issue 51: the notation of docs/rules.md#cards and nothing else. The outline symbols were read as suits, and
# str.lower() turned the Kelvin sign into a K; suit names are for the terminal's own reading.
@pytest.mark.parametrize("token", ["Q♡", "Q♤", "10♢", "Д♧", " AS", "AS ", "A S", "\u212aH", "Q♥\ufe0f"])
def test_no_other_card_notation_is_read(token):
    with pytest.raises(ParseError) as err:
        Card.parse(token)
    assert repr(token) in str(err.value)


@pytest.mark.parametrize("text", ["♡", "♤", "♢", "♧", "hearts", "черви", "Spades", " H", "H ", "HH", "", "\u212a", 1])
def test_a_suit_is_a_letter_or_a_filled_symbol_only(text):
    with pytest.raises(ParseError, match="expected S, H, D, C or ♠ ♥ ♦ ♣"):
        Suit.parse(text)


@pytest.mark.parametrize("token, fault", [("AH,", "unknown suit ','"), ("10", "unknown suit '0'"),
                                          ("XS", "unknown rank 'X'"), ("1H", "unknown rank '1'"), ("QЖ", "unknown suit 'Ж'")])
def test_a_bad_card_names_the_part_at_fault(token, fault):
    with pytest.raises(ParseError, match=fault):
        Card.parse(token)
