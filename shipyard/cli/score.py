"""``shipyard score FLEET_A DAMAGE_A FLEET_B DAMAGE_B``: the judge after play (TCS Appendix A).

Each fleet is a fleet file or a folder of High Guard sheets; each damage record a TOML file (README,
"Scoring a battle"). Prints every damaged ship's loss lines (the table used and how the number was
reached), each fleet's spending, loss and percentage, and the winner (the lowest percentage)."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from enum import Enum
from pathlib import Path

import typer

from shipyard.cli._output import console


class ScoreFormat(str, Enum):
    text = "text"
    json = "json"


def load_fleet(path: Path, scenario, err_diagnostics: list):
    """A fleet file, or a folder: the fleet file inside it if there is one, else one of each High Guard ship."""
    from shipyard.core.batch import find_files
    from shipyard.systems.tcs.fleet import fleet_from_file, fleet_from_folder, is_fleet_file
    from shipyard.core.pipeline import load_sheet
    if path.is_dir():
        found, problems = find_files([path])
        fleet_files = [f.path for f in found if f.path.suffix == ".toml" and is_fleet_file(f.path)]
        if fleet_files:
            return load_fleet(fleet_files[0], scenario, err_diagnostics)
        sheets = [load_sheet(f.path) for f in found]
        err_diagnostics += problems + [d for s in sheets for d in s.diagnostics if d.severity.value == "error"]
        return fleet_from_folder(path, [s for s in sheets if s.format == "highguard"], scenario)
    fleet, _, problems = fleet_from_file(path, scenario, load_sheet)
    err_diagnostics += problems
    return fleet


def load_record(path: Path, diagnostics: list):
    from shipyard.systems.tcs.damage import DamageRecord
    from shipyard.core.source import read_sheet_text
    from shipyard.core.toml_input import load_toml_model
    text, problems = read_sheet_text(path, str(path))
    diagnostics += problems
    if text is None:
        return None, {}
    record, found, positions = load_toml_model(text, str(path), DamageRecord, "DMG001", "DMG002",
                                               "TOML damage record")
    diagnostics += found
    return record, positions


def _plain(value):
    return float(value) if isinstance(value, Decimal) else value


def score(
    fleet_a: Path = typer.Argument(..., help="Fleet A: a fleet file or a folder of sheets.", show_default=False),
    damage_a: Path = typer.Argument(..., help="Fleet A's damage record (TOML).", show_default=False),
    fleet_b: Path = typer.Argument(..., help="Fleet B.", show_default=False),
    damage_b: Path = typer.Argument(..., help="Fleet B's damage record.", show_default=False),
    scenario: Path | None = typer.Option(None, "--scenario", help="The scenario file; its [scenario.rulings] "
                                         "fill the holes of the tables.", show_default=False),
    output_format: ScoreFormat = typer.Option(ScoreFormat.text, "--format", "-f"),
    output: Path | None = typer.Option(None, "--output", "-o", help="Also write the scores and loss lines to "
                                       "a workbook (.xlsx).", show_default=False),
) -> None:
    """Score a finished battle by Appendix A and name the winner.

    Exit 0 when every number could be reached, 1 when a table hole awaits a ruling or a record entry is
    wrong, 2 when an input cannot be read.
    """
    from shipyard.systems.tcs.fleet import load_scenario
    from shipyard.systems.tcs.scenario import Scenario
    from shipyard.systems.tcs.scoring import score_fleet, winner
    from shipyard.systems.tcs.subjects import figure

    err = console(stderr=True, soft_wrap=True)
    diagnostics: list = []
    chosen = Scenario()
    if scenario is not None:
        loaded, problems = load_scenario(scenario)
        if loaded is None:
            for problem in problems:
                err.print(problem.format(), markup=False)
            raise typer.Exit(2)
        chosen = loaded
    scores = []
    unreadable = False
    for fleet_path, record_path in ((fleet_a, damage_a), (fleet_b, damage_b)):
        fleet = load_fleet(fleet_path, chosen, diagnostics)
        record, positions = load_record(record_path, diagnostics)
        if fleet is None or record is None or not fleet.members:
            unreadable = True
            if fleet is not None and not fleet.members:
                from shipyard.core.diagnostics import Diagnostic, Severity, Span
                diagnostics.append(Diagnostic(code="APX002", severity=Severity.ERROR,
                                              span=Span(path=str(fleet_path), line=1, col=1),
                                              message="no High Guard ship in this fleet"))
            continue
        result, found = score_fleet(fleet, record, str(record_path), positions)
        diagnostics += found
        scores.append(result)
    best, tie = winner(scores) if len(scores) == 2 else (None, False)
    if output_format is ScoreFormat.json:
        document = {"fleets": [{"name": s.name, "spent_mcr": _plain(s.spent), "lost_mcr": _plain(s.lost),
                                "percentage": _plain(s.percentage),
                                "ships": [{"ship": l.ship, "sheet": l.sheet, "copy": l.copy, "status": l.status,
                                           "value_mcr": _plain(l.value), "lost_mcr": _plain(l.lost),
                                           "lines": [{"table": x.table, "how": x.how, "mcr": _plain(x.mcr)}
                                                     for x in l.lines]} for l in s.ships]} for s in scores],
                    "winner": best.name if best else None, "tie": tie,
                    "findings": [d.model_dump(mode="json") for d in diagnostics]}
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
    else:
        out = console(soft_wrap=True)
        for s in scores:
            out.print(f"[bold]{s.name}[/bold]: spent MCr {figure(round(s.spent, 3))}")
            for loss in s.ships:
                out.print(f"  {loss.ship} #{loss.copy} ({loss.status}, value MCr {figure(loss.value)}): "
                          f"MCr {figure(round(loss.lost, 3))} lost")
                for line in loss.lines:
                    label = f"table {line.table}" if line.table[0].isdigit() else line.table
                    out.print(f"    {label}: {line.how} -> MCr {figure(round(line.mcr, 3))}", markup=False)
            out.print(f"  lost MCr {figure(round(s.lost, 3))} of MCr {figure(round(s.spent, 3))} = "
                      f"{s.percentage:.2f}%")
        if best is not None:
            out.print(f"[bold]winner: {best.name}[/bold] (the lower percentage lost)")
        elif tie:
            out.print("tie: both fleets lost the same share; the seed names no tie-break (a ruling is needed)")
        for d in sorted(diagnostics, key=lambda d: d.sort_key):
            err.print(d.format(), markup=False)
    if output is not None:
        from shipyard.cli._output import write_or_exit
        write_or_exit(err, output, lambda: _workbook(output, scores))
        err.print(f"wrote {output}")
    if unreadable or any(d.code.startswith(("IO", "DMG", "SCN")) and d.severity.value == "error" for d in diagnostics):
        raise typer.Exit(2)
    if any(d.severity.value == "error" for d in diagnostics):
        raise typer.Exit(1)


def _workbook(output: Path, scores) -> None:
    from shipyard.report import tables
    from shipyard.report.workbook import WorkbookWriter
    writer = WorkbookWriter()
    writer.sheet("Scores", tables.SCORE_COLUMNS, tables.score_rows(scores))
    writer.sheet("Losses", tables.LOSS_COLUMNS, tables.loss_rows(scores))
    writer.save(output)
