"""``shipyard audit DIR... [-o report.xlsx]``: the judge's report. A table of every ship on the terminal
with the fleet totals, and a workbook with sheets Summary, Ships, Batteries, Components, Findings, Rules."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.report.console import Lines, console, progress_bar, report, usage_error, write_or_exit


def audit(
    paths: list[Path] = typer.Argument(..., help="Folders (or files) of sheets.", show_default=False),
    output: Path | None = typer.Option(
        None,
        "--output",
        "-o",
        help="Write the report here: a printable page (.html, .htm) or else a workbook (.xlsx).",
        show_default=False,
    ),
    scenario: Path | None = typer.Option(
        None, "--scenario", help="A TCS scenario file: each folder is then checked as a fleet too.", show_default=False
    ),
    select: list[str] = typer.Option(
        None, "--select", metavar="CODES", show_default=False, help="Only these code prefixes."
    ),
    ignore: list[str] = typer.Option(
        None, "--ignore", metavar="CODES", show_default=False, help="Drop these code prefixes."
    ),
    jobs: int = typer.Option(
        None, "--jobs", "-j", min=1, show_default=False, help="Worker processes [default: every core]."
    ),
    damage: Path | None = typer.Option(
        None,
        "--damage",
        help="A damage record (TOML) for the fleet audited "
        "(the first path): its Appendix A loss lines go into the workbook as a "
        "sheet Losses.",
        show_default=False,
    ),
) -> None:
    """Audit every sheet under the folders: one row per ship (file, name, count, format, TL, tonnage, cost, key
    ratings, errors, warnings, verdict), the totals and the verdict; with -o, the workbook or the HTML page.

    Exit codes as for check: 0 no error, 1 an error finding, 2 a file could not be read.
    """
    from shipyard import api
    from shipyard.report.terminal import audit_tables, verdict_line

    err = Lines(stderr=True)
    unknown = api.option_prefix_problems(select, ignore)
    if unknown:
        usage_error(err, unknown)
    chosen = None
    if scenario is not None:
        chosen, problems = api.load_scenario(scenario)
        if chosen is None:
            usage_error(err, problems)
    inputs = [*paths, *filter(None, (scenario, damage))]
    kind = api.audit_report_kind(output) if output is not None else None
    if output is not None:
        unwritable = api.check_writable(output, tuple(inputs))
        if unwritable is not None:
            usage_error(err, [unwritable])  # said before the work, not after it
    with progress_bar(console(stderr=True, soft_wrap=True), "auditing") as progress:
        result = api.audit(
            paths,
            api.Selection(api.prefixes(select), api.prefixes(ignore)),
            chosen,
            jobs,
            progress,
            damage,
            report=kind,
        )
    out = console(soft_wrap=False)
    if not out.is_terminal:
        out = console(soft_wrap=False, width=220)  # piped: a wide table, not one squeezed to 80 columns
    for part in audit_tables(result.rows, out.width):
        out.print(part)
    lines = Lines()
    for total in result.fleets:
        lines.write([(total.words, None)])
    report(lines, result.fleet_findings + result.missing, show_source=False)
    lines.write([(verdict_line(result.summary_rows), None)])
    if not (result.summary.files or result.summary.fleet_files or result.missing):
        err.write([(api.nothing_found(paths), None)])
    report(err, result.loss_problems, show_source=False)
    if output is not None:
        write_or_exit(err, output, lambda: api.write_audit_report(result, output), inputs=inputs)
        err.write([(f"wrote {output}", None)])
    raise typer.Exit(result.exit_code)
