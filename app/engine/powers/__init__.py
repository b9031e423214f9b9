"""Powers of the cards, one module per family."""
