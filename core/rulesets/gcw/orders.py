"""The GCW order language, declared once (core.orders): every verb, its typed arguments, when it
is available, and the handler that carries it out. Also what a forced resolution does per step."""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import GM, Event
from core.orders import Choice, Keyword, Many, Optional, OrderBook, OrderSpec, Text

from . import actions, battles, flow, resources, steps
from .data import rules
from .model import (State, card, fleets_of, is_squadron, list_points, list_problems, log, parse_list, pool_units,
                    seal, side_of, team)

OBJECTIVE_KINDS = ("assault", "defense", "navigation")


def _side(ctx: Any) -> str:
    return side_of(ctx.state, ctx.seat)


def _at(*kinds: str) -> Any:
    """Available when the step is one of ``kinds`` and awaits the seat's side."""
    def check(ctx: Any) -> bool:
        step = ctx.state.get("step")
        if step is None or step["kind"] not in kinds or ctx.state.get("result") is not None:
            return False
        return ctx.seat in ctx.state["seats"] and _side(ctx) in step["sides"]
    return check


def _battle_ids(ctx: Any) -> list[str]:
    cur = ctx.state["battle"].get("current") if isinstance(ctx.state.get("battle"), dict) else None
    return [cur["id"]] if cur else []


def _current(ctx: Any) -> dict[str, Any]:
    return ctx.state["battle"]["current"]


# -- choices ------------------------------------------------------------------------------------------
def all_systems(ctx: Any) -> list[str]:
    return sorted(rules().systems)


def own_fleets(ctx: Any) -> list[str]:
    side = _side(ctx)
    ids = fleets_of(ctx.state, side)
    if side == "Empire" and ctx.state.get("deathstar"):
        ids.append(rules().const["secret_weapon"]["id"])
    return ids


def own_fleets_only(ctx: Any) -> list[str]:
    return fleets_of(ctx.state, _side(ctx))


def own_map_units(ctx: Any) -> list[str]:
    side = _side(ctx)
    return sorted((u for u, info in ctx.state["units"].items() if info["side"] == side and info["fleet"] != "pool"), key=_uid_key)


def own_pool_units(ctx: Any) -> list[str]:
    return sorted((u["id"] for u in pool_units(ctx.state, _side(ctx)) if card(u["code"]).kind != "upgrade"), key=_uid_key)


def own_ships(ctx: Any) -> list[str]:
    side = _side(ctx)
    return sorted((u for u, info in ctx.state["units"].items() if info["side"] == side and card(info["code"]).kind == "ship"), key=_uid_key)


def _uid_key(uid: str) -> tuple[str, int]:
    return uid[0], int(uid[1:]) if uid[1:].isdigit() else 0


def next_door(ctx: Any, values: dict[str, Any]) -> list[str]:
    """The systems one jump from the fleet named (or the Death Star), offered first by completion."""
    fleet = values.get("fleet")
    ds = ctx.state.get("deathstar")
    here = ctx.state["fleets"][fleet]["system"] if fleet in ctx.state["fleets"] else (ds or {}).get("system")
    return list(rules().adjacent.get(here, [])) if here else []


def fleet_members(ctx: Any, values: dict[str, Any]) -> list[str]:
    """The units of the fleet named, offered first by completion."""
    fleet = values.get("fleet")
    return list(ctx.state["fleets"][fleet]["units"]) if fleet in ctx.state["fleets"] else []


def objectives_of(kind: str) -> Any:
    return lambda ctx: list(rules().objectives[kind])


def own_sealed_objectives(ctx: Any) -> list[str]:
    battle = ctx.state["battle"].get("current")
    if not battle or _side(ctx) not in battle["objectives"]:
        return []
    return list(ctx.state["sealed"][battle["objectives"][_side(ctx)]]["content"])


def pickable_objectives(ctx: Any) -> list[str]:
    battle = ctx.state["battle"].get("current")
    return battles.objective_options(battle) if battle else []


