"""Load benchmark of the web server: N concurrent tables on loopback.

Starts ``whistdrive serve`` (uvicorn, SQLite in a temporary directory) as a
subprocess and drives N tables over WebSockets, one client per table playing
its person's seat. It measures, per human action, the round trip from sending
``act`` to receiving its ``play`` acknowledgement (validation, the SQLite
commit and the new observation), and per computer move the latency the person
sees: from the message that made it the computer's turn to the move's ``play``.
Bounded: at most ``--actions`` actions per table and ``--seconds`` overall.

Two loads:

* the default, N German Whist tables against the instant ``random`` level in a
  thread pool: the server's own cost per action;
* the computer players under load, e.g. 60 Whist tables of three experts each
  and 10 more tables whose person asks for hints before every card (their
  computers are beginners), on the process pool. Tables are opened one every
  ``--ramp`` seconds; the first one refused (503 ``site_full``) is reported.

    python benchmarks/bench_web_load.py --tables 100
    python benchmarks/bench_web_load.py --tables 200 --processes 2 \
        --database-url postgresql+psycopg://user:password@host/dbname
    python benchmarks/bench_web_load.py --game whist --level expert --tables 60 --hinters 10 \\
        --bot-pool process --bot-workers 2 --ramp 0.5 --seconds 120

With ``--processes N --database-url`` (PostgreSQL) it starts N servers on that
database and spreads the tables over them in turn, each table's person
connected to the process it was opened through.

The server comes from the ``PYTHONPATH`` the benchmark runs with, so the same
load can be measured on another checkout (options it does not know are not
passed to it).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
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


class Figures:
    """What the clients measured, in seconds."""

    def __init__(self):
        self.actions: list[float] = []
        self.bot_moves: dict[str, list[float]] = collections.defaultdict(list)  # per level
        self.hints: list[float] = []
        self.busy = 0  # hints refused as busy
        self.opened = 0
        self.refused_at: int | None = None  # tables open when the first was refused
        self.refused = 0
        self.other_errors: collections.Counter[str] = collections.Counter()


async def open_table(http: httpx.AsyncClient, game: str, level: str, n_bots: int, fig: Figures) -> str | None:
    r = await http.post("/api/games", json={"game": game, "options": {}, "levels": [level] * n_bots})
    if r.status_code == 503 and r.json().get("error") == "site_full":
        if fig.refused_at is None:
            fig.refused_at = fig.opened
        fig.refused += 1
        return None
    r.raise_for_status()
    fig.opened += 1
    return r.json()["id"]


async def play(base: str, ws_base: str, http: httpx.AsyncClient, gid: str, fig: Figures, actions: int,
               deadline: float, think: float, hints: int) -> None:
    """Play the person's seat: ``hints`` hint requests before each card, then the first legal card.

    A reader task stamps every message when it arrives (the person may be thinking meanwhile)
    and times the computers' moves from the message that gave them the turn.
    """
    import websockets

    page = await http.get(f"/table/{gid}")
    token = page.text.split('data-token="', 1)[1].split('"', 1)[0]
    async with websockets.connect(f"{ws_base}/ws/{gid}", origin=base, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        last = json.loads(await ws.recv())
        me, seats = last["view"]["seat"], last["seats"]
        inbox: asyncio.Queue = asyncio.Queue()

        async def reader() -> None:
            turn_at: float | None = None  # when the computer to move got its turn (None: unknown, the first)
            async for raw in ws:
                now = time.perf_counter()
                m = json.loads(raw)
                m["at"] = now
                if m["type"] in ("play", "snapshot"):
                    if m["type"] == "play" and m["seat"] != me and turn_at is not None:
                        fig.bot_moves[seats[m["seat"]].get("level", "?")].append(now - turn_at)
                    v = m["view"]
                    turn_at = now if not v["over"] and v["current_seat"] != me else None
                inbox.put_nowait(m)

        reading = asyncio.create_task(reader())
        try:
            done = 0
            while done < actions and time.monotonic() < deadline:
                v = last["view"]
                if v["over"]:
                    break
                if v["current_seat"] != me:
                    m = await inbox.get()
                    if m["type"] in ("play", "snapshot"):
                        last = m
                    continue
                for _ in range(hints):
                    t0 = time.perf_counter()
                    await ws.send(json.dumps({"type": "hint"}))
                    m = await inbox.get()
                    if m["type"] == "hint":
                        fig.hints.append(m["at"] - t0)
                    elif m.get("code") == "busy":
                        fig.busy += 1
                    else:
                        fig.other_errors[m.get("code", m["type"])] += 1
                t0 = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": v["legal"][0], "seq": last["seq"]}))
                while True:
                    m = await inbox.get()
                    if m["type"] == "play" and m["seat"] == me:
                        fig.actions.append(m["at"] - t0)
                        last = m
                        break
                    if m["type"] == "error":
                        fig.other_errors[m["code"]] += 1
                        await asyncio.sleep(0.05)
                        break
                    if m["type"] in ("play", "snapshot"):
                        last = m
                done += 1
                await asyncio.sleep(think * (0.5 + random.random()))  # the person's thinking time
                while not inbox.empty():  # what the computers played meanwhile
                    m = inbox.get_nowait()
                    if m["type"] in ("play", "snapshot"):
                        last = m
        finally:
            reading.cancel()


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def server_options(args) -> list[str]:
    """The serve options of this run that the server under test knows."""
    known = subprocess.run([sys.executable, "-m", "whistdrive.web", "serve", "--help"], capture_output=True,
                           text=True).stdout
    out = ["--bot-pool", args.bot_pool, "--bot-workers", str(args.bot_workers), "--log-level", "warning",
           "--max-tables-per-person", "10000", "--max-tables-per-address", "10000", "--http-rate", "0"]
    if args.max_tables and "--max-tables " in known:
        out += ["--max-tables", str(args.max_tables)]
    return out


def start_servers(args) -> list[tuple[subprocess.Popen, str]]:
    """The servers under test and their base URLs: one on a temporary SQLite file, or
    ``--processes`` on ``--database-url``."""
    db = ["--database-url", args.database_url] if args.database_url else \
        ["--db", os.path.join(tempfile.mkdtemp(prefix="wd-bench-"), "bench.db")]
    out = []
    for _ in range(args.processes):
        port = free_port()
        out.append((subprocess.Popen([sys.executable, "-m", "whistdrive.web", "serve", "--port", str(port), *db,
                                      *server_options(args)], stdout=subprocess.DEVNULL),
                    f"http://127.0.0.1:{port}"))
    return out


async def main_async(args) -> None:
    servers = start_servers(args)
    procs, bases = [p for p, _ in servers], [b for _, b in servers]
    base = bases[0]
    try:
        for b in bases:
            for _ in range(600):
                try:
                    if httpx.get(b + "/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
        meta = httpx.get(base + "/api/meta").json()
        level = args.level if args.level in meta["levels"] else meta["levels"][0]
        n_bots = {"german": 1, "whist": 3, "knockout": 1, "humbug": 1}[args.game]
        await asyncio.sleep(args.warm)  # the workers warm up
        idle = sum(rss_kb(p.pid) for p in procs)
        cpu0, me0 = sum(cpu_s(p.pid) for p in procs), time.process_time()
        fig = Figures()
        deadline = time.monotonic() + args.seconds
        t0 = time.monotonic()
        players = []
        owner = os.urandom(16).hex()  # one person opens every table
        async with contextlib.AsyncExitStack() as stack:
            https = [await stack.enter_async_context(httpx.AsyncClient(base_url=b, timeout=60,
                                                                       cookies={"wd_owner": owner})) for b in bases]
            plan = [("beginner", args.hints_per_turn)] * args.hinters + [(level, 0)] * args.tables  # askers first
            for n, (lv, hints) in enumerate(plan):
                http, b = https[n % len(bases)], bases[n % len(bases)]  # the tables spread over the processes
                gid = await open_table(http, args.game, lv, n_bots, fig)
                if gid is not None:
                    players.append(asyncio.create_task(play(b, "ws" + b.removeprefix("http"), http, gid, fig,
                                                            args.actions, deadline, args.think, hints)))
                if args.ramp:
                    await asyncio.sleep(args.ramp)
            results = await asyncio.gather(*players, return_exceptions=True)
        wall = time.monotonic() - t0
        failed = [r for r in results if isinstance(r, BaseException)]
        server_cpu, client_cpu = sum(cpu_s(p.pid) for p in procs) - cpu0, time.process_time() - me0
        loaded = sum(rss_kb(p.pid) for p in procs)
        lat = fig.actions
        print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}  "
              f"({os.cpu_count()} cores)")
        print(f"{args.processes} server process(es) on "
              f"{'PostgreSQL' if args.database_url.startswith('postgresql') else 'SQLite'}")
        print(f"{args.game}: tables={args.tables} of {level} + {args.hinters} asking {args.hints_per_turn} hints "
              f"a card; opened {fig.opened}, refused {fig.refused}"
              + (f" (first refused with {fig.refused_at} open)" if fig.refused_at is not None else "")
              + f"; bot pool {args.bot_pool} x{args.bot_workers}; think={args.think}s; {len(lat)} actions "
                f"in {wall:.1f}s")
        if lat:
            print(f"action round trip: p50={pct(lat, .5):.1f} ms  p99={pct(lat, .99):.1f} ms  "
                  f"mean={statistics.mean(lat) * 1000:.1f} ms")
        budgets = {"expert": 0.6}
        for lv, xs in sorted(fig.bot_moves.items()):
            b = budgets.get(lv)
            within = f", {sum(x <= 2 * b for x in xs) / len(xs):.0%} within 2x budget {b}s" if b else ""
            print(f"bot move latency ({lv}, {len(xs)} moves): p50={pct(xs, .5):.0f} ms  p99={pct(xs, .99):.0f} ms"
                  f"  max={max(xs) * 1000:.0f} ms{within}")
        if fig.hints or fig.busy:
            print(f"hint round trip ({len(fig.hints)}): p50={pct(fig.hints, .5):.0f} ms  "
                  f"p99={pct(fig.hints, .99):.0f} ms; refused busy: {fig.busy}")
        if fig.other_errors or failed:
            print(f"errors: {dict(fig.other_errors)}; clients failed: {len(failed)} {failed[:1]}")
        print(f"CPU: server {server_cpu:.1f}s, load client {client_cpu:.1f}s "
              f"({server_cpu * 1000 / max(1, 2 * len(lat)):.2f} ms server CPU per action, human + bot)")
        print(f"server memory: idle {idle / 1024:.1f} MiB, with {fig.opened} tables {loaded / 1024:.1f} MiB "
              f"=> {(loaded - idle) / max(1, fig.opened):.0f} KiB per table")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--game", default="german", choices=("german", "whist", "knockout", "humbug"))
    ap.add_argument("--level", default="random", help="the computers' level at the N tables (default random)")
    ap.add_argument("--hinters", type=int, default=0,
                    help="more tables (beginner computers) whose person asks for hints before every card")
    ap.add_argument("--hints-per-turn", type=int, default=3)
    ap.add_argument("--bot-pool", choices=("process", "thread"), default="thread")
    ap.add_argument("--bot-workers", type=int, default=4)
    ap.add_argument("--max-tables", type=int, default=0, help="the server's --max-tables (default: its own)")
    ap.add_argument("--ramp", type=float, default=0.0, help="seconds between two new tables (default 0)")
    ap.add_argument("--warm", type=float, default=0.0, help="seconds to let the workers warm up first")
    ap.add_argument("--actions", type=int, default=20, help="human actions per table (bounded)")
    ap.add_argument("--seconds", type=float, default=60.0, help="stop after this long in any case")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean thinking time of each table's human between actions (0: flat out)")
    ap.add_argument("--processes", type=int, default=1, help="server processes (more than one: PostgreSQL)")
    ap.add_argument("--database-url", default="", help="the servers' database (default: a temporary SQLite file)")
    args = ap.parse_args()
    if args.processes > 1 and not args.database_url.startswith("postgresql"):
        ap.error("several processes share a PostgreSQL database: give --database-url postgresql+psycopg://...")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
