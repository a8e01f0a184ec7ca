"""A RiftWar bot from the public view. On its phase: free indirect fire first, then moves the
engine says are safe (cover, a target in sight, few enemy guns, no open line of sight of enemies
that can react), then fire and coordinated fire when the odds are good, then moves worth their
risk, then any shot rather than a pass. As the inactive player it reacts where its pooled dice
have the best chance to stop or wound the mover. Move risk comes from the engine (bot_moves)."""
from __future__ import annotations

import json
import math
from typing import Any

from core.errors import HolotableError
from core.ruleset import Ruleset

from . import battle, combat
from .bot_moves import chances, exposure, move_plans
from .bot_reactions import pending_choices, same_class
from .data import rules
from .fire import rally_bonus
from .flow import least_recently_active, players_left
from .geometry import at_low, at_terrain, close_group, field_of
from .melee import members, rules_close_dice
from .orders import awaited
from .views import sight_table

State = dict[str, Any]
GOOD_ODDS = 0.4
LATE_PHASE = 24  # after this many phases the bot presses forward as in a stalemate


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than copy.deepcopy)."""
    return json.loads(json.dumps(value))


def _trial_state(view: dict[str, Any]) -> State:
    state = _copy(view["facts"])
    state["dice"] = {"seed": "bot-trial", "n": 0}  # the real seed is never in a view
    return state


def _legal(ruleset: Ruleset, state: State, seat: str, text: str) -> bool:
    trial = _copy(state)
    try:
        ruleset.submit(trial, seat, text)
    except HolotableError:
        return False
    return True


def fresh(state: State, u: dict[str, Any]) -> bool:
    """Whether the bot may still move ``u`` this phase. The rules let a unit act again (RIFT-GAP-06);
    the bot moves each unit at most once a phase, so a phase of moves nobody sees still ends with
    its pass. It fires again freely: a shot that fails ends the phase, one that wounds brings the end
    nearer."""
    return battle.may_act(state, u) and not u["acted"]


def success_chance(state: State, shooter: dict[str, Any], target: dict[str, Any]) -> float:
    """The chance one attack of ``shooter`` wounds or kills ``target`` (cover, armour and AP applied)."""
    return chances(target, combat.ranged_dice(shooter, target, battle.cover(state, target, shooter)))[0]


def candidates(state: State, seat: str) -> list[str]:
    """Orders worth trying now, best first."""
    if seat not in awaited(state):
        return []
    if state["stage"] == "deploy":
        return ["deploy second"] if not state["deploy"]["order"] else ["formation"]
    if state.get("dismount"):
        d = state["dismount"][0]
        rider = next(r for r in d["riders"] if r not in d["placed"])
        return [f"dismount {rider} {x:g},{y:g}" for x, y in d["offered"][rider][:4]]
    p = state.get("pending")
    if p:
        return pending_choices(state, seat, p)
    return active_choices(state, seat) + [pass_order(state, seat)]


def active_choices(state: State, seat: str) -> list[str]:
    mine = [u for u in battle.living(state) if u["owner"] == seat]
    foes = [u for u in battle.living(state) if u["owner"] != seat]
    if not foes:
        return []
    out: list[tuple[float, str]] = []
    for u in mine:
        if not battle.may_act(state, u):
            continue
        if u["role"] == "ranged" and not u["indirect"]:
            for f in foes:
                if battle.los(state, u, f):
                    out.append((success_chance(state, u, f), f"fire {u['id']} {f['id']}"))
        if "indirect" in u["traits"] and not u["indirect"]:
            for f in foes:
                if not f.get("melee"):
                    out.append((success_chance(state, u, f) - 0.05, f"indirect {u['id']} {f['id']}"))
        if u["pinned"]:
            bonus = rally_bonus(state, u)
            out.append(((3 + bonus) / 6 - 0.1, f"rally {u['id']}"))
        if u.get("melee") and u["role"] != "unarmed":
            enemy = next((f for f in foes if f.get("melee") == u["melee"]), None)
            if enemy:
                out.append((0.6, f"melee {enemy['id']}"))
    ranked = sorted(out, key=lambda s: -s[0])
    good = [text for score, text in ranked if score >= GOOD_ODDS]
    weak = [text for score, text in ranked if score < GOOD_ODDS and text.startswith(("fire", "melee"))]
    return good + movement_choices(state, seat, mine, foes) + weak


def movement_choices(state: State, seat: str, mine: list[dict[str, Any]], foes: list[dict[str, Any]]) -> list[str]:
    """Plain moves toward the nearest enemy (close units straight at it; ranged units on a fan of
    eight headings, cover first), unchecked: the engine's trial says which are legal."""
    fld = field_of(state["map"])
    out: list[tuple[float, str]] = []
    for u in mine:
        if u["pinned"] or not fresh(state, u) or u.get("melee"):
            continue
        reach = float(rules().sizes[u["size"]]["move_u"])
        nearest = min(foes, key=lambda f: math.hypot(f["x"] - u["x"], f["y"] - u["y"]))
        dx, dy = nearest["x"] - u["x"], nearest["y"] - u["y"]
        dist = math.hypot(dx, dy) or 1.0
        if u["role"] == "close":
            step = min(reach * 0.98, dist)
            to = (u["x"] + dx / dist * step, u["y"] + dy / dist * step)
            out.append((2.0 - dist / 100, f"move {u['id']} {to[0]:.1f},{to[1]:.1f}"))
            continue
        if u["role"] != "ranged":
            continue
        for k in range(8):
            angle = math.atan2(dy, dx) + (k - 3.5) * 0.35
            step = reach * 0.9
            to = (u["x"] + math.cos(angle) * step, u["y"] + math.sin(angle) * step)
            probe = dict(u, x=to[0], y=to[1])
            score = (1.0 if at_low(fld, probe) or at_terrain(fld, probe) else 0.0) - math.hypot(nearest["x"] - to[0], nearest["y"] - to[1]) / 100
            out.append((score, f"move {u['id']} {to[0]:.1f},{to[1]:.1f}"))
    return [text for _, text in sorted(out, key=lambda s: -s[0])]


