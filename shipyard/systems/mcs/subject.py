"""What the MCS rules look at: the USD ship itself, when it is rated in MCS."""

from __future__ import annotations

from shipyard.systems.mcs.model import UsdShip


def subject(ship: UsdShip, scenario: object | None = None) -> UsdShip | None:
    """The registry's subject builder. A T4 sheet's figures are on another scale (convert it first), so the
    MCS rules do not look at it."""
    return ship if ship.edition == "mcs" else None
