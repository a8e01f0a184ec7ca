"""Pocket Models data (``data/*.toml``): units, cards, starter lists and the board numbers, read
once and checked at load time (SWPM-DATA-01..07). A bad row fails the load naming its id."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.errors import DataError
from core.packaged import packaged_toml

from . import effects as fx


@dataclass(frozen=True)
class Unit:
    """One unit of the roster (SWPM-UNIT-03)."""

    id: str
    tag: str
    name: str
    affiliation: str
    domain: str
    build_stars: int
    attack: int
    defense: int
    damage: int
    shields: int
    match_icons: tuple[str, ...]
    power_icons: tuple[str, ...]
    unique: bool = False
    flavor: str = ""

    @property
    def icons(self) -> tuple[str, ...]:
        """Every icon the unit carries: affiliation, match and power (SWPM-ICON-01)."""
        return (self.affiliation, *self.match_icons, *self.power_icons)

    @property
    def ground(self) -> bool:
        """A ground unit (the tan bar, SWPM-UNIT-08)."""
        return self.domain == "ground"


@dataclass(frozen=True)
class Card:
    """One card (SWPM-CARD-01..03): a combat card or an objective card."""

    id: str
    tag: str
    name: str
    type: str
    build_stars: int
    defense: int
    bonus_stat: str
    bonus_value: int
    ability_icon: str
    ability_timing: str
    effects: tuple[fx.Effect, ...]
    effect_text: str
    rules_text: str

    @property
    def combat(self) -> bool:
        """A combat card."""
        return self.type == "combat"


@dataclass(frozen=True)
class Starter:
    """A ready list: units, deck and the suggested home placement (codes, repeats allowed)."""

    tag: str
    name: str
    blurb: str
    units: tuple[str, ...]
    deck: tuple[str, ...]
    home: tuple[str, ...]


@dataclass
class Rules:
    """Everything static."""

    board: dict[str, Any]
    units: dict[str, Unit]
    cards: dict[str, Card]
    starters: dict[str, Starter]
    power: dict[str, tuple[fx.Effect, ...]]
    power_text: dict[str, str]
    icons: set[str]


def _load(name: str) -> dict[str, Any]:
    return packaged_toml(__package__ or "core.rulesets.swpm", "data", f"{name}.toml")


def _expand(items: list[str], known: dict[str, Any], where: str) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        tag, _, count = item.partition("*")
        if tag not in known:
            raise DataError(f"{where}: unknown {tag!r}")
        out.extend([tag] * (int(count) if count else 1))
    return tuple(out)


def check_unit(row: dict[str, Any], board: dict[str, Any]) -> Unit:
    """A unit row checked against SWPM-UNIT-03, SWPM-ICON-05/07, SWPM-GAP-22. Raises DataError naming the id."""
    uid = row.get("id", "?")
    try:
        unit = Unit(id=uid, tag=row["tag"], name=row["name"], affiliation=row["affiliation"], domain=row["domain"],
                    build_stars=int(row["build_stars"]), attack=int(row["attack"]), defense=int(row["defense"]),
                    damage=int(row["damage"]), shields=int(row["shields"]),
                    match_icons=tuple(row.get("match_icons", [])), power_icons=tuple(row.get("power_icons", [])),
                    unique=bool(row.get("unique", False)), flavor=row.get("flavor", ""))
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"unit {uid}: missing or bad field {exc}") from None
    problems = []
    if not 1 <= unit.build_stars <= 5:
        problems.append(f"build_stars {unit.build_stars} must be 1 to 5 (SWPM-UNIT-03, SWPM-GAP-22)")
    if unit.domain not in fx.DOMAINS:
        problems.append(f"domain {unit.domain!r} must be space or ground (SWPM-UNIT-08)")
    for stat, lo, hi in (("attack", 0, 8), ("defense", 6, 16), ("damage", 1, 5), ("shields", 1, 10)):
        if not lo <= getattr(unit, stat) <= hi:
            problems.append(f"{stat} {getattr(unit, stat)} must be {lo} to {hi} (SWPM-DATA-01)")
    if not unit.affiliation:
        problems.append("no affiliation icon (SWPM-UNIT-03)")
    bad = [i for i in unit.match_icons if i not in board["match_icons"]]
    if bad or len(unit.match_icons) > 3:
        problems.append(f"match icons {list(unit.match_icons)} must be 0-3 of {board['match_icons']} (SWPM-ICON-05)")
    bad = [i for i in unit.power_icons if i not in board["power_icons"]]
    if bad or len(unit.power_icons) > 3:
        problems.append(f"power icons {list(unit.power_icons)} must be 0-3 of {board['power_icons']} (SWPM-ICON-07)")
    if any(i in board["card_icons"] for i in unit.icons):
        problems.append("force and luck icons are found only on cards (SWPM-ICON-02)")
    if problems:
        raise DataError(f"unit {uid} ({unit.name}): " + "; ".join(problems))
    return unit


def check_card(row: dict[str, Any], icons: set[str]) -> Card:
    """A card row checked against SWPM-CARD-01..12 and SWPM-DATA-05. Raises DataError naming the id."""
    cid = row.get("id", "?")
    try:
        kind = row["type"]
        timing = row.get("ability_timing", "battle" if kind == "combat" else "continuous")
        text = row.get("effect", "")
        if kind not in ("combat", "objective"):
            raise DataError(f"card {cid}: type {kind!r} must be combat or objective (SWPM-CARD-01)")
        use = "battle" if kind == "combat" else timing
        if kind == "combat" and timing != "battle" or kind == "objective" and timing not in ("on_reveal", "continuous"):
            raise DataError(f"card {cid}: ability_timing {timing!r} does not fit a {kind} card (SWPM-CARD-05)")
        try:
            parsed = fx.parse(text, use, icons)
        except fx.EffectError as exc:
            raise DataError(f"card {cid}: effect {text!r} does not parse: {exc} (SWPM-DATA-05)") from None
        card = Card(id=cid, tag=row["tag"], name=row["name"], type=kind, build_stars=int(row["build_stars"]),
                    defense=int(row["defense"]), bonus_stat=row.get("bonus_stat", ""),
                    bonus_value=int(row.get("bonus_value", 0)), ability_icon=row.get("ability_icon", ""),
                    ability_timing=timing, effects=parsed, effect_text=text, rules_text=row["rules_text"])
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, DataError):
            raise
        raise DataError(f"card {cid}: missing or bad field {exc}") from None
    problems = []
    if card.build_stars < 1:
        problems.append("build_stars must be at least 1 (SWPM-CARD-02)")
    if card.combat:
        if card.bonus_stat not in fx.UNIT_STATS and not (card.bonus_stat == "" and card.effects):
            problems.append(f"bonus_stat {card.bonus_stat!r} must be one of {', '.join(fx.UNIT_STATS)} (SWPM-CARD-10)")
        if card.effects and card.ability_icon not in icons:
            problems.append(f"an ability needs an icon, got {card.ability_icon!r} (SWPM-CARD-12)")
        if not card.bonus_value and not card.effects:
            problems.append("a combat card needs a combat bonus or an ability (SWPM-CARD-08)")
    if problems:
        raise DataError(f"card {cid} ({card.name}): " + "; ".join(problems))
    return card


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The data, loaded and checked once. Raises DataError naming the bad row."""
    board = _load("board")
    icons = set(board["match_icons"]) | set(board["power_icons"]) | set(board["card_icons"])
    units: dict[str, Unit] = {}
    for row in _load("units")["unit"]:
        unit = check_unit(row, board)
        if unit.tag in units:
            raise DataError(f"unit {unit.id}: tag {unit.tag!r} used twice")
        units[unit.tag] = unit
    icons |= {u.affiliation for u in units.values()}
    cards: dict[str, Card] = {}
    for row in _load("cards")["card"]:
        card = check_card(row, icons)
        if card.tag in cards:
            raise DataError(f"card {card.id}: tag {card.tag!r} used twice")
        cards[card.tag] = card
    power = {}
    for name, info in board["power"].items():
        try:
            power[name] = fx.parse(info["effect"], "power", icons)
        except fx.EffectError as exc:
            raise DataError(f"power icon {name}: {exc} (SWPM-DATA-04)") from None
    starters = {}
    for row in _load("starters")["starter"]:
        st = Starter(tag=row["tag"], name=row["name"], blurb=row.get("blurb", ""),
                     units=_expand(row["units"], units, row["tag"]), deck=_expand(row["deck"], cards, row["tag"]),
                     home=_expand(row["home"], units, row["tag"]))
        problems = list_problems(list(st.units), list(st.deck), units, board) + home_problems(list(st.home), list(st.units), units, board)
        if problems:
            raise DataError(f"starter {st.tag}: " + "; ".join(problems))
        starters[st.tag] = st
    return Rules(board=board, units=units, cards=cards, starters=starters, power=power,
                 power_text={k: v["text"] for k, v in board["power"].items()}, icons=icons)


