"""Load and latency benchmarks: `python -m bench` (docs/performance.md). Not part of the test run."""
