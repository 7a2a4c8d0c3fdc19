"""What a seat knows, read from its observation into card masks.

Bots reason over 52-bit masks (see :mod:`whistdrive.cards`); this module turns
an observation dict — the only thing a bot is ever handed — into the facts the
classic advice talks about: cards played, voids shown, cards still out, who is
winning the trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import FULL_MASK, Card
from ..games import GAMES
from ..games.trick import SUIT_MASKS

SUITS = "SHDC"


def card_int(text: str) -> int:
    return Card.parse(text).index


def mask_of(cards) -> int:
    m = 0
    for t in cards:
        m |= 1 << card_int(t)
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


@dataclass
class View:
    """A seat's knowledge of the current deal, as masks."""

    game: str
    seat: int
    decision: str | None
    order: list[int]  # seats taking part, in clockwise play order
    hand: int
    legal: list[str]
    trump: int | None
    leader: int
    trick: list[tuple[int, int]]
    played: int  # every card played this deal, the current trick included
    partners: set[int]  # my side, me included
    hand_sizes: dict[int, int]
    known: dict[int, int] = field(default_factory=dict)  # cards known to be held by another seat
    voids: dict[int, set[int]] = field(default_factory=dict)
    excluded: int = 0  # cards out of every hand though not played (the face-up prize, Knock-out trump card)
    tricks_won: dict[int, int] = field(default_factory=dict)
    tricks_left: int = 0
    done: list[list[tuple[int, int]]] = field(default_factory=list)  # the finished tricks' (seat, card) plays
    obs: dict = field(default_factory=dict)
    stage: int | None = None  # a game with a stock (German Whist): 1 while it lasts, then 2

    def side_of(self, seat: int) -> set[int]:
        """The seats taking part that play on ``seat``'s side, ``seat`` included (its partnership)."""
        return GAMES[self.game].info.partners(seat, self.order)

    # --- derived -------------------------------------------------------
    @property
    def unseen(self) -> int:
        """Cards whose place I do not know: in another hand, the stock or undealt."""
        known = 0
        for m in self.known.values():
            known |= m
        return FULL_MASK & ~(self.hand | self.played | known | self.excluded)

    @property
    def outside(self) -> int:
        """Cards not mine and not played: they may still beat mine."""
        return FULL_MASK & ~(self.hand | self.played | self.excluded)

    @property
    def led_suit(self) -> int | None:
        return suit(self.trick[0][1]) if self.trick else None

    def legal_mask(self) -> int:
        return mask_of(self.legal) if self.decision == "play" else 0

    def still_to_play(self) -> list[int]:
        """Seats that play to this trick after me."""
        n = len(self.order)
        i = self.order.index(self.leader)
        seq = [self.order[(i + k) % n] for k in range(n)]
        return seq[len(self.trick) + 1:]

    def is_master(self, card: int) -> bool:
        """No card outside my hand can beat it within its suit."""
        higher = self.outside & SUIT_MASKS[suit(card)] & ~((1 << (card + 1)) - 1)
        return higher == 0


def voids_shown(tricks: list[list[tuple[int, int]]]) -> dict[int, set[int]]:
    """The suits each seat has shown it lacks: it played another suit to a trick led in them.

    ``tricks`` are lists of ``(seat, card)`` plays, the trick still on the table included —
    a void shown there is as certain as one shown in a finished trick.
    """
    voids: dict[int, set[int]] = {}
    for plays in tricks:
        led = suit(plays[0][1])
        for s, c in plays[1:]:
            if suit(c) != led:
                voids.setdefault(s, set()).add(led)
    return voids


def _german(view: View, obs: dict, done: list[tuple[int, list[tuple[int, int]]]]) -> None:
    """German Whist's two hands, its stock, and the voids a face-down draw has not refilled."""
    seat, other = view.seat, 1 - view.seat
    view.order = [0, 1]
    view.hand_sizes = {seat: len(obs["hand"]), other: obs["opponent_hand_size"]}
    view.known = {other: mask_of(obs["opponent_known"])}
    if obs.get("prize"):
        view.excluded = 1 << card_int(obs["prize"])
    view.tricks_won = {s: n for s, n in zip((0, 1), obs["tricks_won"]["stage2"])}
    view.tricks_left = 26 - len(done)  # stage-1 draws refill the hands
    view.stage = obs["stage"]
    # a void is only certain since the opponent's last face-down draw (a draw may refill it),
    # and stage 1 shows none when following suit is not required there
    if obs["stage"] == 2 or obs["options"].get("follow_suit_stage1", True):
        last_draw = -1
        for i, (winner, _) in enumerate(done[:13]):
            if winner == seat:
                last_draw = i
        tail = done[last_draw + 1:] if obs["stage"] == 1 else done[13:]
        view.voids = voids_shown([p for _, p in tail] + ([view.trick] if view.trick else []))


def _table(view: View, obs: dict, done: list[tuple[int, list[tuple[int, int]]]]) -> None:
    """Any game whose observation lists ``hand_sizes`` (per seat taking part), ``known_cards`` and the
    cards out of every hand (Knock-out's face-up ``trump_card``, Humbug's ``out_of_deal``): Whist,
    Knock-out Whist, Humbug Whist and games like them.
    Every void shown in this deal holds (nobody draws during play)."""
    sizes = obs["hand_sizes"]
    view.hand_sizes = {int(s): n for s, n in (sizes.items() if isinstance(sizes, dict) else enumerate(sizes))}
    view.order = sorted(view.hand_sizes)  # seats are numbered clockwise
    view.known = {int(s): mask_of(c) for s, c in obs.get("known_cards", {}).items()}
    if "out_of_deal" in obs:  # Humbug Whist: the hand I laid aside, the turned-up card if the dealer did
        view.excluded = mask_of(obs["out_of_deal"])
    elif obs.get("trump_card"):  # Knock-out Whist: the turned-up card is in nobody's hand
        view.excluded = 1 << card_int(obs["trump_card"])
    view.voids = voids_shown([p for _, p in done] + ([view.trick] if view.trick else []))
    won = obs["tricks_won"]
    if isinstance(won, dict):
        view.tricks_won = {int(s): n for s, n in won.items()}
    else:  # per partnership
        view.tricks_won = {s: won[s % len(won)] for s in view.order}


READERS = {"german": _german, "whist": _table, "knockout": _table, "humbug": _table}
"""How each game's observation reads into a :class:`View` (a registry per game: tests/test_registries.py)."""


def read(obs: dict) -> View:
    """Build the :class:`View` of an observation."""
    seat = obs["seat"]
    trick = [(p["seat"], card_int(p["card"])) for p in obs.get("trick", [])]
    done = [(t["winner"], [(p["seat"], card_int(p["card"])) for p in t["cards"]]) for t in obs.get("tricks", [])]
    played = 0
    for _, plays in done:
        for _, c in plays:
            played |= 1 << c
    for _, c in trick:
        played |= 1 << c
    trump = obs.get("trump")
    view = View(game=obs["game"], seat=seat, decision=obs.get("decision"), order=[], hand=mask_of(obs["hand"]),
                legal=list(obs.get("legal", [])), trump=None if trump is None else SUITS.index(trump),
                leader=obs.get("leader", seat), trick=trick, played=played, partners={seat}, hand_sizes={},
                done=[plays for _, plays in done], obs=obs)
    # one trick per card I hold, plus the trick on the table if my card is already in it
    view.tricks_left = len(obs["hand"]) + (1 if any(s == seat for s, _ in trick) else 0)
    READERS[obs["game"]](view, obs, done)
    view.partners = view.side_of(seat)
    return view
