"""Damage, disabling and destruction in Twilight of the Empire (TOTE-DMG-01..08,
TOTE-DISABLE-01..10, TOTE-UCR-02/05/07, TOTE-GAP-12..18, TOTE-GAP-22/24/52), and the shot
preview the engine shows before a post is committed.

Pure functions on the unit-state dicts of :mod:`.model` (``id, type, faction, space, shields,
armor, hull, disabled, destroyed, tractored_by, ...``) and the unit types of :mod:`.data`. They
never change the dict they are given: they return a new one, with events as plain data seen by the
factions involved (and the GM, who sees everything). No dice: UCR damage is deterministic.

Extra keys read from a unit dict (with their defaults), which the model keeps:

- ``systems`` (``ceil(length/2)`` for a capital ship or platform; TOTE-DMG-03, TOTE-GAP-15);
- ``derelict`` (False): UCR 0, cannot attack (TOTE-DISABLE-08);
- ``final`` (False): set when a ship is DISABLED or an SF squadron DESTROYED; the owner's
  next post is its last (TOTE-DISABLE-04/09, TOTE-GAP-22/52); ``inert`` (False) afterwards;
- ``swarm`` (``[]``): ids of the TIE squadrons merged into this one (TOTE-SWARM-01..03);
- ``fatigued`` (False): Combat Fatigue, -1 UCR (TOTE-FATIGUE-01);
- ``count``/``wounds`` for ground stacks (infantry, GAV, airspeeders; TOTE-GAP-25).
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.events import Event, event, to_seat
from core.rulesets.tote.rules import arith, grid
from core.rulesets.tote.rules.data import FacilityType
from core.rulesets.tote.rules.weapons import POOL_ORDER, raw_pools

Unit = dict[str, Any]

CAPITAL = frozenset({"capital", "platform"})
CRAFT = frozenset({"sf", "aux"})
FACILITY = frozenset({"facility", "planetary_weapon"})
GROUND = frozenset({"infantry", "gav", "airspeeder"})
STARSHIPS = CAPITAL | CRAFT

#: Where each routing pool goes, by target category (TOTE-DMG-01/04/05/06/08, TOTE-BOMB-02,
#: TOTE-GAP-13/14/18). A layer at 0 passes the rest on to the next.
ROUTES: dict[str, dict[str, tuple[str, ...]]] = {
    "capital": {
        "standard": ("shields", "armor", "hull"),
        "ion": ("shields", "systems", "hull"),
        "bombing": ("armor", "hull"),
        "ptlc": ("armor", "hull"),
        "pic": ("systems", "hull"),
    },
    "craft": {  # no Systems, no Hull: ion takes the Armor's place (TOTE-DMG-04, TOTE-GAP-14)
        "standard": ("shields", "armor"),
        "ion": ("shields", "armor"),
        "bombing": ("armor",),
        "ptlc": ("armor",),
        "pic": ("armor",),
    },
    "facility": {  # no Systems: ion goes Shields -> Hull (TOTE-GAP-18)
        "standard": ("shields", "armor", "hull"),
        "ion": ("shields", "hull"),
        "bombing": ("armor", "hull"),
        "ptlc": ("armor", "hull"),
        "pic": ("hull",),
    },
}


class DamageError(ValueError):
    """A shot the rules do not allow; the message says what was wrong and what would be right."""


@dataclass(frozen=True)
class CombatOptions:
    """The game options of the damage rules (catalog 4.3): ``round_per`` is ``attack_pool`` (the
    DEFAULT: each routing pool of an attacker rounded up once) or ``weapon`` (each mount rounded up
    on its own), TOTE-GAP-12; ``ground_air_stacks`` (DEFAULT True) adds the Air layer's -1 to the
    atmosphere modifier, False leaves a starship in the Air with the atmosphere modifier alone,
    TOTE-GAP-17."""

    round_per: str = "attack_pool"
    ground_air_stacks: bool = True

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None) -> "CombatOptions":
        """The combat options out of a game's options dict. Raises DamageError for a bad value."""
        opts = options or {}
        round_per = str(opts.get("round_per", "attack_pool"))
        if round_per not in ("attack_pool", "weapon"):
            raise DamageError(f"option round_per is 'attack_pool' or 'weapon', not {round_per!r}")
        stacks = opts.get("ground_air_stacks", True)
        if not isinstance(stacks, bool):
            raise DamageError(f"option ground_air_stacks is true or false, not {stacks!r}")
        return cls(round_per, stacks)


