"""No engine internals reach a player's log, report or form: no ``neutral:<planet>`` side names, no
raw JSON or bare hashes for sealed records (they read "sealed, verifiable"; the hash is in the
report's seals, on a key), no Python ``int()`` messages."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_golden_reports import gcw_campaign, raw_turn  # noqa: E402
from tui.screens.new_game import parse_option  # noqa: E402


def test_gcw_log_shows_sealed_records_in_words() -> None:
    session = gcw_campaign()
    for seat in session.seats():
        for e in session.events_for(seat):
            assert '{"' not in e["text"] and "sha256" not in e["text"], f"{seat}'s log shows an engine record: {e['text']}"
    sealed = [e["text"] for e in session.events_for("ann") if e["kind"] == "sealed"]
    assert sealed and all(t.endswith("sealed, verifiable") for t in sealed), sealed
    own = next(t for t in sealed if "starting list" in t and t.startswith("Empire"))
    assert "list victory-2+tarkin, raider-1, tie-fighter; start Coruscant" in own, own


def test_raw_neutral_forces_read_as_the_worlds_own_forces() -> None:
    from core.console import Console
    console = Console()
    assert console.handle("new raw seed=golden reproducible=yes seats=al:GAR:bot,bo:CIS:bot,cy:GAR:bot,"
                          "di:CIS:bot,ed:GAR:bot,fa:CIS:bot").ok
    for _ in range(8):
        console.handle("resolve")
    session = console.session
    texts = [e["text"] for e in session.events_for("cy")]
    assert any("Ryloth's own forces" in t for t in texts), "the battle at Ryloth should name Ryloth's own forces"
    assert not [t for t in texts if "neutral:" in t], [t for t in texts if "neutral:" in t][:3]
    marks = [m for p in session.view("cy")["board"]["places"] for m in p["marks"]]
    assert not [m for m in marks if "neutral:" in m], marks


def test_raw_report_has_no_engine_words() -> None:
    from core.report import render, session_report
    text = render(session_report(raw_turn(), "cy", 1))
    for word in ("neutral:", "{'", '{"', "None", "seat:", "team:"):
        assert word not in text, f"the report shows {word!r}:\n{text}"


@pytest.mark.parametrize("default, typed", [(12, "twelve"), (0.5, "half")])
def test_a_bad_number_in_the_new_game_form_says_what_to_write(default: object, typed: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_option(default, typed)
    message = str(refused.value)
    assert "int()" not in message and "float" not in message and "invalid literal" not in message, message
    assert typed in message and str(default) in message, message
