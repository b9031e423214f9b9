"""`python -m bench [NAME ...]`: run the benchmarks, print a table (and JSON with --json)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from bench import deuxrois_views, fanout, store, storm  # noqa: F401  (registers their benchmarks)
from bench.harness import REGISTRY, Options, environment, table, write_json


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all); see --list")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    parser.add_argument("--quick", action="store_true", help="a tenth of the operations: a smoke run")
    parser.add_argument(
        "--database-url",
        help="run the store benchmarks on this PostgreSQL server (a scratch database is created and dropped), "
        "e.g. postgresql+psycopg://postgres@127.0.0.1:5432/postgres; default: a fresh SQLite file",
    )
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    args = parser.parse_args(argv)

    if args.list:
        for bench in REGISTRY.values():
            print(f"{bench.name:20} {bench.description}")
        return 0
    unknown = [n for n in args.names if n not in REGISTRY]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)} (see --list)")

    env = environment()
    print(
        f"# python {env['python']} on {env['system']} {env['machine']}, {env['cpus']} CPUs,"
        f" load average {env['loadavg_1m']}",
        file=sys.stderr,
    )
    summaries = []
    with tempfile.TemporaryDirectory(prefix="deuxrois-bench-") as tmp:
        for name in args.names or list(REGISTRY):
            print(f"# {name}: {REGISTRY[name].description}", file=sys.stderr)
            options = Options(quick=args.quick, database_url=args.database_url, workdir=Path(tmp) / name)
            options.workdir.mkdir()
            summaries += [result.summary() for result in REGISTRY[name].run(options)]
    print(table(summaries))
    if args.json:
        write_json(args.json, summaries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
