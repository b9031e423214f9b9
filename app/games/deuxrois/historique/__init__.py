"""Mode Historique: the 28 historical events (rulings §5)."""
