"""Fleets and command limits across the whole campaign (TOTE-CP-01..05, TOTE-BURDEN-01..09,
TOTE-PDF-01..04, TOTE-GAP-26/27/28/47/48/53, TOTE-BOARD-05).

Every unit of a faction on the galaxy is in exactly one place of command:

- its **main fleet** (at most 23 CP plus bonus CP, the ``bonus_cp`` option and its Heroes'
  ``cp_bonus``, and at most 7 capital ships, TOTE-CP-02/03/05, GAP-53), wherever its ships are;
- the **Space PDF** of the world where it stands (each at most 23 CP and 7 capital ships; bonus
  units count toward neither, TOTE-PDF-01/02, GAP-48). A PDF guards its world: its ships do not
  jump; ``assign <ship> fleet`` puts one into the main fleet without penalty first (TOTE-PDF-03);
- **unassigned** (TOTE-GAP-27/28): a new unit with no room; it cannot act (no jump, no scan, no
  battle orders) but may be attacked, scrapped or salvaged, sent to the reserve, or assigned.

Craft and ground units aboard a ship are in their carrier's place and commit no CP of their own
(TOTE-BURDEN-02); a capital ship holds its CP until DESTROYED or DERELICT with nothing attached left
(TOTE-BURDEN-03..05). Units in the Fleet Reserve Force or scrapped are in none.

On a unit the place is kept as ``pdf`` (True on PDF duty) and ``unassigned`` (True when neither),
the main fleet being neither; ``fleet_of`` names the seat that took command of it, so a unit that
changed hands (a capture in battle) is seen as new to its captor and placed by TOTE-GAP-28.
The campaign's ``bonus_cp`` is the game's option (TOTE-GAP-53).
"""
from __future__ import annotations

from typing import Any, Iterable

from core.errors import OrderError
from core.rulesets.tote.campaign import conflict
from core.rulesets.tote.campaign.heroes import cp_bonus
from core.rulesets.tote.rules import heroes, model
from core.rulesets.tote.rules.data import unit_types
from core.rulesets.tote.rules.fleet import CAPITAL_CAP, CP_LIMIT
from core.rulesets.tote.rules.galaxy import world_name as _name

Campaign = dict[str, Any]
Event = dict[str, Any]
Unit = dict[str, Any]

#: The places of command, in the words players read.
PLACES = {"main": "the main fleet", "pdf": "the Space PDF", "unassigned": "unassigned"}


def counted(u: Unit) -> bool:
    """Whether a unit is under some command on the galaxy: not scrapped, not in the reserve, not in a
    world's Reserve Guard Force (ground defence, in no fleet: :mod:`.ground`)."""
    return not u.get("scrapped") and not u.get("reserve") and not u.get("rgf") and bool(u.get("system") or u.get("transit"))


def parent(units: dict[str, Unit], u: Unit) -> Unit | None:
    """The ship of the same faction ``u`` is aboard or attached to (TOTE-BURDEN-02), or None."""
    pid = u.get("attached_to") or u.get("carried_by")
    p = units.get(str(pid)) if pid else None
    return p if p is not None and p["faction"] == u["faction"] else None


def top(units: dict[str, Unit], u: Unit) -> Unit:
    """The topmost ship of its own faction carrying ``u`` (``u`` itself when aboard nothing)."""
    seen = {u["id"]}
    while (p := parent(units, u)) is not None and p["id"] not in seen:
        seen.add(p["id"])
        u = p
    return u


def place(units: dict[str, Unit], u: Unit) -> str:
    """``"main"``, ``"pdf"`` or ``"unassigned"``: where ``u`` is (its carrier's place when aboard)."""
    t = top(units, u)
    return "unassigned" if t.get("unassigned") else "pdf" if t.get("pdf") else "main"


def set_place(u: Unit, where: str, seat: str) -> None:
    """Put the top-level unit ``u`` in ``where`` (``main``, ``pdf``, ``unassigned``) for ``seat``."""
    u["pdf"] = where == "pdf"
    u["unassigned"] = where == "unassigned"
    u["fleet_of"] = seat
    u.pop("assignment", None)


