"""The stable tables behind ``audit`` and ``export``: one row per ship, one per battery (or turret group,
bay, spinal mount), one per High Guard component, one per finding. Each table is a list of ``Column``
(name, unit format, width) and a row builder; the workbook, CSV and JSON writers share them, so the
layout is documented once (docs/export.md). Each system gives its own cells (its ``tables`` module: the
ship's name, TL, tonnage, cost and ratings, its battery rows and component rows).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.records import Ship
from shipyard.core.registry import load, system_of_ship
from shipyard.core.sheet import SheetFile

#: How a text cell that a spreadsheet would run as a formula begins (OWASP's CSV injection list; a "-" only
#: before something other than a digit, so a rating such as "-1:12" is written as it is).
FORMULA_STARTS = ("=", "+", "@", "\t", "\r")


def formula_like(text: str) -> bool:
    """Whether a spreadsheet would read ``text`` as a formula (``=HYPERLINK(...)``, ``-cmd|...``)."""
    return text.startswith(FORMULA_STARTS) or (text.startswith("-") and not text[1:2].isdigit())


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
                 Column("lost", '#,##0.00" MCr"', 18), Column("percentage", "0.00", 12), Column("standing", width=60))
RULE_COLUMNS = (Column("code", width=8), Column("name", width=26), Column("level", width=8),
                Column("family", width=7), Column("checks", width=100))


def findings_by_ship(sheet: SheetFile) -> list[list[Diagnostic]]:
    """The sheet's findings shared among its ships by line: a finding belongs to the ship above it."""
    starts = [(anchor.line if (anchor := ship.anchor()) is not None else 1) for ship in sheet.ships]
    shares: list[list[Diagnostic]] = [[] for _ in sheet.ships]
    for diagnostic in sheet.diagnostics:
        if not shares:
            break
        owner = max((i for i, start in enumerate(starts) if start <= diagnostic.span.line), default=0)
        shares[owner].append(diagnostic)
    return shares


def verdict(errors: int, warnings: int) -> str:
    return "fail" if errors else ("check" if warnings else "pass")


def _cells(ship: Ship) -> ModuleType | None:
    """The table cells module of a ship's system (``ship_cells``, ``battery_rows``, ``component_rows``)."""
    system = system_of_ship(ship.format)
    return load(system.tables) if system is not None and system.tables else None


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
        for ship, found in zip(sheet.ships, findings_by_ship(sheet), strict=True):
            errors = sum(d.severity is Severity.ERROR for d in found)
            warnings = sum(d.severity is Severity.WARNING for d in found)
            cells = _cells(ship)
            name, tl, tonnage, cost, rated = cells.ship_cells(ship) if cells else (None,) * 5
            yield [sheet.path, name, sheet.format, tl, tonnage, cost, rated, errors, warnings,
                   verdict(errors, warnings)]


def battery_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    for sheet in sheets:
        for ship in sheet.ships:
            if (cells := _cells(ship)) is not None:
                yield from cells.battery_rows(sheet.path, ship)


def component_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    for sheet in sheets:
        for ship in sheet.ships:
            if (cells := _cells(ship)) is not None:
                yield from cells.component_rows(sheet.path, ship)


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
    """Appendix A's loss lines (shipyard/systems/tcs/scoring.py), one row per table used."""
    for score in scores:
        for loss in score.ships:
            for line in loss.lines:
                yield [score.name, loss.ship, loss.copy, loss.status, line.table, line.how, line.mcr]


def score_rows(scores: Iterable[Any], leader: Any = None, standing: Any = None) -> Iterable[list]:
    """Each fleet's spending, loss and percentage; the standing beside the leader: winner, or the provisional
    standing and the rulings it awaits."""
    for score in scores:
        mark = ""
        if score is leader:
            mark = "winner" if standing is None or not standing.provisional else f"leader, {standing.words}"
        yield [score.name, score.spent, score.lost, score.percentage, mark]
