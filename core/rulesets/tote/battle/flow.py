"""The battle's frame: posts in turn, the order groups of a post, automatic defence, the end.

- TOTE-GAP-01: one turn is one game day; every faction posts once per turn.
- TOTE-GAP-02: posts are made one after another, each resolved fully before the next; on turn d
  the faction at seat (d-1) mod N of the initiative (drawn at random at setup) goes first. Units
  given no order in their faction's post hold position and fire at the hostile in range with the
  highest resulting quotient (ties: lowest remaining hull), when ``auto_defense`` is on.
- TOTE-FLOW-05/06: a post's orders run in groups: (a) administration (patrols, swarms), (b) launch
  and recall, (c) unit actions in the order given, then the automatic defence, (d) tractor beams
  last (TOTE-TRACTOR-08) with the drags of the ships they hold, (e) hyperspace: withdrawals
  (TOTE-TIME-05/06, TOTE-GAP-51).
- TOTE-BURDEN-01 / TOTE-GAP-26: the units acting in a post (not those that only hold or withdraw)
  may commit at most 23 CP plus ``bonus_cp``; an order that would pass it is refused, and the
  automatic defence stops short of it.
- At the start of a faction's post its units' round flags reset and the tractor holds it placed in
  its previous post end (TOTE-GAP-41); at the end of its post its DISABLED ships that had their
  final actions become inert and its destroyed squadrons that flew their last are gone (TOTE-GAP-22/52).
- The battle ends when at most one faction has a fighting unit left (the last one wins), or at the
  ``day_limit`` (the faction with the most CP still fighting wins; a tie is a draw).
"""
from __future__ import annotations

import marshal
from typing import Any, Callable

from core.errors import OrderError
from core.events import Event, to_seat
from core.orders import Keyword, Many, Number, Optional, OrderSpec
from core.rulesets.tote.battle import actions, control, ground, movement
from core.rulesets.tote.battle.actions import fights_aboard, fire_at
from core.rulesets.tote.battle.ground import update_fatigue
from core.rulesets.tote.battle.log import log
from core.rulesets.tote.battle.strikes import ob_expires, post_under
from core.rulesets.tote.rules import arith, damage, grid, model
from core.rulesets.tote.rules.fleet import check_battle_cp
from core.rulesets.tote.rules.galaxy import amnesty_refusal
from core.rulesets.tote.rules.model import State, Unit

#: Order groups of TOTE-FLOW-05, in the order a post resolves them.
GROUPS = {"patrol": "a", "swarm": "a", "launch": "b", "recall": "b", "tractor": "d", "drag": "d", "withdraw": "e"}


def group_of(text: str) -> str:
    """The order group (a..e) of an order's text; unit actions are group c."""
    verb = text.split()[0].lower() if text.split() else ""
    return GROUPS.get(verb, "c")


# ---- who posts ----------------------------------------------------------------------------------

def in_the_fight(state: State, seat: str) -> bool:
    """Whether ``seat`` still has a unit in the battle (one that can still be given an order)."""
    return any(model.can_act(u) for u in model.units_of(state, seat))


def turn_order(state: State) -> list[str]:
    """The posting order of this turn: the initiative rotated so that seat (d-1) mod N goes first
    (TOTE-GAP-02)."""
    order = list(state["initiative"])
    k = (int(state["turn"]) - 1) % len(order)
    return order[k:] + order[:k]


def active(state: State) -> str | None:
    """The faction whose post it is, or None when the battle is over."""
    return None if state.get("result") else state.get("active")


def next_poster(state: State, after: str | None) -> str | None:
    """The next faction of this turn's order after ``after`` (None: the first) that is still in
    the fight, or None when the turn is done."""
    order = turn_order(state)
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        if in_the_fight(state, seat):
            return seat
    return None


# ---- the post -----------------------------------------------------------------------------------

