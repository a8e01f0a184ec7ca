"""The save-related subcommands of ``holotable``: ``saves``, ``replay``, ``verify``, ``export``.

Each takes its arguments as a list (what follows the subcommand's name) and returns
``(text, exit code)``; nothing is printed, nothing exits. Exit codes: 0 done (for verify: OK),
1 refused or failed (unknown or unreadable game, verify mismatch, seed still secret), 2 bad usage.
Every command but ``import`` (which adds a game) and ``export --record`` (which writes a new file)
only reads; none takes a game's lock.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from core.errors import HolotableError
from core.registry import find_ruleset
from core.text import printable
from saves.atomic import atomic_write_text, dumps, read_regular
from saves.errors import SaveError
from saves.layout import parse_game_file
from saves.replay import export_turn, replay_text
from saves.store import GameStore, playable
from saves.verify import Verdict, verify

OK, FAILED, USAGE = 0, 1, 2


class _Usage(Exception):
    """A bad command line (exit code 2), or the help that was asked for (exit code 0): the text."""

    def __init__(self, text: str, code: int = 2) -> None:
        super().__init__(text)
        self.code = code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(f"holotable {self.prog.split()[-1]}: {message}\n{self.format_usage()}")

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _Usage(message or self.format_help(), OK if status == 0 else USAGE)

    def print_help(self, file: object = None) -> None:  # ``--help``: the text is the answer, exit code 0
        raise _Usage(self.format_help(), OK)


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
        return str(exc), exc.code
    store = GameStore(args.data_dir or data_dir)
    games = store.list()
    if not games:
        return f"No saved games in {store.games_dir}.\n", OK
    rows = [("GAME", "RULES", "TURN", "LAST ACTIVITY", "SEATS")]
    problems = []
    for game in games:
        if not game.readable:
            rows.append((printable(game.id, 64), "?", "?", "-", "UNREADABLE (see below)"))
            problems.append(printable(f"{game.id}: {game.problem}", 400))
            continue
        turn = f"{game.turn}" + (" (over)" if game.over else "")
        rows.append((game.id, game.title or game.ruleset or "?", turn, _when(game.last_activity),
                     printable(", ".join(game.seats), 400)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4] for row in rows]
    text = "\n".join(line.rstrip() for line in lines) + "\n"
    if problems:
        text += "\nUnreadable games (left untouched):\n" + "\n".join(f"  {p}" for p in problems) + "\n"
    return text, OK


def _secret(prompt: str, env: str) -> str | None:
    """A secret typed at this terminal (not echoed), or from ``env`` for scripts; None without either."""
    value = os.environ.get(env)
    if value is not None:
        return value
    if sys.stdin is not None and sys.stdin.isatty():
        import getpass
        try:
            return getpass.getpass(prompt)
        except (EOFError, KeyboardInterrupt):
            return None
    return None


def _refusal(record: dict[str, Any], seat: str | None, gm: bool, command: str) -> str | None:
    """The one rule at a shared terminal (as in the war room): a seat's view needs that seat's PIN
    when it set one, the GM's view the game's GM passphrase when it has one. Returns why this
    terminal may not see the game that way, or None."""
    from core.session import Session
    session = Session.from_record(record)
    if gm and session.has_gm_passphrase():
        given = _secret("GM passphrase: ", "HOLOTABLE_GM_PASSPHRASE")
        if given is None or not session.check_gm_passphrase(given):
            return (f"holotable {command}: the GM's view of this game needs its GM passphrase "
                    "(type it when asked, or set HOLOTABLE_GM_PASSPHRASE)\n")
    elif seat and not gm and session.has_pin(seat):
        given = _secret(f"PIN for {seat}: ", "HOLOTABLE_PIN")
        if given is None or not session.check_pin(seat, given):
            return (f"holotable {command}: {printable(seat, 32)}'s view of this game needs {printable(seat, 32)}'s PIN "
                    "(type it when asked, or set HOLOTABLE_PIN)\n")
    return None


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
        return str(exc), exc.code
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game)
        refused = _refusal(loaded.record, args.seat, args.gm, "replay")
        if refused:
            return refused, FAILED
        return replay_text(loaded.record, args.seat, args.turn, args.game), OK
    except HolotableError as exc:
        return printable(f"holotable replay: {exc}") + "\n", FAILED
    except Exception as exc:  # noqa: BLE001 - a damaged game is refused in one line, never a traceback
        return f"holotable replay: game {printable(args.game, 64)!r} could not be read ({type(exc).__name__})\n", FAILED


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
        return str(exc), exc.code
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game, with_states=True)
        refused = _refusal(loaded.record, None, args.gm, "verify") if args.gm else None
        if refused:
            return refused, FAILED
        verdict = verify(loaded.record, loaded.chunks, as_gm=args.gm, game_id=args.game)
    except HolotableError as exc:
        return printable(f"holotable verify: {exc}") + "\n", FAILED
    except Exception as exc:  # noqa: BLE001 - a damaged game is refused in one line, never a traceback
        return f"holotable verify: game {printable(args.game, 64)!r} could not be read ({type(exc).__name__})\n", FAILED
    return printable(verdict.text) + "\n", OK if verdict.ok else FAILED


def export_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable export <game> --turn N (--as SEAT | --as public | --gm) [--format markdown|bbcode]
    [--plans]``: a turn report for the forums, filtered for that viewer (a seat's without its
    team's plans unless --plans; ``public``: what everyone may know, no secret needed). ``holotable export <game> --gm --record FILE``:
    the whole game as one portable file (every secret and the dice seed: the GM's copy), for
    ``holotable import`` elsewhere.

    Returns (report or what was written, 0), (reason, 1) for an unknown game, turn or seat or a
    file that cannot be written, or (usage, 2).
    """
    parser = _parser("export", "Write one turn's report for a forum, as one seat (or the GM) saw it; or, with "
                               "--gm --record FILE, the whole game as one portable file for `holotable import`.")
    parser.add_argument("game")
    parser.add_argument("--turn", type=int, default=None, help="the turn of the report")
    _viewer_args(parser)
    parser.add_argument("--format", choices=("markdown", "bbcode", "text"), default="markdown")
    parser.add_argument("--plans", action="store_true",
                        help="a seat's report with its team's plans (orders, team and GM threads); left out by default")
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="write the whole game (every secret and the dice seed) to FILE, a new file; needs --gm")
    try:
        args = parser.parse_args(list(argv))
        if args.record is not None:
            if not args.gm:
                parser.error("a record holds every side's secrets and the dice seed: it is the GM's; add --gm")
            if args.turn is not None or args.seat:
                parser.error("--record writes the whole game: leave out --turn and --as")
        elif args.turn is None:
            parser.error("say which turn: --turn N (or --gm --record FILE for the whole game)")
        elif not args.seat and not args.gm:
            parser.error("say whose report it is: --as SEAT, --as public (what everyone may know), or --gm for the GM's")
        elif args.seat and args.seat.startswith("team:"):
            parser.error("a team's report holds its plans: the GM exports it (`export <turn> team:<side>` in the GM's "
                         "console); here say --as SEAT, --as public or --gm")
    except _Usage as exc:
        return str(exc), exc.code
    try:
        loaded = GameStore(args.data_dir or data_dir).read(args.game)
        public = args.seat == "public" and not args.gm
        refused = None if public else _refusal(loaded.record, args.seat, args.gm, "export")
        if refused:
            return refused, FAILED
        if args.record is not None:
            return _write_record(loaded.record, args.record, args.game), OK
        return export_turn(loaded.record, args.turn, args.seat, args.format, args.game, _title,
                           plans=True if args.plans else None), OK
    except HolotableError as exc:
        return printable(f"holotable export: {exc}") + "\n", FAILED
    except Exception as exc:  # noqa: BLE001 - a damaged game is refused in one line, never a traceback
        return f"holotable export: game {printable(args.game, 64)!r} could not be read ({type(exc).__name__})\n", FAILED


