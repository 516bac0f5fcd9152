"""``shipyard check PATH...``: run the rules over sheets and folders of sheets, linter style."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path

import typer
from rich.console import Console

from shipyard.checking import Selection
from shipyard.diagnostics import Severity
from shipyard.fleet import load_scenario
from shipyard.pipeline import check_paths
from shipyard.report.diagnostics_text import diagnostic_text


class CheckFormat(str, Enum):
    text = "text"
    json = "json"


class Level(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


def _prefixes(values: list[str]) -> tuple[str, ...]:
    return tuple(p.strip().upper() for value in values for p in value.split(",") if p.strip())


def check(
    paths: list[Path] = typer.Argument(..., help="Sheet files, or folders searched recursively for sheets.",
                                       show_default=False),
    select: list[str] = typer.Option([], "--select", help="Only codes starting with these prefixes (comma-separated)."),
    ignore: list[str] = typer.Option([], "--ignore", help="Drop codes starting with these prefixes (comma-separated)."),
    output_format: CheckFormat = typer.Option(CheckFormat.text, "--format", "-f"),
    level: Level = typer.Option(Level.info, "--level", help="Report findings of this severity and above."),
    scenario: Path | None = typer.Option(None, "--scenario", help="A TCS scenario file (TOML): budget, TL, "
                                         "minimum jump and maneuver, drop tanks. Each folder given is then "
                                         "checked as a fleet too.", show_default=False),
) -> None:
    """Check every sheet against the rules: path:line:col: severity: CODE message, sorted.

    Exit 0 when no finding is an error, 1 when one is, 2 when a file could not be read.
    """
    out = Console(soft_wrap=True, highlight=False)
    err = Console(stderr=True, soft_wrap=True, highlight=False)
    selection = Selection(select=_prefixes(select), ignore=_prefixes(ignore))
    chosen = None
    if scenario is not None:
        chosen, problems = load_scenario(scenario)
        if chosen is None:
            for problem in problems:
                err.print(diagnostic_text(problem))
            raise typer.Exit(2)
    sheets, missing = check_paths(paths, selection, chosen)
    shown_rank = Severity(level.value).rank
    findings = [d for sheet in sheets for d in sheet.diagnostics if d.severity.rank <= shown_rank]
    findings += missing
    findings.sort(key=lambda d: d.sort_key)
    if output_format is CheckFormat.json:
        sys.stdout.write(json.dumps([d.model_dump(mode="json") for d in findings], indent=2) + "\n")
    else:
        for finding in findings:
            out.print(diagnostic_text(finding, show_source=False))
    counts = {s: sum(d.severity is s for d in findings) for s in Severity}
    err.print(f"{sum(s.format != 'fleet' for s in sheets)} file(s), {sum(len(s.ships) for s in sheets)} ship(s): "
              f"{counts[Severity.ERROR]} error(s), "
              f"{counts[Severity.WARNING]} warning(s), {counts[Severity.INFO]} info")
    if missing or any(not sheet.opened for sheet in sheets):
        raise typer.Exit(2)
    if counts[Severity.ERROR]:
        raise typer.Exit(1)
