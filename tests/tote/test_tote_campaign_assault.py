"""The bots go for Coruscant (issue 18; TOTE-WIN-01/02, TOTE-GAP-29): the battle bot puts the
Imperial Sector Palace and the Coruscant SSD first and does not flee Coruscant for the odds alone
(:mod:`core.rulesets.tote.bot`), and the galaxy bot rallies its free ships at its world nearest
Coruscant before it jumps there with all of them (:mod:`core.rulesets.tote.campaign_assault`)."""
from __future__ import annotations

from core.rulesets.tote.battle import bot
from core.rulesets.tote.campaign import assault
from core.rulesets.tote.rules.galaxy import galaxy


def contact(cid: str, ctype: str, faction: str = "ge", hull: int = 100, state: str = "operational") -> dict:
    return {"id": cid, "type": ctype, "faction": faction, "space": "C-1", "state": state,
            "tractored": False, "patrol": False, "pct": {"shields": 100, "armor": 100, "hull": hull, "systems": 100}}


def test_win_02_the_palace_and_its_holders_ssd_are_focused_first() -> None:
    """TOTE-WIN-02: with the Palace in sight, the bot focuses it (and then its holder's SSD) before a
    nearly dead corvette; an SSD of another faction is no victory target."""
    cs = [contact("GE-1", "SSD"), contact("GE-PALACE", "PALACE"), contact("GE-9", "CORV", hull=5),
          contact("IR-1", "SSD", faction="ir")]
    first = bot.victory_targets(cs)
    assert first == {"GE-1", "GE-PALACE"}
    assert bot.focus(cs, first)["id"] == "GE-1"  # both first: the capital ship before the installation
    assert bot.focus([c for c in cs if c["id"] != "GE-1"], first)["id"] == "GE-PALACE"


def test_win_02_at_coruscant_the_ssd_is_first_even_with_the_palace_unseen() -> None:
    """TOTE-WIN-02: at Coruscant the Palace on the ground is often unseen; the SSD there is still a
    victory target. Elsewhere with no Palace in sight the focus is as before: the weakest first,
    installations last (the battle scenarios are unchanged)."""
    cs = [contact("GE-1", "SSD"), contact("GE-9", "CORV", hull=5), contact("GE-F", "FCC", hull=1)]
    assert bot.victory_targets(cs, "coruscant") == {"GE-1"}
    assert bot.focus(cs, bot.victory_targets(cs, "coruscant"))["id"] == "GE-1"
    assert bot.victory_targets(cs, "Bilbringi") == set()
    assert bot.focus(cs, bot.victory_targets(cs, "Bilbringi"))["id"] == "GE-9"


def unit(uid: str, ctype: str = "CORV") -> dict:
    return {"id": uid, "type": ctype, "destroyed": False, "withdrawn": False, "disabled": False, "derelict": False}


def test_an_assault_on_coruscant_stands_against_the_odds_until_it_has_lost_two_thirds() -> None:
    """At Coruscant the bot withdraws only when it keeps under a third of the CP it brought, not
    because the defender is three times stronger; elsewhere the odds still send it home."""
    mine = {f"X-{i}": unit(f"X-{i}") for i in range(3)}
    foes = [contact(f"GE-{i}", "ISD2") for i in range(6)]
    facts = {"units": mine, "contacts": foes}
    assert bot.beaten(facts) and not bot.beaten(facts, assault=True)
    for u in list(mine.values())[:3]:
        u["destroyed"] = True
    assert bot.beaten(facts, assault=True)


def facts_of(worlds: list[str], arrivals: list[dict] | None = None) -> dict:
    return {"ledger": {"worlds": worlds, "arrivals": arrivals or []}}


def test_the_march_on_coruscant_rallies_at_the_world_nearest_then_goes_together() -> None:
    """A faction that does not hold Coruscant goes for it; its staging world is the one it holds nearest Coruscant (Corellia, 6 h, before Kuat, 12 h, and Mon
    Calamari, 48 h). Ships elsewhere go there first; the force gathered there jumps to Coruscant
    together, on the day its jump brings it out of hyperspace on a wave day; ships at Coruscant stay."""
    held = ["mon_calamari", "kuat", "corellia", "felucia"]
    assert assault.goal({"ledger": {"worlds": held}}) == "coruscant"
    assert assault.staging_world(set(held)) == "corellia"
    free = {"mon_calamari": ["NR-2"], "kuat": ["NR-3"], "corellia": ["NR-1"], "felucia": []}
    assert assault.targets(facts_of(held), free) == {"mon_calamari": "corellia", "kuat": "corellia"}
    force = [f"NR-{n}" for n in range(1, assault.WAVE_SHIPS + 1)]
    eve = {**facts_of(held), "day": assault.STRIKE_EVERY - 1, "types": {s: "CORV" for s in force}}  # 6 h at class 2: one day
    assert assault.targets(eve, {"mon_calamari": [], "corellia": force}) == {"corellia": "coruscant"}
    assert assault.targets(eve, {"corellia": force, "coruscant": ["NR-5"]}) == {"corellia": "coruscant"}  # it stays


