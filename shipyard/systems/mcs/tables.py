"""The MCS system's cells of the audit and export tables (shipyard/report/tables.py has the columns)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from shipyard.systems.mcs.model import UsdShip


def ratings(ship: UsdShip) -> str:
    parts = [
        f"{label} {getattr(ship, field)}"
        for label, field in (
            ("Size", "size"),
            ("Armour", "armour"),
            ("Toughness", "toughness"),
            ("Meson Screen", "meson_screen"),
        )
        if getattr(ship, field) is not None
    ]
    return " ".join(parts) if ship.edition == "mcs" else "T4: " + " ".join(parts)


def ship_cells(ship: UsdShip) -> tuple[str | None, int | None, Decimal | None, Decimal | None, str]:
    """Name, TL, tonnage, cost and ratings of the Ships table."""
    return ship.name, ship.tl, ship.displacement, ship.cost_mcr, ratings(ship)


def rating_cells(ship: UsdShip) -> tuple[int | None, int | None, int | None]:
    """Size, armour and toughness as numbers, for the Ships table's columns that sort and filter."""
    return ship.size, ship.armour, ship.toughness


def battery_rows(path: str, ship: UsdShip) -> Iterable[list]:
    """The Batteries rows of a USD sheet: each weapon line's ratings, its mounting's kind (turret, bay, weapon)
    where its details say it, and no bearing (High Guard's)."""
    for b in ship.weapons:
        mounting = b.mounting
        each = mounting.count if mounting is not None else None
        mounted = [mounting.kind if mounting is not None else None, None]
        if b.kind == "beam":
            cells = " ".join(r.render() if r else "-" for r in b.ranges)
            row = [path, ship.name, b.name, "beam", b.count, each, f"ROF {b.rof:+d}", cells, b.point_defence]
        elif b.kind == "missile":
            salvo = f"salvo {b.salvo_rating:+d}"
            pen = f"{b.pen}:{b.dam} ({b.size_evade:+d} size&evade)"
            row = [path, ship.name, b.name, "missile", b.count, each, salvo, pen, None]
        elif b.kind == "sandcaster":
            row = [path, ship.name, b.name, "sandcaster", b.count, each, f"{b.screen}:{b.armour}", None, None]
        elif b.kind == "damper":
            row = [path, ship.name, b.name, "damper", b.count, each, None, None, b.point_defence]
        else:
            values = "-".join(str(v) for v in b.values)
            row = [path, ship.name, b.name, "T4", b.count, each, f"FC {b.fire_control:+d}", values, None]
        yield [*row, *mounted]


def component_rows(path: str, ship: UsdShip) -> Iterable[list]:
    """A USD sheet lists no components."""
    return ()
