"""What the TCS rules look at: a High Guard ship with its recomputed design and the tournament's scenario, or a
fleet. TCS builds on High Guard: its ship subject is made from High Guard's."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.design import Design
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.highguard.subject import HighGuardSubject
from shipyard.systems.tcs.scenario import FleetDoctrine, Scenario, default_scenario


@dataclass(frozen=True)
class TcsSubject(HighGuardSubject):
    scenario: Scenario


def subject(base: HighGuardSubject, scenario: object | None = None) -> TcsSubject:
    """The registry's subject builder: the High Guard subject with the scenario (the default one when None)."""
    chosen = scenario if isinstance(scenario, Scenario) else default_scenario()
    return TcsSubject(base.ship, base.design, chosen)


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
        names = " ".join(
            filter(None, (self.ship.name, self.ship.ship_class, self.ship.ship_type_name, self.ship.title))
        ).lower()
        return self.role == "tug" or "tug" in names.split()


@dataclass(frozen=True)
class FleetSubject:
    name: str
    path: str
    members: list[FleetMember]
    scenario: Scenario
    span: Span
    #: A fleet file's ``[doctrine]`` (how it fights in ``tcs battle``), None when it gives none.
    doctrine: FleetDoctrine | None = None
