"""The `deuxrois` command line: JSON on stdout, one clear line on stderr and status 2 for bad input."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from app.games.deuxrois.deal import deal
from app.kernel.text import EngineError


class UsageError(Exception):
    """Bad input from the command line or a file: one line, status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _emit(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _read_json(path: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not UTF-8 text (byte {exc.start})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from exc
    except RecursionError as exc:
        raise UsageError(f"{path} is nested too deeply to read") from exc


def _cmd_deal(args: argparse.Namespace) -> None:
    cards = deal(args.players, args.seed)
    _emit({"players": args.players, "cards": cards})


def _cmd_score(args: argparse.Namespace) -> None:
    from app.games.deuxrois.position import score_file_data

    _emit(score_file_data(_read_json(args.file)))


def _cmd_simulate(args: argparse.Namespace) -> None:
    from app.games.deuxrois.scenario import simulate_file_data

    _emit(simulate_file_data(_read_json(args.file)))


def _cmd_debarquement_score(args: argparse.Namespace) -> None:
    from app.games.debarquement.captures import score_captures_data

    _emit(score_captures_data(_read_json(args.file)))


def _cmd_serve(args: argparse.Namespace) -> None:
    from app.settings import Settings
    from app.web.serve import serve, workers_refusal

    settings = Settings()
    workers = args.workers if args.workers is not None else settings.workers
    refusal = workers_refusal(settings, workers)
    if refusal is not None:
        raise UsageError(refusal)
    serve(host=args.host, port=args.port, workers=workers)


def _cmd_export(args: argparse.Namespace) -> None:
    from app.store.export import export_game

    _emit(export_game(args.code, args.database))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="deuxrois", description="Deux Rois pour un Royaume: live game server and tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("deal", help="deal the standard deck for N players (6..50)")
    p.add_argument("players", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_cmd_deal)

    p = sub.add_parser("score", help="score an end-of-game position (JSON file)")
    p.add_argument("file")
    p.set_defaults(func=_cmd_score)

    p = sub.add_parser("simulate", help="play a scripted game (JSON scenario file) and score it")
    p.add_argument("file")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser("serve", help="run the web server")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=None,
                   help="server processes sharing the port (default: WORKERS, else 1); more than one needs "
                        "PostgreSQL and Redis (docs/self-hosting.md)")
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser("export", help="export a game's event log as a replayable JSON scenario")
    p.add_argument("code")
    p.add_argument("--database", default=None, help="database URL (default: the server's)")
    p.set_defaults(func=_cmd_export)

    deb = sub.add_parser("debarquement", help="the 2-8 player card variant")
    deb_sub = deb.add_subparsers(dest="deb_command", required=True, parser_class=_Parser)
    p = deb_sub.add_parser("score", help="score captured boats (JSON file)")
    p.add_argument("file")
    p.set_defaults(func=_cmd_debarquement_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        func: Callable[[argparse.Namespace], None] = args.func
        func(args)
    except UsageError as exc:
        sys.stderr.write(f"deuxrois: {exc}\n")
        return 2
    except EngineError as exc:
        sys.stderr.write(f"deuxrois: {exc.message.en}\n")
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