DEFAULTS = CombatOptions()


# ---- unit type facts ----------------------------------------------------------------------------

def category(utype: Any) -> str:
    """The unit class of a type: capital, aux, sf, platform (:class:`~.data.UnitType`), infantry,
    gav, airspeeder (:class:`~.data.GroundUnitType`) or ``facility`` (:class:`~.data.FacilityType`,
    planetary weapons included) (TOTE-DATA-01/03/04)."""
    if isinstance(utype, FacilityType):
        return "facility"
    value = getattr(utype, "cls", None)
    if isinstance(value, str) and value:
        return value
    raise DamageError(f"unit type {getattr(utype, 'code', utype)!r} has no class")


def family(utype: Any) -> str:
    """How damage routes to a type: ``capital`` (ships and platforms), ``craft`` (SF, AUX),
    ``facility`` or ``ground`` (stacks)."""
    cat = category(utype)
    if cat in CAPITAL:
        return "capital"
    if cat in CRAFT:
        return "craft"
    if cat in FACILITY:
        return "facility"
    return "ground"


def systems_max(length_m: int) -> int:
    """A capital ship's Systems = Length/2, rounded up (TOTE-DMG-03, TOTE-GAP-15, TOTE-EX-19)."""
    return arith.ceil_div(length_m, 2)


def crew_of(length_m: int) -> int:
    """Crew = Length/10 stock infantry squads, rounded up (TOTE-DISABLE-07, TOTE-EX-19)."""
    return arith.ceil_div(length_m, 10)


def _flag(utype: Any, name: str, default: Any = False) -> Any:
    flags = getattr(utype, "flags", None)
    if isinstance(flags, Mapping) and name in flags:
        return flags[name]
    if isinstance(flags, (set, frozenset, tuple, list)) and name in flags:
        return True
    return getattr(utype, name, default)


def layers_of(unit: Mapping[str, Any], utype: Any) -> dict[str, int]:
    """The current damage layers of a unit: shields/armor (+ systems, hull) as its family has."""
    fam = family(utype)
    if fam == "ground":
        return {}
    out = {"shields": int(unit.get("shields", 0)), "armor": int(unit.get("armor", 0))}
    if fam in ("capital", "facility"):
        out["hull"] = int(unit.get("hull", 0))
    if fam == "capital":
        out["systems"] = int(unit.get("systems", systems_max(int(getattr(utype, "length_m", 0)))))
    return out


# ---- effective UCR ------------------------------------------------------------------------------

def space_layer(space: str | None) -> str:
    """Where a space id lies for UCR: ``atmosphere``, ``air`` (a ground grid's Air layer),
    ``surface`` or ``space`` (DSZ and rings; also a unit carried aboard, whose space is None)."""
    if not space:
        return "space"
    k = grid.kind(space)
    return k if k in ("atmosphere", "air", "surface") else "space"


def ground_grid(space: str | None) -> str | None:
    """The ground grid (``G-1``) a space id belongs to, or None for space and the atmosphere."""
    return (grid.ground_grid(space) or None) if space else None


