"""Every action is stored before it is acknowledged; a restarted server resumes games exactly
(on SQLite and on PostgreSQL)."""

from __future__ import annotations

import random

import pytest

from .conftest import Seat, create, make_client, serving


@pytest.fixture
def client(database_url):
    yield from serving(database_url)


@pytest.mark.parametrize("game,options", [("german", {"deals": 2}), ("whist", {"length": "deal"}),
                                          ("knockout", {"players": 3})])
def test_restart_resumes_exactly(database_url, game, options):
    rng = random.Random(7)
    with make_client(database_url) as c:
        c.get("/")
        g = create(c, game, options)
        cookies = dict(c.cookies)  # the owner cookie, set by creating the table
        seat = Seat(c, g["id"], g["token"])
        for _ in range(5):
            seat.wait_turn()
            seat.send({"type": "act", "action": rng.choice(seat.view["legal"]), "seq": seat.last["seq"]})
            seat.recv()
        seat.wait_turn()
        view, seq = seat.view, seat.last["seq"]
        live = c.app.state.tables.live[g["id"]]
        chance, actions = list(live.game.chance.log), list(live.game.actions)
        # every acknowledged action is in the store
        assert len(c.app.state.store.load(g["id"]).actions) == seq
        seat.close()
    with make_client(database_url) as c2:
        c2.cookies.update(cookies)
        assert g["id"] not in c2.app.state.tables.live  # the person's turn: on disk until opened
        assert c2.get("/api/games").json()["unfinished"][0]["id"] == g["id"]
        seat = Seat(c2, g["id"], g["token"])
        live2 = c2.app.state.tables.live[g["id"]]
        assert live2.game.actions == actions and live2.game.chance.log == chance
        assert seat.last["type"] == "snapshot" and seat.view == view and seat.last["seq"] == seq
        seat.play_to_end(rng)
        assert seat.view["over"]
        seat.close()
        assert c2.get(f"/api/games/{g['id']}/record").status_code == 200


def test_reconnect_gets_a_full_snapshot(client):
    g = create(client, "whist", {"length": "deal"})
    a = Seat(client, g["id"], g["token"])
    a.wait_turn()
    a.send({"type": "act", "action": a.view["legal"][0], "seq": a.last["seq"]})
    a.recv()
    a.wait_turn()
    a.close()
    b = Seat(client, g["id"], g["token"])
    assert b.view == a.view and b.last["log"] == [[s, str(x)] for s, x in g["live"].game.actions]
    b.close()


def test_storage_failure_is_not_acknowledged(client, monkeypatch):
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    seat.wait_turn()
    seq = seat.last["seq"]
    store = client.app.state.store

    def broken(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_action", broken)
    seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seq})
    m = seat.recv()
    assert m["type"] == "error" and m["code"] == "storage"
    assert len(client.app.state.tables.live[g["id"]].game.actions) == seq
    monkeypatch.undo()
    seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seq})
    assert seat.recv()["type"] == "play"
    seat.close()
