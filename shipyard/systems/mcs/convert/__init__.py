"""Converting to MCS ratings (seed 003 section 6): T4 USD sheets (``t4``) and FFS designs (``ffs``). This is
what ``shipyard convert --to mcs`` calls; every assumption a converter makes is said, as a CNV diagnostic and as
a note under the converted sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.records import Ship
from shipyard.core.registry import format_named
from shipyard.core.sheet import SheetFile
from shipyard.core.sniff import binary_format, sniff
from shipyard.core.source import read_limited_text
from shipyard.systems.mcs.convert.t4 import T4Options, unused_rofs
from shipyard.systems.mcs.ffs.model import Edition
from shipyard.systems.mcs.model import UsdShip


@dataclass(frozen=True)
class ConvertOptions:
    """The choices of a conversion: the T4 converter's, and the FFS edition (which overrides the design's)."""

    t4: T4Options = field(default_factory=T4Options)
    edition: Edition | None = None


def _is_design(path: Path) -> bool:
    """An FFS design: the workbook template, or TOML with a [ship] table (told from the content)."""
    if binary_format(path) is not None:
        return True
    text = read_limited_text(path)
    return text is not None and sniff(text) == "ffs"


def convert_sheet(path: Path, options: ConvertOptions = ConvertOptions()) -> SheetFile:
    """The ships of a file converted to MCS (format "mcs"), with every diagnostic of reading (less the
    information lines of a T4 sheet) and converting. Only T4 sheets and FFS designs convert."""
    from shipyard.core.pipeline import load_sheet
    from shipyard.systems.mcs.convert.t4 import convert_t4
    from shipyard.systems.mcs.ffs.read import rate_design

    if _is_design(path):
        rated: list[Ship] = []
        ships, found = rate_design(path, str(path), options.edition)
        rated.extend(ships)
        if options.t4.rof_overrides:
            found.append(
                Diagnostic(
                    code="CNV205",
                    severity=Severity.WARNING,
                    span=Span(path=str(path), line=1, col=1),
                    message="--rof is not used: an FFS design's ROF comes from its pulses (MCS "
                    "section 6), and --rof rates T4 batteries",
                )
            )
        return SheetFile(path=str(path), format="mcs", ships=rated, diagnostics=sorted(found, key=lambda d: d.sort_key))
    sheet = load_sheet(path)
    diagnostics: list[Diagnostic] = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    converted: list[Ship] = []
    told = format_named(sheet.format)
    if not sheet.ships and told is not None and told[1].role == "log":  # a game's record: no ship in it
        diagnostics.append(
            Diagnostic(
                code="CNV001",
                severity=Severity.ERROR,
                span=Span(path=sheet.path, line=1, col=1),
                message=f"{told[1].description} holds no ship and does not convert to MCS (only T4 USD sheets and "
                "FFS designs do)",
            )
        )
    for ship in sheet.ships:
        top = ship.anchor() or Span(path=sheet.path, line=1, col=1)
        if not isinstance(ship, UsdShip):
            what = told[1].description if told else f"a {sheet.format} sheet"
            diagnostics.append(
                Diagnostic(
                    code="CNV001",
                    severity=Severity.ERROR,
                    span=top,
                    message=f"{ship.display_name}: {what} does not convert to MCS (only T4 USD sheets and FFS designs "
                    "do)",
                )
            )
            continue
        if ship.edition != "t4":
            diagnostics.append(
                Diagnostic(
                    code="CNV100",
                    severity=Severity.ERROR,
                    span=ship.span("class_name") or Span(path=sheet.path, line=1, col=1),
                    message=f"{ship.name} is rated in MCS already: expected a T4 sheet (weapon lines such as "
                    "'1xSpinal Meson (+4) 2/14-11-9-6')",
                )
            )
            continue
        mcs, found = convert_t4(ship, options.t4, sheet.path)
        converted.append(mcs)
        diagnostics.extend(found)
    t4_ships = [ship for ship in sheet.ships if isinstance(ship, UsdShip) and ship.edition == "t4"]
    if t4_ships:
        top = t4_ships[0].anchor() or Span(path=sheet.path, line=1, col=1)
        names = [weapon.name for ship in t4_ships for weapon in ship.weapons]
        diagnostics += [
            Diagnostic(code="CNV114", severity=Severity.ERROR, span=top, message=why)
            for why in unused_rofs(options.t4.rof_overrides, names)
        ]
    return SheetFile(path=sheet.path, format="mcs", ships=converted, diagnostics=diagnostics)
