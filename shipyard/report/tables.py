"""The stable tables behind ``audit`` and ``export``: one row per ship, one per battery (or turret group,
bay, spinal mount), one per High Guard component, one per finding. Each table is a list of ``Column``
(name, unit format, width) and a row builder; the workbook, CSV and JSON writers share them, so the
layout is documented once (README, "Export columns").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.core.sheet import SheetFile
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.highguard.design import recompute


@dataclass(frozen=True)
class Column:
    name: str
    number_format: str | None = None  # numbers carry their unit in the format
    width: int = 12


TONS = '#,##0.###" t"'
MCR = '#,##0.00" MCr"'
WHOLE = "0"

SHIP_COLUMNS = (
    Column("file", width=40), Column("ship", width=28), Column("format", width=10), Column("TL", WHOLE, 5),
    Column("tonnage", TONS, 14), Column("cost", MCR, 16), Column("ratings", width=34), Column("errors", WHOLE, 8),
    Column("warnings", WHOLE, 9), Column("verdict", width=11),
)
BATTERY_COLUMNS = (
    Column("file", width=40), Column("ship", width=28), Column("battery", width=30), Column("kind", width=12),
    Column("count", WHOLE, 7), Column("weapons each", WHOLE, 13), Column("rating", width=16),
    Column("pen:dam VS S M L X", width=34), Column("point defence", WHOLE, 13),
)
COMPONENT_COLUMNS = (
    Column("file", width=40), Column("ship", width=28), Column("section", width=14), Column("count", "0.#", 7),
    Column("component", width=36), Column("tons", TONS, 14), Column("cost", MCR, 14), Column("EP", "0.###", 10),
)
FINDING_COLUMNS = (
    Column("file", width=40), Column("line", WHOLE, 6), Column("col", WHOLE, 5), Column("severity", width=9),
    Column("code", width=8), Column("rule", width=24), Column("message", width=100),
)
LOSS_COLUMNS = (Column("fleet", width=24), Column("ship", width=28), Column("copy", WHOLE, 6),
                Column("status", width=10), Column("table", width=22), Column("how", width=70),
                Column("lost", '#,##0.00" MCr"', 16))
SCORE_COLUMNS = (Column("fleet", width=28), Column("spent", '#,##0.00" MCr"', 18),
                 Column("lost", '#,##0.00" MCr"', 18), Column("percentage", "0.00", 12))
RULE_COLUMNS = (Column("code", width=8), Column("name", width=26), Column("level", width=8),
                Column("family", width=7), Column("checks", width=100))


def _ship_start(ship) -> int:
    span = ship.span("usp") or ship.span("title") or ship.span("class_name") or ship.span()
    return span.line if span is not None else 1


def findings_by_ship(sheet: SheetFile) -> list[list[Diagnostic]]:
    """The sheet's findings shared among its ships by line: a finding belongs to the ship above it."""
    starts = [_ship_start(ship) for ship in sheet.ships]
    shares: list[list[Diagnostic]] = [[] for _ in sheet.ships]
    for diagnostic in sheet.diagnostics:
        if not shares:
            break
        owner = max((i for i, start in enumerate(starts) if start <= diagnostic.span.line), default=0)
        shares[owner].append(diagnostic)
    return shares


def ratings(ship) -> str:
    if isinstance(ship, HighGuardShip):
        return f"USP {ship.usp.text}" if ship.usp is not None else "(component sheet)"
    parts = [f"{label} {getattr(ship, field)}" for label, field in
             (("Size", "size"), ("Armour", "armour"), ("Toughness", "toughness"), ("Meson Screen", "meson_screen"))
             if getattr(ship, field) is not None]
    return " ".join(parts) if ship.edition == "mcs" else "T4: " + " ".join(parts)


def _tonnage(ship) -> Decimal | None:
    return ship.tonnage if isinstance(ship, HighGuardShip) else ship.displacement


def verdict(errors: int, warnings: int) -> str:
    return "fail" if errors else ("check" if warnings else "pass")


