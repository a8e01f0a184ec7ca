"""A faction's orders for the campaign's battles, given in its galaxy post, and the battle grids it
may look at from the galaxy.

``at <world> <battle order>`` (e.g. ``at endor fire GE-1 NR-3``): any order of the battle's
language (:mod:`.orders`) for the battle at a world in conflict (TOTE-CONFLICT-01) where the seat
has forces. It is read and checked when queued against the battle as it stands now
(:func:`.battle.battle_state` with the seat's post open, a trial copy: nothing changes),
and refused with the battle's own reason. ``at <world> bot`` leaves that battle's post to the
faction's bot (the campaign bot gives it for a bot seat, so bot seats fight as before).

At the resolution of the galaxy post the orders are kept in the campaign (``battle_orders``: seat
-> world -> texts, a secret of the seat's); at the battle day (:func:`.battle.fight`) the
seat's orders for that world are submitted at its battle post in order (one refused then is
reported to the seat and skipped); a seat that gave none defends itself (the automatic defence,
TOTE-GAP-02). They are spent with the battle day (:func:`clear`).

The campaign view carries ``boards``: for each world in conflict where the viewer has forces
(the GM: every one), that battle's ``rings`` board as the part-1 battle view draws it for the
viewer (the battle's own fog of war, :mod:`.views`).
"""
from __future__ import annotations

from typing import Any

from core.errors import OrderError
from core.events import GM, Event
from core.orders import Arg, split_words
from core.rulesets.tote.battle import flow, views
from core.rulesets.tote.battle.odds import odds as battle_odds
from core.rulesets.tote.battle.orders import canonical
from core.rulesets.tote.battle.rules import BattleRules
from core.rulesets.tote.campaign.battle import BOT, prepared_state
from core.rulesets.tote.campaign.fleets import check_acts
from core.rulesets.tote.campaign.posting import turn_order
from core.rulesets.tote.campaign.worlds import contested, knows_battle
from core.rulesets.tote.rules.galaxy import amnesty_refusal, galaxy, world_name
from core.rulesets.tote.rules.options import is_campaign

State = dict[str, Any]



def _ruleset() -> BattleRules:
    return BattleRules()


def _fought(world: str, options: dict[str, Any]) -> bool:
    """Whether a battle is fought at ``world`` when it is in conflict (not on an amnesty world, TOTE-GAP-49)."""
    return not amnesty_refusal(world, "fire", bool(options.get("tatooine_amnesty", True)))


def battle_worlds(state: State, seat: str) -> list[str]:
    """The worlds in conflict today where ``seat`` has forces (not in hyperspace, not destroyed), it
    knows of the conflict there (:func:`.worlds.knows_battle`: an unseen arrival is no battle it knows of) and a battle is fought: where its battle orders may be given."""
    c = state["campaign"]
    here = {u.get("system") for u in c["units"].values()
            if u["faction"] == seat and not u.get("transit") and not u.get("destroyed")}
    return [w for w in contested(c) if w in here and _fought(w, state.get("options", {})) and knows_battle(c, w, seat)]


def amnesty_worlds(state: State, seat: str) -> list[str]:
    """The worlds in conflict where ``seat`` has forces but no battle is fought: the amnesty world
    (TOTE-GAP-49, option ``tatooine_amnesty``)."""
    c = state["campaign"]
    here = {u.get("system") for u in c["units"].values()
            if u["faction"] == seat and not u.get("transit") and not u.get("destroyed")}
    return [w for w in contested(c) if w in here and not _fought(w, state.get("options", {}))]


def amnesty_note(world: str) -> str:
    """What a player reads of a conflict on the amnesty world (TOTE-GAP-49)."""
    return f"{world_name(world)} is an amnesty world: no battle here"


