"""No message a seat receives over whole games carries a card that seat may not know.

What is hidden is computed from the engine's full state, independently of the
observation code: the other hands minus what the rules make public (German
Whist: prizes taken and not yet played, every card once the stock is empty;
Whist: the dealer's turned-up trump while the dealer holds it), and the stock below the
face-up prize. Each message is checked against the state at its ``seq``.
"""

from __future__ import annotations

import random

import pytest

from whistdrive import new_game
from whistdrive.cards import Card

from .conftest import Seat, create


def humbug_hidden(game, seat: int) -> set[str]:
    """The other's hand and laid-aside hand, and every widow nobody took; the turned-up card was seen by both."""
    from whistdrive.games.base import Exchange

    other = 1 - seat
    taken = {c for _, c in game.exchanges}
    mask = game.play.hands[other] | game.laid_aside.get(other, 0)
    for widow, place in ((Exchange.LEFT, 1), (Exchange.RIGHT, 3)):
        if widow not in taken:
            mask |= game.places[place]
    mask &= ~(1 << game.turned_up)
    return {str(Card.from_index(c)) for c in range(52) if mask >> c & 1}


def hidden_cards(game, seat: int) -> set[str]:
    if game.name == "humbug":
        return humbug_hidden(game, seat)
    hidden: set[str] = set()
    for other in range(game.num_seats):
        if other == seat:
            continue
        held = {str(c) for c in game.hand(other)}
        if game.name == "german":
            if not game.stock:
                held = set()
            else:
                held -= {str(c) for c in game.known_hand(other)}
        elif game.name == "whist" and other == game.dealer:
            # everybody saw the turned-up trump: with perfect memory it is known until played
            held.discard(str(Card.from_index(game.turned_up)) if isinstance(game.turned_up, int)
                         else str(game.turned_up))
        hidden |= held
    if game.name == "german":
        stock = [str(Card.from_index(c)) if isinstance(c, int) else str(c) for c in game.stock]
        hidden |= set(stock[1:])  # stock[0] is the face-up prize
    return hidden


PUBLIC_DRAWS = ("tie_breaks", "tie_break")  # Knock-out tie-break draws: face-up cards of a separate pack


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            if k not in PUBLIC_DRAWS:
                yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


@pytest.mark.parametrize("game_name,options,games", [
    ("german", {}, 3), ("german", {"follow_suit_stage1": False, "count": "all26"}, 1),
    ("whist", {"length": "game"}, 1), ("knockout", {"players": 5}, 2), ("knockout", {"players": 2}, 2),
    ("humbug", {"length": "game"}, 2),
])
def test_no_message_carries_a_hidden_card(client, game_name, options, games):
    rng = random.Random(11)
    for _ in range(games):
        g = create(client, game_name, options)
        seat = Seat(client, g["id"], g["token"])
        seat.play_to_end(rng)
        seat.close()
        live = g["live"]
        row = live.row
        # replay the game step by step; hidden[k] = what the seat may not know after k actions
        replay = new_game(row.game, row.options, chance=live.game.chance.log)
        hidden = [hidden_cards(replay, row.human_seat)]
        for s, a in live.game.actions:
            replay.apply(a, seat=s)
            hidden.append(hidden_cards(replay, row.human_seat))
        assert any(hidden), "the test must see hidden cards"
        for m in seat.messages:
            assert "seed" not in m and "chance" not in m
            if "seq" not in m:
                continue
            secret = hidden[m["seq"]]
            # the played cards (action, log) are public history: exactly the game's actions so far
            played = [[s, str(a)] for s, a in live.game.actions[: m["seq"]]]
            if m["type"] == "play":
                assert [m["seat"], m["action"]] == played[-1]
            else:
                assert m["log"] == played
            draws = [o["cards"] for o in live.game.chance.log if o["type"] == "draw"]
            for tb in m.get("view", {}).get("tie_breaks", []):
                assert tb["cards"] in draws
            rest = {k: v for k, v in m.items() if k not in ("action", "log")}
            leaked = {s for s in strings(rest) if s in secret}
            assert not leaked, (m["type"], m["seq"], leaked)
            # every card in a message is in the 52-card notation the client expects
            for s in strings(m.get("view", {}).get("hand", [])):
                Card.parse(s)


@pytest.mark.parametrize("game_name,options", [("german", {}), ("whist", {"length": "deal"}), ("knockout", {"players": 4}),
                                               ("humbug", {"length": "game"})])
def test_a_spectators_view_holds_only_public_cards(game_name, options):
    """What a spectator receives never names a card in any hand, in the stock or out of the deal unseen; the
    cards everybody saw face up (a turned-up trump, German prizes taken) may appear."""
    from whistdrive.web.seats import public_view

    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        g = new_game(game_name, options, seed=seed)
        while not g.is_over:
            secret = set().union(*(hidden_cards(g, s) for s in range(g.num_seats)),
                                 *({str(c) for c in g.hand(s)} for s in range(g.num_seats)))
            if hasattr(g, "turned_up"):
                secret.discard(str(Card.from_index(g.turned_up)))
            if game_name == "german":
                secret -= {str(Card.from_index(c)) for s in (0, 1) for c in g.prizes[s]}
            checked += len(secret)
            view = public_view(g, g.current_seat)
            leaked = {s for s in strings(view) if s in secret}
            assert not leaked, (game_name, len(g.actions), leaked)
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000, "the test must see hidden cards"
