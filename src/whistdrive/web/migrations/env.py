"""Alembic's environment: runs the revisions inside the transaction whistdrive opened
(:func:`whistdrive.web.migrate.upgrade`), or on ``alembic -x url=URL ...`` from a clone."""

from alembic import context
from sqlalchemy import create_engine

from whistdrive.web.store import metadata


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:////path/to/whistdrive.db ...")
    with create_engine(url).begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


if hasattr(context, "config"):  # run by Alembic; a doctest collector importing this file finds no context
    run_migrations()
