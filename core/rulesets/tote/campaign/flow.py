"""The campaign as a scenario of the tote ruleset (``scenario=campaign``): the ruleset's contract
(set-up, posts in initiative order, orders, views, bots, invariants, the end) over one
:mod:`.state` dict kept in ``state["campaign"]``.

The state of a campaign game carries the contract's keys (``ruleset``, ``turn``, ``dice``,
``seats``, ``sheets``, ``away``), ``mode: "campaign"``, ``campaign`` (see :mod:`.state`),
``initiative`` (the seats in the drawn order, TOTE-GAP-02), ``active`` (the seat posting now),
``victory`` (:mod:`.victory`'s record), ``result`` and an empty ``units`` (the battle's orders find
nothing of their own to command on the galaxy map).

Each game day every faction makes one post in rotating initiative (TOTE-FLOW-04/05, GAP-02): its
sheet of galaxy orders (jump, scan, build, message, and its Heroes' upgrade, train, mission and
transfer, :mod:`.heroes`); after the last post every world in conflict fights a battle day
on its grid (:mod:`.battle`), then the next day begins in TOTE-FLOW-04's order
(:func:`.state.start_turn`, :mod:`.day`: Action Day income, arrivals, reserve,
construction and claims, repairs, scans, conflict and occupation, news; then
:func:`.missions.turn_start`: trainings, missions, flashpoints) and the end is checked (TOTE-FLOW-08, :func:`.victory.check_end`).
"""
from __future__ import annotations

from typing import Any

from core.dice import Dice
from core.errors import OrderError
from core.events import GM, Event, event, to_seat
from core.rulesets.tote.battle.rules import BattleRules
from core.rulesets.tote.campaign import assault, worlds
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign.battle import BOT, fight, land_pods
from core.rulesets.tote.campaign.book import _events, carry
from core.rulesets.tote.campaign.build import buildable
from core.rulesets.tote.campaign.claims import bot_claims, cheapest_claim
from core.rulesets.tote.campaign.claims import roster_rows as claim_rows
from core.rulesets.tote.campaign.fleets import gm_rows, movers
from core.rulesets.tote.campaign.fleets import rows as fleet_rows
from core.rulesets.tote.campaign.fleets_orders import bot_assign, build_fits
from core.rulesets.tote.campaign.gm import gm_rosters
from core.rulesets.tote.campaign.hero_bot import bot_orders
from core.rulesets.tote.campaign.heroes import hero_rows
from core.rulesets.tote.campaign.ledger import next_income
from core.rulesets.tote.campaign.logistics_orders import bot_reserve, resting
from core.rulesets.tote.campaign.missions import mission_rows, turn_start
from core.rulesets.tote.campaign.news import rosters as news_rosters
from core.rulesets.tote.campaign.orders import amnesty_news, amnesty_note, amnesty_worlds, battle_worlds, boards, clear
from core.rulesets.tote.campaign.posting import turn_order
from core.rulesets.tote.campaign.sensors import can_scan_actively
from core.rulesets.tote.campaign.sensors import type_name as _type_name
from core.rulesets.tote.campaign.victory import (
    by_code,
    falls,
    name_seats,
    names,
    new_record,
)
from core.rulesets.tote.rules import model, victory
from core.rulesets.tote.rules.data import facility_types, unit_types
from core.rulesets.tote.rules.galaxy import amnesty_refusal, galaxy
from core.rulesets.tote.rules.heroes import casualties
from core.rulesets.tote.rules.model import FACTIONS

State = dict[str, Any]

