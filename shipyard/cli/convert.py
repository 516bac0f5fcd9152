"""``shipyard convert FILE --to mcs``: a T4 sheet or an FFS design (TOML or workbook) printed as an MCS USD
sheet, every assumption listed."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer

from shipyard.cli._output import Lines


class Target(str, Enum):
    mcs = "mcs"


class DesignKind(str, Enum):
    military = "military"
    civilian = "civilian"


class EditionChoice(str, Enum):
    ffs1 = "ffs1"
    ffs2 = "ffs2"


class ConvertFormat(str, Enum):
    text = "text"
    json = "json"


def _is_design(file: Path) -> bool:
    """An FFS design: the workbook template, or TOML with a [ship] table (told from the content)."""
    from shipyard.core.pipeline import WORKBOOK_SUFFIXES, sniff
    if file.suffix.lower() in WORKBOOK_SUFFIXES:
        return True
    try:
        return sniff(file.read_text(encoding="utf-8", errors="replace")) == "ffs"
    except OSError:
        return False


def _rof_overrides(values: list[str]) -> dict[str, int]:
    overrides = {}
    for value in values:
        name, sep, rof = value.rpartition("=")
        try:
            overrides[name.strip()] = int(rof)
        except ValueError:
            sep = ""
        if not sep or not name.strip():
            raise typer.BadParameter(f"expected NAME=ROF such as 'Heavy Laser=+2', got {value!r}", param_hint="--rof")
    return overrides


def convert(
    file: Path = typer.Argument(..., help="A T4 USD sheet, or an FFS design (.toml or .xlsx template).",
                                show_default=False),
    to: Target = typer.Option(Target.mcs, "--to", help="The target system (MCS)."),
    design: DesignKind = typer.Option(DesignKind.military, "--design",
                                      help="Default ROF for batteries the sheet does not rate: military +1, civilian +0."),
    rof: list[str] = typer.Option([], "--rof", help="ROF of one battery, NAME=ROF (repeatable)."),
    launchers_per_battery: int = typer.Option(4, "--launchers-per-battery", min=1,
                                              help="Missile launchers grouped into one battery."),
    sandcasters_per_battery: int = typer.Option(10, "--sandcasters-per-battery", min=1,
                                                help="Sandcasters grouped into one battery."),
    edition: EditionChoice | None = typer.Option(
        None, "--edition", help="FFS designs: the scale of their figures, ffs1 (FFS1/TNE, x1.43) or ffs2. "
                                "Overrides the design's own 'edition'; one of the two is required."),
    output_format: ConvertFormat = typer.Option(ConvertFormat.text, "--format", "-f"),
) -> None:
    """Convert each T4 ship of FILE, or the FFS design FILE, to MCS ratings (seeds/003 section 6) and
    print the MCS sheet.

    Assumptions are listed under the sheet ("Notes: Assumed: ...") and as info diagnostics on stderr.
    Exit 2 when the file cannot be read, holds nothing to convert, or gives an error.
    """
    from shipyard.core.diagnostics import Diagnostic, Severity, Span
    from shipyard.core.pipeline import load_design, load_sheet
    from shipyard.systems.mcs.convert.t4 import T4Options, convert_t4
    err = Lines(stderr=True)
    if _is_design(file):
        sheet = load_design(file, str(file), edition.value if edition else None)
        _finish(err, sheet.path, sheet.ships, sheet.diagnostics, output_format)
        return
    options = T4Options(design=design.value, rof_overrides=_rof_overrides(rof),
                        launchers_per_battery=launchers_per_battery, sandcasters_per_battery=sandcasters_per_battery)
    sheet = load_sheet(file)
    diagnostics: list = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    converted = []
    for ship in sheet.ships:
        if ship.edition != "t4":
            diagnostics.append(Diagnostic(
                code="CNV100", severity=Severity.ERROR, span=ship.span("class_name") or Span(path=sheet.path, line=1, col=1),
                message=f"{ship.name} is rated in MCS already: expected a T4 sheet (weapon lines such as "
                        "'1xSpinal Meson (+4) 2/14-11-9-6')"))
            continue
        mcs, found = convert_t4(ship, options, sheet.path)
        converted.append(mcs)
        diagnostics.extend(found)
    _finish(err, sheet.path, converted, diagnostics, output_format)


def _finish(err: Lines, path: str, converted: list, diagnostics: list, output_format: ConvertFormat) -> None:
    from shipyard.core.diagnostics import Severity
    from shipyard.core.sheet import SheetFile
    from shipyard.report.text import diagnostic_segments
    from shipyard.systems.mcs.render import render_usd
    for diagnostic in sorted(diagnostics, key=lambda d: d.sort_key):
        err.write(diagnostic_segments(diagnostic))
    if output_format is ConvertFormat.json:
        result = SheetFile(path=path, format="mcs", ships=converted, diagnostics=diagnostics)
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    else:
        sys.stdout.write("\n".join(render_usd(ship) for ship in converted))
    if not converted or any(d.severity is Severity.ERROR for d in diagnostics):
        raise typer.Exit(2)
