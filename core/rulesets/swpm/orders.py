"""The Pocket Models order language, declared once (core.orders): every verb, its typed arguments,
when it is available, and the handler that carries it out."""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import Event
from core.orders import Choice, Many, Optional, OrderBook, OrderSpec, Text
from core.ruleset import Ruleset

from . import combat, flow, setup, swap
from .data import rules
from .model import card, home, occupied_slots, other, units_of

ZONE_WORDS = ["home", "contested", "enemy"]


def _step(ctx: Any) -> dict[str, Any]:
    return ctx.state.get("step") or {}


def _at(*kinds: str) -> Any:
    def check(ctx: Any) -> bool:
        step = _step(ctx)
        if ctx.state.get("result") is not None or step.get("kind") not in kinds:
            return False
        if step["kind"] == "setup":
            return ctx.seat in step["seats"]
        return step.get("seat") == ctx.seat
    return check


def _main_free(ctx: Any) -> bool:
    return _at("main")(ctx) and not ctx.state["acted"]


def _swap_ok(ctx: Any) -> bool:
    return _main_free(ctx) and not ctx.state["swapped"]


# -- choices -----------------------------------------------------------------------------------------
def starters(ctx: Any) -> list[str]:
    return list(rules().starters)


def draft_units(ctx: Any) -> list[str]:
    draft = ctx.state.get("setup", {}).get(ctx.seat)
    return setup.draft_ids(draft) if draft else []


def own_in_play(ctx: Any) -> list[str]:
    return units_of(ctx.state, ctx.seat, True) if ctx.state.get("units") else []


def own_reserves(ctx: Any) -> list[str]:
    return units_of(ctx.state, ctx.seat, False) if ctx.state.get("units") else []


def strikers(ctx: Any) -> list[str]:
    if not ctx.state.get("units"):
        return []
    enemy = home(other(ctx.state, ctx.seat))
    return [u for u in units_of(ctx.state, ctx.seat, True) if ctx.state["units"][u]["zone"] == enemy]


def pairings(ctx: Any) -> list[str]:
    return flow.legal_attacks(ctx.state, ctx.seat) if ctx.state.get("units") else []


def hand_objectives(ctx: Any) -> list[str]:
    hand = ctx.state.get("players", {}).get(ctx.seat, {}).get("hand", [])
    return sorted({t for t in hand if card(t).type == "objective"})


def hand_combat(ctx: Any) -> list[str]:
    hand = ctx.state.get("players", {}).get(ctx.seat, {}).get("hand", [])
    return sorted({t for t in hand if card(t).type == "combat"})


def own_slots(ctx: Any) -> list[str]:
    if ctx.seat not in ctx.state.get("players", {}):
        return []
    if ctx.state["options"]["swap_into_empty_slot"]:
        return [str(i + 1) for i in range(len(ctx.state["players"][ctx.seat]["slots"]))]
    return [str(i + 1) for i in occupied_slots(ctx.state, ctx.seat)]


def enemy_slots(ctx: Any) -> list[str]:
    if ctx.seat not in ctx.state.get("players", {}):
        return []
    return [str(i + 1) for i in occupied_slots(ctx.state, other(ctx.state, ctx.seat))]


def reserve_or_none(ctx: Any) -> list[str]:
    return ["none", *own_reserves(ctx)]


# -- handlers ------------------------------------------------------------------------------------------
def _dice(ctx: Any) -> Any:
    return Ruleset.dice(ctx.state)


def _done(ctx: Any, dice: Any, events: list[Event]) -> list[Event]:
    return events + Ruleset.keep_dice(ctx.state, dice)


def do_fleet(ctx: Any, list: str) -> list[Event]:
    st = rules().starters[list]
    return setup.set_list(ctx.state, ctx.seat, [*st.units], [*st.deck], st.tag, f"fleet {list}")


def do_build(ctx: Any, lists: str) -> list[Event]:
    line = f"build {lists}"
    units, deck = setup.parse_build(lists, line)
    return setup.set_list(ctx.state, ctx.seat, units, deck, "custom", line)


def do_home(ctx: Any, units: list[str]) -> list[Event]:
    return setup.set_home(ctx.state, ctx.seat, units, f"home {','.join(units)}")


def do_ready(ctx: Any) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, setup.ready(ctx.state, ctx.seat, dice, "ready"))


def do_swap(ctx: Any, card: str, slot: str) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, swap.do_swap(ctx.state, ctx.seat, card, int(slot), dice, f"swap {card} {slot}"))


def do_move(ctx: Any, units: list[str], zone: str, units2: list[str] | None = None, zone2: str | None = None,
            units3: list[str] | None = None, zone3: str | None = None) -> list[Event]:
    groups = [(units, zone)]
    line = f"move {','.join(units)} {zone}"
    for more, where in ((units2, zone2), (units3, zone3)):
        if more is not None:
            if where is None:
                raise OrderError(f"{line} {','.join(more)!r}: name the zone those units move to (home, contested, enemy)")
            groups.append((more, where))
            line += f" {','.join(more)} {where}"
    dice = _dice(ctx)
    return _done(ctx, dice, flow.do_move(ctx.state, ctx.seat, groups, dice, line))


