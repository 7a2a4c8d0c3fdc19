"""Persistence of web games: SQLAlchemy Core over SQLite by default, or PostgreSQL.

A game row holds everything needed to rebuild it exactly: game name,
options, seat kinds, the secret seed, and the chance outcomes so far; the
``actions`` table holds every action in order. An action row is committed
before the action is acknowledged to anybody (see :mod:`.tables`). Moves are
ordered by the database: a move is stored only if the game still has exactly
``seq`` actions and the undo count its writer saw (:class:`Stale` otherwise),
so of two server processes storing move ``seq`` one wins; the key (game, seq)
backs this up. On PostgreSQL every change of a game is announced on the
``whistdrive`` channel (NOTIFY, delivered at commit) for the other processes.

The SQL is dialect-neutral: JSON kept as text, no autoincrement, no upsert.
The schema is Alembic's (:mod:`.migrate`): opening a store upgrades its database.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

from . import migrate

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("owner", String(64), index=True, nullable=False),
    Column("game", String(16), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),  # JSON list of {"kind": "human"} / {"kind": "bot", "level": ...}
    Column("human_seat", Integer, nullable=False),
    Column("token", String(64), nullable=False),
    Column("seed", String(32), nullable=False),
    Column("chance", Text, nullable=False),  # JSON list of chance outcomes so far
    Column("status", String(16), nullable=False, index=True),  # active / finished / abandoned
    Column("result", Text),
    Column("human_won", Integer),
    Column("levels", String(64), nullable=False),
    Column("undos", Integer, nullable=False, default=0),
    Column("n_actions", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # added for tables of several people (revision 0002)
    Column("address", String(64)),  # the creator's network address (limit of open tables per address)
    Column("grace", Float),  # seconds before a computer plays for an away person (None: the default)
    Column("standin", String(16)),  # the level of the computer that plays for away people and open seats
    # the lease of the computer players (revision 0003): the server process driving them, and until when
    Column("driver", String(16), index=True),
    Column("driver_until", Float),  # seconds since the epoch, by the database's clock
)

# The people's places at a table, one row per seat played by a person, plus one row
# with seat -1 for the spectator link. ``token`` is the seat's secret link (and its
# WebSocket token).
places_table = Table(
    "places",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(64), nullable=False, index=True),
    Column("state", String(8), nullable=False),  # open / taken / left / watch
    Column("person", String(64), index=True),  # the wd_owner cookie of who took the seat
    Column("name", String(40)),
    Column("won", Integer),
)

# The live invitations of the open seats (revision 0004): the SHA-256 of each token, never the token, so a
# copy of the database cannot take a seat. A seat may have several (each process mints its own when the
# creator asks for the links); taking the seat, or the table starting, deletes them all.
invitations_table = Table(
    "invitations",
    metadata,
    Column("digest", String(64), primary_key=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("expires", Float, nullable=False),  # seconds since the epoch
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(8), nullable=False),
)


def default_db_path() -> Path:
    """A per-user data directory (XDG), falling back to ./whistdrive.db."""
    base = os.environ.get("XDG_DATA_HOME") or (Path.home() / ".local" / "share")
    try:
        d = Path(base) / "whistdrive"
        d.mkdir(parents=True, exist_ok=True)
        return d / "whistdrive.db"
    except OSError:
        return Path("whistdrive.db")


@dataclass
class GameRow:
    id: str
    owner: str
    game: str
    options: dict
    seats: list[dict]
    human_seat: int
    token: str
    seed: int
    chance: list[dict]
    status: str = "active"
    result: dict | None = None
    human_won: int | None = None
    levels: str = ""
    undos: int = 0
    actions: list[tuple[int, str]] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    address: str | None = None
    grace: float | None = None
    standin: str | None = None
    places: dict[int, dict] = field(default_factory=dict)  # seat (-1: spectators) -> places row


CHANNEL = "whistdrive"  # PostgreSQL NOTIFY channel: "<origin> <game id>", or "... here:<seats>" (presence)


def _db_time():
    """Now, in seconds since the epoch, by the database's clock: leases compare across machines."""
    return func.extract("epoch", func.clock_timestamp())


