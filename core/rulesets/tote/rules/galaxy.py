"""Twilight of the Empire's galaxy: the worlds, their features and the hyperspace routes between
them (TOTE-DATA-05, TOTE-DATA-11, TOTE-MAP-01..07, TOTE-GAP-08/09), read once from
``data/planets.toml`` and ``data/routes.toml`` and checked at load time; a bad entry fails the load
with a :class:`DataError` naming its file and entry.

- ``galaxy()``: the :class:`Galaxy` (cached): worlds by id, routes, features, the checks passed.
- ``build_galaxy(planets_raw, routes_raw)``: the same from parsed TOML (tests feed it broken data).
- ``Galaxy.world(text)``: a world by id or name in any case (``"mon calamari"``), or a clear
  ``ValueError`` naming the nearest names.
- ``Galaxy.fastest(a, b)``: the fastest path and its route-hours (TOTE-MAP-06: the engine offers
  it); ``Galaxy.path_hours(path)``: the route-hours of a path the player plots (TOTE-MAP-05).
- ``Galaxy.hours_from(a)``: route-hours from ``a`` to every world (Dijkstra over the routes).
- ``Galaxy.stronghold_hours()`` and ``Galaxy.spread``: each faction's nearest stronghold in
  route-hours from Coruscant, and how far apart they lie (the load fails beyond
  ``stronghold_spread_hours``).
- ``map_board(galaxy, ...)``: the galaxy as the shared ``map`` board kind (see :mod:`core.ruleset`).

Every hour here is a whole number of route-hours, before the hyperdrive class (TOTE-GAP-06, applied
by :func:`.fleet.fleet_hyper_hours`). Positions are for drawing only.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache
from typing import Any, Iterable, Mapping

from core.errors import DataError
from core.packaged import packaged_toml

PACKAGE = "core.rulesets.tote"
REGIONS = ("deep_core", "core", "colonies", "inner_rim", "expansion", "mid_rim", "hutt_space", "corporate_sector",
           "outer_rim", "unknown_regions", "wild_space")
FEATURES = ("Shipyard", "Factory", "Salvage Yard", "Heavy Industry", "Heavy Mining")
ROUTE_TYPES = ("trade", "common", "uncharted")
#: The number of worlds an original map must have (TOTE-DATA-05: about 60 to 80).
WORLDS_MIN, WORLDS_MAX = 60, 80
CAPITAL = "coruscant"


@dataclass(frozen=True)
class Feature:
    """A system feature (TOTE-DATA-11): what it enables and the KC it pays on an Action Day."""

    name: str
    enables: tuple[str, ...]
    industrial_output_kc: int


@dataclass(frozen=True)
class Planet:
    """A world of the galaxy (TOTE-DATA-05). ``x``/``y`` are for drawing only."""

    id: str
    name: str
    x: int
    y: int
    region: str
    start_owner: str | None
    stronghold: bool
    features: tuple[str, ...]
    industrial_output_kc: int
    ground_grids: int
    has_atmosphere: bool
    special_access: bool

    def enables(self, what: str, features: Mapping[str, Feature]) -> bool:
        """Whether one of the world's features enables ``what`` (e.g. ``"scrap"``, ``"build_ships"``)."""
        return any(what in features[f].enables for f in self.features)


@dataclass(frozen=True)
class Route:
    """A hyperspace link between two worlds: ``trade`` 6 h, ``common`` 12 h, ``uncharted`` 12 + 24 h."""

    a: str
    b: str
    type: str
    hours: int
    name: str = ""

    def other(self, world: str) -> str:
        """The far end of the route from ``world``."""
        return self.b if world == self.a else self.a


