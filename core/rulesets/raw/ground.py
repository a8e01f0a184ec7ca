"""After space combat: bombardment and ground assaults (RAW-BOMBARD-*, RAW-GROUND-*, RAW-GAP-29..33)."""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.dice_words import DiceCount, fixed
from core.events import Event, event, to_team
from core.rulesets.raw.data import ground_forces
from core.rulesets.raw.model import NEUTRAL, blockaders, combat_value, gf_limit, seat_forces_within_caps, seats_of, side_of_owner, utype

State = dict[str, Any]


def bombard_dice(points: int, under_50: bool = False) -> int:
    """Dice for a bombardment by ``points`` of fleet: 1 for the first 50, +1 per further full 100 (RAW-BOMBARD-02)."""
    return bombard_count(points, under_50).dice


def bombard_count(points: int, under_50: bool = False) -> DiceCount:
    """How :func:`bombard_dice` counts, in the rule's words: ``1d6 for the first 50 of 260 fleet points
    (RAW-BOMBARD-02), +2 for 2 further full 100 points: 3d6``; under 50 points none, or one under the
    option ``bombard_under_50`` (RAW-GAP-32)."""
    if points < 50:
        if under_50 and points > 0:
            return fixed(1, f"{points} fleet points, under 50 (option bombard_under_50, RAW-GAP-32)")
        return fixed(0, f"{points} fleet points, under the 50 for the first die (RAW-BOMBARD-02)")
    count = DiceCount(1, f"the first 50 of {points} fleet points (RAW-BOMBARD-02)")
    more = (points - 50) // 100
    return count.step(f"{more} further full 100 points (RAW-BOMBARD-02)", more) if more else count


def ground_count(forces: int, most: int, who: str, each: int = 0) -> DiceCount:
    """The dice of one side of a RISK round: one per GF, at most ``most`` (RAW-GROUND-02); ``each`` is
    added to every die (Clone Forces attacking, RAW-GROUND-05)."""
    plus = f", each die {each:+d} (RAW-GROUND-05)" if each else ""
    count = DiceCount(forces, f"{forces} {who} GF (RAW-GROUND-02){plus}")
    return count.step(f"at most {most} {who} dice (RAW-GROUND-02)", most - forces) if forces > most else count


def ground_round(dice: Dice, attackers: int, defenders: int, att_side: str, def_side: str, purpose: str, viewers: list[str]) -> tuple[int, int]:
    """One RISK round: (attacker losses, defender losses) (RAW-GROUND-02..06)."""
    gf = ground_forces()
    bonus = int(gf[att_side]["attack_die_modifier"]) if att_side in gf else 0
    att = sorted(dice.roll(min(3, attackers), 6, f"{purpose}: attacker", viewers,
                           why=ground_count(attackers, 3, "attacking", bonus)), reverse=True)
    dfn = sorted(dice.roll(min(2, defenders), 6, f"{purpose}: defender", viewers,
                           why=ground_count(defenders, 2, "defending")), reverse=True)
    att_loses_ties = bool(gf.get(att_side, {}).get("loses_all_ties", False))
    def_loses_ties = bool(gf.get(def_side, {}).get("loses_all_ties", False))
    a_loss = d_loss = 0
    for x, y in zip(att, dfn):
        x += bonus
        if x > y:
            d_loss += 1
        elif x < y:
            a_loss += 1
        elif def_loses_ties and not att_loses_ties:
            d_loss += 1
        else:
            a_loss += 1
    return a_loss, d_loss


def _orbit(state: State, planet: str) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {}
    for uid, unit in state["units"].items():
        if unit["at"] == planet:
            sides.setdefault(side_of_owner(state, unit["owner"]), []).append(uid)
    return sides


def _holds_orbit(state: State, planet: str, side: str) -> bool:
    """No enemy fleet that is not retreating is left in orbit (RAW-GAP-29)."""
    for other, uids in _orbit(state, planet).items():
        if other != side and any(not state["units"][u]["retreat"] for u in uids):
            return False
    return True


