"""Setting up a Republic at War game from a scenario, seats, options and a seed."""
from __future__ import annotations

from typing import Any

from core.errors import SetupError
from core.options import OptionSpec, names, spec_of_default
from core.ruleset import SeatSpec
from core.rulesets.raw.data import SIDES, neutrals, planets, scenario as load_scenario, unit_types

MAPS = ("map.toml",)  # the map files shipped in data/ (RAW-GAP-01): a fixed list, never a path

OPTIONS: dict[str, Any] = {
    "min_players": 6,            # RAW-GAME-01; a GM may lower it (2..12) for a small group
    "equal_teams": True,         # RAW-GAP-06
    "map": "map.toml",           # RAW-GAP-01 (scenario data)
    "casualty_rounding": "ceil",  # RAW-GAP-20: ceil | floor | nearest
    "retreat_tie_loser": "attacker",  # RAW-GAP-28
    "bombard_under_50": False,   # RAW-GAP-32 GM option: one die under 50 points
    "warship_cap": None,         # RAW-GAP-26 GM option: cap per side (None = no cap)
    "flagship_types": [],        # RAW-GAP-25: unit codes granted the Flagship keyword
    "starting_garrison": 0,      # RAW-GAP-05
    "turn_limit": None,          # none: the text ends a game only at 10 VP or a concession (RAW-GAME-04/05)
    "turn_limit_ends": "draw",   # with a GM's turn limit: "draw", or "vp" (the team ahead in VP wins; level is a draw)
    "clone_cost": 12,            # credits per Clone Force: the text's 12; 10 evens the sides (README, notes on Republic at War)
    "turn_hours": 72,            # RAW-GAP-43: the turn deadline, set when a front end starts the game with the time
    "away_hours": 12,            # RAW-GAP-07: no orders this close to the deadline counts as unavailable
}



def option_specs() -> dict[str, OptionSpec]:
    """What each option may be: the checks :func:`core.options.check_options` makes before setup."""
    ship_codes = names([code for code, t in unit_types().items() if t.kind == "ship"])
    limits: dict[str, dict[str, Any]] = {
        "min_players": dict(kind="int", lo=2, hi=12),
        "equal_teams": dict(kind="bool"),
        "map": dict(kind="str", choices=MAPS),
        "casualty_rounding": dict(kind="str", choices=("ceil", "floor", "nearest")),
        "retreat_tie_loser": dict(kind="str", choices=("attacker", "defender")),
        "bombard_under_50": dict(kind="bool"),
        "warship_cap": dict(kind="int", lo=0, hi=100, nullable=True),
        "flagship_types": dict(kind="list", choices=ship_codes),
        "starting_garrison": dict(kind="int", lo=0, hi=20),
        "turn_limit": dict(kind="int", lo=1, hi=1000, nullable=True),
        "turn_limit_ends": dict(kind="str", choices=("draw", "vp")),
        "turn_hours": dict(kind="float", lo=1, hi=24 * 60),
        "away_hours": dict(kind="float", lo=0, hi=24 * 60),
    }
    limits["clone_cost"] = dict(kind="int", lo=1, hi=100)
    for key, text in OPTION_HELP.items():
        limits[key]["help"] = text
    # an option declared here without limits yet is checked by its default's type
    return {key: OptionSpec(default, **limits[key]) if key in limits else spec_of_default(default)
            for key, default in OPTIONS.items()}


#: What each option does (the DEFAULTs for the text's gaps are ours, RAW-GAP-*).
OPTION_HELP = {
    "min_players": "RAW-GAME-01: the fewest players a game starts with (the text: 6); a GM may lower it for a small group",
    "equal_teams": "RAW-GAP-06: the two teams must have as many players each",
    "map": "RAW-GAP-01: the galaxy map the game is played on",
    "casualty_rounding": "RAW-GAP-20: how a battle's loss percentage is rounded to points: up, down or to the nearest",
    "retreat_tie_loser": "RAW-GAP-28: who retreats when both sides' survivors are worth the same",
    "bombard_under_50": "RAW-GAP-32: a bombardment by under 50 points of ships rolls one die",
    "warship_cap": "RAW-GAP-26: the most Warships a side may have (none: no cap)",
    "flagship_types": "RAW-GAP-25: the ship codes given the Flagship keyword (the lists give it to none)",
    "starting_garrison": "RAW-GAP-05: ground forces on each starting planet at the start",
    "turn_limit": "the game ends after this turn (none: only at 10 VP or a concession, RAW-GAME-04/05)",
    "turn_limit_ends": "at the turn limit: a draw, or the team ahead in VP wins (level: a draw)",
    "clone_cost": "credits per Clone Force (the text: 12; 10 evens the sides)",
    "turn_hours": "RAW-GAP-43: hours from a turn's start to its deadline",
    "away_hours": "RAW-GAP-07: a seat with no orders this many hours before the deadline counts as unavailable",
}


def letters() -> str:
    """Unit-id prefixes for seats in seat order."""
    return "ABCDEFGHJKLM"


