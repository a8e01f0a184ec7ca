"""The battle's order language: one declaration per order (parser, completion, help, refusals).

A faction's post is its sheet of orders (TOTE-FLOW-05), editable until the post is committed
(TOTE-TIME-03: "ready"). Each order is checked when it is queued by carrying out the whole sheet
on a copy of the state (:func:`flow.dry_run`), so a refusal says exactly why; the post then runs
the same code on the real state, in the groups of TOTE-FLOW-05.

Orders: ``move``, ``fire``, ``bomb`` (TOTE-BOMB-01..04), ``launch`` / ``recall`` (TOTE-LAUNCH-01),
``patrol`` (CSP/CAP, TOTE-CSP-01, TOTE-CAP-01, TOTE-GAP-20), ``tractor`` (TOTE-TRACTOR-01..08),
``hold`` (no automatic defence for these units this post), ``withdraw`` (TOTE-TIME-05/06/07,
TOTE-GAP-40/51), ``drag``, ``board``, ``swarm``, ``abandon``, ``scuttle`` and ``ram`` (always
refused); what each does is in :mod:`.actions`. On the galaxy (the ``campaign`` scenario) the post
is made of the galaxy's orders (:data:`GALAXY_VERBS`: jump, scan, message, build, the Heroes'
upgrade, train, mission, transfer, the logistics' reserve, activate, exchange, scrap, surrender;
:mod:`.campaign_flow`); the battle's orders find nothing to command there, except after
``at <world>``: the seat's orders for its battle there (:mod:`.campaign_orders`).
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import Event, to_seat
from core.orders import Choice, Keyword, Many, Number, Optional, OrderBook, OrderSpec, Parsed, Text

from . import actions, flow, grid, model
from .model import State, Unit


# ---- choices -------------------------------------------------------------------------------------

def _mine(ctx: Any) -> list[Unit]:
    return [u for u in ctx.state["units"].values() if u["faction"] == ctx.seat and model.can_act(u)]


def own_units(ctx: Any) -> list[str]:
    """The seat's units that may still be given orders (craft aboard too: a launch earlier in the
    post puts them on the grid)."""
    return [u["id"] for u in _mine(ctx)]


def own_movers(ctx: Any) -> list[str]:
    """The seat's units with a Speed above 0."""
    return [u["id"] for u in _mine(ctx) if model.speed(u) > 0]


def own_shooters(ctx: Any) -> list[str]:
    """The seat's units that carry weapons."""
    return [u["id"] for u in _mine(ctx) if model.spec(u).mounts]


def own_carriers(ctx: Any) -> list[str]:
    """The seat's ships with craft aboard or hangar room."""
    return [u["id"] for u in _mine(ctx) if u["space"] is not None
            and (u["carried"] or getattr(model.spec(u), "hangar_slots", 0))]


def own_craft(ctx: Any) -> list[str]:
    """The seat's SF squadrons and AUX craft, aboard or flying."""
    return [u["id"] for u in _mine(ctx) if model.is_small(u)]


def own_tractors(ctx: Any) -> list[str]:
    """The seat's units with tractor projectors."""
    return [u["id"] for u in _mine(ctx) if u["space"] is not None and getattr(model.spec(u), "tractor_projectors", 0)]


def seen_targets(ctx: Any) -> list[str]:
    """Hostile units on the grid the seat's sensors cover."""
    covered = model.visible_spaces(ctx.state, ctx.seat)
    mine = {u["space"] for u in _mine(ctx)}
    return [u["id"] for u in ctx.state["units"].values()
            if model.targetable(u) and model.hostile(ctx.state, ctx.seat, u["faction"]) and (u["space"] in covered or u["space"] in mine)]


def space_ids(ctx: Any) -> list[str]:
    """Every space of the grid."""
    return list(grid.spaces(ctx.state.get("ground", True)))


class SpaceChoice(Choice):
    """A space of the grid, read as :func:`grid.parse_space` reads it ("b1", "atm", "g2 air")."""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        """The space id the first one or two words name, and how many words it took. Raises
        OrderError naming the spaces of the grid."""
        legal = set(self.choices(ctx))
        for size in (2, 1):
            if len(words) >= size:
                try:
                    sid = grid.parse_space(" ".join(words[:size]), ctx.state.get("ground", True))
                except OrderError:
                    continue
                if sid in legal:
                    return sid, size
        return super().consume(words, ctx, line)


