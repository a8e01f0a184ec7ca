"""Victory and elimination in Twilight of the Empire: the setting after Endor, Coruscant's capture, the
GE's last stand, elimination, the turn limit and a mission's victory (TOTE-META-03, TOTE-WIN-01/02,
TOTE-GAP-29, TOTE-FLOW-08).

Every function is pure: it reads plain JSON-able dicts (campaign units and facility instances as in
:mod:`.sensors`) and returns new values and events; none changes its inputs.

The state piece this module defines (one per campaign):

- the **victory** record ``{"ssd": the id of the Coruscant SSD (the GE's bonus SSD), "palace": the id
  of the Imperial Sector Palace, "fallen": {"ssd"|"palace": {"by": faction, "hour"}}, "captured":
  bool (both have fallen, TOTE-WIN-02), "winner": faction or None, "reason": text or None,
  "eliminated": [factions, in the order they fell]}``; :func:`new_victory` makes it.

Events are public (``"public": True``): the end of the game, a capture and an elimination are news to
every player.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.galaxy import CAPITAL

Record = dict[str, Any]
Units = Mapping[str, Record]
#: TOTE-META-03: where and when the game begins.
SETTING = ("Twilight of the Empire: the days directly after the Battle of Endor. The Emperor is dead, his war "
           "machine marches on, and whoever captures Coruscant wins the galaxy.")
#: The faction that holds Coruscant at the start (TOTE-FACTION-01).
DEFENDER = "GE"
TARGETS = ("ssd", "palace")


def new_victory(units: Units, facilities: Units) -> Record:
    """The victory record of a new campaign: the Coruscant SSD is the GE's SSD at Coruscant, the Palace
    the PALACE facility there (TOTE-WIN-02). Raises ValueError if either is missing."""
    ssd = sorted(u["id"] for u in units.values() if u["type"] == "SSD" and u["faction"] == DEFENDER
                 and u.get("system") == CAPITAL and not u.get("destroyed"))
    palace = sorted(f["id"] for f in facilities.values() if f["type"] == "PALACE" and f.get("system") == CAPITAL
                    and not f.get("destroyed"))
    if not ssd or not palace:
        raise ValueError("a campaign needs the GE's SSD and the Imperial Sector Palace at Coruscant (TOTE-WIN-02); "
                         f"found SSD {ssd or 'none'}, Palace {palace or 'none'}")
    return {"ssd": ssd[0], "palace": palace[0], "fallen": {}, "captured": False, "winner": None, "reason": None,
            "eliminated": []}


def over(v: Record) -> bool:
    """Whether the game has been won."""
    return v.get("winner") is not None


def _won(v: Record, faction: str, reason: str, hour: int, names: Mapping[str, str] | None = None) -> tuple[Record, list[Record]]:
    v = {**v, "winner": faction, "reason": reason}
    return v, [{"kind": "victory", "public": True, "hour": hour, "text": f"{_name(faction, names)} wins the game: {reason}"}]


def _name(faction: str, names: Mapping[str, str] | None) -> str:
    """How a text names ``faction``: its name from ``names`` (e.g. model.FACTIONS), else its code."""
    return (names or {}).get(faction, faction)


def on_destroyed(v: Record, target: str, by: str, hour: int,
                 names: Mapping[str, str] | None = None) -> tuple[Record, list[Record]]:
    """A unit or facility ``target`` was destroyed by ``by``'s attack. When it is the Coruscant SSD or
    the Palace, it is noted; once both have fallen Coruscant is captured (TOTE-WIN-02) and the faction
    whose attack felled the second wins at once (TOTE-WIN-01, TOTE-GAP-29), unless that is the GE
    itself: then nobody wins and the game goes on. Anything else changes nothing. ``names``: how the
    texts name a faction (code -> name; default the code)."""
    key = next((k for k in TARGETS if v[k] == target), None)
    if key is None or key in v["fallen"] or over(v):
        return v, []
    fallen = {**v["fallen"], key: {"by": by, "hour": hour}}
    v = {**v, "fallen": fallen}
    name = {"ssd": "the Coruscant Super Star Destroyer", "palace": "the Imperial Sector Palace"}[key]
    events = [{"kind": "victory", "public": True, "hour": hour, "text": f"{name} has fallen to {_name(by, names)}"}]
    if len(fallen) < len(TARGETS):
        return v, events
    v = {**v, "captured": True}
    if by == DEFENDER:
        return v, events + [{"kind": "victory", "public": True, "hour": hour,
                             "text": "Coruscant's defenders destroyed their own last bastion: nobody wins, and the war goes on "
                                     "(TOTE-GAP-29)"}]
    v, won = _won(v, by, "Coruscant is captured: the SSD and the Imperial Sector Palace have fallen (TOTE-WIN-01/02)", hour, names)
    return v, events + won


def holds_anything(faction: str, owners: Mapping[str, str | None], strongholds: Mapping[str, Iterable[str]],
                   units: Units, facilities: Units) -> bool:
    """Whether ``faction`` still holds a stronghold (a stronghold world it owns), a standing facility or
    a capital ship (TOTE-GAP-29: otherwise it is eliminated)."""
    worlds = {w for ws in strongholds.values() for w in ws}
    if any(owners.get(w) == faction for w in worlds):
        return True
    if any(f["faction"] == faction and not f.get("destroyed") for f in facilities.values()):
        return True
    return any(u["faction"] == faction and not u.get("destroyed") and u["type"] in unit_types()
               and model.unit_class(u) == "capital" for u in units.values())


def check_end(v: Record, turn: int, hour: int, factions: Iterable[str], owners: Mapping[str, str | None],
              strongholds: Mapping[str, Iterable[str]], units: Units, facilities: Units,
              turn_limit: int | None = None, names: Mapping[str, str] | None = None) -> tuple[Record, list[Record]]:
    """The end-of-turn checks (TOTE-FLOW-08, TOTE-GAP-29), in order: each faction that holds no
    stronghold, no facility and no capital ship is eliminated; the GE wins if it is the last faction
    still holding a stronghold; at the ``turn_limit`` (the option; None: no limit) the faction holding
    Coruscant wins. ``owners`` is each world's owner, ``strongholds`` each faction's stronghold
    worlds, ``names`` how the texts name a faction. Returns the record and the public events."""
    if over(v):
        return v, []
    events: list[Record] = []
    out = list(v["eliminated"])
    for f in sorted(set(factions) - set(out)):
        if not holds_anything(f, owners, strongholds, units, facilities):
            out.append(f)
            events.append({"kind": "elimination", "public": True, "hour": hour,
                           "text": f"{_name(f, names)} is eliminated: no stronghold, no facility and no capital ship left (TOTE-GAP-29)"})
    v = {**v, "eliminated": out}
    worlds = {w for ws in strongholds.values() for w in ws}
    holders = sorted({o for w in worlds if (o := owners.get(w))})
    if holders == [DEFENDER]:
        v, won = _won(v, DEFENDER, "the GE is the last faction holding a stronghold (TOTE-GAP-29)", hour, names)
        return v, events + won
    if turn_limit is not None and turn >= turn_limit and owners.get(CAPITAL):
        v, won = _won(v, str(owners[CAPITAL]), f"the turn limit ({turn_limit}) is reached and it holds Coruscant "
                      "(TOTE-GAP-29)", hour, names)
        return v, events + won
    return v, events


def mission_victory(v: Record, faction: str, mission: str, hour: int) -> tuple[Record, list[Record]]:
    """A mission whose reward is victory (TOTE-MISSION-03: "or perhaps even win the game") was
    completed by ``faction``: it wins, unless the game is already won."""
    if over(v):
        return v, []
    return _won(v, faction, f"it completed the epic mission {mission} (TOTE-MISSION-03)", hour)
