"""A published squadron's file, priced as it stands: headings give the counts ("Seventy-five Eurisko class Battle
Riders", "  Four Garter class:"), and audited alone (no fleet file) the file is a fleet of its own, priced by
the quantity rule and held to the fleet rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.highguard.read.lines import heading_count

runner = CliRunner()
COPIES = FIXTURES / "highguard" / "copies" / "tcs1981"
SQUADRON = FIXTURES / "tcs" / "squadron"


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("Seventy-five Eurisko class Battle Riders", 75),
        ("  Four Garter class:", 4),  # indented, a colon, the ship named "TB-Garter" under it
        ("Ninety-nine Lion class cruisers", 99),
        ("Twenty one Lion class", 21),
        ("12 Lion class", 12),
        ("Note: four class", None),  # a colon inside the line: a labelled line, not a heading
        ("Four Garter class: escorts", None),
        ("Lion class cruisers", None),
    ],
)
def test_a_heading_gives_its_count(line, count):
    assert heading_count(line) == count


def _squadron(folder: Path) -> Path:
    """The three drop-tank designs in one file, as a squadron's file prints them: 4 Cisors, 75 Euriskos, 4 Garters."""
    path = folder / "squadron.txt"
    path.write_text("\n".join(p.read_text(encoding="utf-8") for p in sorted(COPIES.glob("*.txt"))), encoding="utf-8")
    return path


def test_a_squadron_file_audited_alone_is_priced_as_the_fleet_it_heads(tmp_path):
    """Before, the Garter's heading (with its colon) was free text and the file's ships counted once each, priced
    at MCr 91,000 (one of each). Now 4 + 75 + 4 = 83 ships; by the quantity rule (each first ship at its price
    plus the 1% architect's fee, each further one at 80%): Cisor 40,000 x 1.01 + 3 x 32,000 = 136,400; Eurisko
    21,000 x 1.01 + 74 x 16,800 = 1,264,410; Garter 30,000 x 1.01 + 3 x 24,000 = 102,300: MCr 1,503,110, and the
    drop tanks' fittings (MCr 0.01 + 0.001 a ton, every ship): 4 x 10 + 75 x 5.56 + 4 x 6.01 = 481.04."""
    result = runner.invoke(app, ["audit", str(_squadron(tmp_path))], env={"COLUMNS": "250"})
    rows = {line.split()[1]: line.split()[2] for line in result.stdout.splitlines() if "squadron.txt  " in line}
    assert rows == {"Cisor": "4", "Eurisko": "75", "TB-Garter": "4"}
    assert (
        "fleet squadron.txt: 83 ship(s) of 3 design(s), MCr 1,503,591.04 (ships MCr 1,503,110 by the quantity rule, "
        "drop tanks MCr 481.04); budget MCr 1,000,000, MCr 503,591.04 over: fail" in result.stdout
    )
    assert "error: TCS201 the fleet costs MCr 1,503,591.04" in result.stdout and result.exit_code == 1


def test_a_sheet_without_headings_is_no_fleet(tmp_path):
    """A file of ships with no squadron heading audits as it did: no fleet line."""
    plain = tmp_path / "plain.txt"
    plain.write_text((COPIES / "eurisko.txt").read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    result = runner.invoke(app, ["audit", str(plain)])
    assert result.exit_code == 0 and "fleet " not in result.stdout


def test_two_ships_of_one_sheet_are_two_designs_not_one(tmp_path):
    """A fleet listing the two ships of one sheet by name: two designs, no SCN004 (which said they "are one
    design"); the same ship listed twice is SCN004."""
    (tmp_path / "squadron.txt").write_text((SQUADRON / "squadron.txt").read_text(encoding="utf-8"))
    fleet = tmp_path / "fleet.toml"
    fleet.write_text(
        '[[ship]]\nsheet = "squadron.txt"\nname = "Eurisko"\n[[ship]]\nsheet = "squadron.txt"\nname = "BD-Cisor"\n'
    )
    assert "SCN004" not in runner.invoke(app, ["check", str(fleet)]).stdout
    fleet.write_text(fleet.read_text() + '[[ship]]\nsheet = "squadron.txt"\nname = "eurisko"\n')
    again = runner.invoke(app, ["check", str(fleet)]).stdout
    assert f"{fleet}:8:1: info: SCN004 squadron.txt (eurisko) is listed again (first on line 2)" in again


def test_a_folder_fleet_checked_by_the_batch_is_not_checked_again():
    """A scenario's folder fleet is checked as a fleet by the batch: its TCS201 and TCS202 are said once each,
    and counted once (the squadron files' own fleet checks run only for files the batch did not check)."""
    fleets = FIXTURES / "tcs" / "fleets"
    result = runner.invoke(
        app, ["audit", "--scenario", str(fleets / "small-budget.toml"), str(fleets / "no-tugs"), "-j", "1"]
    )
    codes = [line.split(": ")[2].split()[0] for line in result.stdout.splitlines() if ": error: " in line]
    assert codes == ["TCS201", "TCS202"]
    assert "; 2 error(s), 0 warning(s))" in " ".join(result.stdout.split())