def campaign_ships(ctx: Any) -> list[str]:
    """On the galaxy: the seat's ships that may jump now, and those its sheet assigns to the main
    fleet before this order (none in a battle)."""
    from .campaign_flow import is_campaign, movers
    if not is_campaign(ctx.state):
        return []
    from .campaign_fleets_orders import assigned_to_fleet
    return [uid for ids in movers(ctx.state["campaign"], ctx.seat).values() for uid in ids] + assigned_to_fleet(ctx)


def build_codes(ctx: Any) -> list[str]:
    """On the galaxy: what the seat's faction may build (none in a battle)."""
    from .campaign_build import buildable
    from .campaign_flow import is_campaign
    return buildable(ctx.state["seats"][ctx.seat]["side"]) if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else []


def world_ids(ctx: Any) -> list[str]:
    """On the galaxy: every world id (none in a battle)."""
    from .campaign_flow import is_campaign
    from .galaxy import galaxy
    return list(galaxy().planets) if is_campaign(ctx.state) else []


class WorldChoice(Choice):
    """A world of the galaxy by id or name in any case ("mon calamari", "Mon_Calamari")."""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        """The world id the first one to three words name, and how many words it took. Raises
        OrderError naming the worlds."""
        from .galaxy import galaxy
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
    unassigned) is refused with the reason and what to do (:func:`.campaign_fleets.check_acts`)."""

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[list[str], int]:
        """The ships named, and how many words they took. Raises OrderError with the reason."""
        try:
            return super().consume(words, ctx, line)
        except OrderError:
            from .campaign_fleets_orders import why_not_jump
            for word in " ".join(words).replace(",", " ").split():
                why = why_not_jump(ctx, word)
                if why:
                    raise OrderError(f"{line!r}: {why}") from None
            raise


def queue_jump(ctx: Any, **_: Any) -> list[Event]:
    """Check a galaxy order (jump, scan) against the sheet so far (a trial of the post on a copy) and add it."""
    from .campaign_flow import check_sheet
    state = ctx.state
    sheet = state["sheets"].setdefault(ctx.seat, [])
    text = ctx.text
    check_sheet(state, ctx.seat, [o["text"] for o in sheet] + [text])
    sheet.append({"text": text, "by": ctx.by if ctx.by != ctx.seat else None})
    return [flow.log(state, f"{ctx.seat} queues: {text}", [to_seat(ctx.seat)], kind="order")]


def campaign_scanners(ctx: Any) -> list[str]:
    """On the galaxy: the seat's ships on a system's grid (none in a battle)."""
    from .campaign_flow import is_campaign
    if not is_campaign(ctx.state):
        return []
    return sorted(uid for uid, u in ctx.state["campaign"]["units"].items() if u["faction"] == ctx.seat
                  and u.get("space") and not u.get("transit") and not u.get("destroyed"))


def _campaign(ctx: Any) -> dict[str, Any] | None:
    from .campaign_flow import is_campaign
    return ctx.state["campaign"] if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else None


def own_heroes(ctx: Any) -> list[str]:
    """On the galaxy: the seat's living Heroes (none in a battle)."""
    c = _campaign(ctx)
    return [h["id"] for h in c.get("heroes", []) if h["faction"] == ctx.seat and not h.get("dead")] if c else []


def hero_class_ids(ctx: Any) -> list[str]:
    """On the galaxy: the Hero classes one may train (none in a battle)."""
    from .heroes import hero_classes
    return list(hero_classes()) if _campaign(ctx) else []


def mission_ids(ctx: Any) -> list[str]:
    """On the galaxy: the missions the seat's Heroes may take up, and ``abandon`` (none in a battle)."""
    c = _campaign(ctx)
    if not c:
        return []
    from .campaign_missions import offered
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
    from .campaign_orders import at_worlds
    return at_worlds(ctx)


def _queue_at(ctx: Any, **values: Any) -> list[Event]:
    from .campaign_orders import queue_at
    return queue_at(ctx, **values)


