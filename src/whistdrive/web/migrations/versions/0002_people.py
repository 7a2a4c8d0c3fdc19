"""Tables for several people: each game's places (seats, spectator link, invitations) and
three columns of ``games`` (the creator's address, the grace time, the stand-in level).

Every game of the first release gets its one person: the creator at the human
seat with the game's token, and whether they won. A database written by a
development build between the two releases already has the columns and the
table (it patched them in on opening); they are kept as they are.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

COLUMNS = (("address", sa.String(64)), ("grace", sa.Float), ("standin", sa.String(16)))


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    have = {c["name"] for c in inspector.get_columns("games")}
    for name, type_ in COLUMNS:
        if name not in have:
            op.add_column("games", sa.Column(name, type_))
    if not inspector.has_table("places"):
        op.create_table(
            "places",
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("token", sa.String(64), nullable=False),
            sa.Column("state", sa.String(8), nullable=False),
            sa.Column("person", sa.String(64)),
            sa.Column("name", sa.String(40)),
            sa.Column("invite", sa.String(64)),
            sa.Column("invite_expires", sa.Float),
            sa.Column("won", sa.Integer),
        )
        op.create_index("ix_places_token", "places", ["token"])
        op.create_index("ix_places_person", "places", ["person"])
        op.create_index("ix_places_invite", "places", ["invite"])
    op.execute(
        "INSERT INTO places (game_id, seat, token, state, person, won) "
        "SELECT id, human_seat, token, 'taken', owner, human_won FROM games "
        "WHERE NOT EXISTS (SELECT 1 FROM places WHERE places.game_id = games.id)"
    )


def downgrade() -> None:
    raise NotImplementedError("whistdrive only upgrades: restore a backup to go back")