def usage(rows: Iterable[Unit], units: dict[str, Unit]) -> tuple[int, int]:
    """(CP, capital ships) a group of units holds against its limits: a capital ship its CP until it
    is DESTROYED or DERELICT and nothing attached survives (TOTE-BURDEN-03..05, DISABLED still
    holds, BURDEN-04); an escort SF or AUX 1 (TOTE-CP-04); craft aboard, ground units, platforms
    and bonus units nothing (TOTE-BURDEN-02, PDF-02)."""
    types = unit_types()
    rows = list(rows)
    alive_attached = {p["id"] for u in rows if (p := parent(units, u)) is not None and not u.get("destroyed")}
    cp = caps = 0
    for u in rows:
        if u.get("bonus") or parent(units, u) is not None:
            continue
        t = types.get(str(u.get("type")))
        if t is None:
            continue
        if t.is_capital:
            if not (u.get("destroyed") or u.get("derelict")) or u["id"] in alive_attached:
                cp, caps = cp + t.cp, caps + 1
        elif t.is_craft and not u.get("destroyed"):
            cp += t.cp
    return cp, caps


def main_limit(c: Campaign, seat: str) -> int:
    """The main fleet's CP limit: 23, plus the ``bonus_cp`` option and the seat's Heroes'
    ``cp_bonus`` (TOTE-CP-02/05, TOTE-GAP-53)."""
    return CP_LIMIT + int(c.get("bonus_cp") or 0) + cp_bonus(c, seat)


def groups(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s units by place: ``{"main": [units], "pdf": {world: [units]}, "unassigned": [units]}``
    (craft aboard with their carrier)."""
    units = c["units"]
    out: dict[str, Any] = {"main": [], "pdf": {}, "unassigned": []}
    for u in units.values():
        if u["faction"] != seat or not counted(u):
            continue
        where = place(units, u)
        if where == "pdf":
            out["pdf"].setdefault(top(units, u).get("system"), []).append(u)
        else:
            out[where].append(u)
    return out


def room(c: Campaign, seat: str, where: str, world: str | None, adding: Iterable[Unit], leaving: Iterable[str] = ()) -> str:
    """Why ``adding`` (top-level units with what they carry) cannot join ``seat``'s ``where`` (the
    main fleet, or the PDF at ``world``) once ``leaving`` (ids) left it: "" when within 23 CP (+ bonus
    for the main fleet) and 7 capital ships (TOTE-PDF-04)."""
    units = c["units"]
    g = groups(c, seat)
    rows = g["main"] if where == "main" else g["pdf"].get(world, [])
    gone = set(leaving)
    rows = [u for u in rows if top(units, u)["id"] not in gone]
    new = [x for a in adding for x in _with_aboard(units, a)]
    cp, caps = usage(rows + new, units)
    limit = main_limit(c, seat) if where == "main" else CP_LIMIT
    label = "your main fleet" if where == "main" else f"your Space PDF at {_name(world)}"
    if cp > limit:
        return f"{label} would hold {cp} CP, over its {limit} (TOTE-CP-02, TOTE-PDF-01/04)"
    if caps > CAPITAL_CAP:
        return f"{label} would hold {caps} capital ships, over its {CAPITAL_CAP} (TOTE-CP-03, TOTE-PDF-01/04)"
    return ""


def _with_aboard(units: dict[str, Unit], u: Unit) -> list[Unit]:
    out, todo = [], [u]
    while todo:
        x = todo.pop()
        out.append(x)
        todo += [units[i] for i in x.get("carried", []) if i in units and units[i]["faction"] == u["faction"]]
    return out


def hero_at(c: Campaign, seat: str, world: str | None) -> bool:
    """Whether a living Hero of ``seat`` is in ``world`` (TOTE-BURDEN-06)."""
    for h in c.get("heroes", []):
        if h["faction"] == seat and not h.get("dead"):
            try:
                if heroes.locate(h, c["units"], c.get("facilities", {}))[0] == world:
                    return True
            except KeyError:
                continue
    return False


def join(c: Campaign, uid: str, captured: bool = False) -> str:
    """A new unit of its faction takes its place (TOTE-GAP-27; captured, TOTE-GAP-28/BOARD-05): the
    main fleet while the faction's Hero is in its system (never for a capture) and it has room,
    else the Space PDF of its world if that has room, else unassigned. Returns the words saying
    where it went (``"joins the Space PDF at Kuat"``)."""
    u = c["units"][uid]
    seat, world = u["faction"], u.get("system")
    if not captured and hero_at(c, seat, world) and not room(c, seat, "main", None, [u], [uid]):
        set_place(u, "main", seat)
        return "joins the main fleet"
    if world and not room(c, seat, "pdf", world, [u], [uid]):
        set_place(u, "pdf", seat)
        return f"joins the Space PDF at {_name(world)}"
    set_place(u, "unassigned", seat)
    return "stands unassigned: no room in the main fleet or the Space PDF; it cannot act until assigned (TOTE-GAP-27)"


def start(c: Campaign) -> None:
    """At the start every unit is under its faction's command: the ready fleet the main fleet, the
    stronghold's defenses and bonus units its Space PDF (TOTE-START-04, PDF-02)."""
    for u in c["units"].values():
        if parent(c["units"], u) is None and counted(u):
            set_place(u, "pdf" if u.get("pdf") else "main", u["faction"])