@dataclass
class Galaxy:
    """The galaxy map: worlds by id, their routes, the features and the route hours by type."""

    planets: dict[str, Planet]
    routes: list[Route]
    features: dict[str, Feature]
    hours: dict[str, int]
    spread_limit: int
    links: dict[str, dict[str, Route]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.links = {p: {} for p in self.planets}
        for r in self.routes:
            self.links[r.a][r.b] = r
            self.links[r.b][r.a] = r

    # -- finding worlds ------------------------------------------------------------------------
    def world(self, text: str) -> Planet:
        """The world whose id or name is ``text`` (any case, spaces or underscores). Raises
        ValueError naming the closest worlds when there is none."""
        key = " ".join(str(text).replace("_", " ").split()).lower()
        for p in self.planets.values():
            if key in (p.id.replace("_", " "), p.name.lower()):
                return p
        names = [p.name for p in self.planets.values()]
        near = get_close_matches(str(text).strip().title(), names, n=3, cutoff=0.7)
        hint = f"; did you mean {' or '.join(near)}?" if near else "; the map lists every world"
        raise ValueError(f"there is no world called {text!r} in the galaxy{hint}")

    def neighbours(self, world: str) -> list[Route]:
        """The routes leaving ``world`` (an id), fastest first, then by name."""
        return sorted(self.links[world].values(), key=lambda r: (r.hours, self.planets[r.other(world)].name))

    def route(self, a: str, b: str) -> Route | None:
        """The route joining worlds ``a`` and ``b`` (ids), if there is one."""
        return self.links.get(a, {}).get(b)

    def strongholds(self, faction: str) -> list[Planet]:
        """The stronghold worlds of ``faction`` at the start (two for the Hutts), by name."""
        return sorted((p for p in self.planets.values() if p.stronghold and p.start_owner == faction), key=lambda p: p.name)

    def factions(self) -> list[str]:
        """Every faction that has a stronghold on the map, in map order."""
        return list(dict.fromkeys(p.start_owner for p in self.planets.values() if p.stronghold and p.start_owner))

    # -- hours -----------------------------------------------------------------------------------
    def path_hours(self, path: Iterable[str]) -> int:
        """Route-hours of a plotted path of world ids, from the departure system (TOTE-MAP-05): the sum
        of its links. Raises ValueError naming the first pair no route joins, or a path of one world."""
        ids = list(path)
        if len(ids) < 2:
            raise ValueError("a course needs a departure and a destination world")
        total = 0
        for a, b in zip(ids, ids[1:]):
            if a not in self.planets or b not in self.planets:
                raise ValueError(f"{a if a not in self.planets else b!r} is not a world of the galaxy")
            r = self.route(a, b)
            if r is None:
                near = ", ".join(self.planets[x.other(a)].name for x in self.neighbours(a))
                raise ValueError(f"no hyperspace route joins {self.planets[a].name} and {self.planets[b].name}; "
                                 f"from {self.planets[a].name} the routes go to {near}")
            total += r.hours
        return total

    def hours_from(self, origin: str) -> dict[str, int]:
        """Route-hours of the fastest path from ``origin`` (an id) to every world it can reach."""
        return _dijkstra(self, origin)[0]

    def fastest(self, a: str, b: str) -> tuple[int, list[str]]:
        """The fastest path from ``a`` to ``b`` (ids) and its route-hours (TOTE-MAP-06, TOTE-GAP-08):
        among equally fast paths, the one with fewer links, then the first by world ids. Raises
        ValueError when no path joins them."""
        dist, prev = _dijkstra(self, a)
        if b not in dist:
            raise ValueError(f"no hyperspace path leads from {self.planets[a].name} to {self.planets[b].name}")
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return dist[b], path[::-1]

    def stronghold_hours(self) -> dict[str, int]:
        """For each faction other than Coruscant's, the route-hours from Coruscant to its nearest
        stronghold (TOTE-DATA-05: roughly equal)."""
        dist = self.hours_from(CAPITAL)
        out: dict[str, int] = {}
        for p in self.planets.values():
            if p.stronghold and p.start_owner and p.id != CAPITAL and p.id in dist:
                out[p.start_owner] = min(out.get(p.start_owner, dist[p.id]), dist[p.id])
        return out

    @property
    def spread(self) -> tuple[int, int]:
        """The nearest and farthest of :meth:`stronghold_hours` (route-hours from Coruscant)."""
        hours = self.stronghold_hours().values()
        return min(hours), max(hours)

    def summary(self) -> str:
        """One line for the GM and the load log: worlds, routes by type, and the strongholds' spread in
        route-hours from Coruscant (TOTE-DATA-05)."""
        kinds = [sum(1 for r in self.routes if r.type == t) for t in ROUTE_TYPES]
        low, high = self.spread
        return (f"{len(self.planets)} worlds, {len(self.routes)} routes ({kinds[0]} trade, {kinds[1]} common, "
                f"{kinds[2]} uncharted); the strongholds lie {low} to {high} route-hours from Coruscant")


def _dijkstra(g: Galaxy, origin: str) -> tuple[dict[str, int], dict[str, str]]:
    if origin not in g.planets:
        raise ValueError(f"{origin!r} is not a world of the galaxy")
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {origin: (0, 0, (origin,))}
    heap: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, (origin,))]
    done: set[str] = set()
    while heap:
        hours, links, path = heapq.heappop(heap)
        here = path[-1]
        if here in done:
            continue
        done.add(here)
        for there, r in g.links[here].items():
            cand = (hours + r.hours, links + 1, path + (there,))
            if there not in done and (there not in best or cand < best[there]):
                best[there] = cand
                heapq.heappush(heap, cand)
    dist = {w: v[0] for w, v in best.items()}
    prev = {w: v[2][-2] for w, v in best.items() if len(v[2]) > 1}
    return dist, prev


