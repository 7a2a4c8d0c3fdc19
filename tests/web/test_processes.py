"""Several server processes on one database (each TestClient app stands for one process): the
database orders the moves, the people connected to each process see every move, idle tables
leave memory and come back from the database as they were."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest

from whistdrive.web import cluster

from .conftest import OPEN_SEATS, FakeClock, Seat, advance, create, make_client
from .test_people import BOT, PERSON, as_person, join, new_table, token_of


@contextlib.contextmanager
def processes(url: str, n: int = 2, clock=None, **kw):
    """``n`` apps on one database (``clock``: a class, each app gets its own); the sockets a failing
    test left open are closed first, so the failure is reported instead of the apps waiting on them."""
    with contextlib.ExitStack() as stack:
        apps = [stack.enter_context(make_client(url, clock and clock(), **kw)) for _ in range(n)]
        try:
            yield apps
        finally:
            while OPEN_SEATS:
                try:
                    OPEN_SEATS.pop().close()
                except Exception:  # already closed by the server
                    pass


def next_error(seat: Seat) -> dict:
    m = seat.recv()
    while m["type"] != "error":
        m = seat.recv()
    return m


def test_a_move_another_process_stored_first_is_stale(database_url):
    """The same seat through two processes, both sending move seq: one is played, the other gets
    "stale" and a snapshot with the winner's move. (Two people, no computer: nobody else moves.)"""
    with processes(database_url) as (a, b):
        a.get("/")
        t = new_table(a, "german", [PERSON, PERSON])
        links = {0: token_of(t["seat_link"])}
        as_person(a)
        links[1] = token_of(join(a, t["invites"]["1"], "Bo")["url"])
        here = {s: Seat(a, t["id"], link) for s, link in links.items()}
        there = {s: Seat(b, t["id"], link) for s, link in links.items()}
        for seat in [*here.values(), *there.values()]:
            while seat.last["status"] != "active":
                seat.recv()
        seat = next(s for s, conn in here.items() if conn.my_turn())
        seq, legal = here[seat].last["seq"], here[seat].view["legal"]
        here[seat].send({"type": "act", "action": legal[0], "seq": seq})
        while here[seat].last["seq"] == seq:  # presence messages ("players") may come first
            assert here[seat].recv()["type"] in ("play", "players")
        assert here[seat].last["type"] == "play"
        there[seat].send({"type": "act", "action": legal[-1], "seq": seq})
        assert next_error(there[seat])["code"] == "stale"
        snap = there[seat].recv()
        while snap["type"] != "snapshot":
            snap = there[seat].recv()
        assert snap["seq"] == seq + 1 and snap["log"][seq] == [seat, legal[0]]
        assert a.app.state.store.load(t["id"]).actions == [tuple(x) for x in snap["log"]]


def test_four_people_on_two_processes_play_whist_to_the_end(postgres):
    """Every move, made through either process, reaches the people connected to the other one."""
    url = postgres.new_database()
    rng = random.Random(3)
    with processes(url) as (a, b):
        a.get("/")
        t = new_table(a, "whist", [PERSON] * 4, {"length": "deal"})
        human = t["live"].row.human_seat
        conns = {human: Seat(a, t["id"], token_of(t["seat_link"]))}
        for s, invite in sorted(t["invites"].items()):
            client = b if int(s) % 2 else a
            as_person(client)
            conns[int(s)] = Seat(client, t["id"], token_of(join(client, invite, f"P{s}")["url"]))
        watcher = Seat(b, t["id"], token_of(t["watch"]))
        everyone = [*conns.values(), watcher]
        seq = 0
        for seat in everyone:  # the table started when the last person joined (through process b)
            while not (seat.last["type"] == "snapshot" and seat.last["status"] == "active"
                       or seat.last["type"] == "play"):
                seat.recv()
        while not watcher.view["over"]:
            mover = next(s for s in conns.values() if s.my_turn())
            mover.send({"type": "act", "action": rng.choice(mover.view["legal"]), "seq": seq})
            seq += 1
            for seat in everyone:
                while seat.last["seq"] < seq:
                    seat.recv()
                assert seat.last["seq"] == seq
        assert all(s.view["over"] for s in conns.values()) and seq >= 52
        assert len(a.app.state.store.load(t["id"]).actions) == seq
        for seat in everyone:
            seat.close()