def settle(c: Campaign) -> list[Event]:
    """Every unit's place made right at a turn start or after a battle: a unit new to its faction
    (built, rewarded, captured in battle) takes its place (:func:`join`, TOTE-GAP-27/28); an
    unassigned unit joins the Space PDF of its world once it has room and the world is not in
    conflict (GAP-28, BURDEN-09); a main fleet over its limit (a Hero's ``cp_bonus`` lost) puts its
    last ships on PDF duty where they stand, else unassigned. Returns the owners' events."""
    units = c["units"]
    events: list[Event] = []
    for uid in sorted(units):
        u = units[uid]
        if counted(u) and u.get("fleet_of") != u["faction"] and parent(units, u) is None:
            if u.get("fleet_of") is None and usage(_with_aboard(units, u), units) == (0, 0):
                set_place(u, place(units, u), u["faction"])  # troops put down from a ship, holding no CP: no news
                continue
            how = join(c, uid, captured=u.get("fleet_of") is not None)
            events.append(_say(c, f"{uid} {how}.", [u["faction"]]))
    used = _tally(c)

    def fits(key: tuple[str, str, str | None], add: tuple[int, int], limit: int) -> bool:
        cp, caps = used.get(key, [0, 0])
        return cp + add[0] <= limit and caps + add[1] <= CAPITAL_CAP

    def move(u: Unit, old: tuple[str, str, str | None], new: tuple[str, str, str | None], add: tuple[int, int]) -> None:
        for key, sign in ((old, -1), (new, 1)):
            row = used.setdefault(key, [0, 0])
            row[0], row[1] = row[0] + sign * add[0], row[1] + sign * add[1]
        set_place(u, new[1], new[0])
    for uid in sorted(units):
        u = units[uid]
        if u.get("unassigned") and counted(u) and u.get("system") and parent(units, u) is None \
                and not conflict.in_conflict(c["status"], u["system"]):
            add = usage(_with_aboard(units, u), units)
            key = (u["faction"], "pdf", u["system"])
            if fits(key, add, CP_LIMIT):
                move(u, (u["faction"], "unassigned", None), key, add)
                events.append(_say(c, f"{uid} joins the Space PDF at {_name(u['system'])} (TOTE-GAP-28).", [u["faction"]]))
    for seat in c["seats"]:
        main_key = (seat, "main", None)
        limit = main_limit(c, seat)
        if fits(main_key, (0, 0), limit):
            continue
        tops = [u for u in units.values() if u["faction"] == seat and counted(u) and parent(units, u) is None
                and place(units, u) == "main"]
        for u in sorted(tops, key=lambda x: x["id"], reverse=True):
            if fits(main_key, (0, 0), limit):
                break
            add = usage(_with_aboard(units, u), units)
            if add == (0, 0):
                continue
            world = u.get("system")
            key = (seat, "pdf", world) if world and fits((seat, "pdf", world), add, CP_LIMIT) else (seat, "unassigned", None)
            move(u, main_key, key, add)
            events.append(_say(c, f"{u['id']} leaves the main fleet, over its command limit, and "
                                  f"{'goes on PDF duty at ' + _name(world) if key[1] == 'pdf' else 'stands unassigned'} "
                                  "(TOTE-CP-02/03).", [seat]))
    return events


