"""Instructions a tap costs, counted by valgrind's callgrind: the same figure on a busy machine as on a quiet one.

`python -m bench.instructions [--taps 80]` plays the `fanout-50` table (50 phones, the dashboard, the big
screen, the same deal every run) under callgrind twice, with no tap and with `--taps` taps (complète
requests and their acceptances, in one room, as `fanout-50` does), and prints the difference per tap: the
store's transaction, decide, the audience, the views and their HTML, without HTTP and sockets. On the
project's shared VMs a timed tap moved by 2x within minutes; this count moves much less, but not by nothing:
the taps come faster than the pace sends to the loop, so most are written in the store's threads, whose
commits group differently from run to run (one tree counted 9.94 and 9.66 M a tap an hour apart). Compare
two trees over several runs each (`PYTHONPATH=<tree>`, from that tree) for a change under ~3 %. A round's
events pile up as the taps go on (a long negotiation at 50 players), so compare runs of the same `--taps`.
Needs valgrind (Debian's package); each run takes a minute or two.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import fanout
from bench.harness import Options

COLLECTED = re.compile(r"Collected : (\d+)")


async def _play(taps: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        games, hub, conns, _sent = await fanout._table(Options(workdir=Path(scratch)), "instructions")
        writers = await fanout.writing(conns)
        await fanout.play_taps(hub, taps)
        await fanout.finish(games, conns, writers)


def _count(taps: int) -> int:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-m", "bench.instructions", "--play", str(taps)],
                         capture_output=True, text=True, check=True)
    found = COLLECTED.search(run.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-500:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=80, help="taps to count (even; default 80)")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the child run under callgrind
    args = parser.parse_args(argv)
    if args.play is not None:
        asyncio.run(_play(args.play))
        return 0
    empty, played = _count(0), _count(args.taps)
    print(f"{args.taps} taps: {(played - empty) / args.taps / 1e6:.2f} M instructions a tap "
          f"(set-up alone {empty / 1e9:.2f} G)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
