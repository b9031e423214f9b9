"""events.command: the command (and its actor) that produced each batch of events

Kept on the first event of a batch, so `deuxrois export` can write a scenario
of commands that `deuxrois simulate` replays, and the moderator's fixes stay
auditable by who asked for them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 04:05:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("command", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("command")
