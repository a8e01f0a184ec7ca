"""The Pocket Models bot: it plays from its own view only. It defends its home zone first, strikes
weak objectives with units already in the enemy home, fights where the odds favour it, and
otherwise advances; it plays a combat card when the card improves the battle, swaps an objective
card from hand onto a face-down slot, and brings in the most BS it can after losing an objective.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from .data import rules
from .odds import Side, battle, play as play_card, roll_hits

Unit = dict[str, Any]
CAP = 5
FACE_DOWN_GUESS = 10


def _side(u: Unit) -> Side:
    return Side(u["attack"], u["defense"], u["damage"], u["shields"], u["counters"])


def _me(view: dict[str, Any], seat: str) -> tuple[dict[str, Any], dict[str, Any]]:
    players = view["board"]["players"]
    mine = next(p for p in players if p["seat"] == seat)
    theirs = next(p for p in players if p["seat"] != seat)
    return mine, theirs


def _units(view: dict[str, Any]) -> list[Unit]:
    return [u for z in view["board"]["zones"] for u in z["units"]]


def battle_score(att: Unit, dfn: Unit, att_card: str | None = None, def_card: str | None = None,
                 mine_attacks: bool = True) -> float:
    """Expected BS destroyed minus expected BS lost for the bot's side of one battle."""
    a, d = _side(att), _side(dfn)
    cards = rules().cards
    if att_card:
        play_card(a, d, cards[att_card], att["tag"])
    if def_card:
        play_card(d, a, cards[def_card], dfn["tag"])
    r = battle(a, d)
    gain = float(r["destroy"]) * dfn["bs"] - float(r["lost"]) * att["bs"]
    gain += 0.2 * (float(r["hit"]) * min(att["damage"], dfn["shields"]) / max(1, dfn["shields"]) * dfn["bs"])
    return gain if mine_attacks else -gain


def can_attack(att: Unit, dfn: Unit, seat: str) -> bool:
    """SWPM-UNIT-09/11/13 from the view."""
    if att["zone"] != dfn["zone"]:
        return False
    return not (att["domain"] == "ground" and dfn["domain"] == "space" and att["zone"] != f"home:{seat}")


def plan_attack(view: dict[str, Any], seat: str, zone: str | None = None, floor: float = 0.05) -> list[str]:
    """Good attacker>defender pairs (at most 5 BS), best first; only in ``zone`` if given."""
    units = _units(view)
    mine = [u for u in units if u["owner"] == seat and (zone is None or u["zone"] == zone)]
    foes = [u for u in units if u["owner"] != seat]
    options = []
    for a in mine:
        for d in foes:
            if can_attack(a, d, seat):
                options.append((battle_score(a, d), a, d))
    options.sort(key=lambda o: -o[0])
    used, bs, pairs = set(), 0, []
    survives: dict[str, float] = {}
    for score, a, d in options:
        if score <= floor or a["id"] in used or bs + a["bs"] > CAP or survives.get(d["id"], 1.0) < 0.35:
            continue
        used.add(a["id"])
        bs += a["bs"]
        pairs.append(f"{a['id']}>{d['id']}")
        r = battle(_side(a), _side(d))
        survives[d["id"]] = survives.get(d["id"], 1.0) * (1 - float(r["destroy"]))
    return pairs


def plan_strike(view: dict[str, Any], seat: str) -> list[str]:
    """Strikers in the enemy home, best attack first, within 5 BS."""
    units = [u for u in _units(view) if u["owner"] == seat and u["zone"].startswith("home:") and u["zone"] != f"home:{seat}"]
    units.sort(key=lambda u: (-(u["attack"] + (1 if u["domain"] == "ground" else 0)) / u["bs"], u["id"]))
    picked, bs = [], 0
    for u in units:
        if bs + u["bs"] <= CAP:
            picked.append(u["id"])
            bs += u["bs"]
    return picked


def plan_move(view: dict[str, Any], seat: str) -> list[str]:
    """Advance: contested units into the enemy home, then home units into the contested zone,
    keeping at least a third of the BS in play at home while enemies could reach it."""
    units = _units(view)
    mine = [u for u in units if u["owner"] == seat]
    home = f"home:{seat}"
    forward = sorted((u for u in mine if u["zone"] == "contested"), key=lambda u: (-u["attack"], u["id"]))
    at_home = sorted((u for u in mine if u["zone"] == home), key=lambda u: (-u["attack"] / u["bs"], u["id"]))
    total = sum(u["bs"] for u in mine)
    keep = total // 3 if any(u["owner"] != seat and u["zone"] == "contested" for u in units) else 0
    home_bs = sum(u["bs"] for u in at_home)
    groups: list[tuple[list[str], str]] = []
    bs = 0
    go = []
    for u in forward:
        if bs + u["bs"] <= CAP:
            go.append(u["id"])
            bs += u["bs"]
    if go:
        groups.append((go, "enemy"))
    out = []
    for u in at_home:
        if bs + u["bs"] <= CAP and home_bs - u["bs"] >= keep:
            out.append(u["id"])
            bs += u["bs"]
            home_bs -= u["bs"]
    if out:
        groups.append((out, "contested"))
    if not groups:
        return []
    return ["move " + " ".join(f"{','.join(ids)} {zone}" for ids, zone in groups)]


def choose_card(view: dict[str, Any], seat: str) -> str:
    """Play the combat card that most improves this battle, or pass."""
    b = view["board"]["battle"]
    mine_attacks = b["attacker"]["owner"] == seat
    hand = [c["tag"] for c in view["board"]["hand"] if c["type"] == "combat"]
    att_card = b["attacker_card"]["tag"] if b["attacker_card"] else None
    def_card = b["defender_card"]["tag"] if b["defender_card"] else None
    base = battle_score(b["attacker"], b["defender"], att_card, def_card, mine_attacks)
    best, best_gain = None, 0.08
    for tag in sorted(set(hand)):
        trial = battle_score(b["attacker"], b["defender"], tag if mine_attacks else att_card,
                             def_card if mine_attacks else tag, mine_attacks)
        if trial - base > best_gain:
            best, best_gain = tag, trial - base
    return f"play {best}" if best else "pass"


