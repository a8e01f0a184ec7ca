"""A bot for either side, reading only its own view (``view["facts"]``) and the public card data.

The Empire hunts: it attacks Rebel fleets it outguns, claims systems, spreads its ships for base
searches from turn 6, and brings reinforcements in at its core worlds. The Rebel raids: it claims
valuable remote systems, avoids stronger Imperial fleets, strikes weaker ones, and goes for an
undefended Death Star with its bombers. Both buy ships with their RP each Resource Phase.
"""
from __future__ import annotations

import hashlib
from typing import Any

from .data import rules
from .model import distance

CORE = ("Coruscant", "Kuat", "Eriadu")
EMPIRE_BUYS = ["isd-2", "victory-2", "gladiator-2", "raider-2", "tie-fighter"]
REBEL_BUYS = ["mc80-assault", "frigate-a", "mc30-torpedo", "nebulon-escort", "cr90-a", "y-wing", "x-wing"]


def other(side: str) -> str:
    return "Rebel" if side == "Empire" else "Empire"


def play(view: dict[str, Any], seat: str) -> list[str]:
    """Orders for the awaited step, best first."""
    f = view.get("facts", {})
    step = f.get("step")
    side = f.get("side")
    if not step or side not in step["sides"] or f.get("result"):
        return []
    kind = step["kind"]
    handler = globals().get("on_" + kind.replace("-", "_"))
    return handler(f, side, step) if handler else []


