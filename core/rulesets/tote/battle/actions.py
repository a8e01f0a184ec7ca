"""What each order of a post does to the battle: the handlers the post runs, in the groups of
TOTE-FLOW-05, after :mod:`.orders` has read the order. Each checks its order against the state
as it is at that point of the post and raises OrderError (or DamageError) saying why not.

Extra unit keys: ``withdrawing`` (jumps at the end of this post), ``bombing`` (made a Bombing Run
this round: no other weapon, TOTE-BOMB-03).
"""
from __future__ import annotations

from core.errors import OrderError
from core.events import Event, to_seat
from core.rulesets.tote.battle import control, movement, strikes
from core.rulesets.tote.battle.log import log
from core.rulesets.tote.rules import damage, grid, model
from core.rulesets.tote.rules.data import ground_types, unit_types
from core.rulesets.tote.rules.model import State, Unit


def _unit(state: State, seat: str, uid: str) -> Unit:
    u = state["units"].get(uid)
    if u is None or u["faction"] != seat:
        raise OrderError(f"{uid} is not a unit of {seat}")
    if not model.can_act(u):
        raise OrderError(f"{uid} can no longer act ({model.damage_state(u)})")
    return u


def _ordered(state: State, uid: str, acting: bool = True) -> None:
    """``uid`` was given an order this post; ``acting`` (all but hold and withdraw) commits its CP
    to the battle (TOTE-GAP-26)."""
    if uid not in state["post"]["ordered"]:
        state["post"]["ordered"].append(uid)
    if acting and uid not in state["post"].setdefault("acting", []):
        state["post"]["acting"].append(uid)


def do_move(state: State, seat: str, units: list[str], space: str) -> list[Event]:
    """Move each unit to ``space`` along its cheapest legal path (TOTE-MOVE, TOTE-GAP-04)."""
    events = []
    for uid in units:
        u = _unit(state, seat, uid)
        mover = movement.mover_of(model.spec(u))
        options = movement.legal_moves(u, mover, ground=state.get("ground", True))
        plan = options.get(space)
        if plan is None:
            path = [space]
            movement.plan_move(u, mover, path, ground=state.get("ground", True))  # raises with the reason
            raise OrderError(f"{uid} cannot reach {grid.label(space)} this round")
        state["units"][uid] = movement.apply_move(u, plan)
        _ordered(state, uid)
        events.append(log(state, f"{uid} moves {' > '.join(plan.path)}.", [to_seat(seat)], kind="tote.move"))
    return events


def bombarded(state: State) -> list[str]:
    """The ground grids under orbital bombardment now (TOTE-OB-04/05)."""
    return [str(e["grid"]) for e in state.get("ob", [])]


