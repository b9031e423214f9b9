"""games.variant becomes games.game: the registry id of the game a log runs on

Before a game was a folder, `variant` held "classic", "historique" or
"debarquement". Mode Historique is a Deux Rois option that its config already
carries, so "classic" and "historique" both become "deuxrois"; games created
before this revision keep playing.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 18:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.alter_column("variant", new_column_name="game", existing_type=sa.String(length=32),
                              existing_nullable=False, server_default=None)
    op.execute("UPDATE games SET game = 'deuxrois' WHERE game IN ('classic', 'historique')")


def downgrade() -> None:
    op.execute("UPDATE games SET game = 'classic' WHERE game = 'deuxrois'")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.alter_column("game", new_column_name="variant", existing_type=sa.String(length=32),
                              existing_nullable=False)
