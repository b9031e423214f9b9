"""The games this server hosts (the registry is filled in by the next step of the re-housing)."""