def new_state(seats: list[tuple[str, str]], options: dict[str, Any], seed: str) -> State:
    """A new campaign game for (seat, faction) ``seats``, the initiative drawn, the first post open.
    Raises OrderError (from :func:`.state.new_campaign`) for an unknown or repeated faction."""
    c = cp.new_campaign(seats)
    c["bonus_cp"] = int(options.get("bonus_cp") or 0)  # TOTE-GAP-53: the main fleet's limit
    c["alliances"] = [[s for s, f in seats if s in group or f in group]  # TOTE-GAP-45: allies, by seat or faction
                      for group in options.get("alliances") or []]
    dice = Dice.from_state({"seed": seed, "n": 0})
    pool = [s for s, _ in seats]
    initiative = []
    while pool:
        initiative.append(pool.pop(pool.index(dice.pick(pool, "initiative (TOTE-GAP-02)"))))
    rolls = dice.drain()  # the initiative's dice, for the record (:meth:`CampaignRules.opening`)
    limit = int(options.get("day_limit") or 0)  # TOTE-GAP-29: no limit unless the GM sets one
    return {"ruleset": "tote", "mode": "campaign", "scenario": "campaign", "turn": 1, "hour": 0,
            "dice": dice.to_state(), "seats": {s: {"side": f} for s, f in seats}, "sheets": {s: [] for s, _ in seats},
            "away": [], "options": dict(options, day_limit=limit), "campaign": c, "initiative": initiative,
            "active": initiative[0], "posted": [], "result": None, "units": {}, "ground": True,
            "victory": new_record(c), "opening": rolls}


def resolve_post(state: State, rules: BattleRules | None = None) -> list[Event]:
    """The posting faction's jumps are carried out in order (any that can no longer be flown is
    reported and skipped); the next faction posts, and after the last the next day begins, its
    battles fought with ``rules`` (a new :class:`..battle.rules.BattleRules` if none is given)."""
    seat = state.get("active")
    if seat is None:
        return []
    events: list[Event] = []
    for order in state["sheets"].get(seat, []):
        try:
            events += carry(state, seat, order["text"])
        except OrderError as exc:
            events.append(event("tote.refused", f"{order['text']}: {exc}", [to_seat(seat), GM], int(state["turn"])))
    state["sheets"][seat] = []
    state["posted"].append(seat)
    events.append(event("tote.post", f"{FACTIONS[state['campaign']['seats'][seat]]} has posted.", ["all"], int(state["turn"])))
    order = turn_order(state)
    rest = [s for s in order if s not in state["posted"]]
    if rest:
        state["active"] = rest[0]
        return events
    events += battles(state, rules)
    raw = amnesty_news(cp.start_turn(state["campaign"]), state["options"])  # no conflict news from Tatooine (TOTE-GAP-49)
    state["turn"] = state["campaign"]["turn"]
    state["hour"] = state["campaign"]["hour"]
    events += _events(state, raw)
    events += turn_start(state)  # after the news (step 8): trainings, missions, the flashpoint step (TOTE-GAP-30/31)
    state["posted"] = []
    state["active"] = next(iter(turn_order(state)), None)
    events += check_end(state)
    return events


def battles(state: State, rules: BattleRules | None = None) -> list[Event]:
    """Every world in conflict fights its battle day (:func:`.battle.fight`), in world
    order, with the game's dice; the factions' posts there are the ``at`` orders of their galaxy
    posts, their bots' where they left the battle to the bot (option ``campaign_battle_bots``,
    default on), else the automatic defence (:mod:`.orders`). Tatooine, an amnesty world, fights
    no battle (``tatooine_amnesty``, TOTE-GAP-49): the factions there read that it is an amnesty
    world, and nothing is fired, defended or reported as a battle. The SSD and Palace
    destroyed go to the victory record (:func:`.victory.falls`)."""
    ruleset = rules or BattleRules()
    events: list[Event] = []
    bots = bool(state["options"].get("campaign_battle_bots", True))
    fought = []
    for world in worlds.contested(state["campaign"]):
        if amnesty_refusal(world, "fire", bool(state["options"].get("tatooine_amnesty", True))):
            there = [to_seat(s) for s in state["seats"] if world in amnesty_worlds(state, s)]
            events.append(event("tote.amnesty", amnesty_note(world) + ".", there + [GM], int(state["turn"])))
            continue
        fought.append(world)
        state["dice"], more = fight(ruleset, state["campaign"], world, turn_order(state), state["dice"],
                                    state["options"], bots=bots)
        events += name_seats(state["campaign"], more) + falls(state)
    c = state["campaign"]
    for world in sorted(set(c.get("battle_effects", {})) - set(fought)):  # no battle there today: pods land anyway
        events += name_seats(c, land_pods(c, world))  # (TOTE-DISABLE-06/07)
    clear(state["campaign"])
    c["heroes"], fallen = casualties(c.get("heroes", []), c["units"], int(c["hour"]))
    events += name_seats(c, [event("tote.hero", str(e["text"]), ["all"], int(state["turn"])) for e in fallen])
    return events


