"""Victory in Twilight of the Empire (victory.py): the setting after Endor with victory tied to Coruscant
(TOTE-META-03), Coruscant's capture wins (TOTE-WIN-01) once the SSD and the Imperial Sector Palace have
both fallen (TOTE-WIN-02), and the details of TOTE-GAP-29: the GE destroying its own, the GE's last
stand, elimination, the turn limit; and a mission's victory (TOTE-MISSION-03)."""
from __future__ import annotations

from typing import Any

import pytest

from core.rulesets.tote.battle.setup import strongholds
from core.rulesets.tote.rules import model
from core.rulesets.tote.rules import victory as vc
from core.rulesets.tote.rules.galaxy import CAPITAL, galaxy

Units = dict[str, dict[str, Any]]


def unit(uid: str, code: str, faction: str, system: str = CAPITAL) -> dict[str, Any]:
    return {**model.new_unit(uid, code, faction, "C-1"), "system": system, "transit": None}


def world() -> tuple[Units, Units]:
    units = {u["id"]: u for u in (unit("GE-1", "SSD", "GE"), unit("GE-2", "ISD", "GE"), unit("NR-1", "MC90", "NR", "mon_calamari"))}
    facs = {"F-PAL": {"id": "F-PAL", "type": "PALACE", "faction": "GE", "system": CAPITAL, "space": "G-1/surface", "destroyed": False},
            "F-FCC": {"id": "F-FCC", "type": "FCC", "faction": "NR", "system": "mon_calamari", "space": "G-1/surface", "destroyed": False}}
    return units, facs


def test_meta03_after_endor_victory_at_coruscant() -> None:
    """TOTE-META-03: the game is set directly after the Battle of Endor, and victory is tied to Coruscant:
    the GE's stronghold, where the SSD and the Palace stand."""
    assert "directly after the Battle of Endor" in vc.SETTING and "Coruscant" in vc.SETTING
    assert galaxy().planets[CAPITAL].name == "Coruscant" and strongholds()["GE"] == "Coruscant"
    v = vc.new_victory(*world())
    assert (v["ssd"], v["palace"], v["winner"], v["captured"]) == ("GE-1", "F-PAL", None, False)
    units, facs = world()
    units["GE-1"] = {**units["GE-1"], "system": "kuat"}
    with pytest.raises(ValueError, match="needs the GE's SSD and the Imperial Sector Palace at Coruscant"):
        vc.new_victory(units, facs)


def test_win01_capturing_coruscant_wins() -> None:
    """TOTE-WIN-01, TOTE-GAP-29: the faction whose attack fells the second of the two wins at once, and
    the whole galaxy hears of it; the game is over after that."""
    v = vc.new_victory(*world())
    v, ev = vc.on_destroyed(v, "F-PAL", "IR", 100)
    assert not vc.over(v) and ev[0]["public"] and ev[0]["text"] == "the Imperial Sector Palace has fallen to IR"
    v, ev = vc.on_destroyed(v, "GE-1", "NR", 124)
    assert v["winner"] == "NR" and vc.over(v) and v["captured"]
    assert ev[-1]["text"] == ("NR wins the game: Coruscant is captured: the SSD and the Imperial Sector Palace have fallen "
                              "(TOTE-WIN-01/02)")
    assert vc.check_end(v, 30, 700, ["GE"], {}, {}, {}, {}) == (v, [])


def test_win02_both_the_ssd_and_the_palace() -> None:
    """TOTE-WIN-02: Coruscant counts as captured only once both the SSD and the Palace are destroyed; one
    alone, twice, or any other ship, is not enough."""
    v = vc.new_victory(*world())
    v, _ = vc.on_destroyed(v, "GE-1", "NR", 10)
    again, ev = vc.on_destroyed(v, "GE-1", "IR", 11)
    assert (again, ev) == (v, [])
    v, ev = vc.on_destroyed(v, "GE-2", "NR", 12)
    assert ev == [] and not v["captured"] and v["fallen"] == {"ssd": {"by": "NR", "hour": 10}}
    v, _ = vc.on_destroyed(v, "F-PAL", "NR", 13)
    assert v["captured"] and v["winner"] == "NR"


def test_gap29_the_ge_destroying_its_own_wins_nothing() -> None:
    """TOTE-GAP-29: if the GE itself destroys the second of the two, nobody wins and the game goes on."""
    v = vc.new_victory(*world())
    v, _ = vc.on_destroyed(v, "GE-1", "NR", 10)
    v, ev = vc.on_destroyed(v, "F-PAL", "GE", 20)
    assert v["captured"] and v["winner"] is None and not vc.over(v)
    assert "nobody wins, and the war goes on" in ev[-1]["text"]


def test_gap29_elimination_and_the_ge_last_stand() -> None:
    """TOTE-GAP-29: a faction with no stronghold, no facility and no capital ship is eliminated; the GE
    wins if it is the last faction holding a stronghold."""
    units, facs = world()
    holds = {"GE": ["coruscant"], "NR": ["mon_calamari"], "HS": ["nal_hutta", "nar_shaddaa"]}
    owners = {"coruscant": "GE", "mon_calamari": "NR", "nal_hutta": "GE", "nar_shaddaa": None}
    v = vc.new_victory(units, facs)
    v, ev = vc.check_end(v, 9, 200, ["GE", "NR", "HS"], owners, holds, units, facs)
    assert v["eliminated"] == ["HS"] and not vc.over(v)
    assert ev[0]["text"] == "HS is eliminated: no stronghold, no facility and no capital ship left (TOTE-GAP-29)"
    owners["mon_calamari"] = "GE"
    still = vc.check_end({**v, "eliminated": []}, 9, 200, ["NR"], owners, holds, units, facs)[0]
    assert still["eliminated"] == [] and still["winner"] == "GE"
    assert vc.holds_anything("NR", owners, holds, units, {}) is True
    assert vc.holds_anything("NR", owners, holds, {}, facs) is True
    assert vc.holds_anything("NR", owners, holds, {}, {}) is False


def test_gap29_turn_limit_option() -> None:
    """TOTE-GAP-29: with the turn_limit option, at the limit the faction holding Coruscant wins; without
    it, there is no limit."""
    units, facs = world()
    holds = {"GE": ["coruscant"], "NR": ["mon_calamari"]}
    owners = {"coruscant": "IR", "mon_calamari": "NR"}
    v = vc.new_victory(units, facs)
    assert vc.check_end(v, 500, 0, [], owners, holds, units, facs)[0]["winner"] is None
    assert vc.check_end(v, 59, 0, [], owners, holds, units, facs, turn_limit=60)[0]["winner"] is None
    won, ev = vc.check_end(v, 60, 0, [], owners, holds, units, facs, turn_limit=60)
    assert won["winner"] == "IR" and "turn limit (60)" in ev[-1]["text"]


def test_mission03_an_epic_mission_wins_the_game() -> None:
    """TOTE-MISSION-03: a mission whose reward is victory wins the game for its faction, unless it is won."""
    v = vc.new_victory(*world())
    won, ev = vc.mission_victory(v, "HS", "The Clone Vats of Byss", 300)
    assert won["winner"] == "HS" and ev[0]["public"]
    assert vc.mission_victory(won, "NR", "x", 301) == (won, [])