def retreat_choices(ctx: Any) -> list[str]:
    step = ctx.state.get("step") or {}
    return list(step.get("options", []))


def buyable(ctx: Any) -> list[str]:
    side = _side(ctx)
    return [c.code for c in rules().roster.values() if c.usable_by(side)]


# -- setup handlers -----------------------------------------------------------------------------------
def do_fleet(ctx: Any, system: str, list: str) -> list[Event]:
    line = f"fleet {system} {list}"
    side = _side(ctx)
    items = parse_list(list, side, line)
    problems = list_problems(items)
    if problems:
        raise OrderError(f"{line!r}: {'; '.join(problems)}")
    allowed = allowed_starts(side)
    if system not in allowed:
        raise OrderError(f"{line!r}: {side} may start at {', '.join(allowed)}")
    ctx.state["setup"][side].update({"text": list, "items": [[c, ups] for c, ups in items], "start": system})
    return [log(ctx.state, "setup", f"{side} drafts a {list_points(items)}-point list starting at {system} (not sealed yet)", team(side))]


def allowed_starts(side: str) -> list[str]:
    imperial = rules().const["setup"]["imperial_start_systems"]
    if side == "Empire":
        return list(imperial)
    return sorted(s for s in rules().systems if s not in imperial)


def do_base(ctx: Any, system: str) -> list[Event]:
    line = f"base {system}"
    side = _side(ctx)
    state = ctx.state
    if side != "Rebel":
        raise OrderError(f"{line!r}: only the Rebel has a Secret Base")
    if steps.step_kind(state) == "rebuild":
        legal = resources.rebuild_options(state, state["step"].get("exclude"))
        if system not in legal:
            raise OrderError(f"{line!r}: the new base may be at {', '.join(legal)}")
        return resources.rebuild(state, system) + flow.advance(state)
    if system in rules().const["setup"]["forbidden_for_rebel"]:
        raise OrderError(f"{line!r}: the base may not be at Coruscant, Kuat or Eriadu; legal: {', '.join(allowed_starts('Rebel'))}")
    state["setup"]["Rebel"]["base"] = system
    return [log(state, "setup", f"Rebel drafts the Secret Base at {system} (not sealed yet)", team("Rebel"))]


def do_ready(ctx: Any) -> list[Event]:
    side = _side(ctx)
    state = ctx.state
    draft = state["setup"][side]
    if "items" not in draft:
        raise OrderError(f"'ready': {side} has no list yet; first e.g. 'fleet {allowed_starts(side)[0]} {rules().lists[side][0]}'")
    if side == "Rebel" and "base" not in draft:
        raise OrderError("'ready': the Rebel must first choose a Secret Base, e.g. 'base Dantooine'")
    return seal_setup(state, side)


def seal_setup(state: State, side: str) -> list[Event]:
    draft = state["setup"][side]
    rid, events = seal(state, side, "setup", {"list": draft["text"], "start": draft["start"]}, "the starting list and start system")
    draft["record"] = rid
    if side == "Rebel":
        base_rid, more = seal(state, side, "base", {"base": draft["base"]}, "the Secret Base")
        draft["base_record"] = base_rid
        events += more
    steps.done(state, side)
    return events + flow.advance(state)


# -- other handlers -----------------------------------------------------------------------------------
def do_initiative(ctx: Any, side: str) -> list[Event]:
    return flow.choose_initiative(ctx.state, side)


def do_fight(ctx: Any, system: str) -> list[Event]:
    queued = [e["system"] for e in ctx.state["battle"]["queue"]]
    if system not in queued:
        raise OrderError(f"'fight {system}': no battle waits there; battles: {', '.join(queued)}")
    return battles.choose_order(ctx.state, _side(ctx), system) + flow.advance(ctx.state)


def do_objectives(ctx: Any, battle: str, assault: str, defense: str, navigation: str) -> list[Event]:
    return battles.set_objectives(ctx.state, _side(ctx), [assault, defense, navigation]) + flow.advance(ctx.state)


