"""Live updates between server processes sharing one PostgreSQL database.

Every change of a game is announced by the store inside its transaction
(``NOTIFY whistdrive, '<origin> <game id>'``, delivered only if it commits). Each
process listens on one connection of its own and has the tables it holds catch
up with the database, so the people connected to any process see every move.
PostgreSQL's LISTEN/NOTIFY needs no other service; a notification sent while the
connection was not listening (down, or not yet up when the process started) is made
up for by catching up every table once the connection listens.
Presence travels the same way: which seats of a table have a connection to
which process (``here:0,2``), so a person connected elsewhere is not "away".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("whistdrive.web")


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


Changed = Callable[[str, str | None, "set[int] | None"], Awaitable[None]]


async def listen(url: str, origin: str, changed: Changed, retry: float = 1.0) -> None:
    """Call ``changed(sender, game_id, None)`` for each game another process changed,
    ``changed(sender, game_id, seats)`` when it tells the seats connected to it, and
    ``changed("", None, None)`` each time it starts listening (anything may have changed since the
    tables here were loaded: at start-up the first tables can be loaded before the listening begins).
    Runs until cancelled."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                await changed("", None, None)
                async for note in conn.notifies():
                    sender, game_id, *rest = note.payload.split(" ")
                    if sender == origin:
                        continue
                    here = rest[0].removeprefix("here:") if rest else None
                    await changed(sender, game_id, None if here is None else {int(x) for x in here.split(",") if x})
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.warning("live updates from other server processes interrupted (%s): reconnecting", e)
            await asyncio.sleep(retry)
