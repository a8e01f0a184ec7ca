"""A campaign's battles: each world in conflict (TOTE-CONFLICT-01) fights one battle day on its
space-ground grid with the part-1 battle engine (:mod:`.flow`, :mod:`.actions`, :mod:`.bot`).

The battle state is built for the day from the campaign units at the world (every faction present
posts once, in the campaign's initiative order, TOTE-GAP-02), with the game's dice; each faction's
post is the battle orders it gave in its galaxy post (``at <world> ...``, :mod:`.orders`),
its bot's orders from its own battle view if it left the battle to its bot (and ``bots`` is on),
else the automatic defence (TOTE-GAP-02). Afterwards the units go back into the campaign with their layers, flags and grid
``space`` (kept between days, so a battle goes on where it stood). A unit that arrives has no
``space``: the world's holder sets up in the C-Ring of its quadrant, everyone else in the Deep Space
Zone of theirs (TOTE-HYPER-01/03: a hostile system allows a DSZ exit only), the k-th faction of the
initiative in quadrant k mod 4 + 1. The arrival's ``arrived_turn`` leaves it no movement points on
that day (TOTE-HYPER-02).

The battle follows the galaxy through :mod:`.victory` (before the day: the world's
facilities and their owners, its conflict status, ground grids, amnesty, fatigue clocks; after it:
facility damage, stacks put down, the destroyed and their destroyers for the victory record).

Events of the battle go to the factions present and the GM; everyone gets a public combat notice
(TOTE-COMMS-05, catalog 5.5) naming the world and the factions fighting, nothing else.
"""
from __future__ import annotations

import marshal
import re
from typing import Any

from core.errors import HolotableError, OrderError
from core.events import GM, Event, event, to_seat
from core.rulesets.tote.battle import flow
from core.rulesets.tote.campaign import travel
from core.rulesets.tote.campaign.heroes import battle_flags
from core.rulesets.tote.campaign.missions import add_neutral
from core.rulesets.tote.campaign.missions import after_battle as missions_after_battle
from core.rulesets.tote.campaign.victory import after_battle, before_battle
from core.rulesets.tote.campaign.worlds import knows_battle
from core.rulesets.tote.rules import grid, model
from core.rulesets.tote.rules.galaxy import galaxy, world_name

State = dict[str, Any]


def _has_ground(world: str) -> bool:
    """Whether the world has ground grids to fight on (a world without any fights in space only)."""
    p = galaxy().planets.get(world)
    return p is None or p.ground_grids > 0


def battle_state(ruleset: Any, c: dict[str, Any], world: str, initiative: list[str], dice: dict[str, Any],
                 options: dict[str, Any]) -> State:
    """The battle of ``world`` today as a part-1 battle state (see :func:`.setup.new_state`): the
    units at the world (not destroyed, not aboard), placed where they stood or set up on arrival."""
    here = [(uid, u) for uid, u in c["units"].items() if u.get("system") == world and not u.get("transit")]
    present = {u["faction"] for _uid, u in here}
    seats = [s for s in initiative if s in present]
    owner = c["planets"].get(world, {}).get("owner")
    units: dict[str, dict[str, Any]] = {}
    copies = marshal.loads(marshal.dumps({uid: u for uid, u in here if not u.get("destroyed")}))  # a deep copy, fast
    for uid in sorted(copies):
        b = copies[uid]
        if b.get("space") is None and not b.get("carried_by"):
            q = initiative.index(b["faction"]) % 4 + 1
            b["space"] = f"{'C' if b['faction'] == owner else 'DSZ'}-{q}"
        units[uid] = b
    seats = add_neutral(c, world, units, seats)  # a flashpoint's force fights as a seat of its own (TOTE-FLASH-01)
    hero_cp = battle_flags(c, world, units)  # the Heroes' abilities in this battle (TOTE-DATA-09)
    opts = {**ruleset.options(), **{k: v for k, v in options.items() if k in ruleset.options()}, "day_limit": 10 ** 6}
    turn = int(c["turn"])
    return {"ruleset": "tote", "turn": turn, "hour": int(c["hour"]), "dice": dict(dice),
            "seats": {s: {"side": c["seats"].get(s, s)} for s in seats}, "hero_cp": hero_cp, "sheets": {s: [] for s in seats}, "away": [],
            "scenario": "campaign", "options": opts, "planet": world, "ground": _has_ground(world),
            "fleets": {s: "the campaign's forces" for s in seats}, "units": units,
            "initiative": list(seats), "active": None, "post": {"seat": None, "ordered": [], "occupied": []},
            "posted": [], "result": None, "initiative_roll": [], "ob": held_effects(c, world),
            "ashore": held_pods(c, world)}