def fire_at(state: State, u: Unit, target: Unit, mounts: list[str] | None, auto: bool = False,
            bombing_run: bool = False, percent: int = 100) -> list[Event]:
    """``u`` fires ``mounts`` (None: every weapon, as a TIE Swarm does) at ``target``
    (TOTE-UCR-06, TOTE-GAP-19) through :func:`strikes.strike`, the one entry for an attack (range
    and direction, bombing runs, patrols, garrisons); sight and fire-then-move are checked here.
    The combat action is public (TOTE-COMMS-05). Raises OrderError or DamageError."""
    seat = u["faction"]
    if not model.can_act(u):
        raise OrderError(f"{u['id']} can no longer act ({model.damage_state(u)})")
    if u["space"] is None:
        raise OrderError(f"{u['id']} is aboard {u.get('carried_by')}: launch it first")
    if not model.targetable(target):
        raise OrderError(f"{target['id']} is no longer in the fight; pick another target")
    if not model.hostile(state, seat, target["faction"]):
        raise OrderError(f"{target['id']} is not hostile to {seat}")
    if target["space"] != u["space"] and target["space"] not in model.visible_spaces(state, seat):
        raise OrderError(f"{seat}'s sensors do not cover {target['space']}")
    movement.check_sequence(u, "bomb" if bombing_run else "fire")
    if u.get("bombing"):
        raise OrderError(f"{u['id']} made a Bombing Run this round and fires no other weapon (TOTE-BOMB-03)")
    left = model.mounts_left(u)
    if mounts is not None:
        for m in mounts:
            if m not in left:
                raise OrderError(f"{u['id']} has no unfired mount {m!r} this round; unfired: {', '.join(left) or 'none'}")
    if not left or mounts == []:
        raise OrderError(f"{u['id']} has no weapon left to fire this round")
    guards = movement.blocking_patrols(u, model.unit_class(u), target, model.unit_class(target),
                                       [(p, model.unit_class(p)) for p in model.units_at(state, target["space"])],
                                       state["post"]["occupied"], hostile=lambda a, b: model.hostile(state, a, b))
    if guards:
        raise OrderError(f"{u['id']} cannot attack capital ships in {target['space']} while the patrol of "
                         f"{', '.join(guards)} is not engaged: attack {guards[0]} first (TOTE-CSP-04)")
    rules = damage.CombatOptions.from_options(state["options"])
    if done_mode_check(u, target) == "orbital_bombardment":
        raise OrderError(f"{u['id']} reaches the ground below only by orbital bombardment: `bombard {u['id']} {target['id']}`")
    volley = None if model.is_ground(u) and (mounts is None or set(mounts) == set(left)) else mounts
    done = strikes.strike(u, model.spec(u), target, model.spec(target), volley, turn=int(state["turn"]),
                          bombing_run=bombing_run, types=unit_types(), rules=rules, percent=percent,
                          bombarded=bombarded(state), facilities=installations(state))
    hit = done.hit
    state["units"][target["id"]] = hit.unit
    shooter = state["units"][u["id"]]
    shooter["fired"] = True
    shooter["fired_mounts"] = list(shooter.get("fired_mounts", [])) + (list(mounts) if mounts is not None else left)
    shooter["acted"] = list(shooter.get("acted", [])) + ["bomb" if bombing_run else "fire"]
    if bombing_run:
        shooter["bombing"] = True
    if target.get("patrol") and _occupies(u, target):
        state["post"]["occupied"].append(target["id"])
    if auto:  # it fired on its own: it acts, but its orders (none) stay open
        if u["id"] not in state["post"].setdefault("acting", []):
            state["post"]["acting"].append(u["id"])
    else:
        _ordered(state, u["id"])
    events = []
    for ev in hit.events:
        ev["to"] = ["all"]  # every combat action is known to every player (TOTE-COMMS-05)
        if auto:
            ev["text"] += " (automatic defence)"
        events.append(ev)
    if hit.destroyed:
        events += _lost_aboard(state, state["units"][target["id"]])
    if hit.unit.get("swarm"):
        events += _swarm_losses(state, state["units"][target["id"]])
    return events


def done_mode_check(u: Unit, target: Unit) -> str:
    """The kind of shot ``u`` would make at ``target`` (grid geometry only), "" if none."""
    try:
        return grid.fire_mode(model.grid_class(u), u["space"], target["space"],
                              orbital_bombardment=model.flag(u, "orbital_bombardment"))
    except OrderError:
        return ""


def do_scale(state: State, seat: str, unit: str, target: str, percent: int) -> list[Event]:
    """A planetary weapon fires scaled back to a whole ``percent`` of its raw damage (TOTE-DMG-07,
    TOTE-GAP-42) into the A-Ring space above it (TOTE-S2S-01)."""
    u = _unit(state, seat, unit)
    t = state["units"].get(target)
    if t is None:
        raise OrderError(f"no unit {target!r}")
    if model.unit_class(u) != "planetary_weapon":
        raise OrderError(f"only a planetary weapon may scale back its fire; {unit} fires at full strength (TOTE-WPN-01)")
    return fire_at(state, u, t, model.mounts_left(u), percent=percent)


def installations(state: State) -> dict[str, Unit]:
    """The facilities and planetary weapons of the battle by id: what shelters a garrison from every
    weapon until it is DISABLED (TOTE-GARRISON-01/02, TOTE-GAP-43)."""
    return {i: f for i, f in state["units"].items() if model.is_installation(f)}


