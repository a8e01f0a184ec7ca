"""The campaign's secrets, for the leak checks (catalog 5.5, the visibility table; TOTE-COMMS-04/05,
TOTE-GAP-39): changes to what one faction may not know, each of which must leave its view as it was.

:func:`changes` adds to :meth:`TwilightOfTheEmpire.hidden_changes` what a campaign hides beyond the
treasuries, facility purses, builds, Heroes' levels and destinations listed there: the money another
faction has spent, the arrival of its fleets in hyperspace, its units and facilities at worlds the
viewer is not at (where only a scan would show them), its running scans, snapshots and the worlds it
visited, and every message or piece of news still on its way to the viewer or sent to others only.
Each change is a ``(what, change-in-place)`` pair on a copy of the game's state.

Who in the campaign reads an event of a battle is :func:`.battle._audience`'s to say.
"""
from __future__ import annotations

from typing import Any, Callable

State = dict[str, Any]
Change = tuple[str, Callable[[State], None]]


def _present(c: dict[str, Any], viewer: str) -> set[str]:
    """The worlds where ``viewer`` has a unit (not in hyperspace) or a standing facility."""
    worlds = {u["system"] for u in c["units"].values()
              if u["faction"] == viewer and u.get("system") and not u.get("transit") and not u.get("destroyed")}
    return worlds | {f["system"] for f in c.get("facilities", {}).values()
                     if f["faction"] == viewer and f.get("system") and not f.get("destroyed")}


def changes(state: State, viewer: str) -> list[Change]:
    """The campaign's secrets of other factions that ``viewer`` (a seat) may not know, one change
    each (at most one of a kind per faction), on ``state["campaign"]``. Raises KeyError for a state
    that is not a campaign."""
    c = state["campaign"]
    here = _present(c, viewer)
    out: list[Change] = []
    for seat in sorted(c["seats"]):
        if seat == viewer:
            continue
        out.append((f"what {seat} has spent", lambda s, seat=seat: s["campaign"].setdefault("spent", {}).__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
            seat, s["campaign"].get("spent", {}).get(seat, 0) + 100)))
        moving = [uid for uid, u in sorted(c["units"].items()) if u["faction"] == seat and u.get("transit")]
        if moving:
            out.append((f"when {moving[0]} of {seat} leaves hyperspace", lambda s, uid=moving[0]: _later(s, uid)))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        unseen = [uid for uid, u in sorted(c["units"].items())
                  if u["faction"] == seat and u.get("system") and u["system"] not in here and not u.get("transit")]
        if unseen:
            out.append((f"{seat}'s {unseen[0]} at {c['units'][unseen[0]]['system']}, where {viewer} is not",
                        lambda s, uid=unseen[0]: _shaken(s["campaign"]["units"][uid])))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
        hidden_sites = [fid for fid, f in sorted(c.get("facilities", {}).items())
                        if f["faction"] == seat and f.get("system") not in here]
        if hidden_sites:
            out.append((f"{seat}'s facility {hidden_sites[0]}", lambda s, fid=hidden_sites[0]: s["campaign"]["facilities"][fid]  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                        .__setitem__("space", "G-4/orbit")))
        for key, what in (("scans", "running scan"), ("snapshots", "scan results")):
            mine = [n for n, x in enumerate(c.get(key, [])) if x["faction"] == seat]
            if mine:
                out.append((f"{seat}'s {what}", lambda s, key=key, n=mine[0]: s["campaign"][key][n].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                    "hour", s["campaign"][key][n]["hour"] + 1)))
        if c.get("visits", {}).get(seat):
            out.append((f"the worlds {seat} has visited", lambda s, seat=seat: s["campaign"]["visits"][seat].__setitem__(  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
                "hoth", {"hour": 0, "owner": None})))
    hour = int(c["hour"])
    for n, m in enumerate(c.get("messages", [])):
        if m["from"] != viewer and (viewer not in m["to"] or m["deliver"] > hour):
            out.append((f"the words of {m['id']}, not {viewer}'s to read (yet)",
                        lambda s, n=n: s["campaign"]["messages"][n].__setitem__("text", s["campaign"]["messages"][n]["text"] + "!")))  # type: ignore[misc]  # mypy cannot type a lambda with a default argument
    return out


def _later(state: State, uid: str) -> None:
    transit = state["campaign"]["units"][uid]["transit"]
    transit["arrive_turn"] += 1
    transit["arrive_hour"] += 24


def _shaken(unit: dict[str, Any]) -> None:
    unit["space"] = "DSZ-4" if unit.get("space") != "DSZ-4" else "DSZ-3"
    unit["hull"] = max(0, int(unit.get("hull", 0)) - 1)
