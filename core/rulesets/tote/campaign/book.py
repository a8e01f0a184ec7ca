"""The campaign's order language: the galaxy's orders beside the battle's (:mod:`..battle.orders`).

On the galaxy (the ``campaign`` scenario) a post is made of the galaxy's orders (:data:`GALAXY_VERBS`:
jump, scan, message, build, the Heroes' upgrade (and a Reserve Guard Force's), station (:mod:`.ground`),
train, mission, transfer, the logistics' reserve, activate, exchange, scrap, surrender, assign; :mod:`.flow`); the battle's orders find nothing to
command there, except after ``at <world>``: the seat's orders for its battle there (:mod:`.orders`).
"""
from __future__ import annotations

import marshal
from typing import Any

from core.errors import OrderError
from core.events import GM, Event, event, to_seat
from core.orders import Choice, Many, Number, Optional, OrderBook, OrderSpec, Text
from core.rulesets.tote.battle.log import log
from core.rulesets.tote.battle.orders import battle_specs
from core.rulesets.tote.campaign import fleets_orders as fl
from core.rulesets.tote.campaign import logistics_orders as lg
from core.rulesets.tote.campaign import state as cp
from core.rulesets.tote.campaign.build import buildable
from core.rulesets.tote.campaign.fleets import assign, movers
from core.rulesets.tote.campaign.fleets_orders import assigned_to_fleet, why_not_jump
from core.rulesets.tote.campaign.ground import buy_station, own_rgf, rgf_cost, rgf_types
from core.rulesets.tote.campaign.ground import upgrade as rgf_upgrade
from core.rulesets.tote.campaign.logistics import VERBS as LOGISTICS
from core.rulesets.tote.campaign.logistics import carry as logistics
from core.rulesets.tote.campaign.missions import carry as carry_hero
from core.rulesets.tote.campaign.missions import offered
from core.rulesets.tote.campaign.orders import BattleOrder, at_worlds, carry_at, no_battle
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules.data import facility_types
from core.rulesets.tote.rules.galaxy import galaxy
from core.rulesets.tote.rules.heroes import hero_classes
from core.rulesets.tote.rules.options import is_campaign
from core.rulesets.tote.rules.stock import check_replacement

State = dict[str, Any]


# ---- choices -------------------------------------------------------------------------------------

def campaign_ships(ctx: Any) -> list[str]:
    """On the galaxy: the seat's ships that may jump now, and those its sheet assigns to the main
    fleet before this order (none in a battle)."""
    if not is_campaign(ctx.state):
        return []
    return [uid for ids in movers(ctx.state["campaign"], ctx.seat).values() for uid in ids] + assigned_to_fleet(ctx)


class Explained(Many):
    """Many units of the seat's, and for one it may not use, the reason (``why(ctx, uid)``) rather than
    the bare list of the legal ones."""

    def __init__(self, name: str, choices: Any, help: str, why: Any) -> None:
        super().__init__(name, choices, help)
        self.why = why

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[str], int]:
        """The units named; raises OrderError with the reason a unit named may not be used."""
        try:
            return super().consume(words, ctx, line)
        except OrderError:
            legal = set(self.choices(ctx))
            c = _campaign(ctx)
            for uid in (p.strip() for w in words[:1] for p in w.split(",") if p.strip()):
                why = self.why(c, ctx.seat, uid) if c is not None and uid not in legal else None
                if why:
                    raise OrderError(f"{line!r}: {why}") from None
            raise


def why_not_reserve(c: dict[str, Any], seat: str, uid: str) -> str | None:
    """Why ``uid`` may not go to the Fleet Reserve Force, when the rule says why (a Reserve Guard
    Force, a free space defence, a craft aboard, a unit in hyperspace); None for the plain list of
    legal ones. (A ship with its Hero aboard may go: the Hero goes ashore, :func:`.logistics.ashore`.)"""
    return why_not_assign(c, seat, uid)


