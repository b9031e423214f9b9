"""Where a server's memory goes, by line: `deuxrois serve` under tracemalloc, a snapshot at each SIGUSR1.

    python -m bench.traced_serve --snapshots DIR serve --host 127.0.0.1 --port P   # then kill -USR1 PID, twice
    python -m bench.traced_serve --compare DIR/1.snapshot DIR/2.snapshot --per 768

The first form is the server, slower by the tracing (a few times): take one snapshot with some sockets
open and one with more, so that start-up and the games' own memory drop out. The second prints what grew
between two snapshots by file and by line, divided by `--per` (the sockets opened between them). Not in
`make bench`: RSS is what `side-by-side` reports; this says which line holds it (see the fifteenth pass).
"""

from __future__ import annotations

import argparse
import gc
import signal
import sys
import tracemalloc
from pathlib import Path
from types import FrameType

SITE = "site-packages/"


def _short(filename: str) -> str:
    return filename.split(SITE, 1)[-1]


def compare(first: Path, second: Path, per: int, top: int = 25) -> str:
    """What grew from `first` to `second`, by file then by line, in KiB (and objects) per `per`."""
    a, b = tracemalloc.Snapshot.load(str(first)), tracemalloc.Snapshot.load(str(second))
    out: list[str] = []
    for key in ("filename", "lineno"):
        stats = b.compare_to(a, key)
        out.append(f"by {key}: {sum(s.size_diff for s in stats) / 1024 / per:.1f} KiB each")
        for s in stats[:top]:
            frame = s.traceback[0]
            where = _short(frame.filename) + (f":{frame.lineno}" if key == "lineno" else "")
            out.append(f"{s.size_diff / 1024 / per:8.2f} KiB {s.count_diff / per:7.1f} objects  {where}")
    return "\n".join(out)


def serve(snapshots: Path, argv: list[str]) -> int:
    snapshots.mkdir(parents=True, exist_ok=True)
    taken = 0

    def snapshot(_signum: int, _frame: FrameType | None) -> None:
        nonlocal taken
        gc.collect()
        taken += 1
        tracemalloc.take_snapshot().dump(str(snapshots / f"{taken}.snapshot"))

    tracemalloc.start(1)
    signal.signal(signal.SIGUSR1, snapshot)
    from app.cli import main as deuxrois  # imported traced: the modules' own memory counts too

    return deuxrois(argv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.traced_serve", description=__doc__.splitlines()[0])
    parser.add_argument("--snapshots", type=Path, help="folder for the snapshots (serve)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("FIRST", "SECOND"))
    parser.add_argument("--per", type=int, default=1, help="divide what grew by this (sockets opened)")
    parser.add_argument("--top", type=int, default=25)
    args, rest = parser.parse_known_args(argv)
    if args.compare:
        first, second = args.compare
        print(compare(first, second, per=args.per, top=args.top))
        return 0
    if args.snapshots is None or not rest:
        parser.error("either --compare FIRST SECOND, or --snapshots DIR followed by deuxrois's arguments")
    return serve(args.snapshots, rest)


if __name__ == "__main__":
    sys.exit(main())
