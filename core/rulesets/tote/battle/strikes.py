"""Every kind of attack in Twilight of the Empire, checked and resolved: direct fire, bombing runs
(TOTE-BOMB-01..05), TIE Swarms (TOTE-SWARM-01..04, TOTE-GAP-21), orbital bombardment
(TOTE-OB-01..05, TOTE-GAP-43), atmospheric bombardment (TOTE-ATMOBOMB-01/02), strafing
(TOTE-STRAFE-01), surface-to-space, surface-to-air, air-to-air and ground-to-ground fire
(TOTE-S2S-01, S2A-01, A2A-01, G2G-01), garrisons (TOTE-GARRISON-01..05) and combat fatigue
(TOTE-FATIGUE-01..04, TOTE-GAP-44).

:func:`strike` is the one entry for a declared attack: it asks the grid what kind of shot it is
(:func:`.grid.fire_mode`), applies the special rules of that kind, and resolves it with
:func:`.damage.fire`; :func:`strike_preview` gives the exact outcome without changing anything.
Pure functions on unit dicts; no dice.

Extra keys read (defaults in brackets): ``garrisoned_in`` [None] (the facility id a ground unit
is stationed in), ``fired`` [False] (the unit fired this round), ``swarm`` [[]] and
``swarm_types`` [[]] (member ids and their type codes, on the swarm's lead squadron),
``merged_into`` [None] (on a squadron that joined a swarm), ``count`` (ground stacks).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import OrderError
from core.events import Event
from core.rulesets.tote.battle.movement import blocking_patrols
from core.rulesets.tote.rules import damage as dm
from core.rulesets.tote.rules import grid
from core.rulesets.tote.rules.data import FacilityType, Mount
from core.rulesets.tote.rules.weapons import as_mount, label, raw_pools, warheads

Unit = dict[str, Any]

#: Combat Fatigue caps and clocks (TOTE-FATIGUE-01/02, TOTE-GAP-44, DATA-12).
MAX_INFANTRY, MAX_GAVS = 5000, 50
FATIGUE_DAYS_LARGE, FATIGUE_DAYS_SMALL = 7, 14
FATIGUE_RECALL_HOURS = 24
OB_HOURS = 24


def grid_class(utype: Any) -> str:
    """The class the grid's fire geometry knows a type by: capital, platform, sf, aux, infantry,
    vehicle (a GAV), airspeeder, facility or planetary_weapon."""
    if isinstance(utype, FacilityType):
        return "planetary_weapon" if utype.kind == "planetary_weapon" else "facility"
    cls = str(getattr(utype, "cls", ""))
    return "vehicle" if cls == "gav" else cls


def _has(utype: Any, flag: str) -> bool:
    return flag in (getattr(utype, "flags", ()) or ())


def volley(utype: Any, unit: Mapping[str, Any] | None = None, types: Mapping[str, Any] | None = None) -> list[Mount]:
    """All the mounts a unit fires: its type's, times ``count`` for a ground stack (TOTE-GAP-25),
    or the sum of its members' for a TIE Swarm (TOTE-GAP-21; ``types`` maps codes to types)."""
    u = unit or {}
    mounts = list(getattr(utype, "mounts", ()))
    if u.get("swarm") and types is not None:
        mounts = [m for code in u.get("swarm_types", []) for m in types[code].mounts]
    if "count" in u and dm.family(utype) == "ground":
        n = int(u["count"])
        mounts = [Mount(m.weapon, m.mult, m.count * n) for m in mounts] if n > 0 else []
    return mounts


# ---- garrisons ---------------------------------------------------------------------------------

