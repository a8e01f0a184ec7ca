"""The ``holotable`` command's entry point: ``rulesets`` here, and every subcommand the edges register.

Each subcommand is one :class:`Subcommand`: a name, a help line, a function that adds its arguments
to its parser, and a function that runs it and returns the exit code. Register one with
:func:`subcommand` (as a decorator), in this module or in a module listed in
:data:`SUBCOMMAND_MODULES` (imported only when the command line is parsed; such a module must keep heavy imports inside its
run function). Registering a name again replaces it. This is the edge: ``core`` never imports it.

Example, in ``saves/cli.py``::

    from tui.main import subcommand

    def _args(parser):
        parser.add_argument("--dir")

    @subcommand("saves", "list the saved games", _args)
    def saves(args):
        ...
        return 0
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from typing import Callable, Sequence

Configure = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Subcommand:
    """One ``holotable <name>`` subcommand."""

    name: str
    help: str
    configure: Configure
    run: Run
    passthrough: bool = False  # hand the rest of the command line over unparsed (the command parses it)


SUBCOMMANDS: dict[str, Subcommand] = {}

#: Modules that register more subcommands (``console``, ``saves``, ``replay``, ``verify``, ``export``,
#: ``import``, ``serve``, the TUI's ``play``). A module that is not there yet is skipped.
SUBCOMMAND_MODULES: list[str] = ["tui.console", "saves.cli", "tui.cli", "server.cli"]


def subcommand(name: str, help: str, configure: Configure | None = None, passthrough: bool = False) -> Callable[[Run], Run]:
    """Register ``holotable <name>``: decorate its run function (``args -> exit code``).

    A ``passthrough`` command gets the rest of the command line as ``args.rest``, unparsed.
    """
    def register(run: Run) -> Run:
        SUBCOMMANDS[name] = Subcommand(name, help, configure or (lambda parser: None), run, passthrough)
        return run
    return register


def _load_modules() -> None:
    for module in SUBCOMMAND_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not (module == exc.name or module.startswith(exc.name + ".")):
                raise


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    _load_modules()
    parser = argparse.ArgumentParser(prog="holotable", description="A terminal war-room for Star Wars play-by-post wargames.")
    commands = parser.add_subparsers(dest="command", metavar="<command>")
    for sub in SUBCOMMANDS.values():
        child = commands.add_parser(sub.name, help=sub.help, description=sub.help)
        sub.configure(child)
        child.set_defaults(run=sub.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``holotable`` with ``argv`` (default: the process's arguments); return the exit code."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    sub = SUBCOMMANDS.get(argv[0]) if argv else None
    if sub is not None and sub.passthrough:
        return int(sub.run(argparse.Namespace(rest=argv[1:])))
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130


# -- the subcommands this module provides ---------------------------------------------------------
@subcommand("rulesets", "list the rule systems")
def rulesets(args: argparse.Namespace) -> int:
    """``holotable rulesets``: each registered id and title."""
    from core.registry import find_ruleset, ruleset_ids
    for ruleset_id in ruleset_ids():
        ruleset = find_ruleset(ruleset_id)
        print(f"{ruleset_id}\t{ruleset.title}\t{', '.join(ruleset.sides())}\t{ruleset.min_seats}-{ruleset.max_seats} seats")
    return 0


def _rules_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("system", nargs="?", help="the rule system's id (`holotable rulesets` lists them)")
    parser.add_argument("query", nargs="*", help="a rule ID (RIFT-REACT-09), the start of IDs (RIFT-REACT) or words")


@subcommand("rules", "the rules of a system by section with their IDs, one rule by ID, or the rules holding some words",
            _rules_args)
def rules(args: argparse.Namespace) -> int:
    """``holotable rules <system> [<rule-id> | <words>]``: print the rules asked for; an unknown system,
    ID or words print what was wrong (the closest IDs for an ID) and exit 2."""
    from core.errors import HolotableError
    from core.rules_query import rules_answer
    try:
        print(rules_answer(args.system, " ".join(args.query)))
    except BrokenPipeError:  # the reader (a pager, `head`) stopped reading: nothing more to say
        sys.stderr.close()
    except HolotableError as exc:
        print(f"holotable rules: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    # Run the imported module's main, so that plugin modules doing `from tui.main import subcommand`
    # register into the same table (under `python -m tui.main` this file is also `__main__`).
    from tui.main import main as _main
    raise SystemExit(_main())