def wait_for(check, seconds: float = 10.0) -> bool:
    """Whether ``check()`` came true within a generous deadline (news from another process is asynchronous)."""
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    return check()


def test_invitations_work_through_every_process(postgres):
    """A table made through one process: its creator's links asked through the other, and its
    invitations used through either, each seat once; the last person seated starts the table on both."""
    with processes(postgres.new_database()) as (a, b):
        a.get("/")
        t = new_table(a, "whist", [PERSON, PERSON, PERSON, BOT], {"length": "deal"})
        creator = a.cookies["wd_owner"]
        assert b.get(t["watch"]).status_code == 200  # b holds the table in memory too
        as_person(b, creator)
        there = b.get(f"/api/games/{t['id']}/links").json()["invites"]
        assert set(there) == {"0", "1"} and there["0"] != t["invites"]["0"]  # b cannot read a's links back
        as_person(b)
        assert join(b, t["invites"]["0"], "Ann")["seat"] == 0  # a's link, through b
        as_person(a)
        r = a.post("/api/join", json={"invite": token_of(there["0"]), "name": "Eve"})
        assert r.json()["error"] == "bad_invite"  # the seat's other link died with it
        assert join(a, there["1"], "Bo")["seat"] == 1  # b's link, through a
        r = b.post("/api/join", json={"invite": token_of(t["invites"]["1"]), "name": "Eve"})
        assert r.json()["error"] == "bad_invite"
        row = a.app.state.store.load(t["id"])
        assert row.status == "active" and [s["kind"] for s in row.seats] == ["human", "human", "human", "bot"]
        assert {s: p["name"] for s, p in row.places.items() if s in (0, 1)} == {0: "Ann", 1: "Bo"}
        assert wait_for(lambda: b.app.state.tables.live[t["id"]].row.status == "active")
        assert a.app.state.tables.live[t["id"]].row.seats == row.seats == b.app.state.tables.live[t["id"]].row.seats


def test_starting_early_through_another_process_keeps_who_joined(postgres):
    """The creator starts the table through a process that has not heard yet of the person who
    just joined through the other: that person keeps the seat, only the open one goes to a computer."""
    with processes(postgres.new_database()) as (a, b):
        a.get("/")
        t = new_table(a, "whist", [PERSON, PERSON, PERSON, BOT], {"length": "deal"})
        creator = a.cookies["wd_owner"]
        assert b.get(t["watch"]).status_code == 200
        as_person(a)
        join(a, t["invites"]["0"], "Ann")
        as_person(b, creator)
        assert b.post(f"/api/games/{t['id']}/start").json() == {"ok": True}
        row = b.app.state.store.load(t["id"])
        assert [s["kind"] for s in row.seats] == ["human", "bot", "human", "bot"]
        assert row.places[0]["state"] == "taken" and row.places[1]["state"] == "bot"
        assert b.app.state.tables.live[t["id"]].row.seats == row.seats
        assert wait_for(lambda: a.app.state.tables.live[t["id"]].row.seats == row.seats)


def test_an_idle_table_leaves_memory_and_comes_back(database_url):
    with make_client(database_url, idle=0.2) as c:
        c.get("/")
        g = create(c, "whist", {"length": "deal"})
        seat = Seat(c, g["id"], g["token"])
        seat.wait_turn()
        view, seq = seat.view, seat.last["seq"]
        seat.close()
        tables = c.app.state.tables
        deadline = time.monotonic() + 10
        while g["id"] in tables.live and time.monotonic() < deadline:
            time.sleep(0.05)
        assert g["id"] not in tables.live
        again = Seat(c, g["id"], g["token"])
        assert again.last["seq"] == seq and again.view == view
        again.play_to_end(random.Random(1))
        again.close()


