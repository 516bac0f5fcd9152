"""The public functions of shipyard, for use as a library.

    >>> from shipyard.api import load_sheet
    >>> sheet = load_sheet("fixtures/mcs/midu-agashaan.usd")
    >>> sheet.ships[0].displacement
    Decimal('3000')
"""

from shipyard.model.sheet import SheetFile
from shipyard.model.usd import UsdShip
from shipyard.parse.usd import parse_usd
from shipyard.pipeline import load_sheet
from shipyard.report.usd_sheet import render_usd

__all__ = ["SheetFile", "UsdShip", "load_sheet", "parse_usd", "render_usd"]