# -- setup and simple steps ---------------------------------------------------------------------------
def on_setup(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    draft = f.get("draft", {})
    orders = []
    if "text" not in draft:
        start = "Coruscant" if side == "Empire" else "Yavin IV"
        orders.append(f"fleet {start} {rules().lists[side][0]}")
    if side == "Rebel" and "base" not in draft:
        orders.append(f"base {pick(base_candidates(), f.get('nonce', ''), 'base')}")
    return orders + ["ready"]


def base_candidates() -> list[str]:
    """Where the Rebel may hide his base at setup with some sense: legal (not an Imperial start system)
    and at least three jumps from every one of them, so the hunt takes time."""
    return sorted(s for s in rules().systems if s not in CORE and min(distance(s, c) for c in CORE) >= 3)


def pick(options: list[str], nonce: str, purpose: str) -> str:
    """One of ``options`` chosen by the side's private nonce (so it varies with the game's seed), stable
    for the same nonce and purpose."""
    digest = hashlib.sha256(f"{nonce}:{purpose}".encode("utf-8")).digest()
    return options[int.from_bytes(digest[:8], "big") % len(options)]


def on_initiative(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    # moving second lets the hunter answer the prey's moves; the Rebel prefers to act first
    return [f"initiative {'Rebel' if side == 'Empire' else side}"]


def on_battle_order(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    return [f"fight {s}" for s in f["queue"]]


def on_open(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    b = f["battle"]
    mine, theirs = b["points"][side], b["points"][other(side)]
    obj = rules().objectives
    orders = []
    if 3 * mine < theirs and not b["ambush"]:
        orders.append(f"concede {b['id']}")
    return orders + [f"objectives {b['id']} {obj['assault'][1]} {obj['defense'][1]} {obj['navigation'][3]}"]


def on_answer(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    return [f"accept {f['battle']['id']}"]


def on_first(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    return [f"play {f['battle']['id']} second"]


def on_reveal(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    b = f["battle"]
    return [f"reveal {b['id']} {' '.join(b.get('my_objectives', [])[: int(step['count'])])}"]


def on_pick(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    b = f["battle"]
    options = list(b["revealed"]) + (["Fleet Ambush"] if b["ambush"] else [])
    return [f"choose {b['id']} {o}" for o in options]


def on_report(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    # a bot fights its battle the one way the engine can: the auto-resolver, from both fleets, with the
    # game's dice in the open (GCW-GAP-03); a player can see those rolls and dispute the report
    return [f"report {f['battle']['id']} auto"]


def on_ruling(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    """The reports differ. The bot stands by the auto-resolved battle once (the opponent sees both
    reports and may amend to it); if the opponent has amended already and still differs, the bot takes
    the opponent's report as its own, so the battle does not wait on the two reports (the GM keeps the
    last word with a correction). A report that the battle was not fought at all (every unit survived,
    no objective VP) is no account of a battle: against it the bot stands by the dice."""
    b = f["battle"]
    bid = b["id"]
    enemy = other(side)
    label = f"report for battle {bid}"
    theirs = [r for r in f.get("sealed", []) if r["owner"] == enemy and r["label"].endswith(label)]
    latest = next((r for r in f.get("sealed", []) if r["id"] == b["reports"].get(enemy)), None)
    if len(theirs) < 2 or latest is None or "content" not in latest or not report_text(latest["content"], losses_only=True):
        return [f"report {bid} auto"]
    return [f"report {bid} {report_text(latest['content'])}"]


def report_text(report: dict[str, Any], losses_only: bool = False) -> str:
    """A report's content in the order language (``E2=destroyed R1=late:2 Empire=40 Rebel=0``): every unit
    that did not simply survive undamaged, and both sides' objective VP (``losses_only``: only what the
    battle cost or scored, '' for a battle in which nothing happened)."""
    words = [f"{uid}={fate}" + (f":{dmg}" if dmg else "") for uid, (fate, dmg) in sorted(report["units"].items())
             if fate != "survived" or dmg]
    objective = [f"{s}={int(report['objective'][s])}" for s in ("Empire", "Rebel")
                 if not losses_only or int(report["objective"][s])]
    return " ".join(words + objective)


def on_retreat(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    options = list(step["options"])
    enemy = other(side)
    def score(s: str) -> tuple[int, int, str]:
        danger = sum(fl["points"] for fl in f["fleets"].values() if fl["side"] == enemy and fl["system"] == s)
        own = f["systems"][s]["owner"] == side
        return (danger, 0 if own else 1, s)
    return [f"retreat {f['battle']['id']} {s}" for s in sorted(options, key=score)]


def on_bomb(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    ready = []
    for fl in f["fleets"].values():
        if fl["side"] == "Rebel" and fl["system"] == step["system"]:
            ready += [u for u in fl["units"] if u.get("bomber")]
    ready.sort(key=lambda u: (not u.get("luke"), u["id"]))
    return [f"bomb {u['id']}" for u in ready] + ["pass"]


def on_deathstar(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    return [f"deathstar {s}" for s in step["options"]]


def on_fire(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    target = step["target"]
    if target in CORE:
        return ["pass"]
    return [f"fire {target}"]


def on_take(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    return ["take VP" if f["turn"] >= f["turns"] - 2 else "take RP"]


def on_rebuild(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    banned = set(CORE) | {step.get("exclude")}
    options = [s for s in sorted(f["systems"]) if s not in banned and not f["systems"][s]["destroyed"]]
    def far(s: str) -> int:
        return min([hops(f, s, fl["system"]) for fl in f["fleets"].values() if fl["side"] == "Empire"] or [99])
    options.sort(key=lambda s: (-far(s), s))
    best = [s for s in options if far(s) == far(options[0])] if options else []
    first = pick(best, f.get("nonce", ""), f"rebuild {f['turn']}") if best else None
    return [f"base {s}" for s in ([first] if first else []) + [s for s in options[:3] if s != first]]


def on_buy(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    rp = int(f["sides"][side]["rp"])
    prefs = EMPIRE_BUYS if side == "Empire" else REBEL_BUYS
    if side == "Rebel" and f["turn"] >= 7:
        prefs = ["y-wing", "x-wing"] + prefs
    orders = []
    ships = squads = 0
    for _ in range(12):
        bought = False
        for code in prefs:
            c = rules().roster[code]
            cost = rules().cost(code)
            if c.kind == "squadron" and 3 * (squads + cost) > ships:
                continue
            if c.size == "large" and f["turn"] < 4:
                continue
            if cost <= rp:
                orders.append(f"buy {code}")
                rp -= cost
                if c.kind == "ship":
                    ships += cost
                else:
                    squads += cost
                bought = True
                break
        if not bought:
            break
    return orders + ["done"]


# -- movement -----------------------------------------------------------------------------------------
def hops(f: dict[str, Any], a: str, b: str) -> int:
    """Jumps between two systems: the routes are public map data, the same the view lists."""
    return distance(a, b)


def strength_at(f: dict[str, Any], side: str, system: str) -> int:
    return sum(fl["points"] for fl in f["fleets"].values() if fl["side"] == side and fl["system"] == system)


def on_action(f: dict[str, Any], side: str, step: dict[str, Any]) -> list[str]:
    cp = int(f["sides"][side]["cp"])
    candidates = deploy_orders(f, side) + repair_orders(f, side) + split_orders(f, side) + move_orders(f, side, cp)
    # When the opponent has no CP the session keeps applying this list while the seat stays awaited,
    # so keep at most one order per fleet (no bouncing on a stale view); 'pass' closes the list.
    seen: set[str] = set()
    orders = []
    for text in candidates:
        key = text.split()[1] if text.split()[0] in ("move", "split", "repair") else text
        if key not in seen:
            seen.add(key)
            orders.append(text)
    return orders + ["pass"]


def entry_systems(f: dict[str, Any], side: str) -> list[str]:
    if side == "Empire":
        return [s for s in CORE if f["systems"][s]["owner"] == "Empire" and not f["systems"][s]["destroyed"]]
    return sorted({fl["system"] for fl in f["fleets"].values() if fl["side"] == "Rebel"})


def deploy_orders(f: dict[str, Any], side: str) -> list[str]:
    pool = [u for u in f["pool"][side] if u["kind"] != "upgrade"]
    if not pool or int(f["sides"][side]["cp"]) < 1:
        return []
    mine = {fid: fl for fid, fl in f["fleets"].items() if fl["side"] == side}
    total = sum(fl["points"] for fl in mine.values())
    entries = entry_systems(f, side)
    ships = [u for u in pool if u["kind"] == "ship"]
    squads = [u for u in pool if u["kind"] == "squadron"]
    orders = []
    for fid, fl in sorted(mine.items(), key=lambda kv: kv[1]["points"]):
        if fl["system"] not in entries:
            continue
        pick: list[Any] = []  # the units deployed here; then the ids of a new fleet
        pts, sq = fl["points"], fl["squadron_points"]
        for u in ships + squads:
            new_pts = pts + u["points"]
            new_sq = sq + (u["points"] if u["kind"] == "squadron" else 0)
            new_total = total + sum(x["points"] for x in pick) + u["points"]
            if new_pts > 600 or 3 * new_sq > new_pts or (len(mine) >= 2 and 3 * new_pts > 2 * new_total):
                continue
            pick.append(u)
            pts, sq = new_pts, new_sq
        if pick:
            orders.append(f"deploy {','.join(u['id'] for u in pick)} {fid}")
    if len(mine) < 6 and entries:
        pick, pts, sq_pts = [], 0, 0
        for u in ships:
            if pts + u["points"] <= 600 and (not mine or 3 * (pts + u["points"]) <= 2 * (total + pts + u["points"])):
                pick.append(u["id"])
                pts += u["points"]
        for u in squads:
            if pts + u["points"] <= 600 and 3 * (sq_pts + u["points"]) <= pts + u["points"] \
                    and (not mine or 3 * (pts + u["points"]) <= 2 * (total + pts + u["points"])):
                pick.append(u["id"])
                pts += u["points"]
                sq_pts += u["points"]
        if pts >= 150:
            orders.insert(0, f"deploy {','.join(pick)} {entries[0]}")
    return orders


def repair_orders(f: dict[str, Any], side: str) -> list[str]:
    orders = []
    for fid, fl in f["fleets"].items():
        if fl["side"] == side and any(u.get("damage") for u in fl["units"]) and f["systems"][fl["system"]]["yard"][side] > 0:
            orders.append(f"repair {fid}")
    return orders


def move_orders(f: dict[str, Any], side: str, cp: int) -> list[str]:
    enemy = other(side)
    scored: list[tuple[int, str]] = []
    for fid, fl in sorted(f["fleets"].items()):
        if fl["side"] != side or fl["move_cost"] > cp:
            continue
        here = fl["system"]
        here_owner = f["systems"][here]["owner"]
        threat_here = strength_at(f, enemy, here)
        if side == "Empire" and here == known_base(f) and not threat_here:
            continue           # alone at the known base: stay, and it is destroyed in the Resource Phase (GCW-BASE-07)
        for to in f["systems"][here]["adjacent"]:
            info = f["systems"][to]
            foe = strength_at(f, enemy, to)
            friend = strength_at(f, side, to)
            score = 0
            if foe:
                ratio_ok = (fl["points"] + friend) * 10 >= foe * (11 if side == "Empire" else 14)
                if not ratio_ok:
                    continue
                score = 100 + foe // 10
            elif info["destroyed"]:
                continue
            else:
                danger = max([strength_at(f, enemy, n) for n in info["adjacent"]] or [0])
                if side == "Rebel" and danger > fl["points"]:
                    continue
                if info["owner"] != side:
                    score = 20 + info["value"][side] - (5 if friend else 0)
                if side == "Empire" and f["turn"] >= 5 and info["owner"] == "Rebel":
                    score += 15
                if side == "Rebel" and to in CORE and info["owner"] != "Rebel":
                    score += 10
            if side == "Empire" and score < 100:
                score += hunt_bonus(f, fl, here, to)  # the Empire scores only by battle: the hunt comes before claims
            if threat_here and threat_here * 10 > fl["points"] * 11:
                score += 60        # get out of a losing fight
            elif here_owner != side and not threat_here and score < 100:
                continue           # stay to claim this system in the Resource Phase
            if score > 0:
                scored.append((score, f"move {fid} {to}"))
    if side == "Empire" and f.get("deathstar") and cp >= 4:
        ds = f["deathstar"]["system"]
        for to in f["systems"][ds]["adjacent"]:
            if f["systems"][to]["owner"] == "Rebel" and not strength_at(f, "Rebel", to):
                escorts = [fid for fid, fl in f["fleets"].items() if fl["side"] == "Empire" and fl["system"] == ds]
                scored.append((30 + f["systems"][to]["value"]["Rebel"], f"move DeathStar {to}" + (f" {','.join(escorts)}" if escorts else "")))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [o for _, o in scored]


def known_base(f: dict[str, Any]) -> str | None:
    """The Rebel base's system if this view knows it (found, or one's own), else None."""
    return (f.get("base") or {}).get("system")


def hunt_bonus(f: dict[str, Any], fl: dict[str, Any], here: str, to: str) -> int:
    """The Empire closes in on Rebel fleets it outguns, and on a base it has found."""
    best = 0
    base = known_base(f)
    if base and not f["systems"][base]["destroyed"] and hops(f, to, base) < hops(f, here, base):
        best = 70
    for other_fl in f["fleets"].values():
        if other_fl["side"] != "Rebel" or other_fl["points"] * 11 > fl["points"] * 10:
            continue
        if hops(f, to, other_fl["system"]) < hops(f, here, other_fl["system"]):
            best = max(best, 60 + other_fl["points"] // 10)
    return best


def split_orders(f: dict[str, Any], side: str) -> list[str]:
    """Split a big fleet in two so that more systems can be claimed (limits checked from the view)."""
    mine = [fl for fl in f["fleets"].values() if fl["side"] == side]
    if len(mine) >= 6 or int(f["sides"][side]["cp"]) < 1:
        return []
    total = sum(fl["points"] for fl in mine)
    orders = []
    for fl in sorted(mine, key=lambda x: -x["points"]):
        if fl["points"] < 330:
            continue
        ships = sorted((u for u in fl["units"] if u["kind"] == "ship"), key=lambda u: -u["points"])
        if len(ships) < 2:
            continue
        part, pts = [], 0
        for u in ships[1:]:
            if pts >= 150:
                break
            if u["upgrades"] and any(up in ("tarkin", "motti", "screed", "tagge", "vader", "chiraneau", "ackbar", "mothma",
                                           "rieekan", "leia", "bel-iblis", "dodonna") for up in u["upgrades"]):
                continue
            part.append(u)
            pts += u["points"]
        rest = fl["points"] - pts
        rest_sq = fl["squadron_points"]
        if pts < 150 or rest < 150 or 3 * rest_sq > rest:
            continue
        count = len(mine) + 1
        if count >= 2 and (3 * pts > 2 * total or 3 * rest > 2 * total):
            continue
        orders.append(f"split {fl['id']} {','.join(u['id'] for u in part)}")
    return orders