@pytest.mark.parametrize("busy", ["connected", "thinking"])
def test_a_busy_table_stays(db_path, busy):
    """A table with a connection, or whose computer is thinking, is not idle."""
    with make_client(db_path, idle=3600) as c:
        c.get("/")
        g = create(c, "german")
        tables = c.app.state.tables
        tables.idle = 0.0  # every table is old enough; only being busy keeps it
        live = tables.live[g["id"]]
        seat = Seat(c, g["id"], g["token"])
        seat.wait_turn()
        if busy == "thinking":
            seat.close()
            live.bot_task = c.portal.call(_forever)
        assert tables.idle_tables() == []
        if busy == "connected":
            seat.close()
        else:
            c.portal.call(_cancel, live.bot_task)
        deadline = time.monotonic() + 10
        while not tables.idle_tables() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert tables.idle_tables() == [g["id"]]


async def _forever():
    return asyncio.create_task(asyncio.sleep(3600))


async def _cancel(task):
    task.cancel()


def counting(client) -> list:
    """The bot moves this process's computers compute (the pool's calls), recorded as they start."""
    calls: list = []
    pool = client.app.state.tables.pool
    choose = pool.choose

    async def counted(*args, **kwargs):
        calls.append(args[2]["current_seat"])
        return await choose(*args, **kwargs)

    pool.choose = counted
    return calls


def test_one_process_drives_a_tables_computers(postgres, monkeypatch):
    """The person plays through one process, a spectator watches through the other: every computer
    move is thought about once, by whichever process holds the table's lease."""
    # A lease long enough that a heartbeat delayed by a busy machine cannot let it lapse mid-move
    # (a lapsed lease is taken over on purpose: see the next test).
    monkeypatch.setattr(cluster, "LEASE", 30.0)
    with processes(postgres.new_database()) as (a, b):
        a.get("/")
        calls_a, calls_b = counting(a), counting(b)
        g = create(a, "german", {"deals": 1})
        watch = a.app.state.tables.live[g["id"]].row.places[-1]["token"]
        person, watcher = Seat(a, g["id"], g["token"]), Seat(b, g["id"], watch)
        person.play_to_end(random.Random(4))
        while not watcher.view["over"]:
            watcher.recv()
        computer_moves = [s for s, _ in a.app.state.store.load(g["id"]).actions if s == 1]
        assert len(calls_a) + len(calls_b) == len(computer_moves)
        person.close()
        watcher.close()


def computer_to_move_forever(a):
    """A German Whist table on process ``a`` played by its person until its computer is to move, the
    computer thinking for ever there: the table and the person's connection."""
    a.get("/")
    g = create(a, "german", {"deals": 1})

    async def thinking_forever(*args, **kwargs):
        await asyncio.sleep(3600)

    person = Seat(a, g["id"], g["token"])
    person.wait_turn()
    a.app.state.tables.pool.choose = thinking_forever
    while person.my_turn():  # until the computer is to play (and thinks in process a)
        person.send({"type": "act", "action": person.view["legal"][0], "seq": person.last["seq"]})
        person.recv()
    return g, person


def test_another_process_takes_over_when_the_driver_dies(postgres):
    """The process whose computer is thinking dies (no lease given back): within 5 s another process
    finds the table, its computer plays, and the person goes on through that process."""
    url = postgres.new_database()
    with processes(url, 1) as (b,):
        with processes(url, 1) as (a,):
            g, person = computer_to_move_forever(a)
            tables_a, seq = a.app.state.tables, person.last["seq"]
            deadline = time.monotonic() + 5
            while not tables_a.live[g["id"]].bot_task or tables_a.live[g["id"]].bot_task.done():
                assert time.monotonic() < deadline
                time.sleep(0.05)
            person.close()
            a.app.state.store.keep_leases = lambda *args: None  # dead: it renews nothing, gives back nothing
            died = time.monotonic()
        while len(b.app.state.store.load(g["id"]).actions) == seq:
            assert time.monotonic() - died < 5.0, "no process took the table over within 5 s"
            time.sleep(0.05)
        print(f"taken over in {time.monotonic() - died:.2f} s")
        assert g["id"] in b.app.state.tables.live
        person = Seat(b, g["id"], g["token"])  # the browser reconnects through the other process
        assert person.last["seq"] > seq
        person.play_to_end(random.Random(5))
        assert person.view["over"]
        person.close()


