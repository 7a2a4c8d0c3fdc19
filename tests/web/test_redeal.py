"""Undo reveals nothing: after an undo the cards the person has not seen are dealt again.

Without the new deal, undoing a play and looking again predicts the face-down
stock card (German Whist) or an opponent's answer (Whist) every time; with it,
the prediction is right no more often than chance.
"""

from __future__ import annotations

import math
import random

import pytest

from whistdrive import new_game
from whistdrive.bots.redeal import redeal
from whistdrive.records import loads, replay

from .conftest import Seat, create, make_client


def rebuilt(game, seed, chance):
    g = new_game(game.name, game.options.to_dict(), seed=seed, chance=chance)
    for s, a in game.actions:
        g.apply(a, seat=s)
    return g


def at_my_turn(name, options, me, seed, plays, rng):
    """A game after about ``plays`` random actions, stopped where seat ``me`` is to play."""
    g = new_game(name, options, seed=seed)
    while len(g.actions) < plays or g.current_seat != me:
        g.apply(rng.choice(g.legal_actions()))
    return g


def within_chance(hits: int, probs: list[float]) -> bool:
    mean = sum(probs)
    sd = math.sqrt(sum(p * (1 - p) for p in probs))
    return abs(hits - mean) <= 4 * sd + 1


def test_undo_cannot_predict_the_face_down_stock_card():
    rng = random.Random(2024)
    hits, probs = 0, []
    for trial in range(250):
        g = at_my_turn("german", {}, 0, seed=trial, plays=rng.randrange(0, 20), rng=rng)
        if len(g.stock) < 2:
            continue
        peeked = g.stock[1]  # the face-down card the loser of this trick draws
        seed, chance = redeal(g, 0, random.Random(trial))
        again = rebuilt(g, seed, chance)
        assert again.observation(0) == g.observation(0)  # everything the person knows is unchanged
        unseen = g.observation(0)["opponent_hand_size"] - len(g.known_hand(1)) + len(g.stock) - 1
        probs.append(1 / unseen)
        hits += again.stock[1] == peeked
    assert len(probs) > 200
    assert within_chance(hits, probs), (hits, sum(probs))


@pytest.mark.slow  # many undos to count against chance: ~6 s
def test_undo_cannot_predict_an_opponents_answer():
    rng = random.Random(7)
    hits, probs = 0, []
    for trial in range(250):
        g = at_my_turn("whist", {"length": "deal"}, 2, seed=trial, plays=0, rng=rng)
        nxt = 3
        if any(p["seat"] == nxt for p in g.observation(2)["trick"]):
            continue
        answer = g.clone()
        answer.apply(rng.choice(answer.legal_actions()))  # the person's play, then the opponent's answer
        answer.apply(rng.choice(answer.legal_actions()))
        assert answer.actions[-1][0] == nxt
        peeked = answer.actions[-1][1]  # what the opponent answered before the undo
        seed, chance = redeal(g, 2, random.Random(trial))
        again = rebuilt(g, seed, chance)
        assert again.observation(2) == g.observation(2)
        unseen = 52 - 13 - len(g.observation(2)["trick"]) - (1 if g.turned_up_showing and g.dealer != 2 else 0)
        probs.append(len(again.hand(nxt)) / unseen)
        hits += peeked in again.hand(nxt)
    assert len(probs) > 100
    assert within_chance(hits, probs), (hits, sum(probs))


@pytest.mark.slow  # many redeals: ~5 s
def test_the_new_deal_respects_shown_voids():
    rng = random.Random(3)
    changed = voids_seen = 0
    for trial in range(40):
        g = at_my_turn("whist", {"length": "deal"}, 2, seed=1000 + trial, plays=rng.randrange(8, 40), rng=rng)
        seed, chance = redeal(g, 2, random.Random(trial))
        again = rebuilt(g, seed, chance)  # raises if a replayed play became illegal
        assert again.observation(2) == g.observation(2)
        obs = g.observation(2)
        tricks = [t["cards"] for t in obs["tricks"]] + ([obs["trick"]] if obs["trick"] else [])
        for cards in tricks:  # whist hands only shrink: a suit shown out of stays absent
            led = cards[0]["card"][1]
            for p in cards[1:]:
                if p["card"][1] != led:
                    voids_seen += 1
                    assert all(str(c)[1] != led for c in again.hand(p["seat"])), (trial, p["seat"], led)
        changed += any(again.hand(s) != g.hand(s) for s in (0, 1, 3))
    assert voids_seen > 10 and changed > 30


def test_undo_at_a_table_deals_again_and_is_recorded(client):
    rng = random.Random(5)
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    live = g["live"]
    for _ in range(6):
        seat.wait_turn()
        seat.send({"type": "act", "action": rng.choice(seat.view["legal"]), "seq": seat.last["seq"]})
        seat.recv()
    seat.wait_turn()
    my_last = max(i for i, (s, _) in enumerate(live.game.actions) if s == 0)
    probe = new_game("german", live.row.options, chance=live.game.chance.log)
    for s, a in live.game.actions[:my_last]:
        probe.apply(a, seat=s)
    old_seed = live.row.seed
    seat.send({"type": "undo"})
    m = seat.recv()
    while m["type"] != "snapshot":
        m = seat.recv()
    assert m["view"] == probe.observation(0) and m["seq"] == my_last
    assert live.row.seed != old_seed and live.row.undos == 1
    stored = client.app.state.store.load(g["id"])
    assert stored.chance == live.game.chance.log[: len(stored.chance)] and int(stored.seed) == live.row.seed
    seat.play_to_end(rng)
    seat.close()
    rec = loads(client.get(f"/api/games/{g['id']}/record").text)
    assert rec["undo_used"] is True
    assert replay(rec).is_over  # an ordinary record: its deck agrees with the kept history
    stats = client.get("/api/games").json()["stats"]
    assert stats[0]["undo"] == 1 and stats[0]["played"] == 1


def test_undo_again_and_again_then_a_restart(client, db_path):
    """Each undo replays the kept plays on the cards dealt again by the one before; so does a restart."""
    rng = random.Random(11)
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    live = g["live"]
    for _ in range(8):
        for _ in range(rng.randrange(1, 4)):
            seat.wait_turn()
            seat.send({"type": "act", "action": rng.choice(seat.view["legal"]), "seq": seat.last["seq"]})
            seat.recv()
        seat.wait_turn()
        seat.send({"type": "undo"})
        m = seat.recv()
        while m["type"] not in ("snapshot", "error"):
            m = seat.recv()
        assert m["type"] == "snapshot", m
    assert live.row.undos == 8
    seat.close()
    kept = list(live.game.actions)
    with make_client(db_path) as again:  # a new server process on the same database resumes the game
        other = Seat(again, g["id"], g["token"])
        other.wait_turn()
        assert again.app.state.tables.live[g["id"]].game.actions == kept
        other.play_to_end(rng)
        other.close()