def why_not_assign(c: dict[str, Any], seat: str, uid: str) -> str | None:
    """Why ``uid`` may not be assigned (or mothballed): a Reserve Guard Force at its post, a free space
    defence of its world, a craft aboard a ship, a unit in hyperspace; None for the plain list."""
    u = c["units"].get(uid)
    if u is None or u["faction"] != seat:
        return None
    where = galaxy().planets[u["system"]].name if u.get("system") in galaxy().planets else "its world"
    if u.get("rgf"):
        return (f"{uid} is a Reserve Guard Force unit, the garrison of {where}: it stays at its post and joins no "
                f"fleet (TOTE-RGF-02)")
    if u.get("bonus"):
        return (f"{uid} is one of {where}'s free space defences, its garrison: it belongs to the world's Space PDF "
                f"and is never assigned (TOTE-PDF-02, STRONG-01)")
    host = u.get("carried_by") or u.get("attached_to")
    if host:
        return f"{uid} is aboard {host}: it goes where its carrier goes; give the order for {host}"
    if u.get("transit"):
        return f"{uid} is in hyperspace: it may be given orders when it arrives"
    return None


def jump_example(ctx: Any) -> str | None:
    """The ``jump`` example in the reader's own ids: up to two of its ships at one world and a world one
    route away (None off the galaxy or with no ship that may jump)."""
    if not is_campaign(ctx.state) or ctx.seat not in ctx.state.get("seats", {}):
        return None
    ready = movers(ctx.state["campaign"], ctx.seat)
    if not ready:
        return None
    world, ids = max(sorted(ready.items()), key=lambda item: min(len(item[1]), 2))
    routes = galaxy().neighbours(world)
    to = routes[0].other(world) if routes else world
    return f"jump {','.join(ids[:2])} {to}"


def build_codes(ctx: Any) -> list[str]:
    """On the galaxy: what the seat's faction may build (none in a battle)."""
    return buildable(ctx.state["seats"][ctx.seat]["side"]) if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else []


def world_ids(ctx: Any) -> list[str]:
    """On the galaxy: every world id (none in a battle)."""
    return list(galaxy().planets) if is_campaign(ctx.state) else []


class WorldChoice(Choice):
    """A world of the galaxy by id or name in any case ("mon calamari", "Mon_Calamari")."""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        """The world id the first one to three words name, and how many words it took. Raises
        OrderError naming the worlds."""
        legal = set(self.choices(ctx))
        for size in (3, 2, 1):
            if len(words) >= size:
                try:
                    wid = galaxy().world(" ".join(words[:size])).id
                except ValueError:
                    continue
                if wid in legal:
                    return wid, size
        return super().consume(words, ctx, line)


class FleetShips(Many):
    """The seat's ships that may jump; a ship of the seat's that may not (on Space PDF duty,
    unassigned) is refused with the reason and what to do (:func:`.fleets.check_acts`)."""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[str], int]:
        """The ships named, and how many words they took. Raises OrderError with the reason."""
        try:
            return super().consume(words, ctx, line)
        except OrderError:
            for word in " ".join(words).replace(",", " ").split():
                why = why_not_jump(ctx, word)
                if why:
                    raise OrderError(f"{line!r}: {why}") from None
            raise


def queue_jump(ctx: Any, **_: Any) -> list[Event]:
    """Check a galaxy order (jump, scan) against the sheet so far (a trial of the post on a copy) and add it."""
    state = ctx.state
    sheet = state["sheets"].setdefault(ctx.seat, [])
    text = ctx.text
    check_sheet(state, ctx.seat, [o["text"] for o in sheet] + [text])
    sheet.append({"text": text, "by": ctx.by if ctx.by != ctx.seat else None})
    return [log(state, f"{ctx.seat} queues: {text}", [to_seat(ctx.seat)], kind="order")]


def campaign_scanners(ctx: Any) -> list[str]:
    """On the galaxy: the seat's ships on a system's grid (none in a battle)."""
    if not is_campaign(ctx.state):
        return []
    return sorted(uid for uid, u in ctx.state["campaign"]["units"].items() if u["faction"] == ctx.seat
                  and u.get("space") and not u.get("transit") and not u.get("destroyed"))


def _campaign(ctx: Any) -> dict[str, Any] | None:
    return ctx.state["campaign"] if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else None


def own_heroes(ctx: Any) -> list[str]:
    """On the galaxy: the seat's living Heroes (none in a battle)."""
    c = _campaign(ctx)
    return [h["id"] for h in c.get("heroes", []) if h["faction"] == ctx.seat and not h.get("dead")] if c else []


def upgradable(ctx: Any) -> list[str]:
    """On the galaxy: the seat's living Heroes and its Reserve Guard Force's units (none in a battle)."""
    c = _campaign(ctx)
    return own_heroes(ctx) + own_rgf(c, ctx.seat) if c else []


