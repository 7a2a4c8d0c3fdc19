"""Load benchmark of the web server: N concurrent tables on loopback.

Starts ``whistdrive serve`` (uvicorn, SQLite in a temporary directory) as a
subprocess, opens N tables of German Whist whose computer opponent is the
instant ``random`` level... and measures, per human action, the round trip
from sending ``act`` to receiving its ``play`` acknowledgement (which includes
validation, the SQLite commit and the new observation). The bot's reply is
not part of the figure: the client waits for its own turn before timing the
next action. Bounded: at most ``--actions`` actions per table and
``--seconds`` overall; stops by itself.

    python benchmarks/bench_web_load.py --tables 100
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def table(base: str, ws_base: str, cookies, level: str, actions: int, latencies: list, deadline: float,
                think: float):
    import websockets

    async with httpx.AsyncClient(base_url=base, cookies=cookies) as http:
        r = await http.post("/api/games", json={"game": "german", "options": {"deals": 3}, "levels": [level]})
        r.raise_for_status()
        gid = r.json()["id"]
        page = await http.get(f"/table/{gid}")
        token = page.text.split('data-token="', 1)[1].split('"', 1)[0]
    async with websockets.connect(f"{ws_base}/ws/{gid}", origin=base, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        last = json.loads(await ws.recv())
        done = 0
        while done < actions and time.monotonic() < deadline:
            v = last["view"]
            if v["over"]:
                break
            if v["current_seat"] != v["seat"]:
                m = json.loads(await ws.recv())
                if m["type"] in ("play", "snapshot"):
                    last = m
                continue
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": v["legal"][0], "seq": last["seq"]}))
            while True:
                m = json.loads(await ws.recv())
                if m["type"] == "play" and m["seat"] == v["seat"]:
                    latencies.append(time.perf_counter() - t0)
                    last = m
                    break
                if m["type"] == "error":
                    await asyncio.sleep(0.05)
                    last = json.loads(json.dumps(last))
                    break
                if m["type"] in ("play", "snapshot"):
                    last = m
            done += 1
            await asyncio.sleep(think * (0.5 + random.random()))  # the human's thinking time


async def main_async(args) -> None:
    tmp = tempfile.mkdtemp(prefix="wd-bench-")
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "whistdrive.web", "serve", "--port", str(port), "--db",
                             os.path.join(tmp, "bench.db"), "--bot-pool", "thread", "--bot-workers", "4",
                             "--log-level", "warning"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                if httpx.get(base + "/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                await asyncio.sleep(0.1)
        meta = httpx.get(base + "/api/meta").json()
        level = "random" if "random" in meta["levels"] else meta["levels"][0]
        r = httpx.get(base + "/")
        cookies = r.cookies
        idle = rss_kb(proc.pid)
        cpu0, me0 = cpu_s(proc.pid), time.process_time()
        latencies: list[float] = []
        deadline = time.monotonic() + args.seconds
        t0 = time.monotonic()
        await asyncio.gather(*(table(base, ws_base, cookies, level, args.actions, latencies, deadline, args.think)
                               for _ in range(args.tables)))
        wall = time.monotonic() - t0
        server_cpu, client_cpu = cpu_s(proc.pid) - cpu0, time.process_time() - me0
        loaded = rss_kb(proc.pid)
        lat = sorted(latencies)
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
        print(f"tables={args.tables} think={args.think}s bot level={level} actions={len(lat)} in {wall:.1f}s "
              f"({len(lat) / wall:.0f} actions/s)")
        print(f"action round trip: p50={p(0.50):.1f} ms  p99={p(0.99):.1f} ms  mean={statistics.mean(lat) * 1000:.1f} ms")
        print(f"CPU: server {server_cpu:.1f}s, load client {client_cpu:.1f}s "
              f"({server_cpu * 1000 / max(1, 2 * len(lat)):.2f} ms server CPU per action, human + bot)")
        print(f"server memory: idle {idle / 1024:.1f} MiB, with {args.tables} tables {loaded / 1024:.1f} MiB "
              f"=> {(loaded - idle) / args.tables:.0f} KiB per table")
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--actions", type=int, default=20, help="human actions per table (bounded)")
    ap.add_argument("--seconds", type=float, default=60.0, help="stop after this long in any case")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean thinking time of each table's human between actions (0: flat out)")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
