"""The Republic at War bot: legal orders with a plan, from its seat's view only.

Each turn the bot
1. answers forced retreats first (every retreating ship jumps: to a safe friendly world nearby, or
   into the deep space of its own system, taking squadrons along where there is room);
2. plans its task forces: each group of its ships picks the best target it can reach (a world to
   take, a blockade to break, an enemy fleet to fight), weighing the world's worth, the distance,
   the exact odds of the space battle (2d6 table, force disparity, Warships) and of the ground
   assault (RISK dice), loads GF where it stands, jumps, and orders the assault (or a bombardment);
   weak groups gather on the team's strongest stack (hard: teammates' groups move together);
3. builds to its economy: garrisons first where the front is near (capital and shipyards most),
   finishes partly built units, landing craft while there are worlds to grab, then Warships;
4. uses the special actions: alliance rolls for the neutral worlds, Spynet scans of its targets,
   repairs of scarred ships, production improvements early on, loans to stranded teammates, and
   (hard) a lifeboat hidden in deep space so its navy is never wholly destroyed (RAW-VP-04).

Three levels (:data:`LEVELS`): ``easy`` keeps a small navy, looks only a few jumps ahead, attacks
on even odds and uses no special action; ``normal`` plays the whole plan but is slow to court the
neutral worlds (one alliance roll a turn from turn 4, for worlds near its own) and plays alone;
``hard`` rolls for every neutral world from turn 1, moves with its teammates (a group follows the
stack a teammate moved first from the same place), lends fuel credits to stranded teammates and
hides a lifeboat in deep space. Pick one with ``play(view, seat, level)``; without a level,
a seat name ending in ``-easy``/``_easy`` or ``-hard``/``_hard`` chooses it, else ``normal``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.rulesets.raw.bot_board import (CAPITAL, CAPS, FAMILY, LIFEBOAT, SEAT_OF_POWER, SHIPYARDS, Board, battle,
                                         capture_chance, fuel_of, ground_terms, neutral_points, planet_name, system_of,
                                         value_of)
from core.rulesets.raw.bot_economy import Economy
from core.rulesets.raw.data import GF
from core.rulesets.raw.bot_war import boldness, hopeless, pressing

LEVEL_NAMES = ("easy", "normal", "hard")
FLEET_CAP = 4000   # fleet points a seat stops adding Warships at (caps, upkeep of the bot's time)


@dataclass(frozen=True)
class Knobs:
    """How a level plays."""

    name: str
    odds: float            # least chance of winning a space battle before starting one
    capture: float         # least chance of taking a planet before an assault
    prior: float           # how much unseen enemy fleet to expect at an enemy world (x our average stack)
    garrison: int          # base garrison; more near the front, at the capital and the shipyards
    improve: tuple[tuple[int, float], ...]  # (until turn, share of credits) put into production
    ally: int              # alliance rolls a turn
    scans: bool
    repairs: bool
    bombard: bool
    follow: bool           # groups follow a teammate's group that moved first from the same place
    gather: bool           # weak groups join the team's strongest stack
    relieve: bool          # break blockades of the team's worlds
    lifeboat: bool         # keep one cheap ship hidden in deep space (RAW-MAP-04)
    lend: bool
    warships: bool         # build Warships (else only transports and GF)
    rush: int              # landing craft to keep while empty worlds are near
    ally_reach: int        # alliance rolls only for neutral worlds this close to ours
    ally_from: int         # the first turn it rolls for alliances
    reach: int             # how far (jumps) a group looks for targets
    fleet: int = FLEET_CAP  # fleet points at which the seat stops adding ships


LEVELS: dict[str, Knobs] = {
    "easy": Knobs("easy", odds=0.5, capture=0.5, prior=1.0, garrison=1, improve=(), ally=0, scans=False, repairs=False,
                  bombard=False, follow=False, gather=False, relieve=False, lifeboat=False, lend=False, warships=True,
                  rush=1, ally_reach=0, ally_from=99, reach=3, fleet=1000),
    "normal": Knobs("normal", odds=0.6, capture=0.75, prior=1.0, garrison=2, improve=((12, 0.3), (25, 0.15)), ally=1,
                    scans=True, repairs=True, bombard=True, follow=False, gather=True, relieve=True, lifeboat=False, lend=False,
                    warships=True, rush=3, ally_reach=2, ally_from=4, reach=5),
    "hard": Knobs("hard", odds=0.6, capture=0.75, prior=1.0, garrison=2, improve=((12, 0.3), (25, 0.15)), ally=3,
                  scans=True, repairs=True, bombard=True, follow=True, gather=True, relieve=True, lifeboat=True, lend=True,
                  warships=True, rush=3, ally_reach=99, ally_from=1, reach=6),
}



def level_of(seat: str, level: str | None = None) -> str:
    """The level asked for, or the one a seat name's suffix names (``-easy``, ``_hard``), else ``normal``."""
    if level:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVEL_NAMES)}")
        return level
    low = seat.lower()
    for name in LEVEL_NAMES:
        if low.endswith(f"-{name}") or low.endswith(f"_{name}"):
            return name
    return "normal"


