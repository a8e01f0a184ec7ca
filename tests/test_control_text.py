"""Text players type is clean: control characters in orders, reasons, names and console lines are
refused (nothing changes), messages are stripped of them, every console answer shown on a terminal
is escaped, and ``--json`` output is valid UTF-8 whatever bytes came in."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.console import Console
from core.errors import OrderError, SetupError, StateError
from core.events import GM
from core.session import Session
from core.text import first_control
from tui.console import run

ROOT = Path(__file__).resolve().parents[1]
SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS"), ("ed", "GAR"), ("fa", "CIS")]
NASTY = ["\x1b[2J", "\x07", "\x00", "\r", "\x9b31m", "\u202e", "\x7f", "\x1b]52;c;cHduZWQ=\x07"]


def game() -> Session:
    return Session.new("raw", SEATS, seed="clean")


@pytest.mark.parametrize("nasty", NASTY)
def test_an_order_with_a_control_character_is_refused_and_nothing_changes(nasty: str) -> None:
    session = game()
    before = json.dumps(session.record, sort_keys=True)
    with pytest.raises(OrderError, match="control character"):
        session.order("al", "al", f"stance free {nasty}")
    assert json.dumps(session.record, sort_keys=True) == before


@pytest.mark.parametrize("nasty", NASTY)
def test_gm_reasons_with_control_characters_are_refused(nasty: str) -> None:
    session = game()
    planet = next(iter(session.state["planets"]))
    with pytest.raises(StateError, match="control character"):
        session.gm_correct(GM, f"planets.{planet}.gf", "2", f"ruling {nasty}")
    with pytest.raises(StateError, match="control character"):
        session.gm_roll(GM, 2, 6, f"boarding {nasty}")


def test_names_with_control_characters_are_refused() -> None:
    with pytest.raises(SetupError):
        Session.new("raw", [("a\x1bl", "GAR"), *SEATS[1:]], seed="x")
    with pytest.raises(SetupError, match="control character"):
        Session.new("raw", SEATS, seed="x", gm="g\x1b[2Jm")


def test_a_message_reaches_other_seats_without_control_characters() -> None:
    session = game()
    session.post("al", "public", "hello \x1b[2J\x07there")
    for seat in ("bo", "cy"):
        text = session.messages_for(seat)[-1]["text"]
        assert "\x1b" not in text and "\x07" not in text and "hello" in text and "there" in text


@pytest.mark.parametrize("nasty", NASTY)
def test_the_console_refuses_a_line_with_a_control_character(nasty: str) -> None:
    console = Console()
    assert console.handle("new raw seed=c seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS").ok
    before = json.dumps(console.session.record, sort_keys=True)
    for line in (f"as al stance {nasty}free", f"say al public hi{nasty} there", f"correct turn 2 x{nasty} y"):
        answer = console.handle(line)
        assert not answer.ok and "control character" in (answer.error or ""), line
        assert first_control(answer.error or "") is None, f"the refusal echoes the raw character: {answer.error!r}"
    assert json.dumps(console.session.record, sort_keys=True) == before
    assert console.handle("sheet al").ok


def test_console_text_answers_are_escaped_for_the_terminal() -> None:
    out = io.StringIO()
    run(io.StringIO("new raw seed=c seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS\nview \x1b[2Jgm\nbogus\x9b\n"), out)
    assert "\x1b" not in out.getvalue() and "\x9b" not in out.getvalue()


def test_json_output_is_valid_utf8_whatever_the_input(tmp_path: Path) -> None:
    lines = [b"new raw seed=c seats=al:GAR,bo:CIS,cy:GAR,di:CIS,ed:GAR,fa:CIS",
             b"say al public caf\xe9 \xff\xfe broken", b"as al stance \xc3\x28free", b"view \xed\xa0\x80gm", b"status"]
    done = subprocess.run([sys.executable, "-m", "tui.main", "console", "--json", "--data-dir", str(tmp_path)],
                          input=b"\n".join(lines) + b"\n", capture_output=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    text = done.stdout.decode("utf-8")  # strict: raises if not valid UTF-8
    answers = [json.loads(line) for line in text.splitlines()]
    assert len(answers) == len(lines), text
    assert answers[0]["ok"] and answers[-1]["ok"]
