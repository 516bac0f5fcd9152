"""``shipyard convert FILE --to mcs``: a T4 sheet or an FFS design (TOML or workbook) printed as an MCS USD
sheet, every assumption listed."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from shipyard.core.names import quoted
from shipyard.report.console import (
    Lines,
    Output,
    TextOrJson,
    format_option,
    inputs,
    output_option,
    path_or_stdin,
    quiet_option,
    report,
)
from shipyard.report.text import visible_lines


class Target(StrEnum):
    mcs = "mcs"


class DesignKind(StrEnum):
    military = "military"
    civilian = "civilian"


class EditionChoice(StrEnum):
    ffs1 = "ffs1"
    ffs2 = "ffs2"


def _rof_overrides(values: list[str]) -> dict[str, int]:
    overrides = {}
    for value in values:
        name, sep, rof = value.rpartition("=")
        try:
            overrides[name.strip()] = int(rof)
        except ValueError:
            sep = ""
        if not sep or not name.strip():
            raise typer.BadParameter(
                f"expected NAME=ROF such as 'Heavy Laser=+2', got {quoted(value)}", param_hint="--rof"
            )
    return overrides


def convert(
    file: Path = typer.Argument(
        ...,
        help="A T4 USD sheet, or an FFS design (.toml or .xlsx template); '-': standard input.",
        parser=path_or_stdin,
        show_default=False,
    ),
    to: Target = typer.Option(Target.mcs, "--to", help="The target system (MCS).", case_sensitive=False),
    design: DesignKind = typer.Option(
        DesignKind.military,
        "--design",
        help="Default ROF for batteries the sheet does not rate: military +1, civilian +0.",
        case_sensitive=False,
    ),
    rof: list[str] = typer.Option([], "--rof", metavar="NAME=ROF", help="ROF of one battery, NAME=ROF (repeatable)."),
    launchers_per_battery: int = typer.Option(
        4, "--launchers-per-battery", min=1, help="Missile launchers grouped into one battery."
    ),
    sandcasters_per_battery: int = typer.Option(
        10, "--sandcasters-per-battery", min=1, help="Sandcasters grouped into one battery."
    ),
    edition: EditionChoice | None = typer.Option(
        None,
        "--edition",
        help="FFS designs: the scale of their figures, ffs1 (FFS1/TNE, x1.43) or ffs2. "
        "Overrides the design's own 'edition'; one of the two is required.",
        case_sensitive=False,
    ),
    output_format: TextOrJson = format_option("text: the MCS sheet; json: the converted sheet file as data."),
    output: Path = output_option("Write the MCS sheet (or the JSON) to FILE instead of printing it ('-': stdout)."),
    quiet: bool = quiet_option(),
) -> None:
    """Convert each T4 ship of FILE, or the FFS design FILE, to MCS ratings (MCS section 6) and print the MCS
    sheet.

    Assumptions are listed under the sheet ("Notes: Assumed: ...") and as info diagnostics on stderr.
    Exit 2 when the file cannot be read, holds nothing to convert, or gives an error.
    """
    from shipyard import api

    options = api.mcs_options(
        design=design.value,
        rof_overrides=_rof_overrides(rof),
        launchers_per_battery=launchers_per_battery,
        sandcasters_per_battery=sandcasters_per_battery,
        edition=edition.value if edition else None,
    )
    sink = Output(output, quiet, (file,))
    with inputs([file]) as (path,):
        result = api.convert(path, to.value, options)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        if sink.form(output_format) is TextOrJson.json:
            sink.text(result.model_dump_json(indent=2) + "\n", document=True)
        elif result.ships or not sink.to_file:
            sink.text(visible_lines("\n".join(api.render(ship) for ship in result.ships)), document=True)  # a sheet
    if not result.ships or api.has_errors(result.diagnostics):
        raise typer.Exit(2)
