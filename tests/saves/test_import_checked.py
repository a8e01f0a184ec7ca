"""``holotable import`` checks a record as ``verify --gm`` does (issue 30, point 7): an edited record
is refused with the reason, unless the GM imports it knowingly with --edited (the game's journal
records it); and ``verify --gm`` never prints the raw escape sequences of an edited record."""
from __future__ import annotations

import json
from pathlib import Path

from saves.cli_commands import export_command, import_command, verify_command
from saves.store import GameStore
from core.session import Session

SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR", True), ("di", "CIS", True)]


def a_record(tmp_path: Path) -> tuple[Path, dict]:
    session = Session.new("raw", SEATS, options={"min_players": 2}, seed="imp")
    session.order("al", "al", "build Coruscant GF")
    session.ready("al", "al")
    session.ready("bo", "bo")
    store = GameStore(tmp_path / "home")
    game_id = store.create(session, "home-1")
    target = tmp_path / "record.json"
    text, code = export_command([game_id, "--gm", "--record", str(target), "--data-dir", str(tmp_path / "home")])
    assert code == 0, text
    return target, json.loads(target.read_text())


def test_a_sound_record_imports(tmp_path: Path) -> None:
    path, _ = a_record(tmp_path)
    text, code = import_command([str(path), "--data-dir", str(tmp_path / "away")])
    assert code == 0 and "imported" in text and "edited" not in text, text


def test_an_edited_record_is_refused_with_the_reason_unless_imported_knowingly(tmp_path: Path) -> None:
    path, record = a_record(tmp_path)
    planet = next(p for p, info in record["state"]["planets"].items() if info.get("gf", 0) >= 1)
    record["state"]["planets"][planet]["gf"] += 5
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record))
    away = tmp_path / "away"
    text, code = import_command([str(edited), "--data-dir", str(away)])
    assert code == 1 and "does not replay" in text and f"planets.{planet}.gf" in text and "--edited" in text, text
    assert GameStore(away).ids() == [], "a refused import adds no game"
    text, code = import_command([str(edited), "--data-dir", str(away), "--edited", "--id", "taken-in"])
    assert code == 0 and "edited record, imported knowingly" in text, text
    kept = GameStore(away).open("taken-in", writer=False)
    entries = [e for e in kept.session.record["journal"] if e["op"] == "imported"]
    assert entries and entries[0]["edited"] and f"planets.{planet}.gf" in entries[0]["why"], \
        "the journal records the knowing import and why"
    kept.close()


def test_verify_gm_never_prints_an_edited_records_escape_sequences(tmp_path: Path) -> None:
    path, record = a_record(tmp_path)
    record["log"][-1]["text"] = "\x1b]0;owned\x07\x1b[2J" + record["log"][-1]["text"]
    edited = tmp_path / "escapes.json"
    edited.write_text(json.dumps(record))
    away = tmp_path / "away"
    text, code = import_command([str(edited), "--data-dir", str(away), "--edited", "--id", "esc"])
    assert code == 0 and "\x1b" not in text, text
    text, code = verify_command(["esc", "--gm", "--data-dir", str(away)])
    assert code == 1 and "MISMATCH" in text, text
    assert "\x1b" not in text and "\x07" not in text, f"verify printed raw escape sequences: {text!r}"
