"""Odds before committing: the exact chance to hit and to destroy for each declared battle and
strike, from the values the viewer knows, with each combat card in the viewer's own hand shown as
"if you play X". Face-down objectives are unknown to everyone, so a strike on one is shown against
each defense the pool holds."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from core.ruleset import Odds, State

from .combat import applies
from .data import Card, rules
from .model import card, objective_defense, occupied_slots, other, roll_count, strike_count, value


@lru_cache(maxsize=None)
def roll_hits(bonus: int, target: int, auto: int = 12, ties: bool = True) -> Fraction:
    """P(2d6 base roll + ``bonus`` beats or ties ``target``, or base >= ``auto``) (SWPM-COMBAT-11/15)."""
    n = 0
    for a, b in product(range(1, 7), repeat=2):
        base = a + b
        if base >= auto or (base + bonus >= target if ties else base + bonus > target):
            n += 1
    return Fraction(n, 36)


def with_rerolls(p: Fraction, reroll_miss: bool, reroll_hit: bool) -> Fraction:
    """The chance to end on a hit when a miss may be rolled again and/or a hit must be (as the engine does)."""
    def f(used_hit: bool, used_miss: bool) -> Fraction:
        hit = p * (f(True, used_miss) if reroll_hit and not used_hit else Fraction(1))
        miss = (1 - p) * (f(used_hit, True) if reroll_miss and not used_miss and not used_hit else Fraction(0))
        return hit + miss
    return f(False, False)


@dataclass
class Side:
    """One unit's numbers in a battle."""

    attack: int
    defense: int
    damage: int
    shields: int
    counters: int
    auto: int = 12
    reroll_miss: bool = False
    reroll_hit: bool = False


def sides(state: State, a: str, d: str) -> tuple[Side, Side]:
    """The two units' current numbers."""
    def one(u: str) -> Side:
        return Side(value(state, u, "attack"), value(state, u, "defense"), value(state, u, "damage"),
                    value(state, u, "shields"), int(state["units"][u]["damage"]))
    return one(a), one(d)


def play(me: Side, foe: Side, c: Card, unit_tag: str) -> None:
    """Change the numbers as card ``c`` played for ``me`` would."""
    if c.bonus_value:
        setattr(me, c.bonus_stat, getattr(me, c.bonus_stat) + c.bonus_value)
    if not applies(unit_tag, c):
        return
    for eff in c.effects:
        target = me if eff.scope.base in ("self",) else foe if eff.scope.base == "opponent_unit" else None
        if eff.verb == "modify" and target is not None and eff.stat != "hand_size":
            setattr(target, eff.stat, getattr(target, eff.stat) + eff.amount)
        elif eff.verb == "auto_hit":
            (me if eff.scope.base == "self" else foe).auto = min(eff.amount, (me if eff.scope.base == "self" else foe).auto)
        elif eff.verb == "reroll":
            if eff.scope.base == "self":
                me.reroll_miss = True
            else:
                foe.reroll_hit = True
        elif eff.verb == "add_counters" and target is not None:
            target.counters += eff.amount
        elif eff.verb == "remove_counters" and target is not None:
            target.counters = max(0, target.counters - eff.amount)


