"""Taking control of ships in Twilight of the Empire: tractor beams (TOTE-TRACTOR-01..08,
TOTE-MATH-03, TOTE-GAP-41), ramming (TOTE-RAM-01), launching and recalling craft
(TOTE-LAUNCH-01), abandoning ship (TOTE-DISABLE-06..08, TOTE-GAP-57), boarding and capture
(TOTE-BOARD-01..06, TOTE-GAP-23/25/56).

Pure functions on the unit dicts of :mod:`.model`; each returns new dicts and events (seen by the
factions involved; the GM sees every event). No dice: every outcome is UCR arithmetic.

Extra keys read or written (defaults in brackets):

- ``tractored_by`` [None]: the faction holding the unit under complete control (UCR 1) until the
  start of that faction's next post; ``tractor_m`` [0]: metres held, for the record;
- ``crew`` [ceil(length/10)]: stock infantry squads aboard a ship, its defenders against boarders;
- ``boarders`` [None]: ``{"faction", "type", "count", "wounds"}``, an enemy boarding party aboard;
- ``captured`` [False], ``captured_by`` [None]: set when the ship changes hands (BOARD-04/05);
- ``abandoned`` [False]: the crew left by escape pod (the ship is DERELICT).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import OrderError
from core.events import Event, event, to_seat
from core.rulesets.tote.battle.movement import (
    check_drag,
    check_recall,
    escape_pod_space,
    launch_space,
)
from core.rulesets.tote.rules import arith, grid
from core.rulesets.tote.rules.damage import crew_of, family, unit_ucr

Unit = dict[str, Any]

RAM_REFUSAL = ("ramming is prohibited: no ship may be flown or tractored into another "
               "(TOTE-RAM-01); fire at it instead")


@dataclass
class Outcome:
    """New unit dicts by id, and the events of what happened."""

    units: dict[str, Unit] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    result: str = ""


def _to(*factions: Any) -> list[str]:
    out: list[str] = []
    for f in factions:
        if f is not None and to_seat(str(f)) not in out:
            out.append(to_seat(str(f)))
    return out


# ---- tractor beams -----------------------------------------------------------------------------

def tractor_metres(stype: Any) -> int:
    """Tractor control of a type at quotient 1.000: projectors x metres each (100 m for a capital
    ship's projector, 25 m for an AUX's; TOTE-TRACTOR-02/03)."""
    return int(getattr(stype, "tractor_projectors", 0)) * int(getattr(stype, "tractor_m_each", 100))


def tractor_problem(ship: Mapping[str, Any], stype: Any, target: Mapping[str, Any], ttype: Any) -> str:
    """Why ``ship`` cannot put its tractor beams on ``target`` ("" if it can): it needs projectors,
    must be able to act, the target must be smaller (TOTE-TRACTOR-01, TOTE-GAP-41 "lesser size":
    target length < ship length), a starship, and within range 1 (its own space for an AUX)."""
    sid, tid = ship.get("id"), target.get("id")
    if tractor_metres(stype) <= 0:
        return f"{sid} has no tractor beam projectors"
    if ship.get("derelict") or ship.get("inert") or ship.get("destroyed"):
        return f"{sid} can no longer act"
    if family(ttype) not in ("capital", "craft") or target.get("destroyed"):
        return f"{tid} is not a vessel in the fight"
    if int(getattr(ttype, "length_m", 0)) >= int(getattr(stype, "length_m", 0)):
        return (f"{tid} ({getattr(ttype, 'length_m', 0)} m) is not of lesser size than {sid} "
                f"({getattr(stype, 'length_m', 0)} m)")
    a, b = ship.get("space"), target.get("space")
    if not a or not b:
        return f"{tid} is not on the grid" if not b else f"{sid} is not on the grid"
    reach = 0 if family(stype) == "craft" else 1
    if a != b and (reach == 0 or grid.is_diagonal(a, b) or not grid.adjacent(a, b)):
        where = "its own space" if reach == 0 else "its own space or an orthogonally adjacent one"
        return f"{tid} in {grid.label(b)} is out of tractor range of {sid} ({where})"
    return ""


def tractor_control(holders: Sequence[tuple[Mapping[str, Any], Any]], target: Mapping[str, Any], ttype: Any, *,
                    bombarded: Iterable[str] = ()) -> int:
    """Metres of control the ``holders`` ((ship, type) pairs, one player's) exert on ``target``:
    each ship's projector metres times its own UCR quotient against the target, summed and rounded
    up once (TOTE-TRACTOR-04, TOTE-MATH-03, TOTE-GAP-41). TOTE-EX-02: an ISD of UCR 3 with 10
    projectors on a CORV of UCR 7 holds 1000 x 0.428 = 428 m. Raises OrderError if a holder cannot."""
    zone = tuple(bombarded)
    d_ucr = unit_ucr(target, ttype, bombarded=zone)
    parts = []
    for ship, stype in holders:
        why = tractor_problem(ship, stype, target, ttype)
        if why:
            raise OrderError(why)
        parts.append((tractor_metres(stype), arith.q_milli(unit_ucr(ship, stype, bombarded=zone), d_ucr)))
    return arith.total_of(parts)


def under_control(control_m: int, ttype: Any) -> bool:
    """Complete control only when the metres held exceed the target's length; equal is not enough
    (TOTE-TRACTOR-05, TOTE-EX-03/35)."""
    return control_m > int(getattr(ttype, "length_m", 0))


def tractor_preview(holders: Sequence[tuple[Mapping[str, Any], Any]], target: Mapping[str, Any], ttype: Any, *,
                    bombarded: Iterable[str] = ()) -> dict[str, Any]:
    """What a declared tractor operation would hold, exactly, without changing anything: each
    holder's metres and quotient (thousandths), the total rounded up once, the target's length and
    whether that is complete control (TOTE-TRACTOR-04, TOTE-TRACTOR-05). Raises OrderError as
    :func:`tractor_control`."""
    zone = tuple(bombarded)
    metres = tractor_control(holders, target, ttype, bombarded=zone)
    d_ucr = unit_ucr(target, ttype, bombarded=zone)
    parts = [{"ship": s.get("id"), "metres": tractor_metres(t),
              "q_milli": arith.q_milli(unit_ucr(s, t, bombarded=zone), d_ucr)} for s, t in holders]
    length = int(getattr(ttype, "length_m", 0))
    return {"target": target.get("id"), "parts": parts, "metres": metres, "length": length,
            "controlled": under_control(metres, ttype)}


def tractor(holders: Sequence[tuple[Mapping[str, Any], Any]], target: Mapping[str, Any], ttype: Any, *,
            turn: int = 0, bombarded: Iterable[str] = ()) -> Outcome:
    """Resolve one player's tractor operation on ``target``. It runs last in the post, after every
    attack (TOTE-TRACTOR-08, TOTE-EX-36), so the UCR 1 of a fully tractored ship (TOTE-TRACTOR-07)
    only counts from the next post on. Partial control has no effect (TOTE-GAP-41).

    Raises OrderError when there is no holder, holders of several factions, or a holder cannot.
    """
    if not holders:
        raise OrderError("name at least one ship with tractor beams")
    factions = {h.get("faction") for h, _ in holders}
    if len(factions) != 1:
        raise OrderError("only one player's ships combine their tractor beams")
    faction = factions.pop()
    metres = tractor_control(holders, target, ttype, bombarded=bombarded)
    held = under_control(metres, ttype)
    new = dict(target)
    if held:
        new["tractored_by"], new["tractor_m"] = faction, metres
        new["tractor_holders"] = [str(h.get("id")) for h, _ in holders]
        new.pop("tractor_renewed", None)  # a new hold: held from the start of a post only from the next
    length = int(getattr(ttype, "length_m", 0))
    text = (f"{', '.join(str(h.get('id')) for h, _ in holders)} tractor {target.get('id')}: {metres} m held "
            f"against {length} m: " + ("complete control" if held else "no control"))
    out = Outcome({str(new.get("id")): new}, result="controlled" if held else "slipped")
    out.events.append(event("tote.tractor", text, _to(faction, target.get("faction")), turn,
                            holders=[h.get("id") for h, _ in holders], target=target.get("id"),
                            metres=metres, length=length, controlled=held))
    return out


def hold_again(target: Mapping[str, Any], holders: Sequence[tuple[Mapping[str, Any], Any]], ttype: Any, *,
               bombarded: Iterable[str] = ()) -> int:
    """At the start of the holder's post, the metres its tractoring ships still exert on ``target``
    (0 when the hold ends): only the ships still able to act within range 1 count (revised
    TOTE-GAP-41: control persists across posts, computed again each post; it ends when it no
    longer exceeds the target's length or no tractoring ship can act)."""
    able = [(h, t) for h, t in holders if not tractor_problem(h, t, target, ttype) and not h.get("withdrawn")
            and not (h.get("disabled") and not h.get("final"))]
    if not able:
        return 0
    metres = tractor_control(able, target, ttype, bombarded=bombarded)
    return metres if under_control(metres, ttype) else 0


def release(units: Iterable[Mapping[str, Any]], faction: str) -> list[Unit]:
    """At the start of ``faction``'s post its tractor control ends (TOTE-GAP-41): the units it held,
    released (new dicts); other units are not returned."""
    out = []
    for u in units:
        if u.get("tractored_by") == faction:
            new = dict(u)
            new["tractored_by"], new["tractor_m"] = None, 0
            out.append(new)
    return out


def drag(target: Mapping[str, Any], to_space: str, holders: Iterable[Mapping[str, Any]], *, turn: int = 0) -> Outcome:
    """Drag, push or pull a ship under complete control up to 1 space, staying within range 1 of a
    tractoring ship (TOTE-TRACTOR-06, TOTE-GAP-41). A drag never rams (TOTE-RAM-01): sharing a space
    does no damage. Raises OrderError if the target is not held by the holders' faction, or the
    move is not 1 orthogonal step within reach."""
    hs = list(holders)
    faction = hs[0].get("faction") if hs else None
    if not faction or target.get("tractored_by") != faction:
        raise OrderError(f"{target.get('id')} is not under your complete tractor control")
    check_drag(str(target.get("space")), to_space, [str(h.get("space")) for h in hs])
    new = dict(target)
    new["space"] = to_space
    out = Outcome({str(new["id"]): new})
    out.events.append(event("tote.drag", f"{target.get('id')} is dragged to {grid.label(to_space)}",
                            _to(faction, target.get("faction")), turn, target=target.get("id"), space=to_space))
    return out


def may_tow_into_hyperspace(target: Mapping[str, Any], faction: str, held_at_post_start: bool) -> bool:
    """A ship under complete control may be taken into hyperspace with its holder, if it was held at
    the start of the post (TOTE-TRACTOR-06, TOTE-GAP-41)."""
    return target.get("tractored_by") == faction and held_at_post_start


def ram(*_: Any) -> None:
    """Ramming, deliberate or by tractor beam, is prohibited (TOTE-RAM-01). Always raises OrderError."""
    raise OrderError(RAM_REFUSAL)


# ---- launching and recalling -------------------------------------------------------------------

def launch(carrier: Mapping[str, Any], craft: Iterable[Mapping[str, Any]], *, turn: int = 0) -> Outcome:
    """Launch any or all onboard craft: they appear in the carrier's space (TOTE-LAUNCH-01). A
    DISABLED ship may launch as a final action (TOTE-DISABLE-04). Raises OrderError if the carrier
    cannot act or a craft is not aboard it."""
    if carrier.get("derelict") or carrier.get("inert") or (carrier.get("destroyed")):
        raise OrderError(f"{carrier.get('id')} can no longer launch craft")
    if carrier.get("disabled") and not carrier.get("final"):
        raise OrderError(f"{carrier.get('id')} is disabled and has had its final actions")
    where = launch_space(carrier)
    new_c = dict(carrier)
    aboard = list(carrier.get("carried", []))
    out = Outcome()
    names = []
    for c in craft:
        if c.get("id") not in aboard:
            raise OrderError(f"{c.get('id')} is not aboard {carrier.get('id')}; aboard: {', '.join(aboard) or 'nothing'}")
        aboard.remove(c["id"])
        nc = dict(c)
        nc["space"], nc["carried_by"] = where, None
        out.units[str(nc["id"])] = nc
        names.append(str(nc["id"]))
    new_c["carried"] = aboard
    out.units[str(new_c["id"])] = new_c
    out.events.append(event("tote.launch", f"{carrier.get('id')} launches {', '.join(names)} in {grid.label(where)}",
                            _to(carrier.get("faction")), turn, carrier=carrier.get("id"), craft=names))
    return out


def recall(carrier: Mapping[str, Any], ctype: Any, craft: Iterable[tuple[Mapping[str, Any], Any]],
           aboard_room: int = 0, *, turn: int = 0) -> Outcome:
    """Recall SF squadrons and AUX craft aboard a carrier in the same space (TOTE-LAUNCH-01), within
    its hangar slots (``aboard_room``: the room already taken; TOTE-STOCK-06). Raises OrderError."""
    if carrier.get("derelict") or carrier.get("inert") or carrier.get("destroyed"):
        raise OrderError(f"{carrier.get('id')} can no longer take craft aboard")
    slots = int(getattr(ctype, "hangar_slots", 0))
    used = aboard_room
    new_c = dict(carrier)
    aboard = list(carrier.get("carried", []))
    out = Outcome()
    for c, t in craft:
        if family(t) != "craft":
            raise OrderError(f"{c.get('id')} is not a starfighter squadron or auxiliary craft")
        if c.get("faction") != carrier.get("faction"):
            raise OrderError(f"{c.get('id')} is not yours to recall")
        check_recall(dict(c), dict(carrier))
        used += int(getattr(t, "room_size", 1))
        if used > slots:
            raise OrderError(f"{carrier.get('id')} has {slots} hangar slots; {c.get('id')} does not fit")
        nc = dict(c)
        nc["space"], nc["carried_by"], nc["patrol"] = None, carrier.get("id"), False
        aboard.append(str(nc["id"]))
        out.units[str(nc["id"])] = nc
    new_c["carried"] = aboard
    out.units[str(new_c["id"])] = new_c
    out.events.append(event("tote.recall", f"{carrier.get('id')} recalls {', '.join(k for k in out.units if k != new_c['id'])}",
                            _to(carrier.get("faction")), turn, carrier=carrier.get("id")))
    return out


# ---- abandoning ship, boarding and capture -------------------------------------------------------

def crew(ship: Mapping[str, Any], stype: Any) -> int:
    """The crew squads still aboard (``crew`` key, else Length/10 rounded up; TOTE-DISABLE-07)."""
    return int(ship.get("crew", crew_of(int(getattr(stype, "length_m", 0)))))


def abandon(ship: Mapping[str, Any], stype: Any, *, choice: str | None = None, ground: bool = True,
            turn: int = 0) -> Outcome:
    """Abandon Ship: the crew leaves by escape pod as stock infantry squads that land on the Surface
    below in the owner's next round (TOTE-DISABLE-06/07, TOTE-GAP-57); the ship is DERELICT at once
    (TOTE-DISABLE-08, TOTE-GAP-23a). The crew stack comes back as ``{"id": "<ship>-crew", "type":
    "INF", "count", "arrives", "space": None}``; with no ground grid the crew is lost.
    Raises OrderError unless the ship is DISABLED and still owed its final actions."""
    if family(stype) != "capital" or not ship.get("disabled") or not ship.get("final") or ship.get("derelict"):
        raise OrderError(f"only a ship DISABLED this round may abandon ship, as a final action; {ship.get('id')} cannot")
    squads = crew(ship, stype)
    where = escape_pod_space(str(ship.get("space")), choice, ground)
    new = dict(ship)
    new.update(derelict=True, abandoned=True, crew=0)
    out = Outcome({str(new["id"]): new}, result="derelict")
    if where and squads:
        pods: Unit = {"id": f"{ship.get('id')}-crew", "type": "INF", "faction": ship.get("faction"), "space": None,
                "arrives": where, "count": squads, "wounds": 0, "destroyed": False}
        out.units[pods["id"]] = pods
    text = f"{ship.get('id')} abandoned: {squads} squads by escape pod" + (f" to {grid.label(where)}" if where else ", lost")
    out.events.append(event("tote.abandon", text, _to(ship.get("faction")), turn, ship=ship.get("id"),
                            squads=squads, arrives=where))
    return out


def board_problem(aux: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any, squads: int,
                  room_each: int = 1) -> str:
    """Why ``aux`` cannot put ``squads`` boarders on ``target`` ("" if it can): only an AUX that is
    not a Landing Barge (TOTE-BOARD-01), in the target's space (TOTE-GAP-56), on an enemy capital
    ship or platform whose shields are down (TOTE-BOARD-02), within its troop capacity."""
    if getattr(atype, "cls", "") != "aux":
        return f"{aux.get('id')} is not an auxiliary craft; only AUX deliver boarders"
    if "landing_barge" in getattr(atype, "flags", ()):
        return f"{aux.get('id')} is a Landing Barge, which cannot deliver boarders"
    if family(ttype) != "capital" or target.get("destroyed"):
        return f"{target.get('id')} is not a ship that can be boarded"
    if target.get("faction") == aux.get("faction") and not target.get("derelict"):
        return f"{target.get('id')} is your own ship"
    if int(target.get("shields", 0)) > 0:
        return f"{target.get('id')} still has {target.get('shields')} shields; boarders go aboard only once they are down"
    if not aux.get("space") or aux.get("space") != target.get("space"):
        return f"{aux.get('id')} must be in {target.get('id')}'s space to deliver boarders"
    if squads < 1:
        return "send at least 1 squad"
    cap = int(getattr(atype, "troop_capacity", 0))
    if squads * room_each > cap:
        return f"{aux.get('id')} carries at most {cap // max(1, room_each)} squads at once, not {squads}"
    theirs = target.get("boarders")
    if theirs and theirs.get("faction") != aux.get("faction"):
        return f"{target.get('id')} already has {theirs.get('faction')} boarders aboard"
    return ""


def board(aux: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any, party: Mapping[str, Any],
          squads: int, *, room_each: int = 1, turn: int = 0) -> Outcome:
    """Deliver ``squads`` of the infantry stack ``party`` (carried by ``aux``) aboard ``target``
    (TOTE-BOARD-01/02, TOTE-GAP-56). A derelict with nobody aboard (no crew and none of the
    owner's ``troops``) is captured at once; the owner's squads still aboard fight the boarders
    first, in the later posts, as in any boarding action (revised TOTE-GAP-23). Raises OrderError
    saying why a boarding is refused."""
    why = board_problem(aux, atype, target, ttype, squads, room_each)
    if not why and squads > int(party.get("count", 0)):
        why = f"{party.get('id')} has only {party.get('count', 0)} squads"
    if why:
        raise OrderError(why)
    new_t, new_p = dict(target), dict(party)
    new_p["count"] = int(party["count"]) - squads
    if new_p["count"] == 0:
        new_p["destroyed"], new_p["space"] = True, None
    have = dict(target.get("boarders") or {"faction": aux.get("faction"), "type": party.get("type"), "count": 0, "wounds": 0})
    have["count"] = int(have["count"]) + squads
    new_t["boarders"] = have
    out = Outcome({str(new_t["id"]): new_t, str(new_p["id"]): new_p})
    out.events.append(event("tote.board", f"{aux.get('id')} puts {squads} squads aboard {target.get('id')}",
                            _to(aux.get("faction"), target.get("faction")), turn, aux=aux.get("id"),
                            target=target.get("id"), squads=squads))
    if target.get("derelict") and crew(target, ttype) == 0 and not any(
            int(t.get("count", 0)) > 0 for t in target.get("troops", [])):
        _capture(new_t, out, turn)
    return out


def _stack_fire(count: int, gtype: Any, defender_ucr: int, attacker_ucr: int) -> int:
    raw = count * sum(m.raw for m in getattr(gtype, "mounts", ()) if m.weapon.pool in ("standard", "ptlc"))
    return arith.damage(raw, attacker_ucr, defender_ucr) if raw else 0


def _losses(count: int, wounds: int, hp: int, dmg: int) -> tuple[int, int]:
    pool = wounds + dmg
    killed = min(count, pool // max(1, hp))
    left = count - killed
    return left, (pool % max(1, hp)) if left else 0


def _capture(ship: Unit, out: Outcome, turn: int) -> None:
    b = ship.get("boarders") or {}
    loser = ship.get("faction")
    if loser == b.get("faction"):  # its own crew back aboard a derelict: manned again, not a prize
        ship.update(derelict=False, abandoned=False, crew=int(b.get("count", 0)), boarders=None)
        out.result = "remanned"
        out.events.append(event("tote.remanned", f"{ship.get('id')} is manned again", _to(loser), turn,
                                ship=ship.get("id")))
        return
    ship.update(faction=b.get("faction"), captured=True, captured_by=b.get("faction"), derelict=False,
                abandoned=False, crew=int(b.get("count", 0)), boarders=None, tractored_by=None)
    out.result = "captured"
    out.events.append(event("tote.capture", f"{ship.get('id')} is CAPTURED by {b.get('faction')}",
                            _to(b.get("faction"), loser), turn, ship=ship.get("id"), by=b.get("faction"),
                            was=loser))


def fight_aboard(ship: Mapping[str, Any], stype: Any, crew_type: Any, boarder_type: Any, *,
                 defenders: Sequence[tuple[Mapping[str, Any], Any]] = (), turn: int = 0) -> Outcome:
    """One round of combat aboard a boarded ship, fought as on the ground (TOTE-BOARD-03,
    TOTE-GAP-25): each side's stacks fire at once (count x raw per unit, scaled by UCR against the
    other side), and each side loses ``floor(damage/hp)`` squads, the rest staying as wounds.
    The crew (stock infantry, ``crew_type``) fight first among the defenders, then the owner's own
    infantry aboard (``defenders``: (stack, type) pairs); garrison rules do not apply aboard.

    Result: ``captured`` when crew and defenders are all dead and boarders survive (TOTE-BOARD-04,
    TOTE-GAP-23b: the ship changes faction, ``captured``), ``derelict`` when both sides die
    (TOTE-GAP-23c, TOTE-DISABLE-08), ``repelled`` when the boarders die, else ``fighting``.
    Raises OrderError when nobody is aboard to fight."""
    b = ship.get("boarders")
    if not b or int(b.get("count", 0)) <= 0:
        raise OrderError(f"there are no boarders aboard {ship.get('id')}")
    new = dict(ship)
    out = Outcome({str(new["id"]): new})
    sides: list[tuple[Unit, Any]] = []
    crew_stack: Unit = {"id": f"{ship.get('id')}-crew", "count": crew(ship, stype), "wounds": int(ship.get("crew_wounds", 0))}
    if crew_stack["count"] > 0:
        sides.append((crew_stack, crew_type))
    sides += [(dict(s), t) for s, t in defenders if int(s.get("count", 0)) > 0]
    b_ucr = arith.base_ucr(boarder_type.speed, boarder_type.maneuver)
    # the defenders' fire at the boarders, and the boarders' fire at the first defending stack
    incoming = sum(_stack_fire(int(s["count"]), t, b_ucr, arith.base_ucr(t.speed, t.maneuver)) for s, t in sides)
    if sides:
        first, ftype = sides[0]
        outgoing = _stack_fire(int(b["count"]), boarder_type, arith.base_ucr(ftype.speed, ftype.maneuver), b_ucr)
        for stack, t in sides:
            if outgoing <= 0:
                break
            hp = int(getattr(t, "hp", 1))
            need = int(stack["count"]) * hp - int(stack.get("wounds", 0))
            dealt = min(outgoing, need)
            stack["count"], stack["wounds"] = _losses(int(stack["count"]), int(stack.get("wounds", 0)), hp, dealt)
            outgoing -= dealt
    left_b, wounds_b = _losses(int(b["count"]), int(b.get("wounds", 0)), int(getattr(boarder_type, "hp", 1)), incoming)
    new["boarders"] = {**b, "count": left_b, "wounds": wounds_b}
    for stack, _ in sides:
        if stack["id"] == crew_stack["id"]:
            new["crew"], new["crew_wounds"] = stack["count"], stack["wounds"]
        else:
            out.units[str(stack["id"])] = {**stack, "destroyed": stack["count"] == 0}
    holders = sum(int(s["count"]) for s, _ in sides)
    faction_was = ship.get("faction")
    if holders == 0 and left_b > 0:
        _capture(new, out, turn)
    elif holders == 0:
        new.update(derelict=True, boarders=None)
        out.result = "derelict"
    elif left_b == 0:
        new["boarders"] = None
        out.result = "repelled"
    else:
        out.result = "fighting"
    out.events.insert(0, event("tote.aboard", f"fighting aboard {ship.get('id')}: {holders} defending squads left, "
                               f"{left_b} boarders left ({out.result})", _to(faction_was, b.get("faction")), turn,
                               ship=ship.get("id"), defenders=holders, boarders=left_b, result=out.result))
    return out


def may_start_repairs(ship: Mapping[str, Any], system_in_conflict: bool) -> bool:
    """A captured ship begins repairs only once its system is no longer in conflict (TOTE-BOARD-06)."""
    return not (ship.get("captured") and system_in_conflict)