def garrison_problem(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any],
                     facilities: Mapping[str, Mapping[str, Any]]) -> str:
    """Why ``attacker`` may not attack a garrisoned ``target`` ("" if it may): units inside a
    facility cannot be attacked from outside until the facility is DISABLED, Armor 0
    (TOTE-GARRISON-01/02, TOTE-GAP-43), unless the attacker has ``facility_infiltration``
    (TOTE-GARRISON-05) or stands in the same facility."""
    home = target.get("garrisoned_in")
    if not home or attacker.get("garrisoned_in") == home or _has(atype, "facility_infiltration"):
        return ""
    fac = facilities.get(str(home))
    if fac is None or fac.get("destroyed") or fac.get("disabled") or int(fac.get("armor", 0)) <= 0:
        return ""
    return (f"{target.get('id')} is garrisoned in {home}: it cannot be attacked from outside until "
            f"{home} is DISABLED (Armor 0); attack {home} first")


# ---- bombing runs ------------------------------------------------------------------------------

def bombing_problem(bomber: Mapping[str, Any], btype: Any, target: Mapping[str, Any], ttype: Any, *,
                    bombarded: Collection[str] = (), rules: dm.CombatOptions = dm.DEFAULTS) -> str:
    """Why ``bomber`` may not make a Bombing Run on ``target`` ("" if it may): only the listed
    bombers (``bombing_run`` flag, TOTE-BOMB-01), with warheads, firing nothing else that round
    (TOTE-BOMB-03), against a capital ship (or platform) in its space or, from the Atmosphere, a
    Surface target (TOTE-BOMB-05), whose effective UCR is no higher than its own (TOTE-BOMB-04)."""
    bid = bomber.get("id")
    if not _has(btype, "bombing_run"):
        return f"{bid} cannot make a Bombing Run (only Skipray, XG-1, TIE Bomber, B-Wing, Y-Wing, Hetrinar and Condor)"
    if not warheads(getattr(btype, "mounts", ())):
        return f"{bid} carries no warheads"
    if bomber.get("fired"):
        return f"{bid} has fired already this round; a Bombing Run must be its only attack"
    to = str(target.get("space"))
    if bomber.get("space") == to:
        if dm.family(ttype) != "capital":
            return "a Bombing Run in space is made against capital ships"
    elif not (grid.kind(str(bomber.get("space"))) == "atmosphere" and grid.kind(to) == "surface"):
        return f"{target.get('id')} is out of reach of a Bombing Run from {grid.label(str(bomber.get('space')))}"
    a = dm.unit_ucr(bomber, btype, bombarded=bombarded, rules=rules)
    d = dm.unit_ucr(target, ttype, bombarded=bombarded, rules=rules)
    if d > a:
        return f"{target.get('id')} has UCR {d}, above {bid}'s {a}: a Bombing Run targets equal or lower UCR only"
    return ""


# ---- the one entry for an attack ---------------------------------------------------------------

@dataclass
class Strike:
    """A resolved attack: the mode, the hit on the target, the attacker after it, and events."""

    mode: str
    hit: dm.Hit
    attacker: Unit
    events: list[Event] = field(default_factory=list)


def _check(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any, mounts: list[Mount], *,
           bombing_run: bool, facilities: Mapping[str, Mapping[str, Any]], bombarded: Collection[str],
           rules: dm.CombatOptions) -> str:
    if not dm.can_act(attacker):
        raise OrderError(f"{attacker.get('id')} can no longer attack")
    if attacker.get("merged_into"):
        raise OrderError(f"{attacker.get('id')} flies in the swarm {attacker['merged_into']}; order the swarm")
    if not dm.targetable(target):
        raise OrderError(f"{target.get('id')} is destroyed; pick a target still in the fight")
    if attacker.get("faction") == target.get("faction"):
        raise OrderError(f"{target.get('id')} is your own unit")
    a_space, t_space = attacker.get("space"), target.get("space")
    if not a_space or not t_space:
        raise OrderError(f"{attacker.get('id') if not a_space else target.get('id')} is not on the grid")
    cls = grid_class(atype)
    mode = grid.fire_mode(cls, str(a_space), str(t_space), orbital_bombardment=_has(atype, "orbital_bombardment"),
                          bombing_run=bombing_run and _has(atype, "bombing_run"))
    if bombing_run:
        why = bombing_problem(attacker, atype, target, ttype, bombarded=bombarded, rules=rules)
        if why:
            raise OrderError(why)
    elif mode == "bombing":
        raise OrderError("from the Atmosphere a starfighter reaches the ground only with a Bombing Run")
    if mode == "direct" and grid.kind(str(t_space)) == "air" and cls == "infantry":
        raise OrderError("infantry cannot fire at the Air layer: only vehicles may (TOTE-S2A-01)")
    why = garrison_problem(attacker, atype, target, facilities)
    if why:
        raise OrderError(why)
    own = {m.weapon.code: 0 for m in volley(atype, attacker)}
    for m in volley(atype, attacker):
        own[m.weapon.code] += m.count * m.mult
    for m in mounts:
        need = m.count * m.mult
        if own.get(m.weapon.code, 0) < need:
            raise OrderError(f"{attacker.get('id')} has no {label(m)} to fire")
        own[m.weapon.code] -= need
    return mode


