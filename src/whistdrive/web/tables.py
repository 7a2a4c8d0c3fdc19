"""The tables this process holds: loading and forgetting them, and their lifecycle
(create, invite, join, start, abandon), over three parts with one job each:

* :class:`.play.Play`: the moves, the computers, undo and hints;
* :class:`.seats.Seats`: who plays each seat, presence, stand-ins, leaving;
* :class:`.cluster.Cluster`: several processes sharing the tables (leases, catching up).

The database is the source of truth; a table nobody used for a while leaves
memory. Nothing here waits for a connection: messages go to each connection's
outbox (:class:`.live.Conn`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import functools
import logging
import secrets
from dataclasses import dataclass

from whistdrive.errors import IllegalMove
from whistdrive.games import replay_moves
from whistdrive.games.base import Game
from whistdrive.i18n import N_

from . import invites
from .clock import Clock
from .cluster import Cluster
from .errors import TableError
from .live import Live
from .play import Play
from .seats import DEFAULT_GRACE, SPECTATOR, Seats, people, public_view, shared
from .store import GameRow, Store
from .validation import NewTable

log = logging.getLogger("whistdrive.web")
ARRIVING = 60.0  # seconds a new table counts as in play before anybody connects to it
SITE_FULL = N_("The site is full: the computer players have no time for another table. "
               "Please try again in a few minutes.")


def rebuild(row: GameRow, actions: list[tuple[int, str]] | None = None) -> Game:
    """The game of ``row`` after ``actions`` (all of the row's by default): replayed from the seed,
    checked against the stored chance log.

    Replaying from the seed keeps the random generator in step, so the deals
    still to come are the same as before a restart. Should the replayed chance
    outcomes ever differ from the stored ones (a changed generator), the stored
    outcomes win; after an undo they differ at once (the unseen cards were dealt
    again), and a kept play may not even be legal on the seed's own deal.
    """
    actions = row.actions if actions is None else actions
    try:
        g = replay_moves(row.game, row.options, actions, seed=row.seed)
        if g.chance.log == row.chance[: len(g.chance.log)]:
            return g
    except IllegalMove:
        pass
    log.info("chance log differs from the seed's (an undo dealt hidden cards again): replaying the stored outcomes")
    return replay_moves(row.game, row.options, actions, seed=row.seed, chance=row.chance)


@dataclass
class Limits:
    """What one person (cookie) and one network address may hold, so that nobody, nor a handful of
    addresses, can make the site refuse the others: unfinished tables, the share of the site's
    capacity in play (a table with a connection or a computer thinking), and open sockets."""

    per_person: int = 20
    per_address: int = 60
    share_in_play: float = 0.1  # of the server's capacity (``--max-tables``), at least 2, once it is half full
    sockets_per_address: int = 40
    invite_ttl: float = invites.INVITE_TTL


class Tables:
    def __init__(self, store: Store, pool, bot_delay: float = 0.0, grace: float = DEFAULT_GRACE,
                 limits: Limits | None = None, idle: float = 300.0, clock: Clock | None = None):
        self.store = store
        self.pool = pool
        self.clock = clock or Clock()
        self.idle = idle  # seconds a table without connections or work stays in memory
        self.default_grace = grace
        self.limits = limits or Limits()
        self.live: dict[str, Live] = {}
        self._db = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="db")
        self._loading: dict[str, asyncio.Future] = {}
        self.inline_db = store.url.startswith("sqlite")
        self._background: list[asyncio.Task] = []
        self.closed = False
        self.seats = Seats(self)
        self.play = Play(self, bot_delay)
        self.cluster = Cluster(self)
        self.rebuild = rebuild

    async def db(self, fn, *args, **kwargs):
        """Run a store call. SQLite writes take well under a millisecond, so they run inline:
        handing them to a thread costs more (GIL switches) than it saves. Other databases
        (network round trips) go through the store's single writer thread."""
        if self.inline_db:
            return fn(*args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._db, functools.partial(fn, *args, **kwargs))

    def run_background(self) -> None:
        """The background work of a running server: evicting idle tables, and with several
        processes their bus and heartbeat."""
        for work in [self._evict_idle(), *self.cluster.background()]:
            self._background.append(asyncio.create_task(work))

    def close(self) -> None:
        self.closed = True
        for task in self._background:
            task.cancel()
        self.cluster.hand_over()
        for t in self.live.values():
            if t.bot_task:
                t.bot_task.cancel()
            for task in t.away.values():
                task.cancel()
            for c in t.conns:
                c.writer.cancel()
        self._db.shutdown(wait=True)

    # --- creating and joining ------------------------------------------------
    async def create(self, owner: str, wanted: NewTable, game: Game, seats: list[dict],
                     address: str | None = None) -> tuple[Live, dict[int, str]]:
        """A new table of ``game`` with ``seats`` (checked by :mod:`.validation`), and the invitation
        of each seat left open for a person; the creator sits at the game's own seat."""
        if self.pool.full(self.in_play()):
            raise TableError("site_full", SITE_FULL)
        if address and self.busy() and self.in_play(address) >= self.share():
            raise TableError("too_many_tables", "too many tables in play from your network address: "
                                                "finish or abandon some first")
        if await self.db(self.store.count_unfinished, owner, None) >= self.limits.per_person:
            raise TableError("too_many_tables", f"you already have {self.limits.per_person} unfinished tables: "
                                                "finish or abandon one first")
        if address and await self.db(self.store.count_unfinished, None, address) >= self.limits.per_address:
            raise TableError("too_many_tables", "too many unfinished tables from your network address: "
                                                "finish or abandon some first")
        human = type(game).info.human_seat
        token = invites.new_token()
        places: dict[int, dict] = {human: {"token": token, "state": "taken", "person": owner},
                                   SPECTATOR: {"token": invites.new_token(), "state": "watch"}}
        invitations: dict[int, str] = {}
        for s, x in enumerate(seats):
            if x["kind"] == "human" and s != human:
                invitations[s] = invites.new_token()
                places[s] = {"token": invites.new_token(), "state": "open"}
        row = GameRow(id=secrets.token_hex(8), owner=owner, game=wanted.game, options=game.options.to_dict(),
                      seats=seats, human_seat=human, token=token, seed=game.chance.seed,
                      chance=list(game.chance.log),
                      levels="+".join(sorted({x["level"] for x in seats if x["kind"] == "bot"})),
                      status="open" if invitations else "active", address=address, grace=wanted.grace,
                      standin=wanted.standin, places=places)
        await self.db(self.store.create, row, {invites.digest(tok): s for s, tok in invitations.items()},
                      self.clock.wall() + self.limits.invite_ttl)
        t = Live(row, game, used=self.clock.now(), arriving_until=self.clock.now() + ARRIVING)
        self.live[row.id] = t
        self.pool.admitted()
        self.play.kick(t)
        return t, invitations

    async def reinvite(self, t: Live, seats: list[int]) -> dict[int, str]:
        """New invitations for open seats whose links this process does not hold (another process
        made them, or this one restarted); those already sent stay valid."""
        out = {s: invites.new_token() for s in seats}
        await self.db(self.store.invite, t.row.id, {invites.digest(tok): s for s, tok in out.items()},
                      self.clock.wall() + self.limits.invite_ttl)
        return out

    async def join(self, invite: str, person: str, name: str) -> tuple[Live, int]:
        """Take the seat an invitation opens (once, before it expires, while the table is open)."""
        digest = invites.digest(invite) if invites.well_formed(invite) else None
        found = await self.db(self.store.find_invite, digest) if digest else None
        t = await self.get(found[0]) if found else None
        if t is None or found is None:
            raise TableError("bad_invite", "this invitation is not valid (already used or never issued)")
        seat = found[1]
        if invites.expired(found[2], self.clock.wall()):
            raise TableError("invite_expired", "this invitation has expired")
        async with t.lock:
            # the database decides (the seat may have been taken, or the table started, through another process)
            places = await self.db(self.store.claim, t.row.id, seat, digest, person, name, self.clock.wall())
            if places is None:
                raise TableError("bad_invite", "this invitation is not valid (already used or never issued)")
            t.row.places = places
            full = all(places.get(s, {}).get("state") != "open" for s in people(t.row))
        if full:
            await self.start(t)
        else:
            self.seats.tell_players(t)
        return t, seat

    async def start(self, t: Live) -> None:
        """Start an open table; the seats nobody took go to computers of the stand-in level."""
        async with t.lock:
            if t.row.status != "open":
                raise TableError("not_open", "the game has already started")
            # the database says which seats are still open (people may have joined through another process)
            started = await self.db(self.store.start, t.row.id, self.seats.standin_level(t))
            if started is None:
                raise TableError("not_open", "the game has already started")
            t.row.seats, t.row.levels, t.row.places = started
            t.row.status = "active"
            self.seats.watch_absent(t)
            self.send_snapshots(t)
        self.play.kick(t)

    async def abandon(self, t: Live) -> None:
        async with t.lock:
            if t.row.status in ("open", "active"):
                await self.db(self.store.set_status, t.row.id, "abandoned")
                t.row.status = "abandoned"
                if t.bot_task:
                    t.bot_task.cancel()

    def seat_of(self, t: Live, token: object) -> int | None:
        """The seat (``SPECTATOR`` for the spectator link) a secret token opens at this table."""
        if not isinstance(token, str) or not token:
            return None
        found = None
        for seat, place in t.row.places.items():
            if secrets.compare_digest(token.encode(), (place.get("token") or "").encode()):
                found = seat
        if found is None and secrets.compare_digest(token.encode(), t.row.token.encode()):
            found = t.row.human_seat
        if found is not None and found >= 0 and t.row.places.get(found, {}).get("state") not in ("taken", None):
            return None  # a seat its person left, or one a computer took over
        return found

    # --- loading and forgetting ------------------------------------------------
    async def get(self, game_id: str) -> Live | None:
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 32:
            return None
        t = self.live.get(game_id)
        if t is not None:
            t.used = self.clock.now()
            return t
        if game_id in self._loading:
            return await self._loading[game_id]
        fut = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            t = await self._load(game_id)
            fut.set_result(t)
            return t
        except BaseException as e:
            fut.set_exception(e)
            raise
        finally:
            self._loading.pop(game_id, None)

    async def _load(self, game_id: str) -> Live | None:
        row = await self.db(self.store.load, game_id)
        if row is None:
            return None
        t = self.live.setdefault(game_id, Live(row, rebuild(row), used=self.clock.now()))
        await self.cluster.tell_presence(t)  # the other processes holding it answer with theirs
        if row.status == "active":
            self.seats.watch_absent(t)
            self.play.kick(t)
        return t

    async def reload(self, t: Live, row: GameRow | None = None) -> None:
        """The table as the database has it (lock held); every connection here gets a snapshot."""
        row = row or await self.db(self.store.load, t.row.id)
        t.row, t.game = row, rebuild(row)
        t.generation += 1
        self.seats.shut_out_leavers(t)
        self.send_snapshots(t)

    def in_play(self, address: str | None = None) -> int:
        """The tables held here that need this process now (of those made from ``address``): the
        capacity (``--max-tables``) counts them. A table is in play with a connection here, a computer
        thinking here, a person's grace timer, or just created here; one only waiting on disk for its
        people (a resumed game nobody opened, a table whose computers another process drives between
        moves) is not."""
        now = self.clock.now()
        return sum(1 for t in self.live.values() if t.row.status in ("open", "active")
                   and (address is None or t.row.address == address) and (
            t.conns or t.away or (t.bot_task is not None and not t.bot_task.done()) or now < t.arriving_until))

    def busy(self) -> bool:
        """Half the capacity in play: from now on an address gets no more than its share, so that the
        other half stays for the others (on a quiet server one person may open tables freely)."""
        return self.in_play() >= self.pool.max_tables // 2

    def share(self) -> int:
        return max(2, int(self.pool.max_tables * self.limits.share_in_play))

    def sockets_from(self, address: str) -> int:
        return sum(1 for t in self.live.values() for c in t.conns if c.address == address)

    def idle_tables(self) -> list[str]:
        now = self.clock.now()
        return [gid for gid, t in self.live.items()
                if not t.conns and not t.away and not t.lock.locked() and now - t.used >= self.idle
                and (t.bot_task is None or t.bot_task.done())]

    async def _evict_idle(self) -> None:
        while True:
            await self.clock.sleep(min(30.0, max(self.idle / 4, 0.05)))
            for gid in self.idle_tables():
                del self.live[gid]

    async def resume_all(self) -> int:
        """After a restart: let the computers of the unfinished games go on; how many were resumed.

        With SQLite (one process) every running game is loaded; those waiting for a person, nobody
        being connected yet, leave memory again at once (loaded when somebody opens them), and the
        others (a computer to move, people's grace timers) stay and play. With several processes
        (PostgreSQL) a process loads only the games no other process drives: those whose lease ran
        out while held (their process died, or stopped and handed them over), as its heartbeat does.
        """
        if self.cluster.on:
            return await self.cluster.take_over()
        resumed = 0
        for gid in await self.db(self.store.ids, "active"):
            try:
                t = await self.get(gid)
            except Exception:
                log.exception("cannot resume game %s", gid)
                continue
            if t is None:
                continue
            if self.play.computer_to_move(t) or t.away:
                resumed += 1
            elif not t.conns and self.live.get(gid) is t:
                del self.live[gid]
        return resumed

    # --- what a connection sees ---------------------------------------------------
    def can_undo(self, t: Live) -> bool:
        return not shared(t) and any(s == t.row.human_seat for s, _ in t.game.actions)

    def view(self, t: Live, seat: int | None) -> dict:
        """The observation a connection may receive: its seat's own, or the public one for spectators."""
        if seat is None or seat < 0:
            return public_view(t.game, t.row.human_seat)
        return dict(t.game.observation(seat))

    def snapshot(self, t: Live, seat: int | None) -> dict:
        """The full view of a seat; ``human_seat`` is the viewer's own seat (spectators: the creator's)."""
        g = t.game
        spectator = seat is None or seat < 0
        return {
            "type": "snapshot",
            "game_id": t.row.id,
            "seq": len(g.actions),
            "seats": t.row.seats,
            "human_seat": t.row.human_seat if spectator else seat,
            "spectator": spectator,
            "players": self.seats.players(t),
            "status": t.row.status,
            "log": [[s, str(a)] for s, a in g.actions],
            "can_undo": False if spectator else self.can_undo(t),
            "view": self.view(t, seat),
        }

    def send_snapshots(self, t: Live) -> None:
        t.send_all(lambda seat: self.snapshot(t, seat))