def upgrade_example(ctx: Any) -> str | None:
    """The ``upgrade`` example in the reader's own ids: its Hero, and its first stock RGF stack to a
    purchased type of its kind (None off the galaxy)."""
    c = _campaign(ctx)
    if not c:
        return None
    out = [f"upgrade {h}" for h in own_heroes(ctx)[:1]]
    for uid in own_rgf(c, ctx.seat):
        u = c["units"][uid]
        dearer = [t for t in rgf_types(c["seats"][ctx.seat]) if not check_replacement(u["type"], t) and rgf_cost(t) > rgf_cost(u["type"])]
        better = sorted(dearer, key=rgf_cost)
        if "count" in u and not u.get("built") and better:
            out.append(f"upgrade {uid} {better[0]} {min(10, int(u['count']))}")
            break
    return "; ".join(out) or None


def rgf_codes(ctx: Any) -> list[str]:
    """On the galaxy: the types the seat may put in a Reserve Guard Force by purchase (none in a battle)."""
    c = _campaign(ctx)
    return rgf_types(c["seats"][ctx.seat]) if c else []


def rgf_worlds(ctx: Any) -> list[str]:
    """On the galaxy: the worlds where a standing facility of the seat's houses a Reserve Guard Force."""
    c = _campaign(ctx)
    if not c:
        return []
    kinds = facility_types()
    return sorted({f["system"] for f in c.get("facilities", {}).values() if f["faction"] == ctx.seat
                   and not f.get("destroyed") and kinds[f["type"]].houses_rgf})


def rgf_grids(ctx: Any) -> list[str]:
    """The ground grids of a world, G-1 to G-4."""
    return ["G-1", "G-2", "G-3", "G-4"] if _campaign(ctx) else []


def hero_class_ids(ctx: Any) -> list[str]:
    """On the galaxy: the Hero classes one may train (none in a battle)."""
    return list(hero_classes()) if _campaign(ctx) else []


def mission_ids(ctx: Any) -> list[str]:
    """On the galaxy: the missions the seat's Heroes may take up, and ``abandon`` (none in a battle)."""
    c = _campaign(ctx)
    if not c:
        return []
    out = [m for h in c.get("heroes", []) if h["faction"] == ctx.seat and not h.get("dead") for m in offered(c, ctx.seat, h)]
    return list(dict.fromkeys(out)) + ["abandon"]


def hero_hosts(ctx: Any) -> list[str]:
    """On the galaxy: the seat's ships and standing facilities a Hero may go aboard (none in a battle)."""
    c = _campaign(ctx)
    if not c:
        return []
    ships = [uid for uid, u in c["units"].items() if u["faction"] == ctx.seat and not u.get("destroyed")
             and not u.get("transit") and (model.is_capital(u) or model.is_small(u)) and not u.get("pdf")]
    return sorted(ships) + sorted(f["id"] for f in c.get("facilities", {}).values()
                                  if f["faction"] == ctx.seat and not f.get("destroyed"))


def _at_worlds(ctx: Any) -> list[str]:
    return at_worlds(ctx)


def _queue_at(ctx: Any, **values: Any) -> list[Event]:
    return queue_at(ctx, **values)


def _battle_order() -> Any:
    return BattleOrder()


# ---- the book --------------------------------------------------------------------------------------

#: The orders of the galaxy (the campaign scenario); every other order is the battle's.
GALAXY_VERBS = ("jump", "scan", "message", "build", "upgrade", "station", "train", "mission", "transfer", "reserve",
                "activate", "exchange", "scrap", "surrender", "at", "assign")


def on_galaxy(ctx: Any) -> bool:
    """Whether the game is on the galaxy map (the campaign), where only the galaxy's orders are given."""
    return is_campaign(ctx.state)


def _galaxy_only(ctx: Any) -> str:
    return "an order of the galaxy (the campaign), not of a battle"


def _no_battle(ctx: Any) -> str:
    """Why ``at`` is not offered: the amnesty world the seat's forces are on (TOTE-GAP-49), or no battle."""
    return no_battle(ctx.state, ctx.seat) if is_campaign(ctx.state) and ctx.seat in ctx.state.get("seats", {}) else \
        "you have no forces in a battle today (at a world in conflict)"