def after_combat(state: State, dice: Dice) -> list[Event]:
    """Bombardments, then ground assaults, planet by planet in alphabetical order."""
    events: list[Event] = []
    for planet in sorted(state["planets"]):
        events += _bombard(state, dice, planet)
    for planet in sorted(state["planets"]):
        events += _assault(state, dice, planet)
    return events


def _bombard(state: State, dice: Dice, planet: str) -> list[Event]:
    turn = state["turn"]
    info = state["planets"][planet]
    owner = info["owner"]
    events: list[Event] = []
    for side in ("GAR", "CIS"):
        orders = [o for s in seats_of(state, side) for o in state["sheets"].get(s, []) if o["verb"] == "bombard" and o["args"]["planet"] == planet]
        if not orders:
            continue
        seat_token = [to_team(side)]
        if owner is None or state["seats"][owner]["side"] == side:
            events.append(event("refused", f"bombard {planet}: only an enemy-held planet under blockade can be bombarded (RAW-BOMBARD-01)", seat_token, turn))
            continue
        # the one definition of a blockade (model.blockaders), checked after this turn's space combat (RAW-GAP-31)
        fleet = blockaders(state, planet)
        if not fleet:
            events.append(event("refused", f"bombard {planet}: no fleet of {side} blockades it after the combat (RAW-BOMBARD-01)", seat_token, turn))
            continue
        points = sum(combat_value(state["units"][u]) for u in fleet)
        count = bombard_dice(points, bool(state["options"].get("bombard_under_50")))
        if count == 0:
            events.append(event("refused", f"bombard {planet}: {points} fleet points is under the 50 needed for one die (RAW-GAP-32)", seat_token, turn))
            continue
        viewers = [to_team(side), to_team(state["seats"][owner]["side"])]
        rolls = dice.roll(count, 6, f"bombardment of {planet} by {side}", viewers,
                          why=bombard_count(points, bool(state["options"].get("bombard_under_50"))))
        killed = cut = 0
        for r in rolls:
            if r <= 2 and info["gf"] > 0:
                info["gf"] -= 1
                killed += 1
            elif r >= 4 and info["production"] > 0:
                info["production"] -= 1
                cut += 1
        events.append(event("bombard", f"{side} bombards {planet}: {killed} GF destroyed, production -{cut} (now {info['production']})",
                            viewers, turn, planet=planet, gf_change=-killed, production_change=-cut))
        state.setdefault("bombarded", []).append(f"{side}:{planet}")
    return events


