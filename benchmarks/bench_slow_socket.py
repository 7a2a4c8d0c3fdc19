"""Does a socket that never reads slow a table down? A person's round trip with and without it.

Starts ``whistdrive serve`` (SQLite in a temporary directory, one bot worker,
only 127.0.0.1) and one German Whist table of 100 deals: a person against the
instant ``random`` computer. The person's seat plays ``--moves`` cards (chosen
by a fixed seed) over a real WebSocket, each timed from sending ``act`` to
receiving the ``play`` of that move for the person's own seat; then the same
again while an attacker holds the table's spectator link on a raw TCP socket
with a small receive buffer (``--rcvbuf``), asks for a snapshot ``--rate``
times a second (under the connection's rate limit of 20/s) and never reads.

Before each connection had its own bounded outbox, such a socket froze the
table: the server awaited the send while holding the table's lock. Now the
server should close it with 4504 (fell behind) and the table should go on.
The attacker watches the server's side of its connection in /proc/net/tcp
(it cannot see a close frame without reading); once that side is closed, or
the phase is over, it reads what is left (3 s at most) to find the close
frame and its code, and a closed one connects again (unless
``--no-reconnect``), as an abuser would. The server's log tells when it
closed a connection that fell behind. ``--attackers N`` runs N such sockets
at once. 20 more cards after the attackers left show the table as it is then.

Prints figures, asserts nothing; every wait is bounded and the whole run
stops by itself (``--seconds`` per phase).

    python benchmarks/bench_slow_socket.py
    python benchmarks/bench_slow_socket.py --attackers 5
    python benchmarks/bench_slow_socket.py --moves 600 --rcvbuf 2048 --rate 19
"""

from __future__ import annotations

import argparse
import base64
import datetime
import json
import os
import random
import re
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

