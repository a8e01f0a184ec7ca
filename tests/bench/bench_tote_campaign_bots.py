"""The tote entry of the bot tournament (issue 31, aim 3): ten 10-faction Twilight campaigns played by
their bots alone, without a day limit (``day_limit`` 0, the catalog's default, TOTE-GAP-29), each up to
a budget of BENCH_DAYS days (180 by default). Printed: per game the days played, the winner and how it
ended (Coruscant captured, the GE's last stand, or "no end" when the budget ran out), the Coruscant SSD
and Palace fallen, worlds held, and wall seconds per game and per day; then how often each faction won.
Seeds ``tote-bots-0`` .. ``tote-bots-9``: deterministic.

Run: .venv/bin/python -m pytest -m bench tests/bench/bench_tote_campaign_bots.py -s
Also as a script: .venv/bin/python tests/bench/bench_tote_campaign_bots.py [first_game [games]]
Environment: BENCH_GAMES (default 10), BENCH_DAYS (default 180).
"""
from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script from anywhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.rulesets.tote import TwilightOfTheEmpire
from core.rulesets.tote.campaign import flow as campaign_flow
from core.rulesets.tote.rules.model import FACTIONS

GAMES = int(os.environ.get("BENCH_GAMES", "10"))
DAYS = int(os.environ.get("BENCH_DAYS", "180"))
SEATS = [(f.lower(), f) for f in FACTIONS]


def how(reason: str) -> str:
    """The way a game ended, in a word or two, from its result's reason."""
    if "Coruscant is captured" in reason:
        return "Coruscant captured"
    if "last faction holding a stronghold" in reason:
        return "GE's last stand"
    return reason[:50] or "-"


def play(seed: str, days: int = DAYS) -> dict[str, object]:
    """One bot campaign without a day limit, to its end or to ``days`` days."""
    rs = TwilightOfTheEmpire()
    t0 = time.perf_counter()
    state = campaign_flow.new_state(SEATS, {"day_limit": 0}, seed)
    while state["result"] is None and int(state["turn"]) <= days:
        seat = state["active"]
        for text in rs.bot(rs.view(state, seat), seat):
            rs.submit(state, seat, text)
        rs.resolve(state)
    c = state["campaign"]
    held = collections.Counter(c["seats"][p["owner"]] for p in c["planets"].values() if p["owner"])
    result = state["result"]
    winners = result["winners"] if result else []
    seconds = time.perf_counter() - t0
    played = int(state["turn"]) if result else days
    return {"seed": seed, "days": played, "winner": c["seats"][winners[0]] if winners else "-",
            "how": how(str(result["reason"])) if result else f"no end in {days} days",
            "fallen": ",".join(sorted(state["victory"].get("fallen", {}))) or "-",
            "held": " ".join(f"{f}{n}" for f, n in sorted(held.items(), key=lambda kv: (-kv[1], kv[0]))),
            "seconds": seconds, "per_day": seconds / max(1, played)}


def row(r: dict[str, object]) -> str:
    """One game as a Markdown table row."""
    return (f"| {r['seed']} | {r['days']} | {r['winner']} | {r['how']} | {r['fallen']} | {r['held']} | "
            f"{r['seconds']:.0f} | {r['per_day']:.2f} |")


HEAD = "| seed | days | winner | how | fallen | worlds held | s/game | s/day |\n|---|---|---|---|---|---|---|---|"


def wins(rows: list[dict[str, object]]) -> str:
    """How often each faction won, and how many games ended by the rules within the budget."""
    count = collections.Counter(str(r["winner"]) for r in rows if r["winner"] != "-")
    ended = sum(1 for r in rows if not str(r["how"]).startswith("no end"))
    return (f"ended by the rules within {DAYS} days: {ended} of {len(rows)}; wins: "
            + (", ".join(f"{f} {count[f]}" for f in FACTIONS if count[f]) or "none"))


def main(first: int = 0, games: int = GAMES) -> list[dict[str, object]]:
    """Plays the games, printing each row as it finishes, then the win counts."""
    print(HEAD, flush=True)
    rows = []
    for n in range(first, first + games):
        rows.append(play(f"tote-bots-{n}"))
        print(row(rows[-1]), flush=True)
    print(wins(rows), flush=True)
    return rows


@pytest.mark.bench
def test_bench_tote_campaign_bots() -> None:
    """Plays the tote campaign tournament and prints its table."""
    rows = main()
    assert len(rows) == GAMES, f"{len(rows)} games played of {GAMES}"


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
