"""moderator_sessions: the game master's browsers, by the hash of their session cookie

The moderator's link (`/m/CODE?k=secret`) used to become the cookie itself,
unchanged for a year. Now the link is exchanged for a session on first use: a
new random value in the cookie, stored hashed here, with the link's secret
sealed by that value so the dashboard can show the link again to that browser
(and a copy of the database alone cannot). A new link ends every session.

Games created before this revision keep playing: their link still works, and
a cookie that holds the secret itself is still accepted and exchanged for a
session at the next visit (until the game master issues a new link).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 18:51:42
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel  # noqa: F401  (sqlmodel.sql.sqltypes below)
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "moderator_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("session_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("sealed_link", sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_moderator_sessions_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_moderator_sessions")),
    )
    with op.batch_alter_table("moderator_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_moderator_sessions_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_moderator_sessions_session_hash"), ["session_hash"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("moderator_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_moderator_sessions_session_hash"))
        batch_op.drop_index(batch_op.f("ix_moderator_sessions_game_id"))
    op.drop_table("moderator_sessions")
