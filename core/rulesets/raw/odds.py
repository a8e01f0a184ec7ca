"""The odds of Republic at War's orders that roll dice, from what the ordering seat knows.

``ally`` (a d6), ``assault`` (RISK dice against a known garrison), ``bombard`` (d6s by fleet points in
orbit) and ``jump`` (2d6 on the disparity table when a seen enemy fleet waits there). Where the seat
does not know enough, the odds say why and what would tell instead of a distribution.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from core.odds import ground_capture, two_d6
from core.ruleset import Odds, State
from core.rulesets.raw.bot_board import capture_chance
from core.rulesets.raw.combat import battle_count, casualty_row
from core.rulesets.raw.construct import ALLIANCE_DIE
from core.rulesets.raw.data import ground_forces
from core.rulesets.raw.ground import bombard_count, ground_count
from core.rulesets.raw.model import combat_value, describe, seats_of, utype
from core.rulesets.raw.queued import projected
from core.rulesets.raw.views import build as build_view

#: one bombardment die (RAW-BOMBARD-03): 1-2 a GF, 3 nothing, 4-6 a point of production
_GF, _NOTHING, _PRODUCTION = Fraction(2, 6), Fraction(1, 6), Fraction(3, 6)


def order_odds(state: State, seat: str, verb: str, args: dict[str, Any]) -> Odds | None:
    """The odds of a parsed order (``verb`` with its ``args``) for ``seat``; None if it rolls no dice."""
    if verb == "ally":
        return Odds(f"alliance roll for {args['planet']}", [("6: the world joins you", Fraction(1, 6)), ("1-5: nothing", Fraction(5, 6))],
                    notes=[f"  {ALLIANCE_DIE.words(6)}"])
    if verb == "assault":
        return _assault(state, seat, args["planet"], args["count"])
    if verb == "bombard":
        return _bombard(state, seat, args["planet"])
    if verb == "jump":
        return _jump(state, seat, args)
    return None


def _arriving(state: State, seat: str, planet: str) -> tuple[list[str], int]:
    """The seat's units that will be at ``planet`` after the team's queued jumps, and the GF they carry."""
    side = state["seats"][seat]["side"]
    there = [u for u in projected(state, side).get(planet, []) if u in state["units"]]
    carriers = [u for u in there if state["units"][u]["owner"] == seat]
    loads = [o for o in state["sheets"].get(seat, []) if o["verb"] == "load" and o["args"]["ship"] in carriers]
    return there, sum(int(state["units"][u]["gf"]) for u in carriers) + sum(int(o["args"]["gf"] or 0) for o in loads)


def _held_by_team(state: State, seat: str, planet: str) -> bool:
    return state["planets"][planet]["owner"] in seats_of(state, state["seats"][seat]["side"])


def _assault(state: State, seat: str, planet: str, count: int | None) -> Odds | None:
    side = state["seats"][seat]["side"]
    if _held_by_team(state, seat, planet):
        return None  # refused when given: nothing to roll
    _, aboard = _arriving(state, seat, planet)
    attackers = count or aboard
    head = f"ground assault on {planet}"
    if attackers <= 0:
        return Odds(head, reason=f"none of your ships will be at {planet} with GF aboard: load GF ('load <ship> GF <count>') "
                                 f"and jump there, then assault (RAW-GROUND-01)")
    facts = build_view(state, seat)["facts"]["planets"][planet]
    if "gf" not in facts:
        return Odds(head, reason=f"you do not know {planet}'s garrison: scan it first (each Spynet world you hold scans "
                                 "one world a turn, RAW-KEYWORD-07)")
    defenders = int(facts["gf"])
    gf = ground_forces()
    bonus = int(gf[side]["attack_die_modifier"])
    ties = bool(gf.get(facts.get("side"), {}).get("loses_all_ties", False)) and not gf[side]["loses_all_ties"]
    seen = f" (garrison seen on turn {facts['scanned_turn']})" if facts.get("scanned_turn") not in (None, state["turn"]) else ""
    notes = [f"  first round: {ground_count(attackers, 3, 'attacking', bonus).words(6)}; "
             f"{ground_count(defenders, 2, 'defending').words(6)}"]
    if attackers * defenders <= 20_000:
        p = ground_capture(attackers, defenders, bonus, ties)
        return Odds(f"{attackers} GF against {defenders} defenders at {planet}{seen}", [("planet taken", p), ("assault fails", 1 - p)],
                    notes=notes)
    # armies of thousands: the bots' closed-form estimate, to six places (no exact table that size)
    p = Fraction(capture_chance(attackers, defenders, bonus, ties)).limit_denominator(10**6)
    return Odds(f"{attackers} GF against {defenders} defenders at {planet}{seen} (about)", [("planet taken", p), ("assault fails", 1 - p)],
                notes=notes)


def _bombard(state: State, seat: str, planet: str) -> Odds | None:
    if _held_by_team(state, seat, planet):
        return None  # refused when given: nothing to roll
    there, _ = _arriving(state, seat, planet)
    points = sum(combat_value(state["units"][u]) for u in there)
    counted = bombard_count(points, bool(state["options"].get("bombard_under_50")))
    count = counted.dice
    head = f"bombardment of {planet}"
    if count == 0:
        why = "no fleet of your team will be" if not points else f"your team will have only {points} fleet points"
        return Odds(head, reason=f"{why} in orbit of {planet} after the jumps; 50 points give the first die (RAW-BOMBARD-02)")
    facts = build_view(state, seat)["facts"]["planets"][planet]
    garrison = int(facts["gf"]) if "gf" in facts else None
    production = int(facts["production"]) if "production" in facts else None
    table: dict[tuple[int, int], Fraction] = {}
    for gf in range(count + 1):
        for cut in range(count - gf + 1):
            p = comb(count, gf) * comb(count - gf, cut) * _GF ** gf * _PRODUCTION ** cut * _NOTHING ** (count - gf - cut)
            key = (gf if garrison is None else min(gf, garrison), cut if production is None else min(cut, production))
            table[key] = table.get(key, Fraction(0)) + p
    rows = [(f"{gf} GF destroyed, production -{cut}", p) for (gf, cut), p in sorted(table.items(), key=lambda kv: -kv[1])]
    notes = [f"  {counted.words(6)}", f"  if your fleet still blockades {planet} after the space combat (RAW-BOMBARD-01)"]
    if garrison is None:
        notes.append(f"  {planet}'s garrison is unknown: a 1-2 kills a GF only if there is one left")
    return Odds(f"{count} dice: {points} fleet points in orbit of {planet}", rows, notes=notes)


def _jump(state: State, seat: str, args: dict[str, Any]) -> Odds | None:
    side = state["seats"][seat]["side"]
    dest = args["planet"]
    if args.get("deep") and not args.get("point"):
        return None  # an unnamed deep-space point holds these ships alone (RAW-GAP-15): no battle
    where = f"deep:{dest}:{args['point'].upper()}" if args.get("deep") else dest
    facts = build_view(state, seat)["facts"]
    team = seats_of(state, side)
    if not any(u["at"] == where and u["owner"] in team for u in state["units"].values()):
        return Odds(f"jump to {describe(where)}",
                    reason=f"nothing of your team is at {dest} to see what waits there: a battle there is not foreseen "
                           f"(scan {dest}, or jump a scout in first)")
    seen = facts["others"].get(where, {})
    enemy = sum(p for s, p in seen.items() if s != side)
    if not enemy:
        return None
    # the team fights as one fleet: the jumping ships, squadrons aboard them, and the team's units already there (RAW-COMBAT-13, RAW-GAP-47)
    fleet = {u for u, x in state["units"].items() if u in args["ships"] or x["aboard"] in args["ships"]
             or (x["owner"] in team and x["at"] == where)}
    ours = sum(combat_value(state["units"][u]) for u in fleet)
    warships = sum(1 for u in fleet if utype(state["units"][u]).has("Warship"))
    count = battle_count(ours, enemy, warships, 0, False)
    mod = count.modifier
    rows = [(f"roll {total}: we lose {casualty_row(total)[0]}%, they lose {casualty_row(total)[1]}%", p)
            for total, p in two_d6(mod).items()]
    return Odds(f"attacking {enemy} pts at {dest} with {ours} pts (modifier {mod:+d}, before their Warships)", rows,
                notes=[f"  {count.words(6)}; their Warships and a hold-fire stance are not counted"])