# -- loading and checking -------------------------------------------------------------------------

def _int(where: str, raw: Mapping[str, Any], key: str, default: int | None = None, lo: int = 0, hi: int | None = None) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
        span = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        raise DataError(f"{where}: {key} must be a whole number {span}, not {v!r}")
    return v


def _bool(where: str, raw: Mapping[str, Any], key: str, default: bool) -> bool:
    v = raw.get(key, default)
    if not isinstance(v, bool):
        raise DataError(f"{where}: {key} must be true or false, not {v!r}")
    return v


def _features(raw: Mapping[str, Any]) -> dict[str, Feature]:
    out: dict[str, Feature] = {}
    for name, row in (raw.get("feature") or {}).items():
        where = f"data/planets.toml [feature.{name!r}]"
        if name not in FEATURES:
            raise DataError(f"{where}: unknown feature; the text's features are {', '.join(FEATURES)}")
        enables = row.get("enables", [])
        if not isinstance(enables, list) or not all(isinstance(e, str) for e in enables):
            raise DataError(f"{where}: enables must be a list of words such as \"scrap\", not {enables!r}")
        out[name] = Feature(name, tuple(enables), _int(where, row, "industrial_output_kc", 0))
    missing = [f for f in FEATURES if f not in out]
    if missing:
        raise DataError(f"data/planets.toml: no [feature] entry for {', '.join(missing)} (TOTE-DATA-11)")
    return out


