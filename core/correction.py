"""The GM's corrections checked against the state's own shape before anything changes.

A correction sets values of the state at dotted paths (``planets.Kuat.gf 3``). What the state holds
is its own schema: a value keeps the type it had (a number stays a finite number of sane size, a
text stays a text, an object keeps its keys, a list's items keep the shape of the items it had), a
value that was null takes the type its peers have (the same key of the other items beside it), an
id stays an id the game knows (a seat, a side, a key or an ``id`` of the state), and a thing's own
id (the key it is filed under, or its ``id`` field) is never changed. A ruleset may add its own
checks (:meth:`core.ruleset.Ruleset.correction_problem`). Pure: nothing here does I/O.
"""
from __future__ import annotations

import copy
import json
import math
from typing import Any

from core.errors import HolotableError, StateError
from core.events import GM
from core.text import describe_char, first_control

#: the largest number a correction may write (a 5000-digit number is a typo, not a ruling)
BIGGEST = 10 ** 15
MAX_TEXT = 20000  # characters of one correction's JSON value
MAX_STRING = 500  # characters of a text value (unless the old one was longer)
MAX_GROWTH = 64  # items a list may gain in one correction


def parse_value(text: str, path: str) -> Any:
    """``text`` as a JSON value for ``path``. Raises StateError for what is not JSON, NaN or Infinity,
    numbers beyond +-10^15, or a value too long to be a correction."""
    if len(text) > MAX_TEXT:
        raise StateError(f"{path}: the value is {len(text)} characters long; a correction's value holds at most "
                         f"{MAX_TEXT}")

    def constant(name: str) -> Any:
        raise StateError(f"{path}: {name} is not a number a game can hold; write a finite number like 3 or 0.5")

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > 16 or abs(int(digits)) > BIGGEST:
            raise StateError(f"{path}: {digits[:20]}{'...' if len(digits) > 20 else ''} is too large; write a whole "
                             f"number between -10^15 and 10^15")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value) or abs(value) > BIGGEST:
            raise StateError(f"{path}: {digits[:20]} is not a number a game can hold; write a finite number "
                             f"between -10^15 and 10^15")
        return value

    try:
        return json.loads(text, parse_constant=constant, parse_int=whole, parse_float=real)
    except StateError:
        raise
    except json.JSONDecodeError:
        raise StateError(f"{text[:60]!r} is not a JSON value (use 3, \"text\", true, null, [..] or {{..}})") from None
    except (ValueError, RecursionError):
        raise StateError(f"{path}: {text[:60]!r} is not a value a game can hold") from None


def kind(value: Any) -> str:
    """The JSON kind of ``value``: null, true/false, number, text, list or object."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    return "object"


def known_ids(state: dict[str, Any]) -> dict[str, set[str]]:
    """Every name the state uses as an id, with the kinds of id it is: ``seat``, ``side``, ``key:<where>``
    (a key of a collection of things, e.g. ``key:units``) and ``field:<name>`` (the value of an ``id``,
    ``seat``, ``side``, ``owner`` or ``faction`` field). A corrected id must be an id of a kind the
    old one was."""
    found: dict[str, set[str]] = {}

    def add(name: Any, space: str) -> None:
        if isinstance(name, str):
            found.setdefault(name, set()).add(space)

    seats = state.get("seats")
    if isinstance(seats, dict):
        for name, info in seats.items():
            add(name, "seat")
            if isinstance(info, dict):
                add(info.get("side"), "side")
    stack: list[tuple[str, Any]] = [("", state)]
    while stack:
        where, node = stack.pop()
        if isinstance(node, dict):
            things = bool(node) and all(isinstance(v, (dict, list)) for v in node.values()) and node is not state
            for key, value in node.items():
                if things:
                    add(str(key), f"key:{where}")
                if key in ("id", "seat", "side", "owner", "faction") and isinstance(value, str):
                    add(value, f"field:{key}")
                if isinstance(value, (dict, list)):
                    stack.append((str(key), value))
        elif isinstance(node, list):
            stack.extend((where, v) for v in node if isinstance(v, (dict, list)))
    return found


def peers(state: dict[str, Any], parts: list[str], nulls: bool = False) -> list[Any]:
    """The values the same key holds in the items beside this one (``units.B13.x``: every unit's ``x``)."""
    if len(parts) < 2:
        return []
    node: Any = state
    for part in parts[:-2]:
        node = node.get(part) if isinstance(node, dict) else (
            node[int(part)] if isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node)
            else None)
        if node is None:
            return []
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    last = parts[-1]
    found = []
    for item in items:
        if isinstance(item, dict) and last in item and (nulls or item[last] is not None):
            found.append(item[last])
        elif isinstance(item, list) and last.isdigit() and int(last) < len(item) and (nulls or item[int(last)] is not None):
            found.append(item[int(last)])
    return found