def held_effects(c: dict[str, Any], world: str) -> list[dict[str, Any]]:
    """The H-hour effects of the battle at ``world`` still running from an earlier battle day (a
    copy): an orbital bombardment lasts until every other player has posted under it (revised
    TOTE-GAP-01, TOTE-OB-04/05), however many battle days that takes."""
    return marshal.loads(marshal.dumps(c.get("battle_effects", {}).get(world, {}).get("ob", [])))


def held_pods(c: dict[str, Any], world: str) -> list[dict[str, Any]]:
    """The escape pods of ships abandoned at ``world`` on an earlier battle day, still on their way
    to the Surface (a copy): they land in their owner's next post (TOTE-DISABLE-06/07), which in the
    campaign may be the next battle day's."""
    return marshal.loads(marshal.dumps(c.get("battle_effects", {}).get(world, {}).get("ashore", [])))


def keep_effects(c: dict[str, Any], world: str, state: State) -> None:
    """Keep the battle's running effects in the campaign for the next battle day at ``world``
    (``c["battle_effects"][world]``, beside the fatigue clocks): orbital bombardments (``ob``) and
    escape pods not yet landed (``ashore``); tractor holds stay on the units."""
    effects = c.setdefault("battle_effects", {})
    kept = {k: list(state[k]) for k in ("ob", "ashore") if state.get(k)}
    if kept:
        effects[world] = kept
    else:
        effects.pop(world, None)


def land_pods(c: dict[str, Any], world: str) -> list[Event]:
    """Land every escape pod still on its way to a Surface of ``world`` when no battle day is fought
    there to land them in (the enemy has gone): the crews stand on the ground as infantry squads
    (TOTE-DISABLE-06/07; issue 26.14). Returns a note to each owner and the GM; changes ``c``."""
    effects = c.get("battle_effects", {}).get(world)
    if not effects or not effects.get("ashore"):
        return []
    out: list[Event] = []
    for pods in effects.pop("ashore"):
        uid, seat, space = str(pods["id"]), str(pods["faction"]), str(pods["arrives"])
        c["units"][uid] = dict(model.new_stack(uid, str(pods.get("type", "INF")), seat, space, int(pods["count"])),
                               system=world, transit=None)
        out.append(event("tote.landed", f"{pods['count']} squads of {uid} land by escape pod on {grid.label(space)} "
                         f"of {world_name(world)}.", [to_seat(seat), GM], int(c["turn"])))
    if not effects:
        c["battle_effects"].pop(world)
    return out


def prepared_state(ruleset: Any, c: dict[str, Any], world: str, initiative: list[str], dice: dict[str, Any],
                   options: dict[str, Any]) -> State:
    """The battle of ``world`` as it stands, as the battle day will fight it: :func:`battle_state`
    made to follow the galaxy (:func:`.victory.before_battle`: facilities, conflict, ground
    grids, amnesty, fatigue). For checking orders and drawing the grid; changes nothing of ``c``."""
    state = battle_state(ruleset, c, world, initiative, dice, options)
    before_battle(c, world, state, initiative)
    return state