def check_end(state: State) -> list[Event]:
    """TOTE-FLOW-08 / TOTE-GAP-29 through :func:`.victory.check_end`, on faction codes: eliminations,
    the GE as the last holder of a stronghold, and at the day limit, if the GM set one (``day_limit``
    above 0; none by default), the holder of Coruscant wins (nobody holding it: a draw)."""
    c = state["campaign"]
    code = c["seats"]
    seat_of = {f: s for s, f in code.items()}
    owners = {w: (code[p["owner"]] if p["owner"] else None) for w, p in c["planets"].items()}
    holds = {code[s]: ws for s, ws in c["strongholds"].items()}
    units = {i: dict(u, faction=code[u["faction"]]) for i, u in c["units"].items() if not u.get("scrapped")}
    limit = int(state["options"]["day_limit"])
    v, raw = victory.check_end(state["victory"], int(state["turn"]), int(state["hour"]), list(code.values()), owners,
                               holds, units, by_code(c, c.get("facilities", {})), turn_limit=limit or None, names=names(c))
    state["victory"] = v
    events = [event("tote.victory", str(e["text"]), ["all"], int(state["turn"])) for e in raw]
    if v.get("winner"):
        state["result"] = {"winners": [seat_of[v["winner"]]], "reason": str(v["reason"])}
        state["active"] = None
    elif limit and int(state["turn"]) >= limit:
        state["result"] = {"winners": [], "reason": f"day {limit}: nobody holds Coruscant"}
        state["active"] = None
    return events