def do_bombard(state: State, seat: str, ship: str, target: str) -> list[Event]:
    """Orbital Bombardment (TOTE-OB-01..05, TOTE-GAP-43) through :func:`strikes.orbital_bombardment`:
    from an A-Ring space, every weapon at a Surface target in the ground grid below; for 24 hours no
    infantry or vehicles move to or from that grid and every unit there has -1 UCR."""
    u = _unit(state, seat, ship)
    t = state["units"].get(target)
    if t is None or not model.targetable(t):
        raise OrderError(f"{target} is not a target in the fight")
    if not model.hostile(state, seat, t["faction"]):
        raise OrderError(f"{target} is not hostile to {seat}")
    if t["space"] not in model.visible_spaces(state, seat):
        raise OrderError(f"{seat}'s sensors do not cover {t['space']}")
    movement.check_sequence(u, "bombard")
    mounts = [m.spec for m in model.spec(u).mounts]
    hits, effect = strikes.orbital_bombardment(u, model.spec(u), [(t, model.spec(t), mounts)], turn=int(state["turn"]),
                                               bombarded=bombarded(state), facilities=installations(state))
    events = []
    for done in hits:
        state["units"][target] = done.hit.unit
        for ev in done.hit.events:
            ev["to"] = ["all"]
            events.append(ev)
    shooter = state["units"][ship]
    shooter.update(fired=True, fired_mounts=mounts, acted=list(shooter["acted"]) + ["bombard"])
    state.setdefault("ob", []).append(effect)
    _ordered(state, ship)
    events.append(log(state, f"{effect['grid']} is under orbital bombardment for 24 hours: no troops move to or from "
                           "it and every unit there fights at -1 UCR.", ["all"], kind="tote.ob", grid=effect["grid"]))
    return events


def _occupies(attacker: Unit, patrol: Unit) -> bool:
    """TOTE-CSP-02/03, TOTE-GAP-20: an SF on patrol is occupied by an enemy SF or capital ship, an
    AUX on patrol by an enemy AUX. A TIE Swarm follows TOTE-SWARM-04 instead: it is occupied only
    when as many attackers as it has squadrons engage it and their damage destroys it, and a
    destroyed swarm blocks nothing anyway; so no single attack occupies it (revised TOTE-GAP-20)."""
    if patrol.get("swarm"):
        return False
    a, p = model.unit_class(attacker), model.unit_class(patrol)
    return (p == "sf" and a in ("sf", "capital")) or (p == "aux" and a == "aux")


def _lost_aboard(state: State, carrier: Unit) -> list[Event]:
    """Craft still aboard a destroyed ship are lost with it."""
    lost = []
    for cid in carrier.get("carried", []):
        c = state["units"][cid]
        if not c["destroyed"]:
            c["destroyed"] = True
            c["final"] = False
            lost.append(cid)
    if not lost:
        return []
    return [log(state, f"{', '.join(lost)} aboard {carrier['id']} are lost with it.", [to_seat(carrier["faction"])])]


def do_fire(state: State, seat: str, unit: str, target: str, weapons: list[str] | None) -> list[Event]:
    """``fire <unit> <target> [<weapons>]``: every unfired mount, or the named ones."""
    u = _unit(state, seat, unit)
    t = state["units"].get(target)
    if t is None:
        raise OrderError(f"no unit {target!r}")
    return fire_at(state, u, t, list(weapons) if weapons else (None if u.get("swarm") else model.mounts_left(u)))


def do_bomb(state: State, seat: str, unit: str, target: str) -> list[Event]:
    """A Bombing Run (TOTE-BOMB-01..04): warheads only, shields bypassed, only at a capital ship of
    effective UCR no higher than the bomber's (checked by :func:`strikes.bombing_problem`)."""
    u = _unit(state, seat, unit)
    t = state["units"].get(target)
    if t is None:
        raise OrderError(f"no unit {target!r}")
    if u.get("fired"):
        raise OrderError(f"{unit} has fired other weapons this round and cannot make a Bombing Run (TOTE-BOMB-03)")
    heads = [m.spec for m in model.spec(u).mounts if m.weapon.warhead]
    if not model.flag(u, "bombing_run"):
        raise OrderError(f"{unit} ({model.spec(u).name}) cannot make a Bombing Run (TOTE-BOMB-01)")
    if not heads:
        raise OrderError(f"{unit} carries no warheads")
    return fire_at(state, u, t, heads, bombing_run=True)


def _swarm_losses(state: State, swarm: Unit) -> list[Event]:
    """A hit TIE Swarm loses a squadron each time its pooled Armor falls past one squadron's
    maximum (TOTE-GAP-21); all are lost when it is destroyed."""
    new, lost = strikes.swarm_losses(swarm, unit_types())
    if swarm["destroyed"]:
        lost = [m for m in swarm.get("swarm", []) if m != swarm["id"]]
    state["units"][swarm["id"]] = new
    for mid in lost:
        m = state["units"][mid]
        m["destroyed"] = True
        m["final"] = False
    if not lost:
        return []
    return [log(state, f"The swarm of {swarm['id']} loses {', '.join(lost)}.", ["all"], kind="tote.swarm")]


