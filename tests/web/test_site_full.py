"""A full site refuses a new table with 503, a stable code and a message in the reader's language;
a hint the workers have no room for is refused as busy, the table unchanged."""

from __future__ import annotations

from whistdrive.i18n import gettext_for
from whistdrive.web.scheduler import Busy
from whistdrive.web.tables import SITE_FULL

from .conftest import Seat, make_client

BODY = {"game": "german", "options": {}, "levels": ["random"]}


def test_past_max_tables_a_new_table_is_refused_clearly_in_english_and_russian(db_path):
    with make_client(db_path, max_tables=1) as c:
        first = c.post("/api/games", json=BODY)
        assert first.status_code == 200, first.text
        r = c.post("/api/games", json=BODY, headers={"Accept-Language": "en"})
        assert r.status_code == 503
        assert r.json() == {"error": "site_full", "message": SITE_FULL}
        assert int(r.headers["retry-after"]) > 0
        ru = c.post("/api/games", json=BODY, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
        assert ru.status_code == 503 and ru.json()["error"] == "site_full"
        _, _n = gettext_for("ru")
        assert ru.json()["message"] == _(SITE_FULL) != SITE_FULL
        assert "Сайт" in ru.json()["message"]
        assert len(c.app.state.tables.live) == 1  # nothing was created by the refused requests
        # a finished or abandoned table no longer counts
        assert c.post(f"/api/games/{first.json()['id']}/abandon").status_code == 200
        assert c.post("/api/games", json=BODY).status_code == 200


def test_when_the_moves_are_short_of_time_new_tables_are_refused(db_path, monkeypatch):
    with make_client(db_path) as c:
        pool = c.app.state.tables.pool
        assert c.post("/api/games", json=BODY).status_code == 200
        monkeypatch.setattr(pool.scheduler, "pressed", lambda: True)
        r = c.post("/api/games", json=BODY)
        assert r.status_code == 503 and r.json()["error"] == "site_full"


def test_the_lobby_translates_the_refusal():
    from pathlib import Path

    import whistdrive.web as web

    lobby = (Path(web.__file__).parent / "static" / "lobby.js").read_text()
    assert '"site_full"' in lobby and SITE_FULL in lobby  # the same msgid as the server's: one catalogue entry


def test_a_hint_the_workers_have_no_room_for_is_refused_as_busy(client, monkeypatch):
    from .conftest import create

    g = create(client, "german", levels=["random"])
    seat = Seat(client, g["id"], g["token"])
    try:
        seat.wait_turn()
        before = seat.last["seq"]

        async def busy(observation, key=""):
            raise Busy("the queue is full")

        monkeypatch.setattr(client.app.state.tables.pool, "hint", busy)
        seat.send({"type": "hint"})
        m = seat.recv()
        assert m["type"] == "error" and m["code"] == "busy"
        seat.send({"type": "snapshot"})
        assert seat.recv()["seq"] == before
    finally:
        seat.close()


def test_serve_refuses_a_capacity_it_cannot_have(capsys):
    from whistdrive.cli import main

    assert main(["serve", "--bot-workers", "0"]) == 2
    assert main(["serve", "--max-tables", "-1"]) == 2
    err = capsys.readouterr().err
    assert err.count("whistdrive: error:") == 2 and "--bot-workers" in err


def test_games_resumed_from_a_reused_database_do_not_fill_the_site(db_path):
    """Restarted on a database of unfinished games waiting for their people: they stay on disk (loaded
    when somebody opens them) and do not count against --max-tables; a table being played does."""
    from .conftest import create

    with make_client(db_path, max_tables=2) as c:
        c.get("/")
        old = [create(c, "german", levels=["random"]) for _ in range(2)]
        for g in old:  # each left at its person's turn
            seat = Seat(c, g["id"], g["token"])
            seat.wait_turn()
            seat.close()
    with make_client(db_path, max_tables=2) as c:
        tables = c.app.state.tables
        assert not set(tables.live) & {g["id"] for g in old} and tables.in_play() == 0
        assert c.post("/api/games", json=BODY).status_code == 200  # the old code counted both resumed games
        seat = Seat(c, old[0]["id"], old[0]["token"])  # somebody comes back to an old table: it is in play
        try:
            assert tables.in_play() == 2
            r = c.post("/api/games", json=BODY)
            assert r.status_code == 503 and r.json()["error"] == "site_full"
        finally:
            seat.close()


def test_a_resumed_game_whose_computer_is_to_move_plays_on_with_nobody_connected(db_path, monkeypatch):
    import asyncio
    import time

    from .conftest import create

    with make_client(db_path) as c:
        c.get("/")
        g = create(c, "german", levels=["random"])
        seat = Seat(c, g["id"], g["token"])
        seat.wait_turn()
        while seat.view["trick"]:  # play on until the person leads: then the computer is to answer
            seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seat.last["seq"]})
            seat.recv()
            seat.wait_turn()
        tables = c.app.state.tables

        async def thinking_forever(*args, **kwargs):
            await asyncio.sleep(3600)

        monkeypatch.setattr(tables.pool, "choose", thinking_forever)
        seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seat.last["seq"]})
        seat.recv()
        seq = seat.last["seq"]
        seat.close()
        assert tables.play.computer_to_move(tables.live[g["id"]])
    monkeypatch.undo()
    with make_client(db_path) as c:
        tables = c.app.state.tables
        assert g["id"] in tables.live  # the computer's turn: resumed, it plays on
        store = c.app.state.store
        for _ in range(2000):  # bounded: a random computer moves at once
            if len(store.load(g["id"]).actions) > seq:
                break
            time.sleep(0.01)
        assert len(store.load(g["id"]).actions) > seq