def view(state: State, viewer: str) -> dict[str, Any]:
    """What ``viewer`` may see of the campaign: its knowledge (:func:`.state.view`), the galaxy as
    the ``map`` board, its forces by world and in hyperspace, its ledger as resources."""
    c = state["campaign"]
    v = cp.view(c, viewer)
    g = galaxy()
    rosters = []
    resources: dict[str, Any] = {"day": state["turn"], "posting": state.get("active") or "-"}
    facts: dict[str, Any] = {"mode": "campaign", "knowledge": v["knowledge"], "strongholds": c["strongholds"]}
    if viewer == GM:
        facts["heroes"] = list(c.get("heroes", []))
        facts["missions"] = {"runs": list(c.get("runs", [])), "trainings": list(c.get("trainings", [])),
                             "flashpoints": list(c.get("flashpoints", []))}
    if viewer in state["seats"]:
        led = v["ledger"]
        mine = movers(c, viewer)
        rosters.append({"title": f"{viewer} ({FACTIONS[c['seats'][viewer]]}): ships by world",
                        "rows": [f"{g.planets[w].name}: {', '.join(ids)}" for w, ids in sorted(mine.items())] or ["none"]})
        rosters.append({"title": "Your Hero", "rows": hero_rows(c, viewer) or ["none"]})
        rosters.append({"title": "Missions and flashpoints", "rows": mission_rows(c, viewer)})
        rosters.append({"title": "In hyperspace (your calendar of arrivals)",
                        "rows": [f"{_ships_aboard(c, f['units'])} -> {g.planets[f['to']].name}, day {f['arrive_turn']}"
                                 for f in led["arrivals"]] or ["none"]})
        rosters.append({"title": "Fleet Reserve Force", "rows": [
            f"{r['unit']} ({_type_name(r['type'])}, {r['cp']} CP)" + (f" -> {g.planets[r['to']].name} {r['dsz']}, day {r['arrives_day']}" if r["arrives_day"] else "")
            for r in led["reserve"]] + [f"{led['reserve_cp']} of 23 CP"]})
        rosters.append({"title": "Under repair", "rows": [
            f"{r['unit']} at {g.planets[r['at']].name}: " + (f"full day {r['full_day']}" if r["full_day"] else f"needs {r['needs']}")
            for r in led["repairs"]] or ["none"]})
        rosters.append({"title": "Facilities and builds", "rows": [_facility_row(f) for f in led["facilities"]] + [
            f"building {_type_name(b['code'])} at {g.planets[b['at']].name}, ready day {b['due_hour'] // 24 + 1}"
            for b in led["building"]] or ["none"]})
        rosters.append({"title": "Ground forces", "rows": led["ground_forces"] or ["none"]})  # its RGFs (TOTE-RGF-01..03)
        rows = claim_rows(c, led)  # its worlds occupied, the worlds it may claim (TOTE-CONFLICT-05/06)
        if rows:
            rosters.append({"title": "Occupation and claims", "rows": rows})
        rosters += news_rosters(v["knowledge"], c["seats"])
        rosters.append({"title": "Fleets", "rows": fleet_rows(c, viewer, led["fleets"])})
        main = led["fleets"]["main"]
        resources.update({"facility KC": led["facility_kc"], "treasury KC": led["treasury_kc"],
                          "fleet CP": f"{main['cp']}/{main['cp_limit']}", "fleet capital ships": f"{main['capitals']}/{main['capital_limit']}",
                          "PDF CP": sum(p["cp"] for p in led["fleets"]["pdfs"].values()),
                          "unassigned": len(led["fleets"]["unassigned"]), "worlds": len(led["worlds"])})
        resources["next income"] = next_income(c, viewer)  # TOTE-ECON-01: the next Action Day, as things stand
        here = {u.get("system") for u in c["units"].values() if u["faction"] == viewer and not u.get("transit")}
        busy = {x["scanner"] for x in c["scans"]}
        scanners: dict[str, list[str]] = {}
        for uid in sorted(c["units"]):
            u = c["units"][uid]
            if (u["faction"] == viewer and u.get("space") and not u.get("transit") and not u.get("destroyed")
                    and not u.get("derelict") and not u.get("inert") and not u.get("withdrawn") and not u.get("unassigned")
                    and uid not in busy and can_scan_actively(u)):
                scanners.setdefault(u["system"], []).append(uid)
        facts.update(types={i: c["units"][i]["type"] for ids in mine.values() for i in ids},
                     tractored=sorted(i for ids in mine.values() for i in ids if c["units"][i].get("tractored_by")),
                     pdf_types={i: c["units"][i]["type"] for p in led["fleets"]["pdfs"].values() for i in p["units"]},
                     unassigned={i: [c["units"][i].get("system"), c["units"][i]["type"]] for i in led["fleets"]["unassigned"]})
        facts.update(ledger=led, movers=mine, faction=c["seats"][viewer], scanners=scanners, conflict=[w for w in worlds.contested(c) if w in here and worlds.knows_battle(c, w, viewer)],
                     battles=_battle_worlds(state, viewer), battle_bots=bool(state["options"].get("campaign_battle_bots", True)))
    elif viewer == GM:
        resources.update({f"{s} KC": kc for s, kc in v["treasury"].items()})
        facts["contested"] = worlds.contested(c)
        rosters += gm_rosters(state)  # every faction's post, purses, builds, reserve, Heroes, mission
        rosters.append({"title": "Fleets of every faction", "rows": gm_rows(c)})  # the GM sees everything
    over = state.get("result") is not None
    return {"viewer": viewer, "ruleset": "tote", "title": "Twilight of the Empire: the campaign",
            "turn": state["turn"], "phase": "over" if over else f"{state.get('active')}'s post",
            "board": v["board"], "boards": _boards(state, viewer), "rosters": rosters, "resources": resources,
            "sheet": [] if viewer == GM else list(state["sheets"].get(viewer, [])),
            "prompt": "" if over or viewer != state.get("active") else _prompt(state, viewer, facts),
            "facts": facts}


