"""The summary of a campaign day's turn report: what a player needs first (issue 18).

A campaign day's events are many (every post, hit and move of every battle the reader fought in);
:func:`campaign_summary` reads the ones a player acts on into the report's summary, in this order:
the battles the reader fought in (where, who fought, what each faction lost there today as the
reader saw it, the withdrawals, the day's end of the fighting), the worlds taken and lost, builds
done, then arrivals, refused orders, conflicts, victory news, the battles elsewhere (their public
notice), Heroes, missions and flashpoints, income, scans and news, and last the fleets seen leaving
(one line). Everything else (each hit, move and post) stays in the report's details, where the
builder folds repeated lines. It reads only the events given, already filtered for the reader
(:func:`core.events.filter_events`), so it tells nothing the reader may not see.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from core.report import QUIET_KINDS, Battle, Summary, fold
from core.rulesets.tote.battle.views import natural
from core.rulesets.tote.rules.model import FACTIONS

Event = dict[str, Any]

_BATTLE = re.compile(r"^Battle at (?P<place>.+?): (?P<who>.+?) \((?:\d+ units? destroyed so far|no shot fired)\)\.?$")
_CLAIM = re.compile(r"^(?P<taker>.+?) (?:takes|claims) (?P<place>.+?)(?: from (?P<was>.+?))?(?:: .*)?\.$")
_GONE = re.compile(r"(?P<id>[A-Za-z0-9]+-[A-Za-z0-9-]+) (?P<state>DESTROYED|DISABLED)")
_CODE = {name: code for code, name in FACTIONS.items()}

#: headline kinds in the order a player reads them (each its own group); kinds not named here and
#: not battle detail come after these, before the fleets seen leaving
_ORDER = ("campaign.arrive", "tote.refused", "tote.battle", "campaign.conflict", "tote.victory", "campaign.victory",
          "elsewhere",
          "tote.hero", "campaign.hero", "campaign.mission", "campaign.flashpoint", "campaign.income",
          "campaign.repair", "campaign.reserve", "campaign.scrap", "campaign.surrender", "campaign.intel",
          "campaign.scan", "campaign.message", "campaign.news")
#: battle detail (each post, hit, move ...) and the echo of the reader's own galaxy orders: details only
_DETAIL = ("tote.post", "tote.hit", "tote.move", "tote.launch", "tote.recall", "tote.patrol", "tote.tractor", "tote",
           "tote.board", "tote.aboard", "tote.land", "tote.embark", "tote.swarm", "tote.ob", "tote.fire", "tote.miss",
           "campaign.jump", "start")


def is_campaign_day(events: Iterable[Event]) -> bool:
    """Whether ``events`` are a campaign day's (a galaxy event or a campaign battle's notice among them)."""
    return any(str(e.get("kind", "")).startswith("campaign.") or e.get("kind") == "tote.combat" for e in events)


def _code(name: str | None) -> str | None:
    return None if name is None else _CODE.get(name.strip(), name.strip())


def _owner(uid: str) -> str:
    """The faction code a unit id starts with (``GE-12`` -> ``GE``)."""
    return uid.split("-", 1)[0]


def _battle(place: str, who: str, block: list[Event]) -> Battle:
    """One battle day at ``place`` from the events of its block (its posts, hits, withdrawals, end)."""
    gone: dict[str, dict[str, list[str]]] = {}
    notes: list[str] = []
    for e in block:
        text = str(e.get("text", ""))
        for m in _GONE.finditer(text):
            ids = gone.setdefault(m.group("state"), {}).setdefault(_owner(m.group("id")), [])
            if m.group("id") not in ids:
                ids.append(m.group("id"))
        if e.get("kind") in ("tote.withdraw", "tote.end"):
            notes.append(text.rstrip("."))
    lost = {uid for ids in gone.get("DESTROYED", {}).values() for uid in ids}
    for code, ids in list(gone.get("DISABLED", {}).items()):  # disabled, then destroyed: destroyed
        gone["DISABLED"][code] = [uid for uid in ids if uid not in lost]
        if not gone["DISABLED"][code]:
            del gone["DISABLED"][code]
    parts = [who]
    for state, word in (("DESTROYED", "destroyed"), ("DISABLED", "disabled")):
        if gone.get(state):
            parts.append(f"{word} today: " + "; ".join(f"{code} {len(ids)} ({', '.join(sorted(ids, key=natural))})"
                                                       for code, ids in sorted(gone[state].items())))
    if not gone:
        parts.append("nothing destroyed today")
    return Battle(place=place, result=". ".join(["; ".join(parts), *notes]))


def campaign_summary(events: list[Event]) -> Summary | None:
    """The summary of a campaign day for the reader of ``events`` (already filtered for them), or None
    when they are not a campaign day's. Raises nothing."""
    if not is_campaign_day(events):
        return None
    summary = Summary()
    block: list[Event] = []
    groups: dict[str, list[str]] = {}
    departed: list[str] = []
    fighting = False
    for e in events:
        kind, text = str(e.get("kind", "")), str(e.get("text", ""))
        if kind in QUIET_KINDS:
            continue
        battle = _BATTLE.match(text) if kind == "tote.combat" else None
        if battle:
            if block:  # the reader fought there: its block of posts and hits, since the last notice
                summary.battles.append(_battle(battle.group("place"), battle.group("who"), block))
            else:  # a battle elsewhere, known from the public notice alone
                groups.setdefault("elsewhere", []).append(text.rstrip("."))
            fighting = False
            block = []
            continue
        if kind == "tote.post" and text.startswith("At "):  # a post at a battle: the reader sees the battle
            fighting = True
        if kind.startswith("tote.") and kind not in ("tote.departed", "tote.refused", "tote.battle", "tote.victory", "tote.hero"):
            if fighting:
                block.append(e)
            continue
        if kind == "campaign.claim" and (claim := _CLAIM.match(text)):
            summary.changes.append((claim.group("place"), str(_code(claim.group("taker"))), _code(claim.group("was"))))
        elif kind == "campaign.build":
            if " is ready at " in text:
                summary.builds.append(text.rstrip("."))
        elif kind == "tote.departed":
            departed.append(text.rstrip("."))
        elif kind in _DETAIL or (kind == "campaign.scan" and " begins a" in text):
            continue
        else:
            groups.setdefault(kind, []).append(text)
    order = [k for k in _ORDER if k in groups] + [k for k in groups if k not in _ORDER]
    for kind in order:
        summary.headlines.extend(fold(groups[kind]))
    if departed:
        summary.headlines.append("Fleets seen leaving: " + "; ".join(fold(departed)))
    return summary
