"""What a Republic at War bot knows, read from its seat's view only, and the sums it needs.

:class:`Board` turns a view's ``facts`` into the bot's working picture: its own and its team's
planets, ships and squadrons, what it sees of other sides (fleet points where the team has units),
last-known alignment of other worlds, and the team's order sheets. Nothing here reads a game
state: the map, the unit and planet tables and the objectives are public data.

The odds helpers give the chance of winning a space battle (the 2d6 casualty table with force
disparity and Warships, RAW-COMBAT-03..09) and of taking a planet (RISK ground combat, RAW-GROUND-*).
"""
from __future__ import annotations

import math
from collections import deque
from functools import lru_cache
from typing import Any

from core.odds import ground_round
from core.rulesets.raw.data import (GF, build_cost, casualty_table, galaxy_map, ground_forces, neutrals, objectives,
                                    planets as planet_table, unit_types)

CAPS = {"ships": 400, "squadrons": 400, "total": 500}  # per team per location (RAW-CAP-01..03)
SEAT_OF_POWER = {"GAR": "Raxus", "CIS": "Coruscant"}  # the world each team scores for taking (RAW-VP-05/06)
CAPITAL = {"GAR": "Coruscant", "CIS": "Raxus"}        # the world each team must not lose
FAMILY = tuple(objectives()["welcome_to_the_family"]["planets"])
SHIPYARDS = tuple(objectives()["industrialist"]["planets"])
TRANSPORT = {"GAR": "CRL", "CIS": "GZC"}        # cheap landing craft (capacity 2)
WARSHIP = {"GAR": "Vc1", "CIS": "PrD"}          # the line ship (Warship, capacity 3)
LIFEBOAT = {"GAR": "CRL", "CIS": "GZC"}
SQUADRON = {"GAR": "ywing", "CIS": "droid_trifighter"}


def enemy_of(side: str) -> str:
    """The other team."""
    return "CIS" if side == "GAR" else "GAR"


def system_of(location: str) -> str:
    """The system of a planet orbit or a ``deep:<system>:<cell>`` location."""
    return location.split(":")[1] if location.startswith("deep:") else location


