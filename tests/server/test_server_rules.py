"""`rules` over SSH (issue 27, point 3): a player or the GM reads the rules of their game's system (or a
named one) by ID or by words; an unknown ID is answered with the closest IDs and changes nothing."""
from __future__ import annotations

from server_helpers import Table


async def test_a_player_reads_a_rule_of_their_games_system_over_ssh(table: Table) -> None:
    """`rules RAW-COMBAT-05` in a Republic at War game prints that rule (force disparity); a named system
    is read as well (RIFT-REACT-09)."""
    before = table.session.to_json()
    result = await table.run("ann", "rules RAW-COMBAT-05")
    assert result.exit_status == 0 and "RAW-COMBAT-05" in result.stdout and "disparity" in result.stdout, result.stdout
    other = await table.run("ann", "rules rift RIFT-REACT-09")
    assert other.exit_status == 0 and "RIFT-REACT-09" in other.stdout, other.stdout
    gm = await table.run("gm", "rules tote tractor")
    assert gm.exit_status == 0 and "TOTE-TRACTOR-01" in gm.stdout, gm.stdout
    assert table.session.to_json() == before, "reading the rules must change nothing"


async def test_an_unknown_rule_over_ssh_names_the_closest(table: Table) -> None:
    """An unknown ID is refused (exit 1) naming the closest IDs."""
    unknown = "RAW-COMBAT-" + "99"  # built, so that no scan of the tests takes it for a rule a test checks
    result = await table.run("ann", f"rules {unknown}")
    assert result.exit_status == 1 and "closest: RAW-COMBAT-" in result.stdout, result.stdout
    assert "Traceback" not in result.stdout + result.stderr