def do_launch(state: State, seat: str, carrier: str, craft: list[str] | None) -> list[Event]:
    """Launch craft from a ship into its space (TOTE-LAUNCH-01)."""
    c = _unit(state, seat, carrier)
    if c["space"] is None:
        raise OrderError(f"{carrier} is not on the grid")
    aboard = list(c["carried"])
    names = list(craft) if craft else aboard
    if not names:
        raise OrderError(f"{carrier} has no craft aboard")
    for cid in names:
        if cid not in aboard:
            raise OrderError(f"{cid} is not aboard {carrier}; aboard: {', '.join(aboard) or 'nothing'}")
    for cid in names:
        k = state["units"][cid]
        k["space"] = c["space"]
        k["carried_by"] = None
        c["carried"].remove(cid)
    _ordered(state, carrier)
    return [log(state, f"{carrier} launches {', '.join(names)} into {c['space']}.", [to_seat(seat)], kind="tote.launch")]


def do_recall(state: State, seat: str, craft: list[str], carrier: str) -> list[Event]:
    """Recall craft aboard a ship in the same space, within its hangar room (TOTE-LAUNCH-01, TOTE-STOCK-06)."""
    c = _unit(state, seat, carrier)
    slots = model.spec(c).hangar_slots
    used = sum(model.spec(state["units"][k]).room_size for k in c["carried"])
    for cid in craft:
        k = _unit(state, seat, cid)
        if not model.is_small(k):
            raise OrderError(f"{cid} is not a starfighter squadron or auxiliary craft")
        if k["space"] != c["space"]:
            raise OrderError(f"{cid} is in {k['space']}, not with {carrier} in {c['space']}")
        room = model.spec(k).room_size
        if used + room > slots:
            raise OrderError(f"{carrier} has hangar room for {slots}; {used} taken, {cid} needs {room}")
        used += room
        k["space"] = None
        k["carried_by"] = carrier
        k["patrol"] = False
        c["carried"].append(cid)
        _ordered(state, cid)
    return [log(state, f"{carrier} recalls {', '.join(craft)}.", [to_seat(seat)], kind="tote.launch")]


def do_patrol(state: State, seat: str, craft: list[str], off: str | None) -> list[Event]:
    """Put SF/AUX on combat space or atmospheric patrol over their space, or take them off it."""
    for cid in craft:
        k = _unit(state, seat, cid)
        if not model.is_small(k) or k["space"] is None:
            raise OrderError(f"{cid}: only starfighter squadrons and auxiliary craft on the grid fly patrols (TOTE-CSP-01)")
        k["patrol"] = off is None
        _ordered(state, cid)
    what = "end their patrol" if off else f"fly {grid.patrol_kind(state['units'][craft[0]]['space'])}"
    return [log(state, f"{', '.join(craft)} {what}.", [to_seat(seat)], kind="tote.patrol")]


def do_hold(state: State, seat: str, units: list[str]) -> list[Event]:
    """These units hold position and hold fire this post (no automatic defence)."""
    for uid in units:
        _unit(state, seat, uid)
        _ordered(state, uid, acting=False)
    return [log(state, f"{', '.join(units)} hold.", [to_seat(seat)], kind="tote.hold")]


def interdicted(state: State, seat: str) -> Unit | None:
    """A hostile interdictor that is not DISABLED, anywhere on the grid (TOTE-TIME-07, TOTE-GAP-40)."""
    for u in state["units"].values():
        if model.on_grid(u) and not u["disabled"] and not u["destroyed"] and model.hostile(state, seat, u["faction"]) \
                and model.flag(u, "interdictor"):
            return u
    return None


def do_withdraw(state: State, seat: str, units: list[str]) -> list[Event]:
    """Withdraw into hyperspace at the end of the post (TOTE-TIME-05/06, TOTE-GAP-51): not DISABLED
    (TOTE-DISABLE-05), with a hyperdrive, free of tractor beams, and no hostile interdictor."""
    blocker = interdicted(state, seat)
    for uid in units:
        u = _unit(state, seat, uid)
        if u["space"] is None:
            raise OrderError(f"{uid} is aboard {u.get('carried_by')}: it leaves with its carrier")
        if not damage.may_enter_hyperspace(u):
            raise OrderError(f"{uid} is disabled and may not enter hyperspace (TOTE-DISABLE-05)")
        if getattr(model.spec(u), "hyperdrive", None) is None:
            raise OrderError(f"{uid} has no hyperdrive: recall it aboard a carrier to leave")
        if u.get("tractored_by"):
            raise OrderError(f"{uid} is held in the tractor beams of {u['tractored_by']}")
        if blocker is not None:
            raise OrderError(f"the interdictor {blocker['id']} of {blocker['faction']} prevents withdrawal (TOTE-TIME-07)")
        movement.check_sequence(u, "withdraw")
        u["acted"] = list(u["acted"]) + ["withdraw"]
        u["withdrawing"] = True
        _ordered(state, uid, acting=False)  # units over the limit may still withdraw (TOTE-GAP-26)
    return [log(state, f"{', '.join(units)} will jump to hyperspace at the end of the post.", [to_seat(seat)])]


