"""The record shows each sheet as it stood when the turn resolved: orders edited or withdrawn before
the turn resolved leave no trace in the log, the replay or the forum export (the journal keeps them,
for the GM's audit and for replaying the game)."""
from __future__ import annotations

from core.events import GM
from core.session import Session
from saves.replay import export_turn, replay_text
from tui.bridge import replace_order

EDITED = "build Coruscant GF 3"
WITHDRAWN = "build Kamino GF 2"
FINAL = ["build Coruscant GF 2", "build Kuat Vc1"]


def played() -> Session:
    """al queues three orders, edits one, withdraws one, and the turn resolves."""
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS")], options={"min_players": 2}, seed="phantoms")
    for text in (EDITED, WITHDRAWN, FINAL[1]):
        session.order("al", "al", text)
    replace_order(session, "al", "al", 0, FINAL[0])            # the edit: GF 3 becomes GF 2
    session.withdraw("al", "al", [o["text"] for o in session.sheet("al")].index(WITHDRAWN))
    session.order("bo", "bo", "build Muunilist GF 2")
    assert [o["text"] for o in session.sheet("al")] == FINAL, session.sheet("al")
    session.ready("al", "al")
    session.ready("bo", "bo")
    assert session.turn == 2, "the turn should have resolved"
    return session


def test_the_log_replay_and_export_show_only_the_final_sheet() -> None:
    session = played()
    for viewer in ("al", GM):
        logged = [e["text"] for e in session.events_for(viewer) if e["kind"] == "order" and e["text"].startswith("al ")]
        assert logged == [f"al orders: {t}" for t in FINAL], f"{viewer}'s log should hold al's final sheet only: {logged}"
        replay = replay_text(session.record, viewer)
        for fmt in ("text", "markdown", "bbcode"):
            export = export_turn(session.record, 1, viewer, fmt, plans=True)
            for phantom in (EDITED, WITHDRAWN):
                assert phantom not in export, f"the {fmt} export for {viewer} shows the phantom order {phantom!r}"
            assert FINAL[1] in export, f"the {fmt} export for {viewer} should show al's order {FINAL[1]!r}"
        for phantom in (EDITED, WITHDRAWN):
            assert phantom not in replay, f"the replay for {viewer} shows the phantom order {phantom!r}"
        assert all(t in replay for t in FINAL), f"the replay for {viewer} should show al's final sheet"


def test_the_journal_keeps_the_history_and_replays_the_same_record() -> None:
    session = played()
    given = [e["text"] for e in session.record["journal"] if e["op"] == "order" and e["seat"] == "al"]
    assert EDITED in given and WITHDRAWN in given, f"the journal should keep every order given: {given}"
    again = Session.replay(session.record)
    assert again.record["log"] == session.record["log"], "the game replayed from its journal should give the same record"


def test_orders_of_the_open_turn_stay_on_the_sheet_not_in_the_record() -> None:
    session = Session.new("raw", [("al", "GAR"), ("bo", "CIS")], options={"min_players": 2}, seed="phantoms")
    session.order("al", "al", WITHDRAWN)
    session.withdraw("al", "al", 0)
    assert not [e for e in session.record["log"] if e["kind"] == "order"], "a queued order is not in the record yet"
    assert WITHDRAWN not in replay_text(session.record, "al"), "a withdrawn order of the open turn must not be replayed"
