"""The Weapon Damage Chart (TOTE-WPN-01..23), warheads (TOTE-WARHEAD-01/02), volley pools
(TOTE-GAP-12) and TOTE-EX-15, exact."""
from __future__ import annotations

import pytest

from core.rulesets.tote.rules import weapons as w

CHART = [  # (rule, code, name on the chart, raw, kind) as the text's chart reads
    ("TOTE-WPN-02", "LC", "Laser Cannon", 1, "laser"),
    ("TOTE-WPN-03", "SLC", "Seinar (SFS) Laser Cannon", 2, "laser"),
    ("TOTE-WPN-04", "HLC", "Heavy Laser Cannon", 2, "laser"),
    ("TOTE-WPN-05", "LB", "Laser Battery", 3, "laser"),
    ("TOTE-WPN-06", "LTL", "Light Turbolaser", 6, "laser"),
    ("TOTE-WPN-07", "TLC", "Turbolaser Cannon", 8, "laser"),
    ("TOTE-WPN-08", "HTLC", "Heavy Turbolaser Cannon", 10, "laser"),
    ("TOTE-WPN-09", "TLB", "Turbolaser Battery", 12, "laser"),
    ("TOTE-WPN-10", "HTLB", "Heavy Turbolaser Battery", 15, "laser"),
    ("TOTE-WPN-11", "PTLC", "Planetary Turbolaser Cannon", 300, "laser"),
    ("TOTE-WPN-12", "LIC", "Light Ion Cannon", 1, "ion"),
    ("TOTE-WPN-13", "IC", "Ion Cannon", 3, "ion"),
    ("TOTE-WPN-14", "HIC", "Heavy Ion Cannon", 4, "ion"),
    ("TOTE-WPN-15", "IB", "Ion Battery", 5, "ion"),
    ("TOTE-WPN-16", "HIB", "Heavy Ion Battery", 6, "ion"),
    ("TOTE-WPN-17", "PIC", "Planetary Ion Cannon", 500, "ion"),
    ("TOTE-WPN-18", "CM", "Concussion Missile", 2, "warhead"),
    ("TOTE-WPN-19", "ACM", "Advanced Missile", 3, "warhead"),
    ("TOTE-WPN-20", "PT", "Proton Torpedo", 3, "warhead"),
    ("TOTE-WPN-21", "APT", "Advanced Torpedo", 4, "warhead"),
]


@pytest.mark.parametrize("rule,code,name,raw,kind", CHART, ids=[c[0] for c in CHART])
def test_chart_line(rule: str, code: str, name: str, raw: int, kind: str) -> None:
    """TOTE-WPN-02, TOTE-WPN-03, TOTE-WPN-04, TOTE-WPN-05, TOTE-WPN-06, TOTE-WPN-07, TOTE-WPN-08, TOTE-WPN-09,
    TOTE-WPN-10, TOTE-WPN-11, TOTE-WPN-12, TOTE-WPN-13, TOTE-WPN-14, TOTE-WPN-15, TOTE-WPN-16, TOTE-WPN-17,
    TOTE-WPN-18, TOTE-WPN-19, TOTE-WPN-20, TOTE-WPN-21: each chart line, its name, raw damage and kind,
    exactly as the text."""
    entry = w.weapon(code)
    assert (entry.name, entry.raw, w.kind(code)) == (name, raw, kind), f"{rule}: {code} is {entry}"
    assert w.raw_damage(code) == raw


def test_chart_is_exactly_the_texts_twenty_weapons() -> None:
    """TOTE-WPN-02, TOTE-WPN-03, TOTE-WPN-04, TOTE-WPN-05, TOTE-WPN-06, TOTE-WPN-07, TOTE-WPN-08, TOTE-WPN-09,
    TOTE-WPN-10, TOTE-WPN-11, TOTE-WPN-12, TOTE-WPN-13, TOTE-WPN-14, TOTE-WPN-15, TOTE-WPN-16, TOTE-WPN-17,
    TOTE-WPN-18, TOTE-WPN-19, TOTE-WPN-20, TOTE-WPN-21: nothing added to or missing from the chart."""
    assert sorted(w.chart()) == sorted(c[1] for c in CHART)