def fight(ruleset: Any, c: dict[str, Any], world: str, initiative: list[str], dice: dict[str, Any],
          options: dict[str, Any], bots: bool = True) -> tuple[dict[str, Any], list[Event]]:
    """One battle day at ``world``: every faction there posts once (its orders from its galaxy post,
    its bot's if it left the battle to its bot, or the automatic defence), then the units go back
    into the campaign ``c`` (changed in place). Returns the dice after the battle and the events (to
    the factions present and the GM; a faction's own notes and refusals to it and the GM; the public
    combat notice, also kept in ``c["notices"]``)."""
    state = battle_state(ruleset, c, world, initiative, dice, options)
    before = before_battle(c, world, state, initiative)  # facilities, conflict, ground grids, amnesty (TOTE-GAP-49)
    seats = list(state["seats"])
    if len(seats) < 2:
        return dice, unposted(c, list(initiative), world) + land_pods(c, world)
    order = list(state["initiative"])  # the galaxy's order of the day, already rotated (TOTE-GAP-02): never twice
    state["initiative"] = order
    state["turn"] = 1  # the battle's own day count starts at its first day; the campaign keeps the date
    first = flow.next_poster(state, None)
    events: list[Event] = list(before)
    for owner in sorted({str(p["faction"]) for p in state["ashore"]} - set(seats)):  # nothing of theirs posts here:
        events += flow.land_escape_pods(state, owner)  # their crews land as the day's battle begins (TOTE-DISABLE-06)
    notes: list[Event] = []
    if first is not None:
        events += flow.begin_post(state, first)
        for u in state["units"].values():
            if u.get("arrived_turn") == c["turn"]:
                u["mp"] = 0
    guard = 0
    known = {s: _detected(state, s) for s in seats}  # whom each seat's sensors find here (TOTE-SCAN-13/14)
    told = {s for s in seats if s in c["seats"] and knows_battle(c, world, s)}  # who knows of this battle at all
    posts: list[tuple[str, list[Event]]] = []
    while state["turn"] == 1 and flow.active(state) is not None and guard < 2 * len(seats) + 2:
        guard += 1
        seat = flow.active(state)
        assert seat is not None  # the loop runs only while the battle has an active seat
        for u in state["units"].values():
            if u["faction"] == seat and u.get("arrived_turn") == c["turn"]:
                u["mp"] = 0  # TOTE-HYPER-02: out of hyperspace today (before the post: its orders see it)
        note = post(ruleset, c, state, seat, world, bots)
        posts.append((seat, flow.resolve_post(ruleset, state) + note))  # the seat's note on its post after the post
        for s in seats:
            known[s] |= _detected(state, s)
    combat = any(e["kind"] in COMBAT for _seat, batch in posts for e in batch)
    notes += unposted(c, list(initiative), world)
    for uid, b in state["units"].items():
        if uid in c["units"]:
            c["units"][uid] = dict(b, system=world, transit=None)
    after_battle(c, world, state)  # facilities' damage, the destroyed and their destroyers (TOTE-WIN-02)
    keep_effects(c, world, state)  # an orbital bombardment runs on into the next battle day (TOTE-GAP-01)
    missions_after_battle(c, world, state, events + [e for _s, batch in posts for e in batch])  # flashpoint damage, mission deeds, Hero flags off
    present = [to_seat(s) for s in seats if combat or s in told] + [GM]
    turn = int(c["turn"])
    name = world_name(world)
    out = [event(e["kind"], _in_campaign(e, name), _audience(e, present), turn) for e in events
           if e["kind"] not in ("order", "tote.order", "tote.turn")]
    for seat, batch in posts:  # a post is told to the seats that know the poster is here, or all once shots are fired;
        # a seat that detects nobody here and sees no shot knows of no battle (TOTE-SCAN-13/14)
        aware = [to_seat(s) for s in seats if combat or (s in told and (s == seat or seat in known[s]))] + [GM]
        out += [event(e["kind"], _in_campaign(e, name), _audience(e, aware), turn) for e in batch
                if e["kind"] not in ("order", "tote.order", "tote.turn")]
    out += notes
    out += _withdrawals(c, world, seats)
    lost = sum(1 for uid, b in state["units"].items() if b.get("destroyed"))
    if not combat:  # no combat action: nothing for the galaxy to know (TOTE-COMMS-05); each faction that knows of
        # the battle reads it with the factions it knows are there, the GM with all
        for s in sorted(told):
            names = ", ".join(sorted(model.FACTIONS.get(c["seats"].get(f, f), "the neutral forces") for f in {s} | known[s]))
            out.append(event("tote.combat", f"Battle at {name}: {names} (no shot fired).", [to_seat(s)], turn))
        names = ", ".join(sorted(model.FACTIONS.get(c["seats"].get(s, s), "the neutral forces") for s in seats))
        out.append(event("tote.combat", f"Battle at {name}: {names} (no shot fired).", [GM], turn))
        return state["dice"], out
    names = ", ".join(sorted(model.FACTIONS.get(c["seats"].get(s, s), "the neutral forces") for s in seats))
    text = f"Battle at {name}: {names} ({lost} unit{'s' if lost != 1 else ''} destroyed so far)."
    c["notices"].append({"kind": "combat", "public": True, "hour": int(c["hour"]), "system": world,
                         "factions": sorted(c["seats"].get(s, s) for s in seats), "text": text})
    out.append(event("tote.combat", text, ["all"], turn))
    return state["dice"], out


#: The battle's events that are combat actions, known to every player (TOTE-COMMS-05).
COMBAT = ("tote.hit", "tote.ob", "tote.board", "tote.capture", "tote.tractor", "tote.drag", "tote.scuttle")


def _detected(state: State, seat: str) -> set[str]:
    """The other seats whose units ``seat`` may know of in the battle now (:func:`..rules.model.sees`)."""
    return {u["faction"] for u in state["units"].values() if u["faction"] != seat and model.sees(state, seat, u)}


def _in_campaign(e: Event, name: str) -> str:
    """A battle event's text as the campaign tells it: a post is the post at the world (the battle's
    own day count, always its first day here, would only confuse)."""
    text = str(e["text"])
    if e["kind"] == "tote.post" and text.startswith("Day "):
        return f"At {name}: {text.split(': ', 1)[-1]}"
    if e["kind"] == "tote.end" and text.startswith("The battle is over: "):  # the day's fighting, not the war
        reason = re.sub(r" \([A-Z]{2,4}\)", "", text.removeprefix("The battle is over: ")).replace("holds the system", "holds the field")
        return f"At {name}, the fighting stops for today: {reason}"
    return text


