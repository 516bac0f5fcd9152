"""What the High Guard and TCS rules look at: a ship with its recomputed design and the scenario, or a
fleet. Built by shipyard/checking.py; rules only read them."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.highguard.design import Design


def figure(value: Decimal | int | float) -> str:
    """A figure as a person writes it: 87.5, 1700, 1,336.63 -> '1336.63' (no trailing zeros)."""
    value = Decimal(value)
    return format(value.normalize(), "f")


@dataclass(frozen=True)
class HighGuardSubject:
    ship: HighGuardShip
    design: Design
    scenario: Scenario

    def span(self, name: str) -> Span | None:
        return self.ship.spans.get(name)

    def summary(self, key: str) -> tuple[Decimal | None, Span | None]:
        return self.ship.summary.get(key), self.ship.spans.get(f"summary.{key}")


@dataclass(frozen=True)
class FleetMember:
    ship: HighGuardShip
    design: Design
    count: int
    role: str
    extra_drop_tanks: Decimal
    path: str

    @property
    def value(self) -> Decimal | None:
        """What one of these ships cost: the sheet's cost, else its components and carried craft."""
        if self.ship.cost_mcr is not None:
            return self.ship.cost_mcr
        if self.design.component_cost is not None:
            return self.design.component_cost + self.design.craft_cost
        return None

    @property
    def is_tug(self) -> bool:
        names = " ".join(filter(None, (self.ship.name, self.ship.ship_class, self.ship.ship_type_name,
                                       self.ship.title))).lower()
        return self.role == "tug" or "tug" in names.split()


@dataclass(frozen=True)
class FleetSubject:
    name: str
    path: str
    members: list[FleetMember]
    scenario: Scenario
    span: Span
