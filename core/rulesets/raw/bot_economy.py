"""The Republic at War bot's economy: loans, alliance rolls, repairs, builds, improvements, scans, stance.

:class:`Economy` is mixed into :class:`core.rulesets.raw.bot.Planner`; its methods spend the turn's
credits the way the Construct phase and the order checks count them (RAW-GAP-08, RAW-GAP-46): each
planet's production is a per-turn cap, partly built units continue first, GF are built whole, and
every ship or squadron on order counts against the location caps where it is built (RAW-GAP-35).
"""
from __future__ import annotations

from typing import Any, Callable

from core.rulesets.raw.bot_board import (CAPS, SHIPYARDS, SQUADRON, TRANSPORT, WARSHIP, fuel_of,
                                         planet_name, system_of, value_of)
from core.rulesets.raw.data import GF, alliance_cost, neutrals, repair_cost


class Economy:
    """The spending half of the planner (see :class:`core.rulesets.raw.bot.Planner` for the state it keeps)."""

    # what the planner keeps and computes (annotations only: the planner sets and defines them)
    b: Any
    k: Any
    pool: int
    local: dict[str, int]
    spent: dict[str, int]
    partial: dict[str, Any]
    started: set[str]
    gf_added: dict[str, int]
    head: list[str]
    repairs: list[str]
    scans: list[str]
    want_free_neutral: bool
    assault_planets: set[str]
    lifeboat: str | None
    build_orders: dict[str, list[str]]
    vessel_left: dict[str, int]
    my_builds: dict[str, tuple[int, int]]
    team_builds: dict[str, tuple[int, int]]
    my_ships: Callable[[], dict[str, dict[str, Any]]]
    cargo_room: Callable[[str], int]
    projected: Callable[[str], tuple[int, int]]
    value: Callable[[str], float]
    importance: Callable[[str], float]
    garrison_target: Callable[[str], int]
    gf_pending_build: Callable[[str], int]

    # -- 4. loans and alliances -------------------------------------------------------------------
    def lend(self) -> None:
        """Credits for teammates who order after us and have ships but no income (fuel for their retreats)."""
        b = self.b
        for mate in b.after:
            income = sum(int(p.get("production", 0)) for p in b.planets.values() if p.get("owner") == mate and not p.get("blockaded"))
            ships = [u for u, x in b.units.items() if x["owner"] == mate and b.types[x["type"]].kind == "ship"]
            if income > 0 or not ships:
                continue
            need = sum(fuel_of(b.units[u]["type"]) for u in ships)
            if 0 < need <= self.pool - 10:
                self.pool -= need
                self.head.append(f"lend {mate} {need}")

    def alliances(self) -> None:
        """Roll for the alliance of neutral worlds (one roll per team per world a turn, RAW-NEUTRAL-09)."""
        if self.k.ally <= 0 or self.b.turn < self.k.ally_from:
            return
        b = self.b
        rolled = {planet_name(w, b.planets) for _, w in b.sheet_orders(b.team, "ally")}
        options = []
        for p in sorted(neutrals()):
            info = b.planets[p]
            if info.get("side") != "neutral" or p in rolled or p in self.assault_planets:
                continue  # no roll for a world under assault this turn (RAW-GAP-53)
            seen = info.get("seen_turn")
            if b.turn > 4 and (seen is None or seen < b.turn - 4):
                continue  # not seen for a while: it may well have joined someone (a roll would be refused)
            if min((b.dist[m].get(p, 99) for m in b.my_planets), default=99) > self.k.ally_reach:
                continue
            cost = alliance_cost(int(b.table[p]["credits"]))
            options.append((self.value(p) / cost, p, cost))
        options.sort(reverse=True)
        done = 0
        for _, p, cost in options:
            if done >= self.k.ally or cost > self.pool * 0.25:
                continue
            self.pool -= cost
            self.head.append(f"ally {p}")
            done += 1

    # -- 5. repairs and builds --------------------------------------------------------------------
    def plan_repairs(self) -> None:
        b = self.b
        for uid, unit in sorted(self.my_ships().items()):
            if not unit["scarred"]:
                continue
            loc = unit["at"]
            need = repair_cost(unit["type"]) - int(unit.get("repair_paid", 0))
            if need <= 0:
                continue
            if loc not in self.vessel_left:
                self.vessel_left[loc] = self.vessel_allowance(loc)
            if self.vessel_left[loc] > 0 and not b.types[unit["type"]].has("Repair"):
                pay = min(need, self.vessel_left[loc], self.pool)
                if pay > 0:
                    self.pool -= pay
                    self.vessel_left[loc] -= pay
                    self.repairs.append(f"repair {uid} vessel")
                    continue
            if loc in b.my_planets and not b.planets[loc].get("blockaded") and not self.partial.get(loc):
                room = int(b.planets[loc].get("production", 0)) - self.spent.get(loc, 0)
                pay = min(need, room)
                if pay > 0 and pay <= self.pool:
                    self.pool -= pay
                    self.spent[loc] = self.spent.get(loc, 0) + pay
                    self.repairs.append(f"repair {uid}")

    def vessel_allowance(self, loc: str) -> int:
        """Repair-vessel credits left at ``loc``: 15 per team Repair vessel there, less teammates' vessel repairs (RAW-KEYWORD-11)."""
        b = self.b
        left = 15 * sum(1 for x in b.units.values() if x["at"] == loc and b.types[x["type"]].has("Repair"))
        for seat, words in b.sheet_orders(b.team, "repair"):
            ship = b.units.get(words[0]) if words else None
            if seat != b.seat and ship is not None and ship["at"] == loc and words[-1] == "vessel":
                left -= min(max(left, 0), repair_cost(ship["type"]) - int(ship.get("repair_paid", 0)))
        return max(left, 0)

    def build_gf(self, planet: str, count: int, local: bool = False) -> int:
        """Queue ``count`` GF at ``planet`` as far as production, credits and the garrison cap allow; returns how many."""
        b = self.b
        info = b.planets[planet]
        cost = b.gf_cost(planet)
        part = self.partial.get(planet)
        if part and planet not in self.started:
            return 0  # a GF would scrap the partly built unit (RAW-PROD-06)
        room = int(info.get("production", 0)) - self.spent.get(planet, 0)
        ships_room = sum(max(0, self.cargo_room(u)) for u, x in self.my_ships().items() if x["at"] == planet)
        garrison_room = b.gf_cap + ships_room - int(info.get("gf", 0)) - self.gf_added.get(planet, 0)
        n = 0
        while n < count and room >= cost and n < garrison_room:
            bucket = self.local.get(planet, 0)
            if bucket + self.pool < cost:
                break
            use = min(bucket, cost)
            if planet in self.local:
                self.local[planet] -= use
            self.pool -= cost - use
            room -= cost
            n += 1
        if n:
            self.spent[planet] = self.spent.get(planet, 0) + n * cost
            self.gf_added[planet] = self.gf_added.get(planet, 0) + n
            self.started.add(planet)
            self.build_orders.setdefault(planet, []).append(f"build {planet} GF {n}" if n > 1 else f"build {planet} GF")
        return n

    def build_unit(self, planet: str, code: str, count: int = 1, allow_partial: bool = True) -> int:
        """Queue ``code`` at ``planet`` (continuing its partial, or starting anew); returns credits spent."""
        b = self.b
        while count > 0 and not self.build_fits(planet, code, count):
            count -= 1
        if count <= 0:
            return 0
        cost = b.cost_at(code, planet)
        room = int(b.planets[planet].get("production", 0)) - self.spent.get(planet, 0)
        part: Any = self.partial.get(planet)  # the planet's partly built unit, or None
        paid = 0
        made = 0
        for _ in range(count):
            if part and planet not in self.started and part["unit"] == code:
                need = int(part["cost"]) - int(part["paid"])
                cont = True
            else:
                need = cost
                cont = False
            pay = min(need, room)  # the planet puts all it has left into the unit (RAW-PROD-01/03)
            if pay <= 0 or pay > self.pool or (pay < need and not allow_partial):
                break
            self.pool -= pay
            room -= pay
            paid += pay
            made += 1
            self.started.add(planet)
            if pay < need:
                self.partial[planet] = {"unit": code, "paid": (int(part["paid"]) if cont else 0) + pay, "cost": int(part["cost"]) if cont else cost}
                break
            self.partial[planet] = None
            part = None
        if made:
            self.spent[planet] = self.spent.get(planet, 0) + paid
            t = self.b.types[code]
            ms, mq = self.my_builds.get(planet, (0, 0))
            self.my_builds[planet] = (ms + t.cost * made, mq) if t.kind == "ship" else (ms, mq + t.cost * made)
            self.build_orders.setdefault(planet, []).append(f"build {planet} {code}" + (f" {made}" if made > 1 else ""))
        return paid

    def role(self, planet: str) -> str:
        """What one of our worlds builds: ``yard`` (Warships), ``fighters`` (squadrons, then Warships) or ``depot`` (GF)."""
        b = self.b
        kw = b.table[planet]["keyword"]
        prod = int(b.planets[planet].get("production", 0))
        if kw == ("Training Ground" if b.side == "GAR" else "Droid Factory") and prod < 60:
            return "depot"
        if kw == "Fighter Plant" and self.k.name != "easy":
            return "fighters"
        if kw == "Improved Shipyards" or prod >= 25:
            return "yard"
        return "depot"

    def plan_builds(self) -> None:
        b = self.b
        side = b.side
        planets = sorted(b.my_planets, key=lambda p: (not b.planets[p].get("blockaded"), -self.importance(p), p))
        # blockaded worlds: GF only, from their own credits first (RAW-BLOCKADE-02/03)
        for p in planets:
            if b.planets[p].get("blockaded"):
                self.build_gf(p, b.gf_cap)
        free = [p for p in planets if not b.planets[p].get("blockaded")]
        # finish what is partly built (the credits are banked there)
        for p in free:
            part = self.partial.get(p)
            if part and p not in self.started and part["unit"] != GF and self.pool > 0:
                if self.build_fits(p, part["unit"]):
                    self.build_unit(p, part["unit"])
        # troops to load this turn, then garrisons
        for p in free:
            want = self.gf_pending_build(p)
            if want:
                self.build_gf(p, want)
        for p in free:
            gap = self.garrison_target(p) - int(b.planets[p].get("gf", 0)) - self.gf_added.get(p, 0)
            if gap > 0:
                cost = b.gf_cost(p)
                near = b.front.get(p, 99) <= 2 or self.role(p) == "depot"
                per_turn = gap if near else max(1, int(b.planets[p].get("production", 0)) // (2 * cost))
                self.build_gf(p, min(gap, per_turn))
        # landing craft while there are worlds to grab near us
        need = self.transports_wanted()
        code = TRANSPORT[side]
        for p in sorted(free, key=lambda p: (self.grab_distance(p), self.role(p) != "depot", -int(b.planets[p].get("production", 0)))):
            if need <= 0:
                break
            if self.partial.get(p) and p not in self.started:
                continue
            cost = b.cost_at(code, p)
            room = int(b.planets[p].get("production", 0)) - self.spent.get(p, 0)
            if room >= cost and self.pool >= cost and self.build_fits(p, code):
                self.build_unit(p, code, allow_partial=False)
                need -= 1
        # depots fill their garrisons (troops for the fleets); yards build the line
        fleet = sum(value_of(x) for x in b.mine.values())
        for p in free:
            if self.pool <= 0:
                break
            room = int(b.planets[p].get("production", 0)) - self.spent.get(p, 0)
            if room <= 0 or (self.partial.get(p) and p not in self.started):
                continue
            role = self.role(p) if self.k.warships else "depot"
            if role == "depot":
                self.build_gf(p, b.gf_cap)
                continue
            if role == "fighters":
                code = SQUADRON[side]
                each = b.cost_at(code, p)
                ships, squads = self.projected(p)
                count = min(room // each, self.pool // each,
                            max(0, (150 - squads) // b.types[code].cost),
                            max(0, (CAPS["total"] - 50 - ships - squads) // b.types[code].cost))
                if count > 0:
                    self.build_unit(p, code, count, allow_partial=False)
                    room = int(b.planets[p].get("production", 0)) - self.spent.get(p, 0)
                    if room <= 0:
                        continue
            if self.partial.get(p) or fleet >= self.k.fleet:
                continue  # a unit already waits for credits there, or the fleet is big enough
            code = WARSHIP[side]
            if self.build_fits(p, code):
                self.build_unit(p, code)

    def build_fits(self, planet: str, code: str, count: int = 1) -> bool:
        """Whether ordering ``count`` of ``code`` at ``planet`` keeps the team within the caps there: ships in
        orbit after the queued jumps plus every ship and squadron on order there, at full cost (RAW-GAP-35)."""
        s, q = self.cap_at(planet)
        t = self.b.types[code]
        if t.kind == "ship":
            s += t.cost * count
        else:
            q += t.cost * count
        return s <= CAPS["ships"] and q <= CAPS["squadrons"] and s + q <= CAPS["total"]

    def cap_at(self, loc: str) -> tuple[int, int]:
        """Cap points at ``loc``: the team's units there after the queued jumps, and the units on order there."""
        s, q = self.projected(loc)
        bs, bq = self.team_builds.get(loc, (0, 0))
        ms, mq = self.my_builds.get(loc, (0, 0))
        return s + bs + ms, q + bq + mq

    def grab_distance(self, planet: str) -> int:
        b = self.b
        return min((b.dist[planet].get(t, 99) for t in b.planets if b.kind(t) == "empty"), default=99)

    def transports_wanted(self) -> int:
        """Landing craft to build: while empty worlds lie within 3 jumps and our craft are too few for them."""
        b = self.b
        grab = {t for t in b.planets if b.kind(t) == "empty" and min((b.dist[t].get(p, 99) for p in b.my_planets), default=99) <= 3}
        if not grab:
            return 0
        craft = sum(1 for u, x in self.my_ships().items() if b.types[x["type"]].capacity > 0 and u != self.lifeboat and not x.get("home"))
        want = min(len(grab), 1 + len(grab) // 3, self.k.rush) - craft
        if self.k.lifeboat and not self.lifeboat and craft >= 1:
            want = max(want, 1)
        if self.k.name == "easy":
            want = min(1, want)
        return max(0, min(want, 2))

    # -- 6. improvements, scans, stance -----------------------------------------------------------
    def safe_to_improve(self) -> bool:
        b = self.b
        return bool(self.k.improve) and not any(b.planets[p].get("blockaded") for p in b.my_planets)

    def improve(self) -> None:
        if not self.k.improve:
            return
        b = self.b
        amount = self.pool // 10 * 10
        if amount < 10 or b.turn > 45:
            return
        options = [p for p in b.my_planets if int(b.table[p]["credits"]) >= 10 and not b.planets[p].get("blockaded")]
        if not options:
            return
        safe = [p for p in options if b.front.get(p, 99) >= 3] or options
        yards = [p for p in safe if self.role(p) in ("yard", "fighters")] or safe
        best = min(yards, key=lambda p: (int(b.planets[p].get("production", 0)) - (20 if p in SHIPYARDS else 0), p))
        self.pool -= amount
        while amount > 0:
            part = min(amount, 1000)
            self.head.append(f"improve {best} {part}")
            amount -= part

    def plan_scans(self) -> None:
        b = self.b
        spynets = [p for p in b.my_planets if b.table[p]["keyword"] == "Spynet"]
        if not spynets:
            return
        taken = {planet_name(w, b.planets) for _, w in b.sheet_orders(b.team, "scan")}
        wanted: list[tuple[float, str]] = []
        stacks = [(u["at"]) for u in b.mine.values() if b.types[u["type"]].kind == "ship" and not u["at"].startswith("deep:")]
        for p in b.planets:
            kind = b.kind(p)
            if p in taken or kind in ("mine", "team"):
                continue
            d = min((b.dist[system_of(s)].get(p, 99) for s in stacks), default=min((b.dist[m].get(p, 99) for m in b.my_planets), default=99))
            if kind == "enemy":
                score = self.value(p) / (1 + d) * (2.0 if b.planets[p].get("gf") is None else 1.0)
            elif kind == "neutral":
                score = 15.0 / (1 + d)
            else:
                score = 2.0 / (1 + d)
            wanted.append((score, p))
        wanted.sort(reverse=True)
        for _, p in wanted[:len(spynets)]:
            self.scans.append(f"scan {p}")

    def set_stance(self) -> None:
        current = self.b.stance.get("per", {}).get("neutral", self.b.stance.get("neutral", "hold"))
        want = "free" if self.want_free_neutral else "hold"
        if current != want:
            self.head.insert(0, f"stance {want} neutral")
        default = self.b.stance.get("default", "free")
        if default != "free":
            self.head.insert(0, "stance free")
