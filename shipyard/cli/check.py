"""``shipyard check PATH...``: run the rules over sheets and folders of sheets, linter style.

Report on stdout (text, json, sarif or github); progress and the summary on stderr. Colour only on a
terminal, never with NO_COLOR (rich's own rule)."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path

import typer

from shipyard.cli._output import Lines


class CheckFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


class Level(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


def _prefixes(values: list[str] | None) -> tuple[str, ...]:
    return tuple(p.strip().upper() for value in values or () for p in value.split(",") if p.strip())


def _usage_error(err: Lines, problems) -> None:
    from shipyard.report.text import diagnostic_segments
    for problem in problems:
        err.write(diagnostic_segments(problem))
    raise typer.Exit(2)


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
    settings_file: Path | None = typer.Option(None, "--config", help="Settings file (default: the nearest "
                                              "shipyard.toml or pyproject.toml [tool.shipyard]).",
                                              show_default=False),
) -> None:
    """Check every sheet against the rules: path:line:col: severity: CODE message, sorted.

    Exit 0 when no finding is an error, 1 when one is, 2 when a file could not be read or the command
    line or settings are wrong.
    """
    from shipyard.core.checking import Selection
    from shipyard.core.diagnostics import Severity
    from shipyard.core.batch import iter_checked
    from shipyard.cli._output import progress_bar
    from shipyard.core.config import Settings, find_settings_file, load_settings

    err = Lines(stderr=True)
    settings, base = Settings(), Path.cwd()
    found_file = settings_file or find_settings_file(paths[0])
    if found_file is not None:
        loaded, problems = load_settings(found_file)
        if loaded is None:
            _usage_error(err, problems)
        settings, base = loaded, found_file.parent
    selection = Selection(select=_prefixes(select) or _prefixes(settings.select),
                          ignore=_prefixes(ignore) or _prefixes(settings.ignore))
    scenario_path = scenario or (base / settings.scenario if settings.scenario else None)
    chosen = None
    if scenario_path is not None:
        from shipyard.systems.tcs.fleet import load_scenario  # High Guard's fleet machinery, only for a scenario
        chosen, problems = load_scenario(scenario_path)
        if chosen is None:
            _usage_error(err, problems)
    workers = jobs or settings.jobs or os.cpu_count() or 1
    shown_rank = Severity((level.value if level else None) or settings.level or "info").rank

    from shipyard.report.text import diagnostic_segments
    from shipyard.report.findings import Sink
    out = Lines()
    sink = Sink(sys.stdout, output_format.value, statistics)
    counts = {s: 0 for s in Severity}
    files = ships = 0
    unreadable = failed = False
    with progress_bar(err.console, "checking") as progress:
        for sheet in iter_checked(paths, selection, chosen, jobs=workers, exclude=tuple(settings.exclude),
                                  progress=progress, keep_ships=False):
            files += sheet.format != "fleet"
            ships += sheet.ships_read
            unreadable |= not sheet.opened
            for finding in sheet.diagnostics:
                failed |= finding.severity is Severity.ERROR
                if finding.severity.rank <= shown_rank:
                    counts[finding.severity] += 1
                    sink.add(finding, lambda d: out.write(diagnostic_segments(d, show_source=False)))
    sink.close()
    err.write([(f"{files} file(s), {ships} ship(s): {counts[Severity.ERROR]} error(s), "
               f"{counts[Severity.WARNING]} warning(s), {counts[Severity.INFO]} info", None)])
    if unreadable:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