class Stale(Exception):
    """The game changed since its writer looked (another process stored the move, or an undo)."""


PLACE_FIELDS = ("token", "state", "person", "name", "won")


def _places(rows) -> dict[int, dict]:
    """A game's places rows, by seat."""
    return {r.seat: {k: getattr(r, k) for k in PLACE_FIELDS} for r in rows}


def _sqlite_transactions(engine: Engine) -> None:
    """SQLite in WAL mode (readers never block the writer; durable on a crash), with real transactions:
    Python's driver would run DDL outside them, and a schema upgrade must be all or nothing."""

    @event.listens_for(engine, "connect")
    def _connect(conn, _record):
        conn.isolation_level = None  # the driver's own transaction handling off: BEGIN is ours
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN")


def engine_for(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        _sqlite_transactions(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)  # a dropped connection (server restart) is replaced, not used


class Store:
    """Synchronous store; :mod:`.tables` calls it from one writer thread."""

    def __init__(self, url: str, clock=None):
        """``clock`` (a :class:`.clock.Clock`) times the leases; None, the database's own clock, so
        that leases compare across machines."""
        self.url = url
        self._lease_now = _db_time if clock is None else (lambda: literal(clock.wall(), Float))
        self.engine = engine_for(url)
        migrate.upgrade(self.engine)
        self.origin = secrets.token_hex(4)  # this process, in the announcements it sends
        self.announces = self.engine.dialect.name == "postgresql"
        # a game's row, actions and places read as of one moment, however other processes write meanwhile
        self.snapshot = {"isolation_level": "REPEATABLE READ"} if self.announces else {}

    def announce_here(self, game_id: str, seats: list[int]) -> None:
        """Tell the other processes which seats of a game have a connection to this one."""
        with self.engine.begin() as c:
            c.execute(text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": f"{self.origin} {game_id} here:{','.join(map(str, seats))}"})

    def _changed(self, c, game_id: str) -> None:
        """Announce, at commit, that a game changed (to the other server processes)."""
        if self.announces:
            c.execute(text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": f"{self.origin} {game_id}"})

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """One round trip to the database; raises SQLAlchemyError when it cannot be reached."""
        with self.engine.connect() as c:
            c.execute(select(1)).scalar_one()

    # --- writes ------------------------------------------------------------
    def create(self, row: GameRow, invitations: dict[str, int] | None = None, expires: float = 0.0) -> None:
        """A new game, with its places and the invitations (digest -> seat) to its open seats."""
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(games_table).values(
                id=row.id, owner=row.owner, game=row.game, options=json.dumps(row.options),
                seats=json.dumps(row.seats), human_seat=row.human_seat, token=row.token, seed=str(row.seed),
                chance=json.dumps(row.chance), status=row.status, levels=row.levels, undos=0, n_actions=0,
                created=now, updated=now, address=row.address, grace=row.grace, standin=row.standin,
            ))
            for seat, p in row.places.items():
                c.execute(insert(places_table).values(game_id=row.id, seat=seat, **p))
            self._invite(c, row.id, invitations or {}, expires)

    def _invite(self, c, game_id: str, invitations: dict[str, int], expires: float) -> None:
        for digest, seat in invitations.items():
            c.execute(insert(invitations_table).values(digest=digest, game_id=game_id, seat=seat, expires=expires))

    def invite(self, game_id: str, invitations: dict[str, int], expires: float) -> None:
        """More invitations (digest -> seat); those already sent stay valid."""
        with self.engine.begin() as c:
            self._invite(c, game_id, invitations, expires)

    def claim(self, game_id: str, seat: int, digest: str, person: str, name: str,
              now: float | None = None) -> dict[int, dict] | None:
        """Take the seat an invitation opens, if the table is still open, the seat too and the
        invitation alive: the seat's invitations die. The game's places afterwards, or None.
        The game's row is locked first, so two processes seating people one after the other
        each see the other's seat (and exactly one of them finds the table full)."""
        g, p, i = games_table, places_table, invitations_table
        with self.engine.begin() as c:
            if c.execute(select(g.c.status).where(g.c.id == game_id).with_for_update()).scalar() != "open":
                return None
            if c.execute(select(i.c.digest).where(i.c.digest == digest, i.c.game_id == game_id, i.c.seat == seat,
                                                  i.c.expires >= (time.time() if now is None else now))).first() is None:
                return None
            if c.execute(update(p).where(p.c.game_id == game_id, p.c.seat == seat, p.c.state == "open")
                         .values(state="taken", person=person, name=name)).rowcount != 1:
                return None
            c.execute(delete(i).where(i.c.game_id == game_id, i.c.seat == seat))
            places = c.execute(select(p).where(p.c.game_id == game_id)).all()
            self._changed(c, game_id)
        return _places(places)

    def update_place(self, game_id: str, seat: int, **values) -> None:
        with self.engine.begin() as c:
            c.execute(update(places_table).where(places_table.c.game_id == game_id, places_table.c.seat == seat)
                      .values(**values))
            self._changed(c, game_id)

    def start(self, game_id: str, level: str) -> tuple[list[dict], str, dict[int, dict]] | None:
        """An open table starts: seats nobody took go to computers of ``level``; the invitations die.
        Its seats, levels and places, or None if it was not open. The game's row is locked first, so
        a person taking a seat through another process meanwhile is either seated or refused."""
        g, p = games_table, places_table
        with self.engine.begin() as c:
            r = c.execute(select(g.c.status, g.c.seats).where(g.c.id == game_id).with_for_update()).first()
            if r is None or r.status != "open":
                return None
            seats = json.loads(r.seats)
            for s in c.execute(select(p.c.seat).where(p.c.game_id == game_id, p.c.state == "open",
                                                      p.c.seat >= 0)).scalars():
                seats[s] = {"kind": "bot", "level": level}
            levels = "+".join(sorted({x["level"] for x in seats if x["kind"] == "bot"}))
            c.execute(update(g).where(g.c.id == game_id).values(
                status="active", seats=json.dumps(seats), levels=levels, updated=time.time()))
            c.execute(update(p).where(p.c.game_id == game_id, p.c.state == "open").values(state="bot"))
            c.execute(delete(invitations_table).where(invitations_table.c.game_id == game_id))
            places = c.execute(select(p).where(p.c.game_id == game_id)).all()
            self._changed(c, game_id)
        return seats, levels, {r.seat: {k: getattr(r, k) for k in PLACE_FIELDS} for r in places}

    def append_action(self, game_id: str, seq: int, seat: int, action: str, chance: list[dict] | None,
                      finished: dict | None = None, undos: int = 0) -> None:
        """Store action number ``seq`` (and the chance log if it grew, and the result if the game
        ended), if the game still has ``seq`` actions and ``undos`` undos; else raise :class:`Stale`."""
        values: dict = {"n_actions": seq + 1, "updated": time.time()}
        if chance is not None:
            values["chance"] = json.dumps(chance)
        if finished is not None:
            values.update(status="finished", result=json.dumps(finished["result"]), human_won=finished["human_won"])
        g = games_table
        with self.engine.begin() as c:  # the guarded update first: it locks the row until commit
            if c.execute(update(g).where(g.c.id == game_id, g.c.n_actions == seq, g.c.undos == undos)
                         .values(**values)).rowcount != 1:
                raise Stale(f"game {game_id} no longer has {seq} actions and {undos} undos")
            c.execute(insert(actions_table).values(game_id=game_id, seq=seq, seat=seat, action=action))
            for seat_won in (finished or {}).get("places", {}).items():
                c.execute(update(places_table).where(places_table.c.game_id == game_id,
                                                     places_table.c.seat == seat_won[0]).values(won=seat_won[1]))
            self._changed(c, game_id)

    def truncate(self, game_id: str, keep: int, seed: int, chance: list[dict], had: int, undos: int) -> None:
        """Undo: forget every action from index ``keep`` on; the hidden cards were dealt again
        (a new seed for the deals to come, the chance outcomes so far). :class:`Stale` unless the
        game still has ``had`` actions and ``undos`` undos."""
        g = games_table
        with self.engine.begin() as c:
            if c.execute(update(g).where(g.c.id == game_id, g.c.n_actions == had, g.c.undos == undos).values(
                    n_actions=keep, undos=undos + 1, updated=time.time(), status="active", result=None,
                    human_won=None, seed=str(seed), chance=json.dumps(chance))).rowcount != 1:
                raise Stale(f"game {game_id} no longer has {had} actions and {undos} undos")
            c.execute(delete(actions_table).where(actions_table.c.game_id == game_id, actions_table.c.seq >= keep))
            self._changed(c, game_id)

    def set_status(self, game_id: str, status: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(games_table).where(games_table.c.id == game_id).values(status=status,
                                                                                      updated=time.time()))
            self._changed(c, game_id)

    # --- the lease of the computer players (several processes, PostgreSQL) ---
    def lease(self, game_id: str, seconds: float, at: tuple[int, int] | None = None) -> bool:
        """Take or renew the lease of a game's computer players; False while another process holds it,
        or when the game is no longer at ``at`` (its number of actions and of undos): a process that has
        not yet heard of the last move must not think about the move before it."""
        g, now = games_table, self._lease_now()
        where = [g.c.id == game_id, (g.c.driver.is_(None)) | (g.c.driver == self.origin) | (g.c.driver_until < now)]
        if at is not None:
            where += [g.c.n_actions == at[0], g.c.undos == at[1]]
        with self.engine.begin() as c:
            return c.execute(update(g).where(*where).values(driver=self.origin, driver_until=now + seconds)).rowcount == 1

    def keep_leases(self, driving: list[str], seconds: float) -> None:
        """Renew the leases of the games whose computers this process is driving; give up the others."""
        g, now = games_table, self._lease_now()
        with self.engine.begin() as c:
            c.execute(update(g).where(g.c.driver == self.origin, g.c.id.in_(driving))
                      .values(driver_until=now + seconds))
            c.execute(update(g).where(g.c.driver == self.origin, g.c.id.not_in(driving))
                      .values(driver=None, driver_until=None))

    def hand_over(self, to_move: list[str]) -> None:
        """A clean stop: the games of ``to_move`` (a computer to move) get a lease that has run out, so
        another process takes them over at once (:meth:`orphans`), unless another holds them; the
        other leases of this process are given up."""
        g, now = games_table, self._lease_now()
        with self.engine.begin() as c:
            c.execute(update(g).where(g.c.id.in_(to_move), (g.c.driver.is_(None)) | (g.c.driver == self.origin)
                                      | (g.c.driver_until < now)).values(driver=self.origin, driver_until=now))
            c.execute(update(g).where(g.c.driver == self.origin, g.c.id.not_in(to_move))
                      .values(driver=None, driver_until=None))

    def orphans(self) -> list[str]:
        """Running games whose lease ran out while held: their process died or lost the database, or
        stopped and handed them over."""
        g = games_table
        with self.engine.connect() as c:
            return list(c.execute(select(g.c.id).where(g.c.status == "active", g.c.driver.is_not(None),
                                                       g.c.driver_until < self._lease_now())).scalars())

    # --- reads -------------------------------------------------------------
    def _row(self, r, actions) -> GameRow:
        return GameRow(
            id=r.id, owner=r.owner, game=r.game, options=json.loads(r.options), seats=json.loads(r.seats),
            human_seat=r.human_seat, token=r.token, seed=int(r.seed), chance=json.loads(r.chance), status=r.status,
            result=json.loads(r.result) if r.result else None, human_won=r.human_won, levels=r.levels,
            undos=r.undos, actions=actions, created=r.created, updated=r.updated, address=r.address,
            grace=r.grace, standin=r.standin,
        )

    def load(self, game_id: str) -> GameRow | None:
        with self.engine.connect().execution_options(**self.snapshot) as c:
            r = c.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if r is None:
                return None
            acts = c.execute(select(actions_table.c.seat, actions_table.c.action)
                             .where(actions_table.c.game_id == game_id).order_by(actions_table.c.seq)).all()
            places = c.execute(select(places_table).where(places_table.c.game_id == game_id)).all()
        row = self._row(r, [(a.seat, a.action) for a in acts])
        row.places = _places(places)
        return row

    def find_token(self, token: str) -> tuple[str, int] | None:
        """The (game, seat) a seat or spectator link opens (seat -1: a spectator)."""
        with self.engine.connect() as c:
            r = c.execute(select(places_table.c.game_id, places_table.c.seat)
                          .where(places_table.c.token == token)).first()
        return (r.game_id, r.seat) if r else None

    def find_invite(self, digest: str) -> tuple[str, int, float] | None:
        """The (game, seat, expiry) of a live invitation's digest."""
        i = invitations_table
        with self.engine.connect() as c:
            r = c.execute(select(i.c.game_id, i.c.seat, i.c.expires).where(i.c.digest == digest)).first()
        return (r.game_id, r.seat, r.expires) if r else None

    def count_unfinished(self, person: str | None = None, address: str | None = None) -> int:
        """Open and running tables created by a person (or from an address): the creation limits."""
        q = select(games_table.c.id).where(games_table.c.status.in_(("open", "active")))
        q = q.where(games_table.c.owner == person) if person is not None else q.where(games_table.c.address == address)
        with self.engine.connect() as c:
            return len(c.execute(q).all())

    def ids(self, *statuses: str) -> list[str]:
        statuses = statuses or ("active",)
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games_table.c.id).where(games_table.c.status.in_(statuses)))]

    def listing(self, person: str) -> dict:
        """The tables where a person holds a seat (open, running, finished) and their statistics:
        per game and computer levels faced, games played, won and played with an undo."""
        g = games_table
        with self.engine.connect() as c:
            rows = c.execute(select(g.c.id, g.c.game, g.c.options, g.c.levels, g.c.status, g.c.n_actions, g.c.updated,
                                    g.c.owner, g.c.undos, g.c.seats, places_table.c.won, places_table.c.state)
                             .join(places_table, places_table.c.game_id == g.c.id)
                             .where(places_table.c.person == person, places_table.c.seat >= 0)
                             .order_by(g.c.updated.desc())).all()
        unfinished, finished, stats = [], [], {}
        for r in rows:
            seats = json.loads(r.seats)
            item = {"id": r.id, "game": r.game, "options": json.loads(r.options), "levels": r.levels,
                    "actions": r.n_actions, "updated": r.updated, "status": r.status, "mine": r.owner == person,
                    "people": sum(1 for s in seats if s["kind"] == "human")}
            if r.status in ("open", "active"):
                if r.state != "left":  # a table its person left is no longer theirs to resume
                    unfinished.append(item)
            elif r.status == "finished":
                finished.append(item)
                key = (r.game, r.levels)
                s = stats.setdefault(key, {"game": r.game, "levels": r.levels, "played": 0, "won": 0, "undo": 0})
                s["played"] += 1
                s["won"] += 1 if r.won else 0
                s["undo"] += 1 if r.undos else 0
        return {"unfinished": unfinished, "finished": finished[:20],
                "stats": sorted(stats.values(), key=lambda s: (s["game"], s["levels"]))}
