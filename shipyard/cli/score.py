"""``shipyard score FLEET_A DAMAGE_A FLEET_B DAMAGE_B``: the judge after play (TCS Appendix A).

Each fleet is a fleet file or a folder of High Guard sheets; each damage record a TOML file (docs/scoring.md).
Prints every damaged ship's loss lines (the table used and how the number was reached), each fleet's spending,
loss and percentage, and the winner (the lowest percentage)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from shipyard.report.console import Lines, TextOrJson, console, report, usage_error, write_or_exit


def score(
    fleet_a: Path = typer.Argument(..., help="Fleet A: a fleet file or a folder of sheets.", show_default=False),
    damage_a: Path = typer.Argument(..., help="Fleet A's damage record (TOML).", show_default=False),
    fleet_b: Path = typer.Argument(..., help="Fleet B.", show_default=False),
    damage_b: Path = typer.Argument(..., help="Fleet B's damage record.", show_default=False),
    scenario: Path | None = typer.Option(
        None,
        "--scenario",
        help="The scenario file; its [scenario.rulings] fill the holes of the tables.",
        show_default=False,
    ),
    output_format: TextOrJson = typer.Option(
        TextOrJson.text, "--format", "-f", help="text: the loss lines and the winner; json: the scores as data."
    ),
    output: Path | None = typer.Option(
        None,
        "--output",
        "-o",
        help="Also write the scores and loss lines to a workbook (.xlsx) or a printable page with a chart (.html).",
        show_default=False,
    ),
) -> None:
    """Score a finished battle by Appendix A and name the winner.

    Exit 0 when every number could be reached, 1 when a table hole awaits a ruling or a record entry is
    wrong, 2 when an input cannot be read.
    """
    from shipyard import api
    from shipyard.report.scores import score_lines

    err = Lines(stderr=True)
    result, problems = api.score(fleet_a, damage_a, fleet_b, damage_b, scenario)
    if result is None:
        usage_error(err, problems)
    if output_format is TextOrJson.json:
        sys.stdout.write(json.dumps(api.scoring_document(result), indent=2) + "\n")
    else:
        out = console(soft_wrap=True)
        for line, markup in score_lines(result.scores, result.leader, result.tie, result.standing):
            out.print(line, markup=markup)
        report(err, sorted(result.diagnostics, key=lambda d: d.sort_key), show_source=False)
    if output is not None:
        write_or_exit(
            err,
            output,
            lambda: api.write_score_workbook(result, output),
            inputs=[fleet_a, damage_a, fleet_b, damage_b, *filter(None, [scenario])],
        )
        err.write([(f"wrote {output}", None)])
    raise typer.Exit(result.exit_code)