def begin_post(state: State, seat: str) -> list[Event]:
    """Start ``seat``'s post: its units' round flags reset, their movement points set by the
    ``mp_source`` option (TOTE-GAP-04) and none for a ship that exited hyperspace this turn
    (``arrived_turn``, TOTE-HYPER-02, TOTE-GAP-07), its tractor holds computed again and kept or
    ended (revised TOTE-GAP-41), the crews of its abandoned ships landed (TOTE-DISABLE-06)."""
    events: list[Event] = []
    source = str(state.get("options", {}).get("mp_source") or "speed")
    for u in state["units"].values():
        if u["faction"] == seat:
            u["moved"] = u["fired"] = False
            arrived = u.get("arrived_turn") is not None and u.get("arrived_turn") == state.get("turn")
            u["mp"] = 0 if arrived else movement.round_mp(model.speed(u), source)
            u["acted"] = []
            u["fired_mounts"] = []
            u.pop("bombing", None)
    for u in state["units"].values():
        if u.get("tractored_by") == seat:
            events += _renew_hold(state, seat, u)
    state["active"] = seat
    state["post"] = {"seat": seat, "ordered": [], "acting": [], "occupied": []}
    events += land_escape_pods(state, seat)
    others = [s for s in state.get("initiative", []) if in_the_fight(state, s)]
    for effect in list(state.get("ob", [])):
        if ob_expires(effect, seat, others):
            state["ob"].remove(effect)
            events.append(log(state, f"The orbital bombardment of {effect['grid']} is over.", kind="tote.ob"))
        else:
            post_under(effect, seat)  # this post is made under it (revised TOTE-GAP-01)
    return events


def _renew_hold(state: State, seat: str, u: Unit) -> list[Event]:
    """Tractor control persists into the holder's later posts, computed again from the projectors
    still able to act within range 1 (revised TOTE-GAP-41); else the hold ends."""
    holders = [(state["units"][h], model.spec(state["units"][h])) for h in u.get("tractor_holders", [])
               if h in state["units"]]
    metres = control.hold_again(u, holders, model.spec(u), bombarded=actions.bombarded(state))
    if metres:
        u["tractor_m"] = metres
        u["tractor_renewed"] = int(state["turn"])  # held at the start of this post: it may be towed out
        return []
    u["tractored_by"], u["tractor_m"] = None, 0
    u.pop("tractor_holders", None)
    u.pop("tractor_renewed", None)
    return [log(state, f"{seat}'s tractor hold on {u['id']} ends.", [to_seat(seat), to_seat(u["faction"])])]


def land_escape_pods(state: State, seat: str) -> list[Event]:
    """The crews of ``seat``'s abandoned ships, out by escape pod in an earlier post, land on the
    Surface they were bound for in its next round, as stock infantry squads (TOTE-DISABLE-06/07:
    "they will arrive on the ground in the next round"; issue 26.14)."""
    events: list[Event] = []
    for pods in [p for p in state.get("ashore", []) if p.get("faction") == seat and p.get("arrives")]:
        state["ashore"].remove(pods)
        uid = str(pods["id"])
        state["units"][uid] = model.new_stack(uid, str(pods.get("type", "INF")), seat, str(pods["arrives"]),
                                              int(pods["count"]))
        events.append(log(state, f"{pods['count']} squads of {uid} land by escape pod on {grid.label(str(pods['arrives']))}.",
                          [to_seat(seat)], kind="tote.landed", unit=uid, space=pods["arrives"]))
    return events


def end_post(state: State, seat: str) -> list[Event]:
    """End ``seat``'s post: the fights aboard boarded ships (TOTE-GAP-56), final actions spent
    (TOTE-GAP-22/52)."""
    events: list[Event] = fights_aboard(state, seat)
    for uid, u in list(state["units"].items()):
        if u["faction"] == seat and u.get("final"):
            new = damage.end_final_actions(u)
            if new.get("removed"):
                new["final"] = False
            state["units"][uid] = new
            if new.get("inert"):
                events.append(log(state, f"{uid} has made its final actions and lies inert.", [to_seat(seat)]))
    return events


def run_orders(ruleset: Any, state: State, seat: str, texts: list[str], strict: int | None = None,
               defend: bool = True) -> list[Event]:
    """Carry out ``texts`` (a post's orders) for ``seat`` in the groups of TOTE-FLOW-05, with the
    automatic defence of the units given no order (unless ``defend`` is False: checks and previews
    of a sheet still being written).

    An order that has become impossible is skipped with a note to the seat; with ``strict`` the
    order of that index raises its OrderError instead (the check made when an order is queued).
    """
    events: list[Event] = []
    indexed = list(enumerate(texts))
    for group in ("a", "b", "c"):
        for i, text in indexed:
            if group_of(text) == group:
                events += _one(ruleset, state, seat, text, i, strict, execute)
    if defend:
        events += auto_defense(state, seat)
    for group in ("d", "e"):
        for i, text in indexed:
            if group_of(text) == group:
                events += _one(ruleset, state, seat, text, i, strict, execute)
    events += finish_withdrawals(state, seat)
    return events


