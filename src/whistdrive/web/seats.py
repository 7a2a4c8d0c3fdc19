"""Who plays each seat of a live table: people, computers, computers standing in for
people who are away or left, and spectators (docs/web.md, "Tables for people").

A person's seat is ``{"kind": "human"}`` in the game row and has a place (its
secret link, name and state). When the last connection of a seat drops at a
table of several people the seat is *away*; after the table's grace time a
computer (the table's stand-in level) plays for it until the person comes back
with the seat's link. A person who leaves for good leaves the seat to it.
With several server processes a seat is present if any process has a
connection of it: each tells the others (:mod:`.bus`), again every few seconds,
and what a process has not repeated for a while is forgotten.
"""

from __future__ import annotations

import logging

from .errors import TableError

log = logging.getLogger("whistdrive.web")

DEFAULT_GRACE = 60.0
DEFAULT_STANDIN = "intermediate"
SPECTATOR = -1  # the seat number of the spectator link's place
PRESENCE_EVERY = 5.0  # seconds between a process's reminders of the seats connected to it
PRESENCE_TTL = 15.0  # what another process has not repeated for this long is forgotten
LEFT_CLOSE = 4403  # the WebSocket close code of a seat whose person left: its view is no longer theirs


def public_view(game, seat: int) -> dict:
    """What anybody may know: ``seat``'s side of the table without what it alone saw (the game's own
    :meth:`~whistdrive.games.Game.public_view`)."""
    return game.public_view(seat)


class Seats:
    """Who plays each seat of the live tables: people, their presence, stand-ins, leaving."""

    def __init__(self, tables):
        self.tables = tables
        self.clock = tables.clock

    def controller(self, t, seat: int) -> str | None:
        """The computer level that plays ``seat`` now, or None when a person does."""
        spec = t.row.seats[seat]
        if spec["kind"] == "bot":
            return spec["level"]
        return t.standin.get(seat)

    def present(self, t) -> set[int]:
        """The seats with a connection to this process or, lately told, to another one."""
        here = {c.seat for c in t.conns if c.seat is not None}
        now = self.clock.now()
        for seats, when in t.elsewhere.values():
            if now - when < PRESENCE_TTL:
                here |= seats
        return here

    def players(self, t) -> list[dict]:
        here = self.present(t)
        out = []
        for s, spec in enumerate(t.row.seats):
            if spec["kind"] == "bot":
                out.append({"kind": "bot", "level": spec["level"], "state": "bot"})
                continue
            place = t.row.places.get(s, {})
            state = place.get("state", "taken")
            if state == "taken":
                state = "here" if s in here else "standin" if s in t.standin else "away"
            out.append({"kind": "human", "name": place.get("name"), "state": state,
                        "level": t.standin.get(s)})
        return out

    def tell_players(self, t) -> None:
        msg = {"type": "players", "players": self.players(t)}
        t.send_all(lambda seat: msg)

    def standin_level(self, t) -> str:
        return t.row.standin or DEFAULT_STANDIN

    def grace(self, t) -> float:
        return t.row.grace if t.row.grace is not None else self.tables.default_grace

    def come_back(self, t, seat: int) -> None:
        """A person's seat is connected again (here or elsewhere): no grace timer, no stand-in."""
        task = t.away.pop(seat, None)
        if task:
            task.cancel()
        if t.row.places.get(seat, {}).get("state") == "taken" and t.standin.pop(seat, None) is not None:
            t.generation += 1  # a stand-in still thinking about this seat is ignored

    def watch_absent(self, t) -> None:
        """Start the grace timer of every person's seat nobody is connected to (a started or resumed table)."""
        if not shared(t) or t.row.status != "active":
            return
        here = self.present(t)
        for s in people(t.row):
            state = t.row.places.get(s, {}).get("state")
            if state == "left":
                t.standin[s] = self.standin_level(t)
            elif state == "taken" and s not in here and s not in t.standin and s not in t.away:
                t.away[s] = self.clock.later(self.grace(t), lambda s=s: self._grace_over(t, s))

    def _grace_over(self, t, seat: int) -> None:
        t.away.pop(seat, None)
        if seat in self.present(t) or t.row.status != "active":
            return
        t.standin[seat] = self.standin_level(t)
        log.info("game %s: the computer plays for away seat %d", t.row.id, seat)
        self.tell_players(t)
        self.tables.play.kick(t)

    async def arrive(self, t, conn) -> None:
        """A connection of a seat (or a spectator) joins: the person takes the seat back."""
        async with t.lock:
            t.conns.add(conn)
            if conn.seat is not None and conn.seat >= 0:
                self.come_back(t, conn.seat)
            conn.send(self.tables.snapshot(t, conn.seat))
        if shared(t):
            self.tell_players(t)
            await self.tables.cluster.tell_presence(t)

    async def depart(self, t, conn) -> None:
        t.conns.discard(conn)
        if conn.seat is None or conn.seat < 0 or not shared(t):
            return
        self.tables.cluster.tell_presence_soon(t)
        if conn.seat in self.present(t):
            return
        self.watch_absent(t)
        self.tell_players(t)

    async def leave(self, t, seat: int) -> None:
        """A person leaves for good: the computer keeps the seat."""
        async with t.lock:
            if not shared(t):
                raise TableError("not_shared", "leaving is for tables of several people")
            await self.tables.db(self.tables.store.update_place, t.row.id, seat, state="left")
            t.row.places[seat]["state"] = "left"
            t.standin[seat] = self.standin_level(t)
            task = t.away.pop(seat, None)
            if task:
                task.cancel()
        self.shut_out_leavers(t)
        self.tell_players(t)
        self.tables.play.kick(t)

    def shut_out_leavers(self, t) -> None:
        """Close every connection of a seat whose person left for good: the hands dealt to that
        seat from now on are the computer's, not theirs (a leaver's open page kept receiving them)."""
        for c in list(t.conns):
            if c.seat is not None and t.row.places.get(c.seat, {}).get("state") == "left":
                t.conns.discard(c)
                c.close(LEFT_CLOSE, flush=True)


def people(row) -> list[int]:
    return [s for s, spec in enumerate(row.seats) if spec["kind"] == "human"]


def shared(t) -> bool:
    """A table of several people: presence matters, undo does not exist."""
    return len(people(t.row)) > 1
