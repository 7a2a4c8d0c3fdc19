"""A connection that never reads cannot hold a table up, and no single address can take the site:
each connection has its own bounded outbox (closed with ``FELL_BEHIND`` when it fills), sockets and
tables in play are limited per address."""

from __future__ import annotations

import asyncio
import random

import pytest
from starlette.websockets import WebSocketDisconnect

from whistdrive.web.live import FELL_BEHIND, OUTBOX, Conn
from whistdrive.web.socket import TOO_MANY_SOCKETS
from whistdrive.web.tables import Limits

from .conftest import Seat, create, make_client


class NeverReads:
    """A socket whose peer reads nothing: every send waits for ever, as uvicorn's does on a full buffer."""

    def __init__(self):
        self.sent = 0
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def test_a_full_outbox_closes_its_connection_without_waiting():
    async def run():
        ws = NeverReads()
        conn = Conn(ws, None)
        conn.send({"type": "snapshot", "i": 0})
        await asyncio.sleep(0.01)  # the writer takes it, and stays stuck sending it
        for i in range(1, OUTBOX + 2):
            conn.send({"type": "snapshot", "i": i})  # returns at once, however stuck the socket
        await asyncio.sleep(0.01)
        return conn, ws

    conn, ws = asyncio.run(run())
    assert conn.closed and ws.closed_with == FELL_BEHIND
    assert ws.sent == 1  # the writer was stuck on the first message all along


def test_a_spectator_that_never_reads_does_not_stop_the_game(db_path):
    """With sends awaited under the table's lock, the stuck spectator froze every move of the person."""
    with make_client(db_path) as client:
        client.get("/")
        g = create(client, "german", {"deals": 3}, ["random"])
        tables, live = client.app.state.tables, g["live"]
        stuck = NeverReads()

        async def watch_without_reading():
            conn = Conn(stuck, None)
            await tables.seats.arrive(live, conn)
            return conn

        spectator = client.portal.call(watch_without_reading)
        me = Seat(client, g["id"], g["token"])
        me.play_to_end(random.Random(4))
        assert me.view["over"] and live.row.status == "finished"
        assert spectator.closed and stuck.closed_with == FELL_BEHIND
        me.close()


def test_an_address_has_a_bounded_number_of_sockets(db_path):
    with make_client(db_path, limits=Limits(sockets_per_address=2)) as client:
        client.get("/")
        g = create(client, "german", None, ["random"])
        first, second = Seat(client, g["id"], g["token"]), Seat(client, g["id"], g["token"])
        with client.websocket_connect(f"/ws/{g['id']}") as third:
            third.send_json({"type": "hello", "token": g["token"]})
            assert third.receive_json()["code"] == "too_many_sockets"
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == TOO_MANY_SOCKETS
        first.close()
        Seat(client, g["id"], g["token"]).close()  # a place freed is a place again
        second.close()


def test_one_address_holds_only_its_share_of_a_busy_site(db_path):
    """50 tables with an idle socket each used to fill the site for everybody. Now, once half the
    capacity is in play, an address past its share gets no more: the other half stays for the others."""
    with make_client(db_path, max_tables=8, limits=Limits(share_in_play=0.25)) as client:
        client.get("/")
        body = {"game": "german", "options": {}, "levels": ["random"]}
        made = [client.post("/api/games", json=body) for _ in range(4)]  # a quiet site: past the share of 2
        assert all(r.status_code == 200 for r in made)
        r = client.post("/api/games", json=body)  # half the site in play, all of it this address's
        assert r.status_code == 429 and r.json()["error"] == "too_many_tables" and "in play" in r.json()["message"]
        tables = client.app.state.tables
        assert tables.in_play("testclient") == tables.in_play() == 4 and not tables.pool.full(tables.in_play())