def check_value(path: str, old: Any, new: Any, ids: dict[str, set[str]], sample: list[Any], home: str | None = None,
                nullable: bool = False) -> Any:
    """``new`` fit to replace ``old`` at ``path`` (an int given for a decimal number becomes one).

    ``sample``: peer values, the type a null takes; ``home``: the key the value's object is filed
    under (its own id); ``nullable``: a peer holds null there, so null will do. Raises StateError naming the path, what it was and what would do."""
    if old is None:
        if new is None:
            return new
        kinds = {kind(p) for p in sample}
        if kinds and kind(new) not in kinds:
            raise StateError(f"{path}: was null; the same key elsewhere holds {' or '.join(sorted(kinds))}, "
                             f"not {kind(new)}")
        if not kinds:  # nothing beside it says what it holds: the trial decides
            return new if not isinstance(new, str) else _text(path, None, new, ids, [])
        if sample:
            return check_value(path, sample[0], new, ids, [], None) if not isinstance(new, str) else _text(path, None, new, ids, sample)
        return new if not isinstance(new, str) else _text(path, None, new, ids, [])
    if new is None:
        if nullable:
            return new
        raise StateError(f"{path}: was {kind(old)} {_short(old)}; it cannot become null (nothing beside it is null)")
    if isinstance(old, float) and not isinstance(old, bool) and isinstance(new, int) and not isinstance(new, bool):
        new = float(new)
    if kind(old) != kind(new) or (isinstance(old, int) and not isinstance(old, bool) and isinstance(new, float)
                                  and not new.is_integer()):
        raise StateError(f"{path}: was {kind(old)} {_short(old)}, cannot become {kind(new)} {_short(new)}")
    if isinstance(old, int) and not isinstance(old, bool) and isinstance(new, float):
        new = int(new)
    if isinstance(old, str):
        if home is not None and old == home and new != old:
            raise StateError(f"{path}: {old!r} is the id this is filed under; an id cannot be corrected")
        return _text(path, old, new, ids, [])
    if isinstance(old, dict):
        if old:
            extra = [k for k in new if k not in old]
            missing = [k for k in old if k not in new]
            if extra or missing:
                raise StateError(f"{path}: an object keeps its keys ({', '.join(map(str, old))[:200]})"
                                 + (f"; it has no {', '.join(map(repr, extra))[:100]}" if extra else "")
                                 + (f"; {', '.join(map(repr, missing))[:100]} missing" if missing else ""))
            return {k: check_value(f"{path}.{k}", old[k], v, ids, []) if k != "id" else _same_id(f"{path}.id", old[k], v)
                    for k, v in new.items()}
        for v in new.values():
            if isinstance(v, (dict, list)) and v:
                raise StateError(f"{path}: was an empty object; fill it one value at a time")
        return new
    if isinstance(old, list):
        if len(new) > len(old) + MAX_GROWTH:
            raise StateError(f"{path}: a list of {len(old)} may gain at most {MAX_GROWTH} items in one correction")
        if not old:
            if any(isinstance(v, (dict, list)) for v in new):
                raise StateError(f"{path}: was an empty list; nothing in it says what its items hold: add "
                                 "numbers, true/false or texts (ids the game knows)")
            return [_text(f"{path}.{i}", None, v, ids, []) if isinstance(v, str) else v for i, v in enumerate(new)]
        return [check_value(f"{path}.{i}", old[min(i, len(old) - 1)], v, ids, []) for i, v in enumerate(new)]
    return new


def _same_id(path: str, old: Any, new: Any) -> Any:
    if new != old:
        raise StateError(f"{path}: {_short(old)} is a thing's own id; an id cannot be corrected")
    return new