def _one(ruleset: Any, state: State, seat: str, text: str, index: int, strict: int | None,
         execute: Callable[..., list[Event]]) -> list[Event]:
    try:
        return execute(ruleset, state, seat, text)
    except (OrderError, damage.DamageError, ValueError) as exc:
        if strict == index:
            raise OrderError(str(exc)) from None
        return [log(state, f"Order {index + 1} of {seat} ({text!r}) was not carried out: {exc}", [to_seat(seat)])]


def copy_state(state: State) -> State:
    """A deep copy of a (JSON-shaped) state, for trials: marshal copies plain dicts, lists, strings
    and numbers several times faster than a JSON round trip or ``copy.deepcopy``."""
    return marshal.loads(marshal.dumps(state))


def dry_run(ruleset: Any, state: State, seat: str, texts: list[str]) -> None:
    """Check that the last of ``texts`` can be carried out after the others, on a copy of the
    state (nothing changes), within the battle's command limit. Raises OrderError saying why not."""
    trial = copy_state(state)
    run_orders(ruleset, trial, seat, texts, strict=len(texts) - 1, defend=False)
    problem = cp_problem(trial, seat)
    if problem:
        raise OrderError(f"{texts[-1]!r}: {problem}")


def cp_problem(state: State, seat: str, extra: str | None = None) -> str:
    """Why the units acting this post (with ``extra``) would break the battle's command limit:
    23 CP plus the ``bonus_cp`` option; a craft attached to a ship commits the ship's CP; platforms,
    installations and free defenses commit none (TOTE-BURDEN-01, TOTE-GAP-26/53). "" when within
    it, or when the ``battle_cp_limit`` option is off."""
    if not state["options"].get("battle_cp_limit", True):
        return ""
    ids = list(state["post"].get("acting", [])) + ([extra] if extra else [])
    acting = [state["units"][i] for i in ids if state["units"][i]["faction"] == seat]
    bonus = int(state["options"].get("bonus_cp") or 0) + int((state.get("hero_cp") or {}).get(seat, 0))  # a Hero's cp_bonus
    breaches = check_battle_cp(acting, state["units"], bonus)
    return str(breaches[0]) if breaches else ""


def resolve_post(ruleset: Any, state: State) -> list[Event]:
    """Resolve the active faction's post (its sheet), then pass to the next; a new turn begins after
    the last faction of the turn. Checks the end of the battle after every post."""
    seat = active(state)
    if seat is None:
        return []
    texts = [o["text"] for o in state["sheets"].get(seat, [])]
    events = [log(state, f"Day {state['turn']}: {seat} posts.", kind="tote.post")]  # how many orders is its own affair
    standing = {uid for uid, u in state["units"].items() if not u.get("destroyed")}
    events += run_orders(ruleset, state, seat, texts)
    events += end_post(state, seat)
    mark_destroyers(state, seat, standing)
    state["sheets"][seat] = []
    state.setdefault("posted", []).append(seat)
    if check_end(state, events):
        return events
    nxt = next_poster(state, seat)
    if nxt is None:
        events += new_turn(state)
        if check_end(state, events):
            return events
        nxt = next_poster(state, None)
    if nxt is None:
        return events + finish(state, [], "no faction is left able to act: a draw")
    events += begin_post(state, nxt)
    return events


def mark_destroyers(state: State, seat: str, standing: set[str]) -> None:
    """Every unit of ``standing`` destroyed during ``seat``'s post was destroyed by ``seat``'s
    action (posts resolve one at a time, TOTE-GAP-02): it is marked ``destroyed_by`` and noted in
    ``state["kills"]`` (``{"unit", "by", "turn"}``, in the order of the posts), which the campaign
    reads for the capture of Coruscant (TOTE-WIN-02, TOTE-GAP-29)."""
    for uid in sorted(standing):
        u = state["units"].get(uid)
        if u is not None and u.get("destroyed") and not u.get("destroyed_by"):
            u["destroyed_by"] = seat
            state.setdefault("kills", []).append({"unit": uid, "by": seat, "turn": int(state["turn"])})


