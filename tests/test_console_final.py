"""FINAL orders (``OrderSpec.final``, e.g. ``concede``) in the line console: nothing final by accident.

The hot-seat asks for ``yes`` typed in full before a final order; the line console does the same:
the order is given only when the next line is exactly ``yes``, or with ``--yes`` on its own line
(for scripts). Anything else drops it and changes nothing.
"""
from __future__ import annotations

import io
import json

from core.console import Console, demo_line
from tui.console import run


def _console() -> Console:
    console = Console()
    assert console.handle(demo_line("raw", "final") + " reproducible=yes").ok
    return console


def test_concede_alone_is_not_given_and_says_how_to_confirm() -> None:
    console = _console()
    before = json.dumps(console.session.record)
    answer = console.handle("as you concede")
    assert not answer.ok and "FINAL" in answer.error and "`yes`" in answer.error and "--yes" in answer.error
    assert answer.as_dict()["confirm"] == "concede", "a program sees which order waits for confirmation"
    assert json.dumps(console.session.record) == before, "nothing is given before the confirmation"
    assert console.session.outcome() is None


def test_yes_on_the_next_line_gives_it() -> None:
    console = _console()
    console.handle("as you concede")
    answer = console.handle("yes")
    assert answer.ok and "accepted `concede`" in answer.text
    assert console.session.outcome() is not None and console.session.outcome().winners == ("CIS",)


def test_anything_but_yes_in_full_drops_it() -> None:
    for reply in ("y", "Yes please", "YES!", "ye", "status"):
        console = _console()
        console.handle("as you concede")
        answer = console.handle(reply)
        assert "not given: `as you concede`" in answer.as_text() or not answer.ok, reply
        assert console.session.outcome() is None, f"{reply!r} must not give the final order"
        assert console.pending is None
        assert not console.handle("yes").ok, "a later `yes` confirms nothing any more"
        assert console.session.outcome() is None


def test_the_dropped_line_is_still_carried_out_and_said() -> None:
    console = _console()
    console.handle("as you concede")
    answer = console.handle("status")
    assert answer.ok and answer.text.startswith("not given: `as you concede`") and "turn 1" in answer.text
    assert answer.data["dropped"] == "as you concede"


def test_the_yes_flag_gives_it_in_one_line() -> None:
    console = _console()
    answer = console.handle("as you concede --yes")
    assert answer.ok and console.session.outcome() is not None


def test_a_bad_final_order_is_refused_at_once_without_asking() -> None:
    console = _console()
    answer = console.handle("as you concede now")
    assert not answer.ok and "FINAL" not in answer.error and "unexpected" in answer.error
    assert console.pending is None
    answer = console.handle("as foe1 for you concede")
    assert not answer.ok and "may not act for you" in answer.error and console.pending is None


def test_a_script_on_standard_input_needs_yes_on_the_next_line(tmp_path) -> None:
    for script, over in [("as you concede\nstatus\n", False), ("as you concede\nyes\nstatus\n", True),
                         ("as you concede --yes\nstatus\n", True)]:
        out = io.StringIO()
        run(io.StringIO(demo_line("raw", "final") + "\n" + script), out, json_mode=True)
        answers = [json.loads(line) for line in out.getvalue().splitlines()]
        assert ("game over" in answers[-1]["text"]) is over, (script, answers[-1])


def test_help_explains_final_orders() -> None:
    text = Console().handle("help as").text
    assert "FINAL" in text and "`yes`" in text and "--yes" in text


def test_the_prompt_asks_for_the_confirmation() -> None:
    out = io.StringIO()
    run(io.StringIO(demo_line("raw", "final") + "\nas you concede\nno\nquit\n"), out, interactive=True)
    text = out.getvalue()
    assert "type yes to give it> " in text and "not given: `as you concede`" in text
    assert text.count("type yes to give it> ") == 1, "asked once; the next prompt is the usual one"
