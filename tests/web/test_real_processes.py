"""Two real ``whistdrive serve`` processes on one throwaway PostgreSQL, driven over HTTP and real
WebSockets: a four-person game whose people are connected to different processes plays to the
end; after ``kill -9`` of one process its people reconnect through the other, nothing is lost,
and the other process takes the computer players over."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

import whistdrive

# A generous deadline for anything a server should do at once: 2 shared cores, other tests running, and
# the first expert move of a fresh checkout compiles its numba code.
WAIT = 180.0
PERSON = {"kind": "person"}
pytestmark = pytest.mark.slow  # two real server processes, one killed: ~10-75 s a test


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One ``python -m whistdrive.web serve`` process with one bot worker."""

    def __init__(self, url: str, log: Path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(Path(whistdrive.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]))
        self.log = log.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "whistdrive.web", "serve", "--database-url", url, "--port", str(self.port),
             "--bot-pool", "process", "--bot-workers", "1", "--log-level", "warning"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + WAIT
        while True:
            assert self.proc.poll() is None, f"the server stopped: {log.read_text()}"
            try:
                if httpx.get(self.base + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the server did not answer: {log.read_text()}"
            time.sleep(0.2)

    def client(self) -> httpx.Client:
        """A browser of its own (its own wd_owner cookie)."""
        return httpx.Client(base_url=self.base, timeout=WAIT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


@pytest.fixture
def servers(postgres, tmp_path):
    url = postgres.new_database()
    started: list[Server] = []
    try:
        for n in range(2):
            started.append(Server(url, tmp_path / f"server{n}.log"))
        yield started
    finally:
        for s in started:
            s.stop()


class Seat:
    """A seat's (or the spectators') real WebSocket to one server process."""

    def __init__(self, server: Server, gid: str, token: str):
        self.stack = contextlib.ExitStack()
        self.ws = self.stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/{gid}", origin=server.base,
                                                   open_timeout=WAIT, max_size=2**20))
        self.log: list[list] = []  # every action, as the snapshot gave them and the plays since
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last = self.recv()
        assert self.last["type"] == "snapshot", self.last

    def recv(self) -> dict:
        m = json.loads(self.ws.recv(timeout=WAIT))
        if m["type"] == "snapshot":
            self.log = m["log"]
        elif m["type"] == "play":
            self.log.append([m["seat"], m["action"]])
            assert len(self.log) == m["seq"], "a move was missed or came twice"
        if m["type"] in ("snapshot", "play"):
            self.last = m
        return m

    def play(self, rng: random.Random) -> None:
        """One legal move of this seat, once it is acknowledged."""
        seq = self.last["seq"]
        self.ws.send(json.dumps({"type": "act", "action": rng.choice(self.view["legal"]), "seq": seq}))
        while self.last["seq"] <= seq:
            self.recv()

    def wait_turn(self) -> None:
        while not (self.my_turn() or self.view["over"]):
            self.recv()

    @property
    def view(self) -> dict:
        return self.last["view"]

    def my_turn(self) -> bool:
        return not self.view["over"] and self.view["current_seat"] == self.view["seat"]

    def close(self) -> None:
        self.stack.close()


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def new_table(server: Server, seats: list[dict]) -> tuple[httpx.Client, dict]:
    creator = server.client()
    r = creator.post("/api/games", json={"game": "whist", "options": {"length": "deal"}, "seats": seats})
    assert r.status_code == 200, r.text
    return creator, r.json()


def test_four_people_on_two_real_processes_play_whist_to_the_end(servers):
    a, b = servers
    creator, t = new_table(a, [PERSON] * 4)
    conns = {2: Seat(a, t["id"], token_of(t["seat_link"]))}  # the creator sits South
    for s, invite in sorted(t["invites"].items()):
        server = b if int(s) % 2 else a
        with server.client() as friend:  # joined through the process it will play on
            r = friend.post("/api/join", json={"invite": token_of(invite), "name": f"P{s}"})
            assert r.status_code == 200, r.text
            conns[int(s)] = Seat(server, t["id"], token_of(r.json()["url"]))
    watcher = Seat(b, t["id"], token_of(t["watch"]))
    everyone = [*conns.values(), watcher]
    for seat in everyone:  # the last person seated started the table
        while seat.last["status"] != "active" and seat.last["type"] != "play":
            seat.recv()
    rng, seq = random.Random(5), 0
    while not watcher.view["over"]:
        mover = next(s for s in conns.values() if s.my_turn())
        mover.ws.send(json.dumps({"type": "act", "action": rng.choice(mover.view["legal"]), "seq": seq}))
        seq += 1
        for seat in everyone:  # every move reaches the people of both processes, in order
            while seat.last["seq"] < seq:
                seat.recv()
            assert seat.last["seq"] == seq
    assert seq >= 52 and all(s.view["over"] for s in conns.values())
    assert all(s.log == watcher.log for s in everyone) and len(watcher.log) == seq
    late = Seat(a, t["id"], token_of(t["watch"]))  # and the database has them all, in that order
    assert late.log == watcher.log and late.view["over"]
    late.close()
    for seat in everyone:
        seat.close()
    creator.close()


def test_after_kill_9_the_other_process_takes_over(servers):
    """A person and a spectator on process a, which drives the three computers; a is killed with
    SIGKILL while the expert after the person thinks (0.6 s a move; the other two are random). Both reconnect through b with their tokens: every
    action so far is there, same numbers, and b's computers play the game to its end."""
    a, b = servers
    creator, t = new_table(a, [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"},
                               PERSON, {"kind": "bot", "level": "expert"}])
    person, watch = token_of(t["seat_link"]), token_of(t["watch"])
    me, watcher = Seat(a, t["id"], person), Seat(a, t["id"], watch)
    rng = random.Random(8)
    moves = 0
    while moves < 3 or me.view["current_seat"] != 3:  # a few tricks in, and the expert to play next
        me.wait_turn()
        assert not me.view["over"], "the game ended before the kill"
        me.play(rng)
        moves += 1
    seen = list(me.log)
    a.proc.send_signal(signal.SIGKILL)
    a.proc.wait(WAIT)
    killed = time.monotonic()
    me, watcher = Seat(b, t["id"], person), Seat(b, t["id"], watch)
    assert me.log[:len(seen)] == seen and me.last["seq"] == len(me.log)  # nothing lost, same numbers
    assert watcher.log[:len(seen)] == seen
    me.wait_turn()  # b's computers go on: the person's turn comes back (or the game ends)
    assert len(me.log) > len(seen)
    print(f"computers moving again {time.monotonic() - killed:.1f} s after the kill")
    while not me.view["over"]:
        me.play(rng)
        me.wait_turn()
    while watcher.last["seq"] < me.last["seq"]:
        watcher.recv()
    assert watcher.view["over"] and watcher.log == me.log and len(me.log) >= 52
    me.close()
    watcher.close()
    creator.close()
