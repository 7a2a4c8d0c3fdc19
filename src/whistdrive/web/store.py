"""Persistence of web games: SQLAlchemy Core over SQLite by default.

A game row holds everything needed to rebuild it exactly: game name,
options, seat kinds, the secret seed, and the chance outcomes so far; the
``actions`` table holds every action in order. An action row is committed
before the action is acknowledged to anybody (see :mod:`.tables`).
"""

from __future__ import annotations

import json
import os
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
    insert,
    select,
    update,
)

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


class Store:
    """Synchronous store; :mod:`.tables` calls it from one writer thread."""

    def __init__(self, url: str):
        self.url = url
        kwargs: dict = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn, _record):  # WAL: readers never block the writer; durable on a crash
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """One round trip to the database; raises SQLAlchemyError when it cannot be reached."""
        with self.engine.connect() as c:
            c.execute(select(1)).scalar_one()

    # --- writes ------------------------------------------------------------
    def create(self, row: GameRow) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(games_table).values(
                id=row.id, owner=row.owner, game=row.game, options=json.dumps(row.options),
                seats=json.dumps(row.seats), human_seat=row.human_seat, token=row.token, seed=str(row.seed),
                chance=json.dumps(row.chance), status=row.status, levels=row.levels, undos=0, n_actions=0,
                created=now, updated=now,
            ))

    def append_action(self, game_id: str, seq: int, seat: int, action: str, chance: list[dict] | None,
                      finished: dict | None = None) -> None:
        """Store one action (and the chance log if it grew, and the result if the game ended)."""
        values: dict = {"n_actions": seq + 1, "updated": time.time()}
        if chance is not None:
            values["chance"] = json.dumps(chance)
        if finished is not None:
            values.update(status="finished", result=json.dumps(finished["result"]), human_won=finished["human_won"])
        with self.engine.begin() as c:
            c.execute(insert(actions_table).values(game_id=game_id, seq=seq, seat=seat, action=action))
            c.execute(update(games_table).where(games_table.c.id == game_id).values(**values))

    def truncate(self, game_id: str, keep: int) -> None:
        """Undo: forget every action from index ``keep`` on."""
        with self.engine.begin() as c:
            c.execute(delete(actions_table).where(actions_table.c.game_id == game_id, actions_table.c.seq >= keep))
            c.execute(update(games_table).where(games_table.c.id == game_id).values(
                n_actions=keep, undos=games_table.c.undos + 1, updated=time.time(), status="active",
                result=None, human_won=None))

    def set_status(self, game_id: str, status: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(games_table).where(games_table.c.id == game_id).values(status=status,
                                                                                      updated=time.time()))

    # --- reads -------------------------------------------------------------
    def _row(self, r, actions) -> GameRow:
        return GameRow(
            id=r.id, owner=r.owner, game=r.game, options=json.loads(r.options), seats=json.loads(r.seats),
            human_seat=r.human_seat, token=r.token, seed=int(r.seed), chance=json.loads(r.chance), status=r.status,
            result=json.loads(r.result) if r.result else None, human_won=r.human_won, levels=r.levels,
            undos=r.undos, actions=actions, created=r.created, updated=r.updated,
        )

    def load(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if r is None:
                return None
            acts = c.execute(select(actions_table.c.seat, actions_table.c.action)
                             .where(actions_table.c.game_id == game_id).order_by(actions_table.c.seq)).all()
        return self._row(r, [(a.seat, a.action) for a in acts])

    def ids(self, status: str = "active") -> list[str]:
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games_table.c.id).where(games_table.c.status == status))]

    def listing(self, owner: str) -> dict:
        """Unfinished games and statistics (played / won per game and level) of one owner."""
        with self.engine.connect() as c:
            rows = c.execute(select(games_table.c.id, games_table.c.game, games_table.c.options,
                                    games_table.c.levels, games_table.c.status, games_table.c.human_won,
                                    games_table.c.n_actions, games_table.c.updated)
                             .where(games_table.c.owner == owner).order_by(games_table.c.updated.desc())).all()
        unfinished, finished, stats = [], [], {}
        for r in rows:
            item = {"id": r.id, "game": r.game, "options": json.loads(r.options), "levels": r.levels,
                    "actions": r.n_actions, "updated": r.updated}
            if r.status == "active":
                unfinished.append(item)
            elif r.status == "finished":
                finished.append(item)
                key = (r.game, r.levels)
                s = stats.setdefault(key, {"game": r.game, "levels": r.levels, "played": 0, "won": 0})
                s["played"] += 1
                s["won"] += 1 if r.human_won else 0
        return {"unfinished": unfinished, "finished": finished[:20],
                "stats": sorted(stats.values(), key=lambda s: (s["game"], s["levels"]))}
