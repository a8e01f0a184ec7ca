"""``holotable play``: the full-screen war room (lobby and hot-seat), replacing the console demo.

Registered through :data:`tui.main.SUBCOMMAND_MODULES`; Textual is imported only when it runs.

    holotable play                                   the lobby
    holotable play raw-20250131-3fa9c2               a saved game, hot-seat
    holotable import game.json && holotable play ID  a game file, once imported into the store
    holotable play --ruleset raw --seats al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot --option min_players=2
                                                     a new game at once
    HOLOTABLE_SEED=s1 holotable play                 new games get this dice seed unless told otherwise
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from tui.main import subcommand

SEED_ENV = "HOLOTABLE_SEED"


def _args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", default=None, help=f"dice seed of a new game (default: ${SEED_ENV}, else random); a --seats game "
                        "mixes it with secret randomness unless --reproducible")
    parser.add_argument("--reproducible", action="store_true", help="a reproducible test game: use the seed as is "
                        "(anyone who knows or guesses it can compute every die roll)")
    parser.add_argument("--data-dir", default=None, help="where games are kept (default: $HOLOTABLE_DATA_DIR or the user data directory)")
    parser.add_argument("--ruleset", default=None, help="the rule system of a new game (preselected in the lobby)")
    parser.add_argument("--scenario", default=None, help="the scenario of a --seats game")
    parser.add_argument("--seats", default=None, metavar="NAME:SIDE[:bot],...", help="start a new hot-seat game with these seats at once")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option of a --seats game (JSON values)")
    parser.add_argument("--as", dest="seat", default=None, metavar="SEAT", help="show only this seat's view (no hot-seat curtain)")
    parser.add_argument("game", nargs="?", metavar="GAME", help="a saved game's id (`holotable saves` lists them)")
    from core.console import option_lines
    from core.registry import ruleset_ids
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "game options of each rule system (--option KEY=VALUE):\n" + "\n".join(
        f"{rid}:\n" + "\n".join(option_lines(rid)) for rid in ruleset_ids())


def parse_seats(text: str) -> list[tuple[str, str, bool]]:
    """``al:GAR,bo:CIS:bot`` -> [("al", "GAR", False), ("bo", "CIS", True)]. Raises ValueError."""
    seats = []
    for part in text.split(","):
        bits = [b.strip() for b in part.strip().split(":")]
        if len(bits) not in (2, 3) or not all(bits) or (len(bits) == 3 and bits[2] != "bot"):
            raise ValueError(f"seat {part!r}: write NAME:SIDE or NAME:SIDE:bot")
        seats.append((bits[0], bits[1], len(bits) == 3))
    return seats


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["min_players=2", "map=map.toml"]`` -> {"min_players": 2, "map": "map.toml"}. Raises ValueError."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"option {pair!r}: write KEY=VALUE")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


@subcommand("play", "the war room: hot-seat play of any rule system on this terminal", _args)
def play(args: argparse.Namespace) -> int:
    """``holotable play [GAME] [--seats ...]``."""
    from core.errors import HolotableError
    from core.registry import ruleset_ids
    from core.session import Session
    from core.text import printable
    from tui.app import HolotableApp
    from tui.storage import check_playable, default_saves

    seed = args.seed or os.environ.get(SEED_ENV) or None
    saves = default_saves(args.data_dir)
    session = game = None
    try:
        if args.game:
            if os.sep in args.game or "/" in args.game or args.game.endswith(".json") or "\x00" in args.game:
                sys.stderr.write(f"holotable play: {args.game!r} is a file name; games are kept in the store and "
                                 f"opened by id (`holotable saves` lists them); `holotable import FILE` adds a "
                                 f"game file to the store\n")
                return 2
            game = saves.open(args.game)
            session = game.session
        elif args.seats:
            ruleset = args.ruleset or ruleset_ids()[0]
            from tui.app import watched_bot_steps
            seats = parse_seats(args.seats)
            session = Session.new(ruleset, seats, args.scenario, parse_options(args.option), seed,
                                  reproducible=args.reproducible, bot_steps=watched_bot_steps(seats))
            game = saves.adopt(session)
        if session is not None and args.game:
            check_playable(session)
    except (HolotableError, ValueError) as exc:
        if game is not None:
            game.close()
        sys.stderr.write(printable(f"holotable play: {exc}") + "\n")
        return 2
    except Exception as exc:  # noqa: BLE001 - the edge: one line, details to the log, never a traceback
        from tui.crash import CRASH_LINE, write_crash_log
        sys.stderr.write(CRASH_LINE.format(log=write_crash_log(exc, args.data_dir) or "(no log could be written)") + "\n")
        return 1
    if args.seat is not None and session is None:
        sys.stderr.write("holotable play: --as needs a game (GAME or --seats)\n")
        return 2
    app = HolotableApp(session, seat=args.seat, saves=saves, game=game, seed=seed, ruleset=args.ruleset,
                       data_dir=args.data_dir)
    app.run()
    return app.return_code or 0  # a crash (caught at the app's edge) exits non-zero
