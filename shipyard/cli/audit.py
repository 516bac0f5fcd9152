"""``shipyard audit DIR... [-o report.xlsx]``: the judge's report. A table of every ship on the terminal
with the fleet totals, and a workbook with sheets Summary, Ships, Batteries, Components, Findings, Rules."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

from typing import TYPE_CHECKING

import typer

from shipyard import __version__
from shipyard.cli._output import console

if TYPE_CHECKING:
    from rich.console import Console


def _figure(value) -> str:
    if value is None:
        return ""
    value = Decimal(value)
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value != value.to_integral_value() else f"{value:,.0f}"


def audit(
    paths: list[Path] = typer.Argument(..., help="Folders (or files) of sheets.", show_default=False),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the workbook here (.xlsx).",
                                       show_default=False),
    scenario: Path | None = typer.Option(None, "--scenario", help="A TCS scenario file: each folder is then "
                                         "checked as a fleet too.", show_default=False),
    select: list[str] = typer.Option(None, "--select", show_default=False, help="Only these code prefixes."),
    ignore: list[str] = typer.Option(None, "--ignore", show_default=False, help="Drop these code prefixes."),
    jobs: int = typer.Option(None, "--jobs", "-j", min=1, show_default=False,
                             help="Worker processes [default: every core]."),
    damage: Path | None = typer.Option(None, "--damage", help="A damage record (TOML) for the fleet audited "
                                       "(the first path): its Appendix A loss lines go into the workbook as a "
                                       "sheet Losses.", show_default=False),
) -> None:
    """Audit every sheet under the folders: one row per ship (file, name, format, TL, tonnage, cost, key
    ratings, errors, warnings, verdict) and the totals; with -o, the workbook.

    Exit codes as for check: 0 no error, 1 an error finding, 2 a file could not be read.
    """
    from shipyard.core.checking import Selection
    from shipyard.core.diagnostics import Severity
    from shipyard.core.batch import check_paths
    from shipyard.cli._output import Lines, progress_bar, write_or_exit
    from shipyard.cli.check import _prefixes, _usage_error
    from shipyard.systems.tcs.fleet import load_scenario
    from shipyard.report import tables

    err = console(stderr=True, soft_wrap=True)
    chosen = None
    if scenario is not None:
        chosen, problems = load_scenario(scenario)
        if chosen is None:
            _usage_error(Lines(stderr=True), problems)
    selection = Selection(select=_prefixes(select), ignore=_prefixes(ignore))
    with progress_bar(err, "auditing") as progress:
        sheets, missing = check_paths(paths, selection, chosen, jobs=jobs or os.cpu_count() or 1, progress=progress)
    from rich.table import Table
    rows = list(tables.ship_rows(sheets))
    table = Table(title=f"shipyard audit: {len(rows)} ship(s)", header_style="bold", show_footer=True)
    totals = {
        "tonnage": _figure(sum((r[4] for r in rows if r[4] is not None), Decimal(0))),
        "cost": _figure(sum((r[5] for r in rows if r[5] is not None), Decimal(0))),
        "errors": str(sum(r[7] for r in rows)), "warnings": str(sum(r[8] for r in rows)),
    }
    for column in tables.SHIP_COLUMNS:
        numeric = column.number_format is not None
        table.add_column(column.name, justify="right" if numeric else "left",
                         footer=totals.get(column.name, "total" if column.name == "file" else ""))
    for row in rows:
        table.add_row(*[_figure(v) if isinstance(v, Decimal) else ("" if v is None else str(v)) for v in row])
    out = console(soft_wrap=False)
    if not out.is_terminal:
        out = console(soft_wrap=False, width=220)  # piped: a wide table, not one squeezed to 80 columns
    out.print(table)
    fleet_findings = [d for s in sheets if s.format == "fleet" for d in s.diagnostics]
    for finding in fleet_findings + missing:
        console(soft_wrap=True).print(finding.format())
    losses = None
    if damage is not None:
        losses = _losses(paths[0], damage, chosen, err)
    if output is not None:
        write_or_exit(err, output, lambda: _write_workbook(output, sheets, missing, rows, chosen, losses))
        err.print(f"wrote {output}")
    if missing or any(not s.opened for s in sheets):
        raise typer.Exit(2)
    if any(d.severity is Severity.ERROR for s in sheets for d in s.diagnostics):
        raise typer.Exit(1)


def _losses(fleet_path: Path, damage: Path, scenario, err: Console):
    """The fleet's Appendix A scores for the audit workbook; findings of scoring go to stderr."""
    from shipyard.cli.score import load_fleet, load_record
    from shipyard.systems.tcs.scenario import Scenario
    from shipyard.systems.tcs.scoring import score_fleet
    problems: list = []
    fleet = load_fleet(fleet_path, scenario or Scenario(), problems)
    record, positions = load_record(damage, problems)
    scores = []
    if fleet is not None and record is not None:
        result, found = score_fleet(fleet, record, str(damage), positions)
        scores, problems = [result], problems + found
    for problem in problems:
        err.print(problem.format(), markup=False)
    return scores


def _write_workbook(output: Path, sheets, missing, rows, scenario, losses=None) -> None:
    from shipyard.core.diagnostics import Severity
    from shipyard.report import tables
    from shipyard.report.workbook import BOLD, WorkbookWriter
    from shipyard.report.tables import Column

    findings = [d for s in sheets for d in s.diagnostics] + list(missing)
    summary = [
        ["files", sum(s.format != "fleet" for s in sheets)], ["ships", len(rows)],
        ["errors", sum(d.severity is Severity.ERROR for d in findings)],
        ["warnings", sum(d.severity is Severity.WARNING for d in findings)],
        ["information", sum(d.severity is Severity.INFO for d in findings)],
        ["ships passing", sum(r[9] == "pass" for r in rows)], ["ships failing", sum(r[9] == "fail" for r in rows)],
        ["total tonnage", sum((r[4] for r in rows if r[4] is not None), Decimal(0))],
        ["total cost", sum((r[5] for r in rows if r[5] is not None), Decimal(0))],
        ["scenario", scenario.name if scenario else "(none)"],
        ["budget", scenario.budget_mcr if scenario else None],
        ["written by", f"shipyard {__version__}"],
    ]
    formats = {"total tonnage": tables.TONS, "total cost": tables.MCR, "budget": tables.MCR}
    writer = WorkbookWriter()
    sheet = writer.book.create_sheet("Summary")
    sheet.column_dimensions["A"].width, sheet.column_dimensions["B"].width = 18, 28
    sheet.freeze_panes = "A2"
    head = [writer.cell(sheet, "item", Column("item")), writer.cell(sheet, "value", Column("value"))]
    for cell in head:
        cell.font = BOLD
    sheet.append(head)
    for name, value in summary:
        sheet.append([writer.cell(sheet, name, Column("item")),
                      writer.cell(sheet, value, Column("value", formats.get(name, "#,##0")))])
    sheet.auto_filter.ref = f"A1:B{len(summary) + 1}"
    writer.sheet("Ships", tables.SHIP_COLUMNS, rows)
    writer.sheet("Batteries", tables.BATTERY_COLUMNS, tables.battery_rows(sheets))
    writer.sheet("Components", tables.COMPONENT_COLUMNS, tables.component_rows(sheets))
    writer.sheet("Findings", tables.FINDING_COLUMNS, tables.finding_rows(sheets, missing), severity_column="severity")
    writer.sheet("Rules", tables.RULE_COLUMNS, tables.rule_rows())
    if losses is not None:
        writer.sheet("Losses", tables.LOSS_COLUMNS, tables.loss_rows(losses))
    writer.save(output)
