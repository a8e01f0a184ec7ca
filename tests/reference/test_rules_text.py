"""The rules inside the product (issue 27, point 3): every system's rules ship with the package, rule by
rule with the catalog's IDs, read through ``Ruleset.rules_text``, and `holotable rules` / the console's
`rules` answer by ID, by the start of IDs or by words; an unknown ID names the closest IDs."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from core.console import Console
from core.errors import HolotableError
from core.rulebook import RULE_ID, RuleNotFound, rule_ids_in
from core.registry import find_ruleset, ruleset_ids
from tui.main import main

ROOT = Path(__file__).resolve().parents[2]
PREFIX = {"raw": "RAW", "gcw": "GCW", "swpm": "SWPM", "rift": "RIFT", "tote": "TOTE"}
#: the IDs the catalogs define, counted when this book was written (rule-coverage's count plus the
#: data and walkthrough entries): a book that loses entries fails here even where no test names them
CATALOG_COUNTS = {"raw": 187, "gcw": 175, "swpm": 168, "rift": 169, "tote": 386}


def ids_named_in_tests(prefix: str) -> set[str]:
    """Every rule ID of ``prefix`` some test names (what rule-coverage counts), this file excepted."""
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == Path(__file__).name:
            continue
        named.update(i for i in RULE_ID.findall(path.read_text(encoding="utf-8", errors="replace"))
                     if i.startswith(prefix + "-"))
    return named


@pytest.mark.parametrize("system", ruleset_ids())
def test_every_rule_id_the_tests_name_has_an_entry(system: str) -> None:
    """Every catalog ID a test names (the rules the product is checked against) is in the system's
    shipped rules, and the book holds as many entries as the catalog defines IDs."""
    book = find_ruleset(system).rules_text()
    missing = sorted(i for i in ids_named_in_tests(PREFIX[system]) if book.rule(i) is None)
    assert not missing, f"{system}: rule IDs named by tests but missing from data/rules.toml: {missing[:20]}"
    assert len(book.ids()) == len(set(book.ids())) == CATALOG_COUNTS[system], (
        f"{system}: {len(book.ids())} entries ({len(set(book.ids()))} distinct), the catalog defines {CATALOG_COUNTS[system]}")
    assert all(rule.id.startswith(PREFIX[system] + "-") for rule in book.rules), f"{system}: an ID of another system"


@pytest.mark.parametrize("system", ruleset_ids())
def test_the_rules_are_written_out_and_gaps_say_our_choice(system: str) -> None:
    """No entry is empty or a placeholder, none copies the text's seed quotes (``Seed:``/``Src:``), and
    each gap entry (``-GAP-``) marks the default as ours."""
    book = find_ruleset(system).rules_text()
    bad = [r.id for r in book.rules if len(r.text) < 12 or re.search(r"\b(TODO|TBD|FIXME|XXX|lorem ipsum)\b|Seed:|\*Src:\*", r.text)]
    assert not bad, f"{system}: entries empty, placeholders or quoting seeds: {bad}"
    gaps = [r for r in book.rules if "-GAP-" in r.id]
    assert gaps, f"{system}: no gap entries"
    unmarked = [r.id for r in gaps if "our choice" not in r.text.lower()]
    assert not unmarked, f"{system}: gap entries not marking our default: {unmarked}"
    assert len(book.sections()) >= 5, f"{system}: the rules should come in sections, got {len(book.sections())}"


def test_the_rules_ship_as_package_data() -> None:
    """data/rules.toml is package data (pyproject's patterns take *.toml under every package)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["*"]
    assert "*.toml" in patterns, f"package-data {patterns} must include *.toml so an installed copy has the rules"
    for system in ruleset_ids():
        assert (ROOT / "core" / "rulesets" / system / "data" / "rules.toml").is_file(), f"{system}: no data/rules.toml"


def test_cli_prints_rift_react_09(capsys: pytest.CaptureFixture[str]) -> None:
    """`holotable rules rift RIFT-REACT-09` prints that rule (RIFT-REACT-09: a coordinated reaction's Xd6)."""
    assert main(["rules", "rift", "RIFT-REACT-09"]) == 0
    out = capsys.readouterr().out
    assert "RIFT-REACT-09" in out and "Xd6" in out and "Reaction fire" in out, out
    assert "RIFT-REACT-08" not in out, f"only the asked rule should be printed:\n{out}"


def test_cli_finds_the_tractor_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """`holotable rules tote tractor` lists the tractor-beam rules (TOTE-TRACTOR-01..)."""
    assert main(["rules", "tote", "tractor"]) == 0
    out = capsys.readouterr().out
    listed = set(rule_ids_in(out))
    assert {"TOTE-TRACTOR-01", "TOTE-TRACTOR-02", "TOTE-TRACTOR-08"} <= listed, f"tractor rules missing: {sorted(listed)}"
    assert "TOTE-HERO-01" not in listed, "rules not mentioning tractors should not be listed"


def test_cli_unknown_id_names_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown ID exits 2 with a message naming the closest IDs, and prints no rules."""
    assert main(["rules", "rift", "RIFT-REACT-99"]) == 2
    captured = capsys.readouterr()
    assert "no rule RIFT-REACT-99" in captured.err and "closest: RIFT-REACT-09" in captured.err, captured.err
    assert captured.out == "", "nothing should be printed on stdout for an unknown ID"
    assert "Traceback" not in captured.err


def test_cli_unknown_system_and_the_whole_book(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown system is named with the known ones; without a query the whole book prints by section."""
    assert main(["rules", "chess"]) == 2
    assert "unknown rule system 'chess'" in capsys.readouterr().err
    assert main(["rules", "swpm"]) == 0
    out = capsys.readouterr().out
    assert len(set(rule_ids_in(out)) & set(find_ruleset("swpm").rules_text().ids())) == CATALOG_COUNTS["swpm"]
    assert "== Units (UNIT)" in out and "Our choice" in out, "sections should head the rules; gaps say our choice"


def test_lookup_by_group_and_without_the_prefix() -> None:
    """`RIFT-REACT` lists the group; `react-09` finds RIFT-REACT-09; unknown words are refused with advice."""
    book = find_ruleset("rift").rules_text()
    group = [r.id for r in book.lookup("RIFT-REACT")]
    assert group and all(i.startswith("RIFT-REACT-") for i in group), group
    assert [r.id for r in book.lookup("react-09")] == ["RIFT-REACT-09"]
    assert [r.id for r in find_ruleset("tote").rules_text().lookup("TOTE-GAP-23a")] == ["TOTE-GAP-23"], \
        "a lettered part of a gap (TOTE-GAP-23a) should give its whole entry"
    with pytest.raises(RuleNotFound, match="no rule of RiftWar mentions 'xyzzy'"):
        book.lookup("xyzzy")


def test_console_rules_command() -> None:
    """The console's `rules` answers like the CLI; in a game, the game's system is the default."""
    console = Console()
    answer = console.handle("rules rift RIFT-REACT-09")
    assert answer.ok and "RIFT-REACT-09" in answer.text, answer.error
    refused = console.handle("rules rift RIFT-MOVE-99")
    assert not refused.ok and "closest: RIFT-MOVE-" in refused.error, refused.error
    assert not console.handle("rules nope").ok
    started = console.handle("new rift seed=1 reproducible=yes seats=a:Republic,b:Separatists")
    assert started.ok, started.error
    answer = console.handle("rules RIFT-MOVE-03")
    assert answer.ok and "RIFT-MOVE-03" in answer.text, answer.error or answer.text


def test_rule_ids_in_finds_each_once() -> None:
    """Refusal lines name rules; each ID is found once, in order."""
    assert rule_ids_in("refused (RIFT-MOVE-03): see RIFT-MOVE-03 and RIFT-GAP-05") == ["RIFT-MOVE-03", "RIFT-GAP-05"]
    assert issubclass(RuleNotFound, HolotableError)


def test_RIFT_GAP_15_line_mode_refusal_names_the_rules_command() -> None:
    """RIFT-GAP-15: in line mode a refusal naming a rule says which command shows it; the game is unchanged."""
    console = Console()
    assert console.handle("new rift seed=3 reproducible=yes seats=a:Republic,b:Separatists").ok
    assert console.handle("as a deploy first").ok
    session = console.session
    assert session is not None
    before = session.to_json()
    refused = console.handle("as a place A1 40,40")
    assert not refused.ok and "RIFT-GAP-15" in refused.error, refused.error
    assert "`rules rift RIFT-GAP-15` shows the rule" in refused.error, refused.error
    assert session.to_json() == before, "a refusal changes nothing"
    plain = console.handle("as a frobnicate")
    assert not plain.ok and "`rules " not in plain.error, "a refusal naming no rule offers no rules command"