def play(view: dict[str, Any], seat: str, level: str | None = None) -> list[str]:
    """Orders for ``seat`` from its view alone (``view["facts"]`` and the public data)."""
    facts = view.get("facts") or {}
    if view.get("outcome") or facts.get("side") is None or facts.get("seat", seat) != seat:
        return []
    board = Board(view, seat)
    if hopeless(board):
        return ["concede"]  # acknowledge the other team's supremacy (RAW-GAME-05)
    return Planner(board, LEVELS[level_of(seat, level)]).run()


@dataclass
class Group:
    """Our ships at one place that act together this turn."""

    loc: str
    ships: list[str]
    points: int = 0
    warships: int = 0
    room: int = 0          # free carrier capacity
    gf: int = 0            # GF aboard
    fuel: int = 0
    load: dict[str, int] = field(default_factory=dict)   # ship -> GF to load here


class Planner(Economy):
    """One turn's orders for one seat: retreats, the lifeboat and the task forces here; the economy in :class:`Economy`."""

    def __init__(self, board: Board, knobs: Knobs) -> None:
        self.b = board
        self.k = knobs
        b = board
        self.pool = b.credits
        self.local = {p: int(b.planets[p].get("production", 0)) for p in b.my_planets if b.planets[p].get("blockaded")}
        self.spent: dict[str, int] = {}
        self.partial: dict[str, Any] = {p: b.planets[p].get("partial") for p in b.my_planets}
        self.started: set[str] = set()
        self.gf_added: dict[str, int] = {}
        self.gf_for_load: dict[str, int] = {}
        self.fuel = 0
        self.moves = b.team_jumps()            # ship -> destination, the team's and ours
        self.squad_moves: dict[str, str] = {}  # squadron -> ship it is loaded on
        self.head: list[str] = []     # stance, loans, alliance rolls, improvements
        self.repairs: list[str] = []
        self.builds: list[str] = []
        self.loads: list[str] = []
        self.jumps: list[str] = []
        self.unloads: list[str] = []
        self.fights: list[str] = []   # assaults and bombardments
        self.scans: list[str] = []
        self.want_free_neutral = False
        self.targets_taken: dict[str, int] = {}   # planet -> GF we send there this turn
        self.assault_planets = {planet_name(w, b.planets) for _, w in b.sheet_orders(b.team, "assault")}
        self.bombard_planets = {planet_name(w, b.planets) for _, w in b.sheet_orders(b.team, "bombard")}
        self.lifeboat = self._find_lifeboat() if knobs.lifeboat else None
        self.pressing = pressing(board)
        self.build_orders: dict[str, list[str]] = {}
        self.vessel_left: dict[str, int] = {}
        self.my_loads: list[dict[str, int]] = []
        self._proj: dict[str, list[int]] | None = None
        self.my_builds: dict[str, tuple[int, int]] = {}
        self.team_builds: dict[str, tuple[int, int]] = {}
        for seat, words in b.sheet_orders(b.team, "build"):
            if seat == b.seat:
                continue
            name = planet_name(words, b.planets)
            rest = words[len(name.split()):]
            if not rest or rest[0] == GF or rest[0] not in b.types:
                continue
            count = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else 1
            t = b.types[rest[0]]
            bs, bq = self.team_builds.get(name, (0, 0))
            self.team_builds[name] = (bs + t.cost * count, bq) if t.kind == "ship" else (bs, bq + t.cost * count)
        self.cargo: dict[str, list[str]] = {}
        for uid, unit in board.units.items():
            if unit.get("aboard"):
                self.cargo.setdefault(unit["aboard"], []).append(uid)

    # -- the turn ---------------------------------------------------------------------------------
    def run(self) -> list[str]:
        self.retreats()
        if self.k.lifeboat:
            self.launch_lifeboat()
        self.plan_groups()
        if self.loads and not self.caps_clear():
            self.drop_loads()
        if self.k.lend:
            self.lend()
        self.alliances()
        improve_share = next((share for until, share in self.k.improve if self.b.turn <= until), 0.0)
        reserve = int(self.pool * improve_share) // 10 * 10 if self.safe_to_improve() else 0
        self.pool -= reserve
        if self.k.repairs:
            self.plan_repairs()
        self.plan_builds()
        self.builds = [o for p in sorted(self.build_orders) for o in self.build_orders[p]]
        self.pool += reserve
        self.improve()
        if self.k.scans:
            self.plan_scans()
        self.set_stance()
        # jumps go on the sheet before loads and builds: both are checked against the caps with the
        # team's queued jumps counted (RAW-GAP-35)
        return self.head + self.jumps + self.loads + self.unloads + self.repairs + self.builds + self.fights + self.scans

    def drop_loads(self) -> None:
        """A place of the team is over the caps even after our jumps (a capture brought aligned forces over, say):
        every load would be refused, so give none, and assault only with the troops already aboard."""
        self.loads = []
        self.my_loads = []
        self.gf_for_load = {}
        self.squad_moves = {}
        self._proj = None
        self.fights = [f for f in self.fights if not f.startswith("assault ")]
        self.assault_planets = {planet_name(w, self.b.planets) for _, w in self.b.sheet_orders(self.b.team, "assault")}
        self.assaults()

    # -- helpers ----------------------------------------------------------------------------------
    def my_ships(self) -> dict[str, dict[str, Any]]:
        types = self.b.types
        return {u: x for u, x in self.b.mine.items() if types[x["type"]].kind == "ship"}

    def cargo_room(self, uid: str) -> int:
        unit = self.b.units[uid]
        aboard = len(self.cargo.get(uid, ()))
        loaded = sum(1 for s, ship in self.squad_moves.items() if ship == uid)
        return self.b.types[unit["type"]].capacity - int(unit["gf"]) - aboard - loaded

    def _projection(self) -> dict[str, list[int]]:
        """[ship points, squadron points] at base cost per location once the queued jumps are made (kept up to date)."""
        if self._proj is None:
            proj: dict[str, list[int]] = {}
            for uid, unit in self.b.units.items():
                carrier = unit.get("aboard") or self.squad_moves.get(uid) or uid
                where = self.moves.get(carrier, unit["at"])
                t = self.b.types[unit["type"]]
                proj.setdefault(where, [0, 0])[0 if t.kind == "ship" else 1] += t.cost
            self._proj = proj
        return self._proj

    def projected(self, loc: str) -> tuple[int, int]:
        """(ship points, squadron points) at base cost the team will have at ``loc`` after the queued jumps."""
        s, q = self._projection().get(loc, (0, 0))
        return s, q

    def _move_projection(self, ship: str, dest: str) -> None:
        proj = self._projection()
        unit = self.b.units[ship]
        old = self.moves.get(ship, unit["at"])
        for uid in [ship, *self.cargo.get(ship, []), *[s for s, c in self.squad_moves.items() if c == ship]]:
            t = self.b.types[self.b.units[uid]["type"]]
            i = 0 if t.kind == "ship" else 1
            proj.setdefault(old, [0, 0])[i] -= t.cost
            proj.setdefault(dest, [0, 0])[i] += t.cost

    def fits(self, loc: str, ships: list[str]) -> bool:
        """Whether these ships (and their cargo) may jump to ``loc`` within the caps (RAW-CAP-01..03)."""
        if loc.endswith(":?"):
            return True
        s, q = self.cap_at(loc)
        types = self.b.types
        for uid in ships:
            if self.moves.get(uid) == loc:
                continue
            s += types[self.b.units[uid]["type"]].cost
            for other in self.cargo.get(uid, []):
                q += types[self.b.units[other]["type"]].cost
            for other, ship in self.squad_moves.items():
                if ship == uid:
                    q += types[self.b.units[other]["type"]].cost
        return s <= CAPS["ships"] and q <= CAPS["squadrons"] and s + q <= CAPS["total"]

    def caps_clear(self) -> bool:
        """No location of the team is over the caps (loads are refused otherwise)."""
        for loc in set(self._projection()) | set(self.team_builds):
            if loc.endswith(":?"):
                continue
            s, q = self.cap_at(loc)
            if s > CAPS["ships"] or q > CAPS["squadrons"] or s + q > CAPS["total"]:
                return False
        return True

    def jump(self, ships: list[str], dest: str, deep: bool = False) -> bool:
        """Queue one jump order for ``ships`` if fuel and the caps allow it."""
        fuel = sum(fuel_of(self.b.units[s]["type"]) for s in ships)
        if fuel > self.pool:
            return False
        target = f"deep:{dest}:?" if deep else dest
        if not deep and not self.fits(dest, ships):
            return False
        self.pool -= fuel
        self.fuel += fuel
        for s in ships:
            self._move_projection(s, target)
            self.moves[s] = target
        self.jumps.append(f"jump {','.join(ships)} " + ("deep " if deep else "") + dest)
        return True

    def value(self, planet: str) -> float:
        """What a world is worth to take: its credits, objectives and keywords."""
        b = self.b
        info = b.table[planet]
        v = float(info["credits"])
        kw = info["keyword"]
        if planet in SHIPYARDS:  # Industrialist: all 7 for 3 turns (RAW-VP-07)
            held = sum(1 for p in SHIPYARDS if p in b.team_planets)
            v += 20 + 6 * max(0, held - 3)
        if planet == SEAT_OF_POWER[b.side]:  # RAW-VP-05/06
            v += 40
        if planet in FAMILY:  # Welcome to the Family: all 5 for 2 turns (RAW-VP-03)
            held = sum(1 for p in FAMILY if p in b.team_planets)
            v += 10 + 8 * held
        if kw == "Spynet":
            v += 8
        if kw == ("Training Ground" if b.side == "GAR" else "Droid Factory"):
            v += 10
        if kw == "Fighter Plant":
            v += 5
        if kw == "Hostile":
            v -= 8
        if b.kind(planet) == "enemy":
            v += 15
            if self.pressing:  # the last worlds between us and Supremacy (RAW-VP-02)
                v += 120
        return v

    def importance(self, planet: str) -> float:
        """How much one of our worlds matters to keep."""
        v = float(self.b.table[planet]["credits"])
        if planet == CAPITAL[self.b.side]:
            v += 40
        if planet in SHIPYARDS:
            v += 25
        if planet in FAMILY:
            v += 15
        return v

    def prior_base(self) -> int:
        """Enemy fleet to expect where we cannot see: grows with the turn, or a share of the largest enemy stack seen."""
        b = self.b
        seen = max((int(x.get(b.enemy, 0)) for loc, x in b.others.items() if not loc.startswith("deep:")), default=0)
        return int(min(300, max(0.6 * seen, 20 + 5 * b.turn)) * self.k.prior)

    def fleet_prior(self, planet: str) -> int:
        """The enemy fleet we expect at an enemy world we cannot see (more at their capital and shipyards)."""
        if self.k.prior <= 0 or self.b.kind(planet) != "enemy" or self.b.turn <= 2:
            return 0
        guess = int(self.prior_base() * boldness(self.b))
        if planet == CAPITAL[self.b.enemy] or planet in SHIPYARDS:
            guess = guess * 13 // 10
        return guess

    def enemy_at(self, planet: str) -> int:
        """Enemy fleet points expected at ``planet``: seen if our team is there, else the prior."""
        if self.b.watched(planet):
            return self.b.enemy_seen(planet)
        return self.fleet_prior(planet)

    def gf_guess(self, planet: str) -> int:
        """Defending GF expected at ``planet``: a scan's count, else the average of our own worlds."""
        b = self.b
        kind = b.kind(planet)
        if kind in ("empty", "neutral"):
            return int(b.planets[planet].get("gf", 0)) if kind == "empty" else 0
        known = b.planets[planet].get("gf")
        if known is not None:
            age = max(0, b.turn - 1 - int(b.planets[planet].get("scanned_turn") or b.turn - 1))
            return min(15 if b.enemy == "CIS" else 10, int(known) + age)  # they may have built since the scan
        ours = [int(b.planets[p].get("gf", 0)) for p in b.team_planets]
        return max(1, round(sum(ours) / max(1, len(ours)))) if self.b.turn > 2 else 0

    def garrison_target(self, planet: str) -> int:
        b = self.b
        base = self.k.garrison
        front = b.front.get(planet, 99)
        base += 3 if front <= 1 else 2 if front <= 2 else 1 if front <= 3 else 0
        if planet == CAPITAL[b.side]:
            base += 3
        if planet in SHIPYARDS:
            base += 2
        if self.k.name != "easy":
            base += b.turn // 12
        return min(b.gf_cap, base)

    # -- 1. forced retreats -----------------------------------------------------------------------
    def retreats(self) -> None:
        b = self.b
        by_loc: dict[str, list[str]] = {}
        for uid, unit in sorted(self.my_ships().items(), key=lambda kv: -value_of(kv[1])):
            if unit["retreat"] and uid not in self.moves:
                by_loc.setdefault(unit["at"], []).append(uid)
        for loc, ships in sorted(by_loc.items()):
            here = system_of(loc)
            homebound = [s for s in ships if b.units[s].get("home")]
            free = [s for s in ships if not b.units[s].get("home")]
            for s in homebound:  # aligned neutral forces may only stay in their home system (RAW-NEUTRAL-06)
                self.jump([s], b.units[s]["home"], deep=True)
            if not free:
                continue
            # squadrons left behind are lost: take them along where there is room (RAW-RETREAT-03)
            squads = [u for u, x in b.mine.items() if x["at"] == loc and b.types[x["type"]].kind == "squadron" and not x.get("aboard")]
            for ship in free:
                take: list[str] = []
                for sq in list(squads):
                    if self.cargo_room(ship) - len(take) > 0:
                        take.append(sq)
                        squads.remove(sq)
                if take:
                    for sq in take:
                        self.squad_moves[sq] = ship
                    self._proj = None
                    self.loads.append(f"load {ship} {','.join(take)}")
            dest = self.retreat_to(loc, free)
            if dest is None or not self.jump(free, dest):
                if not self.jump(free, here, deep=True):
                    for s in free:  # not enough fuel for all: save the most valuable ones
                        self.jump([s], here, deep=True)
                continue
            if b.kind(dest) == "mine":
                for s in free:
                    if b.units[s]["gf"] and int(b.planets[dest].get("gf", 0)) < self.garrison_target(dest):
                        self.unloads.append(f"unload {s} GF")

    def retreat_to(self, loc: str, ships: list[str]) -> str | None:
        """The best world one jump away for a beaten fleet: our own unblockaded worlds, then the team's."""
        b = self.b
        here = system_of(loc)
        best, best_score = None, 0.0
        for p in (here, *b.nb[here]):
            if p == loc:
                continue
            kind = b.kind(p)
            if kind not in ("mine", "team"):
                continue
            info = b.planets[p]
            if info.get("blockaded") or b.enemy_seen(p):
                continue
            score = 2.0 + (1.0 if kind == "mine" else 0.0) + b.team_points.get(p, 0) / 200 + (0.5 if b.front.get(p, 99) > 1 else 0)
            if score > best_score and self.fits(p, ships):
                best, best_score = p, score
        return best

    # -- 2. the lifeboat --------------------------------------------------------------------------
    def _find_lifeboat(self) -> str | None:
        for uid, unit in sorted(self.my_ships().items()):
            if (unit["at"].startswith("deep:") and not unit["retreat"] and not unit.get("home") and not unit["gf"]
                    and unit["type"] == LIFEBOAT[self.b.side]):
                return uid
        return None

    def launch_lifeboat(self) -> None:
        """Keep one cheap ship hidden in deep space: a navy that cannot be wholly destroyed (RAW-VP-04)."""
        if self.lifeboat:
            return
        ships = {u: x for u, x in self.my_ships().items() if not x.get("home") and not x["retreat"] and u not in self.moves}
        if len(ships) < 2:
            return
        cheap = [u for u, x in ships.items() if x["type"] == LIFEBOAT[self.b.side] and not x["at"].startswith("deep:") and not x["gf"]]
        if cheap:
            uid = sorted(cheap)[0]
            if self.jump([uid], system_of(self.b.units[uid]["at"]), deep=True):
                self.lifeboat = uid

    # -- 3. task forces ---------------------------------------------------------------------------
    def groups(self) -> list[Group]:
        b = self.b
        by_loc: dict[str, list[str]] = {}
        for uid, unit in self.my_ships().items():
            if unit["retreat"] or unit.get("home") or uid == self.lifeboat or uid in self.moves:
                continue
            by_loc.setdefault(unit["at"], []).append(uid)
        out = []
        for loc, ships in by_loc.items():
            g = Group(loc, sorted(ships))
            for s in ships:
                unit = b.units[s]
                t = b.types[unit["type"]]
                g.points += value_of(unit)
                g.warships += 1 if t.has("Warship") else 0
                g.room += max(0, self.cargo_room(s))
                g.gf += int(unit["gf"])
                g.fuel += fuel_of(unit["type"])
                for x in self.cargo.get(s, ()):
                    g.points += value_of(b.units[x])
            out.append(g)
        out.sort(key=lambda g: (-g.points, g.loc))
        return out

    def loadable(self, g: Group) -> int:
        """GF this group can take aboard where it stands: our garrison above its keep, and GF built now."""
        b = self.b
        if g.loc.startswith("deep:") or b.kind(g.loc) != "mine":
            return 0
        info = b.planets[g.loc]
        spare = max(0, int(info.get("gf", 0)) - self.keep(g.loc) - self.gf_for_load.get(g.loc, 0))
        if not info.get("blockaded"):
            spare += self.gf_build_room(g.loc)
        return min(g.room, spare)

    def gf_build_room(self, planet: str) -> int:
        """GF that could still be built at ``planet`` this turn with its production and our credits."""
        b = self.b
        info = b.planets[planet]
        cost = b.gf_cost(planet)
        room = int(info.get("production", 0)) - self.spent.get(planet, 0)
        part = self.partial.get(planet)
        if part and planet not in self.started:
            room -= int(part["cost"]) - int(part["paid"])  # the partial is finished first
        cash = self.pool - 20  # keep some credits for fuel
        garrison_room = b.gf_cap - int(info.get("gf", 0)) - self.gf_added.get(planet, 0)
        return max(0, min(room // cost, max(0, cash) // cost, garrison_room, 6) - self.gf_pending_build(planet))

    def gf_pending_build(self, planet: str) -> int:
        """GF to build at ``planet`` so that the loads planned there leave its keep behind."""
        return max(0, self.gf_for_load.get(planet, 0) - max(0, int(self.b.planets[planet].get("gf", 0)) - self.keep(planet)))

    def keep(self, planet: str) -> int:
        """GF a world keeps when troops are loaded there: its garrison target near the front, half of it inside."""
        target = self.garrison_target(planet)
        return target if self.b.front.get(planet, 99) <= 2 else target // 2

    def plan_groups(self) -> None:
        followed = self.follow_moves() if self.k.follow else {}
        for g in self.groups():
            if g.loc in followed:
                if self.follow(g, *followed[g.loc]):
                    continue
            self.decide(g)
        self.assaults()

    def team_gf_at(self, planet: str) -> tuple[int, int]:
        """(GF the team will have aboard ships at ``planet`` after this turn's jumps and loads, of which ours)."""
        b = self.b
        loads: dict[str, int] = {}
        for seat, words in b.sheet_orders(b.team, "load"):
            if seat == b.seat or len(words) < 2 or "GF" not in words[1].split(","):
                continue
            loads[words[0]] = loads.get(words[0], 0) + (int(words[2]) if len(words) > 2 and words[2].isdigit() else 1)
        for g in self.my_loads:
            for ship, n in g.items():
                loads[ship] = loads.get(ship, 0) + n
        total = ours = 0
        for uid, unit in b.units.items():
            if b.types[unit["type"]].kind != "ship" or unit["retreat"]:
                continue
            where = self.moves.get(uid, unit["at"])
            if where != planet:
                continue
            n = int(unit["gf"]) + loads.get(uid, 0)
            total += n
            if unit["owner"] == b.seat:
                ours += n
        return total, ours

    def assaults(self) -> None:
        """Assault every world where the team's troops, ours among them, will be strong enough (RAW-GAP-29: they combine)."""
        b = self.b
        bonus, ties = ground_terms(b.side)
        spots = {self.moves.get(u, x["at"]) for u, x in self.my_ships().items() if not x["retreat"]}
        for planet in sorted(spots):
            if planet.startswith("deep:") or b.kind(planet) in ("mine", "team"):
                continue
            total, ours = self.team_gf_at(planet)
            if ours <= 0:
                continue
            kind = b.kind(planet)
            if kind == "neutral" and (b.neutral_seen(planet) if b.watched(planet) else neutral_points(planet)):
                if not self.want_free_neutral or self.k.name == "easy":
                    continue
            defenders = self.gf_guess(planet)
            need = 0.0 if kind != "enemy" else self.k.capture
            teammates_go = planet in self.assault_planets
            if capture_chance(total, defenders, bonus, ties) < need and not teammates_go:
                continue
            if planet in self.bombard_planets:
                if f"bombard {planet}" in self.fights and not any(planet in w for _, w in
                                                                 ((s, " ".join(x)) for s, x in b.sheet_orders(b.team, "bombard") if s != b.seat)):
                    self.fights.remove(f"bombard {planet}")
                    self.bombard_planets.discard(planet)
                else:
                    continue
            count = None
            if kind == "empty" and defenders == 0 and ours > 1 and self.k.name != "easy" and self.more_targets_near(planet):
                count = 1  # keep the rest aboard for the next empty world
            text = f"assault {planet}" + (f" {count}" if count else "")
            if not any(f.startswith(f"assault {planet}") for f in self.fights):
                self.fights.append(text)
            self.assault_planets.add(planet)
            self.targets_taken[planet] = self.targets_taken.get(planet, 0) + (count or ours)

    def follow_moves(self) -> dict[str, tuple[str, bool]]:
        """Where teammates who ordered before us moved their ships from each place (and whether they assault there)."""
        b = self.b
        found: dict[str, tuple[str, bool]] = {}
        moves = b.team_jumps()
        for ship, dest in moves.items():
            unit = b.units.get(ship)
            if unit is None or unit["owner"] == b.seat or unit["owner"] not in b.before or unit["retreat"] or dest.startswith("deep:"):
                continue
            if b.types[unit["type"]].has("Warship") or value_of(unit) >= 60:
                found.setdefault(unit["at"], (dest, dest in self.assault_planets))
        return found

    def follow(self, g: Group, dest: str, assault: bool) -> bool:
        b = self.b
        if system_of(dest) not in (system_of(g.loc), *b.nb[system_of(g.loc)]) or dest == g.loc:
            return False
        if b.kind(dest) not in ("mine", "team"):
            load = self.loadable(g) if assault or b.kind(dest) in ("empty", "neutral", "enemy") else 0
            self.load_gf(g, load)
        if not self.jump(g.ships, dest):
            self.undo_loads(g)
            return False
        return True

    def load_gf(self, g: Group, count: int) -> None:
        """Plan to load ``count`` GF onto the group's ships here (taken from the garrison, built now if needed)."""
        if count <= 0 or not self.caps_clear():
            return
        b = self.b
        left = count
        for s in g.ships:
            room = max(0, self.cargo_room(s) - g.load.get(s, 0))
            n = min(room, left)
            if n > 0:
                g.load[s] = g.load.get(s, 0) + n
                left -= n
            if left <= 0:
                break
        total = count - left
        if total <= 0:
            return
        self.gf_for_load[g.loc] = self.gf_for_load.get(g.loc, 0) + total
        self.my_loads.append(g.load)
        for s in list(self.loads):
            if any(s == f"load {ship} GF" or s.startswith(f"load {ship} GF ") for ship in g.load):
                self.loads.remove(s)
        for s, n in g.load.items():
            self.loads.append(f"load {s} GF {n}" if n > 1 else f"load {s} GF")

    def decide(self, g: Group) -> None:
        """Pick the group's best target and act: load GF, jump, assault; or fetch troops, gather, guard."""
        b = self.b
        in_deep = g.loc.startswith("deep:")
        if not in_deep and b.kind(g.loc) in ("enemy", "empty", "neutral") and self.fight_here(g):
            return
        top = self.loadable(g)
        carry = g.gf + top
        options = sorted(self.score_targets(g, carry), key=lambda o: -o[0])
        for score, target, hop, what in options[:4]:
            if score <= 0:
                break
            if self.act(g, target, hop, what, top):
                return
        self.idle(g, top)

    def act(self, g: Group, target: str, hop: str, what: str, top: int) -> bool:
        """Carry out one option: load what we can take along, jump, order the assault. False if the jump is refused."""
        b = self.b
        self.load_gf(g, top)
        if hop == g.loc:
            return True
        deep = hop.startswith("deep:")
        if not self.jump(g.ships, hop[5:] if deep else hop, deep=deep):
            self.undo_loads(g)
            return False
        carried = g.gf + sum(g.load.values())
        if deep:
            return True
        if hop == target and what == "neutral":
            self.want_free_neutral = True
        if hop == target and what in ("capture", "neutral") and carried > 0:
            self.targets_taken[target] = self.targets_taken.get(target, 0) + carried
        return True

    def undo_loads(self, g: Group) -> None:
        for s, n in g.load.items():
            text = f"load {s} GF {n}" if n > 1 else f"load {s} GF"
            if text in self.loads:
                self.loads.remove(text)
        self.gf_for_load[g.loc] = max(0, self.gf_for_load.get(g.loc, 0) - sum(g.load.values()))
        g.load.clear()

    def more_targets_near(self, planet: str) -> bool:
        b = self.b
        return any(b.kind(n) == "empty" and n not in self.targets_taken for n in b.nb[planet])

    def fight_here(self, g: Group) -> bool:
        """At a world we do not hold: stay to assault it with the team's troops, hold the blockade and
        bombard, or make room in orbit for landing troops (the team's ships share the caps)."""
        b = self.b
        planet = g.loc
        kind = b.kind(planet)
        if b.enemy_seen(planet):
            return False  # they hold on or are leaving: choose like any other target
        bonus, ties = ground_terms(b.side)
        defenders = self.gf_guess(planet)
        team_here, _ = self.team_gf_at(planet)
        if kind == "neutral" and b.neutral_seen(planet):
            win, _, _ = battle(b.team_points.get(planet, g.points), g.warships, b.neutral_seen(planet), 0, True)
            if win >= max(self.k.odds, 0.5) and team_here > 0 and self.k.name != "easy":
                self.want_free_neutral = True
                return True
            return False
        if team_here > 0 and capture_chance(team_here, defenders, bonus, ties) >= (self.k.capture if kind == "enemy" else 0.0):
            return True  # the assault pass orders it
        if kind != "enemy" or not self.k.bombard or g.points < 50:
            return False
        # troops of the team waiting nearby that the orbit has no room for: make room
        waiting = 0
        for uid, unit in b.units.items():
            where = self.moves.get(uid, unit["at"])
            if unit["gf"] and (where.startswith(f"deep:{planet}:") or where in b.nb[planet]) and where != planet:
                waiting += int(unit["gf"])
        if waiting and capture_chance(team_here + waiting, defenders, bonus, ties) >= self.k.capture \
                and self.projected(planet)[0] >= CAPS["ships"] - 100:
            if self.jump(g.ships, planet, deep=True):
                return True
        src = self.troop_source(planet, g) if g.room >= 2 and g.gf < g.room else None
        if src is not None and b.dist[planet].get(src, 99) <= 2 and not waiting:
            return False  # go and fetch troops
        if planet not in self.assault_planets:
            self.bombard_planets.add(planet)
            self.fights.append(f"bombard {planet}")
        return True

    def score_targets(self, g: Group, carry: int) -> list[tuple[float, str, str, str]]:
        """(score, target, next hop, what) for every target in reach; what is capture, neutral, siege, hunt,
        relieve or troops (go and load GF)."""
        b = self.b
        here = system_of(g.loc)
        dist = b.dist[here]
        options: list[tuple[float, str, str, str]] = []
        strength_here = g.points + (self.followers(g.loc) if self.k.follow else 0)
        bonus, ties = ground_terms(b.side)
        in_deep = g.loc.startswith("deep:")
        fighting = g.warships > 0 or g.points >= 100
        best_capture_value = 0.0
        for t, info in b.planets.items():
            d = dist.get(t, 99)
            if d > self.k.reach or (d == 0 and not in_deep):
                continue
            kind = b.kind(t)
            strength = strength_here + b.team_points.get(t, 0)
            if kind in ("mine", "team"):
                if self.k.relieve and info.get("blockaded") and fighting:
                    enemy = b.enemy_seen(t) if b.watched(t) else max(self.prior_base(), 80)
                    win, _, _ = battle(strength, g.warships, enemy, enemy // 110, True)
                    if win >= max(self.k.odds, 0.5):
                        self._add(options, g, here, t, d, self.importance(t) * 1.5 * win / (d + 1), "relieve")
                continue
            if kind == "empty" and (t in self.targets_taken or (self.k.follow and t in self.assault_planets)):
                continue  # one of us (or a teammate) lands there already
            enemy = self.enemy_at(t)
            forces = 0
            if kind == "neutral":
                forces = b.neutral_seen(t) if b.watched(t) else neutral_points(t)
                if forces and self.k.name == "easy":
                    continue
            need_fight = enemy + forces
            if need_fight:
                if not fighting and not (g.points > 2 * need_fight):
                    continue
                win, _, killed = battle(strength, g.warships, need_fight, enemy // 110, True)
                if win < max(self.k.odds, 0.5 if forces else 0.0):
                    continue
            else:
                win, killed = 1.0, 0.0
            defenders = self.gf_guess(t)
            p_take = capture_chance(carry, defenders, bonus, ties) if carry > 0 else 0.0
            value = self.value(t)
            best_capture_value = max(best_capture_value, value / (d + 1))
            what = "neutral" if forces else "capture"
            if p_take >= (self.k.capture if kind == "enemy" else 0.99 if defenders else 0.0) and carry > 0:
                self._add(options, g, here, t, d, value * win * p_take / (d + 1) + killed * 0.2, what)
            elif kind == "enemy" and fighting and self.k.bombard:
                self._add(options, g, here, t, d, value * 0.25 * win / (d + 1) + killed * 0.2, "siege")
        # enemy fleets we can see elsewhere: beating them is how navies are destroyed (RAW-VP-04)
        if fighting and self.k.odds > 0:
            for loc, sides in b.others.items():
                pts = int(sides.get(b.enemy, 0))
                if not pts or loc.startswith("deep:") or b.kind(loc) in ("mine", "team") or loc == g.loc:
                    continue
                d = dist.get(loc, 99)
                if d > 2:
                    continue
                win, _, killed = battle(strength_here + b.team_points.get(loc, 0), g.warships, pts, pts // 110, True)
                if win >= self.k.odds:
                    self._add(options, g, here, loc, d, (killed * 0.6 + 10) * win / (d + 1), "hunt")
        # no troops aboard: go and load some where we can
        if g.room > 0 and carry < g.room and best_capture_value > 0:
            src = self.troop_source(here, g)
            if src and src != g.loc:
                d = dist.get(src, 99)
                supply = min(g.room, self.supply(src))
                if supply > 0:
                    score = best_capture_value * 0.6 * min(1.0, supply / 3) / (d + 1) * (1.0 if carry == 0 else 0.4)
                    self._add(options, g, here, src, d, score, "troops")
        return options

    def _add(self, options: list[Any], g: Group, here: str, target: str, d: int, score: float, what: str) -> None:
        hop = target if d == 0 else self.next_hop(here, target, g)
        if hop is not None:
            options.append((score, target, hop, what))

    def followers(self, loc: str) -> int:
        """Points of teammates ordering after us that sit at ``loc`` (they will follow our group)."""
        b = self.b
        return sum(value_of(u) for uid, u in b.units.items()
                   if u["at"] == loc and u["owner"] in b.after and not u["retreat"] and not u.get("home")
                   and b.types[u["type"]].kind == "ship")

    def next_hop(self, here: str, target: str, g: Group) -> str | None:
        """The next world on a short, safe way to ``target``, with room under the caps (the target itself when adjacent)."""
        b = self.b
        d = b.dist[here].get(target, 99)
        if d == 0:
            return None
        if d == 1:
            # an orbit with no room for us under the caps: waiting in its deep space changes nothing (a
            # jump from one private point of deep space to another was most of a stuck war's jumps)
            return target if self.fits(target, g.ships) else None
        best, best_score = None, -1e9
        for n in b.nb[here]:
            dn = b.dist[n].get(target, 99)
            if dn >= d:
                continue
            kind = b.kind(n)
            score = {"mine": 3.0, "team": 3.0, "empty": 2.0, "neutral": 0.5, "enemy": -1.0}[kind]
            hop = n
            if b.planets[n].get("blockaded"):
                score -= 2
            if kind == "neutral" and (self.want_free_neutral or self.b.stance.get("neutral") == "free"):
                hop, score = f"deep:{n}", 1.0
            if kind == "enemy":
                enemy = self.enemy_at(n)
                win, _, _ = battle(g.points, g.warships, enemy, enemy // 110, True)
                if enemy and win < self.k.odds:
                    hop, score = f"deep:{n}", 0.0  # slip past in deep space, where fleets do not meet (RAW-MAP-04)
            if hop == n and not self.fits(n, g.ships):
                hop, score = f"deep:{n}", score - 1.5  # no room in orbit: pass through deep space
            if score > best_score:
                best, best_score = hop, score
        return best

    def idle(self, g: Group, top: int) -> None:
        """Nothing to do out there: top up troops, leave a crowded or deep-space spot, gather, or guard."""
        b = self.b
        here = system_of(g.loc)
        if top > 0 and self.k.name != "easy":
            self.load_gf(g, top)
        if g.loc.startswith("deep:"):
            for dest in (here, *b.nb[here]):
                if b.kind(dest) in ("mine", "team") and self.jump(g.ships, dest):
                    return
            return
        crowded = self.projected(g.loc)[0] >= CAPS["ships"] - 100 and b.kind(g.loc) in ("mine", "team")
        if (self.k.gather and g.warships > 0) or crowded:
            rally = self.rally_point(g)
            if rally and rally != g.loc:
                hop = self.next_hop(here, rally, g)
                if hop and not hop.startswith("deep:") and b.kind(hop) in ("mine", "team", "empty") and self.jump(g.ships, hop):
                    return
            if crowded:
                for n in sorted(b.nb[here], key=lambda n: (b.front.get(n, 99), n)):
                    if b.kind(n) in ("mine", "team") and self.jump(g.ships, n):
                        return
        # guard: unload troops into a weak garrison of ours
        if b.kind(g.loc) == "mine" and g.gf and not g.load and int(b.planets[g.loc].get("gf", 0)) < self.keep(g.loc):
            for s in g.ships:
                if b.units[s]["gf"]:
                    self.unloads.append(f"unload {s} GF")

    def supply(self, planet: str) -> int:
        """GF a group arriving next turn could load at our world ``planet``: spare garrison and a turn of building."""
        b = self.b
        info = b.planets[planet]
        spare = max(0, int(info.get("gf", 0)) - self.keep(planet) - self.gf_for_load.get(planet, 0))
        if not info.get("blockaded") and self.role(planet) == "depot":
            spare += int(info.get("production", 0)) // b.gf_cost(planet)
        return spare

    def troop_source(self, here: str, g: Group) -> str | None:
        """Our nearest world with troops to spare (or a depot building them)."""
        b = self.b
        best, best_score = None, 0.0
        for p in b.my_planets:
            if b.planets[p].get("blockaded"):
                continue
            supply = min(g.room, self.supply(p))
            if supply <= 0:
                continue
            score = supply / (1 + b.dist[here].get(p, 99))
            if score > best_score:
                best, best_score = p, score
        return best

    def rally_point(self, g: Group) -> str | None:
        """Where our team gathers: its strongest stack with room, on a world of ours near the front."""
        b = self.b
        best, best_score = None, -1e9
        for p in sorted(b.team_planets):
            if b.planets[p].get("blockaded") or p == g.loc:
                continue
            pts = b.team_points.get(p, 0)
            if self.projected(p)[0] + g.points > CAPS["ships"]:
                continue
            score = pts - 40 * min(b.front.get(p, 99), 6) - 20 * b.dist[system_of(g.loc)].get(p, 99)
            if score > best_score:
                best, best_score = p, score
        return best