def test_routing_of_the_chart() -> None:
    """TOTE-WPN-11 PTLC routes Armor -> Hull, TOTE-WPN-17 PIC Systems -> Hull; ions feed the ion
    pool (TOTE-WPN-12, TOTE-WPN-13, TOTE-WPN-14, TOTE-WPN-15, TOTE-WPN-16), lasers and warheads the standard pool."""
    assert w.pool_of("PTLC") == "ptlc" and w.is_planetary("PTLC")
    assert w.pool_of("PIC") == "pic" and w.is_planetary("PIC") and w.is_ion("PIC")
    for code in ("LIC", "IC", "HIC", "IB", "HIB"):
        assert w.pool_of(code) == "ion"
    for code in ("LC", "SLC", "HLC", "LB", "LTL", "TLC", "HTLC", "TLB", "HTLB", "CM", "ACM", "PT", "APT"):
        assert w.pool_of(code) == "standard", code
    assert not w.is_planetary("HTLB")


def test_dual_doubles_any_weapon() -> None:
    """TOTE-WPN-22: Dual (any weapon) = x2 base damage; Dual TLC = 16."""
    assert w.raw_damage("TLC", 2) == 16
    assert all(w.raw_damage(code, 2) == 2 * w.raw_damage(code) for code in w.chart())
    assert w.label(w.as_mount(("TLC", 2, 2))) == "2 Dual TLC"


def test_quad_quadruples_any_weapon() -> None:
    """TOTE-WPN-23: Quad (any weapon) = x4 base damage; Quad LC = 4."""
    assert w.raw_damage("LC", 4) == 4
    assert all(w.raw_damage(code, 4) == 4 * w.raw_damage(code) for code in w.chart())
    assert w.label(w.parse_mount("LCx4")) == "Quad LC"


def test_other_multipliers_refused() -> None:
    """TOTE-WPN-22, TOTE-WPN-23: only Dual and Quad exist; x3 is refused with what would be right."""
    with pytest.raises(w.WeaponError, match="1, 2 \\(Dual\\) or 4 \\(Quad\\)"):
        w.raw_damage("TLC", 3)
    with pytest.raises(w.WeaponError, match="unknown weapon 'XYZ'"):
        w.parse_mount("XYZ:2")
    with pytest.raises(w.WeaponError, match="CODE\\[xMULT\\]"):
        w.parse_mount("TLC:two")
    with pytest.raises(w.WeaponError, match="at least 1"):
        w.parse_mount("TLC:0")
    assert w.label(w.parse_mount(" htlbX2:3 ")) == "3 Dual HTLB"


def test_ex15_weapon_sums() -> None:
    """TOTE-EX-15: 6 HTLB + 2 Dual TLC = 122 standard; Quad LC = 4; Dual HIC = 8 to the ion pool."""
    assert w.raw_pools(["HTLB:6", "TLCx2:2"]) == {"standard": 122}
    assert w.raw_pools(["LCx4"]) == {"standard": 4}
    assert w.raw_pools(["HICx2"]) == {"ion": 8}


def test_pools_are_summed_and_ordered() -> None:
    """TOTE-GAP-12: one raw sum per routing pool, in the order ion, standard, bombing, PTLC, PIC."""
    pools = w.raw_pools(["PIC", "HTLB:2", ("IC", 1, 2), "PTLC"])
    assert pools == {"ion": 6, "standard": 30, "ptlc": 300, "pic": 500}
    assert list(pools) == ["ion", "standard", "ptlc", "pic"]


def test_all_weapon_damage_is_mandatory() -> None:
    """TOTE-WPN-01: a mount always deals its full chart value; there is no way to fire less (the
    planetary scale-back is the one exception, a percentage in the damage step)."""
    assert w.mount_raw(w.parse_mount("HTLB:12")) == 180
    assert w.raw_pools(["HTLB:12"]) == {"standard": 180}


def test_warheads_unlimited_and_mandatory() -> None:
    """TOTE-WARHEAD-01: warheads never run out (firing them twice gives the same raw again);
    TOTE-WARHEAD-02: their damage is mandatory standard damage, scaled by UCR like any weapon."""
    loadout = ["PT:12", "LCx4:12"]
    first = w.raw_pools(w.warheads(loadout))
    second = w.raw_pools(w.warheads(loadout))
    assert first == second == {"standard": 36}
    assert all(w.is_warhead(c) for c in ("CM", "ACM", "PT", "APT"))


def test_bombing_run_fires_warheads_only() -> None:
    """TOTE-BOMB-02, TOTE-BOMB-03: on a Bombing Run warheads feed the shield-bypass pool; no other weapon fires."""
    assert w.raw_pools(["PT:4"], bombing_run=True) == {"bombing": 12}
    with pytest.raises(w.WeaponError, match="warheads only"):
        w.raw_pools(["PT:4", "LC:4"], bombing_run=True)
