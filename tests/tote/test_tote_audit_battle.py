"""Battle-side faults of issue 26 (the audit against the text), each named after its rule ID."""
from __future__ import annotations

from core.rulesets.tote.rules import model


def duel(battle, gap: str = "C-1", target: str = "CORV:2", seed: str = "duel"):
    """GE with one ISD in ``gap`` against NR with ``target`` in the same space."""
    b = battle({"ann": ("GE", "ISD:1"), "ben": ("NR", target)}, seed=seed)
    for u in b.state["units"].values():
        b.place(u["id"], gap)
    return b


def test_gap_23_automatic_defence_never_targets_a_derelict(battle) -> None:
    """TOTE-GAP-02, TOTE-GAP-23, TOTE-DISABLE-08 (issue 26.19): a DERELICT (UCR 0, the best quotient)
    is a prize to tow or board, never an automatic target; the ISD's automatic fire goes to the live
    CORV beside it."""
    b = duel(battle)
    b.unit("NR-1").update(disabled=True, derelict=True, shields=0, crew=0)
    events = b.post("ann")
    targets = [e["data"]["target"] for e in events if e["kind"] == "tote.hit"]
    assert "NR-1" not in targets, f"automatic defence fired at the derelict NR-1: {targets}"
    assert targets == ["NR-2"], f"the ISD's automatic fire should go to the live CORV NR-2, not {targets}"