def _planet(pid: str, row: Any, features: Mapping[str, Feature], factions: set[str] | None) -> Planet:
    where = f"data/planets.toml planet {pid!r}"
    if not isinstance(row, dict):
        raise DataError(f"{where}: must be a table {{ name = ..., x = ..., ... }}, not {row!r}")
    name = row.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{where}: needs a name")
    region = row.get("region")
    if region not in REGIONS:
        raise DataError(f"{where}: region {region!r} is not one of {', '.join(REGIONS)}")
    feats = row.get("features", [])
    if not isinstance(feats, list) or any(f not in features for f in feats):
        bad = [f for f in feats if f not in features] if isinstance(feats, list) else feats
        raise DataError(f"{where}: unknown features {bad!r}; the text's features are {', '.join(FEATURES)}")
    owner = row.get("start_owner")
    stronghold = _bool(where, row, "stronghold", False)
    if owner is not None and (not isinstance(owner, str) or (factions is not None and owner not in factions)):
        raise DataError(f"{where}: start_owner {owner!r} is not a faction ({', '.join(sorted(factions or ()))})")
    if stronghold != (owner is not None):
        raise DataError(f"{where}: a stronghold needs its faction as start_owner, and only strongholds start owned")
    grids = _int(where, row, "ground_grids", 4, 0, 4)
    atmosphere = _bool(where, row, "has_atmosphere", True)
    if grids and not atmosphere:
        raise DataError(f"{where}: {grids} ground grids but no atmosphere; the ground is reached through the "
                        f"atmosphere (TOTE-GAP-03), so give it has_atmosphere = true or ground_grids = 0")
    return Planet(pid, name.strip(), _int(where, row, "x", lo=-10**6), _int(where, row, "y", lo=-10**6), region,
                  owner, stronghold, tuple(feats), sum(features[f].industrial_output_kc for f in feats), grids,
                  atmosphere, _bool(where, row, "special_access", False))


def _routes(raw: Mapping[str, Any], planets: Mapping[str, Planet], hours: Mapping[str, int]) -> list[Route]:
    pairs: list[tuple[str, str, str, str]] = []
    for name, worlds in (raw.get("trade") or {}).items():
        where = f"data/routes.toml trade route {name!r}"
        if not isinstance(worlds, list) or len(worlds) < 2:
            raise DataError(f"{where}: must list at least two worlds in order")
        pairs += [(a, b, "trade", where) for a, b in zip(worlds, worlds[1:])]
    for kind in ("common", "uncharted"):
        for i, pair in enumerate((raw.get("routes") or {}).get(kind, [])):
            where = f"data/routes.toml {kind} route #{i + 1} {pair!r}"
            if not isinstance(pair, list) or len(pair) != 2:
                raise DataError(f"{where}: must be a pair [\"world\", \"world\"]")
            pairs.append((pair[0], pair[1], kind, where))
    out: list[Route] = []
    seen: dict[frozenset[str], str] = {}
    for a, b, kind, where in pairs:
        for end in (a, b):
            if end not in planets:
                near = get_close_matches(str(end), list(planets), n=2)
                raise DataError(f"{where}: {end!r} is not a world of planets.toml" + (f" (did you mean {' or '.join(near)}?)" if near else ""))
        if a == b:
            raise DataError(f"{where}: a route must join two different worlds")
        key = frozenset((a, b))
        if key in seen:
            raise DataError(f"{where}: {a} and {b} are already joined by {seen[key]}")
        seen[key] = where
        special = [w for w in (a, b) if planets[w].special_access]
        if kind == "uncharted" and len(special) != 1:
            raise DataError(f"{where}: an uncharted route joins one special world (Byss, Hapes, Roon) to a gateway (TOTE-GAP-09)")
        if kind != "uncharted" and special:
            raise DataError(f"{where}: {special[0]} is a special world, reached only by uncharted routes (TOTE-MAP-07, TOTE-GAP-09)")
        h = hours[kind] + (hours["uncharted_extra"] if kind == "uncharted" else 0)
        out.append(Route(a, b, kind, h, where.split(" route ")[-1] if kind == "trade" else ""))
    return out


def _hours(raw: Mapping[str, Any]) -> tuple[dict[str, int], int]:
    h = raw.get("hours") or {}
    where = "data/routes.toml [hours]"
    out = {k: _int(where, h, k, lo=1) for k in ("trade", "common", "uncharted")}
    out["uncharted_extra"] = _int(where, h, "uncharted_extra", 24)
    return out, _int(where, h, "stronghold_spread_hours", lo=0)


