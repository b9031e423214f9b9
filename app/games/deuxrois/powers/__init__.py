"""Powers of the cards, one module per family; `families` imports them all (registration)."""
