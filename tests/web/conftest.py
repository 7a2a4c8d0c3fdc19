"""Server-level fixtures: the app on a temporary SQLite file (or a PostgreSQL database), driven by
Starlette's TestClient."""

from __future__ import annotations

import json
import random
import warnings

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)

from fastapi.testclient import TestClient  # noqa: E402

from whistdrive.web.app import Settings, create_app  # noqa: E402
from whistdrive.web.clock import FakeClock  # noqa: E402, F401  (the tests of time import it from here)

from .pg import Server  # noqa: E402


def make_client(db, clock=None, **kw) -> TestClient:
    """The app on ``db``: a SQLite file's path, or a database URL; ``clock`` a :class:`FakeClock`
    for tests of time (:func:`advance`)."""
    kw.setdefault("rate", 1000.0)  # the test client plays far faster than a person
    kw.setdefault("burst", 1000.0)
    kw.setdefault("bot_pool", "thread")
    settings = Settings(database_url=db if isinstance(db, str) else f"sqlite:///{db}", allowed_hosts=["testserver"],
                        bot_workers=2, **kw)
    return TestClient(create_app(settings, clock))


def advance(client, seconds: float) -> None:
    """Move the app's fake clock on by ``seconds``, running every timer due on the way."""
    client.portal.call(client.app.state.clock.advance, seconds)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for this test process (each xdist worker has its own), stopped at the end."""
    server = Server()
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """An empty database of each engine whistdrive supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return request.getfixturevalue("postgres").new_database()


# Sockets a failing test left open: closed at teardown, or the client's exit would wait on them for ever
# (pytest-timeout stops its timer when a test fails, so no timeout ends that wait).
OPEN_SEATS: list = []


def serving(db):
    """A running app on ``db`` for a fixture to yield from."""
    with make_client(db) as c:
        c.get("/")  # the lobby; the owner cookie comes with the first table created
        yield c
        while OPEN_SEATS:
            try:
                OPEN_SEATS.pop().close()
            except Exception:  # already closed by the server
                pass


@pytest.fixture
def client(db_path):
    yield from serving(db_path)


def create(client, game="german", options=None, levels=None) -> dict:
    meta = client.get("/api/meta").json()
    if levels is None:
        from whistdrive import new_game

        n = new_game(game, options, seed=0).num_seats - 1  # one level for each computer seat
        levels = [meta["levels"][0]] * n
    r = client.post("/api/games", json={"game": game, "options": options or {}, "levels": levels})
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    live = client.app.state.tables.live[gid]
    return {"id": gid, "token": live.row.token, "live": live}


class Seat:
    """A WebSocket client of one seat that records every message it receives."""

    def __init__(self, client, gid, token):
        self.cm = client.websocket_connect(f"/ws/{gid}")
        self.ws = self.cm.__enter__()
        OPEN_SEATS.append(self)
        self.messages: list[dict] = []
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        self.last = self.recv()
        assert self.last["type"] == "snapshot", self.last

    def recv(self) -> dict:
        m = json.loads(self.ws.receive_text())
        self.messages.append(m)
        if m["type"] in ("snapshot", "play"):
            self.last = m
        return m

    def send(self, obj) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    @property
    def view(self) -> dict:
        return self.last["view"]

    def my_turn(self) -> bool:
        v = self.view
        return not v["over"] and v["current_seat"] == v["seat"]

    def wait_turn(self) -> None:
        """Read messages until it is this seat's turn or the game is over."""
        while not (self.my_turn() or self.view["over"]):
            self.recv()

    def play_to_end(self, rng: random.Random, limit: int = 2000) -> None:
        for _ in range(limit):
            self.wait_turn()
            if self.view["over"]:
                return
            self.send({"type": "act", "action": rng.choice(self.view["legal"]), "seq": self.last["seq"]})
            self.recv()
        raise AssertionError("game did not end")

    def close(self) -> None:
        if self in OPEN_SEATS:
            OPEN_SEATS.remove(self)
        self.cm.__exit__(None, None, None)