def plan(ruleset: Ruleset, state: State, seat: str) -> tuple[list[str], set[str]]:
    """The active player's orders, best first: free indirect fire, safe moves, good shots and
    volleys, moves worth their risk, any other shot, then pass. Also the moves among them that
    the engine already accepted on a trial copy (they need no second trial)."""
    living = battle.living(state)
    mine = [u for u in living if u["owner"] == seat]
    foes = [u for u in living if u["owner"] != seat]
    if not foes:
        return [pass_order(state, seat)], set()
    sight = sight_table(state)  # the view's own table: computed once for both
    free: list[tuple[float, str]] = []
    acts: list[tuple[float, str]] = []
    best_shot: dict[str, float] = {}
    melees: set[str] = set()
    for f in foes:
        shooters = []
        for u in mine:
            if u["role"] != "ranged" or u["indirect"] or not battle.may_act(state, u) or u.get("melee"):
                continue
            if f["id"] in sight.get(u["id"], ()):
                chance = success_chance(state, u, f)
                shooters.append((chance, u))
                best_shot[u["id"]] = max(best_shot.get(u["id"], 0.0), chance)
        shooters.sort(key=lambda cu: -cu[0])
        if shooters:
            acts.append((shooters[0][0], f"fire {shooters[0][1]['id']} {f['id']}"))
            volley = [shooters[0][1]]
            miss = 1 - shooters[0][0]
            for chance, u in shooters[1:]:
                if len(volley) >= 3 or miss < 0.25:
                    break
                if same_class(u, volley[0]) and close_group(volley + [u], float(state["options"].get("group_spacing_u", 2.0))):
                    volley.append(u)
                    miss *= 1 - chance
            if len(volley) > 1:  # coordinated fire: the action succeeds if any attack wounds or kills
                acts.append((1 - miss - 0.05 * (len(volley) - 1), f"fire {','.join(u['id'] for u in volley)} {f['id']}"))
    for u in mine:
        if not battle.may_act(state, u):
            continue
        if "indirect" in u["traits"] and not u["indirect"]:
            for f in foes:
                if not f.get("melee"):
                    chance = success_chance(state, u, f)
                    if state["options"].get("indirect_miss_fails", False):
                        acts.append((chance - 0.05, f"indirect {u['id']} {f['id']}"))
                    else:
                        free.append((chance, f"indirect {u['id']} {f['id']}"))
        if u["pinned"]:
            acts.append(((3 + rally_bonus(state, u)) / 6 - 0.1, f"rally {u['id']}"))
        if u.get("melee") and u["role"] != "unarmed" and u["melee"] not in melees:
            melees.add(u["melee"])
            enemy = next((f for f in foes if f.get("melee") == u["melee"]), None)
            if enemy:
                chance = melee_chance(state, seat, u["melee"], enemy)
                if chance > 0:  # one die cannot wound (RIFT-GAP-08): wait for help rather than fail
                    acts.append((chance + 0.1, f"melee {enemy['id']}"))
    movers = [u for u in mine if not u["pinned"] and fresh(state, u) and not u.get("melee")
              and u["role"] in ("ranged", "close") and best_shot.get(u["id"], 0.0) < GOOD_ODDS]
    movers.sort(key=lambda u: (u["role"] != "close", best_shot.get(u["id"], 0.0)))
    stalemate = not any(f["id"] in sight.get(u["id"], ()) for u in mine for f in foes)
    late = int(state["turn"]) > LATE_PHASE  # a long game: close in and settle it
    moves = move_plans(ruleset, state, seat, movers, foes, advance=late) if movers and not stalemate else []
    ranked = sorted(acts, key=lambda s: -s[0])
    tried = {text for _, _, text in moves}
    return ([text for _, text in sorted(free, key=lambda s: -s[0])]
            + [text for _, risk, text in moves if risk <= 0.05]
            + [text for score, text in ranked if score >= GOOD_ODDS]
            + [text for _, risk, text in moves if risk > 0.05]
            + (movement_choices(state, seat, mine, foes)[:8] if late else [])  # a long game: close in
            + [text for score, text in ranked if score < GOOD_ODDS and text.startswith(("fire", "melee"))]
            + (stalemate_moves(ruleset, state, seat, mine, foes) if stalemate and not acts else [])
            + [pass_order(state, seat)]), tried