def do_concede(ctx: Any, battle: str) -> list[Event]:
    if _side(ctx) in _current(ctx).get("refused", []):
        raise OrderError(f"'concede {battle}': your concession was refused; seal your objectives")
    return battles.offer_concession(ctx.state, _side(ctx)) + flow.advance(ctx.state)


def do_accept(ctx: Any, battle: str) -> list[Event]:
    return battles.answer_concession(ctx.state, _side(ctx), True) + flow.advance(ctx.state)


def do_refuse(ctx: Any, battle: str) -> list[Event]:
    _current(ctx).setdefault("refused", []).append(_current(ctx)["answer"])
    return battles.answer_concession(ctx.state, _side(ctx), False) + flow.advance(ctx.state)


def do_play(ctx: Any, battle: str, order: str) -> list[Event]:
    side = _side(ctx)
    first = side if order == "first" else flow_other(side)
    return battles.set_first(ctx.state, _current(ctx), first, side) + flow.advance(ctx.state)


def flow_other(side: str) -> str:
    return "Rebel" if side == "Empire" else "Empire"


def do_reveal(ctx: Any, battle: str, objective: str, second: str | None = None) -> list[Event]:
    want = int(ctx.state["step"]["count"])
    picks = [objective] + ([second] if second else [])
    line = f"reveal {battle} {' '.join(picks)}"
    if len(picks) != want or len(set(picks)) != len(picks):
        raise OrderError(f"{line!r}: reveal exactly {want} different objective(s) of your 3: {', '.join(own_sealed_objectives(ctx))}")
    return battles.reveal_objectives(ctx.state, _side(ctx), picks) + flow.advance(ctx.state)


def do_choose(ctx: Any, battle: str, objective: str) -> list[Event]:
    return battles.pick_objective(ctx.state, _side(ctx), objective) + flow.advance(ctx.state)


def do_report(ctx: Any, battle: str, report: str) -> list[Event]:
    line = f"report {battle} {report}".strip()
    if report.strip().lower() == battles.AUTO_WORD:
        events, parsed = battles.auto_on_record(ctx.state, _current(ctx))
        return events + battles.submit_report(ctx.state, _side(ctx), parsed) + flow.advance(ctx.state)
    parsed = battles.parse_report(ctx.state, _current(ctx), report, line)
    return battles.submit_report(ctx.state, _side(ctx), parsed) + flow.advance(ctx.state)


def do_ruling(ctx: Any, battle: str, report: str) -> list[Event]:
    line = f"ruling {battle} {report}".strip()
    if ctx.by != GM:
        raise OrderError(f"{line!r}: only the GM rules on differing reports")
    parsed = battles.parse_report(ctx.state, _current(ctx), report, line)
    return battles.gm_ruling(ctx.state, parsed) + flow.advance(ctx.state)


def do_retreat(ctx: Any, battle: str, system: str) -> list[Event]:
    return battles.retreat(ctx.state, _side(ctx), system) + flow.advance(ctx.state)


def do_bomb(ctx: Any, squadron: str) -> list[Event]:
    return battles.bomb(ctx.state, squadron) + flow.advance(ctx.state)


def do_deathstar(ctx: Any, system: str) -> list[Event]:
    state = ctx.state
    options = state["step"]["options"]
    if system not in options:
        raise OrderError(f"'deathstar {system}': the Death Star may appear at {', '.join(options)}")
    state["resource"]["pending"].pop(0)
    state["step"] = None
    return resources.place_deathstar(state, system) + flow.advance(state)


def do_fire(ctx: Any, system: str) -> list[Event]:
    state = ctx.state
    target = state["step"]["target"]
    if system != target:
        raise OrderError(f"'fire {system}': the Death Star can fire only at the system it is in, {target} (GCW-GAP-34); or 'pass'")
    state["resource"]["pending"].pop(0)
    state["step"] = None
    return resources.fire(state, system) + flow.advance(state)