def _prompt(state: State, viewer: str, facts: dict[str, Any]) -> str:
    """The head of ``viewer``'s post: its battles of the day first (``battle at Coruscant: your orders
    there``, TOTE-GAP-02), an amnesty world its forces are on (TOTE-GAP-49), then the galaxy's orders."""
    g = galaxy()
    first = [f"battle at {g.planets[w].name}: your orders there (at {w} <battle order>; its grid is the next board)"
             for w in facts.get("battles", [])]
    first += [amnesty_note(w) for w in amnesty_worlds(state, viewer)]
    return "; ".join(first + ["your post: jump <ships> <world>, then ready"])


def _ships_aboard(c: cp.Campaign, ids: list[str]) -> str:
    """A fleet's units as a player reads them: the ships, and how many craft ride aboard them."""
    tops = [i for i in ids if c["units"].get(i, {}).get("carried_by") not in ids]
    craft = len(ids) - len(tops)
    return ", ".join(tops) + (f" (and {craft} craft aboard)" if craft else "")


def _facility_row(entry: str) -> str:
    """A ledger facility entry (``"YARD at kuat"``) as a player reads it (``Shipyard at Kuat``)."""
    code, _at, world = entry.partition(" at ")
    p = galaxy().planets.get(world)
    return f"{_type_name(code)} at {p.name if p else world}"


def _battle_worlds(state: State, seat: str) -> list[str]:
    return battle_worlds(state, seat)


def _boards(state: State, viewer: str) -> list[dict[str, Any]]:
    return boards(state, viewer)


def bot(view_: dict[str, Any], seat: str) -> list[str]:
    """A bot's post from its view only: its ships stay to fight where its forces are in conflict (the first
    scanning the system); at
    each other world with its ships it keeps a guard on a stronghold only where the stronghold has no defences of
    its own (its weakest capital ship, :func:`.assault.home_guard`) and sends the rest to the nearest world it does
    not know to be its own (expanding);
    once it holds four worlds, it rallies at the world it holds nearest Coruscant and then goes for it
    all together (:mod:`.assault`). It builds a Shipyard at home, then ships, and claims
    the worlds where it stands that are occupied or held by nobody with a cheap ground facility."""
    facts = view_.get("facts", {})
    if facts.get("mode") != "campaign" or "ledger" not in facts:
        return []
    facts = dict(facts, seat=seat, day=int(view_.get("turn") or 0))
    g = galaxy()
    known = {w: r["owner"] for w, r in facts["knowledge"]["systems"].items()}
    held = set(facts["ledger"]["worlds"])
    homes = set(facts["strongholds"].get(seat, []))
    out = [f"at {w} {BOT}" for w in facts.get("battles", []) if facts.get("battle_bots")]  # its bot fights its battles
    reserve_orders, staying = bot_reserve(facts, seat)
    out += reserve_orders
    staying |= resting(facts)
    fighting = set(facts.get("conflict", [])) & set(facts.get("battles", []))  # where a battle is fought: not the amnesty world (TOTE-GAP-49)
    assigned, freed = bot_assign(facts, seat)  # PDF ships into the main fleet while it has room (TOTE-PDF-03)
    out += assigned
    movers = {w: sorted(set(facts["movers"].get(w, [])) | set(freed.get(w, []))) for w in set(facts["movers"]) | set(freed)}
    claiming = {b["at"] for b in facts["ledger"]["building"]}
    held_fast = set(facts.get("tractored", []))
    free = {}
    types = facts.get("types", {})
    for w, ships in sorted(movers.items()):
        if w in fighting and w not in held and not any(strikes_ground(types.get(x, "")) for x in ships):
            fighting.discard(w)  # nothing of its own there can reach the ground it came to take: it moves on
        if w in fighting:
            if facts.get("scanners", {}).get(w):
                out.append(f"scan {facts['scanners'][w][0]} active")  # look at what it fights (TOTE-SCAN-01)
            continue  # stand and fight where its forces are in conflict
        guard = assault.home_guard(facts, w, ships) if w in homes else []
        ships = [s for s in ships if s not in guard]
        free[w] = [s for s in ships if s not in staying and s not in held_fast]  # sent to the reserve, repairing at a yard, or
        # held by tractor beams (it cannot enter hyperspace, TOTE-TRACTOR-05)
    goal = assault.goal(facts)  # Coruscant; for its holder, the nearest foreign stronghold
    march = assault.targets(facts, free, goal) if goal and len(held) >= assault.MARCH_WORLDS else None  # rally, then strike together
    for w, ships in free.items():
        if not ships:
            continue
        hours = g.hours_from(w)
        if march is not None:
            if w not in march:
                continue  # waiting at the staging world for the rest
            target = march[w]
        else:
            options = [x for x in g.planets if x != w and known.get(x) != seat and x in hours and not g.planets[x].special_access
                       and x not in claiming  # not where its claim is being built
                       and amnesty_refusal(x, "fire") is None]  # nor to the amnesty world, where no battle is fought (TOTE-GAP-49)
            if not options:
                continue
            target = min(options, key=lambda x: (hours[x], x))
        out.append(f"jump {','.join(ships)} {target}")
    claims = bot_claims(facts)  # it claims where it stands first, before its ships jump on (TOTE-CONFLICT-06)
    builds = _builds(facts, sum(_cost(b.split()[1]) for b in claims))
    return bot_orders(facts, claims + out + builds)