def environment_modifiers(unit: Mapping[str, Any], utype: Any, bombarded: Collection[str] = (),
                          atmospheric_bombardment: bool = False, rules: CombatOptions = DEFAULTS) -> list[int]:
    """The UCR modifiers of TOTE-GAP-17 that apply to ``unit`` where it is.

    Atmosphere: the type's ``atmo_mod`` (-1; 0 X-Wing/A-Wing/XG-1; +1 Z-95; TOTE-ATMO-02..04).
    A starship in a ground grid's Air layer: that modifier and a further -1 (TOTE-GROUND-02,
    TOTE-STRAFE-01, one penalty not two). A capital ship in the Atmosphere firing at the Surface:
    a further -1 for that attack (TOTE-ATMOBOMB-01). A unit in a bombarded ground grid: -1
    (TOTE-OB-05). Combat Fatigue: -1 (TOTE-FATIGUE-01).
    """
    mods: list[int] = []
    layer = space_layer(unit.get("space", ""))
    starship = family(utype) in ("capital", "craft")
    atmo = int(_flag(utype, "atmo_mod", -1))
    if layer == "atmosphere":
        mods.append(atmo)
        if atmospheric_bombardment and family(utype) == "capital":
            mods.append(-1)
    elif layer == "air" and starship:
        mods += [atmo, -1] if rules.ground_air_stacks else [atmo]
    grid = ground_grid(unit.get("space", ""))
    if grid is not None and grid in bombarded:
        mods.append(-1)
    if unit.get("fatigued"):
        mods.append(-1)
    if unit.get("hero_ucr"):  # a Hero's ucr_bonus in the campaign (TOTE-DATA-09)
        mods.append(int(unit["hero_ucr"]))
    return mods


def unit_ucr(unit: Mapping[str, Any], utype: Any, *, bombarded: Collection[str] = (),
             atmospheric_bombardment: bool = False, scuttle: bool = False, rules: CombatOptions = DEFAULTS) -> int:
    """A unit's effective UCR now (TOTE-UCR-01/07, TOTE-GAP-16).

    Fixed overrides first: derelict 0 (TOTE-DISABLE-08), scuttling 20 (TOTE-DISABLE-10), fully
    tractored 1 (TOTE-TRACTOR-07). Then the base: a facility's Defensive UCR (TOTE-GARRISON-03), a
    TIE Swarm's 8 (TOTE-SWARM-03), else speed + maneuverability; plus the environment
    (:func:`environment_modifiers`), floored at 1.
    """
    if unit.get("derelict"):
        return arith.effective_ucr(0, fixed=arith.DERELICT_UCR)
    if scuttle:
        return arith.effective_ucr(0, fixed=arith.SCUTTLE_UCR)
    if unit.get("tractored_by"):
        return arith.effective_ucr(0, fixed=arith.TRACTORED_UCR)
    override: int | None = None
    if family(utype) == "facility":
        override = int(_flag(utype, "defensive_ucr", 0)) or None
    elif unit.get("swarm"):
        override = arith.SWARM_UCR
    base = arith.base_ucr(int(getattr(utype, "speed", 0)), int(getattr(utype, "maneuver", 0)))
    mods = environment_modifiers(unit, utype, bombarded, atmospheric_bombardment, rules)
    return arith.effective_ucr(base, mods, base_override=override)


# ---- applying damage ----------------------------------------------------------------------------

@dataclass
class Hit:
    """What a volley did to one target: the new unit dict and the bookkeeping to report it."""

    unit: Unit
    dealt: dict[str, int] = field(default_factory=dict)
    absorbed: dict[str, int] = field(default_factory=dict)
    disabled: bool = False
    destroyed: bool = False
    killed: int = 0
    events: list[Event] = field(default_factory=list)
    #: pools that cannot touch the target, kept out of ``dealt``: ion and PIC on a ground stack
    #: ("Ion cannons have no effect on infantry or vehicles", TOTE-GAP-25, TOTE-ATMOBOMB-02)
    no_effect: dict[str, int] = field(default_factory=dict)


def _route(layers: dict[str, int], order: Iterable[str], amount: int, absorbed: dict[str, int]) -> None:
    for layer in order:
        if amount <= 0:
            return
        take = min(layers.get(layer, 0), amount)
        if take:
            layers[layer] -= take
            absorbed[layer] = absorbed.get(layer, 0) + take
            amount -= take


