"""A real ``whistdrive serve`` (uvicorn): sockets that hang up before their hello, or open with an
oversized frame, end quietly; anybody could otherwise fill the server's log with tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .test_worker_lifetime import SRC, free_port

pytestmark = [pytest.mark.xdist_group("serve"), pytest.mark.slow]  # a real server process: ~8 s


def test_sockets_gone_before_their_hello_leave_no_traceback(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "whistdrive.web", "serve", "--port", str(port),
                             "--db", str(tmp_path / "games.db"), "--bot-workers", "1", "--log-level", "warning"],
                            env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/healthz").status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        for _ in range(3):  # hang up at once
            with connect(f"ws://127.0.0.1:{port}/ws/anything", origin=base):
                pass
        with connect(f"ws://127.0.0.1:{port}/ws/anything", origin=base, max_size=None) as ws:  # a first frame too big
            ws.send("x" * 100_000)
            with pytest.raises(ConnectionClosed):  # the server refuses the frame and closes
                ws.recv(timeout=5)
        time.sleep(0.5)
        assert httpx.get(base + "/healthz").status_code == 200
    finally:
        proc.terminate()
        proc.wait(10)
    text = log.read_text()
    assert "Traceback" not in text and "ERROR" not in text, text[-3000:]
