"""The High Guard system's cells of the audit and export tables (shipyard/report/tables.py has the columns)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.model import HighGuardShip


def ship_cells(ship: HighGuardShip) -> tuple[str | None, int | None, Decimal | None, Decimal | None, str]:
    """Name, TL, tonnage, cost and ratings of the Ships table."""
    rated = f"USP {ship.usp.text}" if ship.usp is not None else "(component sheet)"
    return ship.display_name, ship.tl, ship.tonnage, ship.cost_mcr, rated


def rating_cells(ship: HighGuardShip) -> tuple[None, None, None]:
    """High Guard rates no size, armour or toughness of the MCS kind: the USP says what the ship is."""
    return None, None, None


def battery_rows(path: str, ship: HighGuardShip) -> Iterable[list]:
    design = recompute(ship)
    name = ship.display_name
    for group in design.turrets:
        factor = group.factor(design.tl) if design.tl is not None else None
        yield [
            path,
            name,
            group.component.label,
            group.weapon,
            group.batteries,
            group.weapons_per_battery,
            f"factor {factor}" if factor is not None else None,
            f"{group.turrets} turrets",
            None,
        ]
    for bay in design.bays:
        yield [path, name, bay.component.label, f"{bay.size}-ton bay", bay.count, 1, None, bay.weapon, None]
    if design.spinal is not None:
        yield [
            path,
            name,
            "spinal mount",
            design.spinal[0].replace("_", " "),
            1,
            1,
            f"factor {design.spinal[1]}",
            None,
            None,
        ]


def component_rows(path: str, ship: HighGuardShip) -> Iterable[list]:
    for c in ship.components:
        yield [path, ship.display_name, c.section, c.count, c.label, c.tons, c.mcr, c.ep]
