"""Hostile and ordinary requests to the server: errors change nothing; the right things are stored."""

from __future__ import annotations

import json
import random

from whistdrive.web.security import MAX_WS_MESSAGE

from .conftest import Seat, create


def n_stored(client, gid) -> int:
    return len(client.app.state.store.load(gid).actions)


def test_hostile_messages_get_errors_and_change_nothing(client):
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    seat.wait_turn()
    before_seq, before_view, stored = seat.last["seq"], seat.view, n_stored(client, g["id"])
    hand = set(seat.view["hand"])
    not_mine = next(c for c in (f"{r}{s}" for r in "AKQJT98765432" for s in "SHDC") if c not in hand)
    hostile = [
        ("{not json", "bad_json"),
        ("[1, 2, 3]", "bad_message"),
        (json.dumps({"type": "teleport"}), "bad_message"),
        (json.dumps({"type": "act"}), "bad_message"),
        (json.dumps({"type": "act", "action": 12}), "bad_message"),
        (json.dumps({"type": "act", "action": "QH", "seat": 1}), "wrong_seat"),  # another seat's action
        (json.dumps({"type": "act", "action": not_mine}), "illegal"),
        (json.dumps({"type": "act", "action": "ZZ"}), "illegal"),
        (json.dumps({"type": "act", "action": seat.view["legal"][0], "seq": before_seq + 1}), "stale"),  # not -1: 0 may be the first
        (json.dumps({"type": "act", "action": "x" * (MAX_WS_MESSAGE + 10)}), "too_large"),
        ("x" * (MAX_WS_MESSAGE * 4), "too_large"),
    ]
    for text, code in hostile:
        seat.send(text)
        m = seat.recv()
        assert m["type"] == "error" and m["code"] == code, (text[:60], m)
        if code == "stale":
            assert seat.recv()["type"] == "snapshot"
    assert seat.view == before_view and seat.last["seq"] == before_seq
    assert n_stored(client, g["id"]) == stored
    live = client.app.state.tables.live[g["id"]]
    assert len(live.game.actions) == before_seq
    # the connection still works: a legal action is acknowledged with a play message
    seat.send({"type": "act", "action": seat.view["legal"][0], "seq": before_seq})
    assert seat.recv()["type"] == "play"
    seat.close()


def test_wrong_token_is_refused(client):
    g = create(client, "german")
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        wrong = g["token"][:-1] + ("x" if g["token"][-1] != "x" else "y")
        ws.send_text(json.dumps({"type": "hello", "token": wrong}))
        m = json.loads(ws.receive_text())
        assert m["type"] == "error" and m["code"] == "auth"
    with client.websocket_connect("/ws/doesnotexist") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": g["token"]}))
        assert json.loads(ws.receive_text())["code"] == "auth"
    assert n_stored(client, g["id"]) == len(g["live"].game.actions)


def test_bot_seat_cannot_be_played_and_another_owner_sees_nothing(client, db_path):
    g = create(client, "whist", {"length": "deal"})
    seat = Seat(client, g["id"], g["token"])
    seat.wait_turn()
    for other in (0, 1, 3):
        seat.send({"type": "act", "action": "AS", "seat": other})
        assert seat.recv()["code"] == "wrong_seat"
    seat.close()
    from .conftest import make_client

    with make_client(db_path) as stranger:
        stranger.get("/")
        assert stranger.get(f"/table/{g['id']}").status_code == 404
        assert stranger.get(f"/api/games/{g['id']}/record").status_code == 404
        assert stranger.get("/api/games").json()["unfinished"] == []


