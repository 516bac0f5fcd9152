"""``shipyard check PATH...``: run the rules over sheets and folders of sheets, linter style.

Report on stdout (text, json, sarif or github); progress and the summary on stderr. Colour only on a
terminal, never with NO_COLOR (rich's own rule)."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

import typer

from shipyard.report.console import (
    Lines,
    Output,
    output_option,
    outside_option,
    path_or_stdin,
    progress_bar,
    report,
    usage_error,
)
from shipyard.report.console import reads_stdin as is_stdin

if TYPE_CHECKING:
    from shipyard.api import CheckPlan, CheckTally, Diagnostic, SheetFile
    from shipyard.core.fixes import Fixed
    from shipyard.core.source import SourceQuoter
    from shipyard.report.findings import Writer


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
        parser=path_or_stdin,
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
        CheckFormat.text,
        "--format",
        "-f",
        help="text, json, sarif (2.1.0) or github (annotations).",
        case_sensitive=False,
    ),
    level: Level = typer.Option(
        None,
        "--level",
        help="Report findings of this severity and above [default: info].",
        show_default=False,
        case_sensitive=False,
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
    allow_outside: bool = outside_option(),
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
    output: Path | None = output_option(
        "Write the findings to FILE instead of standard output ('-': standard output)."
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
    if output_format is CheckFormat.text and output is not None and output.suffix.lower() == ".json":
        output_format = CheckFormat.json  # an output named .json takes JSON, as every command's does
    run = _Run(
        output_format, statistics, show_source, quiet, stdin_filename, strict, exit_zero, fix, unsafe_fixes, show_diff
    )
    files, reads_stdin = _inputs(paths, run)
    plan = _plan(files, reads_stdin, run, select, ignore, level, scenario, jobs, settings_file, force_exclude)
    if reads_stdin and run.fixing:
        _fix_stdin(plan, stdin_filename, unsafe_fixes, show_diff, quiet, _tally(plan, run))
    results = Output(output, quiet, files)
    with results.stream() as stream:
        out = Lines(stream=None if stream is sys.stdout else stream)
        quoter = _quoter(out, run)
        sink = _sink(run, out, quoter, stream)
        tally = _tally(plan, run)
        if reads_stdin and sink is not None:
            _check_stdin(plan, run, tally, sink, quoter)
        found = _check_files(files, plan, run, tally, sink, out)
        if sink is not None:
            sink.close()
    _summary(files, found, run, tally)
    raise typer.Exit((1 if found.changed else 0) if show_diff else tally.exit_code)


@dataclass(frozen=True)
class _Run:
    """The options that shape a check once its plan is made (what it writes, and how it ends)."""

    output_format: CheckFormat
    statistics: bool
    show_source: bool | None
    quiet: bool
    stdin_filename: str | None
    strict: bool
    exit_zero: bool
    fix: bool
    unsafe_fixes: bool
    show_diff: bool

    @property
    def fixing(self) -> bool:
        return self.fix or self.show_diff


@dataclass
class _Found:
    """What the files' pass found: sheets read, fixes a --diff would make, files skipped by extension."""

    read: int = 0
    changed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)


def _inputs(paths: list[Path], run: _Run) -> tuple[list[Path], bool]:
    """The files and folders named, and whether standard input (-) is one; usage errors for what cannot go
    together."""
    if run.statistics and run.output_format not in (CheckFormat.text, CheckFormat.json):
        raise typer.BadParameter("--statistics prints text or json", param_hint="'--format'")
    reads_stdin = any(map(is_stdin, paths))
    files = [path for path in paths if not is_stdin(path)]
    if reads_stdin and run.fixing and files:
        raise typer.BadParameter("with --fix or --diff, standard input is checked alone", param_hint="'-'")
    return files, reads_stdin