def battle(att: Side, dfn: Side, ties: bool = True) -> dict[str, Fraction]:
    """Exact chances of one battle: each side hits, each side is destroyed."""
    att.shields, dfn.shields = max(1, att.shields), max(1, dfn.shields)
    pre_a, pre_d = att.counters >= att.shields, dfn.counters >= dfn.shields
    if pre_a or pre_d:
        return {"hit": Fraction(0), "destroy": Fraction(int(pre_d)), "back": Fraction(0), "lost": Fraction(int(pre_a))}
    pa = with_rerolls(roll_hits(att.attack, max(0, dfn.defense), att.auto, ties), att.reroll_miss, att.reroll_hit)
    pd = with_rerolls(roll_hits(dfn.attack, max(0, att.defense), dfn.auto, ties), dfn.reroll_miss, dfn.reroll_hit)
    kills_d = dfn.counters + max(0, att.damage) >= dfn.shields
    kills_a = att.counters + max(0, dfn.damage) >= att.shields
    return {"hit": pa, "destroy": pa if kills_d else Fraction(0), "back": pd, "lost": pd if kills_a else Fraction(0)}


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def battle_lines(state: State, seat: str, a: str, d: str, played: dict[str, str | None] | None = None) -> list[str]:
    """One line for the battle as it stands, then one per combat card in ``seat``'s hand."""
    played = played or {}
    ties = state["options"]["tie_hits"]
    mine_is_attacker = state["units"][a]["owner"] == seat
    me_unit, foe_unit = (a, d) if mine_is_attacker else (d, a)

    def numbers(extra: Card | None) -> dict[str, Fraction]:
        att, dfn = sides(state, a, d)
        for unit, tag in played.items():
            if tag:
                me_s, foe_s = (att, dfn) if unit == a else (dfn, att)
                play(me_s, foe_s, card(tag), state["units"][unit]["tag"])
        if extra is not None:
            me_s, foe_s = (att, dfn) if mine_is_attacker else (dfn, att)
            play(me_s, foe_s, extra, state["units"][me_unit]["tag"])
        return battle(att, dfn, ties)

    def line(r: dict[str, Fraction]) -> str:
        if mine_is_attacker:
            return f"hit {pct(r['hit'])}, destroy {pct(r['destroy'])}; hit back {pct(r['back'])}, {a} lost {pct(r['lost'])}"
        return f"hit {pct(r['back'])}, destroy {pct(r['lost'])}; hit by {a} {pct(r['hit'])}, {d} lost {pct(r['destroy'])}"

    out = [f"{a} against {d}: " + line(numbers(None))]
    if not any(played.values()):
        out += [f"  {u} rolls {roll_count(state, u, 'the base roll (SWPM-COMBAT-10)').words(6)} "
                f"against {value(state, foe, 'defense')}" for u, foe in ((a, d), (d, a))]
    hand = sorted({t for t in state["players"][seat]["hand"] if card(t).type == "combat"})
    for tag in hand:
        out.append(f"  if you play {card(tag).name}: " + line(numbers(card(tag))))
    _ = foe_unit
    return out


def destroyed_distribution(state: State, battles: list[list[str]]) -> list[tuple[str, Fraction]]:
    """Exact distribution of how many defenders the declared battles destroy, with no cards played."""
    ties = state["options"]["tie_hits"]
    dist: dict[int, Fraction] = {}

    def walk(i: int, counters: dict[str, int], gone: frozenset[str], kills: int, p: Fraction) -> None:
        if p == 0:
            return
        if i == len(battles):
            dist[kills] = dist.get(kills, Fraction(0)) + p
            return
        a, d = battles[i]
        if a in gone or d in gone or state["units"][a]["zone"] != state["units"][d]["zone"]:
            walk(i + 1, counters, gone, kills, p)
            return
        att, dfn = sides(state, a, d)
        att.counters, dfn.counters = counters.get(a, att.counters), counters.get(d, dfn.counters)
        pa = roll_hits(att.attack, dfn.defense, 12, ties)
        pd = roll_hits(dfn.attack, att.defense, 12, ties)
        for ha, hd in product((True, False), repeat=2):
            q = (pa if ha else 1 - pa) * (pd if hd else 1 - pd)
            c = dict(counters)
            c[a] = att.counters + (dfn.damage if hd else 0)
            c[d] = dfn.counters + (att.damage if ha else 0)
            g = set(gone)
            k = kills
            if c[d] >= dfn.shields:
                g.add(d)
                k += 1
            if c[a] >= att.shields:
                g.add(a)
            walk(i + 1, c, frozenset(g), k, p * q)

    walk(0, {}, frozenset(), 0, Fraction(1))
    return [(f"{k} defender{'s' if k != 1 else ''} destroyed", p) for k, p in sorted(dist.items())]


