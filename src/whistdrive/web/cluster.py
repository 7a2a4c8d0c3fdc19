"""Several server processes sharing the tables (PostgreSQL): leases, catching up, presence.

The database orders the moves; each process catches up with the moves the
others announce (:mod:`.bus`). Only the process holding a table's lease lets its
computers play: renewed while they think, given up when they are done, taken
over by another process when it runs out (its holder died). Each process also
tells the others which seats of a table of several people are connected to it,
again every few seconds; what a process stops repeating is forgotten. With
SQLite (one process) none of this runs.
"""

from __future__ import annotations

import asyncio
import logging

from whistdrive.errors import IllegalMove

from . import bus
from .seats import PRESENCE_EVERY, PRESENCE_TTL, shared
from .store import PLACE_FIELDS, GameRow

log = logging.getLogger("whistdrive.web")
LEASE = 2.5  # seconds a process's lease of a table's computer players lasts unless renewed
HEARTBEAT = 0.5  # seconds between renewals (and looks for tables whose driver died: taken over within 5 s)
TELLING: set[asyncio.Task] = set()  # presence announcements under way (a reference keeps each task alive)


def seating(row: GameRow) -> tuple:
    """What a table's people see besides the moves: its status, seats and places."""
    return row.status, row.seats, {s: {k: p.get(k) for k in PLACE_FIELDS} for s, p in row.places.items()}


class Cluster:
    def __init__(self, tables):
        self.tables = tables
        self.store = tables.store
        self.clock = tables.clock

    @property
    def on(self) -> bool:
        return self.store.announces

    def background(self) -> list:
        """The coroutines a running server keeps going: the bus and the heartbeat."""
        if not self.on:
            return []
        return [bus.listen(self.store.url, self.store.origin, self.announced), self._heartbeat()]

    def hand_over(self) -> None:
        """A clean stop: the leases of the tables with a computer to move run out now, so another
        process takes them over at once; after a crash they run out by themselves."""
        if not self.on:
            return
        try:
            self.store.hand_over([gid for gid, t in self.tables.live.items()
                                  if self.tables.play.computer_to_move(t)])
        except Exception:
            log.warning("cannot give up the leases of the computer players", exc_info=True)

    # --- leases ---------------------------------------------------------------
    async def may_drive(self, t) -> bool:
        """Whether this process may let the table's computers play now: always with SQLite (one
        process); on PostgreSQL when it holds the table's lease at the position it has, else it looks
        again a little later (the news of a move made elsewhere may still be on its way)."""
        if not self.on:
            return True
        if await self.tables.db(self.store.lease, t.row.id, LEASE, (len(t.game.actions), t.row.undos)):
            return True
        self.clock.later(HEARTBEAT, lambda: self._kick_if_live(t))
        return False

    def _kick_if_live(self, t) -> None:
        if self.tables.live.get(t.row.id) is t:
            self.tables.play.kick(t)

    async def _heartbeat(self) -> None:
        """Renew the leases of the tables whose computers think here, give up the others, and take
        over the tables whose driving process died; now and then, remind the others who is here."""
        beats = 0
        while True:
            await self.clock.sleep(HEARTBEAT)
            beats += 1
            try:
                if beats % int(PRESENCE_EVERY / HEARTBEAT) == 0:
                    await self.forget_elsewhere()
                driving = [gid for gid, t in self.tables.live.items() if t.bot_task and not t.bot_task.done()]
                await self.tables.db(self.store.keep_leases, driving, LEASE)
                await self.take_over()
            except Exception:
                log.warning("cannot renew the leases of the computer players", exc_info=True)

    async def take_over(self) -> int:
        """Drive the tables whose lease ran out while held (their process died, or stopped and handed
        them over): load each and let its computers go on. How many were taken."""
        taken = 0
        for gid in await self.tables.db(self.store.orphans):
            if not await self.tables.db(self.store.lease, gid, LEASE):
                continue  # another process took it first
            t = await self.tables.get(gid)  # loading a table lets its computers go on
            if t is not None:
                taken += 1
                self.tables.play.kick(t)  # nothing to play: the next beat gives the lease up
        return taken

    # --- catching up -----------------------------------------------------------
    async def announced(self, process: str, game_id: str | None, here: set[int] | None) -> None:
        """Another process changed a game (None: maybe any game): the tables held here catch up;
        or it told which seats of a game are connected to it (``here``)."""
        if here is not None:
            t = self.tables.live.get(game_id or "")
            if t is not None:
                await self.seen_elsewhere(t, process, here)
            return
        for gid in [game_id] if game_id else list(self.tables.live):
            t = self.tables.live.get(gid)
            if t is None:
                continue
            try:
                await self.refresh(t)
            except Exception:
                log.exception("cannot catch up with game %s", gid)

    async def refresh(self, t) -> None:
        """Catch up with the database: the moves stored meanwhile are played here and sent to this
        process's connections; anything else that changed (an undo, a start, a place) sends snapshots."""
        tables = self.tables
        async with t.lock:
            row = await tables.db(self.store.load, t.row.id)
            if row is None:
                return
            had = [(s, str(a)) for s, a in t.game.actions]
            if (row.undos, row.seed) != (t.row.undos, t.row.seed) or row.actions[:len(had)] != had:
                await tables.reload(t, row)
                return
            before = seating(t.row)
            t.row = row
            for seat, action in row.actions[len(had):]:
                try:
                    t.game.apply(action, seat=seat)
                except IllegalMove:  # this process's game went astray: start again from the database
                    await tables.reload(t, row)
                    return
                t.generation += 1
                tables.play.broadcast(t, seat, action)
            if seating(row) != before:
                tables.seats.watch_absent(t)
                tables.seats.shut_out_leavers(t)  # a person may have left through another process
                tables.send_snapshots(t)
        tables.play.kick(t)

    # --- presence --------------------------------------------------------------
    async def tell_presence(self, t) -> None:
        """Tell the other processes which seats of a table of several people are connected here."""
        if self.on and shared(t):
            await self.tables.db(self.store.announce_here, t.row.id,
                                 sorted({c.seat for c in t.conns if c.seat is not None and c.seat >= 0}))

    def tell_presence_soon(self, t) -> None:
        """:meth:`tell_presence` in its own task: a closing socket's handler may be cancelled before
        the others know."""
        told = asyncio.create_task(self.tell_presence(t))
        TELLING.add(told)
        told.add_done_callback(TELLING.discard)

    async def seen_elsewhere(self, t, process: str, seats: set[int]) -> None:
        """Another process told the seats connected to it: they are not away (a stand-in stops)."""
        first = process not in t.elsewhere
        t.elsewhere[process] = (seats, self.clock.now())
        for seat in seats:
            self.tables.seats.come_back(t, seat)
        self.tables.seats.watch_absent(t)
        self.tables.seats.tell_players(t)
        if first:  # a process new to this table learns who is connected here
            await self.tell_presence(t)

    async def forget_elsewhere(self) -> None:
        """Remind the other processes of the seats connected here; forget what they stopped repeating."""
        now = self.clock.now()
        for t in list(self.tables.live.values()):
            stale = [p for p, (_, when) in t.elsewhere.items() if now - when >= PRESENCE_TTL]
            for p in stale:
                del t.elsewhere[p]
            if stale:
                self.tables.seats.watch_absent(t)
                self.tables.seats.tell_players(t)
            if t.conns:
                await self.tell_presence(t)
