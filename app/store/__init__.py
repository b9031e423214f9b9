"""Persistence: SQLModel tables, the event log, migrations (migrations/ at the top level)."""
