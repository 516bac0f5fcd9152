"""What the core and the reports know of a priced fleet, whichever system prices it (``System.fleets``): its
name, budget and verdict, the copies of each member, and its line in words. The system's own record (TCS's
``FleetTotal``) has these and more; reports that draw its cost read them from it."""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol


class PricedFleet(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def budget(self) -> Decimal: ...

    @property
    def passes(self) -> bool: ...

    @property
    def counts(self) -> tuple[tuple[str, str, int], ...]:
        """(sheet path, ship name, copies) of each member."""
        ...

    @property
    def words(self) -> str:
        """The fleet's line in the audit: its ships, cost, budget and verdict."""
        ...
