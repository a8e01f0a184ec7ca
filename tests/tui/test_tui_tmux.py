"""End to end in a real terminal (tmux): ``python -m tui.main play`` with a fixed seed, two turns of
hot-seat Republic at War played by keystrokes, the screen read back; and the leak test: after each
curtain neither the screen nor the terminal's scrollback holds anything private to the seat before.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from core.session import Session

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ROOT = Path(__file__).resolve().parents[2]
SEED = "tmux-e2e"
SEATS = "al:GAR,bo:CIS,cy:GAR:bot,di:CIS:bot"


class Tmux:
    """One detached tmux session on a private server, driven like a person at the keyboard."""

    def __init__(self, name: str, cols: int, rows: int, folder: Path) -> None:
        # a socket of its own: a server killed by the test before may still be closing on a shared one
        self.socket = f"holotable-test-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.name = name
        self.cols, self.rows = cols, rows
        # the server's default size too, so the program never starts in an 80x24 window first
        self.conf = folder / "tmux.conf"
        self.conf.write_text(f"set -g default-size {cols}x{rows}\nset -g history-limit 10000\n")

    def tmux(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", str(self.conf), *args], capture_output=True,
                              text=True, timeout=20)
        if check and done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr}")
        return done.stdout

    def start(self, command: list[str], env: dict[str, str]) -> None:
        # pytest exports COLUMNS/LINES (80x24), and Textual would believe them over the terminal
        line = " ".join(["env", "-u", "COLUMNS", "-u", "LINES", *(f"{k}={v}" for k, v in env.items()), *command])
        self.tmux("new-session", "-d", "-s", self.name, "-x", str(self.cols), "-y", str(self.rows),
                  "-c", str(ROOT), "-e", "TERM=xterm-256color", line)
        self.tmux("set-option", "-t", self.name, "remain-on-exit", "on")

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def everything(self) -> str:
        """The screen and all the scrollback tmux keeps."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", self.name)

    def wait(self, pattern: str, seconds: float = 15.0) -> str:
        """Wait until the screen matches ``pattern``; return the screen. Fails showing the screen."""
        end = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        size = self.tmux("display", "-p", "-t", self.name, "#{window_width}x#{window_height}", check=False).strip()
        raise AssertionError(f"{pattern!r} did not appear within {seconds}s; the screen ({size}) was:\n{screen}")

    def stop(self) -> None:
        self.tmux("kill-server", check=False)


def start_play(tmp_path: Path, cols: int, rows: int) -> Tmux:
    """``python -m tui.main play`` of a new 4-seat game (cy and di are bots) with a fixed seed."""
    tmux = Tmux("play", cols, rows, tmp_path)
    env = {"HOLOTABLE_DATA_DIR": str(tmp_path / "data"), "HOLOTABLE_SEED": SEED}
    tmux.start([sys.executable, "-m", "tui.main", "play", "--ruleset", "raw", "--seats", SEATS,
                "--option", "min_players=2", "--reproducible"], env)
    return tmux


@pytest.fixture
def term(tmp_path: Path) -> Iterator[Tmux]:
    tmux = start_play(tmp_path, 120, 40)
    try:
        yield tmux
    finally:
        tmux.stop()


def twin() -> Session:
    """The same game, played alongside in this process to know what each seat may see."""
    return Session.new("raw", [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)],
                       options={"min_players": 2}, seed=SEED)


def private_text(session: Session, seat: str, other: str) -> list[str]:
    """Lines of ``seat``'s view (forces, sheet, place details) that ``other``'s view does not hold."""
    mine, theirs = session.view(seat), json.dumps(session.view(other))
    lines = [row for roster in mine["rosters"] for row in roster["rows"]]
    lines += [o["text"] for o in mine["sheet"]]
    lines += [line for place in mine["board"]["places"] for line in place["lines"]]
    return sorted({line for line in lines if len(line) >= 8 and line not in theirs})


def assert_hidden(term: Tmux, secrets: list[str], who: str) -> None:
    shown = term.everything()
    leaked = [s for s in secrets if s in shown]
    assert not leaked, f"after the curtain the terminal still shows {who}'s private text: {leaked[:5]}\n{shown}"


def give(term: Tmux, twin_session: Session, seat: str, order: str) -> None:
    """Type an order, press Enter, wait for the acceptance; keep the twin in step."""
    term.type(order)
    term.wait(re.escape(order))
    term.keys("Enter")
    term.wait("✓ " + re.escape(order))
    twin_session.order(seat, seat, order)