def new_turn(state: State) -> list[Event]:
    """Turn d+1 begins (TOTE-FLOW-04): the clock moves on a game day."""
    state["turn"] = int(state["turn"]) + 1
    state["hour"] = 24 * (int(state["turn"]) - 1)
    state["posted"] = []
    first = turn_order(state)[0]
    return [log(state, f"Day {state['turn']} begins; {first} has the initiative.", kind="tote.turn")] + update_fatigue(state)


# ---- units without orders (TOTE-GAP-02) ---------------------------------------------------------

def legal_targets(state: State, u: Unit, covered: set[str] | None = None) -> list[Unit]:
    """The hostile units ``u`` may fire at from where it is, that its faction sees (TOTE-RANGE-01/02,
    TOTE-FIRE-01..07). ``covered``: the faction's :func:`model.visible_spaces`, if known."""
    if u["space"] is None:
        return []
    covered = model.visible_spaces(state, u["faction"]) if covered is None else covered
    cls = model.grid_class(u)
    reach = {s for s in grid.fire_targets(cls, u["space"]) if (s in covered or s == u["space"])
             and grid.fire_mode(cls, u["space"], s) in ("direct", "planetary")}
    return [t for t in state["units"].values()
            if t["space"] in reach and model.targetable(t) and model.hostile(state, u["faction"], t["faction"])]


def best_target(state: State, u: Unit, covered: set[str] | None = None) -> Unit | None:
    """The hostile in range with the highest quotient for ``u``, ties to the lowest remaining hull
    (then armor, then id) (TOTE-GAP-02). A DERELICT is never an automatic target: a prize to tow or
    board is shot only on an order (TOTE-DISABLE-08, TOTE-GAP-23)."""
    a_ucr = damage.unit_ucr(u, model.spec(u))
    if a_ucr <= 0:
        return None
    best: tuple[Any, ...] | None = None
    pick = None
    for t in legal_targets(state, u, covered):
        if t.get("derelict"):
            continue
        q = arith.q_milli(a_ucr, damage.unit_ucr(t, model.spec(t)))
        key = (-q, t["hull"] + t["armor"] if model.is_small(t) else t["hull"], t["armor"], t["id"])
        if best is None or key < best:
            best, pick = key, t
    return pick


def auto_defense(state: State, seat: str) -> list[Event]:
    """Every unit of ``seat`` on the grid that was given no order this post fires every weapon it
    has left at :func:`best_target` (TOTE-GAP-02, TOTE-STRONG-03), if ``auto_defense`` is on."""
    if not state["options"].get("auto_defense", True) or state.get("amnesty"):
        return []  # no automatic fire on an amnesty world either (TOTE-GAP-49)
    events: list[Event] = []
    ordered = set(state["post"]["ordered"])
    covered = model.visible_spaces(state, seat)
    for uid in sorted(state["units"]):
        u = state["units"][uid]
        if u["faction"] != seat or uid in ordered or u["space"] is None or not model.can_act(u) or u["fired"]:
            continue
        if not model.mounts_left(u):
            continue
        target = best_target(state, u, covered)
        if target is None or cp_problem(state, seat, uid):
            continue
        try:
            events += fire_at(state, u, target, model.mounts_left(u), auto=True)
        except (OrderError, damage.DamageError, ValueError):
            continue
    return events


# ---- withdrawal (TOTE-TIME-05/06, TOTE-GAP-51) --------------------------------------------------

def finish_withdrawals(state: State, seat: str) -> list[Event]:
    """Units ordered to withdraw this post jump out at its end, their craft aboard with them, and a
    ship they held under complete control since the start of the post, towed into hyperspace
    (TOTE-GAP-41); the departure is public, the destination never (TOTE-COMMS-05)."""
    leaving = [u for u in state["units"].values() if u["faction"] == seat and u.get("withdrawing")]
    if not leaving:
        return []
    count = 0
    for u in leaving:
        u.pop("withdrawing", None)
        if not model.in_battle(u):
            continue
        towed = [t["id"] for t in state["units"].values() if t.get("tractored_by") == seat and model.in_battle(t)
                 and u["id"] in t.get("tractor_holders", []) and t.get("tractor_renewed") == state["turn"]]
        for uid in [u["id"], *u["carried"], *towed]:
            w = state["units"][uid]
            w["withdrawn"] = True
            w["space"] = None
            w["patrol"] = False
            count += 1
    return [log(state, f"{seat} withdraws {count} unit{'s' if count != 1 else ''} from the battle into hyperspace.",
                kind="tote.withdraw")]


