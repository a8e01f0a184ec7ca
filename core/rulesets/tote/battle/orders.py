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
:mod:`..campaign.flow`); the battle's orders find nothing to command there, except after
``at <world>``: the seat's orders for its battle there (:mod:`..campaign.orders`).
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import Event, to_seat
from core.orders import (
    Choice,
    Keyword,
    Many,
    Number,
    Optional,
    OrderBook,
    OrderSpec,
    Parsed,
)
from core.rulesets.tote.battle import flow
from core.rulesets.tote.battle.log import log
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.model import Unit
from core.rulesets.tote.rules.options import is_campaign

# ---- choices -------------------------------------------------------------------------------------

def _mine(ctx: Any) -> list[Unit]:
    return [u for u in ctx.state["units"].values() if u["faction"] == ctx.seat and model.can_act(u)]


def own_units(ctx: Any) -> list[str]:
    """The seat's units that may still be given orders (craft aboard too: a launch earlier in the
    post puts them on the grid)."""
    return [u["id"] for u in _mine(ctx)]


def own_landers(ctx: Any) -> list[str]:
    """The seat's units (a landed ship puts down what it carries), and ``all`` (every landed ship)."""
    ids = own_units(ctx)
    return ids + ["all"] if ids else []


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
    return [u["id"] for u in _mine(ctx) if u["space"] is not None and bool(getattr(model.spec(u), "tractor_projectors", 0))]


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
    return [log(state, f"{ctx.seat} queues: {text}", [to_seat(ctx.seat)], kind="order")]


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


# ---- the book --------------------------------------------------------------------------------------


def in_battle(ctx: Any) -> bool:
    """Whether the game is a battle, where the battle's orders are given."""
    return not is_campaign(ctx.state)


def _battle_only(ctx: Any) -> str:
    return "a battle's order: on the galaxy give it for your battle at a world in conflict, as `at <world> <order>`"


def build_book() -> OrderBook:
    """The battle's order language (the galaxy's orders are the campaign's: :func:`..campaign.book.build_book`)."""
    return OrderBook(battle_specs())


def battle_specs() -> list[OrderSpec]:
    """The battle's orders, each available in a battle only (on the galaxy: as ``at <world> <order>``)."""
    specs = [
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
        OrderSpec("land", [Choice("aux", own_landers, "your ship landed on a Surface, with troops, vehicles or airspeeders "
                                  "aboard, or all: every ship of yours that has landed (the whole army in one order)"),
                           Optional(Number("squads", lambda ctx: 1, lambda ctx: 10000, "how many infantry squads (default: all; "
                                           "one ship only)"))],
                  "put troops, vehicles (on the Surface) and airspeeders (in the Air) down where the ship has landed; "
                  "land all puts down everything aboard every ship of yours that has landed, or nothing if one grid "
                  "would break a cap", queue, example="land GE-5"),
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
    ]
    for spec in specs:
        spec.available = in_battle
        spec.why_not = _battle_only
    return specs