def ready_and_pass(term: Tmux, twin_session: Session, seat: str, following: str) -> str:
    """Ctrl+R, check the curtain names the next seat and hides this one's view, then let it in."""
    secrets = private_text(twin_session, seat, following)
    before = term.everything()
    assert any(s in before for s in secrets), f"none of {seat}'s private text was on screen to begin with: {secrets}"
    term.keys("C-r")
    twin_session.ready(seat, seat, True)
    term.wait("hand the terminal over")
    term.keys("Enter")
    screen = term.wait(rf"Pass the terminal to[\s\S]*\b{following}\b")
    assert "order ›" not in screen, f"the curtain should hide the game screen:\n{screen}"
    assert_hidden(term, secrets, seat)
    term.keys("Enter")
    return term.wait("order ›|Report for")  # the seat's view, or its turn report over it


def test_two_turns_of_hot_seat_by_keystrokes_and_nothing_leaks(term: Tmux) -> None:
    game = twin()
    term.wait(r"Pass the terminal to[\s\S]*\bal\b")
    assert "order ›" not in term.screen()
    term.keys("Enter")
    screen = term.wait("order ›")
    assert "turn 1" in screen and "al (GAR)" in screen, screen

    # turn 1: al builds with completion (Tab), a refused order shows why, then ready
    term.type("bu")
    term.keys("Tab")
    term.wait(r"order › build ")
    term.type("Kam")
    term.keys("Tab")
    term.wait(r"order › build Kamino ")
    term.type("CRL")
    term.keys("Enter")
    term.wait("✓ build Kamino CRL")
    game.order("al", "al", "build Kamino CRL")
    give(term, game, "al", "build Coruscant GF 2")
    term.type("build Kuat Vc1")
    term.keys("Enter")
    term.wait(r"refused: 'Kuat' is not a planet")
    term.keys("C-u")
    screen = ready_and_pass(term, game, "al", "bo")
    assert "bo (CIS)" in screen and "build Kamino CRL" not in screen, screen

    # bo's turn 1, then the turn resolves and al gets the report after the curtain
    bo_planet = game.complete("bo", "bo", "build ")[0].split(" ", 1)[1]
    give(term, game, "bo", f"build {bo_planet} GF")
    secrets = private_text(game, "bo", "al")
    term.keys("C-r")
    game.ready("bo", "bo", True)
    term.wait("hand the terminal over")
    term.keys("Enter")
    assert game.turn == 2
    term.wait(r"Pass the terminal to[\s\S]*\bal\b")
    assert_hidden(term, secrets, "bo")
    term.keys("Enter")
    report = term.wait("Report for al")
    assert "Kamino: CR20 Landing Craft A1 completed" in report, report
    term.keys("Escape")
    screen = term.wait("order ›")
    assert "turn 2" in screen, screen

    # turn 2: al's new ship is in its forces; both seats order and the game reaches turn 3
    ship = next(row for roster in game.view("al")["rosters"] for row in roster["rows"] if "CRL" in row and "[al]" in row)
    term.keys("F5")
    term.wait(re.escape(ship[:30]))
    term.keys("F3")
    give(term, game, "al", "stance free")
    ready_and_pass(term, game, "al", "bo")
    report = term.wait("Report for bo")
    assert ship not in term.everything(), "bo must not see al's ship in the report"
    term.keys("Escape")
    term.wait("order ›")
    give(term, game, "bo", "stance free")
    term.keys("C-r")
    game.ready("bo", "bo", True)
    term.wait("hand the terminal over")
    term.keys("Enter")
    term.wait(r"Pass the terminal to[\s\S]*\bal\b")
    term.keys("Enter")
    term.wait("Report for al")
    term.keys("Escape")
    screen = term.wait("order ›")
    assert "turn 3" in screen and game.turn == 3, screen
    term.keys("C-q")


def test_curtain_leaves_nothing_of_the_last_seat_in_screen_or_scrollback(tmp_path: Path) -> None:
    """The leak test, at 80x24: al's orders, forces and place details are on screen before Ctrl+R;
    after it, neither the curtain, nor the scrollback, nor bo's view holds any of them."""
    term = start_play(tmp_path, 80, 24)
    try:
        game = twin()
        term.wait(r"Pass the terminal to[\s\S]*\bal\b")
        term.keys("Enter")
        term.wait("order ›")
        give(term, game, "al", "build Kamino CRL")
        give(term, game, "al", "build Coruscant GF 2")
        term.keys("F4")
        term.wait("build Kamino CRL")
        secrets = private_text(game, "al", "bo")
        screen = ready_and_pass(term, game, "al", "bo")
        assert "bo (CIS)" in screen
        assert_hidden(term, secrets, "al")
        term.keys("F5")
        term.wait("credits")
        assert_hidden(term, secrets, "al")
        term.keys("C-q")
    finally:
        term.stop()