def amnesty_news(raw: list[dict[str, Any]], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The day's campaign events with the conflict news of an amnesty world said as what it is
    (TOTE-GAP-49): its conflict beginning reads "<world> is an amnesty world: no battle here", its end
    that the world is quiet again; every other event as it was."""
    out = []
    for e in raw:
        world = e.get("world")
        if e.get("kind") == "campaign.conflict" and world and not _fought(str(world), options):
            quiet = "no longer in conflict" in str(e["text"])
            e = dict(e, text=f"{amnesty_note(str(world))}" + (" (the hostile forces have gone)." if quiet else "."))
        out.append(e)
    return out


def no_battle(state: State, seat: str) -> str:
    """Why ``seat`` may give no battle orders today: the amnesty world its forces are on, or no battle."""
    quiet = amnesty_worlds(state, seat)
    return "; ".join(amnesty_note(w) for w in quiet) if quiet else "you have no forces in a battle today (at a world in conflict)"


def at_worlds(ctx: Any) -> list[str]:
    """On the galaxy: the battles the seat may give orders for (none in a battle)."""
    return battle_worlds(ctx.state, ctx.seat) if is_campaign(ctx.state) and ctx.seat in ctx.state["seats"] else []


def trial_battle(state: State, seat: str, world: str) -> State:
    """The battle at ``world`` as it stands now, with ``seat``'s post open (its units' movement points
    set, none for those that came out of hyperspace today, TOTE-HYPER-02): a copy to check orders on.
    Raises OrderError when the seat has no forces in a battle there."""
    if world not in battle_worlds(state, seat):
        if not _fought(world, state.get("options", {})):
            raise OrderError(amnesty_note(world))
        legal = ", ".join(battle_worlds(state, seat)) or "none today"
        raise OrderError(f"no battle of yours at {world_name(world)} today; your battles: {legal}")
    c = state["campaign"]
    b = prepared_state(_ruleset(), c, world, turn_order(state), state["dice"], state.get("options", {}))
    b["initiative"] = flow.turn_order(b)
    b["turn"] = 1
    flow.begin_post(b, seat)
    for u in b["units"].values():
        if u["faction"] == seat and u.get("arrived_turn") == c["turn"]:
            u["mp"] = 0
    return b


def _world_of(line: str, rest: list[str]) -> str:
    """The world an ``at`` line names: the words between the verb and ``rest`` (the battle order)."""
    words = split_words(line)[1:]
    named = " ".join(words[:len(words) - len(rest)])
    try:
        return galaxy().world(named).id
    except ValueError:
        raise OrderError(f"{line!r}: {named!r} is not a world") from None


class BattleOrder(Arg):
    """The rest of an ``at`` line: one order of the battle's language (or ``bot``), read in the
    context of the battle at the world named before it."""

    name = "battle order"
    help = "an order of the battle (move, fire, launch, hold, withdraw ...: help <verb>), or 'bot' to leave the post to your bot"

    def usage(self) -> str:
        """``<battle order...>``."""
        return "<battle order...>"

    def consume(self, words: list[str], ctx: Any, line: str) -> tuple[str, int]:
        """The battle order in canonical form (``fire GE-1 NR-3``) and how many words it took (all).
        Raises OrderError with the battle's own reason."""
        if not words:
            raise OrderError(f"{line!r}: missing <battle order>: an order of the battle, e.g. "
                             f"'at <world> fire <unit> <target>', or 'bot'")
        if len(words) == 1 and words[0].lower() == BOT:
            return BOT, 1
        world = _world_of(line, words)
        battle = trial_battle(ctx.state, ctx.seat, world)
        rs = ctx.ruleset
        try:
            parsed = rs.order_book().parse(" ".join(words), rs.context(battle, ctx.seat, getattr(ctx, "by", None)))
        except OrderError as exc:
            c = ctx.state["campaign"]
            for uid in (i for w in words[1:] for i in w.split(",") if c["units"].get(i, {}).get("faction") == ctx.seat):
                try:
                    check_acts(c, uid, "act")  # an unassigned unit: say so (TOTE-GAP-27/28)
                except OrderError as why:
                    raise OrderError(f"at {world_name(world)}: {why}") from None
            raise OrderError(f"at {world_name(world)}: {exc}") from None
        return canonical(parsed), len(words)

    def completions(self, ctx: Any, values: dict[str, Any], partial: str) -> list[tuple[str, str]]:
        """Completions of ``partial`` (the battle order typed so far) from the battle's own order book,
        as (what goes before the offered name, the name)."""
        world = values.get("world")
        if not world:
            return []
        battle = trial_battle(ctx.state, ctx.seat, str(world))
        rs = ctx.ruleset
        found = []
        for line, name in rs.order_book().complete_items(partial, rs.context(battle, ctx.seat)):
            at = line.rfind(name) if name else len(line)
            found.append((line[:at], line[at:]))  # the verb's trailing space stays with it
        if BOT.startswith(partial.lower()):
            found.append(("", BOT))
        return found