def do_tractor(state: State, seat: str, ships: list[str], target: str) -> list[Event]:
    """Tractor beams, last in the post (TOTE-TRACTOR-01..08, TOTE-GAP-41), through
    :func:`control.tractor`: the named ships' projectors, each at its own quotient, summed and
    rounded up once; complete control only above the target's length; it holds until this
    faction's next post and sets the target's UCR to 1 (TOTE-TRACTOR-07)."""
    t = state["units"].get(target)
    if t is None or not model.targetable(t):
        raise OrderError(f"{target} is not a unit in the fight")
    if not model.hostile(state, seat, t["faction"]):
        raise OrderError(f"{target} is not hostile to {seat}")
    holders = []
    for sid in ships:
        s = _unit(state, seat, sid)
        if s["space"] is None or not grid.can_fire(model.unit_class(s), s["space"], t["space"]):
            raise OrderError(f"{target} in {t['space']} is out of {sid}'s range")
        holders.append((s, model.spec(s)))
        _ordered(state, sid)
    out = control.tractor(holders, t, model.spec(t), turn=int(state["turn"]))
    for uid, new in out.units.items():
        if new.get("tractored_by"):
            new["patrol"] = False
        state["units"][uid] = new
    for ev in out.events:
        ev["to"] = ["all"]  # a combat action (TOTE-COMMS-05)
    return out.events


def do_drag(state: State, seat: str, target: str, space: str) -> list[Event]:
    """Drag, push or pull a ship held under complete control one space, within range 1 of a
    tractoring ship (TOTE-TRACTOR-06, TOTE-GAP-41); never into another ship (TOTE-RAM-01)."""
    t = state["units"].get(target)
    if t is None or not model.targetable(t):
        raise OrderError(f"{target} is not a unit in the fight")
    holders = [u for u in model.units_of(state, seat) if u["space"] is not None and model.can_act(u)
               and bool(getattr(model.spec(u), "tractor_projectors", 0))]
    out = control.drag(t, space, holders, turn=int(state["turn"]))
    state["units"].update(out.units)
    return out.events


def do_abandon(state: State, seat: str, ship: str) -> list[Event]:
    """Abandon Ship as a final action of a DISABLED ship: it becomes DERELICT at once, its crew
    leaves by escape pod for the surface below (TOTE-DISABLE-06..08, TOTE-GAP-23/57). The crew
    lands on the ground, outside this space battle: it is kept in the state's ``ashore`` list."""
    u = _unit(state, seat, ship)
    out = control.abandon(u, model.spec(u), ground=state.get("ground", True), turn=int(state["turn"]))
    for uid, new in out.units.items():
        if uid in state["units"]:
            state["units"][uid] = new
        else:
            state.setdefault("ashore", []).append(new)  # lands in the owner's next post (flow.land_escape_pods)
    _ordered(state, ship)
    return out.events


def do_scuttle(state: State, seat: str, ship: str) -> list[Event]:
    """The crew and infantry aboard a DISABLED ship scuttle it: 5 raw per squad at UCR 20, Hull only
    (TOTE-DISABLE-10, TOTE-GAP-24). The squads are the crew plus every infantry stack of the owner's
    aboard, its ``troops`` (the text: "its crew and infantry")."""
    u = _unit(state, seat, ship)
    squads = control.crew(u, model.spec(u)) + sum(
        int(t["count"]) for t in u.get("troops", []) if model.unit_class(t["type"]) == "infantry")
    hit = damage.scuttle(u, model.spec(u), squads, turn=int(state["turn"]))
    state["units"][ship] = hit.unit
    _ordered(state, ship)
    return hit.events