def strike(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any,
           mounts: Iterable[Any] | None = None, *, turn: int = 0, percent: int = 100, bombing_run: bool = False,
           bombarded: Collection[str] = (), facilities: Mapping[str, Mapping[str, Any]] | None = None,
           types: Mapping[str, Any] | None = None, rules: dm.CombatOptions = dm.DEFAULTS,
           patrols: Iterable[tuple[Mapping[str, Any], Any]] = (), occupied: Iterable[str] = (),
           hostile: Callable[[Any, Any], bool] | None = None) -> Strike:
    """Resolve one declared attack of ``attacker`` on ``target`` with ``mounts`` (default: all its
    weapons; a Bombing Run: all its warheads).

    The grid decides the kind of shot (direct, orbital or atmospheric bombardment, strafe, bombing,
    planetary: TOTE-FIRE/RANGE, OB-02, ATMOBOMB-01, STRAFE-01, BOMB-05, S2S-01, S2A-01, A2A-01,
    G2G-01); ``rules`` carries the game's combat options (:class:`.damage.CombatOptions`); a capital ship bombarding from the Atmosphere takes a further -1 UCR for the attack
    (TOTE-GAP-17); ion has no effect on infantry and vehicles (TOTE-ATMOBOMB-02); planetary weapons
    may be scaled back to ``percent`` (TOTE-DMG-07). The attacker comes back marked ``fired``
    (and ``bombing`` after a Bombing Run, TOTE-BOMB-03).

    ``patrols`` ((unit, type) pairs in the target's space) and ``occupied`` (patrol ids already
    engaged this post) apply Combat Space/Air Patrol: unoccupied enemy SF (AUX) patrols stop SF
    (AUX) from attacking capital ships there (TOTE-CSP-04, TOTE-CSP-05, TOTE-CAP-01, TOTE-GAP-20).
    ``hostile(a, b)`` says whether two factions are hostile (default: they differ; TOTE-GAP-45
    alliances): a patrol guards against hostile attackers only.

    Raises OrderError saying why the attack is not allowed (range, direction, a bombing condition,
    a garrison, a patrol, weapons it does not have) and WeaponError for a bad mount.
    """
    fac = facilities or {}
    if mounts is None:
        chosen = volley(atype, attacker, types)
        if bombing_run:
            chosen = warheads(chosen)
    else:
        chosen = [as_mount(m) for m in mounts]
    if not chosen:
        raise OrderError(f"{attacker.get('id')} has no weapons to fire at {target.get('id')}")
    mode = _check(attacker, atype, target, ttype, chosen if not attacker.get("swarm") else [],
                  bombing_run=bombing_run, facilities=fac, bombarded=bombarded, rules=rules)
    guards = blocking_patrols(dict(attacker), grid_class(atype), dict(target), grid_class(ttype),
                              [(dict(u), grid_class(t)) for u, t in patrols], occupied, hostile=hostile)
    if guards:
        raise OrderError(f"{attacker.get('id')} cannot attack capital ships in {grid.label(str(target.get('space')))} "
                         f"while the patrol of {', '.join(guards)} is not engaged: attack {guards[0]} first")
    if percent != 100 and mode != "planetary":
        raise OrderError("only a planetary weapon can scale back its fire; all other weapon damage is mandatory")
    in_space_bombing = bombing_run and attacker.get("space") == target.get("space")
    raw_pools(chosen, bombing_run=bombing_run)  # refuses non-warheads on a run (TOTE-BOMB-03)
    hit = dm.fire(attacker, atype, target, ttype, chosen, turn=turn, percent=percent, bombing_run=in_space_bombing, bombarded=bombarded,
                  atmospheric_bombardment=mode == "atmospheric_bombardment", rules=rules)
    hit.events[0]["data"]["mode"] = mode
    shooter = dict(attacker)
    shooter["fired"] = True
    if bombing_run:
        shooter["bombing"] = True
    return Strike(mode, hit, shooter, list(hit.events))