def _plan(
    files: list[Path],
    reads_stdin: bool,
    run: _Run,
    select: list[str] | None,
    ignore: list[str] | None,
    level: Level | None,
    scenario: Path | None,
    jobs: int | None,
    settings_file: Path | None,
    force_exclude: bool,
) -> CheckPlan:
    """The settings under the command line's options (exit 2 when they cannot be read); the settings are looked
    for from the files named, or from standard input's ``--stdin-filename``."""
    from shipyard import api

    where = [Path(run.stdin_filename)] if reads_stdin and run.stdin_filename and not files else files
    plan, problems = api.plan_check(
        where,
        select=select,
        ignore=ignore,
        level=level.value if level else None,
        scenario=scenario,
        jobs=jobs,
        config=settings_file,
        force_exclude=force_exclude,
    )
    if plan is None:
        usage_error(Lines(stderr=True), problems)
    report(Lines(stderr=True), problems)  # notes on the options (a rule's former name)
    return plan


def _tally(plan: CheckPlan, run: _Run) -> CheckTally:
    from shipyard import api

    return api.CheckTally(level=plan.level, strict=run.strict, exit_zero=run.exit_zero)


def _quoter(out: Lines, run: _Run) -> SourceQuoter | None:
    """What quotes each finding's line under it: on a terminal, or with --show-source."""
    from shipyard import api

    shown = out.console is not None if run.show_source is None else run.show_source
    return api.source_quoter() if shown else None


def _sink(run: _Run, out: Lines, quoter: SourceQuoter | None, stream: IO[str]) -> Writer | None:
    """Where the findings go, in the format asked (None with --diff, which prints the fixes instead)."""
    from shipyard.report.findings import writer
    from shipyard.report.text import diagnostic_segments

    if run.show_diff:
        return None

    def text_line(finding: Diagnostic) -> None:
        out.write(
            diagnostic_segments(quoter.quote(finding), show_source=True)
            if quoter
            else diagnostic_segments(finding, False)
        )

    return writer(run.output_format.value, stream, run.statistics, text_line=text_line)


def _check_stdin(plan: CheckPlan, run: _Run, tally: CheckTally, sink: Writer, quoter: SourceQuoter | None) -> None:
    from shipyard import api

    piped = api.check_stdin(plan, run.stdin_filename, quoter=quoter)
    for finding in tally.add(piped) if piped is not None else ():
        sink.add(finding)


def _check_files(
    files: list[Path], plan: CheckPlan, run: _Run, tally: CheckTally, sink: Writer | None, out: Lines
) -> _Found:
    """Every file checked in turn, its fixes made (or, with --diff, printed), its findings counted and sent on."""
    from shipyard import api

    found = _Found()
    with progress_bar(None if run.quiet else Lines(stderr=True).console, "checking", out) as progress:
        checked = api.check(files, plan, progress=progress, keep_ships=False, skipped=found.skipped) if files else ()
        for sheet in checked:
            found.read += 1  # a fleet's file too, which the tally does not count as a sheet
            fixed = api.fix_sheet(sheet, run.unsafe_fixes) if run.fixing else None
            if fixed is not None and run.show_diff:
                sys.stdout.write(fixed.diff())
                found.changed += len(fixed.fixed)
                continue
            if fixed is not None:
                sheet = _written(sheet, fixed, plan, tally)
            for finding in tally.add(sheet):
                if sink is not None:
                    sink.add(finding)
    return found


def _written(sheet: SheetFile, fixed: Fixed, plan: CheckPlan, tally: CheckTally) -> SheetFile:
    """The sheet with its fixes written and checked again; when it cannot be written, its findings stand, with
    why it was not."""
    from shipyard import api

    rechecked, unwritable = api.write_fixes(fixed, plan)
    if rechecked is None:
        return sheet.model_copy(update={"diagnostics": [*sheet.diagnostics, unwritable]})
    tally.fixed += len(fixed.fixed)
    return rechecked


def _summary(files: list[Path], found: _Found, run: _Run, tally: CheckTally) -> None:
    """The closing line on stderr (not with -q): the counts, or the fixes a --diff would make."""
    from shipyard import api

    if run.quiet:
        return
    err = Lines(stderr=True)
    if files and not found.read:
        err.write([(api.nothing_found(files), None)])
    words = (
        f"{found.changed} fix(es) would be made"
        if run.show_diff
        else tally.summary(run.unsafe_fixes) + api.skipped_words(found.skipped)
    )
    err.write([(words, None)])


def _fix_stdin(
    plan: CheckPlan, name: str | None, unsafe: bool, show_diff: bool, quiet: bool, tally: CheckTally
) -> NoReturn:
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
