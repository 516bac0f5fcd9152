"""``shipyard check PATH...``: run the rules over sheets and folders of sheets, linter style.

Report on stdout (text, json, sarif or github); progress and the summary on stderr. Colour only on a
terminal, never with NO_COLOR (rich's own rule)."""

from __future__ import annotations

import sys
from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

import typer

from shipyard.report.console import Lines, progress_bar, usage_error


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
    paths: list[Path] = typer.Argument(
        ...,
        help="Sheet files, or folders searched recursively for sheets; - reads a sheet from standard input.",
        show_default=False,
    ),
    select: list[str] = typer.Option(
        None,
        "--select",
        metavar="CODES",
        help="Only codes starting with these prefixes (comma-separated, repeatable).",
        show_default=False,
    ),
    ignore: list[str] = typer.Option(
        None, "--ignore", metavar="CODES", help="Drop codes starting with these prefixes.", show_default=False
    ),
    output_format: CheckFormat = typer.Option(
        CheckFormat.text, "--format", "-f", help="text, json, sarif (2.1.0) or github (annotations)."
    ),
    level: Level = typer.Option(
        None, "--level", help="Report findings of this severity and above [default: info].", show_default=False
    ),
    scenario: Path | None = typer.Option(
        None,
        "--scenario",
        help="A TCS scenario file (TOML): budget, TL, "
        "minimum jump and maneuver, drop tanks. Each folder given is then "
        "checked as a fleet too.",
        show_default=False,
    ),
    statistics: bool = typer.Option(
        False,
        "--statistics",
        help="Print the number of findings per code instead of the findings (as text, or JSON with --format json).",
    ),
    show_source: bool = typer.Option(
        None,
        "--show-source/--no-show-source",
        help="Quote each error's and warning's line with a caret under the column [default: on a terminal].",
        show_default=False,
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Print the findings and nothing else: no progress bar, no summary line."
    ),
    stdin_filename: str | None = typer.Option(
        None,
        "--stdin-filename",
        help="The name of the sheet read from "
        "standard input (-): in findings, for its format by extension, "
        "for finding the settings and for per-file-ignores.",
        show_default=False,
    ),
    force_exclude: bool = typer.Option(
        False,
        "--force-exclude",
        help="Take files named on the command line as "
        "if found in a folder: the settings' exclude patterns apply, and "
        "settings, scenario and other TOML files that are no sheet are skipped "
        "(for pre-commit, which names every file).",
    ),
    jobs: int = typer.Option(
        None, "--jobs", "-j", min=1, help="Worker processes [default: every core].", show_default=False
    ),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail the run too (exit 1)."),
    exit_zero: bool = typer.Option(
        False,
        "--exit-zero",
        help="Exit 0 whatever the findings (a file that cannot be read, or a wrong command line, still exits 2).",
    ),
    fix: bool = typer.Option(
        False,
        "--fix",
        help="Fix in place the findings that have one right answer (a "
        "misspelled key, a stale suppression), keeping the sheet's layout; then report "
        "what remains.",
    ),
    unsafe_fixes: bool = typer.Option(
        False,
        "--unsafe-fixes",
        help="With --fix or --diff, also the fixes that change a declared figure to the one the charts give (a Size).",
    ),
    show_diff: bool = typer.Option(
        False, "--diff", help="Print the fixes as a unified diff and write nothing (exit 1 when there is one)."
    ),
    settings_file: Path | None = typer.Option(
        None,
        "--config",
        help="Settings file (default: the nearest shipyard.toml or pyproject.toml [tool.shipyard]).",
        show_default=False,
    ),
) -> None:
    """Check every sheet against the rules: path:line:col: severity: CODE message, sorted.

    Exit 0 when no finding is an error, 1 when one is (with --strict, a warning too; never with
    --exit-zero), 2 when a file could not be read or the command line or settings are wrong.
    """
    from shipyard import api
    from shipyard.report.sink import Sink
    from shipyard.report.text import diagnostic_segments

    err = Lines(stderr=True)
    if statistics and output_format not in (CheckFormat.text, CheckFormat.json):
        raise typer.BadParameter("--statistics prints text or json", param_hint="'--format'")
    reads_stdin = any(str(path) == "-" for path in paths)
    files = [path for path in paths if str(path) != "-"]
    if reads_stdin and (fix or show_diff) and files:
        raise typer.BadParameter("with --fix or --diff, standard input is checked alone", param_hint="'-'")
    where = [Path(stdin_filename)] if reads_stdin and stdin_filename and not files else files
    plan, problems = api.plan_check(
        where, select, ignore, level.value if level else None, scenario, jobs, settings_file, force_exclude
    )
    if plan is None:
        usage_error(err, problems)
    if reads_stdin and (fix or show_diff):
        _fix_stdin(plan, stdin_filename, unsafe_fixes, show_diff, quiet, api.CheckTally(plan.level, strict, exit_zero))
    out = Lines()
    quoter = api.source_quoter() if (out.console is not None if show_source is None else show_source) else None
    sink = (
        None
        if show_diff
        else Sink(
            sys.stdout,
            output_format.value,
            statistics,
            text_line=lambda d: out.write(
                diagnostic_segments(quoter.quote(d), show_source=True) if quoter else diagnostic_segments(d, False)
            ),
        )
    )
    tally = api.CheckTally(level=plan.level, strict=strict, exit_zero=exit_zero)
    if reads_stdin and sink is not None:
        piped = api.check_stdin(plan, stdin_filename, quoter=quoter)
        for finding in tally.add(piped) if piped is not None else ():
            sink.add(finding)
    changed = read = 0
    skipped: Counter[str] = Counter()
    with progress_bar(None if quiet else err.console, "checking", out) as progress:
        for sheet in api.check(files, plan, progress=progress, keep_ships=False, skipped=skipped) if files else ():
            read += 1  # a fleet's file too, which the tally does not count as a sheet
            fixed = api.fix_sheet(sheet, unsafe_fixes) if fix or show_diff else None
            if fixed is not None and show_diff:
                sys.stdout.write(fixed.diff())
                changed += len(fixed.fixed)
                continue
            if fixed is not None:
                rechecked, unwritable = api.write_fixes(fixed, plan)
                if rechecked is None:  # not written: its findings stand, and why it was not
                    sheet = sheet.model_copy(update={"diagnostics": [*sheet.diagnostics, unwritable]})
                else:
                    sheet = rechecked
                    tally.fixed += len(fixed.fixed)
            for finding in tally.add(sheet):
                if sink is not None:
                    sink.add(finding)
    if sink is not None:
        sink.close()
    if files and not read and not quiet:
        err.write([(api.nothing_found(files), None)])
    if not quiet:
        err.write(
            [
                (
                    f"{changed} fix(es) would be made"
                    if show_diff
                    else tally.summary(unsafe_fixes) + api.skipped_words(skipped),
                    None,
                )
            ]
        )
    raise typer.Exit((1 if changed else 0) if show_diff else tally.exit_code)


def _fix_stdin(plan: Any, name: str | None, unsafe: bool, show_diff: bool, quiet: bool, tally: Any) -> NoReturn:
    """``check --fix -`` as ruff has it: the fixed sheet on stdout, the findings that remain on stderr; with
    ``--diff``, the diff on stdout (exit 1 when there is one)."""
    from shipyard import api
    from shipyard.report.text import diagnostic_segments

    err = Lines(stderr=True)
    after, fixed, sheet = api.fix_stdin(plan, name, unsafe)
    if show_diff:
        sys.stdout.write(fixed.diff() if fixed is not None else "")
        if not quiet:
            err.write([(f"{len(fixed.fixed) if fixed else 0} fix(es) would be made", None)])
        raise typer.Exit(1 if fixed is not None else 0)
    sys.stdout.flush()
    sys.stdout.buffer.write(after)
    sys.stdout.flush()
    tally.fixed += len(fixed.fixed) if fixed is not None else 0
    for finding in tally.add(sheet):
        err.write(diagnostic_segments(finding, show_source=False))
    if not quiet:
        err.write([(tally.summary(unsafe), None)])
    raise typer.Exit(tally.exit_code)
