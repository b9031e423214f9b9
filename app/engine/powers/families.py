"""Imports every power family so each registers its powers. To add a family: one module, one line here."""

from app.engine.powers import authority, election, envoy, movement, reveal_triggers

__all__ = ["authority", "election", "envoy", "movement", "reveal_triggers"]