def _battle_order() -> Any:
    from .campaign_orders import BattleOrder
    return BattleOrder()


def mount_codes(ctx: Any) -> list[str]:
    """The mounts (data spelling ``TLCx2:4``) of the seat's armed units."""
    seen: list[str] = []
    for u in _mine(ctx):
        for m in model.spec(u).mounts:
            if m.spec not in seen:
                seen.append(m.spec)
    return seen


# ---- queueing --------------------------------------------------------------------------------------

def queue(ctx: Any, **_: Any) -> list[Event]:
    """Check the order against the sheet so far (a dry run of the post) and add it to the sheet."""
    state = ctx.state
    sheet = state["sheets"].setdefault(ctx.seat, [])
    text = ctx.text
    flow.dry_run(ctx.ruleset, state, ctx.seat, [o["text"] for o in sheet] + [text])
    sheet.append({"text": text, "by": ctx.by if ctx.by != ctx.seat else None})
    # kind "order": the session keeps a queued order out of the record, which gets the sheet as it
    # stood when the post resolved (no phantoms of withdrawn orders)
    return [flow.log(state, f"{ctx.seat} queues: {text}", [to_seat(ctx.seat)], kind="order")]


def canonical(parsed: Parsed) -> str:
    """An accepted order as it goes on the sheet: the verb and each value as the book knows it
    (``fire GE-1 NR-2``, lists comma-joined, left-out optionals dropped)."""
    words = [parsed.spec.verb]
    for arg in parsed.spec.args:
        value = parsed.values.get(arg.name)
        if value is None:
            continue
        words.append(",".join(map(str, value)) if isinstance(value, list) else str(value))
    return " ".join(words)


def _quick(spec: OrderSpec, words: list[str]) -> dict[str, Any] | None:
    """The values of a canonical order text, read without asking the game for the legal choices
    (the order was checked when it was queued, and each handler checks it again); None if the
    text is not in canonical form."""
    values: dict[str, Any] = {}
    rest = list(words)
    for arg in spec.args:
        inner = arg.inner if isinstance(arg, Optional) else arg
        if not rest:
            if isinstance(arg, Optional):
                values[arg.name] = None
                continue
            return None
        word = rest[0]
        if isinstance(inner, Keyword):
            if word != inner.word:
                if isinstance(arg, Optional):
                    values[arg.name] = None
                    continue
                return None
            values[arg.name] = word
        elif isinstance(inner, Many):
            values[arg.name] = word.split(",")
        elif isinstance(inner, Number):
            if not word.lstrip("-").isdigit():
                return None
            values[arg.name] = int(word)
        else:
            values[arg.name] = word
        rest = rest[1:]
    return None if rest else values


def execute(ruleset: Any, state: State, seat: str, text: str) -> list[Event]:
    """Carry out ``text`` (an order of the sheet) for ``seat`` on the state now. Raises OrderError."""
    words = text.split()
    spec = ruleset.order_book().specs.get(words[0].lower()) if words else None
    values = _quick(spec, words[1:]) if spec is not None and words[0] == spec.verb else None
    if values is None:
        parsed = ruleset.order_book().parse(text, ruleset.context(state, seat))
        spec, values = parsed.spec, parsed.values
    if state.get("amnesty"):  # TOTE-GAP-49: a campaign battle at an amnesty world (campaign_victory.before_battle)
        from .conflict import amnesty_refusal
        why = amnesty_refusal(str(state.get("planet")), spec.verb)
        if why:
            raise OrderError(why)
    return actions.EXECUTE[spec.verb](state, seat, **values)


# ---- the book --------------------------------------------------------------------------------------

#: The orders of the galaxy (the campaign scenario); every other order is the battle's.
GALAXY_VERBS = ("jump", "scan", "message", "build", "upgrade", "train", "mission", "transfer", "reserve", "activate",
                "exchange", "scrap", "surrender", "at", "assign")


def on_galaxy(ctx: Any) -> bool:
    """Whether the game is on the galaxy map (the campaign), where only the galaxy's orders are given."""
    from .campaign_flow import is_campaign
    return is_campaign(ctx.state)


