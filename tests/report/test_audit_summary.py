"""The audit's counts and verdicts: each ship's count from its fleet, totals that count every ship, files not
read kept apart from ships, the audit's and each fleet's verdict said even when they pass, one computation of
errors and verdict for ``audit`` and ``export``, and a workbook that prints."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal

import pytest
from conftest import FIXTURES, ROOT
from openpyxl import load_workbook
from typer.testing import CliRunner

from shipyard import api
from shipyard.cli import app
from shipyard.report import tables

runner = CliRunner()
FLEET = ROOT / "examples" / "fleet"


def _summary(target) -> dict:
    return {row[0]: row[1] for row in load_workbook(target)["Summary"].iter_rows(min_row=2, values_only=True)}


def test_each_ship_counts_as_many_as_its_fleet_holds(tmp_path) -> None:
    """examples/fleet/fleet.toml: 100 Vigilants (MCr 4,014.772), 100 with drop tanks (4,015.782), 10 tugs
    (4,014.772): 210 ships, 1,050,000 tons, at list price 401,477.2 + 401,578.2 + 40,147.72 = MCr 843,203.12
    (TCS201's figure before the quantity rule), beside the fleet's MCr 677,192.01446 by the rule."""
    target = tmp_path / "report.xlsx"
    result = runner.invoke(app, ["audit", str(FLEET), "-o", str(target)])
    book = load_workbook(target)
    counts = {row[1]: row[2] for row in book["Ships"].iter_rows(min_row=2, values_only=True)}
    assert counts == {"Hauler": 10, "Vigilant (drop tanks)": 100, "Vigilant": 100}
    summary = _summary(target)
    assert (summary["ships (sheets)"], summary["ships (counted)"], summary["fleet ships"]) == (3, 210, 210)
    assert summary["total cost"] == pytest.approx(843203.12) and summary["total tonnage"] == 1050000
    assert summary["fleet cost"] == pytest.approx(677192.01446)
    total = next(line for line in result.stdout.splitlines() if "total" in line)
    assert "210" in total and "843,203.12" in total and "1,050,000" in total


def test_a_fleet_over_budget_fails_the_audit_though_every_ship_passes(tmp_path) -> None:
    """A budget of MCr 600,000 under the fleet's 677,192.01446: each ship passes, the fleet fails (TCS201), and
    the audit says so: verdict fail, ships failing 0, fleet verdict fail, margin -77,192.01446, exit 1."""
    (tmp_path / "scenario.toml").write_text('[scenario]\nname = "Tight"\nbudget_mcr = 600000\n')
    target = tmp_path / "report.xlsx"
    result = runner.invoke(app, ["audit", str(FLEET), "--scenario", str(tmp_path / "scenario.toml"), "-o", str(target)])
    summary = _summary(target)
    assert (summary["verdict"], summary["ships failing"], summary["fleet verdict"]) == ("fail", 0, "fail")
    assert summary["margin"] == pytest.approx(-77192.01446) and summary["fleet errors"] >= 1
    assert "audit: fail (3 ship(s): 3 pass, 0 check, 0 fail;" in result.stdout
    assert result.exit_code == 1


def test_the_verdict_is_said_when_the_fleet_passes_too(tmp_path) -> None:
    target = tmp_path / "report.xlsx"
    result = runner.invoke(app, ["audit", str(FLEET), "-o", str(target)])
    summary = _summary(target)
    assert (summary["verdict"], summary["fleet verdict"]) == ("pass", "pass")
    assert summary["margin"] == pytest.approx(322807.98554)
    assert (
        "audit: pass (3 ship(s): 3 pass, 0 check, 0 fail; 0 file(s) not read; 1 TOML file(s) that are no sheet "
        f"skipped ({FLEET / 'scenario.toml'}); 0 error(s), 0 warning(s))" in result.stdout
    )
    assert result.exit_code == 0


def test_a_file_that_is_not_read_is_no_ship(tmp_path) -> None:
    shutil.copy(FIXTURES / "mcs" / "hollyfields.usd", tmp_path)
    (tmp_path / "junk.usd").write_bytes(b"\x00\x01binary")
    target = tmp_path / "out" / "report.xlsx"
    target.parent.mkdir()
    result = runner.invoke(app, ["audit", str(tmp_path), "-o", str(target)])
    assert "shipyard audit: 1 ship(s), 1 file(s) without a ship" in result.stdout
    summary = _summary(target)
    assert (summary["files"], summary["files not read"], summary["ships (sheets)"]) == (2, 1, 1)
    assert summary["ships (counted)"] == 1
    assert result.exit_code == 2


def test_export_and_audit_give_a_ship_the_same_errors_and_verdict(tmp_path) -> None:
    """Hollyfields declares Size 6 for 15,000 dTons (the chart gives 7): MCS001, an error of the rules, not of
    reading. The export counted only reading diagnostics (0 errors, 1 warning, verdict check); it now checks as
    the audit does."""
    holly = FIXTURES / "mcs" / "hollyfields.usd"
    exported = json.loads(runner.invoke(app, ["export", str(holly), "--format", "json"]).stdout)["ships"][0]
    audited = next(iter(api.audit([holly]).rows))
    assert (
        (exported["errors"], exported["warnings"], exported["verdict"])
        == (audited[tables.SHIP["errors"]], audited[tables.SHIP["warnings"]], audited[tables.SHIP["verdict"]])
        == (1, 2, "fail")
    )
    assert exported["count"] == 1 and (exported["size"], exported["armour"], exported["toughness"]) == (6, 14, 15)


def test_the_audit_keeps_rows_on_disk_not_ships() -> None:
    result = api.audit([FLEET])
    assert not hasattr(result, "sheets") and len(result.rows) == 3
    assert all(isinstance(value, (str, int, Decimal, type(None))) for row in result.rows for value in row)
    assert [row[2] for row in result.rows] == [10, 100, 100]  # each read back with its fleet's count
    assert list(result.rows) == list(result.rows)  # read again and again


def test_audit_on_two_workers_gives_what_one_gives(tmp_path) -> None:
    """Workers return rows; the parent only writes: the same rows and Summary whatever ``-j``."""
    folder = tmp_path / "many"
    folder.mkdir()
    for number in range(12):
        shutil.copy(FIXTURES / "mcs" / "hollyfields.usd", folder / f"h{number:02}.usd")
    one, two = api.audit([folder], jobs=1), api.audit([folder], jobs=2)
    assert list(one.rows) == list(two.rows) and one.summary_rows[:-1] == two.summary_rows[:-1]
    assert one.exit_code == two.exit_code == 1


def test_every_sheet_prints_landscape_one_page_wide_with_its_header_repeated(tmp_path) -> None:
    target = tmp_path / "report.xlsx"
    runner.invoke(app, ["audit", str(FLEET), "-o", str(target)])
    book = load_workbook(target)
    for sheet in book.worksheets:
        setup = sheet.page_setup
        assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("landscape", 1, 0), sheet.title
        assert sheet.sheet_properties.pageSetUpPr.fitToPage and sheet.print_title_rows == "$1:$1"
        assert sheet.oddHeader.center.text == f"shipyard: {sheet.title}"
        assert sheet.oddFooter.center.text == "page &P of &N"
        assert {cell.font.bold for cell in sheet[1]} == {True}
    messages = book["Findings"]
    assert all(row[6].alignment.wrap_text for row in messages.iter_rows(min_row=2))
    ships = book["Ships"]
    widths = {key: dim.width for key, dim in ships.column_dimensions.items()}
    assert widths["B"] == len("Vigilant (drop tanks)") + 2  # fitted to the longest name


def test_the_audit_says_the_files_it_skipped_for_their_names(tmp_path) -> None:
    """A judge's folder of entries where one entrant sent a Word file: the audit reads the sheet, and its line,
    its workbook's Summary and its page say the .doc was not read, where before it was left out in silence."""
    folder = tmp_path / "entries"
    folder.mkdir()
    shutil.copy(ROOT / "examples" / "kuvasz.usd", folder)
    (folder / "vigilant.doc").write_bytes(b"\xd0\xcf\x11\xe0")
    (folder / "vigilant.txt.bak").write_text("x")
    target = tmp_path / "audit.xlsx"
    result = runner.invoke(app, ["audit", str(folder), "-o", str(target)])
    assert (
        "; 0 file(s) not read; 2 file(s) skipped, not sheets by their extension (.bak, .doc); 0 error(s)"
        in result.stdout
    )
    summary = _summary(target)
    assert (summary["files"], summary["files skipped"], summary["skipped by extension"]) == (1, 2, ".bak, .doc")
    page = tmp_path / "audit.html"
    runner.invoke(app, ["audit", str(folder), "-o", str(page)])
    assert "2 file(s) skipped, not sheets by their extension (.bak, .doc)" in page.read_text()
    exported = runner.invoke(app, ["export", str(folder), "-o", str(tmp_path / "ships.csv")])
    assert exported.stderr.endswith("; 2 file(s) skipped, not sheets by their extension (.bak, .doc)\n")
    (folder / "vigilant.doc").unlink()
    (folder / "vigilant.txt.bak").unlink()
    clean = runner.invoke(app, ["audit", str(folder), "-o", str(target)])
    assert "skipped" not in clean.stdout and _summary(target)["files skipped"] == 0
    assert "skipped by extension" not in _summary(target)


@pytest.mark.parametrize("name", ["sfc/imperial-squadron.toml", "darkstars/system.toml"])
def test_a_roster_or_a_star_system_is_no_ship_of_the_audit(name):
    """An SFC roster's elements and a Dark Stars system are no ships of a sheet: the audit gives the file one row
    without a ship or a count, as it gives a game log; before, each was a nameless "ship" of count 1."""
    from shipyard.core.pipeline import check_sheet, load_sheet
    from shipyard.report.tables import ship_rows

    rows = list(ship_rows([check_sheet(load_sheet(ROOT / "examples" / name))]))
    assert len(rows) == 1 and rows[0][1] is None and rows[0][2] is None and rows[0][-1] == "pass"


def test_the_two_cost_totals_say_why_they_differ():
    """The shipped examples: the table totals MCr 4,200,507.4 (every ship at its price times its count, the
    Coronation and the others in no fleet included: 846,962.12 outside examples/tcs1981, and there 50 x 21,000 +
    2 x 40,000 + 2 x 30,000 + 20 x 60,000 + 240 x 4,014.772), the Example Squadron's line MCr 677,192.014 (its ships
    by the quantity rule, and its drop tanks); a line under the fleets says which is which. Without a fleet, no such
    line."""
    from typer.testing import CliRunner

    from shipyard.cli import app
    from shipyard.cli.audit import COSTS_DIFFER

    runner = CliRunner()
    result = runner.invoke(app, ["audit", str(ROOT / "examples")], env={"COLUMNS": "400"})
    assert "4,200,507.4" in result.stdout and "MCr 677,192.014" in result.stdout
    assert COSTS_DIFFER in result.stdout
    alone = runner.invoke(app, ["audit", str(ROOT / "examples" / "kuvasz.usd")], env={"COLUMNS": "400"})
    assert COSTS_DIFFER not in alone.stdout
