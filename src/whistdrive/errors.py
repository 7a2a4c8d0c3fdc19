"""The small exception hierarchy shared by every layer.

Each message names what was wrong and what was expected, so a user (or a
program) can act on it without reading the source.
"""


class WhistError(Exception):
    """Base class of every error whistdrive raises on purpose."""


class ParseError(WhistError, ValueError):
    """A card, suit or position string could not be read."""


class InvalidOptions(WhistError, ValueError):
    """Game options outside the rules (docs/rules.md, each game's options) or of the wrong type."""


class IllegalMove(WhistError, ValueError):
    """An action refused by the rules; the game state is left unchanged."""


class RecordError(WhistError, ValueError):
    """A game record that is corrupt, of an unknown version or breaks a rule."""


class UsageError(WhistError, ValueError):
    """A request whistdrive does not offer: an unknown game or bot level, a bot list of the wrong length, no deals,
    a seat the game does not have."""