def strike_preview(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any,
                   mounts: Iterable[Any] | None = None, **kw: Any) -> dict[str, Any]:
    """The exact outcome :func:`strike` would give, without changing anything: mode, UCRs, quotient
    (thousandths), raw and total damage per pool, the target's state after, DISABLED/DESTROYED.
    Raises as :func:`strike`."""
    s = strike(attacker, atype, target, ttype, mounts, **kw)
    data = s.events[0]["data"]
    after = (dm.layers_of(s.hit.unit, ttype) if dm.family(ttype) != "ground"
             else {"count": s.hit.unit.get("count", 0), "wounds": s.hit.unit.get("wounds", 0)})
    return {"mode": s.mode, "ucr": data["ucr"], "q_milli": data["q_milli"], "raw": data["raw"],
            "total": dict(s.hit.dealt), "damage": sum(s.hit.dealt.values()), "after": after,
            "killed": s.hit.killed, "disabled": s.hit.disabled, "destroyed": s.hit.destroyed,
            "text": s.events[0]["text"]}


# ---- orbital bombardment -----------------------------------------------------------------------

def orbital_bombardment(ship: Mapping[str, Any], stype: Any, allocation: Sequence[tuple[Mapping[str, Any], Any, Iterable[Any]]],
                        *, turn: int = 0, bombarded: Collection[str] = (),
                        facilities: Mapping[str, Mapping[str, Any]] | None = None) -> tuple[list[Strike], dict[str, Any]]:
    """Orbital Bombardment by a Star Destroyer, Mon Calamari cruiser or Dauntless (flag
    ``orbital_bombardment``, TOTE-OB-01) from A-q at Surface targets of G-q (TOTE-OB-02, GAP-43):
    ``allocation`` is (target, type, mounts) triples, which together must fire every weapon the
    ship has (TOTE-OB-03; spread over targets, TOTE-GAP-19). Returns the strikes and the OB effect
    on the grid, ``{"grid", "by", "turn", "hours", "posts"}``: no infantry or vehicle moves to or from it
    (TOTE-OB-04) and every unit there has -1 UCR (TOTE-OB-05) until :func:`ob_expires`.
    Raises OrderError for a ship that cannot, a target outside the grid, or weapons left unfired."""
    if not _has(stype, "orbital_bombardment"):
        raise OrderError(f"{ship.get('id')} cannot bombard: only Star Destroyers, Mon Calamari cruisers and the Dauntless may")
    if ship.get("fired") or ship.get("fired_mounts"):
        raise OrderError(f"orbital bombardment fires ALL weapons that round; {ship.get('id')} has fired already")
    if grid.kind(str(ship.get("space"))) != "a_ring":
        raise OrderError(f"orbital bombardment is made from the A-Ring; {ship.get('id')} is in {ship.get('space')}")
    target_grid = grid.space(str(ship["space"])).ob_target
    left: dict[str, int] = {}
    for m in volley(stype):
        left[m.weapon.code] = left.get(m.weapon.code, 0) + m.count * m.mult
    strikes: list[Strike] = []
    shooter = dict(ship)
    for target, ttype, mounts in allocation:
        if target.get("space") != target_grid:
            raise OrderError(f"{target.get('id')} is not on the Surface of {grid.label(target_grid)}")
        chosen = [as_mount(m) for m in mounts]
        for m in chosen:
            left[m.weapon.code] = left.get(m.weapon.code, 0) - m.count * m.mult
        s = strike(shooter, stype, target, ttype, chosen, turn=turn, bombarded=bombarded, facilities=facilities)
        strikes.append(s)
    if any(v < 0 for v in left.values()):
        raise OrderError(f"{ship.get('id')} fires more weapons than it has")
    unfired = {k: v for k, v in left.items() if v > 0}
    if unfired:
        raise OrderError(f"orbital bombardment fires ALL weapons: {', '.join(f'{v} {k}' for k, v in unfired.items())} "
                         f"still unassigned")
    grid_id = grid.ground_grid(target_grid)
    effect: dict[str, Any] = {"grid": grid_id, "by": ship.get("faction"), "turn": turn, "hours": OB_HOURS, "posts": {}}
    return strikes, effect