def do_take(ctx: Any, kind: str) -> list[Event]:
    return resources.take(ctx.state, kind) + flow.advance(ctx.state)


def do_buy(ctx: Any, card_code: str, for_: Any = None, ship: str | None = None) -> list[Event]:
    line = f"buy {card_code}" + (f" for {ship}" if ship else "")
    return resources.buy(ctx.state, _side(ctx), card_code, ship, line)


def do_done(ctx: Any) -> list[Event]:
    side = _side(ctx)
    steps.done(ctx.state, side)
    events = [log(ctx.state, "buy", f"{side} is done buying ({ctx.state['sides'][side]['rp']} RP banked)")]
    return events + flow.advance(ctx.state)


def do_pass(ctx: Any) -> list[Event]:
    state = ctx.state
    kind = steps.step_kind(state)
    if kind == "action":
        return actions.do_pass(ctx)
    state["step"] = None
    if kind == "bomb":
        state["battle"]["bombed"].extend(battles.bombers_ready(state))
        return [log(state, "weapon", "The Rebel makes no more bombing runs")] + flow.advance(state)
    if kind == "fire":
        state["resource"]["pending"].pop(0)
        return [log(state, "weapon", "The Death Star holds its fire")] + flow.advance(state)
    raise OrderError(f"'pass': nothing to pass now")


def bombers(ctx: Any) -> list[str]:
    return battles.bombers_ready(ctx.state)