def carry_at(state: State, seat: str, text: str) -> list[Event]:
    """Keep the battle order of ``at <world> <order>`` for the battle day, checked after the seat's
    earlier orders for that battle on the battle as it stands (nothing changes on a refusal).
    Raises OrderError with the battle's reason."""
    words = text.split()
    if len(words) < 3:
        raise OrderError(f"{text!r}: write at <world> <battle order>, e.g. at endor fire GE-1 NR-3")
    world, order = words[1], " ".join(words[2:])
    c = state["campaign"]
    kept = list(c.get("battle_orders", {}).get(seat, {}).get(world, []))
    name = world_name(world)
    if order == BOT:
        if kept:
            raise OrderError(f"{text!r}: you have given orders for the battle at {name}; withdraw them to leave it to your bot")
        if not state.get("options", {}).get("campaign_battle_bots", True):
            raise OrderError(f"{text!r}: the option campaign_battle_bots is off: battles are fought by your orders "
                             f"or the automatic defence")
        if world not in battle_worlds(state, seat):
            raise OrderError(f"{text!r}: no battle of yours at {name} today; your battles: "
                             f"{', '.join(battle_worlds(state, seat)) or 'none today'}")
    else:
        if kept == [BOT]:
            raise OrderError(f"{text!r}: you left the battle at {name} to your bot; withdraw 'at {world} bot' first")
        for uid in (i for w in words[3:] for i in w.split(",") if c["units"].get(i, {}).get("faction") == seat):
            try:
                check_acts(c, uid, "act")  # an unassigned unit takes no battle orders (TOTE-GAP-27/28)
            except OrderError as exc:
                raise OrderError(f"{text!r}: {exc}") from None
        battle = trial_battle(state, seat, world)
        try:
            flow.dry_run(_ruleset(), battle, seat, kept + [order])
        except OrderError as exc:
            raise OrderError(f"{text!r}: at {name}: {exc}") from None
    store = c.setdefault("battle_orders", {}).setdefault(seat, {})
    store[world] = kept + [order]
    return []


def sample(ruleset: Any, state: State, seat: str, per_battle: int = 4) -> list[str]:
    """A few ``at`` orders the battle would accept now: for each of the seat's battles, the first
    ``per_battle`` of the battle's own sample of legal orders (for checks and random play)."""
    out = []
    for world in battle_worlds(state, seat):
        battle = trial_battle(state, seat, world)
        out += [f"at {world} {text}" for text in ruleset.legal_orders(battle, seat)[:per_battle]]
    return out


def odds(ruleset: Any, state: State, seat: str, text: str) -> Any:
    """The exact outcome of ``at <world> <fire, bomb, scale, bombard or tractor order>`` on the battle
    as it stands, after the seat's earlier orders for that battle (:mod:`.odds`); None for any other
    order. Raises OrderError for an order that would be refused."""
    words = split_words(text)
    if not words or words[0].lower() != "at":
        return None
    parsed = ruleset.order_book().parse(text, ruleset.context(state, seat))
    world, order = str(parsed.values["world"]), str(parsed.values["battle order"])
    if order == BOT:
        return None
    battle = trial_battle(state, seat, world)
    earlier = [o["text"].split(None, 2)[2] for o in state["sheets"].get(seat, []) if o["text"].split()[:2] == ["at", world]]
    battle["sheets"][seat] = [{"text": t, "by": None} for t in earlier if t != BOT]
    return battle_odds(ruleset, battle, seat, order)


def clear(c: dict[str, Any]) -> None:
    """The battle day is over: every order for it is spent (none is kept for a later day)."""
    c.pop("battle_orders", None)


def boards(state: State, viewer: str) -> list[dict[str, Any]]:
    """The battle grids ``viewer`` may look at from the galaxy: for each world in conflict where it has
    forces (the GM: every one), ``{"title", "board"}`` with the ``rings`` board of the part-1 battle
    view for the viewer (only what its sensors there cover)."""
    c = state["campaign"]
    if viewer == GM:
        worlds = [w for w in contested(c) if _fought(w, state.get("options", {}))]
    elif viewer in state["seats"]:
        worlds = battle_worlds(state, viewer)
    else:
        return []
    rs = _ruleset()
    out = []
    for world in worlds:
        b = prepared_state(rs, c, world, turn_order(state), state["dice"], state.get("options", {}))
        if viewer != GM and viewer not in b["seats"]:
            continue
        board = views.board(b, viewer, views.seen_units(b, viewer))  # the battle view's board, through its fog
        board["title"] = f"{world_name(world)}: the battle, day {state['turn']}"
        out.append({"title": f"{world_name(world)} (battle)", "board": board})
    return out
