"""The judge's commands of the Trillion Credit Squadron.

``shipyard score FLEET_A DAMAGE_A FLEET_B DAMAGE_B``: the judge after play (TCS Appendix A). Each fleet is a
fleet file or a folder of High Guard sheets; each damage record a TOML file (docs/scoring.md). Prints every
damaged ship's loss lines (the table used and how the number was reached), each fleet's spending,
loss and percentage, and the winner (the lowest percentage).

``shipyard formation [LOG.toml]``: the battle formation rules; with a turn log, check every move and fire
declaration in it (FRM001-FRM005 at the entry's line), and with its set-up the automatic victory and
breakthrough (FRM006, FRM007, information)."""

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
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.report import score_lines

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


def formation(log: Path | None = typer.Argument(None, help="A turn log (TOML) to check.", show_default=False)) -> None:
    """Print the fire matrix and the moves, or check a turn log against them. Exit 1 on an illegal entry, 2
    when the log cannot be read."""
    from shipyard.core.codes import exit_status
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.topics import TOPICS

    if log is None:
        for topic in ("FORMATION-MOVES", "FORMATION-FIRE", "FORMATION-AGILITY"):
            print(f"{TOPICS[topic]}\n")
        return
    turns, findings, problems = api.check_formation_log(log)
    report(Lines(stderr=True), problems, show_source=False)
    report(Lines(), findings, show_source=False)
    if turns is None:
        raise typer.Exit(exit_status(findings + problems, unreadable=True))
    illegal = sum(f.severity.value == "error" for f in findings)
    events = len(findings) - illegal  # victory and breakthrough: what the log shows, not faults in it
    Lines(stderr=True).write(
        [
            (
                f"{turns} turn(s): {illegal} illegal entr{'y' if illegal == 1 else 'ies'}"
                + (f", {events} event(s)" if events else ""),
                None,
            )
        ]
    )
    raise typer.Exit(exit_status(findings + problems))
