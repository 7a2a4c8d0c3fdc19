"""Invitations in a table of their own, so every server process can honour them.

An invitation was one hash in its seat's ``places`` row: the process that made
it kept the link itself in memory, and a second process showing the creator
their links had to replace it, killing the link already sent to a friend. Now a
seat may have several live invitations (each process mints its own when asked
for the links); each is stored as the SHA-256 of its token with its expiry, and
taking the seat deletes all of them. The open seats' invitations move over.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_invitations_game_id", "invitations", ["game_id"])
    op.execute(
        "INSERT INTO invitations (digest, game_id, seat, expires) "
        "SELECT invite, game_id, seat, invite_expires FROM places "
        "WHERE state = 'open' AND invite IS NOT NULL AND invite_expires IS NOT NULL"
    )
    op.drop_index("ix_places_invite", table_name="places")
    with op.batch_alter_table("places") as batch:
        batch.drop_column("invite")
        batch.drop_column("invite_expires")


def downgrade() -> None:
    raise NotImplementedError("whistdrive only upgrades: restore a backup to go back")
