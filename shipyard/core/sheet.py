"""A read file: the ships it holds and the diagnostics reading it gave."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.mcs.model import UsdShip
from shipyard.core.suppress import Suppression

#: A ship of any sheet format, told apart by its ``format`` field.
AnyShip = Annotated[Union[UsdShip, HighGuardShip], Field(discriminator="format")]


class SheetFile(BaseModel):
    """One file of sheets as read: ``shipyard show --format json`` prints a list of these."""

    model_config = ConfigDict(frozen=True)

    path: str
    format: str = "usd"
    ships: list[AnyShip] = Field(default_factory=list)
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    #: Inline suppressions the file carries (shipyard/suppress.py); applied when the sheet is checked.
    suppressions: list[Suppression] = Field(default_factory=list)
    #: How many ships were read, when a batch dropped the ships themselves to keep memory flat.
    ship_count: int | None = None

    @property
    def ships_read(self) -> int:
        return self.ship_count if self.ship_count is not None else len(self.ships)

    @property
    def readable(self) -> bool:
        """False when reading gave an error: the file, or a line of it, could not be read."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def opened(self) -> bool:
        """False when the file itself could not be read (an IO error): ``check`` exits 2 for it. A line
        the grammar cannot read is an error finding (exit 1), as a syntax error is to a linter."""
        return not any(d.severity is Severity.ERROR and d.code.startswith("IO") for d in self.diagnostics)
