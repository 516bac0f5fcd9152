"""The High Guard system's cells of the audit and export tables (shipyard/report/tables.py has the columns)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from decimal import Decimal

from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.model import BATTERY_COLUMNS, HighGuardShip, UspProfile


def ship_cells(ship: HighGuardShip) -> tuple[str | None, int | None, Decimal | None, Decimal | None, str]:
    """Name, TL, tonnage, cost and ratings of the Ships table."""
    rated = f"USP {ship.usp.text}" if ship.usp is not None else "(component sheet)"
    return ship.display_name, ship.tl, ship.tonnage, ship.cost_mcr, rated


def rating_cells(ship: HighGuardShip) -> tuple[None, None, None]:
    """High Guard rates no size, armour or toughness of the MCS kind: the USP says what the ship is."""
    return None, None, None


def battery_rows(path: str, ship: HighGuardShip) -> Iterable[list]:
    """The Batteries rows of a High Guard ship, in the table's columns: battery, kind (the weapon), count
    (batteries), weapons each, rating (the factor), no pen:dam and no point defence (MCS's), mounting (turrets,
    a bay, the spinal mount) and bearing (batteries bearing, from the USP's line). A component sheet gives a
    row per weapon component; a USP-only sheet a row per battery column of its USP. Bearing is given where one
    row holds its USP column (the USP counts a column's batteries as one, turrets and bays together)."""
    design = recompute(ship)
    name = ship.display_name
    rows: list[tuple[str, list]] = []  # (USP column, the row without bearing)
    for group in design.turrets:
        factor = group.factor(design.tl) if design.tl is not None else None
        rated = f"factor {factor}" if factor is not None else None
        mounted = f"{group.turrets} turrets"
        row = [path, name, group.component.label, group.weapon, group.batteries, group.weapons_per_battery, rated]
        rows.append((group.column, [*row, None, None, mounted]))
    for bay in design.bays:
        if bay.weapon == "empty":
            continue
        factor = hg.bay_factor(bay.size, bay.weapon, design.tl) if design.tl is not None else None
        rated = f"factor {factor}" if factor is not None else None
        row = [path, name, bay.component.label, bay.weapon, bay.count, 1, rated, None, None, f"{bay.size}-ton bay"]
        rows.append((hg.BAY_COLUMN[bay.weapon], row))
    if design.spinal is not None:
        column, letter = design.spinal
        row = [path, name, "spinal mount", column.replace("_", " "), 1, 1, f"factor {letter}"]
        rows.append((column, [*row, None, None, "spinal mount"]))
    if not rows and ship.usp is not None:
        rows = list(_usp_rows(path, ship, ship.usp))
    held = Counter(column for column, _ in rows)
    for column, row in rows:
        bearing = ship.bearing.get(column) if ship.bearing is not None and held[column] == 1 else None
        yield [*row, bearing]


def _usp_rows(path: str, ship: HighGuardShip, usp: UspProfile) -> Iterator[tuple[str, list]]:
    """A USP-only sheet's batteries: each battery column with a factor or a spinal mount, its count from the
    batteries line (High Guard, the USP)."""
    for column in BATTERY_COLUMNS:
        digit = usp.column_digit(column)
        if not digit:
            continue
        spinal = usp.spinal(column)
        count = 1 if spinal else (ship.batteries.get(column) if ship.batteries is not None else None)
        rated = f"factor {spinal}" if spinal else f"factor {hg.ehex(int(digit))}"
        words = column.replace("_", " ")
        yield (
            column,
            [path, ship.display_name, words, words, count, None, rated, None, None, "spinal mount" if spinal else None],
        )


def component_rows(path: str, ship: HighGuardShip) -> Iterable[list]:
    for c in ship.components:
        yield [path, ship.display_name, c.section, c.count, c.label, c.tons, c.mcr, c.ep]