def ship_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    for sheet in sheets:
        if sheet.format == "fleet":
            continue
        if not sheet.ships:
            errors = sum(d.severity is Severity.ERROR for d in sheet.diagnostics)
            warnings = sum(d.severity is Severity.WARNING for d in sheet.diagnostics)
            yield [sheet.path, None, sheet.format, None, None, None, None, errors, warnings,
                   "unreadable" if not sheet.opened else verdict(errors, warnings)]
            continue
        for ship, found in zip(sheet.ships, findings_by_ship(sheet)):
            errors = sum(d.severity is Severity.ERROR for d in found)
            warnings = sum(d.severity is Severity.WARNING for d in found)
            name = ship.display_name if isinstance(ship, HighGuardShip) else ship.name
            yield [sheet.path, name, sheet.format, ship.tl, _tonnage(ship), ship.cost_mcr, ratings(ship), errors,
                   warnings, verdict(errors, warnings)]


def _usd_batteries(path: str, ship: UsdShip) -> Iterable[list]:
    for b in ship.weapons:
        mounting = b.mounting
        each = mounting.count if mounting is not None else None
        if b.kind == "beam":
            cells = " ".join(r.render() if r else "-" for r in b.ranges)
            yield [path, ship.name, b.name, "beam", b.count, each, f"ROF {b.rof:+d}", cells, b.point_defence]
        elif b.kind == "missile":
            yield [path, ship.name, b.name, "missile", b.count, each, f"salvo {b.salvo_rating:+d}",
                   f"{b.pen}:{b.dam} ({b.size_evade:+d} size&evade)", None]
        elif b.kind == "sandcaster":
            yield [path, ship.name, b.name, "sandcaster", b.count, each, f"{b.screen}:{b.armour}", None, None]
        elif b.kind == "damper":
            yield [path, ship.name, b.name, "damper", b.count, each, None, None, b.point_defence]
        else:
            yield [path, ship.name, b.name, "T4", b.count, each, f"FC {b.fire_control:+d}",
                   "-".join(str(v) for v in b.values), None]


def _highguard_batteries(path: str, ship: HighGuardShip) -> Iterable[list]:
    design = recompute(ship)
    name = ship.display_name
    for group in design.turrets:
        factor = group.factor(design.tl) if design.tl is not None else None
        yield [path, name, group.component.label, group.weapon, group.batteries, group.weapons_per_battery,
               f"factor {factor}" if factor is not None else None, f"{group.turrets} turrets", None]
    for bay in design.bays:
        yield [path, name, bay.component.label, f"{bay.size}-ton bay", bay.count, 1, None, bay.weapon, None]
    if design.spinal is not None:
        yield [path, name, "spinal mount", design.spinal[0].replace("_", " "), 1, 1, f"factor {design.spinal[1]}",
               None, None]


def battery_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    for sheet in sheets:
        for ship in sheet.ships:
            if isinstance(ship, HighGuardShip):
                yield from _highguard_batteries(sheet.path, ship)
            else:
                yield from _usd_batteries(sheet.path, ship)


def component_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    for sheet in sheets:
        for ship in sheet.ships:
            if isinstance(ship, HighGuardShip):
                for c in ship.components:
                    yield [sheet.path, ship.display_name, c.section, c.count, c.label, c.tons, c.mcr, c.ep]


def finding_rows(sheets: Iterable[SheetFile], extra: Iterable[Diagnostic] = ()) -> Iterable[list]:
    from shipyard.core.registry import rule_for
    for d in [d for sheet in sheets for d in sheet.diagnostics] + list(extra):
        rule = rule_for(d.code)
        yield [d.span.path, d.span.line, d.span.col, d.severity.value, d.code,
               rule.meta.name if rule else None, d.message]


def rule_rows() -> Iterable[list]:
    from shipyard.core.registry import all_rules
    for rule in all_rules().values():
        yield [rule.code, rule.meta.name, rule.meta.severity.value, rule.meta.family, rule.summary]


def loss_rows(scores) -> Iterable[list]:
    """Appendix A's loss lines (shipyard/rating/appendix_a.py), one row per table used."""
    for score in scores:
        for loss in score.ships:
            for line in loss.lines:
                yield [score.name, loss.ship, loss.copy, loss.status, line.table, line.how, line.mcr]


def score_rows(scores) -> Iterable[list]:
    for score in scores:
        yield [score.name, score.spent, score.lost, score.percentage]