def build_book() -> OrderBook:
    """The whole order language."""
    B = Choice("battle", _battle_ids, "the battle being fought (B1, B2 ...)")
    return OrderBook([
        OrderSpec("fleet", [Choice("system", all_systems, "your start system"), Text("list", "ships and squadrons, e.g. victory-2+tarkin,raider-1,tie-fighter*2")],
                  "draft your secret starting list and start system (GCW-SETUP-01..10)", do_fleet,
                  example="fleet Kuat victory-2+tarkin,raider-1,tie-fighter", available=_at("setup")),
        OrderSpec("base", [Choice("system", all_systems, "the Secret Base system")], "choose the secret Rebel base (setup or rebuild)",
                  do_base, example="base Dantooine", available=lambda ctx: _at("setup", "rebuild")(ctx) and _side(ctx) == "Rebel",
                  why_not=lambda ctx: "only the Rebel has a Secret Base" if ctx.seat in ctx.state["seats"] and _side(ctx) != "Rebel"
                  else "the base is chosen at setup or when it is rebuilt"),
        OrderSpec("ready", [], "seal your setup; both are revealed when both are ready", do_ready, available=_at("setup")),
        OrderSpec("initiative", [Choice("side", lambda ctx: ["Empire", "Rebel"])], "give initiative to a side", do_initiative,
                  example="initiative Rebel", available=_at("initiative")),
        OrderSpec("move", [Choice("fleet", own_fleets), Choice("system", all_systems, first=next_door), Optional(Many("escorts", own_fleets_only, "fleets riding with the Death Star"))],
                  "move a fleet one jump (CP: small 1, medium 2, large 3, +1 Admiral; Death Star 4)", actions.do_move,
                  example="move Aurek Corellia", available=_at("action"),
                  dice="the auto-resolved battle's d8s if an enemy fleet is there and battles are auto-resolved (GCW-GAP-03)"),
        OrderSpec("split", [Choice("fleet", own_fleets_only), Many("units", own_map_units, first=fleet_members)], "split units off into a new fleet (1 CP)",
                  actions.do_split, example="split Aurek E3,E4", available=_at("action")),
        OrderSpec("merge", [Choice("fleet", own_fleets_only), Choice("other", own_fleets_only)], "merge the second fleet into the first (1 CP)",
                  lambda ctx, fleet, other: actions.do_merge(ctx, fleet, other), example="merge Aurek Besh", available=_at("action")),
        OrderSpec("transfer", [Many("units", own_map_units), Choice("fleet", own_fleets_only)], "transfer units to another fleet in the system (1 CP)",
                  actions.do_transfer, example="transfer E3 Besh", available=_at("action")),
        OrderSpec("reassign", [Choice("upgrade", lambda ctx: actions.upgrade_refs(ctx.state, _side(ctx))),
                               Choice("target", lambda ctx: own_ships(ctx) + ["pool"])],
                  "move a Commander or Officer to another ship, or to the force pool (1 CP)", actions.do_reassign,
                  example="reassign E1.tarkin E4", available=_at("action")),
        OrderSpec("repair", [Choice("fleet", own_fleets_only), Optional(Many("ships", own_ships))],
                  "repair persistent damage at a usable shipyard (ceil(ships / yard value) CP)", actions.do_repair,
                  example="repair Aurek", available=_at("action")),
        OrderSpec("deploy", [Many("units", own_pool_units), Choice("target", lambda ctx: own_fleets_only(ctx) + all_systems(ctx))],
                  "bring force-pool units into a fleet or a new fleet at an entry system (1 CP)", actions.do_deploy,
                  example="deploy E7,E8 Kuat", available=_at("action")),
        OrderSpec("pass", [], "pass (the movement phase ends after two passes in a row); decline a bombing run or the Death Star's shot",
                  do_pass, available=_at("action", "bomb", "fire")),
        OrderSpec("fight", [Choice("system", lambda ctx: [e["system"] for e in ctx.state["battle"]["queue"]])],
                  "the initiative side picks the next battle", do_fight, available=_at("battle-order")),
        OrderSpec("objectives", [B, Choice("assault", objectives_of("assault")), Choice("defense", objectives_of("defense")),
                                 Choice("navigation", objectives_of("navigation"))],
                  "seal your 3 objectives for the battle (GCW-BATTLE-03/04)", do_objectives,
                  example="objectives B1 Most Wanted Fire Lanes Minefields", available=_at("open")),
        OrderSpec("concede", [B], "offer to concede the battle (GCW-WITHDRAW-04)", do_concede, available=_at("open"),
                  final="your offer is sealed as your opening choice; if the opponent accepts, the battle is not "
                        "played, they score half your fleet's points and your fleet withdraws (GCW-WITHDRAW-04)"),
        OrderSpec("accept", [B], "accept the opponent's concession", do_accept, available=_at("answer")),
        OrderSpec("refuse", [B], "refuse the opponent's concession: the battle is played", do_refuse, available=_at("answer")),
        OrderSpec("play", [B, Choice("order", lambda ctx: ["first", "second"])], "choose to be 1st or 2nd player", do_play,
                  example="play B1 second", available=_at("first")),
        OrderSpec("reveal", [B, Choice("objective", own_sealed_objectives), Optional(Choice("second", own_sealed_objectives))],
                  "reveal the objectives the advantage allows", do_reveal, available=_at("reveal")),
        OrderSpec("choose", [B, Choice("objective", pickable_objectives)], "the 1st player picks the objective", do_choose,
                  available=_at("pick")),
        OrderSpec("report", [B, Text("report", "unit=destroyed|early|late|fled|survived[:faceup] ... Empire=<vp> Rebel=<vp>, "
                                          "or 'auto': the auto-resolver's result, rolled once per battle on the record", required=False)],
                  "report the battle's result (sealed until both are in); after differing reports, amend yours", do_report,
                  example="report B1 E2=destroyed R1=late:2 R4=fled Empire=40", available=_at("report", "ruling")),
        OrderSpec("ruling", [B, Text("report", "the report the GM rules", required=False)],
                  "the GM's ruling on differing reports", do_ruling,
                  available=lambda ctx: ctx.by == GM and _at("ruling")(ctx)),
        OrderSpec("retreat", [B, Choice("system", retreat_choices)], "where your withdrawing fleet goes", do_retreat,
                  available=_at("retreat")),
        OrderSpec("bomb", [Choice("squadron", bombers)], "a bombing run at the Death Star (black die; Luke rerolls)", do_bomb,
                  example="bomb R5", available=_at("bomb"), dice="a black die (Luke rerolls a miss)"),
        OrderSpec("deathstar", [Choice("system", lambda ctx: list((ctx.state.get("step") or {}).get("options", [])))],
                  "place the Death Star", do_deathstar, available=_at("deathstar")),
        OrderSpec("fire", [Choice("system", all_systems)], "the Death Star destroys the system it is in", do_fire,
                  available=_at("fire")),
        OrderSpec("take", [Choice("kind", lambda ctx: ["VP", "RP"])], "take the base bonus as VP or RP", do_take,
                  available=_at("take")),
        OrderSpec("buy", [Choice("card", buyable), Optional(Keyword("for")), Optional(Choice("ship", own_ships))],
                  "buy a reinforcement with RP", lambda ctx, card, ship=None, **_: do_buy(ctx, card, None, ship),
                  example="buy victory-2", available=_at("buy")),
        OrderSpec("done", [], "end your purchases for this turn", do_done, available=_at("buy")),
    ])