def choose_target(view: dict[str, Any], seat: str) -> str:
    """The slot most likely to fall: a known weak face-up card, else a face-down one."""
    _, theirs = _me(view, seat)
    striker = next(u for u in _units(view) if u["id"] == view["facts"]["step"]["striker"])
    bonus = striker["attack"] + (1 if striker["domain"] == "ground" else 0)
    best, best_p = None, Fraction(-1)
    for slot in theirs["slots"]:
        if slot["state"] == "empty":
            continue
        defense = slot.get("defense", FACE_DOWN_GUESS) if slot["state"] == "up" else FACE_DOWN_GUESS
        p = roll_hits(bonus, defense, 13)
        if p > best_p:
            best, best_p = slot["n"], p
    return f"target {best}"


def choose_reinforcements(view: dict[str, Any], seat: str) -> str:
    """The most BS of reserves that fit the destroyed card's BS."""
    mine, _ = _me(view, seat)
    allowance = int(view["facts"]["step"]["bs"])
    reserves = [u for u in mine["reserves"] if u["bs"] <= allowance]
    best: tuple[int, list[str]] = (0, [])
    for n in range(1, min(4, len(reserves)) + 1):
        for combo in combinations(reserves, n):
            bs = sum(u["bs"] for u in combo)
            if best[0] < bs <= allowance:
                best = (bs, [u["id"] for u in combo])
    return "reinforce " + (",".join(best[1]) if best[1] else "none")


def choose_swap(view: dict[str, Any], seat: str) -> list[str]:
    """An objective card from hand onto a face-down slot (the hidden card comes back to hand)."""
    mine, _ = _me(view, seat)
    objectives = [c for c in view["board"]["hand"] if c["type"] == "objective"]
    if not objectives or view["facts"].get("swapped"):
        return []
    best = max(objectives, key=lambda c: (c["timing"] == "continuous", c["defense"] + c["bs"], c["tag"]))
    down = [s["n"] for s in mine["slots"] if s["state"] == "down"]
    if down:
        return [f"swap {best['tag']} {down[0]}"]
    weak = [s for s in mine["slots"] if s["state"] == "up" and s["card"]["defense"] + s["card"]["bs"] < best["defense"] + best["bs"]]
    return [f"swap {best['tag']} {weak[0]['n']}"] if weak else []


def main_turn(view: dict[str, Any], seat: str) -> list[str]:
    """Swap, then one action."""
    orders = choose_swap(view, seat)
    home = f"home:{seat}"
    units = _units(view)
    invaders = [u for u in units if u["owner"] != seat and u["zone"] == home]
    if invaders:
        defend = plan_attack(view, seat, home, floor=-0.5)
        if defend:
            return orders + ["attack " + ",".join(defend)]
    strikers = plan_strike(view, seat)
    if strikers:
        return orders + ["strike " + ",".join(strikers)]
    pairs = plan_attack(view, seat)
    if pairs:
        return orders + ["attack " + ",".join(pairs)]
    move = plan_move(view, seat)
    return orders + (move or ["pass"])


def play(view: dict[str, Any], seat: str) -> list[str]:
    """The bot's orders for ``seat`` now."""
    step = (view.get("facts") or {}).get("step") or {}
    kind = step.get("kind")
    if view["facts"].get("result"):
        return []
    if kind == "setup":
        return ["ready"] if seat in step.get("seats", []) else []
    if step.get("seat") != seat:
        return []
    if kind == "main":
        return main_turn(view, seat)
    if kind == "card":
        return [choose_card(view, seat)]
    if kind == "target":
        return [choose_target(view, seat)]
    if kind == "reinforce":
        return [choose_reinforcements(view, seat)]
    return []


def candidates(view: dict[str, Any], seat: str) -> list[str]:
    """A broad sample of orders to try for ``legal_orders``: single moves, pairs, strikes, swaps,
    every card and slot, plus the bot's own choice."""
    step = (view.get("facts") or {}).get("step") or {}
    kind = step.get("kind")
    out = list(play(view, seat))
    if kind == "setup":
        out += [f"fleet {t}" for t in rules().starters] + ["ready"]
        return list(dict.fromkeys(out))
    if kind == "card":
        out += ["pass"] + [f"play {c['tag']}" for c in view["board"]["hand"]]
    elif kind == "target":
        _, theirs = _me(view, seat)
        out += [f"target {s['n']}" for s in theirs["slots"] if s["state"] != "empty"]
    elif kind == "reinforce":
        mine, _ = _me(view, seat)
        out += ["reinforce none"] + [f"reinforce {u['id']}" for u in mine["reserves"]]
    elif kind == "main":
        mine, _ = _me(view, seat)
        units = _units(view)
        own = [u for u in units if u["owner"] == seat]
        out.append("pass")
        for c in view["board"]["hand"]:
            for s in mine["slots"]:
                out.append(f"swap {c['tag']} {s['n']}")
        for u in own:
            for z in ("home", "contested", "enemy"):
                out.append(f"move {u['id']} {z}")
            for d in units:
                if d["owner"] != seat and can_attack(u, d, seat):
                    out.append(f"attack {u['id']}>{d['id']}")
            if u["zone"].startswith("home:") and u["zone"] != f"home:{seat}":
                out.append(f"strike {u['id']}")
    return list(dict.fromkeys(out))
