"""``holotable console``: the line console at the terminal, with its games kept in the game store.

The console language itself is pure and lives in :mod:`core.console`; this is its edge: it reads
lines (with a prompt, completion and history on a terminal), prints each answer (text with every
control character escaped, or exactly one JSON object per input line, always valid UTF-8), and
keeps the game in the same store as the war room and the server (:class:`StoreKeeper`): by game
id, under the same data directory, with the same writer's lock, schema check and refusals.

    holotable console                 a console; `new ...` starts a game kept under a fresh id
    holotable console war1            open game war1 (or, if there is none yet, keep the next `new` as war1)
    holotable console --json war1     one JSON object per input line

An order marked FINAL (``concede``) is asked about, as in the war room: it is given only when the
next line is ``yes`` (the prompt says so) or its own line ends with ``--yes``.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import time
from typing import Any, Callable, TextIO

from core.console import HOW_TO, Answer, Console, demo_line
from core.errors import HolotableError
from core.session import Session
from core.text import printable
from tui.main import subcommand


class StoreKeeper:
    """The game store as a console's :class:`~core.console.Keeper`: one game held open as the writer.

    ``wanted``: the id the first new game is kept under (when no game has it yet).
    """

    def __init__(self, store: Any, wanted: str | None = None) -> None:
        self.store = store
        self.wanted = wanted
        self.game: Any = None

    def open(self, name: str) -> Session:
        """Open kept game ``name`` as the writer. Raises HolotableError (unknown, locked, damaged)."""
        name = name.strip()
        if self.game is not None and self.game.game_id == name:
            return self.game.session
        game = self.store.open(name)
        self._swap(game)
        return game.session

    def adopt(self, session: Session) -> str:
        """Keep a new game (saved now and on every change); returns its id. Raises HolotableError."""
        wanted = self.wanted if self.wanted and self.game is None and self.wanted not in self.store.ids() else None
        game = self.store.adopt(session, wanted)
        self._swap(game)
        return str(game.game_id)

    def _swap(self, game: Any) -> None:
        old, self.game = self.game, game
        if old is not None:
            try:
                old.close()
            except HolotableError:
                pass

    def where(self) -> str:
        """``game <id> in <games directory>``."""
        if self.game is None:
            return "no game kept yet"
        return f"game {self.game.game_id} in {self.store.games_dir}"

    def begin(self) -> None:
        """A command begins: remember where the held game's files stand."""
        self._mark = self.game.checkpoint() if self.game is not None else None
        self._marked = self.game

    def resync(self) -> None:
        """Put the held game's files back as they were before the command the console undid (turn files
        written since removed), or save it as it is now. Never raises."""
        if self.game is not None:
            try:
                if getattr(self, "_marked", None) is self.game and self._mark is not None:
                    self.game.roll_back(self._mark)
                else:
                    self.game.save()
            except HolotableError:
                pass

    def close(self) -> None:
        """Let the held game go (saving anything unsaved, releasing the lock). Never raises."""
        self._swap(None)


def looks_like_a_file(name: str) -> bool:
    """Whether ``name`` was meant as a file rather than a game id."""
    return os.sep in name or "/" in name or name.endswith(".json") or "\x00" in name


def run(stdin: TextIO, stdout: TextIO, json_mode: bool = False, game: str | None = None, *,
        store: Any = None, demo: str | None = None, demo_seed: str | None = None,
        interactive: bool | None = None, stderr: TextIO | None = None) -> int:
    """Read commands from ``stdin`` and answer each on ``stdout`` until ``quit`` or the end of input.

    ``store``: the game store games are kept in (None: in memory only). ``game``: open this kept
    game first (if the store has no such game yet, the first ``new`` is kept under this id); a game
    that cannot be opened (locked, damaged, newer, not a game id) stops the console with exit code
    2 and one line on ``stderr``, and no file is touched. ``json_mode``: exactly one JSON object per
    input line. ``demo``: a ruleset id; start a demo game in it with seat ``you`` against bots.
    ``interactive``: show a prompt (default: when ``stdin`` is a terminal and not in JSON mode).
    Returns the exit code; raises nothing.
    """
    err = stderr if stderr is not None else stdout
    keeper = StoreKeeper(store, game) if store is not None else None
    console = Console(keeper=keeper)
    if interactive is None:
        interactive = bool(getattr(stdin, "isatty", lambda: False)()) and not json_mode
    say = _writer(stdout, json_mode)
    try:
        if game:
            problem = _start_problem(game, store)
            if problem is None and game in store.ids():
                answer = console.handle(f"load {game}")
                problem = None if answer.ok else answer.error
                if answer.ok:
                    say(answer)
            if problem is not None:
                err.write(printable(f"holotable console: cannot start: {problem}; nothing was changed") + "\n")
                err.flush()
                return 2
        if demo is not None and console.session is None:
            answer = console.handle(demo_line(demo, demo_seed or "demo"))
            if not answer.ok:
                say(answer)
                return 2
        if demo is not None:
            say(console.handle("view you"))
            if not json_mode:
                say(Answer(True, "help", HOW_TO))
        elif interactive:
            say(Answer(True, "help", "holotable console: type `help` for commands, `quit` to leave"))
        read = _reader(stdin, stdout, console, interactive)
        while True:
            line = read()
            if line is None:
                break
            answer = console.handle(line)
            if stderr is not None and console.last_traceback and os.environ.get("HOLOTABLE_DEBUG"):
                stderr.write(console.last_traceback)
            console.last_traceback = None
            if answer.quiet and not json_mode:
                continue
            say(answer)
            if answer.quit:
                break
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        if keeper is not None:
            keeper.close()
    return 0


