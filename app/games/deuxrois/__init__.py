"""The pure rules engine: no I/O, no clock, no unseeded randomness."""