def _ground_hit(unit: Unit, utype: Any, totals: Mapping[str, int], hit: Hit) -> None:
    hp = max(1, int(getattr(utype, "hp", 1)))
    count = int(unit.get("count", 1))
    dmg = sum(v for p, v in totals.items() if p not in ("ion", "pic"))  # TOTE-ATMOBOMB-02 (kept out by the caller)
    pool = int(unit.get("wounds", 0)) + dmg
    killed = min(count, pool // hp)
    left = count - killed
    unit["count"] = left
    unit["wounds"] = pool % hp if left else 0
    hit.killed = killed
    hit.absorbed = {"units": killed}
    if left == 0:
        unit["destroyed"] = True
        hit.destroyed = True


def apply_damage(unit: Mapping[str, Any], utype: Any, totals: Mapping[str, int]) -> Hit:
    """Apply Total Damage per routing pool to a unit, pools in the order ion, standard, bombing,
    PTLC, PIC (TOTE-GAP-12), each through its layers with the excess carried on (TOTE-GAP-13).

    Capital ships and platforms: DISABLED at Systems or Armor 0, Shields then set to 0 at once;
    DESTROYED at Hull 0 (TOTE-DISABLE-01..03). SF/AUX: DESTROYED at Armor 0, never disabled
    (TOTE-GAP-14); a destroyed SF squadron keeps one final action (TOTE-DISABLE-09, GAP-52).
    Facilities: DISABLED at Armor 0, DESTROYED at Hull 0 (TOTE-GAP-18). Ground stacks lose
    ``floor(damage/hp)`` units, ion has no effect on them (TOTE-GAP-25, TOTE-ATMOBOMB-02).
    Raises DamageError for a negative total or an unknown pool.
    """
    for pool, value in totals.items():
        if pool not in POOL_ORDER:
            raise DamageError(f"unknown damage pool {pool!r}; pools: {', '.join(POOL_ORDER)}")
        if value < 0:
            raise DamageError(f"damage cannot be negative ({pool} {value})")
    new = dict(unit)
    hit = Hit(new, {p: int(totals[p]) for p in POOL_ORDER if totals.get(p)})
    if new.get("destroyed"):
        return hit
    fam = family(utype)
    if fam == "ground":
        hit.no_effect = {p: hit.dealt.pop(p) for p in ("ion", "pic") if p in hit.dealt}
        _ground_hit(new, utype, hit.dealt, hit)
        return hit
    layers = layers_of(new, utype)
    routes = ROUTES[fam]
    was_disabled = bool(new.get("disabled"))
    for pool in POOL_ORDER:
        if hit.dealt.get(pool):
            _route(layers, routes[pool], hit.dealt[pool], hit.absorbed)
    new.update(layers)
    if fam == "craft":
        if layers["armor"] <= 0:
            new["destroyed"] = hit.destroyed = True
            new["shields"] = 0
            if category(utype) == "sf":
                new["final"] = True  # TOTE-DISABLE-09 / TOTE-GAP-52
        return hit
    if fam == "capital" and (layers["systems"] <= 0 or layers["armor"] <= 0):
        new["disabled"] = True
    if fam == "facility" and layers["armor"] <= 0:
        new["disabled"] = True
    if new.get("disabled"):
        new["shields"] = 0  # TOTE-DISABLE-02
        if not was_disabled:
            hit.disabled = True
            if fam == "capital" and not new.get("derelict"):
                new["final"] = True  # TOTE-DISABLE-04 / TOTE-GAP-22
    if layers["hull"] <= 0:
        new["destroyed"] = hit.destroyed = True
        new["final"] = False
    return hit


def volley_totals(pools: Mapping[str, int], attacker_ucr: int, defender_ucr: int,
                  percent: int = 100) -> dict[str, int]:
    """Total Damage per pool: each pool's raw x the UCR quotient, rounded up once (TOTE-UCR-02,
    TOTE-MATH-01/02, TOTE-GAP-12). ``percent`` scales back the planetary pools only (TOTE-DMG-07,
    TOTE-GAP-42). Raises DamageError if an attacker of UCR 0 fires (TOTE-GAP-16)."""
    if attacker_ucr <= 0:
        raise DamageError("a unit of UCR 0 (a derelict) cannot attack")
    q = arith.q_milli(attacker_ucr, defender_ucr)
    return {p: arith.total(pools[p], q, percent if p in ("ptlc", "pic") else 100)
            for p in POOL_ORDER if pools.get(p)}


def mount_totals(mounts: Iterable[Any], attacker_ucr: int, defender_ucr: int, percent: int = 100,
                 bombing_run: bool = False) -> dict[str, int]:
    """Total Damage per pool with each mount rounded up on its own (the ``round_per = weapon``
    option of TOTE-GAP-12). Raises DamageError for an attacker of UCR 0, WeaponError for a bad mount."""
    out: dict[str, int] = {}
    for m in mounts:
        for pool, total in volley_totals(raw_pools([m], bombing_run), attacker_ucr, defender_ucr, percent).items():
            out[pool] = out.get(pool, 0) + total
    return {p: out[p] for p in POOL_ORDER if out.get(p)}


def _viewers(*factions: Any) -> list[str]:
    out: list[str] = []
    for f in factions:
        token = to_seat(str(f))
        if f is not None and token not in out:
            out.append(token)
    return out


def describe(attacker: Mapping[str, Any], target: Mapping[str, Any], hit: Hit) -> str:
    """One line for the log: who hit whom, for how much, and what became of it."""
    parts = [f"{p} {v}" for p, v in hit.dealt.items()]
    what = ", ".join(parts) if parts else "no damage"
    if hit.no_effect:
        what += "; " + ", ".join(f"{p} {v}" for p, v in hit.no_effect.items()) + " has no effect on infantry or vehicles"
    text = f"{attacker.get('id')} hits {target.get('id')}: {what}"
    if hit.killed:
        text += f"; {hit.killed} destroyed"
    if hit.destroyed:
        text += f"; {target.get('id')} DESTROYED"
    elif hit.disabled:
        text += f"; {target.get('id')} DISABLED"
    return text


def fire(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any,
         mounts: Iterable[Any], *, turn: int = 0, percent: int = 100, bombing_run: bool = False,
         bombarded: Collection[str] = (), atmospheric_bombardment: bool = False,
         rules: CombatOptions = DEFAULTS) -> Hit:
    """One attacker's volley at one target (TOTE-UCR-06): raw pools from the mounts, UCR of both
    where they stand, totals, damage applied. The event goes to both factions.

    Raises DamageError if the attacker cannot attack (destroyed, inert, derelict) or the target is
    already destroyed, and WeaponError for a bad mount. Range and legality are the caller's.
    """
    if attacker.get("destroyed") and not attacker.get("final"):
        raise DamageError(f"{attacker.get('id')} is destroyed and cannot fire")
    if attacker.get("inert"):
        raise DamageError(f"{attacker.get('id')} is disabled and has had its final actions")
    if target.get("destroyed"):
        raise DamageError(f"{target.get('id')} is already destroyed; pick a target still in the fight")
    fired = list(mounts)
    pools = raw_pools(fired, bombing_run)
    boost = int(attacker.get("raw_bonus_pct") or 0)  # a Hero's ground_damage_pct in the campaign (TOTE-DATA-09)
    if boost:
        pools = {p: v + v * boost // 100 for p, v in pools.items()}
    a_ucr = unit_ucr(attacker, atype, bombarded=bombarded, atmospheric_bombardment=atmospheric_bombardment,
                     rules=rules)
    d_ucr = unit_ucr(target, ttype, bombarded=bombarded, rules=rules)
    totals = (mount_totals(fired, a_ucr, d_ucr, percent, bombing_run) if rules.round_per == "weapon" and not boost
              else volley_totals(pools, a_ucr, d_ucr, percent))
    hit = apply_damage(target, ttype, totals)
    hit.events.append(event("tote.hit", describe(attacker, target, hit),
                            _viewers(attacker.get("faction"), target.get("faction")), turn,
                            attacker=attacker.get("id"), target=target.get("id"), ucr=[a_ucr, d_ucr],
                            q_milli=arith.q_milli(a_ucr, d_ucr) if a_ucr else 0, raw=pools, dealt=hit.dealt,
                            disabled=hit.disabled, destroyed=hit.destroyed, killed=hit.killed,
                            **({"no_effect": hit.no_effect} if hit.no_effect else {})))
    return hit


def preview(attacker: Mapping[str, Any], atype: Any, target: Mapping[str, Any], ttype: Any,
            mounts: Iterable[Any], *, percent: int = 100, bombing_run: bool = False,
            bombarded: Collection[str] = (), atmospheric_bombardment: bool = False,
            rules: CombatOptions = DEFAULTS) -> dict[str, Any]:
    """The exact outcome a declared shot would have, computed without changing anything: UCRs,
    quotient in thousandths, raw and total damage per pool, the target's layers after, and whether
    it would be DISABLED or DESTROYED. Raises as :func:`fire`."""
    hit = fire(attacker, atype, target, ttype, mounts, percent=percent, bombing_run=bombing_run,
               bombarded=bombarded, atmospheric_bombardment=atmospheric_bombardment, rules=rules)
    data = hit.events[0]["data"]
    after = layers_of(hit.unit, ttype) if family(ttype) != "ground" else {"count": hit.unit.get("count", 0)}
    return {"attacker": data["attacker"], "target": data["target"], "ucr": data["ucr"],
            "q_milli": data["q_milli"], "raw": data["raw"], "total": dict(hit.dealt),
            "damage": sum(hit.dealt.values()), "after": after, "killed": hit.killed,
            "disabled": hit.disabled, "destroyed": hit.destroyed, "text": hit.events[0]["text"]}


# ---- after the damage: final actions, abandoning, scuttling -------------------------------------

def can_act(unit: Mapping[str, Any]) -> bool:
    """Whether a unit may still move, fire or launch: not derelict, not inert, and either not
    destroyed/disabled or owed its final actions (TOTE-DISABLE-04/09, TOTE-GAP-22/52)."""
    if unit.get("derelict") or unit.get("inert"):
        return False
    if unit.get("destroyed") or unit.get("disabled"):
        return bool(unit.get("final"))
    return True


def may_enter_hyperspace(unit: Mapping[str, Any]) -> bool:
    """A DISABLED ship never jumps, not even as a final action (TOTE-DISABLE-05)."""
    return can_act(unit) and not unit.get("disabled") and not unit.get("destroyed")


def targetable(unit: Mapping[str, Any]) -> bool:
    """Whether a unit may be attacked: not destroyed (a destroyed SF squadron flying its final
    action cannot be targeted, TOTE-GAP-52)."""
    return not unit.get("destroyed")


def end_final_actions(unit: Mapping[str, Any]) -> Unit:
    """After the owner's post that carried the final actions: a disabled ship becomes inert (it
    stays until destroyed, derelict, captured or repaired; TOTE-GAP-22); a destroyed squadron is
    gone (``removed``)."""
    new = dict(unit)
    if new.get("final"):
        new["final"] = False
        if new.get("destroyed"):
            new["removed"] = True
        elif new.get("disabled"):
            new["inert"] = True
    return new


def scuttle(ship: Mapping[str, Any], stype: Any, squads: int, *, scuttle_raw: int = 5,
            turn: int = 0, bombarded: Collection[str] = ()) -> Hit:
    """The crew and infantry aboard a DISABLED ship scuttle it: raw ``scuttle_raw`` (5) per squad,
    at UCR 20 against the ship's own UCR, to Hull only (TOTE-DISABLE-10, TOTE-GAP-24).
    Raises DamageError if the ship is not a disabled capital ship or no squads are aboard."""
    if family(stype) != "capital" or not ship.get("disabled") or ship.get("destroyed"):
        raise DamageError(f"only a DISABLED capital ship can be scuttled; {ship.get('id')} is not")
    if squads < 1:
        raise DamageError(f"scuttling {ship.get('id')} needs at least 1 squad aboard")
    d_ucr = unit_ucr(ship, stype, bombarded=bombarded)
    amount = arith.damage(squads * scuttle_raw, arith.SCUTTLE_UCR, d_ucr)
    new = dict(ship)
    take = min(int(new.get("hull", 0)), amount)
    new["hull"] = int(new.get("hull", 0)) - take
    hit = Hit(new, {"scuttle": amount}, {"hull": take})
    if new["hull"] <= 0:
        new["destroyed"] = hit.destroyed = True
        new["final"] = False
    hit.events.append(event("tote.scuttle", f"{ship.get('id')} scuttled: hull {take}"
                            + ("; DESTROYED" if hit.destroyed else ""),
                            _viewers(ship.get("faction")), turn, ship=ship.get("id"), damage=amount,
                            destroyed=hit.destroyed))
    return hit
