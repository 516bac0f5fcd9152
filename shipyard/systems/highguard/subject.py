"""What the High Guard rules look at: a ship with the design the engine recomputes from it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.design import Design, recompute
from shipyard.systems.highguard.model import HighGuardShip


@dataclass(frozen=True)
class HighGuardSubject:
    ship: HighGuardShip
    design: Design

    def span(self, name: str) -> Span | None:
        return self.ship.spans.get(name)

    def summary(self, key: str) -> tuple[Decimal | None, Span | None]:
        return self.ship.summary.get(key), self.ship.spans.get(f"summary.{key}")


def subject(ship: HighGuardShip, scenario: object | None = None) -> HighGuardSubject:
    """The registry's subject builder: the ship and its recomputed design (no scenario: High Guard has none)."""
    return HighGuardSubject(ship, recompute(ship))