HOST = "127.0.0.1"
RECV_WAIT = 10.0  # seconds without any message for the person: the table is reported as stalled
TCP_STATES = {1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT",
              7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN", 11: "CLOSING"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def load() -> str:
    a, b, c = os.getloadavg()
    return f"{a:.2f} {b:.2f} {c:.2f}"


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def server_side(port: int, client_port: int) -> tuple[str, int] | None:
    """The state and send queue (bytes) of the server's end of the connection from ``client_port``
    (None: the server has no such socket any more)."""
    with open("/proc/net/tcp") as f:
        next(f)
        for line in f:
            p = line.split()
            local, remote = p[1].split(":"), p[2].split(":")
            if int(local[1], 16) == port and int(remote[1], 16) == client_port:
                return TCP_STATES.get(int(p[3], 16), p[3]), int(p[4].split(":")[0], 16)
    return None


def frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    data, mask = text.encode(), os.urandom(4)
    n = len(data)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack("!H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def read_frames(buf: bytes) -> tuple[int, int | None]:
    """How many text frames ``buf`` holds, and the close frame's code (None: none came)."""
    i, texts = 0, 0
    while i + 2 <= len(buf):
        op, n = buf[i] & 0x0F, buf[i + 1] & 0x7F
        i += 2
        if n == 126:
            n, i = struct.unpack("!H", buf[i:i + 2])[0], i + 2
        elif n == 127:
            n, i = struct.unpack("!Q", buf[i:i + 8])[0], i + 8
        if i + n > len(buf):
            break
        if op == 0x1:
            texts += 1
        elif op == 0x8:
            return texts, struct.unpack("!H", buf[i:i + 2])[0] if n >= 2 else 1005
        i += n
    return texts, None


class Attacker(threading.Thread):
    """The spectator link on a socket with a small receive buffer: snapshots asked for, never read."""

    def __init__(self, port: int, gid: str, token: str, rate: float, rcvbuf: int, reconnect: bool):
        super().__init__(daemon=True)
        self.port, self.gid, self.token = port, gid, token
        self.rate, self.rcvbuf, self.reconnect = rate, rcvbuf, reconnect
        self.stop = threading.Event()
        self.sent = 0
        self.conns: list[dict] = []  # one per connection: opened, closed_after, code, frames, ...
        self.max_queue = 0  # the most bytes seen waiting in the server's kernel for this socket
        self.t0 = time.monotonic()

    def handshake(self) -> socket.socket:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.rcvbuf)  # before connect: sets the window
        s.settimeout(5)
        s.connect((HOST, self.port))
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET /ws/{self.gid} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                   f"Origin: http://{HOST}:{self.port}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 4096:  # nothing follows before the hello
            chunk = s.recv(1)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            head += chunk
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
        s.sendall(frame(json.dumps({"type": "hello", "token": self.token})))
        return s

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.one()
            except OSError as e:
                self.conns.append({"opened": time.monotonic() - self.t0, "error": repr(e)})
                self.stop.wait(0.5)
            if not self.reconnect:
                break
        self.stop.wait()

    def one(self) -> None:
        s = self.handshake()
        me = s.getsockname()[1]
        c = {"opened": time.monotonic() - self.t0, "wall": time.time(), "port": me, "asked": 0, "blocked": 0}
        self.conns.append(c)
        start, gap = time.monotonic(), 1.0 / self.rate
        s.settimeout(1.0)  # a send the server does not take within 1 s: it stopped reading
        try:
            while not self.stop.is_set():
                side = server_side(self.port, me)
                if side is not None:
                    self.max_queue = max(self.max_queue, side[1])
                if side is None or side[0] != "ESTABLISHED":
                    c["server_side"] = side[0] if side else "gone"
                    break
                try:
                    s.sendall(frame('{"type":"snapshot"}'))
                    c["asked"] += 1
                    self.sent += 1
                except TimeoutError:  # part of a frame may be gone: this connection is done
                    c["blocked"] += 1
                    c["server_side"] = "not reading (a send blocked for 1 s)"
                    break
                except OSError as e:
                    c["server_side"] = f"send failed: {e.__class__.__name__}"
                    break
                self.stop.wait(max(0.0, start + (c["asked"] + c["blocked"] + 1) * gap - time.monotonic()))
            else:  # still open when the phase ended: now read it, to see whether a close frame waits there
                c["open_at_end"] = server_side(self.port, me)
                c["open_for"] = time.monotonic() - start
                self.drain(s, c)
                return
            c["closed_after"] = time.monotonic() - start
            self.drain(s, c)
        finally:
            s.close()

    def drain(self, s: socket.socket, c: dict) -> None:
        """Read what the server sent (bounded) to find its close frame."""
        buf, until = bytearray(), time.monotonic() + 3.0
        s.settimeout(0.5)
        while time.monotonic() < until and len(buf) < 64 << 20:
            try:
                chunk = s.recv(1 << 16)
            except TimeoutError:
                continue
            except OSError as e:
                c["read_end"] = e.__class__.__name__
                break
            if not chunk:
                c["read_end"] = "EOF"
                break
            buf += chunk
        c["bytes"] = len(buf)
        c["frames"], c["code"] = read_frames(bytes(buf))


class Person:
    """The person's seat over a real WebSocket."""

    def __init__(self, port: int, gid: str, token: str):
        self.wait = RECV_WAIT
        self.ws = connect(f"ws://{HOST}:{port}/ws/{gid}", origin=f"http://{HOST}:{port}", open_timeout=30,
                          max_size=2**22).__enter__()  # closed by close()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last = self.recv()
        self.me = self.last["human_seat"]
        self.errors: dict[str, int] = {}

    def recv(self) -> dict:
        m = json.loads(self.ws.recv(timeout=self.wait))
        if m["type"] in ("play", "snapshot"):
            self.last = m
        elif m["type"] == "error":
            self.errors[m["code"]] = self.errors.get(m["code"], 0) + 1
        return m

    @property
    def view(self) -> dict:
        return self.last["view"]

    def wait_turn(self) -> None:
        while not self.view["over"] and self.view["current_seat"] != self.me:
            self.recv()

    def move(self, rng: random.Random) -> float | None:
        """One card; the time until its ``play`` came back (None: refused)."""
        seq = self.last["seq"]
        t0 = time.perf_counter()
        self.ws.send(json.dumps({"type": "act", "action": rng.choice(self.view["legal"]), "seq": seq}))
        while True:
            m = self.recv()
            if m["type"] == "play" and m["seat"] == self.me and m["seq"] == seq + 1:
                return time.perf_counter() - t0
            if m["type"] in ("error", "snapshot"):
                return None


def phase(person: Person, rng: random.Random, moves: int, seconds: float, think: float) -> dict:
    """Play up to ``moves`` cards in at most ``seconds``: round trips, and the turn (the computer's
    answer included) as the person waits for it."""
    out: dict = {"rt": [], "turn": [], "stall": None}
    deadline, t0 = time.monotonic() + seconds, time.monotonic()
    try:
        person.wait_turn()
        while len(out["rt"]) < moves and time.monotonic() < deadline and not person.view["over"]:
            started = time.perf_counter()
            rt = person.move(rng)
            if rt is not None:
                out["rt"].append(rt)
            person.wait_turn()
            out["turn"].append(time.perf_counter() - started)
            if think:
                time.sleep(think * (0.5 + rng.random()))
    except TimeoutError:
        out["stall"] = (len(out["rt"]), time.monotonic() - t0)
    except ConnectionClosed as e:
        out["closed"] = f"the person's socket closed after {len(out['rt'])} moves: {e}"
    out["wall"] = time.monotonic() - t0
    return out


def tcp_mem() -> int:
    """The kernel's memory for TCP buffers, all sockets of the machine (KiB)."""
    with open("/proc/net/sockstat") as f:
        for line in f:
            if line.startswith("TCP:"):
                p = line.split()
                return int(p[p.index("mem") + 1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    return -1


def report_attackers(args, attackers: list[Attacker], logfile: str) -> None:
    conns = [c for a in attackers for c in a.conns]
    print(f"attacker: {len(attackers)} at once, rcvbuf {args.rcvbuf} B, {args.rate:g} snapshots/s each; "
          f"{sum(a.sent for a in attackers)} asked in all over {len(conns)} connection(s); most bytes waiting in the "
          f"server's kernel for one: {max(a.max_queue for a in attackers)}")
    with open(logfile) as f:
        text = f.read()
    behind = [(datetime.datetime.strptime(t, "%Y-%m-%d %H:%M:%S,%f").timestamp(), int(n))
              for t, n in re.findall(r"^(\S+ \S+) \S+ \S+ a connection fell (\d+) messages behind", text, re.M)]
    first = min((c["wall"] for c in conns if "wall" in c), default=0.0)
    print(f"server log: {len(behind)} 'fell behind' closes (code 4504), at "
          f"{', '.join(f'{t - first:.1f}' for t, _ in behind[:10]) or '-'} s after the first attacker connected; "
          f"{len(re.findall('Traceback', text))} tracebacks")
    for n, c in enumerate(conns[:8]):
        head = f"  #{n}: opened at {c['opened']:.1f} s"
        if "error" in c:
            print(f"{head}: failed: {c['error']}")
            continue
        head += f", {c['asked']} asked ({c['blocked']} sends blocked)"
        if "closed_after" in c:
            head += f"; the server closed its end ({c['server_side']}) after {c['closed_after']:.1f} s"
        else:
            head += (f"; its end still {c['open_at_end']} (state, bytes waiting) after {c['open_for']:.1f} s,"
                     f" when the phase ended")
        print(f"{head}; then read {c.get('bytes', 0)} B: {c.get('frames')} frames, close frame "
              f"{c.get('code')} ({c.get('read_end', 'read for 3 s')})")
    if len(conns) > 8:
        codes: dict = {}
        for c in conns:
            codes[c.get("code")] = codes.get(c.get("code"), 0) + 1
        print(f"  ... {len(conns)} connections in all; close codes {codes}")


def start_server(args, tmp: str) -> tuple[subprocess.Popen, int, str]:
    port = free_port()
    logfile = os.path.join(tmp, "server.log")
    with open(logfile, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "whistdrive.web", "serve", "--host", HOST, "--port",
                                 str(port), "--db", os.path.join(tmp, "bench.db"), "--bot-pool", args.bot_pool,
                                 "--bot-workers", "1", "--log-level", "info"],
                                stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=2).status_code == 200:
                return proc, port, logfile
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    sys.exit(f"the server did not start; its log: {open(logfile).read()[-2000:]}")


def summary(name: str, r: dict, cpu: float) -> None:
    rt = r["rt"]
    print(f"{name}: {len(rt)} moves in {r['wall']:.1f} s; round trip p50 {pct(rt, .5):.1f} ms  "
          f"p99 {pct(rt, .99):.1f} ms  max {pct(rt, 1):.1f} ms  mean {statistics.mean(rt) * 1000 if rt else 0:.1f} ms;"
          f" turn with the computer's answer p50 {pct(r['turn'], .5):.1f} ms p99 {pct(r['turn'], .99):.1f} ms;"
          f" server CPU {cpu:.1f} s")
    if r.get("closed"):
        print(f"  CLOSED: {r['closed']}")
    if r["stall"]:
        print(f"  STALL: no message for the person within {RECV_WAIT:.0f} s after {r['stall'][0]} moves "
              f"({r['stall'][1]:.1f} s into the phase)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--moves", type=int, default=300, help="the person's cards per phase (default 300)")
    ap.add_argument("--seconds", type=float, default=60.0, help="each phase stops after this long (default 60)")
    ap.add_argument("--think", type=float, default=0.08,
                    help="mean seconds between the person's cards (default 0.08: the person's own socket "
                         "stays under the rate limit of 20 messages/s)")
    ap.add_argument("--rate", type=float, default=18.0,
                    help="the attacker's snapshot requests per second (default 18; the limit is 20)")
    ap.add_argument("--rcvbuf", type=int, default=4096, help="the attacker's SO_RCVBUF in bytes (default 4096)")
    ap.add_argument("--lead", type=float, default=1.0,
                    help="seconds the attacker runs before the person's moves are timed (default 1)")
    ap.add_argument("--attackers", type=int, default=1, help="attacking connections at once (default 1)")
    ap.add_argument("--no-reconnect", action="store_true",
                    help="one attacker connection only (default: it connects again once closed)")
    ap.add_argument("--seed", type=int, default=7, help="the person's choices (default 7)")
    ap.add_argument("--bot-pool", choices=("process", "thread"), default="process")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="wd-slow-socket-")
    proc, port, logfile = start_server(args, tmp)
    base = f"http://{HOST}:{port}"
    try:
        with httpx.Client(base_url=base, timeout=30) as http:  # keeps the wd_owner cookie
            r = http.post("/api/games", json={"game": "german", "options": {"deals": 100}, "levels": ["random"]})
            r.raise_for_status()
            gid = r.json()["id"]
            links = http.get(f"/api/games/{gid}/links").json()
        seat, watch = links["seat_link"].rsplit("/", 1)[1], links["watch"].rsplit("/", 1)[1]
        person, rng = Person(port, gid, seat), random.Random(args.seed)
        person.wait = 120.0  # warm: the bot worker starts (a process: imports) and makes its first moves
        phase(person, rng, 10, 150, 0)
        person.wait = RECV_WAIT
        print(f"server pid {proc.pid} on {base}; German Whist (100 deals) against random; {os.cpu_count()} cores; "
              f"load before: {load()}")
        fds0, cpu0, tcp0 = open_fds(proc.pid), cpu_s(proc.pid), tcp_mem()
        quiet = phase(person, rng, args.moves, args.seconds, args.think)
        cpu1, load_quiet = cpu_s(proc.pid), load()

        attackers = [Attacker(port, gid, watch, args.rate, args.rcvbuf, not args.no_reconnect)
                     for _ in range(args.attackers)]
        for a in attackers:
            a.start()
        time.sleep(args.lead)
        attacked = phase(person, rng, args.moves, args.seconds, args.think)
        fds_attacked, cpu2, load_attacked, tcp_attacked = open_fds(proc.pid), cpu_s(proc.pid), load(), tcp_mem()
        for a in attackers:
            a.stop.set()
        for a in attackers:
            a.join(10)
        after = phase(person, rng, 20, 20, args.think)  # the table once the attackers read and left
        person.ws.close()

        summary("without attacker", quiet, cpu1 - cpu0)
        print(f"  load after it: {load_quiet}")
        summary("with attacker   ", attacked, cpu2 - cpu1)
        print(f"  load after it: {load_attacked}")
        if quiet["rt"] and attacked["rt"]:
            print(f"ratio with/without: p50 {pct(attacked['rt'], .5) / pct(quiet['rt'], .5):.2f}  "
                  f"p99 {pct(attacked['rt'], .99) / pct(quiet['rt'], .99):.2f}")
        summary("after attacker  ", after, 0.0)
        report_attackers(args, attackers, logfile)
        print(f"server: open fds {fds0} before, {fds_attacked} under attack, {open_fds(proc.pid)} at the end; "
              f"TCP memory of the machine {tcp0} KiB before, {tcp_attacked} KiB under attack")
        if person.errors:
            print(f"the person's errors: {person.errors}")
        print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


if __name__ == "__main__":
    main()
