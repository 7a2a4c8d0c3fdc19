"""Baseline: the schema of the first release (games and their actions).

A database of that release has no version table; whistdrive stamps it with
this revision before upgrading (:func:`whistdrive.web.migrate.upgrade`).
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("human_seat", sa.Integer, nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("seed", sa.String(32), nullable=False),
        sa.Column("chance", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.Text),
        sa.Column("human_won", sa.Integer),
        sa.Column("levels", sa.String(64), nullable=False),
        sa.Column("undos", sa.Integer, nullable=False),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_games_owner", "games", ["owner"])
    op.create_index("ix_games_status", "games", ["status"])
    # (game, seq) is the primary key: two writers can never both store action number seq of a game
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(8), nullable=False),
    )


def downgrade() -> None:
    raise NotImplementedError("whistdrive only upgrades: restore a backup to go back")
