"""``shipyard audit DIR... [-o report.xlsx]``: the judge's report. A table of every ship on the terminal
with the fleet totals, and a workbook with sheets Summary, Ships, Batteries, Components, Findings, Rules."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from shipyard.report.console import (
    Lines,
    Output,
    TextOrJson,
    console,
    findings_text,
    format_option,
    output_option,
    outside_option,
    progress_bar,
    quiet_option,
    report,
    text_width,
    usage_error,
)

if TYPE_CHECKING:
    from shipyard.api import Audit

#: The width of the table of ships written to a pipe or a file: wide, not squeezed to 80 columns.
PIPED_WIDTH = 220


def audit(
    paths: list[Path] = typer.Argument(..., help="Folders (or files) of sheets.", show_default=False),
    output: Path | None = output_option(
        "Write the report here: a printable page (.html, .htm), the JSON document (.json) or else a workbook "
        "(.xlsx); '-': the --format output on standard output."
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
    output_format: TextOrJson = format_option("text: the table of ships and the verdict; json: the audit as data."),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Audit every sheet under the folders: one row per ship (file, name, count, format, TL, tonnage, cost, key
    ratings, errors, warnings, verdict), the totals and the verdict; with -o, the workbook or the HTML page.

    Exit codes as for check: 0 no error, 1 an error finding, 2 a file could not be read.
    """
    from shipyard import api

    err = Lines(stderr=True)
    said = api.option_prefix_problems(select, ignore)
    if api.has_errors(said):
        usage_error(err, said)
    report(err, said)  # notes on the options (a rule's former name)
    chosen = None
    if scenario is not None:
        chosen, problems = api.load_scenario(scenario)
        if chosen is None:
            usage_error(err, problems)
    inputs = [*paths, *filter(None, (scenario, damage))]
    sink = Output(output, quiet, inputs, api.AUDIT_SUFFIXES)
    kind = api.audit_report_kind(sink.report) if sink.report is not None else None
    with progress_bar(None if quiet else console(stderr=True, soft_wrap=True), "auditing") as progress:
        result = api.audit(
            paths,
            selection=api.Selection(api.prefixes(select), api.prefixes(ignore)),
            scenario=chosen,
            jobs=jobs,
            progress=progress,
            damage=damage,
            report=kind,
        )
    if sink.form(output_format) is TextOrJson.json:
        from shipyard.report.export import audit_document

        fleets = [total.words for total in result.fleets]
        sink.results.json(audit_document(result.summary_rows, result.rows, fleets, result.fleet_findings))
    else:
        _print_text(result, quiet, sink.results)
    if not (result.summary.files or result.summary.fleet_files or result.missing):
        err.write([(api.nothing_found(paths), None)])
    report(err, result.loss_problems, show_source=False)
    if (target := sink.report) is not None:
        sink.file(lambda: api.write_audit_report(result, target))
    raise typer.Exit(result.exit_code)


#: Why the table's cost total and a fleet's cost differ, said under the fleet lines.
COSTS_DIFFER = (
    "(the table's cost total is every ship it lists at its sheet's price times its count; a fleet's cost is its "
    "own ships by the quantity rule, the first of a design with the architect's fee and each further one at 80%, "
    "and its drop tanks)"
)


def _print_text(result: Audit, quiet: bool, sink: Output) -> None:
    """The table of ships, each fleet's line, the fleet findings and (unless ``quiet``) the verdict line."""
    from shipyard.report.terminal import audit_tables, verdict_line

    buffer = StringIO() if sink.to_file else None
    out = console(soft_wrap=False)
    if buffer is not None:
        out = console(soft_wrap=False, width=PIPED_WIDTH, file=buffer, color_system=None)
    elif not out.is_terminal and text_width() is None:  # piped: a wide table, not one squeezed to 80 columns
        out = console(soft_wrap=False, width=PIPED_WIDTH)
    for part in audit_tables(result.rows, out.width):
        out.print(part)
    fleets = "".join(f"{total.words}\n" for total in result.fleets)
    if result.fleets:  # two totals of cost: say why they differ
        fleets += f"{COSTS_DIFFER}\n"
    verdict = "" if quiet else verdict_line(result.summary_rows) + "\n"
    if buffer is not None:
        sink.text(buffer.getvalue() + fleets + findings_text(result.fleet_findings + result.missing) + verdict)
        return
    sink.text(fleets)
    report(Lines(), result.fleet_findings + result.missing, show_source=False)
    sink.text(verdict)
