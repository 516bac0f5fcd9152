"""Tables for the terminal (rich): the audit's table of ships with the totals, and the rule list."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rich.table import Table
from rich.text import Text

from shipyard.core.numbers import grouped
from shipyard.report import tables
from shipyard.report.text import visible


def audit_table(rows: list[list[Any]]) -> Table:
    """Every ship of the audit, one row each, with the totals: ships counted, tonnage and cost (each ship times
    its count), errors and warnings. A file that holds no ship is a row too, but no ship."""
    ship = tables.SHIP
    ships = [r for r in rows if r[ship["ship"]] is not None]
    unread = len(rows) - len(ships)
    title = f"shipyard audit: {len(ships)} ship(s)" + (f", {unread} file(s) without a ship" if unread else "")
    table = Table(title=title, header_style="bold", show_footer=True)
    totals = {
        "count": str(sum(r[ship["count"]] for r in ships)),
        "tonnage": grouped(tables.ship_total(ships, "tonnage")), "cost": grouped(tables.ship_total(ships, "cost")),
        "errors": str(sum(r[ship["errors"]] for r in rows)), "warnings": str(sum(r[ship["warnings"]] for r in rows)),
    }
    shown = [tables.SHIP_COLUMNS[ship[name]] for name in tables.TERMINAL_SHIP_COLUMNS]
    for column in shown:
        numeric = column.number_format is not None
        table.add_column(column.name, justify="right" if numeric else "left",
                         footer=totals.get(column.name, "total" if column.name == "file" else ""))
    for row in rows:
        cells = [row[ship[column.name]] for column in shown]
        table.add_row(*[Text(grouped(v)) if isinstance(v, Decimal) else Text("" if v is None else visible(str(v)))
                        for v in cells])  # Text: a name from a sheet is never read as markup
    return table


def verdict_line(summary: list[list[Any]]) -> str:
    """The audit's verdict in one line, from its Summary: ``audit: fail (3 ship(s): 2 pass, 0 check, 1 fail;
    1 file(s) not read; 4 error(s), 2 warning(s))``."""
    item = {name: value for name, value, _ in summary}
    return (f"audit: {item['verdict']} ({item['ships (sheets)']} ship(s): {item['ships passing']} pass, "
            f"{item['ships with warnings']} check, {item['ships failing']} fail; {item['files not read']} file(s) "
            f"not read; {item['errors']} error(s), {item['warnings']} warning(s))")


def rules_table() -> Table:
    """Every rule: code, name, most serious level, and what it checks."""
    from shipyard.core.registry import all_rules

    table = Table(show_edge=False, header_style="bold")
    for column in ("code", "name", "level", "checks"):
        table.add_column(column)
    for rule in all_rules().values():
        table.add_row(rule.code, rule.meta.name, rule.meta.severity.value, rule.summary)
    return table