def _start_problem(game: str, store: Any) -> str | None:
    """Why ``game`` cannot be what a console starts with, or None."""
    if store is None:
        return "this console keeps no games (no store)"
    if looks_like_a_file(game):
        return (f"{game!r} is a file name; the console opens games kept in the store by their id "
                f"(`holotable saves` lists them); `holotable import FILE` adds a game file to the store")
    try:
        store.paths(game)
    except HolotableError as exc:
        return str(exc)
    return None


def shown(text: str) -> str:
    """``text`` for a terminal: each line with its control characters escaped."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _writer(stdout: TextIO, json_mode: bool) -> Callable[[Answer], None]:
    def say(answer: Answer) -> None:
        if json_mode:
            stdout.write(answer.as_json().encode("utf-8", "replace").decode("utf-8") + "\n")
        else:
            text = answer.as_text()
            if text:
                stdout.write(shown(text) + "\n")
        stdout.flush()
    return say


def _reader(stdin: TextIO, stdout: TextIO, console: Console, interactive: bool) -> Callable[[], str | None]:
    """A function returning the next line (None at the end), with a prompt and line editing on a terminal."""

    def prompt() -> str:
        if console.pending is not None:
            return "type yes to give it> "
        return f"{console.session.record['ruleset']}> " if console.session is not None else "holotable> "

    if interactive and stdin is sys.stdin and stdout is sys.stdout:
        try:
            import readline
        except ImportError:  # pragma: no cover - platforms without readline
            readline = None  # type: ignore[assignment]
        if readline is not None:
            readline.set_completer_delims(" ")

            def complete(text: str, state: int) -> str | None:
                buffer = readline.get_line_buffer()[:readline.get_endidx()]
                head = buffer[:readline.get_begidx()]
                found = [c[len(head):] for c in console.completions(buffer) if c.startswith(head)]
                return found[state] if state < len(found) else None

            readline.set_completer(complete)
            readline.parse_and_bind("tab: complete")

        def read_tty() -> str | None:
            while True:
                try:
                    return input(prompt())
                except EOFError:
                    print()
                    return None
                except KeyboardInterrupt:
                    print("\n(type quit to leave)")
        return read_tty

    def read_stream() -> str | None:
        if interactive:
            stdout.write(prompt())
            stdout.flush()
        line = stdin.readline()
        return line if line else None
    return read_stream


# -- the subcommand ---------------------------------------------------------------------------------
def _args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="answer each input line with exactly one JSON object")
    parser.add_argument("--demo", action="store_true", help="start a demo game: you against bots")
    parser.add_argument("--ruleset", default=None, help="the demo's rule system (default: the first registered)")
    parser.add_argument("--seed", default=None, help="the demo's dice seed (default: from the clock)")
    parser.add_argument("--data-dir", default=None, metavar="DIR",
                        help="where games are kept (default: $HOLOTABLE_DATA_DIR or the user data directory)")
    parser.add_argument("game", nargs="?", metavar="GAME",
                        help="open this kept game by its id (if there is none yet, the next `new` is kept under it)")


def _text_stdin() -> TextIO:
    """Standard input as text that never fails to decode (bad bytes become U+FFFD)."""
    if sys.stdin is None:
        return io.StringIO("")
    if sys.stdin.isatty() or not hasattr(sys.stdin, "buffer"):
        return sys.stdin
    return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")


@subcommand("console", "a line console: one command per line (orders, views, the GM's tools)", _args)
def console_command(args: argparse.Namespace) -> int:
    """``holotable console [--json] [--demo] [--data-dir DIR] [GAME]``."""
    from core.registry import ruleset_ids
    from saves.store import GameStore
    try:
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    demo = (args.ruleset or ruleset_ids()[0]) if args.demo else None
    seed = args.seed or f"demo-{time.time_ns()}"
    return run(_text_stdin(), sys.stdout, args.json, args.game, store=GameStore(args.data_dir), demo=demo,
               demo_seed=seed, stderr=sys.stderr)