def build_book() -> OrderBook:
    """The tote order language: the battle's orders, and the galaxy's (available in the campaign only)."""
    battle = battle_specs()
    specs = galaxy_specs()
    for spec in specs:
        spec.available = on_galaxy
        spec.why_not = _galaxy_only
        if spec.verb == "at":  # only with forces at a world in conflict
            spec.available = lambda ctx: on_galaxy(ctx) and bool(_at_worlds(ctx))
            spec.why_not = _no_battle
            spec.carries = tuple(s.verb for s in battle)
    return OrderBook(battle + specs)


def galaxy_specs() -> list[OrderSpec]:
    """The galaxy's orders, in the order the help lists them."""
    return [
        OrderSpec("jump", [FleetShips("ships", campaign_ships, "your ships at one world (craft aboard go with them)"),
                           WorldChoice("world", world_ids, "the destination: a world's id or name")],
                  "on the galaxy: jump to hyperspace on the fastest course; the fleet arrives at the start of a later "
                  "day (everyone hears that it left, never where to)", queue_jump, example="jump GE-1,GE-8 corellia",
                  example_for=jump_example),
        OrderSpec("scan", [Choice("ship", campaign_scanners, "your ship on a system's grid"),
                           Optional(Choice("mode", lambda ctx: ["active", "passive"] if campaign_scanners(ctx) else [],
                                           "active (default) or passive"))],
                  "on the galaxy: scan the ship's system; the snapshot of what its sensors cover comes at the next "
                  "day's start, for you alone (a passive scan only listens)", queue_jump),
        OrderSpec("build", [Choice("code", build_codes, "a facility, or a unit type of your technology"),
                            WorldChoice("world", world_ids, "a world you hold (a Shipyard of yours there, for ships), or "
                                        "one occupied or held by nobody where your forces stand (a ground facility claims it)")],
                  "on the galaxy: order a facility or a ship built (paid now; a capital ship takes its CP in days, "
                  "anything else one day, a facility its build days; paused while the system is in conflict); a "
                  "ground facility finished at a world occupied or held by nobody claims it (TOTE-CONFLICT-06)",
                  queue_jump),
        OrderSpec("at", [WorldChoice("world", _at_worlds, "a world in conflict where you have forces"), _battle_order()],
                  "on the galaxy: an order for your battle at a world in conflict, given at your post there on the "
                  "battle day (checked now against the battle as it stands), e.g. at endor fire GE-1 NR-3; at <world> "
                  "bot leaves that battle's post to your bot", _queue_at),
        OrderSpec("message", [Text("text", "the words of the message")],
                  "on the galaxy: a general message to every faction from your Hero's system; each reads it at "
                  "the first day's start after it arrives (twice hyperspace speed)", queue_jump),
        OrderSpec("upgrade", [Choice("unit", upgradable, "your living Hero, or a stock unit of your Reserve Guard Force "
                                     "(its id in your Ground forces)"),
                              Optional(Choice("type", rgf_codes, "for an RGF unit: the purchased type of the same kind "
                                              "(SF, infantry, GAV) of your technology")),
                              Optional(Number("count", lambda ctx: 1, lambda ctx: 100, "for an RGF stack: how many "
                                              "(default: all)"))],
                  "on the galaxy: raise a Hero one level for 1000 KC (it gains its class's ability of that level, levels "
                  "1-5); or replace stock units of a Reserve Guard Force 1-for-1 by purchased ones of the same kind, "
                  "paid at their cost, at once, not at a world in conflict (the stock ones pay nothing back)",
                  queue_jump, example="upgrade GE-HERO", example_for=upgrade_example),
        OrderSpec("station", [Choice("type", rgf_codes, "an SF squadron, infantry or GAV type of your technology"),
                              Number("count", lambda ctx: 1, lambda ctx: 100, "how many"),
                              WorldChoice("world", rgf_worlds, "a world where a facility of yours houses a Reserve Guard Force"),
                              Optional(Choice("grid", rgf_grids, "the ground grid (default: that of your first facility there)"))],
                  "on the galaxy: buy units and station them in your Reserve Guard Force, garrisoned in your facilities "
                  "there, at once (paid at their cost; at most 1 SF squadron, 100 infantry squads and 10 GAVs a grid, "
                  "within the facilities' room; not at a world in conflict)", queue_jump,
                  example="station STORM 20 coruscant"),
        OrderSpec("train", [Choice("class", hero_class_ids, "a Hero class: admiral, general, spymaster, jedi, crimelord, freelancer"),
                            Text("name", "the new Hero's name")],
                  "on the galaxy: train a second Hero at your Faction Command Center (5000 KC, ready in 14 days; "
                  "2 Heroes in a campaign at most, the fallen counted)", queue_jump, example="train spymaster Ysanne Isard"),
        OrderSpec("mission", [Choice("hero", own_heroes, "your living Hero"),
                              Choice("mission", mission_ids, "its class's mission, an epic mission offered to you, or abandon")],
                  "on the galaxy: a Hero takes up a mission (one at a time; milestones in order, then the reward), "
                  "or abandon gives up the one under way", queue_jump, example="mission GE-HERO fleet_review"),
        OrderSpec("transfer", [Choice("hero", own_heroes, "your living Hero"),
                               Choice("host", hero_hosts, "your ship or facility in the Hero's system")],
                  "on the galaxy: a Hero goes aboard another ship or facility of yours in its system", queue_jump,
                  example="transfer GE-HERO GE-8"),
        OrderSpec("reserve", [Explained("units", lg.reservable, "your ships at a stronghold you hold, not in conflict", why_not_reserve)],
                  "on the galaxy: mothball ships (with the craft aboard) in your Fleet Reserve Force at once, up to 23 CP; "
                  "off the map, unseen and untouchable until activated; a Hero aboard goes ashore to your facility "
                  "there (or another ship of yours there); e.g. reserve GE-8", queue_jump),
        OrderSpec("activate", [Choice("unit", lg.reserve_units, "a unit of your Fleet Reserve Force"),
                               WorldChoice("stronghold", lg.own_strongholds, "a stronghold you hold"),
                               Optional(Choice("quadrant", lg.quadrants, "the DSZ's quadrant, 1-4 (default: yours)"))],
                  "on the galaxy: bring a reserve unit out; in 3 days it appears in the stronghold's Deep Space Zone; "
                  "e.g. activate GE-8 coruscant 2",
                  queue_jump),
        OrderSpec("exchange", [Choice("ship", lg.reservable, "your ship at a stronghold you hold, to mothball"),
                               Choice("unit", lg.reserve_units, "a unit of your Fleet Reserve Force, to bring out"),
                               Optional(Choice("quadrant", lg.quadrants, "the DSZ's quadrant, 1-4 (default: yours)"))],
                  "on the galaxy: mothball one ship and bring a reserve unit out to the same stronghold's DSZ in 3 days; "
                  "e.g. exchange GE-11 GE-8",
                  queue_jump),
        OrderSpec("scrap", [Many("units", lg.active_ships, "your units at a world with a Shipyard, Factory, Salvage Yard, "
                                 "Heavy Industry or Heavy Mining")],
                  "on the galaxy: scrap units you built (25% of cost) or salvage captured ones (50%); stock units pay "
                  "nothing; the KC go to your treasury; e.g. scrap GE-B3", queue_jump),
        OrderSpec("assign", [Explained("units", fl.assignable, "your ships at worlds (not aboard, not in hyperspace)", why_not_assign),
                             Choice("to", fl.destinations, "fleet (your main fleet) or pdf (the Space PDF of the world each stands at)"),
                             Optional(Choice("swap", fl.main_ships, "a main-fleet ship that goes on PDF duty in exchange"))],
                  "on the galaxy: move ships between your main fleet and the Space PDF where they stand (23 CP and 7 capital "
                  "ships each, the main fleet plus bonus CP); a new unit joins the main fleet only with your Hero there, or "
                  "1-for-1 for a main-fleet ship; never in combat; e.g. assign GE-1 pdf", queue_jump),
        OrderSpec("surrender", [Many("units", lg.surrenderable, "your units or facilities at one world in conflict"),
                                Choice("to", lg.other_seats, "the seat to surrender to (present there)")],
                  "on the galaxy: surrender units or facilities where you fight; they pass to the other side as a capture; "
                  "e.g. surrender GE-8 bo", queue_jump),
    ]