def _tally(c: Campaign) -> dict[tuple[str, str, str | None], list[int]]:
    """[CP, capital ships] held by every seat's main fleet ``(seat, "main", None)``, each Space PDF
    ``(seat, "pdf", world)`` and its unassigned ``(seat, "unassigned", None)``, in one pass."""
    units = c["units"]
    buckets: dict[tuple[str, str, str | None], list[Unit]] = {}
    for u in units.values():
        if not counted(u):
            continue
        t = top(units, u)
        where = "unassigned" if t.get("unassigned") else "pdf" if t.get("pdf") else "main"
        buckets.setdefault((u["faction"], where, t.get("system") if where == "pdf" else None), []).append(u)
    return {k: list(usage(rows, units)) for k, rows in buckets.items()}


def _say(c: Campaign, text: str, to: list[str]) -> Event:
    return {"kind": "campaign.fleet", "text": text, "to": to, "turn": c["turn"]}


# ---- acting ----------------------------------------------------------------------------------------

def check_acts(c: Campaign, uid: str, what: str) -> None:
    """Raises OrderError when unit ``uid`` may not ``what`` (``"jump"``, ``"scan"``, ``"act"``):
    an unassigned unit cannot act (TOTE-GAP-27/28); a Space PDF guards its world and does not jump."""
    u = c["units"].get(uid)
    if u is None or not counted(u):
        return
    where = place(c["units"], u)
    if where == "unassigned":
        raise OrderError(f"{uid} is unassigned (there was no room for it in your main fleet or the Space PDF at "
                         f"{_name(u.get('system'))}): it cannot {what}; 'assign {uid} pdf' or 'assign {uid} fleet' "
                         "first, out of combat (TOTE-GAP-27, BURDEN-09)")
    if where == "pdf" and what == "jump":
        raise OrderError(f"{uid} is on Space PDF duty at {_name(u.get('system'))}: a PDF guards its world; "
                         f"'assign {uid} fleet' first to take it into your main fleet (TOTE-PDF-03)")


# ---- the order ---------------------------------------------------------------------------------

def assign(c: Campaign, seat: str, ids: list[str], to: str, swap: str | None = None) -> list[Event]:
    """``seat`` moves ``ids`` (ships at worlds) into its main fleet (``fleet``) or the Space PDF of
    the world each stands at (``pdf``) (TOTE-PDF-03/04, BURDEN-06..09), or with ``swap`` makes a
    1-for-1 swap: ``ids`` (one ship on PDF duty or new) joins the main fleet and main-fleet ship
    ``swap`` goes on PDF duty where it stands, with no Hero needed and anywhere (BURDEN-07/08).
    Raises OrderError (nothing changes) naming what breaks: not its unit, aboard another ship,
    in hyperspace, at a world in conflict (BURDEN-09), a new unit with no Hero present (BURDEN-06),
    a PDF at a world it does not hold (GAP-48), or a limit broken (PDF-04)."""
    if to not in ("fleet", "pdf"):
        raise OrderError(f"assign {','.join(ids)} {to}: say 'fleet' (your main fleet) or 'pdf' (the Space PDF there)")
    units = c["units"]
    target = "main" if to == "fleet" else "pdf"
    rows = [_movable(c, seat, uid) for uid in ids]
    if swap is not None:
        if to != "fleet" or len(ids) != 1:
            raise OrderError("a swap is one ship for one: assign <new or PDF ship> fleet <main-fleet ship> (TOTE-BURDEN-08)")
        other = _movable(c, seat, swap)
        if place(units, other) != "main":
            raise OrderError(f"{swap} is not in your main fleet: a swap puts a main-fleet ship on PDF duty (TOTE-BURDEN-07)")
        if place(units, rows[0]) == "main":
            raise OrderError(f"{ids[0]} is in your main fleet already; swap in a ship on PDF duty or a new one")
        _holds(c, seat, other)
        why = room(c, seat, "main", None, rows, [swap]) or _pdf_room(c, seat, rows[0], other)
        if why:
            raise OrderError(f"assign {ids[0]} fleet {swap}: {why}")
        set_place(rows[0], "main", seat)
        set_place(other, "pdf", seat)
        return [_say(c, f"{ids[0]} joins the main fleet and {swap} goes on Space PDF duty at "
                        f"{_name(other['system'])} (a 1-for-1 swap, TOTE-BURDEN-07/08).", [seat])]
    for u in rows:
        now = place(units, u)
        if now == target:
            raise OrderError(f"{u['id']} is in {PLACES[target]} already")
        if target == "main" and now == "unassigned" and not hero_at(c, seat, u["system"]):
            raise OrderError(f"{u['id']} is a new unit: it joins your main fleet only while your Hero is at "
                             f"{_name(u['system'])} (TOTE-BURDEN-06), or swap it for a main-fleet ship: "
                             f"assign {u['id']} fleet <ship> (TOTE-BURDEN-07)")
        if target == "pdf":
            _holds(c, seat, u)
    if target == "main":
        why = room(c, seat, "main", None, rows, ids)
    else:
        why = next((w for w in (room(c, seat, "pdf", world, [u for u in rows if u["system"] == world], ids)
                                for world in sorted({u["system"] for u in rows})) if w), "")
    if why:
        raise OrderError(f"assign {','.join(ids)} {to}: {why}")
    for u in rows:
        set_place(u, target, seat)
    one = len(rows) == 1
    where = ("joins" if one else "join") + " the main fleet" if target == "main" else \
        ("goes" if one else "go") + " on Space PDF duty at " + ", ".join(_name(w) for w in sorted({u["system"] for u in rows}))
    return [_say(c, f"{', '.join(ids)} {where}.", [seat])]


