"""Tables for several people: invitations, seat tokens, spectators, presence, statistics, limits."""

from __future__ import annotations

import json
import random
import secrets
import time

import pytest
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from whistdrive import new_game
from whistdrive.cards import DECK
from whistdrive.web.store import invitations_table

from .conftest import FakeClock, Seat, advance, make_client
from .test_no_leaks import hidden_cards, strings


def as_person(client, cookie: str | None = None) -> str:
    """Switch the client's cookie jar to another person (a fresh one when ``cookie`` is None)."""
    client.cookies.clear()
    cookie = cookie or secrets.token_hex(16)  # a browser's secret, as the server mints it on a first table
    client.cookies.set("wd_owner", cookie)
    return cookie


def new_table(client, game, seats, options=None, **extra) -> dict:
    r = client.post("/api/games", json={"game": game, "options": options or {}, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    out = r.json()
    out["live"] = client.app.state.tables.live[out["id"]]
    return out


def join(client, invite_url: str, name: str) -> dict:
    page = client.get(invite_url)
    assert page.status_code == 200, page.text
    r = client.post("/api/join", json={"invite": invite_url.rsplit("/", 1)[1], "name": name})
    assert r.status_code == 200, r.text
    return r.json()


def error_of(seat: Seat) -> str:
    """The code of the next error the seat receives (presence and play messages pass by)."""
    m = seat.recv()
    while m["type"] != "error":
        m = seat.recv()
    return m["code"]


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


PERSON, BOT = {"kind": "person"}, {"kind": "bot", "level": "random"}
OPEN: list[Seat] = []


class Conn(Seat):
    """A seat's WebSocket, closed at the end of the test (an open one would keep the server running)."""

    def __init__(self, client, gid, token):
        super().__init__(client, gid, token)
        OPEN.append(self)

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
            super().close()


def close_all() -> None:
    while OPEN:
        OPEN[-1].close()


@pytest.fixture(autouse=True)
def _close_connections(request):
    yield
    close_all()


@pytest.fixture
def client(client):  # the shared fixture, with this module's connections closed before it stops
    yield client
    close_all()


def spectator_hidden(game) -> set[str]:
    """Everything a spectator may not know: every hand but the face-up cards, and the stock below the prize."""
    hidden = {str(c) for s in range(game.num_seats) for c in game.hand(s)}
    if game.name == "german":
        hidden -= {str(DECK[c]) for s in (0, 1) for c in game.prizes[s]}
        hidden |= {str(DECK[c]) for c in game.stock[1:]}
    elif game.name == "whist" and game.turned_up_showing:
        hidden.discard(str(DECK[game.turned_up]))
    return hidden


def drive(client, live, seats: dict[int, Seat], rng: random.Random, limit_s: float = 120) -> None:
    """Play a table to its end: each person's seat plays a random legal card when its turn comes."""
    deadline = time.monotonic() + limit_s
    while not live.game.is_over:
        assert time.monotonic() < deadline, ("the game did not end", len(live.game.actions), live.standin)
        cur = live.game.current_seat
        if cur in seats and cur not in live.standin:
            s, n = seats[cur], len(live.game.actions)
            while s.last["seq"] < n:  # catch up with the table (other seats' messages wait in their queues)
                s.recv()
            if not s.my_turn():
                continue
            s.send({"type": "act", "action": rng.choice(s.view["legal"]), "seq": s.last["seq"]})
            s.recv()
        else:
            time.sleep(0.005)
    for s in seats.values():
        while not s.view["over"]:
            s.recv()


def check_no_leak(live, messages: list[dict], hidden_of) -> None:
    replay = new_game(live.row.game, live.row.options, chance=live.game.chance.log)
    hidden = [hidden_of(replay)]
    for s, a in live.game.actions:
        replay.apply(a, seat=s)
        hidden.append(hidden_of(replay))
    assert any(hidden)
    checked = 0
    for m in messages:
        assert "seed" not in m and "chance" not in m
        if "seq" not in m:
            continue
        rest = {k: v for k, v in m.items() if k not in ("action", "log")}
        leaked = {s for s in strings(rest) if s in hidden[m["seq"]]}
        assert not leaked, (m["type"], m["seq"], leaked)
        checked += 1
    assert checked > 10


def test_whist_two_partners_against_two_computers(client):
    # the creator sits South (seat 2); North (seat 0), the partner, is a person; East and West computers
    t = new_table(client, "whist", [PERSON, BOT, PERSON, BOT], {"length": "deal"})
    creator = client.cookies["wd_owner"]
    live = t["live"]
    assert live.row.status == "open" and set(t["invites"]) == {"0"} and t["watch"].startswith("/watch/")
    south = Conn(client, t["id"], token_of(t["seat_link"]))
    assert south.last["status"] == "open" and south.last["human_seat"] == 2
    south.send({"type": "act", "action": south.view["hand"][0]})
    assert error_of(south) in ("not_started", "not_your_turn")
    friend = as_person(client)
    j = join(client, t["invites"]["0"], "Ann <b>")
    assert j["seat"] == 0 and live.row.status == "active"
    # the invitation was for one use
    again = client.post("/api/join", json={"invite": token_of(t["invites"]["0"]), "name": "Eve"})
    assert again.status_code == 400 and again.json()["error"] == "bad_invite"
    assert client.get(t["invites"]["0"]).status_code == 404
    north = Conn(client, t["id"], token_of(j["url"]))
    assert north.last["human_seat"] == 0 and north.last["players"][0]["name"] == "Ann <b>"
    watcher = Conn(client, t["id"], token_of(t["watch"]))
    assert watcher.last["spectator"] and watcher.view["hand"] == [] and watcher.view["legal"] == []
    drive(client, live, {2: south, 0: north}, random.Random(3))
    while not watcher.view["over"]:
        watcher.recv()
    for seat, s in ((2, south), (0, north)):
        check_no_leak(live, s.messages, lambda g, seat=seat: hidden_cards(g, seat))
    check_no_leak(live, watcher.messages, spectator_hidden)
    winners = live.game.outcome().winners
    for cookie, seat in ((creator, 2), (friend, 0)):
        as_person(client, cookie)
        stats = client.get("/api/games").json()["stats"]
        assert stats == [{"game": "whist", "levels": "random", "played": 1, "won": int(seat in winners), "undo": 0}]
    assert (2 in winners) == (0 in winners)  # partners win together


@pytest.mark.parametrize("game,seats,options", [
    ("german", [PERSON, PERSON], {}),
    ("knockout", [PERSON, PERSON, BOT, PERSON, BOT], {"players": 5}),
])
def test_people_against_each_other_see_only_their_own_cards(client, game, seats, options):
    t = new_table(client, game, seats, options)
    live = t["live"]
    conns = {0: Conn(client, t["id"], token_of(t["seat_link"]))}
    for s, url in t["invites"].items():
        as_person(client)
        conns[int(s)] = Conn(client, t["id"], token_of(join(client, url, f"P{s}")["url"]))
    assert live.row.status == "active"
    drive(client, live, conns, random.Random(5))
    for seat, s in conns.items():
        check_no_leak(live, s.messages, lambda g, seat=seat: hidden_cards(g, seat))


@pytest.mark.timeout(60)  # a missing refusal or close would leave a read waiting: fail soon
def test_a_seat_acts_only_for_itself(client):
    t = new_table(client, "german", [PERSON, PERSON])
    as_person(client)
    j = join(client, t["invites"]["1"], "Bo")
    live = t["live"]
    me = Conn(client, t["id"], token_of(t["seat_link"]))
    bo = Conn(client, t["id"], token_of(j["url"]))
    watcher = Conn(client, t["id"], token_of(t["watch"]))
    before = list(live.game.actions)
    cur = live.game.current_seat
    other = bo if cur == 0 else me
    legal = str(live.game.legal_actions()[0])
    other.send({"type": "act", "action": legal, "seat": cur})
    assert error_of(other) == "wrong_seat"
    other.send({"type": "act", "action": legal})
    assert error_of(other) == "not_your_turn"
    for kind in ("act", "hint", "undo", "leave"):
        watcher.send({"type": kind, "action": "AS"} if kind == "act" else {"type": kind})
        assert error_of(watcher) == "spectator"
    me.send({"type": "undo"})
    assert error_of(me) == "no_undo"
    (me if cur == 0 else bo).send({"type": "hint"})  # on one's own turn: the expert plays for nobody here
    assert error_of(me if cur == 0 else bo) == "no_hint_shared"
    assert live.game.actions == before  # nothing was played by the wrong seat, the spectator or an undo
    # unknown, computer and used tokens never authenticate
    for bad in ("x" * 32, live.row.places[-1]["token"] + "A", ""):
        with client.websocket_connect(f"/ws/{t['id']}") as s:
            s.send_text(json.dumps({"type": "hello", "token": bad}))
            assert json.loads(s.receive_text())["code"] == "auth"


def test_invitations_expire_and_die_when_the_table_starts_early(client):
    t = new_table(client, "whist", [PERSON, PERSON, PERSON, BOT], {"length": "deal"})
    creator = client.cookies["wd_owner"]
    live = t["live"]
    page = client.get(t["invites"]["1"])  # the join page names the game
    assert page.status_code == 200 and 'data-game-title="Whist"' in page.text
    with client.app.state.store.engine.begin() as c:
        c.execute(update(invitations_table).where(invitations_table.c.game_id == t["id"],
                                                  invitations_table.c.seat == 1).values(expires=time.time() - 1))
    as_person(client)
    page = client.get(t["invites"]["1"])  # an expired invitation says so before a name is typed
    assert page.status_code == 404 and "has expired" in page.text
    r = client.post("/api/join", json={"invite": token_of(t["invites"]["1"]), "name": "Late"})
    assert r.json()["error"] == "invite_expired" and live.row.places[1]["state"] == "open"
    assert client.post(f"/api/games/{t['id']}/start").status_code == 404  # only the creator starts
    as_person(client, creator)
    assert client.post(f"/api/games/{t['id']}/start").json() == {"ok": True}
    assert live.row.status == "active"
    assert [s["kind"] for s in live.row.seats] == ["bot", "bot", "human", "bot"]
    assert live.row.seats[0]["level"] == "intermediate"  # the default stand-in
    as_person(client)
    r = client.post("/api/join", json={"invite": token_of(t["invites"]["0"]), "name": "Too late"})
    assert r.json()["error"] == "bad_invite"
    assert client.post("/api/join", json={"invite": "short", "name": "x"}).json()["error"] == "bad_invite"
    for name in (" \n", "x" * 25, "x" * 500, 7):  # too short, too long (past the schema's cap too), not text
        r = client.post("/api/join", json={"invite": token_of(t["invites"]["0"]), "name": name})
        assert (r.status_code, r.json()) == (400, {"error": "bad_name", "message": "a name of 1 to 24 characters"})


def test_away_person_is_replaced_and_comes_back(db_path):
    with make_client(db_path, FakeClock(), grace=30) as client:
        client.get("/")
        t = new_table(client, "german", [PERSON, PERSON])
        as_person(client)
        j = join(client, t["invites"]["1"], "Cy")
        live = t["live"]
        me = Conn(client, t["id"], token_of(t["seat_link"]))
        cy = Conn(client, t["id"], token_of(j["url"]))
        cy.close()
        m = me.recv()
        while m["type"] != "players" or m["players"][1]["state"] != "away":
            m = me.recv()
        rng = random.Random(1)
        advance(client, 29.9)
        assert 1 not in live.standin  # not before the grace time
        # the computer takes seat 1 after the grace time; seat 0 plays on and is never stuck
        advance(client, 0.2)
        assert live.standin == {1: "intermediate"}
        played_by_standin = len([s for s, _ in live.game.actions if s == 1])
        for _ in range(6):
            me.wait_turn()
            me.send({"type": "act", "action": rng.choice(me.view["legal"]), "seq": me.last["seq"]})
            me.recv()
        me.wait_turn()
        assert len([s for s, _ in live.game.actions if s == 1]) > played_by_standin
        cy = Conn(client, t["id"], token_of(j["url"]))  # back with the seat's link
        assert 1 not in live.standin and cy.last["players"][1]["state"] == "here"
        drive(client, live, {0: me, 1: cy}, rng)
        assert live.row.status == "finished"
        close_all()
        # the game is Cy's too (the client's cookie is Cy's): its record, replay and analysis, from Cy's seat
        assert client.get(f"/api/games/{t['id']}/record").status_code == 200
        replay = client.get(f"/api/games/{t['id']}/replay").json()
        assert replay["human_seat"] == 1 and replay["frames"][0]["view"]["seat"] == 1
        assert client.get(f"/replay/{t['id']}").status_code == 200
        assert client.get(f"/api/games/{t['id']}/analysis/0").status_code == 200
        [mine] = client.get("/api/games").json()["finished"]
        assert mine["id"] == t["id"] and not mine["mine"]
        as_person(client)  # a stranger still gets nothing
        assert client.get(f"/api/games/{t['id']}/record").status_code == 404
        assert client.get(f"/api/games/{t['id']}/replay").status_code == 404


@pytest.mark.timeout(60)  # a missing refusal or close would leave a read waiting: fail soon
def test_leaving_for_good_keeps_the_seat_with_the_computer(db_path):
    with make_client(db_path, grace=30) as client:
        client.get("/")
        t = new_table(client, "knockout", [PERSON, PERSON], {"players": 2})
        as_person(client)
        j = join(client, t["invites"]["1"], "Di")
        live = t["live"]
        me = Conn(client, t["id"], token_of(t["seat_link"]))
        di = Conn(client, t["id"], token_of(j["url"]))
        di.send({"type": "leave"})
        while live.row.places[1]["state"] != "left":
            time.sleep(0.01)
        assert live.standin[1] == "intermediate"
        assert t["id"] not in [g["id"] for g in client.get("/api/games").json()["unfinished"]]  # not Di's to resume
        with client.websocket_connect(f"/ws/{t['id']}") as s:
            s.send_text(json.dumps({"type": "hello", "token": token_of(j["url"])}))
            assert json.loads(s.receive_text())["code"] == "auth"  # the link no longer takes the seat
        drive(client, live, {0: me}, random.Random(2))
        # the leaver's open page was shut, and saw none of the hands the computer played for the seat
        with pytest.raises(WebSocketDisconnect) as shut:
            while True:
                assert di.recv()["type"] not in ("play", "snapshot")
        assert shut.value.code == 4403
        di.close()
        assert client.app.state.store.load(t["id"]).places[1]["state"] == "left"
        close_all()


def test_limits_on_tables_per_person_and_address(db_path):
    from whistdrive.web.tables import Limits

    with make_client(db_path, limits=Limits(per_person=3, per_address=5)) as client:
        client.get("/")
        body = {"game": "german", "options": {}, "levels": ["random"]}
        for _ in range(3):
            assert client.post("/api/games", json=body).status_code == 200
        r = client.post("/api/games", json=body)
        assert r.status_code == 429 and r.json()["error"] == "too_many_tables" and "abandon" in r.json()["message"]
        as_person(client)  # a new cookie from the same address
        for _ in range(2):
            assert client.post("/api/games", json=body).status_code == 200
        r = client.post("/api/games", json=body)
        assert r.status_code == 429 and "address" in r.json()["message"]
        assert len(client.app.state.tables.live) == 5


def test_seat_links_and_pages(client):
    t = new_table(client, "german", [PERSON, PERSON])
    creator = client.cookies["wd_owner"]
    assert client.get(f"/table/{t['id']}").status_code == 200
    assert client.get(t["watch"]).status_code == 200
    assert client.get(t["seat_link"]).status_code == 200
    assert client.get("/watch/" + token_of(t["seat_link"])).status_code == 404  # a seat link is not a spectator's
    assert client.get("/seat/" + token_of(t["watch"])).status_code == 404
    as_person(client)
    assert client.get(f"/table/{t['id']}").status_code == 404  # not this person's table
    assert client.get(f"/api/games/{t['id']}/links").status_code == 404
    as_person(client, creator)
    links = client.get(f"/api/games/{t['id']}/links").json()
    assert links["invites"] == t["invites"]
    listing = client.get("/api/games").json()
    assert listing["unfinished"][0]["status"] == "open"


def test_old_database_opens_and_resumes(tmp_path):
    """A database written by the single-person server (no places, no new columns) still opens."""
    import sqlalchemy as sa

    db = tmp_path / "old.db"
    eng = sa.create_engine(f"sqlite:///{db}")
    g = new_game("german", {}, seed=99)
    with eng.begin() as c:
        c.execute(sa.text(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, owner VARCHAR(64) NOT NULL, game VARCHAR(16) NOT NULL,"
            " options TEXT NOT NULL, seats TEXT NOT NULL, human_seat INTEGER NOT NULL, token VARCHAR(64) NOT NULL,"
            " seed VARCHAR(32) NOT NULL, chance TEXT NOT NULL, status VARCHAR(16) NOT NULL, result TEXT,"
            " human_won INTEGER, levels VARCHAR(64) NOT NULL, undos INTEGER NOT NULL, n_actions INTEGER NOT NULL,"
            " created FLOAT NOT NULL, updated FLOAT NOT NULL)"))
        c.execute(sa.text("CREATE TABLE actions (game_id VARCHAR(32), seq INTEGER, seat INTEGER NOT NULL,"
                          " action VARCHAR(8) NOT NULL, PRIMARY KEY (game_id, seq))"))
        c.execute(sa.text("INSERT INTO games VALUES ('abc123', :owner, 'german', :opt, :seats, 0, :tok, '99', :ch,"
                          " 'active', NULL, NULL, 'random', 0, 0, 0, 0)"),
                  {"owner": "o" * 32, "opt": json.dumps(g.options.to_dict()),
                   "seats": json.dumps([{"kind": "human"}, {"kind": "bot", "level": "random"}]),
                   "tok": "T" * 32, "ch": json.dumps(g.chance.log)})
    eng.dispose()
    with make_client(db) as client:
        client.cookies.set("wd_owner", "o" * 32)
        assert client.get("/table/abc123").status_code == 200
        seat = Conn(client, "abc123", "T" * 32)
        assert seat.view["hand"] == [str(c) for c in sorted(g.hand(0))]
        seat.play_to_end(random.Random(1))
        assert client.get("/api/games").json()["stats"][0]["played"] == 1
        close_all()
