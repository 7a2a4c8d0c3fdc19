"""whistdrive: German Whist, Whist, Knock-out Whist and Humbug Whist — engine, bots, solver and apps.

>>> from whistdrive import new_game
>>> game = new_game("german", {"count": "all26"}, seed=7)
>>> game.apply(game.legal_actions()[0])
>>> game.observation(0)["stage"]
1
"""

from .cards import DECK, Card, Rank, Suit, parse_cards
from .errors import IllegalMove, InvalidOptions, ParseError, RecordError, UsageError, WhistError
from .games import GAMES, Decision, Game, GermanWhist, HumbugWhist, KnockoutWhist, Outcome, Whist, new_game
from .games.base import Exchange

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "GAMES",
    "Card",
    "Decision",
    "Exchange",
    "Game",
    "GermanWhist",
    "HumbugWhist",
    "IllegalMove",
    "InvalidOptions",
    "KnockoutWhist",
    "Outcome",
    "ParseError",
    "Rank",
    "RecordError",
    "Suit",
    "UsageError",
    "Whist",
    "WhistError",
    "new_game",
    "parse_cards",
]
