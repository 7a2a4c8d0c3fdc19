"""No bot worker outlives its server: a real ``whistdrive serve`` whose experts are thinking is
stopped by SIGTERM (a normal stop) or killed by SIGKILL, and its worker processes are gone soon after."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
              pytest.mark.xdist_group("serve"), pytest.mark.slow]  # real servers and workers: ~20-45 s a test

SRC = str(Path(__file__).resolve().parents[2] / "src")
TABLES = 3  # Whist tables with one worker: their experts' moves queue up (a fourth is refused)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None once gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError):
        return ""


def workers_of(server: int) -> dict[int, str]:
    """The server's multiprocessing children (bot workers and their helpers): pid -> start time."""
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = stat(int(entry))
            if fields and int(fields[1]) == server and "multiprocessing" in cmdline(int(entry)):
                out[int(entry)] = fields[19]
    return out


def alive(pid: int, started: str) -> bool:
    """The same process (not a reused pid) still running; a zombie waiting for its reaper has ended."""
    fields = stat(pid)
    return fields is not None and fields[19] == started and fields[0] != "Z"


@pytest.fixture
def thinking_server(tmp_path):
    """A server with one bot worker, several expert moves waiting for it and one being thought about."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"  # a file, not a pipe: nobody reads while the test waits, and a full pipe blocks
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "whistdrive.web", "serve", "--port", str(port),
                             "--db", str(tmp_path / "games.db"), "--bot-workers", "1", "--log-level", "warning"],
                            env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            for _ in range(300):
                try:
                    if http.get("/healthz").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                raise AssertionError("the server did not start")
            for _ in range(TABLES):
                r = http.post("/api/games", json={"game": "whist", "options": {},
                                                  "levels": ["expert", "expert", "expert"]})
                assert r.status_code == 200, r.text
                lead_if_asked(port, base, r.json())
            before = {g["id"]: g["actions"] for g in http.get("/api/games").json()["unfinished"]}
            # the first expert move played proves the worker has warmed up and thinks; the others wait
            deadline = time.monotonic() + 240  # a fresh checkout compiles the solver first
            while time.monotonic() < deadline:
                played = [g["actions"] > before[g["id"]] for g in http.get("/api/games").json()["unfinished"]]
                if any(played):
                    break
                time.sleep(0.1)
            else:
                raise AssertionError(f"no computer player moved: {played}\n{log.read_text()[-3000:]}")
            assert not all(played), "every expert has already moved: nothing is left thinking"
        workers = workers_of(proc.pid)
        assert any("spawn_main" in cmdline(pid) for pid in workers), workers
        yield proc, workers
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def lead_if_asked(port: int, base: str, table: dict) -> None:
    """The dealer is drawn: where the person is to lead, lead, so that every table waits for an expert."""
    with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", origin=base, open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["seat_link"].rsplit("/", 1)[1]}))
        m = json.loads(ws.recv(timeout=30))
        assert m["type"] == "snapshot", m
        view = m["view"]
        if view["current_seat"] == view["seat"]:
            ws.send(json.dumps({"type": "act", "action": view["legal"][0], "seq": m["seq"]}))
            while (m := json.loads(ws.recv(timeout=30)))["type"] != "play":
                pass


def wait_gone(workers: dict[int, str], seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [pid for pid, started in workers.items() if alive(pid, started)]
        if not left:
            return []
        time.sleep(0.1)
    return left


def test_kill_9_of_the_server_takes_its_bot_workers_with_it(thinking_server):
    proc, workers = thinking_server
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert wait_gone(workers, 5) == [], {pid: cmdline(pid) for pid in workers}


def test_a_normal_stop_while_experts_think_ends_every_worker(thinking_server, tmp_path):
    proc, workers = thinking_server
    proc.send_signal(signal.SIGTERM)
    # uvicorn stops gracefully, then raises the signal it caught again: ending by SIGTERM is normal
    assert proc.wait(30) in (0, -signal.SIGTERM), (tmp_path / "server.log").read_text()[-2000:]
    assert wait_gone(workers, 5) == [], {pid: cmdline(pid) for pid in workers}