def build_galaxy(planets_raw: Mapping[str, Any], routes_raw: Mapping[str, Any], *,
                 factions: Iterable[str] | None = None, strongholds: Mapping[str, str] | None = None,
                 uncharted_extra_hours: int | None = None) -> Galaxy:
    """The galaxy from parsed ``planets.toml`` and ``routes.toml``, checked: worlds 60 to 80, every
    feature and region known, every route's endpoints worlds, the special worlds reached only by 1-2
    uncharted routes (TOTE-GAP-09), the graph connected, every faction of ``strongholds`` (faction ->
    stronghold name) holding that world, and the strongholds within the spread limit of each other
    in route-hours from Coruscant. ``uncharted_extra_hours`` overrides the data (the GAP-09 option).
    Raises DataError naming the bad entry."""
    features = _features(planets_raw)
    known = set(factions) if factions is not None else (set(strongholds) if strongholds else None)
    rows = planets_raw.get("planet") or {}
    planets = {pid: _planet(pid, row, features, known) for pid, row in rows.items()}
    if not WORLDS_MIN <= len(planets) <= WORLDS_MAX:
        raise DataError(f"data/planets.toml: {len(planets)} worlds; the map needs {WORLDS_MIN} to {WORLDS_MAX} (TOTE-DATA-05)")
    names: dict[str, str] = {}
    for p in planets.values():
        if p.name.lower() in names:
            raise DataError(f"data/planets.toml planet {p.id!r}: the name {p.name!r} is taken by {names[p.name.lower()]!r}")
        names[p.name.lower()] = p.id
    if CAPITAL not in planets:
        raise DataError("data/planets.toml: Coruscant (id \"coruscant\") is missing; victory is tied to it (TOTE-WIN-01)")
    hours, spread_limit = _hours(routes_raw)
    if uncharted_extra_hours is not None:
        hours["uncharted_extra"] = uncharted_extra_hours
    g = Galaxy(planets, _routes(routes_raw, planets, hours), features, hours, spread_limit)
    for p in planets.values():
        count = len(g.links[p.id])
        if p.special_access and not 1 <= count <= 2:
            raise DataError(f"data/routes.toml: the special world {p.name} has {count} uncharted routes; it needs 1 or 2 gateways (TOTE-GAP-09)")
    reach = g.hours_from(CAPITAL)
    lost = sorted(planets[w].name for w in planets if w not in reach)
    if lost:
        raise DataError(f"data/routes.toml: no route leads from Coruscant to {', '.join(lost)}; the graph must be connected")
    for faction, world in (strongholds or {}).items():
        holders = [p for p in planets.values() if p.name == world]
        if not holders or holders[0].start_owner != faction or not holders[0].stronghold:
            raise DataError(f"data/planets.toml: {world} must be on the map as the stronghold of {faction} (start_owner = \"{faction}\", stronghold = true)")
    if strongholds is not None:
        absent = sorted(set(strongholds) - set(g.factions()))
        if absent:
            raise DataError(f"data/planets.toml: the factions {', '.join(absent)} have no stronghold on the map")
    if g.stronghold_hours():
        low, high = g.spread
        if high - low > spread_limit:
            far = ", ".join(f"{f} {h} h" for f, h in sorted(g.stronghold_hours().items(), key=lambda kv: kv[1]))
            raise DataError(f"data/routes.toml: the strongholds lie {low} to {high} route-hours from Coruscant, "
                            f"{high - low} h apart; at most {spread_limit} h is allowed ({far})")
    return g


@cache
def galaxy() -> Galaxy:
    """The galaxy of ``data/planets.toml`` and ``data/routes.toml``, checked against the factions'
    strongholds of the scenarios (TOTE-FACTION-01..10). Raises DataError naming a bad entry."""
    try:
        planets_raw = packaged_toml(PACKAGE, "data", "planets.toml")
        routes_raw = packaged_toml(PACKAGE, "data", "routes.toml")
    except Exception as e:  # a broken install or bad TOML: say which file
        raise DataError(f"galaxy data: {e}") from e
    return build_galaxy(planets_raw, routes_raw, strongholds=strongholds())


