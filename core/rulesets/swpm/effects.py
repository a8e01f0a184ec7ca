"""The effect vocabulary of cards, objectives and power icons (SWPM-DATA-05, SWPM-GAP-14).

An effect is text such as ``modify(attack, +1, friendly.units[zone=contested], while_face_up)``;
several are joined with ``;``. It is parsed once, when the data loads, into :class:`Effect` records
and checked against where it is used (a combat card, an objective revealed or face up, a power
icon). Nothing here evaluates code: the engine reads the records and applies them itself.

Verbs and their arguments:

- ``modify(stat, delta, scope, duration)``: stat is attack, defense, damage, shields or hand_size;
- ``add_counters(target, n)`` / ``remove_counters(target, n)``;
- ``auto_hit(side, min_roll)``: a base roll of at least ``min_roll`` hits automatically;
- ``reroll(side)``: ``self`` rolls a miss again once; ``opponent_unit`` must roll a hit again once;
- ``draw(player, n)``; ``discard(player, n, random)``;
- ``move(unit, zone)`` (zone: home, contested, enemy; relative to the unit's owner);
- ``return_to_reserves(unit)``; ``reveal(objectives, n)``.

Scopes: ``self``, ``opponent_unit``, ``striker``, ``player``, ``opponent``,
``friendly.units[filter]``, ``opposing.units[filter]``, ``friendly.objectives``,
``opposing.objectives``; ``self`` also takes a filter. A filter is ``key=value`` pairs joined with
``&``: zone (home, contested, enemy; relative to the effect's controller), domain (space, ground),
icon (any icon), affiliation. Durations: battle, turn, while_face_up, permanent.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

STATS = ("attack", "defense", "damage", "shields", "hand_size")
UNIT_STATS = ("attack", "defense", "damage", "shields")
DURATIONS = ("battle", "turn", "while_face_up", "permanent")
ZONES = ("home", "contested", "enemy")
DOMAINS = ("space", "ground")
UNIT_SCOPES = ("self", "opponent_unit", "striker", "friendly.units", "opposing.units")
PLAYER_SCOPES = ("player", "opponent")
OBJECTIVE_SCOPES = ("friendly.objectives", "opposing.objectives")

#: where an effect may be used -> the scopes and durations allowed there
USES: dict[str, dict[str, tuple[str, ...]]] = {
    "battle": {"scopes": ("self", "opponent_unit", "friendly.units", "opposing.units", "player", "opponent"),
               "durations": ("battle", "turn")},
    "on_reveal": {"scopes": ("striker", "friendly.units", "opposing.units", "player", "opponent",
                             "friendly.objectives", "opposing.objectives"),
                  "durations": ("turn",)},
    "continuous": {"scopes": ("friendly.units", "opposing.units", "player", "friendly.objectives",
                              "opposing.objectives"),
                   "durations": ("while_face_up",)},
    "power": {"scopes": ("self",), "durations": ("permanent",)},
}


class EffectError(ValueError):
    """An effect text that does not parse or is not allowed where it is used."""


@dataclass(frozen=True)
class Scope:
    """Who or what an effect reaches: a base word and a filter of (key, value) pairs."""

    base: str
    filters: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        """The scope as written."""
        if not self.filters:
            return self.base
        return self.base + "[" + "&".join(f"{k}={v}" for k, v in self.filters) + "]"


@dataclass(frozen=True)
class Effect:
    """One parsed effect: its verb and typed arguments."""

    verb: str
    stat: str = ""
    amount: int = 0
    scope: Scope = field(default_factory=lambda: Scope("self"))
    duration: str = ""
    zone: str = ""
    choice: str = ""

    def text(self) -> str:
        """A plain rendering, for logs."""
        if self.verb == "modify":
            return f"{self.stat} {self.amount:+d} to {self.scope.text()} ({self.duration})"
        return f"{self.verb} {self.scope.text()} {self.amount or ''}".strip()


_CALL = re.compile(r"^\s*([a-z_]+)\s*\((.*)\)\s*$")


def _int(word: str, what: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", word):
        raise EffectError(f"{what} must be a whole number, got {word!r}")
    return int(word)


def _scope(word: str, icons: set[str]) -> Scope:
    m = re.fullmatch(r"([a-z_.]+)(?:\[([^\]]*)\])?", word)
    if not m:
        raise EffectError(f"bad scope {word!r}")
    base, raw = m.group(1), m.group(2)
    if base not in UNIT_SCOPES + PLAYER_SCOPES + OBJECTIVE_SCOPES:
        raise EffectError(f"unknown scope {base!r}; scopes: {', '.join(UNIT_SCOPES + PLAYER_SCOPES + OBJECTIVE_SCOPES)}")
    filters: list[tuple[str, str]] = []
    if raw is not None:
        if base not in ("self", "friendly.units", "opposing.units"):
            raise EffectError(f"scope {base!r} takes no filter")
        for part in raw.split("&"):
            key, _, value = part.strip().partition("=")
            key, value = key.strip(), value.strip()
            legal = {"zone": ZONES, "domain": DOMAINS, "icon": tuple(sorted(icons))}.get(key)
            if key == "affiliation" and value:
                filters.append((key, value))
                continue
            if legal is None:
                raise EffectError(f"unknown filter {key!r} in {word!r}; filters: zone, domain, icon, affiliation")
            if value not in legal:
                raise EffectError(f"filter {key}={value!r} in {word!r}; legal: {', '.join(legal)}")
            filters.append((key, value))
    return Scope(base, tuple(filters))


def parse_one(text: str, icons: set[str]) -> Effect:
    """One call. Raises EffectError saying what is wrong."""
    m = _CALL.match(text)
    if not m:
        raise EffectError(f"{text.strip()!r} is not a call like verb(arg, ...)")
    verb, args = m.group(1), [a.strip() for a in m.group(2).split(",")] if m.group(2).strip() else []

    def need(n: int) -> None:
        if len(args) != n:
            raise EffectError(f"{verb} takes {n} arguments, got {len(args)} in {text.strip()!r}")

    if verb == "modify":
        need(4)
        stat, delta, scope, duration = args
        if stat not in STATS:
            raise EffectError(f"unknown stat {stat!r}; stats: {', '.join(STATS)}")
        if duration not in DURATIONS:
            raise EffectError(f"unknown duration {duration!r}; durations: {', '.join(DURATIONS)}")
        sc = _scope(scope, icons)
        if stat == "hand_size" and sc.base not in PLAYER_SCOPES:
            raise EffectError("hand_size applies to a player (player or opponent)")
        if stat != "hand_size" and sc.base in PLAYER_SCOPES:
            raise EffectError(f"{stat} applies to units or objectives, not to {sc.base}")
        if sc.base in OBJECTIVE_SCOPES and stat != "defense":
            raise EffectError("objectives have only a defense value to modify")
        return Effect("modify", stat=stat, amount=_int(delta, "delta"), scope=sc, duration=duration)
    if verb in ("add_counters", "remove_counters"):
        need(2)
        sc = _scope(args[0], icons)
        if sc.base not in UNIT_SCOPES:
            raise EffectError(f"{verb} needs units, not {sc.base}")
        n = _int(args[1], "n")
        if n < 1:
            raise EffectError(f"{verb} needs at least 1 counter")
        return Effect(verb, amount=n, scope=sc)
    if verb == "auto_hit":
        need(2)
        if args[0] not in ("self", "opponent_unit"):
            raise EffectError("auto_hit side is self or opponent_unit")
        n = _int(args[1], "min_roll")
        if not 2 <= n <= 12:
            raise EffectError("auto_hit min_roll is from 2 to 12")
        return Effect(verb, amount=n, scope=Scope(args[0]))
    if verb == "reroll":
        need(1)
        if args[0] not in ("self", "opponent_unit"):
            raise EffectError("reroll side is self or opponent_unit")
        return Effect(verb, scope=Scope(args[0]))
    if verb == "draw":
        need(2)
        if args[0] not in PLAYER_SCOPES:
            raise EffectError("draw needs player or opponent")
        n = _int(args[1], "n")
        if n < 1:
            raise EffectError("draw at least 1 card")
        return Effect(verb, amount=n, scope=Scope(args[0]))
    if verb == "discard":
        need(3)
        if args[0] not in PLAYER_SCOPES:
            raise EffectError("discard needs player or opponent")
        if args[2] != "random":
            raise EffectError("discard choice is random")
        n = _int(args[1], "n")
        if n < 1:
            raise EffectError("discard at least 1 card")
        return Effect(verb, amount=n, scope=Scope(args[0]), choice=args[2])
    if verb == "move":
        need(2)
        sc = _scope(args[0], icons)
        if sc.base not in UNIT_SCOPES:
            raise EffectError("move needs units")
        if args[1] not in ZONES:
            raise EffectError(f"move zone is one of {', '.join(ZONES)}")
        return Effect(verb, scope=sc, zone=args[1])
    if verb == "return_to_reserves":
        need(1)
        sc = _scope(args[0], icons)
        if sc.base not in UNIT_SCOPES:
            raise EffectError("return_to_reserves needs units")
        return Effect(verb, scope=sc)
    if verb == "reveal":
        need(2)
        if args[0] not in OBJECTIVE_SCOPES:
            raise EffectError("reveal needs friendly.objectives or opposing.objectives")
        n = _int(args[1], "n")
        if n < 1:
            raise EffectError("reveal at least 1")
        return Effect(verb, amount=n, scope=Scope(args[0]))
    raise EffectError(f"unknown verb {verb!r}; verbs: modify, add_counters, remove_counters, auto_hit, reroll, "
                      "draw, discard, move, return_to_reserves, reveal")


def parse(text: str, use: str, icons: set[str]) -> tuple[Effect, ...]:
    """Every effect of ``text`` (``;``-separated), checked for ``use`` (battle, on_reveal,
    continuous, power). An empty text is no effect. Raises EffectError."""
    if not text.strip():
        return ()
    rules = USES[use]
    out = []
    for part in text.split(";"):
        effect = parse_one(part, icons)
        if effect.scope.base not in rules["scopes"]:
            raise EffectError(f"{part.strip()!r}: scope {effect.scope.base!r} cannot be used in a {use} effect; "
                              f"legal: {', '.join(rules['scopes'])}")
        if effect.verb == "modify" and effect.duration not in rules["durations"]:
            raise EffectError(f"{part.strip()!r}: duration {effect.duration!r} cannot be used in a {use} effect; "
                              f"legal: {', '.join(rules['durations'])}")
        if use == "continuous" and effect.verb != "modify":
            raise EffectError(f"{part.strip()!r}: a continuous ability can only modify")
        if use == "power" and effect.verb != "modify":
            raise EffectError(f"{part.strip()!r}: a power icon's constant ability can only modify")
        if effect.verb in ("auto_hit", "reroll") and use != "battle":
            raise EffectError(f"{part.strip()!r}: {effect.verb} works only in a battle")
        out.append(effect)
    return tuple(out)