def _pdf_room(c: Campaign, seat: str, leaving: Unit, going: Unit) -> str:
    return room(c, seat, "pdf", going["system"], [going], [leaving["id"]])


def _holds(c: Campaign, seat: str, u: Unit) -> None:
    if c["planets"].get(u["system"], {}).get("owner") != seat:
        raise OrderError(f"{u['id']} is at {_name(u['system'])}, a world you do not hold: each world you hold has "
                         "its own Space PDF (TOTE-GAP-48)")


def _movable(c: Campaign, seat: str, uid: str) -> Unit:
    u = c["units"].get(uid)
    if u is None or u["faction"] != seat:
        raise OrderError(f"{uid} is not a unit of yours")
    if not counted(u) or u.get("destroyed") or u.get("derelict"):
        raise OrderError(f"{uid} is not in play on the galaxy (destroyed, derelict, scrapped or in the reserve)")
    if parent(c["units"], u) is not None:
        raise OrderError(f"{uid} is aboard {u.get('carried_by') or u.get('attached_to')}: craft aboard go where "
                         "their ship goes (TOTE-BURDEN-02)")
    if u.get("transit") or not u.get("system"):
        raise OrderError(f"{uid} is in hyperspace: fleets change only at a world, not on the way into one (TOTE-BURDEN-09)")
    if conflict.in_conflict(c["status"], u["system"]):
        raise OrderError(f"{uid} is at {_name(u['system'])}, in conflict: no change to a fleet while its units "
                         "are in combat (TOTE-BURDEN-09)")
    return u


# ---- the ledger, the roster, the invariants --------------------------------------------------

def ledger(c: Campaign, seat: str) -> dict[str, Any]:
    """``seat``'s command for its ledger: the main fleet's CP and capital ships of their limits and
    its ships; each Space PDF's (bonus units counted apart, TOTE-PDF-02); the unassigned units."""
    units = c["units"]
    g = groups(c, seat)

    def entry(rows: list[Unit], limit: int) -> dict[str, Any]:
        cp, caps = usage(rows, units)
        tops = sorted(u["id"] for u in rows if parent(units, u) is None)
        return {"cp": cp, "cp_limit": limit, "capitals": caps, "capital_limit": CAPITAL_CAP,
                "units": [i for i in tops if not units[i].get("bonus") and not units[i].get("destroyed")],
                "bonus": [i for i in tops if units[i].get("bonus") and not units[i].get("destroyed")]}
    return {"main": entry(g["main"], main_limit(c, seat)),
            "pdfs": {w: e for w, rows in sorted(g["pdf"].items(), key=lambda kv: str(kv[0]))
                     if (e := entry(rows, CP_LIMIT))["units"] or e["bonus"] or e["cp"]},
            "unassigned": sorted(u["id"] for u in g["unassigned"] if parent(units, u) is None and not u.get("destroyed"))}


