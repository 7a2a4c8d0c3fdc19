"""Undo without peeking: the cards a person has not seen are dealt again.

Undoing a play must not show what would have happened: the face-down stock
card drawn, the opponents' answers. So after an undo every card of the current
deal that the person has not seen in the kept part of the game moves to a
random place among the unseen places, keeping what the person knows true:
their own cards and every card shown stay put, and a seat that showed out of a
suit gets no card of it while it held that place. The deals still to come get
a new seed. The result is an ordinary deck order that replays the kept actions
to exactly the person's same observations (checked), so the record stays valid.
"""

from __future__ import annotations

import logging
import random
import secrets

from whistdrive import new_game
from whistdrive.bots.sampling import deal_hidden
from whistdrive.cards import Card
from whistdrive.errors import IllegalMove, RecordError
from whistdrive.games import replay_steps
from whistdrive.games.base import Game

log = logging.getLogger("whistdrive.bots")
PAST = ("deal_results", "tie_breaks", "tie_break", "score")  # earlier deals or a separate pack
TRIES = 20


def shown_cards(obs, out: set[int]) -> None:
    """Every card named anywhere in an observation (except the records of earlier deals)."""
    if isinstance(obs, str):
        if len(obs) == 2:
            try:
                out.add(Card.parse(obs).index)
            except Exception:  # a suit, a seat name: not a card
                pass
    elif isinstance(obs, dict):
        for k, v in obs.items():
            if k not in PAST:
                shown_cards(v, out)
    elif isinstance(obs, list):
        for v in obs:
            shown_cards(v, out)


def _replay(name: str, options: dict, chance: list[dict], actions: list):
    """Replay ``actions``; yield (game before each action, action) and finally (game, None)."""
    g = new_game(name, options, chance=chance)
    for step in replay_steps(g, actions):
        yield g, step
    yield g, None


def _facts(name, options, chance, actions, seat, deck_at):
    """What the person saw since the current deck was dealt, and which suits each place may not hold."""
    seen: set[int] = set()
    forbidden: dict[int, set[int]] = {}
    deck = [Card.parse(c).index for c in chance[deck_at]["cards"]]
    where = {c: i for i, c in enumerate(deck)}
    for g, step in _replay(name, options, chance, actions):
        if len(g.chance.log) > deck_at:
            shown_cards(g.observation(seat), seen)
        if step is None or len(g.chance.log) <= deck_at:
            continue
        s, a = step
        trick = g.observation(s).get("trick") or []
        play = getattr(g, "play", None)
        card = Card.parse(str(a)).index if len(str(a)) == 2 else None
        if card is None or not trick or not getattr(play, "must_follow", True):
            continue
        led = Card.parse(trick[0]["card"]).index // 13
        if card // 13 != led:  # showed out: no card of the led suit in that hand now
            for c in g.hand(s):
                forbidden.setdefault(where[c.index], set()).add(led)
    return deck, seen, forbidden


def _observations(name, options, chance, actions, seat) -> list[dict] | None:
    try:
        return [g.observation(seat) for g, _ in _replay(name, options, chance, actions)]
    except (IllegalMove, RecordError, ValueError):
        return None


def redeal(game: Game, seat: int, rng: random.Random | None = None) -> tuple[int, list[dict]]:
    """A new seed and chance log for ``game`` (the kept part of a game) in which every card
    ``seat`` has not seen in the current deal is dealt again at random."""
    rng = rng or random.Random(secrets.randbits(64))
    name, options = game.name, game.options.to_dict()
    chance = [dict(o) for o in game.chance.log]
    actions = [(s, str(a)) for s, a in game.actions]
    seed = rng.getrandbits(62)
    decks = [i for i, o in enumerate(chance) if o.get("type") == "deck"]
    if not decks:
        return seed, chance
    deck_at = decks[-1]
    deck, seen, forbidden = _facts(name, options, chance, actions, seat, deck_at)
    places = [i for i, c in enumerate(deck) if c not in seen]
    pool = [deck[i] for i in places]
    want = _observations(name, options, chance, actions, seat)
    for _ in range(TRIES):
        placed = deal_hidden(pool, {p: 1 for p in places}, {p: forbidden.get(p, set()) for p in places}, rng)
        if placed is None:
            continue
        new = list(deck)
        for p in places:
            new[p] = placed[p][0]
        trial = chance[:deck_at] + [{"type": "deck", "cards": [str(Card.from_index(c)) for c in new]}] + \
            chance[deck_at + 1:]
        if _observations(name, options, trial, actions, seat) == want:
            return seed, trial
    log.warning("could not deal the hidden cards again in %s: keeping the deck", name)
    return seed, chance
