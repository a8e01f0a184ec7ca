"""``holotable saves | replay | verify | export | import``: the saves' subcommands, registered with tui.main."""
from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from tui.main import subcommand
from saves.cli_commands import export_command, import_command, replay_command, saves_command, verify_command

Command = Callable[[Sequence[str]], tuple[str, int]]


def _rest(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="see --help of the command")
    parser.add_help = False


def _runner(command: Command) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        text, code = command(list(args.rest))
        stream = sys.stdout if code == 0 else sys.stderr
        if text:
            stream.write(text if text.endswith("\n") else text + "\n")
        return code
    return run


subcommand("saves", "list the saved games: rule system, turn, seats, last activity", _rest, passthrough=True)(_runner(saves_command))
subcommand("replay", "step through a game's turns as one viewer saw them (--as SEAT | --gm)", _rest, passthrough=True)(_runner(replay_command))
subcommand("verify", "replay a finished game from its revealed seed and orders, checking every roll and state", _rest, passthrough=True)(_runner(verify_command))
subcommand("export", "a turn report for the forums (--turn N --as SEAT|public [--plans] --format markdown|bbcode), or the whole game (--gm --record FILE)", _rest, passthrough=True)(_runner(export_command))
subcommand("import", "add a game record file (from export --gm --record) to the store", _rest, passthrough=True)(_runner(import_command))