def test_a_clean_stop_hands_a_table_whose_computer_is_to_move_to_another_process(postgres):
    """A process stops normally while its computer thinks, and no other process holds the table: the
    lease it gives back runs out at once, so another process loads the table and its computer plays
    (a lease merely cleared would leave the table waiting until its person came back)."""
    url = postgres.new_database()
    with processes(url, 1) as (b,):
        with processes(url, 1) as (a,):
            g, person = computer_to_move_forever(a)
            seq = person.last["seq"]
            person.close()
            assert g["id"] not in b.app.state.tables.live
        assert wait_for(lambda: len(b.app.state.store.load(g["id"]).actions) > seq, 30.0), \
            "no process took the table over"
        assert g["id"] in b.app.state.tables.live


@pytest.mark.slow  # waits out a grace time: ~12 s
def test_a_person_connected_to_another_process_is_not_away(postgres):
    """Each process knows who is connected to the others: nobody stands in for a person connected
    elsewhere, and when that person goes, the computer stands in after the grace time everywhere."""
    with processes(postgres.new_database(), clock=FakeClock) as (a, b):
        a.get("/")
        t = new_table(a, "german", [PERSON, PERSON], grace=5)
        first = Seat(a, t["id"], token_of(t["seat_link"]))
        as_person(b)
        second = Seat(b, t["id"], token_of(join(b, t["invites"]["1"], "Bo")["url"]))
        live_a, live_b = a.app.state.tables.live[t["id"]], b.app.state.tables.live[t["id"]]
        assert wait_for(lambda: a.app.state.tables.seats.present(live_a) == b.app.state.tables.seats.present(live_b) == {0, 1})
        for client in (a, b):
            advance(client, 7)  # longer than the grace time
        for client, live in ((a, live_a), (b, live_b)):
            assert [p["state"] for p in client.app.state.tables.seats.players(live)] == ["here", "here"]
            assert live.standin == {}
        second.close()
        assert wait_for(lambda: 1 in live_a.away)  # process a heard that the person went
        advance(a, 4.9)
        assert 1 not in live_a.standin
        advance(a, 0.2)
        assert 1 in live_a.standin and 0 not in live_a.standin
        first.play_to_end(random.Random(6))  # the computer plays for the person who went
        assert first.view["over"]
        first.close()


def test_the_listener_catches_up_as_soon_as_it_listens(postgres):
    """A change announced before a process listens (its tables are loaded at start-up, the listening
    connection comes up a little later) is made up for: on listening, every table here catches up."""
    from whistdrive.web import bus

    calls: list[tuple] = []

    async def changed(sender, game_id, here):
        calls.append((sender, game_id, here))

    async def listen_a_while():
        task = asyncio.create_task(bus.listen(postgres.new_database(), "this-process", changed))
        deadline = time.monotonic() + 20
        while not calls and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    asyncio.run(listen_a_while())
    assert calls[:1] == [("", None, None)]


def test_a_person_arriving_does_not_make_a_thinking_computer_start_again(db_path):
    """A second connection of the person (another tab, a reconnection) while a computer thinks: the
    thought is kept. (Each arrival used to throw it away, as if a stand-in had been thinking for the
    person, so under load a computer thought twice about one move.)"""
    import threading

    with processes(f"sqlite:///{db_path}", 1) as (c,):
        c.get("/")
        g = create(c, "german", {"deals": 1})
        person = Seat(c, g["id"], g["token"])
        person.wait_turn()
        pool = c.app.state.tables.pool
        choose, calls, arrived = pool.choose, [], threading.Event()

        async def slow(*args, **kwargs):
            calls.append((len(args[2]["tricks"]), len(args[2]["trick"])))  # the position thought about
            while not arrived.is_set():
                await asyncio.sleep(0.01)
            return await choose(*args, **kwargs)

        pool.choose = slow
        while person.my_turn():  # the person plays until the computer is to play
            person.send({"type": "act", "action": person.view["legal"][0], "seq": person.last["seq"]})
            person.recv()
        assert wait_for(lambda: calls)  # it thinks
        seq = person.last["seq"]
        again = Seat(c, g["id"], g["token"])
        arrived.set()
        while person.last["seq"] == seq:  # the computer's card
            person.recv()
        assert calls.count(calls[0]) == 1
        again.close()
        person.close()
