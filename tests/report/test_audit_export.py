"""``audit`` and ``export``: the terminal table, the workbook re-opened (values, number formats, frozen
header, filters, severity colours, a formula-injection case), CSV and JSON, atomic writes."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess

import pytest
from conftest import FIXTURES, ROOT
from openpyxl import load_workbook
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()
FLEET = ROOT / "examples" / "fleet"


@pytest.fixture
def report(tmp_path):
    folder = tmp_path / "entries"
    shutil.copytree(FIXTURES / "highguard", folder / "highguard", ignore=shutil.ignore_patterns("copies", "forms"))
    shutil.copy(FIXTURES / "mcs" / "hollyfields.usd", folder)
    (folder / "injection.usd").write_text("Class: =1+2 TL:12\nDisplacement: 100 Size: 2\nNotes: @SUM(A1)\x07\n")
    target = tmp_path / "report.xlsx"
    result = runner.invoke(app, ["audit", str(folder), "-o", str(target)])
    return folder, target, result


def test_audit_table_and_exit_code(report):
    _folder, target, result = report
    assert result.exit_code == 1  # the Hollyfields size error and the seeded violations
    assert "shipyard audit: 10 ship(s)" in result.stdout  # the eight High Guard fixtures, Hollyfields, the injection
    assert "Hollyfields" in result.stdout and "fail" in result.stdout and "total" in result.stdout
    assert [p.name for p in target.parent.iterdir() if p.name.startswith(".")] == []  # no temporary left


def test_audit_with_a_scenario_it_cannot_read_is_a_usage_error(tmp_path):
    missing = tmp_path / "scenario.toml"
    result = runner.invoke(app, ["audit", str(FIXTURES / "highguard"), "--scenario", str(missing)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{missing}:1:1: error: IO001 cannot read file")
    assert result.stdout == ""  # nothing audited


def test_workbook_sheets_values_and_formats(report):
    _folder, target, _ = report
    book = load_workbook(target)
    assert book.sheetnames == ["Summary", "Ships", "Batteries", "Components", "Findings", "Rules"]
    ships = book["Ships"]
    header = [c.value for c in ships[1]]
    assert header == [
        "file",
        "ship",
        "count",
        "format",
        "TL",
        "tonnage",
        "cost",
        "size",
        "armour",
        "toughness",
        "ratings",
        "errors",
        "warnings",
        "verdict",
    ]
    assert all(c.font.bold for c in ships[1]) and ships.freeze_panes == "A2"
    assert ships.auto_filter.ref == f"A1:N{ships.max_row}"
    rows = {r[1].value: dict(zip(header, r, strict=True)) for r in ships.iter_rows(min_row=2)}
    holly = rows["Hollyfields"]
    assert (holly["tonnage"].value, holly["tonnage"].number_format) == (15000, '#,##0.###" t"')
    assert (holly["errors"].value, holly["verdict"].value) == (1, "fail")
    assert (holly["size"].value, holly["armour"].value, holly["toughness"].value) == (6, 14, 15)  # as declared
    assert holly["count"].value == 1  # in no fleet: one ship
    vigilant = rows["Vigilant"]
    assert (vigilant["cost"].value, vigilant["cost"].number_format) == (4014.772, '#,##0.00" MCr"')
    assert vigilant["verdict"].value == "pass" and vigilant["size"].value is None  # High Guard: the USP says it
    summary = {r[0].value: r[1].value for r in book["Summary"].iter_rows(min_row=2)}
    assert summary["ships (sheets)"] == 10 and summary["errors"] == 4 and summary["verdict"] == "fail"


def test_formula_injection_is_stored_as_text(report):
    _, target, _ = report
    ships = load_workbook(target)["Ships"]
    cell = next(r[1] for r in ships.iter_rows(min_row=2) if r[0].value.endswith("injection.usd"))
    assert (cell.value, cell.data_type, cell.quotePrefix) == ("=1+2", "s", True)
    findings = load_workbook(target)["Findings"]
    messages = [r[6].value for r in findings.iter_rows(min_row=2)]
    assert not any("\x07" in (m or "") for m in messages)


def test_findings_are_coloured_by_severity(report):
    _, target, _ = report
    findings = load_workbook(target)["Findings"]
    colours = {r[3].value: r[0].fill.fgColor.rgb for r in findings.iter_rows(min_row=2)}
    assert colours["error"].endswith("F8CBAD") and colours["info"].endswith("DDEBF7")


def test_components_and_batteries_sheets(report):
    _, target, _ = report
    book = load_workbook(target)
    plants = {
        r[0].rsplit("/", 1)[1]: r[5:]
        for r in book["Components"].iter_rows(min_row=2, values_only=True)
        if r[4] == "P-Plant Factor-4"
    }
    assert plants["vigilant-legal.txt"] == (600, 1800, 200) and plants["plant-13-percent.txt"] == (650, 1950, 216.667)
    lasers = [
        r
        for r in book["Batteries"].iter_rows(min_row=2, values_only=True)
        if r[1] == "Vigilant" and r[3] == "beam laser"
    ]
    # High Guard batteries in their own columns: no pen:dam or point defence (MCS's), the turrets as the mounting,
    # the USP's batteries bearing (6 of 6 laser batteries: the bearing line's 6)
    assert lasers == [
        (lasers[0][0], "Vigilant", "Laser Turrets", "beam laser", 6, 15, "factor 6", None, None, "30 turrets", 6)
    ]
    headers = next(book["Batteries"].iter_rows(max_row=1, values_only=True))
    assert headers[-3:] == ("point defence", "mounting", "bearing")
    assert not [r for r in book["Batteries"].iter_rows(min_row=2, values_only=True) if r[7] and "turrets" in r[7]]


def test_a_usp_only_sheet_lists_its_batteries_by_the_usp():
    """The Kinunir's USP block (BC-A2447G2-000510-50202-0, batteries and bearing lines of 2 laser, 2 particle
    accelerator, 2 missile) and no components: a row per battery column with a factor, by the USP's digits
    (laser 5, particle accelerator 2, missile 2), its count from the batteries line and bearing from the bearing
    line. Before, such a sheet had no row in the Batteries table."""
    from shipyard.core.pipeline import load_sheet
    from shipyard.report.tables import battery_rows

    sheet = load_sheet(FIXTURES / "highguard" / "kinunir-hg80.txt")
    rows = [r[2:] for r in battery_rows([sheet])]
    assert rows == [
        ["laser", "laser", 2, None, "factor 5", None, None, None, 2],
        ["particle accelerator", "particle accelerator", 2, None, "factor 2", None, None, None, 2],
        ["missile", "missile", 2, None, "factor 2", None, None, None, 2],
    ]


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed here")
def test_libreoffice_opens_the_workbook(tmp_path):
    target = tmp_path / "report.xlsx"
    runner.invoke(app, ["audit", str(FLEET), "-o", str(target)])
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "csv", "--outdir", str(tmp_path), str(target)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    assert (tmp_path / "report.csv").read_text().startswith("item,value")


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed here")
def test_each_sheet_of_a_three_ship_audit_prints_on_one_or_two_landscape_pages(tmp_path):
    """examples/fleet (3 ships): each sheet printed alone (LibreOffice's PDF of a workbook of that sheet) takes
    one or two pages, the Summary and the Ships one each; the whole workbook 8 pages (19 before the print
    layout)."""
    import re

    target = tmp_path / "report.xlsx"
    runner.invoke(app, ["audit", str(FLEET), "-o", str(target)])
    pages = {}
    for keep in load_workbook(target).sheetnames:
        book = load_workbook(target)
        for name in [n for n in book.sheetnames if n != keep]:
            del book[name]
        alone = tmp_path / f"{keep}.xlsx"
        book.save(alone)
        subprocess.run(
            ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(alone)],
            check=True,
            capture_output=True,
            timeout=180,
        )
        pages[keep] = len(re.findall(rb"/Type\s*/Page(?!s)", (tmp_path / f"{keep}.pdf").read_bytes()))
    assert pages["Summary"] == pages["Ships"] == 1
    assert all(1 <= count <= 2 for count in pages.values()), pages


def test_export_xlsx_csv_json(tmp_path):
    source = [str(ROOT / "examples" / "midu-agashaan.usd"), str(FLEET / "vigilant.txt")]
    workbook = tmp_path / "ships.xlsx"
    assert runner.invoke(app, ["export", *source, "-o", str(workbook)]).exit_code == 0
    book = load_workbook(workbook)
    assert book.sheetnames == ["Ships", "Batteries"]
    midu = [r for r in book["Batteries"].iter_rows(min_row=2, values_only=True) if r[1] == "Midu Agashaan"]
    assert midu[0][2:] == ("Laser Battery", "beam", 4, 2, "ROF +3", "15:10 15:10 15:10 15:10 15:10", 5, "turret", None)
    assert runner.invoke(app, ["export", *source, "-o", str(tmp_path / "ships.csv")]).exit_code == 0
    with open(tmp_path / "ships.csv", newline="") as stream:
        ships = list(csv.DictReader(stream))
    assert [s["ship"] for s in ships] == ["Midu Agashaan", "Vigilant"] and ships[0]["tonnage"] == "3000"
    assert (tmp_path / "ships-batteries.csv").exists()
    document = json.loads(runner.invoke(app, ["export", *source]).stdout)
    assert document["ships"][1]["cost"] == 4014.772 and document["batteries"][0]["kind"] == "beam"


def test_export_needs_an_output_for_xlsx():
    result = runner.invoke(app, ["export", str(FLEET), "--format", "xlsx"])
    assert result.exit_code == 2


@pytest.mark.parametrize("command", [["audit", str(FLEET)], ["export", str(FLEET / "vigilant.txt")]])
def test_an_output_that_cannot_be_written_is_a_located_error(command, tmp_path):
    target = tmp_path / "missing-folder" / "out.xlsx"
    result = runner.invoke(app, [*command, "-o", str(target)])
    assert result.exit_code == 2 and f"{target}:1:1: error: IO009 cannot write the output" in result.stderr
    assert "Traceback" not in result.output


def test_export_reports_unreadable_files(tmp_path):
    (tmp_path / "junk.usd").write_bytes(b"\x00\x01")
    result = runner.invoke(app, ["export", str(tmp_path / "junk.usd"), "-o", str(tmp_path / "x.csv")])
    assert result.exit_code == 2 and "IO003" in result.stderr


def test_export_counts_a_file_not_read_as_no_ship(tmp_path):
    """The unreadable file keeps its Ships row (nothing dropped) but is not counted as a ship: Kuvasz and its 4
    batteries, and the junk file's row said apart."""
    (tmp_path / "junk.usd").write_bytes(b"\x00\x01")
    target = tmp_path / "x.csv"
    result = runner.invoke(
        app, ["export", str(tmp_path / "junk.usd"), str(ROOT / "examples" / "kuvasz.usd"), "-o", str(target)]
    )
    assert result.stderr.endswith(
        f"wrote 1 ship(s) and 4 batteries to {target}, and a row for each of the 1 file(s) not read\n"
    )
    assert [line.split(",")[-1] for line in target.read_text().splitlines()[1:]] == ["unreadable", "check"]
    alone = runner.invoke(app, ["export", str(ROOT / "examples" / "kuvasz.usd"), "-o", str(target)])
    assert alone.stderr.endswith(f"wrote 1 ship(s) and 4 batteries to {target}\n")


def test_the_audit_holds_a_fleet_to_its_own_budget(tmp_path):
    """A fleet file's own [scenario] sets the budget of the audit's fleet line, as it does the budget rule's
    (TCS201): MCr 677,192.014 against 500,000 is 177,192.014 over."""
    for sheet in FLEET.glob("*.txt"):
        (tmp_path / sheet.name).write_bytes(sheet.read_bytes())
    (tmp_path / "fleet.toml").write_text(
        (FLEET / "fleet.toml").read_text(encoding="utf-8") + "\n[scenario]\nbudget_mcr = 500000\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert "budget MCr 500,000, MCr 177,192.014 over: fail" in result.stdout, result.stdout
    assert "the budget is MCr 500,000 (MCr 177,192.014 over)" in " ".join(result.stdout.split())


def test_the_audit_prices_the_fleet_as_the_budget_rule_does(tmp_path):
    """examples/fleet: 100 Vigilants at MCr 4,014.772 (4,054.91972 for the first with the 1% fee, 3,211.8176 for
    each further: 322,024.86212), 100 drop-tank Vigilants at 4,015.782 (4,055.93982 + 99 x 3,212.6256 =
    322,105.87422, and 100 x MCr 1 of tanks), 10 tugs at 4,014.772 (4,054.91972 + 9 x 3,211.8176 = 32,961.27812):
    ships 677,092.01446, tanks 100, fleet 677,192.01446 against a budget of 1,000,000: 322,807.98554 under."""
    target = tmp_path / "report.xlsx"
    result = runner.invoke(app, ["audit", "--scenario", str(FLEET / "scenario.toml"), str(FLEET), "-o", str(target)])
    assert (
        "fleet Example Squadron: 210 ship(s) of 3 design(s), MCr 677,192.014 (ships MCr 677,092.014 by the "
        "quantity rule, drop tanks MCr 100); budget MCr 1,000,000, MCr 322,807.986 under: pass"
    ) in result.stdout
    summary = {row[0]: row[1] for row in load_workbook(target)["Summary"].iter_rows(min_row=2, values_only=True)}
    assert summary["fleet"] == "Example Squadron" and summary["fleet designs"] == 3 and summary["fleet ships"] == 210
    assert summary["ships (quantity rule)"] == pytest.approx(677092.01446)
    assert summary["fleet cost"] == pytest.approx(677192.01446) and summary["margin"] == pytest.approx(322807.98554)
    assert summary["drop tanks"] == 100 and summary["fleet verdict"] == "pass"


def test_every_battery_row_has_the_table_columns():
    """Each system's rows fill the Batteries table's columns, no more and no fewer (a row one short would shift
    a High Guard bearing into the mounting column)."""
    from shipyard.core.pipeline import load_sheet
    from shipyard.report.tables import BATTERY_COLUMNS, battery_rows

    paths = [*ROOT.glob("examples/*.usd"), *FIXTURES.glob("highguard/*.txt"), *FIXTURES.glob("mcs/t4/*.usd")]
    rows = list(battery_rows(load_sheet(path) for path in paths))
    assert len(rows) > 40 and {len(row) for row in rows} == {len(BATTERY_COLUMNS)}
