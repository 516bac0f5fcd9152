"""The public functions of shipyard, for use as a library.

    >>> from shipyard.api import load_sheet
    >>> sheet = load_sheet("fixtures/mcs/midu-agashaan.usd")
    >>> sheet.ships[0].displacement
    Decimal('3000')
"""

from shipyard.core.sheet import SheetFile
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.mcs.parse import parse_usd
from shipyard.core.pipeline import load_sheet
from shipyard.systems.mcs.render import render_usd

__all__ = ["SheetFile", "UsdShip", "load_sheet", "parse_usd", "render_usd"]
