"""A read file: the ships it holds and the diagnostics reading it gave."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, field_validator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.records import Ship
from shipyard.core.suppress import Suppression


class SheetFile(BaseModel):
    """One file of sheets as read: ``shipyard show --format json`` prints a list of these, and they validate
    back (each ship as the record of its system, told by its ``format`` field). A file read is made with
    ``fast.trusted`` (its parts are the readers' own), so a ``check``, which writes none, never builds
    its validator (``defer_build``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    path: str
    format: str = "usd"
    ships: list[SerializeAsAny[Ship]] = Field(default_factory=list)
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    #: Inline suppressions the file carries (shipyard/core/suppress.py); applied when the sheet is checked.
    suppressions: list[Suppression] = Field(default_factory=list)
    #: How many ships were read, when a batch dropped the ships themselves to keep memory flat.
    ship_count: int | None = None

    @field_validator("ships", mode="before")
    @classmethod
    def _ship_records(cls, value: Any) -> Any:
        """Ships given as data (JSON) become the records of their systems, told by ``format``."""
        if not isinstance(value, list) or all(isinstance(ship, Ship) for ship in value):
            return value
        from shipyard.core.parts import ship_class
        from shipyard.core.registry import system_of_ship

        ships = []
        for ship in value:
            owner = system_of_ship(ship.get("format", "")) if isinstance(ship, dict) else None
            ships.append(ship_class(owner).from_data(ship) if owner and owner.ship_model else ship)
        return ships

    @property
    def ships_read(self) -> int:
        return self.ship_count if self.ship_count is not None else len(self.ships)

    @property
    def readable(self) -> bool:
        """False when reading gave an error: the file, or a line of it, could not be read."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def read_in_part(self) -> bool:
        """True when the file was read but a line or a block of it was not (a code marked ``partial``): some of
        what it holds is in no ship."""
        from shipyard.core.codes import partial_codes

        partial = partial_codes(self.format)
        return self.opened and any(d.code in partial for d in self.diagnostics)

    @property
    def opened(self) -> bool:
        """False when the file itself could not be read (a code marked ``unopened`` in the catalogue): ``check``
        exits 2 for it. A line the grammar cannot read is an error finding (exit 1), as a syntax error is to a
        linter."""
        from shipyard.core.codes import unopened_codes

        unopened = unopened_codes(self.format)
        return not any(d.severity is Severity.ERROR and d.code in unopened for d in self.diagnostics)