# ---- the end ------------------------------------------------------------------------------------

def in_conflict(state: State) -> bool:
    """The system is in conflict while units of two hostile factions are in the battle; every unit
    taking part is then in conflict too (TOTE-CONFLICT-01/02, TOTE-GAP-45). A campaign battle takes
    the galaxy's status of its world (``state["conflict"]``, :func:`.conflict.update` at the turn
    start), so the battle and the galaxy never disagree."""
    if "conflict" in state:
        return bool(state["conflict"])
    present = [s for s in state["seats"] if any(model.fighting(u) for u in model.units_of(state, s))]
    return any(model.hostile(state, a, b) for i, a in enumerate(present) for b in present[i + 1:])


def fighting_cp(state: State, seat: str) -> int:
    """CP of the faction's units still fighting (platforms count 0, TOTE-GAP-18; craft of a ship's
    complement count in their carrier's CP, TOTE-BURDEN-02)."""
    return sum(model.cp(u) for u in model.units_of(state, seat) if model.fighting(u) and not u.get("attached_to"))


def finish(state: State, winners: list[str], reason: str) -> list[Event]:
    """Close the battle with ``winners`` (seats) and ``reason``."""
    sides = [state["seats"][s]["side"] for s in winners]
    state["result"] = {"winners": sides, "reason": reason}
    state["active"] = None
    return [log(state, f"The battle is over: {reason}.", kind="tote.end")]


def check_end(state: State, events: list[Event]) -> bool:
    """TOTE battle end: at most one faction still fighting, or the day limit passed. True when over."""
    if state.get("result"):
        return True
    left = [s for s in state["initiative"] if any(model.fighting(u) for u in model.units_of(state, s))]
    if len(left) == 1:
        events += finish(state, left, f"{left[0]} ({state['seats'][left[0]]['side']}) holds the system; every other faction is destroyed, disabled or gone")
        return True
    if not left:
        events += finish(state, [], "no faction has a fighting unit left: a draw")
        return True
    limit = int(state["options"].get("day_limit") or 0)
    if limit and int(state["turn"]) > limit:
        cp = {s: fighting_cp(state, s) for s in left}
        best = max(cp.values())
        top = [s for s in left if cp[s] == best]
        tally = ", ".join(f"{s} {v} CP" for s, v in cp.items())
        if len(top) == 1:
            events += finish(state, top, f"the day limit ({limit}) is reached; fighting strength {tally}: {top[0]} holds the field")
        else:
            events += finish(state, [], f"the day limit ({limit}) is reached; fighting strength {tally}: a draw")
        return True
    return False


# ---- carrying out an order ------------------------------------------------------------------------

#: Who carries out each order of the battle (:mod:`.actions`, the ground's in :mod:`.ground`).
EXECUTE: dict[str, Callable[..., list[Event]]] = {
    "move": actions.do_move,
    "fire": actions.do_fire,
    "bomb": actions.do_bomb,
    "launch": actions.do_launch,
    "recall": actions.do_recall,
    "patrol": actions.do_patrol,
    "hold": actions.do_hold,
    "withdraw": actions.do_withdraw,
    "tractor": actions.do_tractor,
    "drag": actions.do_drag,
    "board": actions.do_board,
    "land": ground.do_land,
    "embark": ground.do_embark,
    "scale": actions.do_scale,
    "bombard": actions.do_bombard,
    "abandon": actions.do_abandon,
    "scuttle": actions.do_scuttle,
    "swarm": actions.do_swarm,
    "ram": actions.do_ram,
}


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
    if spec is None or values is None:
        parsed = ruleset.order_book().parse(text, ruleset.context(state, seat))
        spec, values = parsed.spec, parsed.values
    if state.get("amnesty"):  # TOTE-GAP-49: a campaign battle at an amnesty world (campaign_victory.before_battle)
        why = amnesty_refusal(str(state.get("planet")), spec.verb)
        if why:
            raise OrderError(why)
    return EXECUTE[spec.verb](state, seat, **values)