def world_name(world: str | None) -> str:
    """A world's name in the galaxy, for players' texts (the id itself, as text, when the galaxy has no
    such world). Raises nothing."""
    p = galaxy().planets.get(str(world)) if world else None
    return p.name if p is not None else str(world)


# -- the galaxy as the shared ``map`` board ---------------------------------------------------------

#: The letter each faction's worlds show on the map (``.`` nobody's, ``?`` not known).
SYMBOLS = {"GE": "G", "IR": "I", "NR": "N", "RA": "R", "TF": "T", "HS": "H", "HC": "C", "CSA": "S", "IND": "D", "ORC": "O"}
REGION_NAMES = {r: r.replace("_", " ").title() for r in REGIONS}


def _ago(now: int, hour: int) -> str:
    hours = max(0, now - hour)
    return f"seen day {hour // 24 + 1}, {hours} h ago" if hours else "seen now"


def map_board(g: Galaxy, known: Mapping[str, Any] | None = None, moves: Iterable[Iterable[str]] = ()) -> dict[str, Any]:
    """The galaxy as a ``map`` board (see :mod:`core.ruleset`) drawn from what one viewer knows.

    ``known`` (the integrator builds it through the faction's view; every key optional):
    ``owners`` {world id: faction or None, as the viewer last knew it; worlds missing show their
    start owner, since the strongholds are public (catalog 5.5)}, ``seen`` {world id: game hour of
    that knowledge; missing: not scanned}, ``now`` (the game hour), ``fleets`` {world id: the
    viewer's ships there}, ``enemies`` {world id: {faction: ships seen}}, ``battles`` [world ids],
    ``inbound`` [{``to``, ``arrive_turn``, ``ships``}: the viewer's own fleets in hyperspace],
    ``current`` [world ids the viewer sees now: its presence or a fresh scan], ``names`` {seat: its
    faction's name, for the "held by" lines} and ``codes`` {seat: its faction's code, for the marks}
    (a seat missing from them is named by its id). A world seen before but not now is ``stale``;
    each lane names its route type (``lane_kinds`` say how each is drawn). ``moves`` are
    ``[from, to]`` world-id pairs of the viewer's queued jumps. Nothing here reads hidden state."""
    known = known or {}
    owners: Mapping[str, Any] = known.get("owners") or {}
    seen: Mapping[str, int] = known.get("seen") or {}
    now = int(known.get("now", 0))
    current = set(known.get("current") or [])
    fleets: Mapping[str, int] = known.get("fleets") or {}
    enemies: Mapping[str, Mapping[str, int]] = known.get("enemies") or {}
    battles = set(known.get("battles") or [])
    names: Mapping[str, str] = known.get("names") or {}
    codes: Mapping[str, str] = known.get("codes") or {}
    inbound: dict[str, list[Mapping[str, Any]]] = {}
    for f in known.get("inbound") or []:
        inbound.setdefault(str(f["to"]), []).append(f)
    places = []
    for p in g.planets.values():
        owner = owners[p.id] if p.id in owners else p.start_owner
        knows = p.id in owners or p.id in current or (p.stronghold and p.id not in seen)
        marks: list[str] = []
        if fleets.get(p.id):
            marks.append(f"fleet:{fleets[p.id]}")
        if enemies.get(p.id):
            marks.append("enemy:" + ",".join(f"{codes.get(f, f)}={n}" for f, n in sorted(enemies[p.id].items())))
        if p.id in battles:
            marks.append("battle")
        title = f"{p.name}: {REGION_NAMES[p.region]}" + (f", stronghold of {p.start_owner}" if p.stronghold else "")
        feats = (", ".join(p.features) + f"; output {p.industrial_output_kc} KC") if p.features else "no system features"
        holder = (f"{names[owner]} ({owner})" if owner is not None and owner in names else owner) or "nobody"
        if p.id in current:
            held = f"held by: {holder} (seen now)"
        elif p.id in seen:
            held = f"held by: {holder} ({_ago(now, int(seen[p.id]))})"
        else:
            held = f"held by: {holder} at the start of the game" if knows else "held by: unknown (never scanned)"
        ground = (f"{p.ground_grids} ground grid{'s' if p.ground_grids != 1 else ''}" if p.ground_grids
                  else "no ground grid, no atmosphere")
        lines = [title, feats, held, ground]
        if p.special_access:
            lines.append(f"uncharted space: reached only by uncharted routes (+{g.hours['uncharted_extra']} h)")
        lines.append("routes: " + ", ".join(f"{g.planets[r.other(p.id)].name} {r.hours} h" for r in g.neighbours(p.id)))
        for f in inbound.get(p.id, []):
            lines.append(f"your fleet of {f.get('ships', '?')} arrives at the start of day {f['arrive_turn']}")
        if inbound.get(p.id):
            marks.append(f"inbound:{sum(int(f.get('ships', 0)) for f in inbound[p.id])}")
        place = {"id": p.id, "name": p.name, "x": p.x, "y": p.y, "owner": owner,
                 "symbol": (SYMBOLS.get(owner, owner[:1]) if owner else ".") if knows or p.id in seen else "?",
                 "marks": marks, "lines": lines}
        if p.id in seen and p.id not in current:
            place["stale"] = True  # what the viewer holds of it is older than now (TOTE-GAP-07)
        places.append(place)
    lanes = [[r.a, r.b, r.type] for r in g.routes]
    return {"kind": "map", "places": places, "lanes": lanes, "lane_kinds": lane_kinds(g),
            "moves": [list(m)[:2] for m in moves]}


