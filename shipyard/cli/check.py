"""``shipyard check PATH...``: run the rules over sheets and folders of sheets, linter style.

Report on stdout (text, json, sarif or github); progress and the summary on stderr. Colour only on a
terminal, never with NO_COLOR (rich's own rule)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from shipyard.cli._output import Lines, progress_bar, usage_error


class CheckFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


class Level(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


def check(
    paths: list[Path] = typer.Argument(..., help="Sheet files, or folders searched recursively for sheets.",
                                       show_default=False),
    select: list[str] = typer.Option(None, "--select", help="Only codes starting with these prefixes "
                                     "(comma-separated, repeatable).", show_default=False),
    ignore: list[str] = typer.Option(None, "--ignore", help="Drop codes starting with these prefixes.",
                                     show_default=False),
    output_format: CheckFormat = typer.Option(CheckFormat.text, "--format", "-f",
                                              help="text, json, sarif (2.1.0) or github (annotations)."),
    level: Level = typer.Option(None, "--level", help="Report findings of this severity and above "
                                "[default: info].", show_default=False),
    scenario: Path | None = typer.Option(None, "--scenario", help="A TCS scenario file (TOML): budget, TL, "
                                         "minimum jump and maneuver, drop tanks. Each folder given is then "
                                         "checked as a fleet too.", show_default=False),
    statistics: bool = typer.Option(False, "--statistics", help="Print the number of findings per code "
                                    "instead of the findings."),
    jobs: int = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes [default: every core].",
                             show_default=False),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail the run too (exit 1)."),
    exit_zero: bool = typer.Option(False, "--exit-zero", help="Exit 0 whatever the findings (a file that "
                                   "cannot be read, or a wrong command line, still exits 2)."),
    settings_file: Path | None = typer.Option(None, "--config", help="Settings file (default: the nearest "
                                              "shipyard.toml or pyproject.toml [tool.shipyard]).",
                                              show_default=False),
) -> None:
    """Check every sheet against the rules: path:line:col: severity: CODE message, sorted.

    Exit 0 when no finding is an error, 1 when one is (with --strict, a warning too; never with
    --exit-zero), 2 when a file could not be read or the command line or settings are wrong.
    """
    from shipyard import api
    from shipyard.report.sink import Sink
    from shipyard.report.text import diagnostic_segments

    err = Lines(stderr=True)
    plan, problems = api.plan_check(paths, select, ignore, level.value if level else None, scenario, jobs,
                                    settings_file)
    if plan is None:
        usage_error(err, problems)
    out = Lines()
    sink = Sink(sys.stdout, output_format.value, statistics,
                text_line=lambda d: out.write(diagnostic_segments(d, show_source=False)))
    tally = api.CheckTally(level=plan.level, strict=strict, exit_zero=exit_zero)
    with progress_bar(err.console, "checking") as progress:
        for sheet in api.check(paths, plan, progress=progress, keep_ships=False):
            for finding in tally.add(sheet):
                sink.add(finding)
    sink.close()
    err.write([(tally.summary(), None)])
    raise typer.Exit(tally.exit_code)
