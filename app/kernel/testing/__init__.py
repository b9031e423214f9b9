"""Test harness every game's tests reuse: random playouts through the game's own door, and leak scans."""