def test_win_02_the_waves_of_every_faction_come_out_of_hyperspace_at_coruscant_on_the_same_day() -> None:
    """TOTE-WIN-02, issue 31 (attacks arrived one faction and one ship at a time): a lone ship at the
    staging world waits; a gathered force jumps only on the day that brings it out of hyperspace at
    Coruscant on a wave day (a multiple of STRIKE_EVERY, the same for every faction), by its slowest
    hyperdrive (TOTE-FLEETHYP-01): a class-2 corvette 6 route-hours out jumps the day before, a fleet
    with a class-3 Dreadnaught 48 h out (Mon Calamari: 144 h in hyperspace) six days before."""
    held = ["mon_calamari", "corellia"]
    assert assault.targets({**facts_of(held), "day": assault.STRIKE_EVERY - 1}, {"corellia": ["NR-9"]}) == {}, \
        "a single ship jumped into Coruscant's guns alone"
    force = [f"NR-{n}" for n in range(assault.WAVE_SHIPS)]
    types = {s: "CORV" for s in force}
    for day in range(1, 3 * assault.STRIKE_EVERY):
        facts = {**facts_of(held), "day": day, "types": types}
        struck = assault.targets(facts, {"corellia": force}) == {"corellia": "coruscant"}
        assert struck == ((day + 1) % assault.STRIKE_EVERY == 0), f"day {day}: a 1-day jump struck={struck}, off the wave"
    slow = {**types, force[0]: "DREAD"}
    days = [d for d in range(1, 2 * assault.STRIKE_EVERY + 1)
            if assault.targets({**facts_of(["mon_calamari"] * 2), "day": d, "types": slow}, {"mon_calamari": force})]
    assert days and all(assault.arrival_day({"day": d, "types": slow}, force, "mon_calamari") % assault.STRIKE_EVERY == 0 for d in days), days
    assert assault.arrival_day({"day": 1, "types": slow}, force, "mon_calamari") == 1 + 144 // 24


def test_gap_29_the_coruscant_holder_goes_on_the_offense_against_the_nearest_stronghold() -> None:
    """TOTE-GAP-29 (the GE wins as the last holding a stronghold), issue 31 (the GE never attacked):
    the faction holding Coruscant strikes in waves too, at the foreign stronghold nearest Coruscant it
    does not hold, rallying at its own world nearest that stronghold; with every stronghold its own it
    has no goal."""
    strongholds = {"ge": ["coruscant"], "nr": ["mon_calamari"], "ir": ["bastion"]}
    facts = {"seat": "ge", "ledger": {"worlds": ["coruscant", "kuat"]}, "strongholds": strongholds}
    hours = galaxy().hours_from("coruscant")
    near = min(["mon_calamari", "bastion"], key=lambda w: (hours[w], w))
    assert assault.goal(facts) == near
    assert assault.goal({**facts, "ledger": {"worlds": ["coruscant", near]}}) == ({"mon_calamari", "bastion"} - {near}).pop()
    assert assault.goal({**facts, "ledger": {"worlds": ["coruscant", "mon_calamari", "bastion"]}}) is None
    stage = assault.staging_world({"coruscant", "kuat"}, near)
    assert stage in {"coruscant", "kuat"}
    assert assault.targets({**facts, "day": 1}, {"coruscant": ["GE-8"]}, near) == ({} if stage == "coruscant" else {"coruscant": stage})


def test_pdf_02_the_best_ships_sail_and_a_stronghold_with_its_own_defences_keeps_no_guard() -> None:
    """Issue 31 (Coruscant's SSD was never touched): the bot kept its first ship at home, often its
    best (the Imperial Remnant's ISD-II at Bastion, the Hutts' Star Destroyer at Nal Hutta) while
    corvettes went to war. A stronghold whose Space PDF holds its own defences (bonus units,
    TOTE-PDF-02) or a capital ship keeps no guard; elsewhere the weakest capital ship stays, by the
    firepower a ship brings to a fleet of 23 CP and 7 capital ships (TOTE-CP-02/03)."""
    types = {"NR-1": "MC90", "NR-2": "CORV", "NR-3": "CGUN", "NR-4": "EWING"}
    ships = sorted(types)
    bare = {"ledger": {"fleets": {"pdfs": {}}}, "types": types}
    assert assault.home_guard(bare, "mon_calamari", ships) == ["NR-2"], "the corvette guards; the cruisers sail"
    defended = {**bare, "ledger": {"fleets": {"pdfs": {"mon_calamari": {"units": [], "bonus": ["NR-10"]}}}}}
    assert assault.home_guard(defended, "mon_calamari", ships) == [], "the stronghold's defences guard it"
    on_duty = {**bare, "pdf_types": {"NR-7": "CGUN"},
               "ledger": {"fleets": {"pdfs": {"mon_calamari": {"units": ["NR-7"], "bonus": []}}}}}
    assert assault.home_guard(on_duty, "mon_calamari", ships) == [], "a capital ship on PDF duty guards it"
    assert assault.home_guard(bare, "mon_calamari", ["NR-4"]) == [], "a squadron alone is no guard to keep"
    # per place in the fleet: a corvette's 56 over a seventh of 23 CP; a gunship's 144 over 3.29; 384 over 10 CP
    assert assault.punch("CORV") < assault.punch("MC90") < assault.punch("CGUN")
    assert round(assault.punch("CORV"), 1) == round(56 / (23 / 7), 1) and assault.punch("XX") == 0.0