def deal(names: list[str], seats: list[str]) -> dict[str, str]:
    """Snake draft of a team's planets over its seats: credits high to low, ties alphabetical (RAW-GAP-04)."""
    table = planets()
    order = sorted(names, key=lambda n: (-table[n]["credits"], n))
    owners: dict[str, str] = {}
    count = len(seats)
    for i, name in enumerate(order):
        rnd, pos = divmod(i, count)
        owners[name] = seats[pos if rnd % 2 == 0 else count - 1 - pos]
    return owners


def setup(scenario_id: str, seats: list[SeatSpec], options: dict[str, Any], seed: str) -> dict[str, Any]:
    """A new game state. Raises SetupError for an unknown scenario or bad seats."""
    try:
        scen = load_scenario(scenario_id)
    except FileNotFoundError:
        raise SetupError(f"unknown scenario {scenario_id!r}; scenarios: default") from None
    limit = options.get("turn_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise SetupError(f"turn_limit={limit!r}: a number of turns (1 or more), or none for no limit")
    if options.get("turn_limit_ends", "draw") not in ("draw", "vp"):
        raise SetupError(f"turn_limit_ends={options.get('turn_limit_ends')!r}: 'draw' or 'vp' (the team ahead in VP wins)")
    clone = options.get("clone_cost", 12)
    if isinstance(clone, bool) or not isinstance(clone, int) or not 1 <= clone <= 100:
        raise SetupError(f"clone_cost={clone!r}: credits per Clone Force, 1 to 100 (the text's price is 12)")
    low = int(options["min_players"])
    if not 2 <= low <= 12:
        raise SetupError(f"min_players={low}: must be from 2 to 12")
    if not low <= len(seats) <= 12:
        raise SetupError(f"Republic at War needs {low} to 12 seats (RAW-GAME-01), got {len(seats)}")
    for seat in seats:
        if seat.side not in SIDES:
            raise SetupError(f"seat {seat.name!r}: side {seat.side!r} is not GAR or CIS")
    by_side = {side: [s.name for s in seats if s.side == side] for side in SIDES}
    if not all(by_side.values()):
        raise SetupError("both teams, GAR and CIS, need at least one seat")
    if options["equal_teams"] and len(by_side["GAR"]) != len(by_side["CIS"]):
        raise SetupError(f"teams must be equal (RAW-GAP-06): GAR has {len(by_side['GAR'])}, CIS {len(by_side['CIS'])}; or set equal_teams=false")
    start = scen["start"]
    owners: dict[str, str] = {}
    for side in SIDES:
        owners.update(deal(list(start[side]), by_side[side]))
    garrison = int(options["starting_garrison"])
    state: dict[str, Any] = {
        "ruleset": "raw",
        "turn": 1,
        "map": options["map"],
        "options": dict(options),
        "dice": {"seed": seed, "n": 0},
        "seats": {},
        "admiral": {side: by_side[side][0] for side in SIDES},
        "away": [],
        "sheets": {s.name: [] for s in seats},
        "planets": {},
        "units": {},
        "next_id": {},
        "start": {side: sorted(start[side]) for side in SIDES},
        "vp": {side: 0 for side in SIDES},
        "streak": {"welcome_to_the_family": {s: 0 for s in SIDES}, "industrialist": {s: 0 for s in SIDES}},
        "scored": [],
        "had_ships": [],
        "concede": {side: [] for side in SIDES},
        "over": None,
    }
    for i, seat in enumerate(seats):
        state["seats"][seat.name] = {
            "side": seat.side,
            "letter": letters()[i],
            "stance": {"default": "free", "neutral": "hold", "per": {}},
            "flagship": "A",
        }
        state["next_id"][seat.name] = 1
    neutral_table = neutrals()
    for name, info in planets().items():
        owner = owners.get(name)
        state["planets"][name] = {
            "owner": owner,
            "production": int(info["credits"]),
            "gf": garrison if owner else 0,
            "partial": None,
            "surged": 0,
            "blockaded": False,
            "forces": name in neutral_table,
            "repairs": {},
        }
    state["next_id"]["neutral"] = 1
    for name in sorted(neutral_table):
        for force in neutral_table[name]["forces"]:
            for _ in range(int(force["count"])):
                uid = f"N{state['next_id']['neutral']}"
                state["next_id"]["neutral"] += 1
                state["units"][uid] = new_unit(force["unit"], f"neutral:{name}", name, home=name)
    return state


def new_unit(code: str, owner: str, at: str, home: str | None = None) -> dict[str, Any]:
    """A completed ship or squadron."""
    return {"type": code, "owner": owner, "at": at, "scarred": False, "repair_paid": 0,
            "gf": 0, "aboard": None, "retreat": False, "home": home}


def next_uid(state: dict[str, Any], seat: str) -> str:
    """A fresh unit id for ``seat``: its letter and a counter (``A7``)."""
    n = state["next_id"][seat]
    state["next_id"][seat] = n + 1
    return f"{state['seats'][seat]['letter']}{n}"
