"""The benchmark harness: a registry, per-operation timings, a table or JSON of the results.

A benchmark is a function taking `Options` and returning one or more `Result`s.
It times each operation itself with `Timer` (so set-up is never counted) and
registers with `@benchmark("name", "what it measures")`.
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Options:
    """What the command line passes to every benchmark."""

    quick: bool = False  # a smoke run: a tenth of the operations
    database_url: str | None = None  # a database to run against instead of a fresh SQLite file
    workdir: Path = Path(".")  # a scratch folder, removed after the run

    def scale(self, n: int) -> int:
        return max(1, n // 10) if self.quick else n


@dataclass
class Timer:
    """Collects one duration per operation: `with timer: op()`, or `timer.add(ns)`."""

    samples_ns: list[int] = field(default_factory=list)
    _start: int = 0

    def __enter__(self) -> Timer:
        self._start = time.perf_counter_ns()
        return self

    def __exit__(self, *exc: object) -> None:
        self.samples_ns.append(time.perf_counter_ns() - self._start)

    def add(self, ns: int) -> None:
        self.samples_ns.append(ns)


@dataclass(frozen=True)
class Result:
    """The timings of one benchmark case, and what it ran on."""

    name: str
    samples_ns: list[int]
    units_per_op: int = 1  # e.g. events per commit: throughput is reported in units
    unit: str = "op"
    info: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        samples = sorted(self.samples_ns)
        total_s = sum(samples) / 1e9
        ops = len(samples)
        return {
            "name": self.name,
            "ops": ops,
            "unit": self.unit,
            "ops_per_s": round(ops / total_s, 1) if total_s else math.inf,
            "throughput_per_s": round(ops * self.units_per_op / total_s, 1) if total_s else math.inf,
            "mean_ms": round(statistics.fmean(samples) / 1e6, 4),
            "p50_ms": round(_percentile(samples, 50) / 1e6, 4),
            "p95_ms": round(_percentile(samples, 95) / 1e6, 4),
            "p99_ms": round(_percentile(samples, 99) / 1e6, 4),
            "max_ms": round(samples[-1] / 1e6, 4),
            **({"info": self.info} if self.info else {}),
        }


def _percentile(sorted_samples: list[int], pct: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, math.ceil(pct / 100 * len(sorted_samples)))
    return float(sorted_samples[rank - 1])


BenchmarkFn = Callable[[Options], list[Result]]


@dataclass(frozen=True)
class Benchmark:
    name: str
    description: str
    run: BenchmarkFn


REGISTRY: dict[str, Benchmark] = {}


def benchmark(name: str, description: str) -> Callable[[BenchmarkFn], BenchmarkFn]:
    """Register a benchmark under `name` (what `python -m bench NAME` runs)."""

    def register(fn: BenchmarkFn) -> BenchmarkFn:
        if name in REGISTRY:
            raise ValueError(f"two benchmarks named {name!r}")
        REGISTRY[name] = Benchmark(name, description, fn)
        return fn

    return register


def environment() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "system": f"{platform.system()} {platform.release()}",
        "processor": platform.processor() or "unknown",
        "cpus": str(os.cpu_count()),
        # Other jobs on the machine move these numbers a lot: record how busy it was.
        "loadavg_1m": f"{os.getloadavg()[0]:.2f}",
    }


COLUMNS = (
    "name",
    "ops",
    "ops_per_s",
    "throughput_per_s",
    "unit",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "max_ms",
    "backend",
    "more",  # a case's other facts (its info besides the backend), as key=value
)


def table(summaries: list[dict[str, Any]]) -> str:
    def cell(s: dict[str, Any], c: str) -> str:
        info = s.get("info", {})
        if c == "more":
            return " ".join(f"{k}={v}" for k, v in info.items() if k != "backend")
        return str(s.get(c, info.get(c, "")))

    rows = [[cell(s, c) for c in COLUMNS] for s in summaries]
    widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(COLUMNS)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths, strict=True)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)


def write_json(path: Path, summaries: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps({"environment": environment(), "results": summaries}, indent=2) + "\n")
