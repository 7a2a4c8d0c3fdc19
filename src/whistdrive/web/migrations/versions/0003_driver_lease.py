"""The lease of a game's computer players: which server process drives them, and until when.

Several server processes may hold one table; only the holder of its lease lets
its computers play. The holder renews the lease while they think; when it dies
the lease runs out and another process takes the table over.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("driver", sa.String(16)))
    op.add_column("games", sa.Column("driver_until", sa.Float))
    op.create_index("ix_games_driver", "games", ["driver"])


def downgrade() -> None:
    raise NotImplementedError("whistdrive only upgrades: restore a backup to go back")