def do_attack(ctx: Any, pairs: list[str]) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, combat.declare_attack(ctx.state, ctx.seat, pairs, dice, f"attack {','.join(pairs)}"))


def do_strike(ctx: Any, units: list[str]) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, combat.declare_strike(ctx.state, ctx.seat, units, dice, f"strike {','.join(units)}"))


def do_play(ctx: Any, card: str) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, combat.card_choice(ctx.state, ctx.seat, card, dice, f"play {card}"))


def do_pass(ctx: Any) -> list[Event]:
    dice = _dice(ctx)
    if _step(ctx).get("kind") == "card":
        return _done(ctx, dice, combat.card_choice(ctx.state, ctx.seat, None, dice, "pass"))
    return _done(ctx, dice, flow.do_pass(ctx.state, ctx.seat, dice))


def do_target(ctx: Any, slot: str) -> list[Event]:
    dice = _dice(ctx)
    return _done(ctx, dice, combat.strike(ctx.state, ctx.seat, int(slot), dice, f"target {slot}"))


def do_reinforce(ctx: Any, units: list[str]) -> list[Event]:
    picked = [u for u in units if u != "none"]
    if "none" in units and picked:
        raise OrderError(f"'reinforce {','.join(units)}': name units or 'none', not both")
    dice = _dice(ctx)
    return _done(ctx, dice, combat.reinforce(ctx.state, ctx.seat, picked, dice, f"reinforce {','.join(units)}"))


def build_book() -> OrderBook:
    """The order book."""
    return OrderBook([
        OrderSpec("fleet", [Choice("list", starters, "a starter list")], "Take a starter fleet and deck (setup)",
                  do_fleet, example="fleet rebel-strike", available=_at("setup")),
        OrderSpec("build", [Text("lists", "units, '/', then cards; tag*n repeats")],
                  "Take your own fleet and deck (setup); every broken rule is named", do_build,
                  example="build mc80 xwing*3 ... / focus-fire*3 ...", available=_at("setup"),
                  details="30 BS of units at most, at least 30 cards, 3 copies of a card, 1 copy of a unit per 10 BS"),
        OrderSpec("home", [Many("units", draft_units, "your units for the home zone, 20 BS at most; the rest go to reserves")],
                  "Choose the units that start in your home zone (setup, secret)", do_home,
                  example="home mc80-1,xwing1,xwing2", available=_at("setup")),
        OrderSpec("ready", [], "Seal your setup; it is revealed when both players are ready", do_ready,
                  available=_at("setup")),
        OrderSpec("swap", [Choice("card", hand_objectives, "an objective card in your hand"),
                           Choice("slot", own_slots, "one of your objective slots")],
                  "Swap an objective card from your hand into a slot (before your action)", do_swap,
                  example="swap shield-gen 2", available=_swap_ok),
        OrderSpec("move", [Many("units", own_in_play, "up to 5 BS of your units in play"),
                           Choice("zone", lambda ctx: ZONE_WORDS, "where they move: one zone over"),
                           Optional(Many("units2", own_in_play, "more units going elsewhere")),
                           Optional(Choice("zone2", lambda ctx: ZONE_WORDS, "their zone")),
                           Optional(Many("units3", own_in_play, "more units going elsewhere")),
                           Optional(Choice("zone3", lambda ctx: ZONE_WORDS, "their zone"))],
                  "Move action: up to 5 BS of units one zone each", do_move,
                  example="move xwing1,xwing2 contested", available=_main_free),
        OrderSpec("attack", [Many("pairs", pairings, "attacker>defender pairs in the same zone, up to 5 BS of attackers")],
                  "Combat action: declare every battle, fought in the order given", do_attack,
                  example="attack xwing1>tie1,ywing1>tie1", available=_main_free,
                  dice="2d6 for each attacker and each defender that fires back"),
        OrderSpec("strike", [Many("units", strikers, "up to 5 BS of your units in the enemy home zone, in strike order")],
                  "Strike action: attack the enemy's objectives", do_strike,
                  example="strike xwing1,ywing1", available=_main_free, dice="2d6 for each striker"),
        OrderSpec("play", [Choice("card", hand_combat, "a combat card in your hand")],
                  "Play a combat card in this battle", do_play, example="play focus-fire", available=_at("card")),
        OrderSpec("pass", [], "In a battle: play no card. Otherwise: end your turn", do_pass,
                  available=_at("main", "card")),
        OrderSpec("target", [Choice("slot", enemy_slots, "an enemy objective slot that holds a card")],
                  "Pick the objective this striker strikes", do_target, example="target 2", available=_at("target")),
        OrderSpec("reinforce", [Many("units", reserve_or_none, "reserve units up to the lost card's BS, or none")],
                  "Bring units from reserves into your home zone after losing an objective", do_reinforce,
                  example="reinforce awing1", available=_at("reinforce")),
    ])

