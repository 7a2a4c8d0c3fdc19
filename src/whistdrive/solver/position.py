"""Text form of a solver position, and the table of card values (``whistdrive solve``).

Format: one ``key: value`` per line, ``#`` starts a comment, keys are case
insensitive::

    game: whist            # german | whist | knockout | humbug
    trump: H               # S H D C, ♠ ♥ ♦ ♣, or NT
    leader: S              # seat name (whist: N E S W) or number
    N: AS KS 10♥ Д♦        # one line per seat; '-' for an empty hand
    E: ...
    S: ...
    W: ...
    trick: QH 2H           # cards already on the current trick, from the leader on

German Whist uses seats ``0`` and ``1`` and may add ``stock:`` (top first,
the first card is the face-up prize), ``count: stage2|all26`` and
``follow_suit: yes|no``.  Knock-out takes seats ``0``..``n-1`` and
``seat:`` (whose tricks are counted, default the seat to move); Humbug Whist's
play is two hands, ``0`` and ``1``, valued as Knock-out's.  Cards use
English or Russian notation (:func:`whistdrive.cards.parse_cards`).

What a game's position holds comes from the game itself (``GAMES``): its
number of seats, whether it has a stock (German Whist), whether its seats
play in partnerships (whist, whose seats are the compass points).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, Suit, parse_cards
from ..errors import ParseError, WhistError
from ..games import GAMES
from ..games.spec import GameInfo
from ..i18n import gettext_for
from . import api, german

WHIST_SEATS = "NESW"
RU_WHIST_SEATS = "СВЮЗ"
KEYS = {"game", "trump", "leader", "trick", "stock", "count", "follow_suit", "seat"}


@dataclass
class TextPosition:
    game: str
    trump: int | None
    leader: int
    hands: list[int]
    trick: list[int] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    count: str = "stage2"
    follow_suit: bool = True
    seat: int | None = None

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


def _info(game: str) -> GameInfo:
    return GAMES[game].info


def _seat(token: str, game: str, n: int, line_no: int) -> int:
    t = token.strip().upper()
    compass = _info(game).partnerships  # a partnership game's seats are the compass points
    if compass and len(t) == 1 and t in WHIST_SEATS:
        return WHIST_SEATS.index(t)
    if compass and len(t) == 1 and t in RU_WHIST_SEATS:
        return RU_WHIST_SEATS.index(t)
    if t.isdigit() and int(t) < n:
        return int(t)
    raise ParseError(f"line {line_no}: unknown seat {token.strip()!r}: expected one of {' '.join(_names(game, n))}")


def _names(game: str, n: int) -> list[str]:
    """The seats' names in the text: the compass points of a partnership game, numbers elsewhere."""
    return list(WHIST_SEATS[:n]) if _info(game).partnerships else [str(i) for i in range(n)]


def _cards(text: str, line_no: int) -> list[int]:
    if text.strip() in ("-", ""):
        return []
    try:
        return [c.index for c in parse_cards(text)]
    except ParseError as e:
        raise ParseError(f"line {line_no}: {e}") from None