def do_swarm(state: State, seat: str, squadrons: list[str]) -> list[Event]:
    """Merge TIE Fighter and TIE Interceptor squadrons in one space into one TIE Swarm of UCR 8
    (TOTE-SWARM-01..03, TOTE-GAP-21), led by the first named."""
    members = [(_unit(state, seat, sid), model.spec(state["units"][sid])) for sid in squadrons]
    merged = strikes.form_swarm(members)
    state["units"].update(merged)
    for sid in squadrons:
        _ordered(state, sid)
    return [log(state, f"{', '.join(squadrons)} form a TIE Swarm led by {squadrons[0]} (UCR 8).", [to_seat(seat)],
                     kind="tote.swarm")]


def do_board(state: State, seat: str, aux: str, target: str, squads: int | None) -> list[Event]:
    """An AUX in the target's space puts squads of its boarding party aboard an enemy ship whose
    shields are down (TOTE-BOARD-01/02, TOTE-GAP-56), through :func:`control.board`; the fight
    aboard follows in each later post of either side (TOTE-BOARD-03/04, TOTE-GAP-23/25)."""
    a = _unit(state, seat, aux)
    t = state["units"].get(target)
    if t is None or not model.targetable(t):
        raise OrderError(f"{target} is not a ship in the fight")
    if not model.hostile(state, seat, t["faction"]) and not t["derelict"]:
        raise OrderError(f"{target} is not hostile to {seat}")
    party = next((p for p in a.get("troops", []) if p["count"] > 0), None)
    if party is None:
        raise OrderError(f"{aux} carries no boarding party")
    out = control.board(a, model.spec(a), t, model.spec(t), party, squads or min(party["count"], model.spec(a).troop_capacity),
                        turn=int(state["turn"]))
    new_t = out.units[target]
    if new_t.get("boarders") and "boarded" not in (t.get("boarders") or {}):
        new_t["boarders"]["boarded"] = [int(state["turn"]), seat]
    state["units"][target] = new_t
    left = out.units[party["id"]]
    a["troops"] = [dict(p, count=left["count"]) if p["id"] == party["id"] else p for p in a["troops"] if p["id"] != party["id"] or left["count"] > 0]
    a["acted"] = list(a["acted"]) + ["board"]
    _ordered(state, aux)
    if out.result == "captured":
        _captured(state, state["units"][target], seat)
    for ev in out.events:
        ev["to"] = ["all"]  # a combat action (TOTE-COMMS-05)
    return out.events


def _captured(state: State, ship: Unit, captor: str) -> None:
    """A captured ship's craft aboard change hands with it (TOTE-BOARD-04/05)."""
    for cid in ship.get("carried", []):
        state["units"][cid]["faction"] = captor
        state["units"][cid].pop("attached_to", None)
    ship.pop("attached_to", None)


def fights_aboard(state: State, seat: str) -> list[Event]:
    """At the end of ``seat``'s post, one round of fighting aboard every ship where ``seat`` is the
    owner or the boarder and the boarders came aboard in an earlier post (TOTE-GAP-56)."""
    gt = ground_types()
    events: list[Event] = []
    for uid in sorted(state["units"]):
        ship = state["units"][uid]
        b = ship.get("boarders")
        if not b or int(b.get("count", 0)) <= 0 or ship["destroyed"] or seat not in (ship["faction"], b.get("faction")):
            continue
        if b.get("boarded") == [int(state["turn"]), seat]:
            continue
        defenders = [(p, gt[p["type"]]) for p in ship.get("troops", []) if p["count"] > 0]
        out = control.fight_aboard(ship, model.spec(ship), gt["INF"], gt[b["type"]], defenders=defenders,
                                   turn=int(state["turn"]))
        new = out.units[uid]
        stacks = {k: v for k, v in out.units.items() if k != uid}
        new["troops"] = [dict(p, count=stacks[p["id"]]["count"], wounds=stacks[p["id"]].get("wounds", 0))
                         if p["id"] in stacks else p for p in ship.get("troops", [])]
        new["troops"] = [p for p in new["troops"] if p["count"] > 0]
        state["units"][uid] = new
        if out.result == "captured":
            new["troops"] = []
            _captured(state, new, str(new["faction"]))
        for ev in out.events:
            ev["to"] = ["all"]
        events += out.events
    return events


def do_ram(state: State, seat: str, unit: str, target: str) -> list[Event]:
    """Ramming is prohibited (TOTE-RAM-01): always refused."""
    control.ram()
    return []