def _write_record(record: dict[str, Any], target: str, game_id: str) -> str:
    """Write ``record`` to the new file ``target``. Raises SaveError (an existing file is never replaced)."""
    if "\x00" in target:
        raise SaveError("the file name holds a NUL byte")
    path = Path(target)
    if os.path.lexists(path):
        raise SaveError(f"{printable(target)} already exists; a record is written to a new file only (choose "
                        f"another name or move that file away)")
    if not path.parent.is_dir():
        raise SaveError(f"there is no directory {printable(str(path.parent))} to write {printable(path.name)} in")
    atomic_write_text(path, dumps(record))
    return (f"wrote game {game_id} to {printable(target)} (the whole record: every secret and the dice seed); "
            f"`holotable import {printable(target)}` adds it to another store\n")


def import_command(argv: Sequence[str], data_dir: Path | None = None) -> tuple[str, int]:
    """``holotable import FILE [--id ID] [--edited]``: add a game record file (from ``holotable export
    --record`` or an older holotable) to the store, checked like any save: the file must be a regular
    file holding a whole, playable game record of a schema this holotable reads, and it must replay
    from its seed and journal as ``holotable verify --gm`` checks it. An edited record (one that does
    not replay) is refused with the reason, unless ``--edited`` says the GM imports it knowingly: then
    the game's journal and the GM's log record that. The file is only read.

    Returns ("imported ... as game ID", 0), (reason, 1) for a file that is refused or an id that is
    taken, or (usage, 2).
    """
    parser = _parser("import", "Add a game record file (from `holotable export --gm --record`) to the store.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--id", dest="game_id", default=None, help="the new game's id (default: a fresh one)")
    parser.add_argument("--edited", action="store_true",
                        help="import a record that does not replay from its seed and journal (edited by hand) "
                             "knowingly; the game's journal records it")
    try:
        args = parser.parse_args(list(argv))
    except _Usage as exc:
        return str(exc), exc.code
    label = printable(args.file, 200)
    note = ""
    try:
        try:
            raw = read_regular(args.file, label)
        except FileNotFoundError:
            raise SaveError(f"there is no file {label}") from None
        schema, data = parse_game_file(raw, label)
        if schema != 1:
            raise SaveError(f"{label} is a game file of a store (with its turn files beside it), not a record; "
                            f"write a record with `holotable export GAME --gm --record FILE` and import that")
        session = playable(data, label)
        try:
            verdict = verify(session.record, as_gm=True, game_id=label)
        except Exception as exc:  # noqa: BLE001 - a record that cannot even be replayed is a damaged one
            verdict = Verdict(False, f"MISMATCH in {label}: it does not replay ({type(exc).__name__})")
        if not verdict.ok:
            if not args.edited:
                raise SaveError(f"{label} does not replay from its seed and journal, as `holotable verify --gm` "
                                f"checks it: {verdict.text} Refused; to import it knowingly as an edited record, "
                                f"add --edited (the game's journal records that)")
            mark_edited(session, verdict.text)
            note = " (an edited record, imported knowingly: recorded in its journal)"
        store = GameStore(args.data_dir or data_dir)
        game_id = store.create(session, args.game_id)
    except HolotableError as exc:
        return printable(f"holotable import: {exc}") + "\n", FAILED
    return f"imported {label} as game {game_id} in {store.games_dir}{note}\n", OK


def mark_edited(session: Any, why: str) -> None:
    """Record in the game's journal (and the GM's log) that it was imported knowingly as an edited record."""
    from core.events import GM, event
    session.record["journal"].append({"op": "imported", "actor": GM, "edited": True, "why": why[:500]})
    session.record["log"].append(event("imported", f"The GM imported this game knowingly as an edited record: "
                                                   f"{why[:300]}", [GM], session.turn))
