"""Twilight of the Empire's clock: game days, the hour counter, the calendar of Action Days and
what falls due at a turn's start (TOTE-DATA-12, TOTE-GAP-01, TOTE-GAP-07, TOTE-GAP-32, TOTE-TIME-01/02,
TOTE-ECON-01/02, TOTE-FLOW-04). Constants come from ``data/clock.toml`` (:func:`clock`).

The hour counter starts at 0: turn ``t`` starts at hour ``hours_per_turn * (t - 1)`` and every order
of a post happens at its turn's start hour (TOTE-GAP-01). Anything counted in hours is due at the
first turn start at or after its hour (:func:`turn_at_or_after`). All arithmetic is on whole numbers.

A **timer** (a JSON-able campaign piece the integrator keeps in a list) is ``{"id", "kind",
"due_hour", ...}`` with ``kind`` one of :data:`STEPS` (the FLOW-04 step it belongs to) and any other
fields its owner needs (a fleet in transit, a reserve activation, a message). :func:`due_timers`
splits a list of timers into those due at a turn's start, in FLOW-04 order, and the rest.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Iterable, Mapping

from core.errors import DataError
from core.packaged import packaged_toml
from core.rulesets.tote.rules import arith
from core.rulesets.tote.rules.data import facility_types, unit_types

#: The engine's steps at the start of a turn, in order (TOTE-FLOW-04): Action-Day income, hyperspace
#: arrivals, reserve activations, construction, repairs and recharging, timed effects and scans,
#: conflict status, communications and news, Hero trainings, missions and flashpoints (TOTE-GAP-30/31),
#: combat-fatigue clocks, the private reports.
STEPS = ("income", "arrival", "reserve", "construction", "repair", "expiry", "conflict", "message", "flashpoint", "fatigue",
         "report")
TURN_LENGTHS = (6, 12, 24)
HOURS_PER_DAY = 24


@dataclass(frozen=True)
class Clock:
    """The clock and calendar constants (TOTE-DATA-12)."""

    hours_per_turn: int = 24
    post_gap_hours: int = 24
    month_days: int = 30
    action_days: tuple[int, ...] = (1, 15)
    income_base_kc: int = 1000
    scan_hours: int = 24
    reserve_activation_days: int = 3
    conflict_clear_hours: int = 24
    ob_effect_hours: int = 24
    fatigue_days_large: int = 7
    fatigue_days_small: int = 14
    fatigue_recall_hours: int = 24


def build_clock(raw: Mapping[str, Any], hours_per_turn: int | None = None) -> Clock:
    """The clock of a parsed ``clock.toml`` (``hours_per_turn`` overrides it: the TOTE-GAP-01 option).
    Raises DataError naming the bad key: unknown keys, numbers that are not whole, a turn length
    other than 6, 12 or 24 hours, Action Days outside the month."""
    where = "data/clock.toml"
    known = set(Clock.__dataclass_fields__)
    stray = sorted(set(raw) - known)
    if stray:
        raise DataError(f"{where}: unknown keys {', '.join(stray)}; the clock knows {', '.join(sorted(known))}")
    values: dict[str, Any] = {}
    for key in known - {"action_days"}:
        v = raw.get(key, getattr(Clock, key))
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise DataError(f"{where}: {key} must be a whole number of at least 0, not {v!r}")
        values[key] = v
    if hours_per_turn is not None:
        values["hours_per_turn"] = hours_per_turn
    if values["hours_per_turn"] not in TURN_LENGTHS:
        raise DataError(f"{where}: hours_per_turn must be 6, 12 or 24 (TOTE-GAP-01), not {values['hours_per_turn']}")
    if values["post_gap_hours"] % values["hours_per_turn"]:
        raise DataError(f"{where}: post_gap_hours ({values['post_gap_hours']}) must be a whole number of turns "
                        f"of {values['hours_per_turn']} hours")
    if values["month_days"] < 1:
        raise DataError(f"{where}: month_days must be at least 1")
    days = raw.get("action_days", list(Clock.action_days))
    if (not isinstance(days, list) or not days
            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= values["month_days"] for d in days)):
        raise DataError(f"{where}: action_days must list days of the month from 1 to {values['month_days']}, not {days!r}")
    return Clock(action_days=tuple(sorted(set(days))), **values)


@cache
def clock(hours_per_turn: int | None = None) -> Clock:
    """The clock of ``data/clock.toml`` (with ``hours_per_turn`` if given). Raises DataError."""
    try:
        raw = packaged_toml("core.rulesets.tote", "data", "clock.toml")
    except Exception as e:  # a broken install or bad TOML: say which file
        raise DataError(f"data/clock.toml: {e}") from e
    return build_clock(raw, hours_per_turn)


def _turn(turn: int) -> int:
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ValueError(f"a turn is a whole number from 1, not {turn!r}")
    return turn


def _hours(hours: object, what: str = "hours") -> int:
    if isinstance(hours, bool) or not isinstance(hours, int) or hours < 0:
        raise ValueError(f"{what} must be a whole number of at least 0, not {hours!r}")
    return hours


def turn_start_hour(turn: int, c: Clock | None = None) -> int:
    """The game hour at which ``turn`` starts and its posts happen (TOTE-GAP-01: 24·(d−1)).
    Raises ValueError for a turn below 1."""
    c = c or clock()
    return c.hours_per_turn * (_turn(turn) - 1)


def turn_of_hour(hour: int, c: Clock | None = None) -> int:
    """The turn during which game ``hour`` falls. Raises ValueError for a negative hour."""
    c = c or clock()
    return _hours(hour, "an hour") // c.hours_per_turn + 1


def turn_at_or_after(hour: int, c: Clock | None = None) -> int:
    """The first turn starting at or after game ``hour``: when something due then lands (TOTE-GAP-01,
    TOTE-GAP-07, TOTE-GAP-39). Raises ValueError for a negative hour."""
    c = c or clock()
    return arith.ceil_div(_hours(hour, "an hour"), c.hours_per_turn) + 1


def due_turn(turn: int, hours: int, c: Clock | None = None) -> int:
    """The turn at whose start a process of ``hours`` begun in ``turn`` is done: ``turn + ⌈hours /
    hours_per_turn⌉`` (TOTE-GAP-07; TOTE-EX-25: 24 h from turn d lands at d + 1, 48 h at d + 2).
    Raises ValueError for a bad turn or hours."""
    c = c or clock()
    return turn_at_or_after(turn_start_hour(turn, c) + _hours(hours), c)


def due_turn_days(turn: int, days: int, c: Clock | None = None) -> int:
    """The turn at whose start a process of ``days`` game days begun in ``turn`` is done (TOTE-EX-34:
    a reserve unit activated on turn 10 for 3 days appears at the start of turn 13)."""
    return due_turn(turn, HOURS_PER_DAY * _hours(days, "days"), c)


def game_day(turn: int, c: Clock | None = None) -> int:
    """The game day (from 1) in which ``turn`` falls; with 24-hour turns, the turn itself."""
    return turn_start_hour(turn, c) // HOURS_PER_DAY + 1


def calendar(turn: int, c: Clock | None = None) -> tuple[int, int]:
    """``(month, day of the month)`` of ``turn``, both from 1: turn 1 is month 1, day 1, in months of
    ``month_days`` days (TOTE-GAP-32)."""
    c = c or clock()
    day = game_day(turn, c)
    return (day - 1) // c.month_days + 1, (day - 1) % c.month_days + 1


def is_action_day(turn: int, c: Clock | None = None) -> bool:
    """Whether income is paid at the start of ``turn`` (TOTE-ECON-01/02, TOTE-GAP-32): the first turn
    of a game day whose day of the month is an Action Day (TOTE-EX-31: turns 1, 15, 31, 45, 61 ...)."""
    c = c or clock()
    return turn_start_hour(turn, c) % HOURS_PER_DAY == 0 and calendar(turn, c)[1] in c.action_days


def income_due(turn: int, industrial_output_kc: int, c: Clock | None = None) -> int:
    """The KC a faction is paid at the start of ``turn``: 1000 plus the Industrial Output of what it
    holds on an Action Day (TOTE-ECON-03), nothing on other days (TOTE-ECON-02)."""
    c = c or clock()
    return c.income_base_kc + _hours(industrial_output_kc, "Industrial Output") if is_action_day(turn, c) else 0


def action_day_income(g: Any, faction: str, turn: int, units: Mapping[str, Mapping[str, Any]] | Iterable[Mapping[str, Any]],
                      facilities: Iterable[Mapping[str, Any]], conflict: Iterable[str] = (),
                      c: Clock | None = None) -> tuple[int, list[str]]:
    """What ``faction`` is paid at the start of ``turn`` and why, line by line (TOTE-ECON-01..03,
    TOTE-GAP-33): nothing unless it is an Action Day; else 1000 KC, the Industrial Output of every
    world (of the galaxy ``g``) where it holds a facility, and that of each of its units and
    facilities, except from a system in ``conflict``. ``units`` are campaign units (``type``,
    ``faction``, ``system``, ``destroyed``), ``facilities`` facility instances (``type``,
    ``faction``, ``system``, ``destroyed``)."""
    c = c or clock()
    if not is_action_day(turn, c):
        return 0, []
    fighting = set(conflict)
    lines = [f"Action Day income: {c.income_base_kc} KC"]
    total = c.income_base_kc
    mine = [f for f in facilities if f.get("faction") == faction and not f.get("destroyed")]
    for world in sorted({str(f["system"]) for f in mine}, key=lambda w: g.planets[w].name):
        p = g.planets[world]
        if p.industrial_output_kc and world in fighting:
            lines.append(f"{p.name}: nothing while the system is in conflict")
        elif p.industrial_output_kc:
            total += p.industrial_output_kc
            lines.append(f"{p.name} ({', '.join(p.features)}): {p.industrial_output_kc} KC")
    types = facility_types()
    unit_list = list(units.values()) if isinstance(units, Mapping) else list(units)
    owned = [(f, types[f["type"]]) for f in mine] + [
        (u, unit_types()[u["type"]]) for u in unit_list
        if u.get("faction") == faction and not u.get("destroyed") and u["type"] in unit_types()]
    for thing, kind in owned:
        kc = int(kind.industrial_output_kc)
        if kc and thing.get("system") not in fighting:
            total += kc
            where = g.planets[thing["system"]].name if thing.get("system") in g.planets else "in hyperspace"
            lines.append(f"{kind.name} at {where}: {kc} KC")
    return total, lines


def next_post_hour(last_post_hour: int | None, c: Clock | None = None) -> int:
    """The first game hour at which a faction that last posted at ``last_post_hour`` may post again:
    24 hours later (TOTE-TIME-01/02); hour 0 if it never posted."""
    c = c or clock()
    return 0 if last_post_hour is None else _hours(last_post_hour, "an hour") + c.post_gap_hours


def post_refusal(last_post_hour: int | None, turn: int, c: Clock | None = None) -> str | None:
    """Why a faction that last posted at ``last_post_hour`` may not post in ``turn``, or None when it
    may: one post per game day, at least 24 hours between two posts (TOTE-TIME-01/02). With 24-hour
    turns a faction may post once in every turn."""
    c = c or clock()
    now, ready = turn_start_hour(turn, c), next_post_hour(last_post_hour, c)
    if now >= ready:
        return None
    return (f"one post per game day: your last post was at hour {last_post_hour} (day {turn_of_hour(last_post_hour or 0, c)}); "
            f"the next may come at hour {ready}, turn {turn_at_or_after(ready, c)} (TOTE-TIME-01/02)")


def due_timers(timers: Iterable[Mapping[str, Any]], turn: int, c: Clock | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Split ``timers`` into those due at the start of ``turn`` (``due_hour`` at or before its start
    hour), in FLOW-04 step order then by hour and id, and those still pending (in their order).
    Raises ValueError naming a timer of unknown kind or without a due hour."""
    start = turn_start_hour(turn, c)
    due: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for t in timers:
        if t.get("kind") not in STEPS:
            raise ValueError(f"timer {t.get('id')!r}: kind {t.get('kind')!r} is not one of {', '.join(STEPS)}")
        (due if _hours(t.get("due_hour"), f"timer {t.get('id')!r} due_hour") <= start else pending).append(dict(t))
    due.sort(key=lambda t: (STEPS.index(t["kind"]), t["due_hour"], str(t.get("id", ""))))
    return due, pending


def turn_steps(turn: int, c: Clock | None = None) -> list[str]:
    """The engine's steps at the start of ``turn`` in order (TOTE-FLOW-04): income only on an Action
    Day, every other step each turn."""
    return [s for s in STEPS if s != "income" or is_action_day(turn, c)]