#: How each kind of route is drawn: trade routes double, common single, uncharted dotted.
ROUTE_LINES = {"trade": "double", "common": "single", "uncharted": "dotted"}


def lane_kinds(g: Galaxy) -> list[dict[str, str]]:
    """The map's lane kinds (see :mod:`core.ruleset`): each route type with its line, its route-hours
    as a lane's label, and its legend (TOTE-MAP-02: trade 6 h, common 12 h, uncharted 12 + 24 h)."""
    out: list[dict[str, str]] = []
    for kind in ROUTE_TYPES:
        hours = g.hours[kind] + (g.hours["uncharted_extra"] if kind == "uncharted" else 0)
        out.append({"kind": kind, "line": ROUTE_LINES[kind], "label": f"{hours}h", "legend": f"{kind} {hours} h"})
    return out


#: Tatooine, the Intergalactic Amnesty world (TOTE-GAP-49).
AMNESTY_WORLD = "tatooine"


#: The orders Tatooine's amnesty forbids (TOTE-GAP-49): attacks of every kind, boarding, OB, tractors.
COMBAT_ORDERS = ("fire", "bomb", "bombard", "scale", "board", "tractor", "drag", "scuttle", "ram")


def amnesty_refusal(system: str | None, order: str, amnesty: bool = True) -> str | None:
    """Why ``order`` may not be given in ``system``, or None (TOTE-GAP-49): Tatooine is an amnesty world,
    a no-combat zone where no attack, boarding, orbital bombardment or tractor beam may be ordered
    (the ``tatooine_amnesty`` option, on by default)."""
    if amnesty and system == AMNESTY_WORLD and order in COMBAT_ORDERS:
        return (f"Tatooine is an Intergalactic Amnesty world: no attacks, boarding, bombardment or tractor beams "
                f"there ('{order}' refused, TOTE-GAP-49)")
    return None


@cache
def strongholds() -> dict[str, str]:
    """Each faction's stronghold world (TOTE-FACTION-01..10)."""
    return {str(k): str(v) for k, v in packaged_toml("core.rulesets.tote", "data", "scenarios.toml").get("stronghold", {}).items()}