def _events(state: State, raw: list[dict[str, Any]]) -> list[Event]:
    out = []
    for e in raw:
        to = [to_seat(t) for t in e.get("to", []) if t in state["seats"]] + [GM]
        out.append(event(str(e.get("kind", "tote.campaign")), str(e["text"]), to, int(state["turn"])))
    return out


def jump(state: State, seat: str, units: list[str], world: str) -> list[Event]:
    """Carry out one jump of ``seat`` on the campaign now (:func:`.state.jump`), with the public
    departure notice (TOTE-COMMS-05). Raises OrderError."""
    c = state["campaign"]
    raw = cp.jump(c, seat, units, world)
    return _events(state, raw) + [event("tote.departed", f"{c['notices'][-1]['text']}.", ["all"], int(state["turn"]))]


def carry(state: State, seat: str, text: str) -> list[Event]:
    """Carry out one galaxy order (``jump <ships> <world>``, ``scan <ship> <mode>``, ``message <text>``,
    ``assign <ships> fleet|pdf [<swap>]`` (:mod:`.fleets`), ...) now. Raises OrderError."""
    words = text.split()
    if len(words) == 3 and words[0] == "jump":
        return jump(state, seat, words[1].split(","), words[2])
    if len(words) == 3 and words[0] == "build":
        return _events(state, cp.build(state["campaign"], seat, words[1], words[2]))
    if words and words[0] == "message":
        return _events(state, cp.message(state["campaign"], seat, text.split(None, 1)[1] if len(words) > 1 else ""))
    if words and words[0] in LOGISTICS:
        return _events(state, logistics(state["campaign"], seat, words))
    if len(words) in (3, 4) and words[0] == "assign":
        return _events(state, assign(state["campaign"], seat, words[1].split(","), words[2], words[3] if len(words) == 4 else None))
    if words and words[0] == "at":
        return carry_at(state, seat, text)
    if len(words) in (2, 3) and words[0] == "scan":
        return _events(state, cp.scan(state["campaign"], seat, words[1], words[2] if len(words) == 3 else "active"))
    if words[:1] == ["upgrade"] and len(words) > 1 and words[1] in own_rgf(state["campaign"], seat):
        if len(words) == 2:
            raise OrderError(f"{text!r}: name the type to upgrade {words[1]} to: upgrade {words[1]} <type> [<count>]; "
                             f"your types: {', '.join(rgf_types(state['campaign']['seats'][seat]))}")
        return _events(state, rgf_upgrade(state["campaign"], seat, words[1], words[2], int(words[3]) if len(words) == 4 else None))
    if len(words) in (4, 5) and words[0] == "station":
        return _events(state, buy_station(state["campaign"], seat, words[1], int(words[2]), words[3],
                                          words[4] if len(words) == 5 else None))
    if words and words[0] in ("upgrade", "train", "mission", "transfer"):
        return _events(state, carry_hero(state["campaign"], seat, words))
    raise OrderError(galaxy_refusal(text))


