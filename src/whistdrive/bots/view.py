"""What a seat knows, read from its observation into card masks.

Bots reason over 52-bit masks (see :mod:`whistdrive.cards`); this module turns
an observation dict — the only thing a bot is ever handed — into the facts the
classic advice talks about: cards played, voids shown, cards still out, who is
winning the trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import FULL_MASK, Card
from ..games.trick import SUIT_MASKS, winning_play

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
    obs: dict = field(default_factory=dict)

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

    def winning(self) -> tuple[int, int] | None:
        """(seat, card) currently winning the trick."""
        return winning_play(self.trick, self.trump) if self.trick else None

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


def _voids_from(tricks: list[tuple[int | None, list[tuple[int, int]]]], voids: dict[int, set[int]]) -> None:
    for _, plays in tricks:
        led = suit(plays[0][1])
        for s, c in plays[1:]:
            if suit(c) != led:
                voids.setdefault(s, set()).add(led)


def read(obs: dict) -> View:
    """Build the :class:`View` of an observation of any of the four games."""
    game = obs["game"]
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
    view = View(game=game, seat=seat, decision=obs.get("decision"), order=[], hand=mask_of(obs["hand"]),
                legal=list(obs.get("legal", [])), trump=None if trump is None else SUITS.index(trump),
                leader=obs.get("leader", seat), trick=trick, played=played, partners={seat}, hand_sizes={},
                obs=obs)
    voids: dict[int, set[int]] = {}
    if game == "german":
        other = 1 - seat
        view.order = [0, 1]
        view.hand_sizes = {seat: len(obs["hand"]), other: obs["opponent_hand_size"]}
        view.known = {other: mask_of(obs["opponent_known"])}
        if obs.get("prize"):
            view.excluded = 1 << card_int(obs["prize"])
        view.tricks_left = 26 - len(done)
        # a void is only certain since the opponent's last face-down draw (a draw may refill it)
        if obs["stage"] == 2 or obs["options"].get("follow_suit_stage1", True):
            last_draw = -1
            for i, (winner, _) in enumerate(done[:13]):
                if winner == seat:
                    last_draw = i
            tail = done[last_draw + 1:] if obs["stage"] == 1 else done[13:]
            _voids_from([(w, p) for w, p in tail], voids)
            if trick:
                _voids_from([(None, trick)], voids)
        view.tricks_won = {s: n for s, n in zip((0, 1), obs["tricks_won"]["stage2"])}
    elif game == "whist":
        view.order = [0, 1, 2, 3]
        view.partners = {seat, (seat + 2) % 4}
        view.hand_sizes = dict(enumerate(obs["hand_sizes"]))
        view.known = {int(s): mask_of(c) for s, c in obs.get("known_cards", {}).items()}
        view.tricks_left = 13 - len(done)
        _voids_from(done + [(None, trick)] if trick else done, voids)
        won = obs["tricks_won"]
        view.tricks_won = {s: won[s % 2] for s in range(4)}
    elif game == "humbug":
        view.order = [0, 1]
        view.hand_sizes = dict(enumerate(obs["hand_sizes"]))
        view.known = {int(s): mask_of(c) for s, c in obs.get("known_cards", {}).items()}
        view.excluded = mask_of(obs["out_of_deal"])  # my laid-aside hand, the turned-up card if laid aside
        view.tricks_left = 13 - len(done)
        _voids_from(done + [(None, trick)] if trick else done, voids)
        view.tricks_won = dict(enumerate(obs["tricks_won"]))
    else:  # knockout
        view.order = list(obs["active"])
        view.hand_sizes = {int(s): n for s, n in obs["hand_sizes"].items()}
        if obs.get("trump_card"):
            view.excluded = 1 << card_int(obs["trump_card"])
        view.tricks_left = view.hand_sizes.get(seat, 0) + (1 if trick and all(s != seat for s, _ in trick) else 0)
        _voids_from(done + [(None, trick)] if trick else done, voids)
        view.tricks_won = {int(s): n for s, n in obs["tricks_won"].items()}
    view.voids = voids
    return view