def test_host_and_origin_checks(client):
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    r = client.post("/api/games", json={"game": "german", "options": {}, "levels": ["random"]},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    r = client.post("/api/games", json={"game": "german", "options": {}, "levels": ["random"]},
                    headers={"Origin": "http://testserver"})
    assert r.status_code == 200
    import pytest
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws/x", headers={"Origin": "http://evil.example"}) as ws:
            ws.receive_text()


def test_bad_create_requests(client):
    for body in ({"game": "poker"}, {"game": "german", "options": {"count": "all"}, "levels": ["random"]},
                 {"game": "german", "options": {}, "levels": ["nobody"]},
                 {"game": "knockout", "options": {"players": 9}, "levels": ["random"] * 8},
                 {"game": "german", "options": {"deals": 10**9}, "levels": ["random"]}):
        assert client.post("/api/games", json=body).status_code == 400, body
    assert client.post("/api/games", content=b"{oops", headers={"Content-Type": "application/json"}).status_code == 400
    assert client.post("/api/games", content=b"[" * 20000).status_code == 413
    assert client.get("/api/games").json()["unfinished"] == []


def test_rate_limit(db_path):
    from .conftest import make_client

    with make_client(db_path, rate=1.0, burst=3.0) as c:
        c.get("/")
        g = create(c, "german")
        seat = Seat(c, g["id"], g["token"])
        codes = []
        for _ in range(8):
            seat.send({"type": "ping"})
            codes.append(seat.recv().get("code", "pong"))
        assert "rate_limited" in codes
        seat.close()


def test_undo_returns_to_my_last_decision(client):
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    rng = random.Random(1)
    for _ in range(3):
        seat.wait_turn()
        seat.send({"type": "act", "action": rng.choice(seat.view["legal"]), "seq": seat.last["seq"]})
        seat.recv()
    seat.wait_turn()
    my_last = max(i for i, (s, _a) in enumerate(seat.last["log"] if seat.last["type"] == "snapshot" else
                                                  [(x, y) for x, y in g["live"].game.actions]) if s == 0)
    seat.send({"type": "undo"})
    m = seat.recv()
    while m["type"] != "snapshot":
        m = seat.recv()
    assert m["seq"] == my_last and m["view"]["current_seat"] == 0
    assert n_stored(client, g["id"]) == my_last
    seat.close()


def test_record_download_only_when_finished(client):
    g = create(client, "knockout", {"players": 2})
    assert client.get(f"/api/games/{g['id']}/record").status_code == 409
    seat = Seat(client, g["id"], g["token"])
    seat.play_to_end(random.Random(5))
    seat.close()
    r = client.get(f"/api/games/{g['id']}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    from whistdrive.records import loads, replay

    assert replay(loads(r.text)).is_over
    frames = client.get(f"/api/games/{g['id']}/replay").json()["frames"]
    assert frames[-1]["view"]["over"] and len(frames) == len(g["live"].game.actions) + 1
    stats = client.get("/api/games").json()["stats"]
    assert stats and stats[0]["played"] == 1


def test_hint_is_a_legal_action(client):
    g = create(client, "knockout", {"players": 2})
    seat = Seat(client, g["id"], g["token"])
    seat.wait_turn()
    seat.send({"type": "hint"})
    m = seat.recv()
    while m["type"] != "hint":
        assert m["type"] != "error", m
        m = seat.recv()
    assert m["best"] in seat.view["legal"]
    seat.close()


def test_malformed_create_requests_get_400_with_a_message(client):
    deep = "[" * 3000 + "]" * 3000
    bodies = [
        ({"game": ["german"], "options": {}, "levels": ["random"]}, "bad_game", "game"),
        ({"game": {"german": 1}, "options": {}, "levels": ["random"]}, "bad_game", "game"),
        ({"game": "german", "options": {"deals": [1]}, "levels": ["random"]}, "bad_options", "options.deals"),
        ({"game": "german", "options": {"deals": {"a": 1}}, "levels": ["random"]}, "bad_options", "options.deals"),
        ({"game": "german", "options": ["deals"], "levels": ["random"]}, "bad_options", "options"),
        ({"game": "german", "options": {}, "levels": "random"}, "bad_levels", "levels"),
        ({"game": "german", "options": {}, "levels": [["random"]]}, "bad_levels", "levels.0"),
        ({"game": "german", "options": {}}, "bad_levels", "levels"),
        ({"game": "german", "options": {}, "levels": ["random"], "seed": 1}, "bad_request", "seed: unknown field"),
        ({"game": "german", "options": {"deals": True}, "levels": ["random"]}, "bad_options", "deals"),
        # the message names the option, not the last type pydantic tried ("options.deals.bool: …")
        ({"game": "german", "options": {"deals": 1.5}, "levels": ["random"]}, "bad_options",
         "options.deals: an option's value is"),
        ({"game": "german", "levels": ["random"], "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}]},
         "bad_request", "either seats or levels"),
        ({"game": "german", "seats": [{"kind": "person", "level": "expert"}, {"kind": "person"}]}, "bad_seats",
         "a person's seat has no level"),
    ]
    for body, code, where in bodies:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"] == code and where in r.json()["message"], (body, r.json())
    r = client.post("/api/games", content=b'{"game": "german", "levels": ["random"], "grace": NaN}',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json() == {"error": "bad_grace", "message": "grace: Input should be a finite number"}
    for raw in (deep, '{"game": ' + deep + "}", '{"game": "german", "options": {"a": ' + deep + "}}", "[]", "7"):
        r = client.post("/api/games", content=raw.encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["message"], (raw[:40], r.text)
    assert client.post("/api/games", json={"game": "german", "options": {}, "levels": ["random"]}).status_code == 200


def test_nested_json_and_bad_types_on_the_socket_get_errors_and_the_socket_stays(client):
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    seat.wait_turn()
    seq = seat.last["seq"]
    for text, code in [("[" * 1000 + "]" * 1000, "bad_json"),
                       (json.dumps({"type": "act", "action": "QH", "seq": [[[[1]]]]}), "bad_message"),
                       (json.dumps({"type": "act", "action": "QH", "seq": True}), "bad_message"),
                       (json.dumps({"type": "act", "action": "QH", "extra": 1}), "bad_message"),
                       (json.dumps({"type": "hello", "token": g["token"]}), "bad_message"),
                       (json.dumps({"type": ["act"]}), "bad_message")]:
        seat.send(text)
        m = seat.recv()
        assert m["type"] == "error" and m["code"] == code, (text[:40], m)
    assert n_stored(client, g["id"]) == seq
    seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seq})
    assert seat.recv()["type"] == "play"
    seat.close()


def test_binary_frames_close_the_socket_with_1003(client):
    import pytest
    from starlette.websockets import WebSocketDisconnect

    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    seat.ws.send_bytes(b'{"type": "ping"}')
    m = seat.recv()
    assert m["type"] == "error" and m["code"] == "bad_message"
    with pytest.raises(WebSocketDisconnect) as closed:
        seat.ws.receive_text()
    assert closed.value.code == 1003
    seat.close()
    with client.websocket_connect(f"/ws/{g['id']}") as ws:  # as the first message, before hello
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1003
    deep = '{"type": "hello", "token": ' + "[" * 1000 + "]" * 1000 + "}"
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        ws.send_text(deep)
        assert json.loads(ws.receive_text())["code"] == "auth"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4401


def test_http_rate_limit_per_address(db_path):
    from starlette.testclient import TestClient

    from whistdrive.web.app import Settings, create_app

    settings = Settings(database_url=f"sqlite:///{db_path}", allowed_hosts=["testserver"], bot_pool="thread",
                        http_rate=0.01, http_burst=3)
    app = create_app(settings)
    with TestClient(app, client=("127.0.0.2", 1000)) as a, TestClient(app, client=("127.0.0.3", 1000)) as b:
        codes = [a.get("/api/meta").status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        r = a.get("/api/games", headers={"Accept-Language": "ru"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert "подождите" in r.json()["message"] and int(r.headers["retry-after"]) >= 1
        page = a.get("/", headers={"Accept-Language": "en"})
        assert page.status_code == 429 and "wait a few seconds" in page.text
        assert b.get("/api/meta").status_code == 200  # another address has its own bucket


def test_an_owner_is_minted_only_when_a_table_is_created(db_path):
    from .conftest import make_client

    with make_client(db_path) as c:
        for path in ("/", "/rules/german", "/api/meta", "/api/games", "/table/nope"):
            r = c.get(path)
            assert "wd_owner" not in r.headers.get("set-cookie", ""), path
        assert "wd_owner" not in c.cookies
        first = c.post("/api/games", json={"game": "german", "options": {}, "levels": ["random"]})
        assert first.status_code == 200 and "wd_owner" in first.headers["set-cookie"]
        owner = c.cookies["wd_owner"]
        second = c.post("/api/games", json={"game": "german", "options": {}, "levels": ["random"]})
        assert "wd_owner" not in second.headers.get("set-cookie", "") and c.cookies["wd_owner"] == owner
        listed = {g["id"] for g in c.get("/api/games").json()["unfinished"]}
        assert listed == {first.json()["id"], second.json()["id"]}
        assert c.get(first.json()["url"]).status_code == 200
        bad = c.post("/api/games", json={"game": "poker", "options": {}, "levels": []})
        assert bad.status_code == 400
    with make_client(db_path) as fresh:  # a refused request mints nobody
        assert fresh.post("/api/games", json={"game": "poker", "options": {}, "levels": []}).status_code == 400
        assert "wd_owner" not in fresh.cookies

