"""A stopping server starts no new work: a computer kicked after the tables closed (by a lease timer or
a message from another process still on its way) would call the database writer thread, already shut down,
and its task would end in "cannot schedule new futures after shutdown"."""

from __future__ import annotations

from .conftest import create, make_client


def test_a_table_kicked_after_the_tables_closed_starts_no_computer(db_path):
    with make_client(db_path) as c:
        c.get("/")
        g = create(c, "german")
        tables = c.app.state.tables
        t = tables.live[g["id"]]

        async def close_then_kick():
            tables.close()
            t.bot_task = None  # as for a table whose computer was not thinking
            tables.play.kick(t)
            return t.bot_task

        assert c.portal.call(close_then_kick) is None
