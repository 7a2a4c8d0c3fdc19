"""The database's schema version: upgrading it with Alembic when the store opens.

The revisions ship inside the package (``migrations/``), so an installed
whistdrive upgrades the database it is given without any file of its own. A
database of the first release has no version table: it is stamped with the
baseline revision, then upgraded. A database at a revision this whistdrive
does not know was written by a newer one, and is refused rather than guessed at.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from whistdrive.errors import WhistError

MIGRATIONS = Path(__file__).with_name("migrations")
BASELINE = "0001"
# Held for the upgrade's transaction on PostgreSQL, so server processes starting together upgrade one at a time.
UPGRADE_LOCK = 0x77686973  # "whis"


class SchemaError(WhistError, RuntimeError):
    """The database's schema is one this whistdrive cannot use (written by a newer version)."""


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision this whistdrive knows."""
    rev = ScriptDirectory.from_config(config()).get_current_head()
    assert rev is not None
    return rev


def current(connection: Connection) -> tuple[str, ...]:
    """The revisions the database is stamped with (empty: unversioned or empty)."""
    return tuple(MigrationContext.configure(connection).get_current_heads())


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision in one transaction (nothing to do when it is there)."""
    script = ScriptDirectory.from_config(config())
    known = {s.revision for s in script.walk_revisions()}
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK})
        have = current(conn)
        unknown = [r for r in have if r not in known]
        if unknown:
            raise SchemaError(f"the database's schema is at revision {', '.join(unknown)}, which this whistdrive "
                              f"does not know (its newest is {script.get_current_head()}): it was written by a "
                              "newer whistdrive; run that one, or restore a backup")
        if not have and inspect(conn).has_table("games"):
            command.stamp(config(conn), BASELINE)  # a database of the first release: no version table yet
        command.upgrade(config(conn), "head")