# -- forced resolution --------------------------------------------------------------------------------
def force(ruleset: Any, state: State) -> list[Event]:
    """What the GM's "force resolution" does: the awaited sides pass or take the plain default."""
    kind = steps.step_kind(state)
    if kind is None:
        return flow.advance(state)
    sides = list(state["step"]["sides"])
    events = [log(state, "forced", f"The GM forces resolution of {kind} for {', '.join(sides)}")]
    if kind == "ruling":
        battle = state["battle"]["current"]
        return events + battles.gm_ruling(state, battles.forced_report(state, battle)) + flow.advance(state)
    if kind == "report":
        battle = state["battle"]["current"]
        state["step"] = None
        battle["stage"] = "applied"
        return events + battles.apply_report(state, battle, battles.forced_report(state, battle), "forced") + flow.advance(state)
    for side in sides:
        if state.get("step") is None or steps.step_kind(state) != kind:
            break
        seat = next(s for s, info in state["seats"].items() if info["side"] == side)
        ctx = ruleset.context(state, seat, GM)
        events += default_order(ctx, kind, side)
    return events


def default_order(ctx: Any, kind: str, side: str) -> list[Event]:
    state = ctx.state
    if kind == "setup":
        draft = state["setup"][side]
        if "items" not in draft:
            text = rules().lists[side][0]
            start = "Coruscant" if side == "Empire" else "Yavin IV"
            draft.update({"text": text, "items": [[c, u] for c, u in parse_list(text, side, text)], "start": start})
        if side == "Rebel" and "base" not in draft:
            draft["base"] = "Dantooine"
        return seal_setup(state, side)
    if kind == "initiative":
        return flow.choose_initiative(state, side)
    if kind in ("action", "bomb", "fire"):
        return do_pass(ctx)
    if kind == "battle-order":
        return do_fight(ctx, state["battle"]["queue"][0]["system"])
    if kind == "open":
        obj = rules().objectives
        return do_objectives(ctx, "", obj["assault"][0], obj["defense"][0], obj["navigation"][0])
    if kind == "answer":
        return do_refuse(ctx, "")
    if kind == "first":
        return do_play(ctx, "", "first")
    if kind == "reveal":
        picks = own_sealed_objectives(ctx)[: int(state["step"]["count"])]
        return do_reveal(ctx, "", *picks)
    if kind == "pick":
        return do_choose(ctx, "", pickable_objectives(ctx)[0])
    if kind == "retreat":
        return do_retreat(ctx, "", state["step"]["options"][0])
    if kind == "deathstar":
        return do_deathstar(ctx, state["step"]["options"][0])
    if kind == "take":
        return do_take(ctx, "VP")
    if kind == "rebuild":
        return do_base(ctx, resources.rebuild_options(state, state["step"].get("exclude"))[0])
    if kind == "buy":
        return do_done(ctx)
    raise OrderError(f"nothing to force at step {kind}")
