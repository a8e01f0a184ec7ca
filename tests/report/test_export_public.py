"""The forum export's readers: ``public`` (what everyone may know) passes the hidden-information
test, and a seat's post never carries its team's plans unless asked for."""
from __future__ import annotations

from pathlib import Path

from core.session import Session
from saves.cli_commands import export_command
from saves.replay import export_turn
from saves.store import GameStore

SEATS = [("al", "GAR"), ("bo", "CIS"), ("cy", "GAR"), ("di", "CIS")]


def game(cis_build: str = "build Muunilist GF 2", team_note: str = "CIS hold Raxus", gm_note: str = "bo, your deadline") -> Session:
    """Turn 1 resolved: GAR and CIS build; messages in every kind of thread. Only the arguments differ between calls."""
    session = Session.new("raw", SEATS, options={"min_players": 2}, seed="public-export", secret="fixed secret")
    session.order("al", "al", "build Coruscant GF 2")
    session.order("cy", "cy", "build Kuat Vc1")
    session.order("bo", "bo", cis_build)
    session.post("bo", "team:CIS", team_note)
    session.post("gm", "gm:bo", gm_note)
    session.post("al", "public", "good hunting, Separatists")
    for seat, _ in SEATS:
        session.ready(seat, seat)
    assert session.turn == 2
    return session


def test_the_public_export_does_not_change_when_only_a_seat_knows_the_change() -> None:
    base = {fmt: export_turn(game().record, 1, "public", fmt) for fmt in ("markdown", "bbcode", "text")}
    assert "good hunting" in base["markdown"] and "for the public" in base["markdown"], base["markdown"]
    for change in ({"cis_build": "build Sullust GF 1"}, {"team_note": "CIS strike Kuat"}, {"gm_note": "bo, a quiet word"}):
        other = game(**change)
        for fmt, want in base.items():
            got = export_turn(other.record, 1, "public", fmt)
            assert got == want, f"the public {fmt} export changed when only a seat knew of {change}"
    for secret in ("Muunilist", "CIS hold Raxus", "your deadline", "build Coruscant", "fixed secret", game().record["seed"]):
        assert secret not in base["text"], f"the public export shows {secret!r}"


def test_a_seats_post_leaves_out_its_teams_plans_unless_asked() -> None:
    record = game().record
    post = export_turn(record, 1, "al", "markdown")
    assert "for al (GAR)" in post and "Coruscant" in post, post
    for plan in ("cy orders: build Kuat Vc1", "al orders: build Coruscant GF 2"):
        assert plan not in post.replace("\\", ""), f"al's forum post shows the team's plan {plan!r}"
    planned = export_turn(record, 1, "al", "markdown", plans=True).replace("\\", "")
    assert "cy orders: build Kuat Vc1" in planned, "asked for, al's post shows the team's orders"
    assert "Muunilist" not in planned and "CIS hold Raxus" not in planned, "never the enemy's plans"
    team = export_turn(record, 1, "team:CIS", "text")
    assert "CIS hold Raxus" in team and "bo orders: build Muunilist GF 2" in team and "your deadline" not in team, team


def test_the_shell_exports_the_public_post_without_a_pin(tmp_path: Path) -> None:
    session = game()
    session.set_pin("al", "al", "1138")
    GameStore(tmp_path).adopt(session, "war").close()
    text, code = export_command(["war", "--turn", "1", "--as", "public", "--format", "text"], data_dir=tmp_path)
    assert code == 0 and "for the public" in text and "good hunting" in text, text
    text, code = export_command(["war", "--turn", "1", "--as", "team:GAR"], data_dir=tmp_path)
    assert code == 2 and "GM exports it" in text, text


def test_the_line_console_prints_a_turns_report_for_a_viewer() -> None:
    """``report <seat>|gm|public [<turn>]`` in line mode (scripts, screen readers): the same report,
    filtered the same way; bad viewers and turns are refused with the usage."""
    from core.console import Console
    console = Console()
    assert console.handle("new raw seed=report-console reproducible=yes seats=al:GAR,bo:CIS min_players=2").ok
    assert console.handle("as al build Coruscant GF 2").ok and console.handle("as bo build Muunilist GF 2").ok
    assert console.handle("resolve").ok
    al = console.handle("report al")
    assert al.ok and "turn 1 report for al (GAR)" in al.text and "Built at Coruscant: 2 GF" in al.text, al.text
    assert "Muunilist" not in al.text, "al's report shows CIS's build"
    public = console.handle("report public 1")
    assert public.ok and "Coruscant" not in public.text and "Muunilist" not in public.text, public.text
    for bad, why in (("report zz", "no viewer"), ("report al 9", "no turn 9"), ("report", "usage")):
        answer = console.handle(bad)
        assert not answer.ok and why in answer.error, (bad, answer.error)