def odds_for(ruleset: Any, state: State, seat: str, text: str) -> Odds | None:
    """Odds of ``attack``, ``strike``, or ``play``/``pass`` in a card window. Raises OrderError."""
    words = text.split()
    if not words or state.get("phase") != "play":
        return None
    verb = words[0].lower()
    if verb not in ("attack", "strike", "play", "pass"):
        return None
    step = state.get("step") or {}
    if verb in ("play", "pass") and step.get("kind") != "card":
        return None
    parsed = ruleset.order_book().parse(text, ruleset.context(state, seat))
    if verb == "attack":
        battles = [p.split(">") for p in parsed.values["pairs"]]
        notes = [line for a, d in battles for line in battle_lines(state, seat, a, d)]
        return Odds(f"{len(battles)} battle{'s' if len(battles) > 1 else ''} if no card is played",
                    destroyed_distribution(state, battles), notes=notes)
    if verb == "strike":
        return strike_odds(state, seat, parsed.values["units"])
    cur = state["action"]["cur"]
    played = {cur["a"]: cur["att_card"], cur["d"]: cur["def_card"]}
    mine = cur["a"] if state["units"][cur["a"]]["owner"] == seat else cur["d"]
    if verb == "play":
        played[mine] = parsed.values["card"]
    att, dfn = sides(state, cur["a"], cur["d"])
    for unit, tag in played.items():
        if tag:
            me_s, foe_s = (att, dfn) if unit == cur["a"] else (dfn, att)
            play(me_s, foe_s, card(tag), state["units"][unit]["tag"])
    r = battle(att, dfn, state["options"]["tie_hits"])
    both = r["hit"] * r["back"]
    rows = [(f"both hit", both), (f"only {cur['a']} hits", r["hit"] - both),
            (f"only {cur['d']} hits", r["back"] - both), ("neither hits", 1 - r["hit"] - r["back"] + both)]
    notes = [f"{cur['d']} destroyed {pct(r['destroy'])}, {cur['a']} destroyed {pct(r['lost'])} "
             "(cards the opponent may still play are not counted)"]
    return Odds(f"battle {cur['a']} against {cur['d']} if you {text.strip()}", rows, notes=notes)


def strike_odds(state: State, seat: str, strikers: list[str]) -> Odds:
    """Each striker against each enemy objective; rows: strikes that succeed against the weakest known target."""
    foe = other(state, seat)
    ties = state["options"]["tie_hits"]
    pool = sorted({c.defense for c in rules().cards.values()})
    notes, chances = [], []
    for uid in strikers:
        count = strike_count(state, uid)
        bonus = count.modifier
        auto = 12 if state["options"]["strike_auto_12"] else 13
        parts, known = [], []
        for i in occupied_slots(state, foe):
            slot = state["players"][foe]["slots"][i]
            if slot["up"]:
                p = roll_hits(bonus, objective_defense(state, foe, i), auto, ties)
                known.append(p)
                parts.append(f"slot {i + 1} ({card(slot['card']).name}) {pct(p)}")
            else:
                parts.append(f"slot {i + 1} face down: " + ", ".join(f"def {x} {pct(roll_hits(bonus, x, auto, ties))}" for x in pool))
        notes.append(f"{uid}: {count.words(6)}; " + "; ".join(parts))
        chances.append(max(known) if known else roll_hits(bonus, pool[len(pool) // 2], auto, ties))
    dist = {0: Fraction(1)}
    for p in chances:
        nxt: dict[int, Fraction] = {}
        for k, q in dist.items():
            nxt[k] = nxt.get(k, Fraction(0)) + q * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + q * p
        dist = nxt
    notes.append(f"rows: each striker at the weakest face-up objective, or a face-down one of defense {pool[len(pool) // 2]}")
    return Odds(f"strike with {', '.join(strikers)}", [(f"{k} objective{'s' if k != 1 else ''} destroyed", p)
                                                         for k, p in sorted(dist.items())], notes=notes)