def in_battle(ctx: Any) -> bool:
    """Whether the game is a battle, where the battle's orders are given."""
    return not on_galaxy(ctx)


def _galaxy_only(ctx: Any) -> str:
    return "an order of the galaxy (the campaign), not of a battle"


def _battle_only(ctx: Any) -> str:
    return "a battle's order: on the galaxy give it for your battle at a world in conflict, as `at <world> <order>`"


def build_book() -> OrderBook:
    """The tote order language: the battle's orders, and the galaxy's (available in the campaign only)."""
    specs = _specs()
    for spec in specs:
        spec.available = on_galaxy if spec.verb in GALAXY_VERBS else in_battle
        spec.why_not = _galaxy_only if spec.verb in GALAXY_VERBS else _battle_only
        if spec.verb == "at":  # only with forces at a world in conflict
            spec.available = lambda ctx: on_galaxy(ctx) and bool(_at_worlds(ctx))
            spec.why_not = lambda ctx: "you have no forces in a battle today (at a world in conflict)"
            spec.carries = tuple(s.verb for s in specs if s.verb not in GALAXY_VERBS)
    return OrderBook(specs)


def _specs() -> list[OrderSpec]:
    from . import campaign_logistics_orders as lg
    from . import campaign_fleets_orders as fl
    return [
        OrderSpec("move", [Many("units", own_movers, "your units that move together"),
                           SpaceChoice("space", space_ids, "where to: a space id (C-1, B-2, A-3, DSZ-4, ATMO, G-1/air)")],
                  "move units to a space along their cheapest path (Speed = movement points; A-Ring, DSZ and the "
                  "Atmosphere end movement)", queue, example="move GE-2 B-2"),
        OrderSpec("fire", [Choice("unit", own_shooters, "your firing unit"),
                           Choice("target", seen_targets, "a hostile unit your sensors see, in range"),
                           Optional(Many("weapons", mount_codes, "the mounts to fire (default: every unfired mount)"))],
                  "fire at a target: exact UCR damage (capital ships reach 1 space, craft their own space)",
                  queue, example="fire GE-1 NR-2"),
        OrderSpec("bomb", [Choice("unit", own_shooters, "a bombing-run craft"), Choice("target", seen_targets, "a capital ship")],
                  "a Bombing Run: warheads only, shields bypassed, target UCR no higher than the bomber's", queue,
                  example="bomb GE-9 NR-1"),
        OrderSpec("scale", [Choice("unit", own_shooters, "your planetary weapon"),
                            Choice("target", seen_targets, "a hostile ship in the A-Ring space above it"),
                            Number("percent", lambda ctx: 0, lambda ctx: 100, "a whole percent of its raw damage")],
                  "fire a planetary weapon scaled back to a percent of its raw damage", queue, example="scale GE-3 NR-1 40"),
        OrderSpec("bombard", [Choice("ship", own_shooters, "your Star Destroyer, Mon Calamari cruiser or Dauntless in the A-Ring"),
                              Choice("target", seen_targets, "a Surface target in the ground grid below")],
                  "orbital bombardment: every weapon at the ground below (24 h: no troop moves there, -1 UCR)", queue,
                  example="bombard GE-2 NR-1"),
        OrderSpec("launch", [Choice("carrier", own_carriers, "your ship"),
                             Optional(Many("craft", own_craft, "the craft to launch (default: all aboard)"))],
                  "launch craft from a ship into its space", queue, example="launch GE-1"),
        OrderSpec("recall", [Many("craft", own_craft, "your craft in the carrier's space"),
                             Choice("carrier", own_carriers, "the ship that takes them aboard")],
                  "recall craft aboard a ship in the same space (hangar room permitting)", queue,
                  example="recall GE-7 GE-1"),
        OrderSpec("patrol", [Many("craft", own_craft, "your SF squadrons or AUX craft"), Optional(Keyword("off"))],
                  "fly combat space (or atmospheric) patrol over the craft's space, or end it with 'off'", queue,
                  example="patrol GE-7"),
        OrderSpec("tractor", [Many("ships", own_tractors, "your ships with tractor projectors"),
                              Choice("target", seen_targets, "a smaller hostile vessel in range")],
                  "tractor beams (last in the post): complete control if the held length exceeds the target's",
                  queue, example="tractor GE-1 NR-3"),
        OrderSpec("drag", [Choice("target", seen_targets, "a vessel your tractor beams hold"),
                           SpaceChoice("space", space_ids, "one space away, within range 1 of your tractoring ship")],
                  "drag, push or pull a ship under complete tractor control one space", queue, example="drag NR-3 B-1"),
        OrderSpec("board", [Choice("aux", own_craft, "your AUX with a boarding party, in the target's space"),
                            Choice("target", seen_targets, "an enemy ship whose shields are down"),
                            Optional(Number("squads", lambda ctx: 1, lambda ctx: 1000, "how many squads (default: all it carries)"))],
                  "deliver boarders (shields must be down); they fight the crew in the later posts", queue,
                  example="board GE-5 NR-1"),
        OrderSpec("land", [Choice("aux", own_units, "your ship landed on a Surface, with troops, vehicles or airspeeders aboard"),
                           Optional(Number("squads", lambda ctx: 1, lambda ctx: 10000, "how many infantry squads (default: all)"))],
                  "put troops, vehicles (on the Surface) and airspeeders (in the Air) down where the ship has landed", queue,
                  example="land GE-5"),
        OrderSpec("embark", [Choice("ship", own_units, "your ship landed on a ground grid's Surface"),
                             Optional(Many("stacks", own_units, "your infantry, vehicle or airspeeder stacks on that grid (default: all)"))],
                  "take ground stacks back aboard a landed ship (within its troop room)", queue,
                  example="embark GE-5"),
        OrderSpec("swarm", [Many("squadrons", own_craft, "TIE Fighter/Interceptor squadrons in one space (the first leads)")],
                  "merge TIE squadrons into one TIE Swarm of UCR 8 (for good)", queue, example="swarm GE-5,GE-6,GE-7"),
        OrderSpec("abandon", [Choice("ship", own_units, "your ship DISABLED this round")],
                  "abandon ship (a final action): the crew takes the escape pods, the ship is derelict", queue,
                  example="abandon GE-2", final="the ship becomes a derelict"),
        OrderSpec("scuttle", [Choice("ship", own_units, "your DISABLED ship")],
                  "the crew scuttles a disabled ship: 5 per squad at UCR 20, to the hull only", queue,
                  example="scuttle GE-2"),
        OrderSpec("ram", [Choice("unit", own_units, "your ship"), Choice("target", seen_targets, "a hostile ship")],
                  "ramming is prohibited (TOTE-RAM-01): the order is always refused", queue, example="ram GE-1 NR-1"),
        OrderSpec("hold", [Many("units", own_units, "your units")],
                  "hold position and hold fire this post (no automatic defence)", queue, example="hold GE-2"),
        OrderSpec("withdraw", [Many("units", own_units, "your units with a hyperdrive")],
                  "jump to hyperspace at the end of the post, leaving the battle (uses the day's post)", queue,
                  example="withdraw NR-1,NR-2", final="the units leave the battle for good"),
        OrderSpec("jump", [FleetShips("ships", campaign_ships, "your ships at one world (craft aboard go with them)"),
                           WorldChoice("world", world_ids, "the destination: a world's id or name")],
                  "on the galaxy: jump to hyperspace on the fastest course; the fleet arrives at the start of a later "
                  "day (everyone hears that it left, never where to); e.g. jump GE-1,GE-8 corellia", queue_jump),
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
        OrderSpec("upgrade", [Choice("hero", own_heroes, "your living Hero")],
                  "on the galaxy: raise a Hero one level for 1000 KC; it gains its class's ability of that level "
                  "(levels 1-5)", queue_jump, example="upgrade GE-HERO"),
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
        OrderSpec("reserve", [Many("units", lg.reservable, "your ships at a stronghold you hold, not in conflict")],
                  "on the galaxy: mothball ships (with the craft aboard) in your Fleet Reserve Force at once, up to 23 CP; "
                  "off the map, unseen and untouchable until activated; e.g. reserve GE-8", queue_jump),
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
        OrderSpec("assign", [Many("units", fl.assignable, "your ships at worlds (not aboard, not in hyperspace)"),
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