def strikes_ground(code: str) -> bool:
    """Whether a ship of ``code`` can strike a world's ground: by orbital bombardment (TOTE-OB-01) or by
    landing its troops (``can_land``, TOTE-ATMO-10/11)."""
    t = unit_types().get(code)
    return t is not None and ("orbital_bombardment" in t.flags or "can_land" in t.flags)


def _cost(code: str) -> int:
    return (facility_types().get(code) or unit_types()[code]).cost_kc


def _builds(facts: dict[str, Any], committed_kc: int = 0) -> list[str]:
    """The bot's building, with ``committed_kc`` already spent on its claims this post: a Shipyard at
    its first stronghold it holds, from the facility purse; then, while the treasury allows, the
    cheapest capital ship of its technology there."""
    led = dict(facts["ledger"])
    paid = min(committed_kc, int(led["facility_kc"]))  # the facility purse pays for claims first
    led.update(facility_kc=int(led["facility_kc"]) - paid, treasury_kc=int(led["treasury_kc"]) - (committed_kc - paid))
    home = next((w for w in facts["strongholds"].get(facts.get("seat", ""), []) if w in led["worlds"]), None)
    home = home or next((w for w in led["worlds"] if w in {x for ws in facts["strongholds"].values() for x in ws}), None)
    if home is None:
        return []
    has_yard = f"YARD at {home}" in led["facilities"]
    if not has_yard:
        building = any(b["code"] == "YARD" for b in led["building"])
        cost = facility_types()["YARD"].cost_kc
        return [] if building or led["facility_kc"] + led["treasury_kc"] < cost else [f"build YARD {home}"]
    ships = [c for c in buildable(facts["faction"]) if c in unit_types() and model.unit_class(c) == "capital"]
    if not ships or led["building"]:
        return []
    ships = [c for c in ships if strikes_ground(c)] or ships  # one that can take a world, where it can
    cheapest = min(ships, key=lambda c: (unit_types()[c].cost_kc, c))
    if not build_fits(facts, home, cheapest):
        return []  # no room for it in the Space PDF there (TOTE-GAP-27, PDF-01)
    keep = _cost(cheapest_claim())  # a claim's worth stays in the treasury for the world its forces take next (TOTE-CONFLICT-06)
    return [f"build {cheapest} {home}"] if led["treasury_kc"] >= unit_types()[cheapest].cost_kc + keep else []