def rows(c: Campaign, seat: str, led: dict[str, Any]) -> list[str]:
    """The seat's "Fleets" roster from its ledger's ``fleets``: the main fleet, each Space PDF, the unassigned."""
    units = c["units"]

    def at(i: str) -> str:
        u = units[i]
        return f"{i} ({_name(u['system'])})" if u.get("system") else f"{i} (hyperspace)"
    m = led["main"]
    out = [f"Main fleet: {m['cp']} of {m['cp_limit']} CP, {m['capitals']} of {m['capital_limit']} capital ships: "
           + (", ".join(at(i) for i in m["units"]) or "none")]
    for w, p in led["pdfs"].items():
        extra = f" (and {len(p['bonus'])} bonus units, free)" if p["bonus"] else ""
        out.append(f"Space PDF at {_name(w)}: {p['cp']} of {p['cp_limit']} CP, {p['capitals']} of {p['capital_limit']} "
                   f"capital ships: {', '.join(p['units']) or 'no ships'}{extra}")
    if led["unassigned"]:
        out.append("Unassigned (cannot act): " + ", ".join(at(i) for i in led["unassigned"]))
    return out


def gm_rows(c: Campaign) -> list[str]:
    """One line a faction for the GM: its main fleet's CP and capital ships of their limits, its
    Space PDFs' CP and its unassigned units."""
    out = []
    for seat in c["seats"]:
        led = ledger(c, seat)
        m = led["main"]
        pdf = ", ".join(f"{_name(w)} {p['cp']}" for w, p in led["pdfs"].items() if p["units"]) or "none with ships"
        out.append(f"{seat}: main fleet {m['cp']}/{m['cp_limit']} CP, {m['capitals']}/{m['capital_limit']} capital ships; "
                   f"PDF CP: {pdf}; unassigned: {', '.join(led['unassigned']) or 'none'}")
    return out


def problems(c: Campaign) -> list[str]:
    """The command limits broken now (for :func:`.state.invariants`): a main fleet or a Space PDF
    over its CP or capital ships, a unit both on PDF duty and unassigned, a PDF ship in hyperspace."""
    out = []
    units = c["units"]
    for (seat, where, w), (cp, caps) in sorted(_tally(c).items(), key=lambda kv: (kv[0][0], kv[0][1], str(kv[0][2]))):
        if where == "main" and (cp > main_limit(c, seat) or caps > CAPITAL_CAP):
            out.append(f"{seat}'s main fleet holds {cp} CP and {caps} capital ships (limits {main_limit(c, seat)} and {CAPITAL_CAP})")
        elif where == "pdf" and (cp > CP_LIMIT or caps > CAPITAL_CAP):
            out.append(f"{seat}'s Space PDF at {w} holds {cp} CP and {caps} capital ships (limits {CP_LIMIT} and {CAPITAL_CAP})")
    for uid, u in units.items():
        if u.get("pdf") and u.get("unassigned"):
            out.append(f"{uid} is both on PDF duty and unassigned")
        if u.get("pdf") and u.get("transit") and parent(units, u) is None and not u.get("destroyed"):
            out.append(f"{uid} is on PDF duty but in hyperspace")
    return out


def movers(c: dict[str, Any], seat: str) -> dict[str, list[str]]:
    """``seat``'s ships that may jump now, by world: ships with a hyperdrive, not in hyperspace, not
    aboard another ship, in its main fleet (a Space PDF stays to guard its world, the unassigned cannot act),
    not disabled (a disabled ship may never enter hyperspace)."""
    # the main fleet sails; a Space PDF (and what it carries) guards its world
    out: dict[str, list[str]] = {}
    for uid in sorted(c["units"]):
        u = c["units"][uid]
        if (u["faction"] == seat and u.get("system") and not u.get("transit") and not u.get("carried_by")
                and not u.get("destroyed") and not u.get("rgf") and place(c["units"], u) == "main" and getattr(model.spec(u), "hyperdrive", None) is not None
                and not (u.get("disabled") or u.get("derelict") or u.get("inert"))):  # a disabled ship never jumps
            out.setdefault(u["system"], []).append(uid)
    return out
