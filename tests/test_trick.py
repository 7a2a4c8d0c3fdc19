from whistdrive.cards import Card, parse_cards, to_mask
from whistdrive.games.trick import legal_mask, winning_index

H = Card.parse("2H").suit


def idx(text):
    return [c.index for c in parse_cards(text)]


def test_follow_suit_when_able():
    hand = to_mask(parse_cards("AS 2H 3H KD"))
    assert legal_mask(hand, H) == to_mask(parse_cards("2H 3H"))
    assert legal_mask(hand, None) == hand  # the leader plays anything
    assert legal_mask(to_mask(parse_cards("AS KD")), H) == to_mask(parse_cards("AS KD"))  # void: anything
    assert legal_mask(hand, H, must_follow=False) == hand


def test_rules_example_3_8_small_trump_wins():
    """Seed 004: diamonds trump; A♠, 4♠, 2♦ — the 2♦ wins."""
    assert winning_index(idx("AS 4S 2D"), trump=Card.parse("2D").suit) == 2


def test_highest_of_suit_led_without_trumps():
    assert winning_index(idx("5C AS KC"), trump=H) == 2  # ace of another suit does not win
    assert winning_index(idx("5C AS KC"), trump=None) == 2
    assert winning_index(idx("5C 3H KC 2H"), trump=H) == 1  # highest trump