def ob_expires(effect: Mapping[str, Any], posting: str, others: Collection[str]) -> bool:
    """Whether an OB effect (TOTE-OB-04/05) ends at the start of ``posting``'s post. It lasts until
    every other player still in the fight (``others``) has made ceil(H/24) posts under it (its
    ``posts``: seat -> posts made under it) and ends at the start of the bombarder's first post
    after that (revised TOTE-GAP-01), however the initiative rotates."""
    if posting != effect["by"]:
        return False
    need = -(-int(effect.get("hours", OB_HOURS)) // 24)
    made = effect.get("posts", {})
    return all(int(made.get(s, 0)) >= need for s in others if s != effect["by"])


def post_under(effect: dict[str, Any], posting: str) -> None:
    """Count ``posting``'s post as made under the effect (the bombarder's own posts do not count)."""
    if posting != effect["by"]:
        effect.setdefault("posts", {})[posting] = int(effect.get("posts", {}).get(posting, 0)) + 1


# ---- TIE swarms --------------------------------------------------------------------------------

def swarm_problem(squadrons: Sequence[tuple[Mapping[str, Any], Any]]) -> str:
    """Why these squadrons cannot form (or join) one TIE Swarm ("" if they can): TIE Fighters and
    TIE Interceptors only, never Elite (TOTE-SWARM-01), of one faction, in one space (TOTE-GAP-21),
    at least two squadrons."""
    if len(squadrons) < 2:
        return "a swarm needs at least two squadrons"
    for u, t in squadrons:
        if not _has(t, "swarm_eligible") or _has(t, "elite"):
            return f"{u.get('id')} cannot join a TIE Swarm: only TIE Fighters and TIE Interceptors (not Elite) may"
        if u.get("destroyed") or u.get("merged_into") or u.get("carried_by") or not u.get("space"):
            return f"{u.get('id')} is not a squadron on the grid free to join"
    if len({u.get("faction") for u, _ in squadrons}) != 1 or len({u.get("space") for u, _ in squadrons}) != 1:
        return "the squadrons of a swarm are one faction's, in one space"
    return ""


def form_swarm(squadrons: Sequence[tuple[Mapping[str, Any], Any]]) -> dict[str, Unit]:
    """Merge squadrons into one TIE Swarm led by the first (TOTE-SWARM-01..03, TOTE-GAP-21): the
    lead holds the pooled Shields and Armor and every member's id and type; the others are marked
    ``merged_into`` and leave the grid (each keeps its 1 CP). UCR 8 comes from ``swarm``.
    Raises OrderError saying why the swarm cannot form."""
    why = swarm_problem(squadrons)
    if why:
        raise OrderError(why)
    lead = dict(squadrons[0][0])
    members = list(lead.get("swarm") or [lead["id"]])
    kinds = list(lead.get("swarm_types") or [squadrons[0][1].code])
    out: dict[str, Unit] = {}
    for u, t in squadrons[1:]:
        members += list(u.get("swarm") or [u["id"]])
        kinds += list(u.get("swarm_types") or [t.code])
        lead["shields"] = int(lead.get("shields", 0)) + int(u.get("shields", 0))
        lead["armor"] = int(lead.get("armor", 0)) + int(u.get("armor", 0))
        out[str(u["id"])] = {**u, "merged_into": lead["id"], "space": None, "patrol": False}
    lead["swarm"], lead["swarm_types"] = members, kinds
    out[str(lead["id"])] = lead
    return out


def swarm_losses(swarm: Mapping[str, Any], types: Mapping[str, Any]) -> tuple[Unit, list[str]]:
    """After damage to a swarm: one squadron is lost each time the pooled Armor falls past a
    multiple of one squadron's maximum (TOTE-GAP-21); the last to join go first. Returns the swarm
    and the ids of the squadrons lost (to be marked destroyed)."""
    members, kinds = list(swarm.get("swarm", [])), list(swarm.get("swarm_types", []))
    armor = int(swarm.get("armor", 0))
    keep, total = 0, 0
    while keep < len(members) and total < armor:
        total += int(types[kinds[keep]].armor)
        keep += 1
    new = dict(swarm)
    lost = members[keep:]
    new["swarm"], new["swarm_types"] = members[:keep], kinds[:keep]
    return new, [m for m in lost if m != swarm.get("id")]


def swarm_occupied(squadrons: int, engagers: int, lethal: bool) -> bool:
    """A TIE Swarm on CSP is occupied only when engaged 1:1 by as many attackers (SF squadrons
    and/or capital ships) as it has squadrons AND dealt enough damage to destroy it (TOTE-SWARM-04,
    TOTE-EX-29)."""
    return engagers >= squadrons and lethal


# ---- combat fatigue ----------------------------------------------------------------------------

def deployment_problem(infantry: int, gavs: int) -> str:
    """Why an attacking force of ``infantry`` squads and ``gavs`` in one ground grid is refused
    ("" if allowed): at most 5000 squads and 50 GAVs (TOTE-FATIGUE-01, TOTE-GAP-44, TOTE-EX-23)."""
    if infantry > MAX_INFANTRY or gavs > MAX_GAVS:
        return (f"an attacking force in one ground grid is at most {MAX_INFANTRY} infantry squads and "
                f"{MAX_GAVS} GAVs; {infantry} squads and {gavs} GAVs is too many")
    return ""


def fatigue_days(infantry: int, gavs: int) -> int:
    """Days before Combat Fatigue: 7 for a force at either cap (5000 squads or 50 GAVs), 14 for
    one of at most 4999 squads and 49 GAVs (TOTE-FATIGUE-01/02, TOTE-EX-23)."""
    return FATIGUE_DAYS_LARGE if infantry >= MAX_INFANTRY or gavs >= MAX_GAVS else FATIGUE_DAYS_SMALL


def fatigued(days_deployed: int, infantry: int, gavs: int, host_landed: bool = False) -> bool:
    """Whether an attacking force has Combat Fatigue (-1 UCR): once it has been deployed for its
    :func:`fatigue_days`; never while its host ships are landed (TOTE-FATIGUE-04)."""
    return not host_landed and days_deployed >= fatigue_days(infantry, gavs)


def fatigue_clock(days_deployed: int, hours_aboard: int) -> int:
    """The fatigue clock after the force spent ``hours_aboard`` back on its host ships: reset to 0
    after at least 24 hours (TOTE-FATIGUE-03), otherwise unchanged."""
    return 0 if hours_aboard >= FATIGUE_RECALL_HOURS else days_deployed
