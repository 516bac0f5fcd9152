"""The rules: no code given twice, the fleet cases of fixtures/rules/ (each system's sheet cases are run by
tests/core/test_systems.py, through its registered reader), and the findings on the seed's sample sheets (the
known slips, and no error on the sound sheets)."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.core.pipeline import check_fleet, check_sheet, load_sheet
from shipyard.core.registry import all_rules, load, owner, systems
from shipyard.core.selection import Selection
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

RULES = all_rules()
FIXTURES = Path(__file__).parents[2] / "fixtures"
CASE_FILES = {path: tomllib.loads(path.read_text()) for path in sorted((FIXTURES / "rules").glob("*/*.toml"))}
FLEET_CASES = [case for data in CASE_FILES.values() for case in data.get("fleet_case", [])]
runner = CliRunner()


def test_no_rule_code_is_used_twice():
    """Each system's rule modules (the per-system checks of tests/contract.py hold each list to its folder) give
    one code each, and no code is given twice."""
    assert len(RULES) == sum(len(load(s.rules).MODULES) for s in systems() if s.rules)


def _sheet_text(case: dict) -> str:
    text = (FIXTURES / case["base"]).read_text()
    for old, new in case.get("replace", []):
        assert text.count(old) == 1, f"replacement {old!r} must match once"
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("path", list(CASE_FILES), ids=lambda p: p.stem)
def test_a_case_file_holds_one_rule_in_its_system_folder(path):
    data = CASE_FILES[path]
    codes = {c["rule"] for c in data.get("case", []) + data.get("fleet_case", [])}
    assert codes == {path.stem} and path.stem in RULES
    assert owner(path.stem).name == path.parent.name


@pytest.mark.parametrize("case", FLEET_CASES, ids=lambda c: f"{c['rule']}: {c['name']}")
def test_fleet_case(case):
    members = []
    for entry in case["members"]:
        (ship,), _ = parse_highguard(_sheet_text(entry), entry["base"])
        members.append(
            FleetMember(
                ship,
                recompute(ship),
                entry.get("count", 1),
                entry.get("role", "warship"),
                Decimal(entry.get("extra_drop_tanks", 0)),
                entry["base"],
            )
        )
    fleet = FleetSubject(
        name="case",
        path="fleet.toml",
        members=members,
        scenario=Scenario(**case.get("scenario", {})),
        span=Span(path="fleet.toml", line=1, col=1),
    )
    found = check_fleet(fleet, "tcs", Selection(select=(case["rule"],)))
    assert [[d.span.line, d.span.col, d.severity.value] for d in found] == case["expect"], [d.format() for d in found]


def _findings(path: Path, level: str = "warning") -> list[tuple[str, int, str]]:
    ranks = {"error": 0, "warning": 1, "info": 2}
    sheet = check_sheet(load_sheet(path), Selection(select=("MCS",)))
    return [(d.code, d.span.line, d.severity.value) for d in sheet.diagnostics if d.severity.rank <= ranks[level]]


def test_hollyfields_size_error_and_exit_1():
    assert ("MCS001", 3, "error") in _findings(FIXTURES / "mcs" / "hollyfields.usd")
    message = next(
        d.message
        for d in check_sheet(load_sheet(FIXTURES / "mcs" / "hollyfields.usd")).diagnostics
        if d.code == "MCS001"
    )
    assert message.startswith("Size 6, but 15000 dTons is size 7")
    result = runner.invoke(app, ["check", str(FIXTURES / "mcs")])
    assert result.exit_code == 1
    assert f"{FIXTURES / 'mcs' / 'hollyfields.usd'}:3:1: error: MCS001 Size 6" in result.stdout


def test_known_slips_on_the_sample_sheets():
    found = {path.name: _findings(path) for path in sorted((FIXTURES / "mcs").glob("*.usd"))}
    assert found["midu-agashaan.usd"] == [("MCS006", 13, "warning")]
    assert ("MCS008", 14, "warning") in found["coronation.usd"]  # light laser PDR 3, tables 4-5
    assert ("MCS002", 2, "warning") in found["kuvasz.usd"]  # toughness 9, chart 8 (estimated mass)
    assert [f for f in _findings(FIXTURES / "mcs" / "midu-agashaan.usd", "info") if f[0] == "MCS002"] == [
        ("MCS002", 3, "info")
    ]  # 11 - 1 for high automation


SOUND = [
    "drachen-jaeger",
    "free-trader",
    "rampart-15",
    "scout-advanced",
    "zhodani-patrol-corvette",
    "zhodani-strike-cruiser",
    "midu-agashaan",
    "kuvasz",
    "coronation",
    "coronation-summary",
]


@pytest.mark.parametrize("name", SOUND)
def test_no_error_on_sound_sheets(name):
    result = runner.invoke(app, ["check", str(FIXTURES / "mcs" / f"{name}.usd")])
    assert result.exit_code == 0, result.stdout
    assert ": error:" not in result.stdout


def test_check_select_ignore_and_json():
    path = str(FIXTURES / "mcs" / "hollyfields.usd")
    assert runner.invoke(app, ["check", path, "--ignore", "MCS001"]).exit_code == 0
    result = runner.invoke(app, ["check", path, "--select", "MCS00", "--format", "json"])
    import json

    codes = [d["code"] for d in json.loads(result.stdout)]
    assert codes == ["MCS001", "MCS002"] and result.exit_code == 1


def test_check_missing_path_exits_2():
    result = runner.invoke(app, ["check", "no/such/folder"])
    assert result.exit_code == 2 and "no/such/folder:1:1: error: IO006" in result.stdout


def test_rules_and_explain():
    listing = runner.invoke(app, ["rules"])
    assert listing.exit_code == 0 and all(code in listing.stdout for code in RULES)
    explained = runner.invoke(app, ["explain", "MCS001"])
    assert explained.exit_code == 0
    assert "What: the sheet's Size is not the code the size chart gives" in explained.stdout
    assert "Bad:  Hollyfields: 15 000 dTons is size 7, not 6" in explained.stdout
    assert runner.invoke(app, ["explain", "size-by-displacement"]).stdout == explained.stdout
    assert runner.invoke(app, ["explain", "NOPE01"]).exit_code == 2


@pytest.mark.parametrize(
    "word, hint",
    [
        ("TCS", "18 start with 'TCS': TCS101, TCS102,"),  # a family: its codes, twelve of them then "..."
        (
            "usd10",
            "10 start with 'USD10': USD100, USD101, USD102, USD103, USD104, USD105, USD106, USD107, USD108, USD109",
        ),
        ("MSC001", "did you mean 'MCS001'?"),  # letters swapped, which likeness alone ranks below SFC001
        ("USD01", "did you mean 'USD101'?"),
        ("size-by-displacment", "did you mean 'size-by-displacement'?"),
        ("NOPE01", "'shipyard rules' lists the rules, and the topics are APX, APX1,"),
    ],
)
def test_explain_says_what_was_meant(word, hint):
    result = runner.invoke(app, ["explain", word])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: no rule, code or topic {word!r}; {hint}")


def test_explain_names_at_most_a_dozen_codes():
    from shipyard.api import EXPLAIN_LISTED, explain_miss

    named = explain_miss("TCS").split(": ", 1)[1]
    assert named.endswith(", ...") and named.count("TCS") == EXPLAIN_LISTED
    assert not explain_miss("MCS").endswith("...")  # MCS001 to MCS010, all named


@pytest.mark.parametrize(
    "select, ignore, code, wanted",
    [
        ((), (), "MCS001", True),
        (("MCS",), ("MCS008",), "MCS008", False),
        (("MCS",), ("MCS008",), "MCS001", True),
        (("MCS",), (), "USD100", False),
        ((), ("USD",), "USD100", False),
        (("MCS008",), ("MCS",), "MCS008", True),  # the longer prefix wins
        (("MCS",), ("MCS",), "MCS001", False),  # a tie goes to ignore
    ],
)
def test_selection(select, ignore, code, wanted):
    assert Selection(select, ignore).wants(code) is wanted


def test_t4_sheets_are_not_checked_as_mcs():
    sheet = check_sheet(load_sheet(FIXTURES / "mcs" / "t4" / "coronation-t4.usd"))
    assert not [d for d in sheet.diagnostics if d.code.startswith("MCS")]  # T4 armour 50 is not an MCS code
