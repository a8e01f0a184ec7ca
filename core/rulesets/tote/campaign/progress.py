"""Victory progress of the campaign as a viewer may know it (TOTE-WIN-01/02, TOTE-GAP-29,
TOTE-FLOW-08): Coruscant's Super Star Destroyer and Imperial Sector Palace (their fall is public
news), each faction's strongholds as the viewer last knew their holders (the GM: the truth), and
the day limit if the GM set one. Read from the viewer's own knowledge only."""
from __future__ import annotations

from typing import Any

from core.events import GM
from core.rulesets.tote.campaign import knowledge
from core.rulesets.tote.campaign.worlds import facts
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.model import FACTIONS

State = dict[str, Any]


def _holders(state: State, viewer: str) -> dict[str, tuple[str | None, bool]]:
    """Each world's holder as ``viewer`` knows it, and whether that is known now (GM: always)."""
    c = state["campaign"]
    if viewer == GM:
        return {w: (p["owner"], True) for w, p in c["planets"].items()}
    k = knowledge.knowledge(facts(c), viewer)
    return {w: (r["owner"], r["status"] in ("present", "scanned")) for w, r in k["systems"].items()
            if r["owner_hour"] is not None}


def victory(state: State, viewer: str) -> dict[str, Any]:
    """``{"goal", "score", "rows"}`` (see :meth:`core.ruleset.Ruleset.victory`) for ``viewer``. Raises nothing."""
    c = state["campaign"]
    v = state.get("victory") or {}
    g = galaxy()
    names = {s: FACTIONS.get(f, f) for s, f in c["seats"].items()}
    holders = _holders(state, viewer)
    rows: list[dict[str, Any]] = []
    if v.get("ssd"):
        fallen = v.get("fallen") or {}
        for key, name in (("ssd", "Coruscant's Super Star Destroyer"), ("palace", "the Imperial Sector Palace")):
            f = fallen.get(key)
            by = c["seats"].get(f["by"], f["by"]) if f else None
            rows.append({"objective": f"Capture Coruscant: {name}", "side": "Coruscant", "have": int(bool(f)), "need": 1,
                         "value": 1.0 if f else 0.0, "rule": "TOTE-WIN-02", "done": bool(f),
                         "text": f"fallen to {FACTIONS.get(str(by), by)} (day {int(f['hour']) // 24 + 1})" if f else "standing"})
    score: dict[str, int] = {}
    for seat, worlds in c["strongholds"].items():
        held = []
        for w in worlds:
            owner, now = holders.get(w, (seat, False))
            held.append((w, owner, now))
        kept = sum(1 for _, o, _ in held if o == seat)
        score[c["seats"][seat]] = kept
        text = "; ".join(f"{g.planets[w].name}: " + (names.get(str(o), "nobody") if o else "nobody")
                         + ("" if now else " (as last known)") for w, o, now in held)
        rows.append({"objective": f"Strongholds held by the {names[seat]}", "side": c["seats"][seat], "have": kept, "need": len(held),
                     "value": kept / len(held) if held else 0.0, "rule": "TOTE-FLOW-08", "done": False, "text": text})
    limit = int(state["options"].get("day_limit") or 0)
    goal = ("destroy Coruscant's SSD and the Imperial Sector Palace: the faction that destroys the second wins "
            "(TOTE-WIN-01/02); a faction that holds nothing is out (TOTE-FLOW-08); ")
    goal += (f"at the end of day {limit} (now day {state['turn']}) the holder of Coruscant wins, nobody: a draw (TOTE-GAP-29)"
             if limit else "no day limit (the GM set none, TOTE-GAP-29)")
    if v.get("winner") or v.get("reason"):
        goal = f"over: {v.get('reason')}. " + goal
    return {"goal": goal, "score": score, "rows": rows}