def parse_position(text: str) -> TextPosition:
    """Read the text form; :class:`ParseError` names the bad line and token."""
    fields: dict[str, tuple[str, int]] = {}
    seat_lines: list[tuple[str, str, int]] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line:
            raise ParseError(f"line {no}: {raw.strip()!r} is not 'key: value'")
        key, value = (x.strip() for x in line.split(":", 1))
        k = key.lower().replace(" ", "_")
        if k in KEYS:
            if k in fields:
                raise ParseError(f"line {no}: {key!r} given twice")
            fields[k] = (value, no)
        else:
            seat_lines.append((key, value, no))
    game = fields.get("game", ("", 0))[0].lower()
    if game not in GAMES:
        raise ParseError(f"line {fields.get('game', ('', 0))[1]}: game {game!r}: expected one of {', '.join(GAMES)}")
    info = _info(game)
    n = info.max_seats if info.min_seats == info.max_seats else len(seat_lines)
    if not info.min_seats <= n <= info.max_seats:
        raise ParseError(f"{game} needs {info.min_seats}..{info.max_seats} seat lines, got {n}")
    hands: list[int | None] = [None] * n
    for key, value, no in seat_lines:
        s = _seat(key, game, n, no)
        if hands[s] is not None:
            raise ParseError(f"line {no}: seat {key!r} given twice")
        mask = 0
        for c in _cards(value, no):
            if mask >> c & 1:
                raise ParseError(f"line {no}: card {Card.from_index(c)} given twice")
            mask |= 1 << c
        hands[s] = mask
    missing = [name for name, h in zip(_names(game, n), hands) if h is None]
    if missing:
        raise ParseError(f"missing hand for seat(s) {', '.join(missing)}: add a line such as '{missing[0]}: AS KH'")
    tv, tno = fields.get("trump", ("", 0))
    if not tv:
        raise ParseError("missing 'trump:' line (a suit or NT)")
    if tv.upper() in ("NT", "БК", "NONE", "-"):
        trump = None
    else:
        try:
            trump = int(Suit.parse(tv))
        except ParseError as e:
            raise ParseError(f"line {tno}: {e}") from None
    lv, lno = fields.get("leader", ("", 0))
    if not lv:
        raise ParseError("missing 'leader:' line")
    leader = _seat(lv, game, n, lno)
    trick = _cards(*fields["trick"]) if "trick" in fields else []
    stock = _cards(*fields["stock"]) if "stock" in fields else []
    if stock and not info.stock:
        with_stock = " or ".join(name for name, g in GAMES.items() if g.info.stock)
        raise ParseError(f"line {fields['stock'][1]}: 'stock' is only for game: {with_stock}")
    count = fields.get("count", ("stage2", 0))[0].lower()
    if count not in ("stage2", "all26"):
        raise ParseError(f"line {fields['count'][1]}: count {count!r}: expected stage2 or all26")
    fs = fields.get("follow_suit", ("yes", 0))
    if fs[0].lower() not in ("yes", "no", "true", "false"):
        raise ParseError(f"line {fs[1]}: follow_suit {fs[0]!r}: expected yes or no")
    seat = _seat(*fields["seat"][:1], game, n, fields["seat"][1]) if "seat" in fields else None
    return TextPosition(
        game, trump, leader, [h for h in hands if h is not None], trick, stock, count, fs[0].lower() in ("yes", "true"), seat
    )


def evaluate(pos: TextPosition, lang: str = "en") -> tuple[dict[int, int], str]:
    """Values of every legal card and a description of what they count (in ``lang``)."""
    _ = gettext_for(lang)[0]
    trick = [(((pos.leader + k) % len(pos.hands)), c) for k, c in enumerate(pos.trick)]
    info = _info(pos.game)
    if info.stock:
        vals = german.values_german_stage1(
            pos.hands[0], pos.hands[1], pos.stock, pos.trump, pos.leader, trick, pos.count, pos.follow_suit
        )
        what = _("tricks for seat {seat}").format(seat=pos.to_move)
    elif info.partnerships:
        vals = api.values_whist(pos.hands, pos.trump, pos.leader, trick)
        what = _("tricks for {side}").format(side="N-S" if pos.to_move % 2 == 0 else "E-W")
    else:
        seat = pos.to_move if pos.seat is None else pos.seat
        vals = api.values_knockout(pos.hands, pos.trump, pos.leader, trick, seat)
        what = _("tricks seat {seat} is sure of").format(seat=seat)
    return vals, what


def format_values(pos: TextPosition, values: dict[int, int], what: str, lang: str = "en") -> str:
    """A table of every legal card (best first) and its value."""
    _ = gettext_for(lang)[0]
    seat_name = _names(pos.game, len(pos.hands))[pos.to_move]
    trump = _("no trump") if pos.trump is None else Suit(pos.trump).symbol
    head = _("trump {suit}, {seat} to move").format(suit=trump, seat=seat_name)
    card, value = _("card"), _("value")
    lines = [f"{pos.game}: {head} ({what})", f"{card:<6}{value}"]
    fmt = Card.russian if lang == "ru" else Card.english
    for c, v in sorted(values.items(), key=lambda kv: (-kv[1], -(kv[0] % 13), kv[0])):
        lines.append(f"{fmt(Card.from_index(c)):<6}{v}")
    return "\n".join(lines) + "\n"


def run_solve(text: str, lang: str = "en") -> str:
    """``whistdrive solve``: parse, solve, format.  Bad positions raise ParseError."""
    pos = parse_position(text)
    try:
        vals, what = evaluate(pos, lang)
    except WhistError as e:
        if isinstance(e, ParseError):
            raise
        raise ParseError(f"position is not valid: {e}") from None
    return format_values(pos, vals, what, lang)