def _audience(e: Event, present: list[str]) -> list[str]:
    """Who in the campaign sees a battle event: a public one of the battle goes to the factions
    present and the GM; one for certain seats (a refused order, a released hold) to them and the GM."""
    to = list(e.get("to") or ["all"])
    if "all" in to:
        return present
    return [t for t in to if t in present and t != GM] + [GM]


def _withdrawals(c: dict[str, Any], world: str, seats: list[str]) -> list[Event]:
    """Units that withdrew into hyperspace (TOTE-TIME-05) leave the world for the nearest world
    their faction holds (else its first stronghold) through :func:`.travel.depart`; a jump that
    cannot be flown leaves them where they are, out of the fight until they jump."""

    g = galaxy()
    out: list[Event] = []
    for seat in seats:
        gone = sorted(uid for uid, u in c["units"].items() if u["faction"] == seat and u.get("system") == world
                      and u.get("withdrawn") and not u.get("destroyed") and not u.get("carried_by"))
        if not gone:
            continue
        hours = g.hours_from(world)
        held = [w for w, p in c["planets"].items() if p["owner"] == seat and w != world and w in hours]
        home = min(held, key=lambda w: (hours[w], w)) if held else next(iter(c["strongholds"].get(seat, [])), None)
        for uid in gone:
            c["units"][uid]["withdrawn"] = False
            c["units"][uid]["space"] = None
        if home is None or home == world:
            continue
        try:
            moved, news = travel.depart(g, c["units"], seat, gone, home, int(c["turn"]), label=model.FACTIONS[c["seats"][seat]])
        except OrderError:
            continue
        c["units"].update(moved)
        for e in news:  # the public departure notice, never the destination (TOTE-COMMS-05)
            if e["kind"] == "departed":
                c["notices"].append(e["data"]["notice"])
                out.append(event("tote.departed", e["text"], ["all"], int(c["turn"])))
        out.append(event("campaign.jump", f"{', '.join(gone)} withdrew from {g.planets[world].name} for "
                         f"{g.planets[home].name}.", [to_seat(seat), GM], int(c["turn"])))
    return out


#: The word that leaves a battle's post to the faction's bot.
BOT = "bot"


def take(c: dict[str, Any], seat: str, world: str) -> list[str] | None:
    """The seat's orders for the battle at ``world`` (taken out of the campaign), or None if it gave none."""
    mine = c.get("battle_orders", {}).get(seat, {})
    return mine.pop(world, None)


def unposted(c: dict[str, Any], seats: list[str], world: str) -> list[Event]:
    """Notes to the seats whose orders for the battle at ``world`` were never given (their forces there
    could no longer act when their post came); the orders are spent."""
    out = []
    for seat in seats:
        texts = take(c, seat, world)
        if texts and texts != [BOT]:
            out.append(event("tote.battle", f"At {world_name(world)} your {len(texts)} battle order"
                             f"{'s were' if len(texts) != 1 else ' was'} not given: your forces there could no "
                             f"longer act when your post came.", [to_seat(seat), GM], int(c["turn"])))
    return out


def post(ruleset: Any, c: dict[str, Any], battle: State, seat: str, world: str, bots: bool) -> list[Event]:
    """``seat``'s post at the battle of ``world``: its orders given in the galaxy post submitted in
    order (a refused one reported to the seat and the GM, and skipped), its bot's orders if it left
    the battle to its bot (and ``bots``, the option ``campaign_battle_bots``, is on), else nothing:
    its units defend themselves (TOTE-GAP-02). Returns the seat's note of its post."""
    texts = take(c, seat, world) if seat in c["seats"] else [BOT]  # a flashpoint's force: the engine's bot
    turn = int(c["turn"])
    name = world_name(world)
    to = [to_seat(seat), GM]
    if texts == [BOT] and bots:
        for text in ruleset.bot(ruleset.view(battle, seat), seat):
            try:
                ruleset.submit(battle, seat, text)
            except HolotableError:
                pass
        return []
    if seat not in c["seats"]:
        return []
    if not texts or texts == [BOT]:
        return [event("tote.battle", f"At {name} you gave no battle orders: your units there defended themselves "
                      f"(the automatic defence).", to, turn)]
    out: list[Event] = []
    given = 0
    for text in texts:
        try:
            ruleset.submit(battle, seat, text)
            given += 1
        except HolotableError as exc:
            out.append(event("tote.refused", f"At {name}, your battle order {text!r} was not given: {exc}", to, turn))
    out.insert(0, event("tote.battle", f"At {name} your post gave {given} of your {len(texts)} battle "
                        f"order{'s' if len(texts) != 1 else ''}.", to, turn))
    return out