def _text(path: str, old: str | None, new: str, ids: dict[str, set[str]], sample: list[Any]) -> str:
    limit = max(MAX_STRING, len(old or ""))
    if len(new) > limit:
        raise StateError(f"{path}: a text of {len(new)} characters; at most {limit}")
    spaces: set[str] = set(ids.get(old, set())) if old is not None else set()
    if old is None:
        for peer in sample:
            if isinstance(peer, str):
                spaces |= ids.get(peer, set())
    if spaces and not spaces & ids.get(new, set()):
        kinds = ", ".join(sorted(k.replace("key:", "a key of ").replace("field:", "a ") for k in spaces))[:120]
        raise StateError(f"{path}: {new!r} is not an id of the kind it was (was {_short(old) if old is not None else 'null'}: "
                         f"{kinds}); write an id of that kind this game knows")
    return new


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def corrected(session: Any, changes: list[tuple[str, str]], checked: bool = True) -> tuple[dict[str, Any], list[tuple[str, Any, Any]]]:
    """The state of ``session`` with ``changes`` (path, JSON text) made on a copy, and (path, old, new)
    of each; with ``checked``, each value is checked against the state's shape and the corrected
    state tried (:func:`trial_problem`). Raises StateError naming what is wrong (nothing changes)."""
    paths = [p for p, _ in changes]
    if len(set(paths)) != len(paths):
        raise StateError(f"a path is named twice in one correction: {', '.join(paths)}")
    trial = copy.deepcopy(session.state)
    ids = known_ids(session.state) if checked else {}
    done: list[tuple[str, Any, Any]] = []
    for path, value in changes:
        bad = first_control(path)
        if bad is not None:
            raise StateError(f"the path holds a control character ({describe_char(path[bad])}); write plain text")
        try:
            new = parse_value(value, path) if checked else json.loads(value)
        except StateError as exc:
            raise StateError(f"correct {path}: refused, {exc}; nothing changed") from None
        parts = path.split(".")
        node: Any = trial
        for part in parts[:-1]:
            node = _step(node, part, path)
        last = parts[-1]
        if isinstance(node, dict):
            if last not in node:
                raise StateError(f"{path!r}: no {last!r} there; keys: {', '.join(sorted(map(str, node)))[:300]}")
            key: Any = last
        elif isinstance(node, list):
            key = _index(node, last, path)
        else:
            raise StateError(f"{path!r}: {last!r} is inside a plain value")
        old = node[key]
        if checked:
            if last == "id" and new != old:
                raise StateError(f"correct {path}: refused, {json.dumps(old)[:60]} is a thing's own id; an id "
                                 "cannot be corrected; nothing changed")
            home = parts[-2] if len(parts) >= 2 else None
            try:
                new = check_value(path, old, new, ids, peers(session.state, parts), home,
                                  None in peers(session.state, parts, nulls=True))
            except StateError as exc:
                raise StateError(f"correct {path} {json.dumps(new)[:60]}: refused, {exc}; nothing changed") from None
            problem = session.ruleset.correction_problem(session.state, path, old, new)
            if problem:
                raise StateError(f"correct {path} {json.dumps(new)[:60]}: refused, {problem}; nothing changed")
        node[key] = new
        done.append((path, old, new))
    if checked:
        problem = trial_problem(session, trial)
        if problem is not None:
            named = " and ".join(f"{p} {json.dumps(n)[:60]}" for p, _, n in done)
            raise StateError(f"correct {named}: refused, {problem}; nothing changed")
    return trial, done


def trial_problem(session: Any, trial: dict[str, Any]) -> str | None:
    """Why the game could not go on from the corrected state ``trial``, or None: its outcome,
    awaited seats and every viewer's view are computed, the ruleset's invariants that the
    present state keeps must still hold, the record reloads, and what the game runs next runs
    on a copy (:func:`next_step`). Raises nothing."""
    ruleset = session.ruleset
    tried = type(session)(ruleset, {**session.record, "state": trial})
    try:
        int(tried.turn)
        tried.awaiting()
        for viewer in (GM, *session.seats()):
            tried.view(viewer)
        kept = set(ruleset.invariants(session.state, session.state, []))
        broken = [p for p in ruleset.invariants(trial, trial, []) if p not in kept]
        type(session).from_record(json.loads(json.dumps({**session.record, "state": trial}, allow_nan=False)))
    except Exception as exc:  # noqa: BLE001 - whatever the rules trip on, the correction is what broke it
        return cannot(ruleset.title, exc)
    if broken:
        return f"it breaks the rules: {'; '.join(broken[:3])}"
    failed = next_step(session, trial)
    if failed is not None and next_step(session, session.state) is None:
        return f"{cannot(ruleset.title, failed)} when the game goes on"
    return None

def next_step(session: Any, state: dict[str, Any]) -> Exception | None:
    """What goes wrong when the game goes on from ``state`` (on a copy): bots play every seat once
    (their orders given), then the turn resolves (simultaneous orders) or one more bot step is
    taken; every view is drawn after. None when it goes on. Raises nothing."""
    record = copy.deepcopy({**session.record, "state": state})
    for seat in record["seats"]:
        seat["bot"] = True
    tried = type(session)(session.ruleset, record)
    tried.bot_steps = 2
    try:
        if tried.outcome() is not None:
            return None
        tried._run_bots()
        if session.ruleset.simultaneous and tried.outcome() is None and tried.awaiting():
            try:
                tried._resolve(False)
            except HolotableError:
                pass  # a refusal the rules give is not a brick
        tried.awaiting()
        for viewer in (GM, *tried.seats()):
            tried.view(viewer)
        json.dumps(tried.record, allow_nan=False)
    except Exception as exc:  # noqa: BLE001 - whatever the rules trip on
        return exc
    return None


def cannot(title: str, exc: Exception) -> str:
    """Why the rules cannot go on, in one line: the error's type and the start of its message."""
    detail = str(exc)[:120]
    return f"the {title} rules cannot go on from the corrected state ({type(exc).__name__}{': ' + detail if detail else ''})"


def _step(node: Any, part: str, path: str) -> Any:
    if isinstance(node, dict):
        if part not in node:
            raise StateError(f"{path!r}: no {part!r} there; keys: {', '.join(sorted(map(str, node)))[:300]}")
        return node[part]
    if isinstance(node, list):
        return node[_index(node, part, path)]
    raise StateError(f"{path!r}: {part!r} is inside a plain value")


def _index(node: list[Any], part: str, path: str) -> int:
    try:
        index = int(part)
        node[index]
    except (ValueError, IndexError):
        raise StateError(f"{path!r}: {part!r} is not an index of a list of {len(node)}") from None
    return index
