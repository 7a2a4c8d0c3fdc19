"""A live table as this process holds it, and one WebSocket connection to it.

A connection never makes a table wait: a message for it goes into its own
bounded outbox, which its own writer task sends. A connection whose reader falls
so far behind that the outbox fills is closed with :data:`FELL_BEHIND`; its
person reconnects and gets a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
from dataclasses import dataclass, field

from whistdrive.games.base import Game

from .store import GameRow

log = logging.getLogger("whistdrive.web")

OUTBOX = 64  # messages a connection may have waiting to be sent
OUTBOX_BYTES = 1 << 20  # and their size together
FELL_BEHIND = 4504  # the close code of a connection that did not read its messages
CLOSE_WAIT = 2.0  # seconds a closing handshake may take before the connection is simply dropped


class Conn:
    """One WebSocket of a seat (``seat`` None: a spectator) with its outbox and writer."""

    def __init__(self, ws, seat: int | None, address: str = "", limit: int = OUTBOX,
                 limit_bytes: int = OUTBOX_BYTES):
        self.ws = ws
        self.seat = seat
        self.address = address
        self.limit, self.limit_bytes = limit, limit_bytes
        self.outbox: collections.deque[str | int] = collections.deque()  # texts, then maybe a close code
        self.queued_bytes = 0
        self.ready = asyncio.Event()
        self.closed = False
        self.reading = False  # the reader is waiting for the next message (it may be ended then)
        self.reader = asyncio.current_task()  # the handler reading this socket: ended with it
        self.writer = asyncio.create_task(self._write())

    def send(self, msg: dict) -> None:
        """Queue ``msg``; never waits. A connection too far behind is closed instead."""
        if self.closed:
            return
        text = json.dumps(msg, separators=(",", ":"))
        if len(self.outbox) >= self.limit or self.queued_bytes + len(text) > self.limit_bytes:
            log.info("a connection fell %d messages behind: closing it", len(self.outbox))
            self.close(FELL_BEHIND)
            return
        self.queued_bytes += len(text)
        self.outbox.append(text)
        self.ready.set()

    async def _write(self) -> None:
        while True:
            await self.ready.wait()
            item = self.outbox.popleft()
            if not self.outbox:
                self.ready.clear()
            if isinstance(item, int):  # a close after the messages before it (:meth:`close` with flush)
                await self._close(item)
                return
            self.queued_bytes -= len(item)
            try:
                await self.ws.send_text(item)
            except Exception:  # a socket gone: the reader notices and removes the connection
                self.closed = True
                return

    def close(self, code: int, flush: bool = False) -> None:
        """Close the socket with ``code`` (after what is queued, with ``flush``) and end its reader,
        without waiting for either."""
        if self.closed:
            return
        self.closed = True
        if flush and not self.writer.done():
            self.outbox.append(code)
            self.ready.set()
            return
        self.writer.cancel()
        task = asyncio.get_running_loop().create_task(self._close(code))
        CLOSING.add(task)
        task.add_done_callback(CLOSING.discard)

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code), CLOSE_WAIT)
        if self.reading and self.reader is not None and not self.reader.done():
            self.reader.cancel()

    async def stop(self) -> None:
        """The reader ended: the writer finishes a close it was asked to send after its messages
        (a little while at most), or stops now."""
        self.closed = True
        if self.outbox and isinstance(self.outbox[-1], int):
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self.writer), CLOSE_WAIT)
        self.writer.cancel()


CLOSING: set[asyncio.Task] = set()  # closing handshakes under way (a reference keeps each task alive)


@dataclass(eq=False)
class Live:
    """A table held by this process: its stored row, the game, and who is connected here."""

    row: GameRow
    game: Game
    used: float  # the clock's time of the last move or lookup: idle tables leave memory
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    bot_task: asyncio.Task | None = None
    generation: int = 0  # bumped by undo and takeover: a bot thinking about an older position is ignored
    standin: dict = field(default_factory=dict)  # seat -> level of the computer playing for an absent person
    away: dict = field(default_factory=dict)  # seat -> its grace timer
    invitations: dict = field(default_factory=dict)  # seat -> invitation token, for the creator (memory only)
    elsewhere: dict = field(default_factory=dict)  # another process -> (its connected seats, when it told)
    arriving_until: float = 0.0  # a table created here is in play until then, its creator on the way

    def send_all(self, message) -> None:
        """``message(seat)`` to each connection here, computed once per seat."""
        made: dict = {}
        for c in list(self.conns):
            if c.seat not in made:
                made[c.seat] = message(c.seat)
            c.send(made[c.seat])