@lru_cache(maxsize=8)
def hops(map_file: str) -> dict[str, dict[str, int]]:
    """Jumps between every pair of systems (breadth-first over the hyperlanes)."""
    nb = galaxy_map(map_file)["neighbours"]
    table: dict[str, dict[str, int]] = {}
    for start in nb:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in nb[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        table[start] = seen
    return table


@lru_cache(maxsize=None)
def neutral_points(planet: str) -> int:
    """Fleet points of a neutral world's own forces at the start (public data, RAW-NEUTRAL-01)."""
    info = neutrals().get(planet)
    if not info:
        return 0
    return sum(unit_types()[f["unit"]].cost * int(f["count"]) for f in info["forces"])


def value_of(unit: dict[str, Any]) -> int:
    """Combat points of one of our units: its cost, halved (down) when scarred (RAW-COMBAT-16)."""
    cost = unit_types()[unit["type"]].cost
    return cost // 2 if unit.get("scarred") else cost


def fuel_of(code: str) -> int:
    """Fuel of one jump: 2 for a Flotilla, else 1 (RAW-JUMP-04, RAW-KEYWORD-09)."""
    return 2 if unit_types()[code].has("Flotilla") else 1


# -- odds --------------------------------------------------------------------------------------
_TWO_D6 = [(a + b, 1 / 36) for a in range(1, 7) for b in range(1, 7)]


def _disparity(attacker: int, defender: int) -> int:
    big, small = max(attacker, defender), min(attacker, defender)
    if big == small:
        return 0
    size = (10 * (big - small)) // (big + small)
    return -size if attacker > defender else size


@lru_cache(maxsize=65536)
def battle(ours: int, our_warships: int, theirs: int, their_warships: int, we_attack: bool = True) -> tuple[float, float, float]:
    """(chance the enemy retreats, our expected loss points, their expected loss points) for one battle.

    Losses are percentages of the smaller fleet (RAW-COMBAT-09); the side left with fewer points
    retreats, the attacker on a tie (RAW-RETREAT-01, RAW-GAP-28).
    """
    if theirs <= 0:
        return 1.0, 0.0, 0.0
    if ours <= 0:
        return 0.0, 0.0, 0.0
    att, dfn = (ours, theirs) if we_attack else (theirs, ours)
    w_att, w_def = (our_warships, their_warships) if we_attack else (their_warships, our_warships)
    mod = _disparity(att, dfn) - w_att + w_def
    smaller = min(att, dfn)
    table = casualty_table()
    win = lost_ours = lost_theirs = 0.0
    for roll, p in _TWO_D6:
        pa, pd = table[min(13, max(1, roll + mod))]
        la, ld = (pa * smaller + 99) // 100, (pd * smaller + 99) // 100
        attacker_retreats = att - la <= dfn - ld
        we_win = (not attacker_retreats) if we_attack else attacker_retreats
        if we_win:
            win += p
        ours_lost, theirs_lost = (la, ld) if we_attack else (ld, la)
        lost_ours += p * ours_lost
        lost_theirs += p * theirs_lost
    return win, lost_ours, lost_theirs


#: above this many (attacker, defender) states the capture chance is taken from the normal approximation
EXACT_STATES = 20_000


@lru_cache(maxsize=4096)
def capture_chance(attackers: int, defenders: int, bonus: int, ties_to_attacker: bool) -> float:
    """Chance that ``attackers`` GF wipe out ``defenders`` in RISK rounds (3 dice against 2, RAW-GROUND-02..07).

    Exact (an iterative table, no recursion) while attackers x defenders stays under EXACT_STATES; beyond
    that, game-sized garrisons of thousands, the normal approximation of the defenders' losses over the
    rounds the fight lasts: time and memory stay small whatever the numbers (issue 12, point 8).
    """
    if defenders <= 0:
        return 1.0 if attackers > 0 else 0.0
    if attackers <= 0:
        return 0.0
    if attackers * defenders > EXACT_STATES:
        return _capture_normal(attackers, defenders, bonus, ties_to_attacker)
    return _capture_table(attackers, defenders, bonus, ties_to_attacker)


def _capture_table(attackers: int, defenders: int, bonus: int, ties: bool) -> float:
    """The exact chance, one defender count at a time: row d holds the chance for 0..attackers attackers."""
    rows: dict[int, list[float]] = {0: [0.0] + [1.0] * attackers}
    for d in range(1, defenders + 1):
        row = [0.0] * (attackers + 1)
        for a in range(1, attackers + 1):
            total = 0.0
            for a_loss, d_loss, p in _ground_round(min(3, a), min(2, d), bonus, ties):
                total += p * (row[a - a_loss] if d_loss == 0 else rows[d - d_loss][a - a_loss])
            row[a] = total
        rows[d] = row
        rows.pop(d - 2, None)  # a round takes at most 2 defenders: older rows are done with
    return rows[defenders][attackers]


def _capture_normal(attackers: int, defenders: int, bonus: int, ties: bool) -> float:
    """The chance for large armies: a full round (3 dice against 2) removes 2 GF in all; the attack wins when
    the defenders' losses reach ``defenders`` by the time about (attackers + defenders) / 2 rounds are fought."""
    outcomes = _ground_round(3, 2, bonus, ties)
    mean = sum(p * d for _, d, p in outcomes)
    var = sum(p * d * d for _, d, p in outcomes) - mean * mean
    rounds = (attackers + defenders) / 2
    spread = math.sqrt(max(var * rounds, 1e-12))
    return 0.5 * math.erfc((defenders - 0.5 - rounds * mean) / (spread * math.sqrt(2)))


@lru_cache(maxsize=None)
def _ground_round(att_dice: int, def_dice: int, bonus: int, ties_to_attacker: bool) -> tuple[tuple[int, int, float], ...]:
    return tuple((a, d, float(p)) for a, d, p in ground_round(att_dice, def_dice, bonus, ties_to_attacker))


def ground_terms(side: str) -> tuple[int, bool]:
    """(die bonus, ties go to the attacker) when ``side`` assaults a planet of the other team (RAW-GROUND-04..06)."""
    gf = ground_forces()
    mine, theirs = gf[side], gf[enemy_of(side)]
    return int(mine["attack_die_modifier"]), bool(theirs["loses_all_ties"]) and not bool(mine["loses_all_ties"])


def gf_needed(side: str, defenders: int, confidence: float, most: int = 30) -> int | None:
    """The fewest GF that take a planet held by ``defenders`` with at least ``confidence``, or None."""
    if defenders <= 0:
        return 1
    bonus, ties = ground_terms(side)
    for n in range(1, most + 1):
        if capture_chance(n, defenders, bonus, ties) >= confidence:
            return n
    return None


# -- the board ---------------------------------------------------------------------------------
class Board:
    """One seat's picture of the game, built from its view's facts alone."""

    def __init__(self, view: dict[str, Any], seat: str) -> None:
        facts = view["facts"]
        self.seat = seat
        self.side: str = facts["side"]
        self.enemy = enemy_of(self.side)
        self.team: list[str] = list(facts.get("team") or [seat])
        self.turn = int(facts.get("turn", view.get("turn", 1)))
        self.credits = int(facts.get("credits", 0))
        self.stance = facts.get("stance") or {"default": "free", "neutral": "hold", "per": {}}
        self.vp = facts.get("vp", {})
        self.map = facts.get("map", "map.toml")
        self.gf_price: int | None = (facts.get("gf_price") or {}).get(self.side)  # a scenario's GF price (option clone_cost)
        self.nb: dict[str, tuple[str, ...]] = galaxy_map(self.map)["neighbours"]
        self.dist = hops(self.map)
        self.planets: dict[str, dict[str, Any]] = facts["planets"]
        self.units: dict[str, dict[str, Any]] = facts["units"]
        self.others: dict[str, dict[str, int]] = facts.get("others", {})
        self.sheets: dict[str, list[str]] = {s: [o["text"] for o in sheet] for s, sheet in (facts.get("sheets") or {}).items()}
        self.types = unit_types()
        self.table = planet_table()
        self.gf_cap = int(ground_forces()[self.side]["limit_per_world"])
        self.mine = {u: x for u, x in self.units.items() if x["owner"] == seat}
        self.my_planets = sorted(p for p, x in self.planets.items() if x.get("owner") == seat)
        # the team's worlds are those the view names an owner for; a world remembered as ours without an
        # owner is one we lost since we last looked (only the other team takes worlds): count it as theirs
        self.team_planets = {p for p, x in self.planets.items() if x.get("owner") in self.team}
        self.enemy_planets = {p for p, x in self.planets.items()
                              if x.get("side") == self.enemy or (x.get("side") == self.side and p not in self.team_planets)}
        order = self.team.index(seat) if seat in self.team else 0
        self.before = self.team[:order]   # teammates who have given their orders already this turn
        self.after = self.team[order + 1:]
        # team points at each location (ships and squadrons, scarred at half) and the cap points there
        self.team_points: dict[str, int] = {}
        self.team_ship_cap: dict[str, int] = {}
        self.team_sq_cap: dict[str, int] = {}
        for unit in self.units.values():
            loc = unit["at"]
            t = self.types[unit["type"]]
            self.team_points[loc] = self.team_points.get(loc, 0) + value_of(unit)
            if t.kind == "ship":
                self.team_ship_cap[loc] = self.team_ship_cap.get(loc, 0) + t.cost
            else:
                self.team_sq_cap[loc] = self.team_sq_cap.get(loc, 0) + t.cost
        self.front = self._front_distance()

    # -- what is where --------------------------------------------------------------------------
    def kind(self, planet: str) -> str:
        """``mine``, ``team``, ``enemy``, ``neutral`` (a world with its own forces) or ``empty``."""
        info = self.planets[planet]
        owner = info.get("owner")
        if owner == self.seat:
            return "mine"
        if owner in self.team:
            return "team"
        side = info.get("side")
        if side in (self.enemy, self.side):
            return "enemy"
        return "neutral" if side == "neutral" else "empty"

    def enemy_seen(self, loc: str) -> int:
        """Points of the other team seen at ``loc`` (only where our team has units)."""
        return int(self.others.get(loc, {}).get(self.enemy, 0))

    def neutral_seen(self, loc: str) -> int:
        """Points of neutral forces seen at ``loc``."""
        return sum(int(p) for s, p in self.others.get(loc, {}).items() if s.startswith("neutral"))

    def watched(self, loc: str) -> bool:
        """Whether our team has units at ``loc`` now (so ``others`` there is exact)."""
        return loc in self.team_points

    def sheet_orders(self, seats: list[str], verb: str) -> list[tuple[str, list[str]]]:
        """(seat, words) of the queued orders with ``verb`` on these seats' sheets."""
        found = []
        for s in seats:
            for text in self.sheets.get(s, []):
                words = text.split()
                if words and words[0] == verb:
                    found.append((s, words[1:]))
        return found

    def team_jumps(self) -> dict[str, str]:
        """Ship -> destination of every jump on the team's sheets (deep ones as ``deep:<system>:?``)."""
        moves: dict[str, str] = {}
        for _, words in self.sheet_orders(self.team, "jump"):
            ships = words[0].split(",")
            rest = words[1:]
            if rest and rest[0] == "deep":
                dest_words = rest[1:]
                name, cell = _planet_prefix(dest_words, self.planets)
                dest = f"deep:{name}:{cell.upper() if cell else '?'}"
            else:
                name, _ = _planet_prefix(rest, self.planets)
                dest = name
            for s in ships:
                moves[s] = dest
        return moves

    def _front_distance(self) -> dict[str, int]:
        """Jumps from each system to the nearest world known to be the other team's (99 if none known)."""
        result: dict[str, int] = {}
        targets = self.enemy_planets | {loc for loc in self.others if self.enemy_seen(loc) and not loc.startswith("deep:")}
        for p in self.nb:
            result[p] = min((self.dist[p].get(t, 99) for t in targets), default=99)
        return result

    def gf_cost(self, planet: str) -> int:
        """Credits for one GF at ``planet`` (Training Ground / Droid Factory halve it, RAW-KEYWORD-04/05)."""
        return build_cost(GF, self.table[planet]["keyword"], self.side, self.gf_price)

    def cost_at(self, code: str, planet: str) -> int:
        """Credits charged for ``code`` at ``planet`` (keyword discounts, RAW-GAP-38)."""
        return build_cost(code, self.table[planet]["keyword"], self.side, self.gf_price)


def planet_name(words: list[str], planets: dict[str, Any]) -> str:
    """The planet named at the front of an order's words (names may hold spaces: ``Alanteen VI``)."""
    return _planet_prefix(words, planets)[0]


def _planet_prefix(words: list[str], planets: dict[str, Any]) -> tuple[str, str | None]:
    """The planet name at the front of ``words`` (names may hold spaces) and the word after it."""
    for size in range(min(len(words), 4), 0, -1):
        name = " ".join(words[:size])
        if name in planets:
            return name, (words[size] if len(words) > size else None)
    return " ".join(words), None