def galaxy_refusal(text: str) -> str:
    """Why ``text`` is no galaxy order: the galaxy's orders by their usage (a battle's order: how to give it)."""
    specs = build_book().specs
    verb = text.split()[0].lower() if text.split() else ""
    if verb in specs and verb not in GALAXY_VERBS:
        return (f"{text!r}: {verb!r} is a battle's order; give it for your battle at a world in conflict as "
                f"`at <world> {text.strip()}`")
    usage = f"usage: {specs[verb].usage()}; " if verb in GALAXY_VERBS else ""
    return f"{text!r}: {usage}on the galaxy a post is made of these orders: " + "; ".join(specs[v].usage() for v in GALAXY_VERBS)


def check_sheet(state: State, seat: str, texts: list[str]) -> None:
    """Carry out ``texts`` (jump orders) on a copy of the campaign: raises OrderError at the first
    that cannot be done after the ones before it; nothing changes."""
    trial = dict(state, campaign=cp.snapshot(state["campaign"]))
    for text in texts:
        carry(trial, seat, text)


def queue_at(ctx: Any, **_: Any) -> list[Event]:
    """Check an ``at`` order after the sheet so far and add it to the sheet. A sheet of ``at`` orders
    only is tried on a copy of the kept battle orders alone (they change nothing else); after any
    other galaxy order the whole post is tried on a copy of the campaign (:func:`check_sheet`).
    Raises OrderError."""
    state, seat = ctx.state, ctx.seat
    sheet = state["sheets"].setdefault(seat, [])
    texts = [o["text"] for o in sheet]
    if any(t.split()[:1] != ["at"] for t in texts):
        return queue_jump(ctx)
    c = state["campaign"]
    trial = dict(state, campaign=dict(c, battle_orders=marshal.loads(marshal.dumps(c.get("battle_orders", {})))))
    for text in texts + [ctx.text]:
        carry_at(trial, seat, text)
    sheet.append({"text": ctx.text, "by": ctx.by if ctx.by != seat else None})
    return [log(state, f"{seat} queues: {ctx.text}", [to_seat(seat)], kind="order")]
