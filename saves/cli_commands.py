"""The save-related subcommands of ``holotable``: ``saves``, ``replay``, ``verify``, ``export``.

Each takes its arguments as a list (what follows the subcommand's name) and returns
``(text, exit code)``; nothing is printed, nothing exits. Exit codes: 0 done (for verify: OK),
1 refused or failed (unknown or unreadable game, verify mismatch, seed still secret), 2 bad usage.
Every command reads; none takes a game's lock or writes a file.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Sequence

from core.errors import HolotableError
from core.registry import find_ruleset
from saves.replay import export_turn, replay_text
from saves.store import GameStore
from saves.verify import verify

OK, FAILED, USAGE = 0, 1, 2


class _Usage(Exception):
    """A bad command line: the message and the usage text."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(f"holotable {self.prog.split()[-1]}: {message}\n{self.format_usage()}")

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _Usage(message or self.format_help())


def _parser(name: str, description: str) -> _Parser:
    parser = _Parser(prog=f"holotable {name}", description=description, add_help=True)
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where the games are (default: $HOLOTABLE_DATA_DIR or the user data directory)")
    return parser


def _viewer_args(parser: _Parser) -> None:
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--as", dest="seat", metavar="SEAT", help="see the game as this seat saw it")
    who.add_argument("--gm", action="store_true", help="see everything, as the GM")


def _title(ruleset_id: str) -> str:
    try:
        return find_ruleset(ruleset_id).title
    except HolotableError:
        return ruleset_id


def _when(stamp: float | None) -> str:
    return "-" if stamp is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def saves_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable saves``: every game with its rule system, turn, seats and last activity.

    Returns (text, 0); unreadable games are listed with their reason. Bad usage returns code 2.
    """
    parser = _parser("saves", "List the saved games.")
    try:
        args = parser.parse_args(list(argv))
    except _Usage as exc:
        return str(exc), USAGE
    store = GameStore(args.data_dir or data_dir)
    games = store.list()
    if not games:
        return f"No saved games in {store.games_dir}.\n", OK
    rows = [("GAME", "RULES", "TURN", "LAST ACTIVITY", "SEATS")]
    problems = []
    for game in games:
        if not game.readable:
            rows.append((game.id, "?", "?", "-", "UNREADABLE (see below)"))
            problems.append(f"{game.id}: {game.problem}")
            continue
        turn = f"{game.turn}" + (" (over)" if game.over else "")
        rows.append((game.id, game.title or game.ruleset or "?", turn, _when(game.last_activity), ", ".join(game.seats)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4] for row in rows]
    text = "\n".join(line.rstrip() for line in lines) + "\n"
    if problems:
        text += "\nUnreadable games (left untouched):\n" + "\n".join(f"  {p}" for p in problems) + "\n"
    return text, OK


def replay_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable replay <game> [--as SEAT | --gm] [--turn N]``: the game turn by turn as that viewer saw it.

    Returns (text, 0), or (reason, 1) for an unknown, unreadable or unreplayable game or a
    stranger seat, or (usage, 2). One of --as and --gm is required.
    """
    parser = _parser("replay", "Step through a game's turns as one seat (or the GM) saw them.")
    parser.add_argument("game")
    _viewer_args(parser)
    parser.add_argument("--turn", type=int, default=None, help="only this turn")
    try:
        args = parser.parse_args(list(argv))
        if not args.seat and not args.gm:
            parser.error("say whose replay it is: --as SEAT, or --gm to see everything")
    except _Usage as exc:
        return str(exc), USAGE
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game)
        return replay_text(loaded.record, args.seat, args.turn, args.game), OK
    except HolotableError as exc:
        return f"holotable replay: {exc}\n", FAILED


def verify_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable verify <game> [--gm]``: replay a finished game from its seed and journal and
    confirm every roll and every state. Refuses for a running game unless --gm.

    Returns ("OK: ...", 0), ("MISMATCH ...", 1), (reason, 1) for a refusal or a bad game, or (usage, 2).
    """
    parser = _parser("verify", "Check a finished game's dice and states against its revealed seed.")
    parser.add_argument("game")
    parser.add_argument("--gm", action="store_true", help="verify a running game too (reveals its seed)")
    try:
        args = parser.parse_args(list(argv))
    except _Usage as exc:
        return str(exc), USAGE
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game, with_states=True)
        verdict = verify(loaded.record, loaded.chunks, as_gm=args.gm, game_id=args.game)
    except HolotableError as exc:
        return f"holotable verify: {exc}\n", FAILED
    return verdict.text + "\n", OK if verdict.ok else FAILED


def export_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable export <game> --turn N (--as SEAT | --gm) [--format markdown|bbcode]``: a turn
    report for the forums, filtered for that viewer.

    Returns (report, 0), (reason, 1) for an unknown game, turn or seat, or (usage, 2).
    """
    parser = _parser("export", "Write one turn's report for a forum, as one seat (or the GM) saw it.")
    parser.add_argument("game")
    parser.add_argument("--turn", type=int, required=True)
    _viewer_args(parser)
    parser.add_argument("--format", choices=("markdown", "bbcode", "text"), default="markdown")
    try:
        args = parser.parse_args(list(argv))
        if not args.seat and not args.gm:
            parser.error("say whose report it is: --as SEAT, or --gm for the GM's")
    except _Usage as exc:
        return str(exc), USAGE
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game)
        return export_turn(loaded.record, args.turn, args.seat, args.format, args.game, _title), OK
    except HolotableError as exc:
        return f"holotable export: {exc}\n", FAILED