def _assault(state: State, dice: Dice, planet: str) -> list[Event]:
    turn = state["turn"]
    info = state["planets"][planet]
    events: list[Event] = []
    for side in ("GAR", "CIS"):
        if f"{side}:{planet}" in state.get("bombarded", []):
            continue
        team = seats_of(state, side)
        orders = [(s, o) for s in team for o in state["sheets"].get(s, []) if o["verb"] == "assault" and o["args"]["planet"] == planet]
        if not orders:
            continue
        token = [to_team(side)]
        owner = info["owner"]
        if owner in team:
            continue
        if not _holds_orbit(state, planet, side):
            events.append(event("refused", f"assault {planet}: an enemy fleet still holds the orbit (RAW-GAP-29)", token, turn))
            continue
        # every GF aboard is committed at most once, however many orders name this planet (RAW-GAP-29)
        left = {uid: int(unit["gf"]) for uid, unit in state["units"].items()
                if unit["owner"] in team and unit["at"] == planet and unit["gf"] > 0 and not unit["retreat"]}
        commits: dict[str, list[tuple[str, int]]] = {}
        for seat, order in orders:
            want = order["args"]["count"]
            for uid in sorted(left):
                if state["units"][uid]["owner"] != seat or left[uid] <= 0:
                    continue
                take = left[uid] if want is None else min(left[uid], want)
                if take <= 0:
                    break
                left[uid] -= take
                commits.setdefault(seat, []).append((uid, take))
                if want is not None:
                    want -= take
        attackers = sum(n for c in commits.values() for _, n in c)
        if attackers == 0:
            events.append(event("refused", f"assault {planet}: no GF aboard your ships in orbit of {planet}", token, turn))
            continue
        for c in commits.values():
            for uid, n in c:
                state["units"][uid]["gf"] -= n
        state.setdefault("assaulted", []).append(planet)  # an assault took place here (RAW-GAP-53)
        leader = max(commits, key=lambda s: (sum(n for _, n in commits[s]), -list(state["seats"]).index(s)))
        def_side = state["seats"][owner]["side"] if owner else (f"{NEUTRAL}{planet}")
        viewers = [to_team(side)] + ([to_team(def_side)] if owner else [])
        defenders = info["gf"]
        start_def = defenders
        committed = attackers
        while attackers > 0 and defenders > 0:
            a_loss, d_loss = ground_round(dice, attackers, defenders, side, def_side, f"ground assault on {planet}", viewers)
            attackers -= a_loss
            defenders -= d_loss
        info["gf"] = defenders
        if defenders == 0 and attackers > 0:
            carriers = [uid for seat in [leader, *commits] for uid, _ in commits[seat]]
            events += capture(state, planet, leader, attackers, start_def, viewers, carriers, lost=committed - attackers + start_def)
        else:
            events.append(event("assault", f"{side}'s assault on {planet} fails: {start_def - defenders} defenders lost, the attack is wiped out",
                                viewers, turn, planet=planet, gf_change=-(committed + start_def - defenders)))
    return events


def capture(state: State, planet: str, seat: str, survivors: int, defenders: int, viewers: list[str],
            carriers: list[str] | None = None, lost: int = 0) -> list[Event]:
    """``seat`` takes ``planet``: the partial is lost, survivors garrison it up to the cap, the rest go back
    aboard the ships they came from (``carriers``, the leader's first), then any of ``seat``'s ships there.
    ``lost``: GF of both sides that fell in the assault (the capture event logs them for the invariants)."""
    info = state["planets"][planet]
    side = state["seats"][seat]["side"]
    old = info["owner"]
    was = state["seats"][old]["side"] if old in state["seats"] else ("neutral" if info.get("forces") else None)
    info["owner"] = seat
    info["forces"] = False
    info["partial"] = None
    for unit in state["units"].values():  # a world's aligned forces follow it to its new controller (RAW-GAP-39)
        if unit.get("home") == planet and unit["owner"] != seat:
            unit.update(owner=seat, retreat=False)
    land = min(survivors, gf_limit(side))
    info["gf"] = land
    back = survivors - land
    ships = list(dict.fromkeys([*(carriers or []),
                                *(uid for uid, u in sorted(state["units"].items()) if u["owner"] == seat and u["at"] == planet)]))
    for uid in ships:
        if back <= 0:
            break
        unit = state["units"].get(uid)
        if unit is None or unit["at"] != planet or utype(unit).kind != "ship":
            continue
        room = utype(unit).capacity - unit["gf"] - sum(1 for u in state["units"].values() if u["aboard"] == uid)
        put = min(max(room, 0), back)
        unit["gf"] += put
        back -= put
    state.setdefault("captured", []).append({"planet": planet, "side": side, "turn": state["turn"]})
    text = f"{seat} ({side}) takes {planet}: {defenders} defenders overcome, {land} GF hold it"
    if back > 0:
        text += f"; {back} GF find no room aboard and are lost"
    events = [event("capture", text, viewers, state["turn"], planet=planet, side=side, gf_change=-(lost + back), seat=seat, was=was)]
    moved = seat_forces_within_caps(state, planet, seat)
    if moved:
        events.append(event("capture", f"{planet}'s own forces {', '.join(moved)} would break the 400/400/500 cap in orbit; they hold "
                            f"station in the deep space of {planet}, their home system, until there is room (RAW-GAP-35)",
                            [to_team(side)], state["turn"], planet=planet))
    return events