def melee_chance(state: State, seat: str, mid: str, enemy: dict[str, Any]) -> float:
    """The chance the seat's units in melee ``mid`` wound or kill ``enemy`` with their pooled close
    dice (RIFT-CC-06), all hits taken as one group."""
    dice = sum(rules_close_dice(u) for u in members(state, mid) if u["owner"] == seat)
    return chances(enemy, dice, bool(state["options"].get("cc_single_hit_pins", False)))[0]


def pass_order(state: State, seat: str) -> str:
    """Pass; with several players left, to the one active longest ago (so every army gets its turn)."""
    if len([s for s in players_left(state) if s != seat]) <= 1:
        return "pass"
    return f"pass {least_recently_active(state, seat)}"


def ring_moves(state: State, mine: list[dict[str, Any]], foes: list[dict[str, Any]]) -> list[str]:
    """Moves on twelve headings at full and half reach for every unit free to move, those ending
    nearest an enemy first: a way round a wreck or a wall when the straight way is shut."""
    out: list[tuple[float, str]] = []
    for u in mine:
        if u["pinned"] or not fresh(state, u) or u.get("melee") or u["role"] == "unarmed":
            continue
        reach = float(rules().sizes[u["size"]]["move_u"]) * 0.95
        for k in range(12):
            for step in (reach, reach / 2):
                x = round(u["x"] + math.cos(k * math.pi / 6) * step, 1)
                y = round(u["y"] + math.sin(k * math.pi / 6) * step, 1)
                near = min(math.hypot(f["x"] - x, f["y"] - y) for f in foes)
                out.append((near, f"move {u['id']} {x:g},{y:g}"))
    return [text for _, text in sorted(out)]


def stalemate_moves(ruleset: Ruleset, state: State, seat: str, mine: list[dict[str, Any]], foes: list[dict[str, Any]]) -> list[str]:
    """When no unit of either side sees an enemy, someone must close in or the game never ends:
    plain moves toward the enemy, the least exposed first (by the engine's odds)."""
    risks = []
    for text in (movement_choices(state, seat, mine, foes)[:32] + ring_moves(state, mine, foes))[:72]:
        risk = exposure(ruleset, state, seat, text)
        if risk is not None:
            risks.append((risk, text))
            if len(risks) >= 4:
                break
    return [text for _, text in sorted(risks)]


def play(ruleset: Ruleset, view: dict[str, Any], seat: str) -> list[str]:
    """One order for ``seat`` chosen from its view: the best the engine accepts (see :func:`plan`)."""
    state = _trial_state(view)
    if seat not in awaited(state):
        return []
    tried: set[str] = set()
    if state["stage"] == "deploy" or state.get("pending") or state.get("dismount"):
        texts = candidates(state, seat)
    else:
        texts, tried = plan(ruleset, state, seat)
    for text in texts[:24]:
        if text in tried or _legal(ruleset, state, seat, text):
            return [text]
    return []