def list_problems(units: list[str], deck: list[str], roster: dict[str, Unit] | None = None,
                  board: dict[str, Any] | None = None, fleet_cap: int | None = None) -> list[str]:
    """What a fleet and deck break, each naming its rule ID (SWPM-DECK-01..05); empty when legal."""
    roster = roster if roster is not None else rules().units
    board = board if board is not None else rules().board
    cap = int(fleet_cap if fleet_cap is not None else board["fleet_bs_cap"])
    problems = []
    unknown = sorted({u for u in units if u not in roster})
    if unknown:
        problems.append(f"SWPM-DATA-01: unknown units {', '.join(unknown)}")
    if len(deck) < board["deck_min_cards"]:
        problems.append(f"SWPM-DECK-01: the deck has {len(deck)} cards; it needs at least {board['deck_min_cards']}")
    total = sum(roster[u].build_stars for u in units if u in roster)
    if total > cap:
        problems.append(f"SWPM-DECK-02: the fleet is worth {total} BS; at most {cap}")
    if not units:
        problems.append("SWPM-DECK-02: the fleet has no units")
    for tag, n in sorted(Counter(deck).items()):
        if n > board["card_copy_cap"]:
            problems.append(f"SWPM-DECK-03: {n} copies of {tag}; at most {board['card_copy_cap']}")
    most = cap // 10 * board["unit_copies_per_10bs"]
    for tag, n in sorted(Counter(units).items()):
        if n > most:
            problems.append(f"SWPM-DECK-04: {n} copies of unit {tag}; at most {most} in a {cap}-BS format")
    return problems


def home_problems(home: list[str], fleet: list[str], units: dict[str, Unit], board: dict[str, Any]) -> list[str]:
    """What a home-zone placement breaks (SWPM-SETUP-01): more than 20 BS, or units not in the fleet."""
    problems = []
    left = Counter(fleet)
    for tag in home:
        if left[tag] <= 0:
            problems.append(f"SWPM-SETUP-02: {tag} is placed more often than the fleet holds it")
        left[tag] -= 1
    total = sum(units[t].build_stars for t in home if t in units)
    if total > board["setup_home_bs_cap"]:
        problems.append(f"SWPM-SETUP-01: {total} BS in the home zone; at most {board['setup_home_bs_cap']}")
    return problems
