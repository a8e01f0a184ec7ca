"""How 10-faction bot campaigns of Twilight of the Empire end: N seeded games (``out-0``, ``out-1``, ...)
of all ten factions played by their bots up to the day limit (90, the campaign's default), printed as a
table: days played, the winner and how (Coruscant captured, the GE's last stand, the day limit, or
nobody), what is left of the Coruscant SSD and the Imperial Sector Palace (shields, armor and hull
together), the worlds held at the end, and wall time per game.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tote_campaign_outcomes.py -s
Also as a script: .venv/bin/python tests/bench/bench_tote_campaign_outcomes.py [games]
Environment: BENCH_GAMES (games, default 3), BENCH_DAYS (the day limit, default 90).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import flow as campaign_flow  # noqa: E402
from core.rulesets.tote.rules.model import FACTIONS  # noqa: E402

GAMES = int(os.environ.get("BENCH_GAMES", "3"))
DAYS = int(os.environ.get("BENCH_DAYS", "90"))
SEATS = [(f.lower(), f) for f in FACTIONS]


def how(reason: str) -> str:
    """The way a game ended, in a word or two, from its result's reason."""
    if "Coruscant is captured" in reason:
        return "Coruscant captured"
    if "last faction holding a stronghold" in reason:
        return "GE's last stand"
    if "limit" in reason or reason.startswith("day "):
        return "day limit"
    return reason[:40] or "-"


def play(seed: str, days: int = DAYS) -> dict[str, object]:
    """One bot campaign to its end: days played, winner, how it ended, worlds held by each faction at
    the end, the Palace and SSD fallen, and the seconds it took."""
    rs = TwilightOfTheEmpire()
    t0 = time.perf_counter()
    state = campaign_flow.new_state(SEATS, {"day_limit": days}, seed)
    while state["result"] is None:
        seat = state["active"]
        for text in rs.bot(rs.view(state, seat), seat):
            rs.submit(state, seat, text)
        rs.resolve(state)
    c = state["campaign"]
    v = state["victory"]
    left = {"ssd": _left(c["units"].get(v["ssd"], {})), "palace": _left(c.get("facilities", {}).get(v["palace"], {}))}
    held = {c["seats"][s]: sum(1 for p in c["planets"].values() if p["owner"] == s) for s in c["seats"]}
    winners = state["result"]["winners"]
    return {"seed": seed, "days": int(state["turn"]), "winner": c["seats"][winners[0]] if winners else "-",
            "how": how(str(state["result"]["reason"])), "fallen": ",".join(sorted(state["victory"].get("fallen", {}))) or "-",
            "held": " ".join(f"{f}{n}" for f, n in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])) if n),
            "left": f"{left['ssd']}% / {left['palace']}%", "seconds": time.perf_counter() - t0}


def _left(thing: dict) -> int:
    """What is left of a unit or facility, in percent of its full shields, armor and hull together."""
    from core.rulesets.tote.rules import model
    from core.rulesets.tote.rules.data import facility_types
    if not thing or thing.get("destroyed"):
        return 0
    t = facility_types().get(thing["type"])
    full = {"shields": t.shields, "armor": t.armor, "hull": t.hull} if t else model.maxima(thing)
    top = sum(full[k] for k in ("shields", "armor", "hull"))
    return sum(int(thing.get(k, full[k])) for k in ("shields", "armor", "hull")) * 100 // top if top else 0


def table(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table."""
    lines = ["| seed | days | winner | how | fallen | SSD / Palace left | worlds held | s/game |", "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r['seed']} | {r['days']} | {r['winner']} | {r['how']} | {r['fallen']} | {r['left']} | {r['held']} | {r['seconds']:.1f} |"
              for r in rows]
    return "\n".join(lines)


@pytest.mark.bench
def test_bench_tote_campaign_outcomes() -> None:
    """N seeded 10-faction bot campaigns to the day limit: every game ends, and the table is printed."""
    rows = [play(f"out-{i}") for i in range(GAMES)]
    print()
    print(table(rows))
    assert all(1 <= int(r["days"]) <= DAYS for r in rows)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    out = []
    for i in range(n):
        out.append(play(f"out-{i}"))
        print(table(out[-1:]).splitlines()[-1], flush=True)
    print(table(out))
