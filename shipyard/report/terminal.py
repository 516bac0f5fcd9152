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
    """Every ship of the audit, one row each, with the totals of tonnage, cost, errors and warnings."""
    table = Table(title=f"shipyard audit: {len(rows)} ship(s)", header_style="bold", show_footer=True)
    totals = {
        "tonnage": grouped(sum((r[4] for r in rows if r[4] is not None), Decimal(0))),
        "cost": grouped(sum((r[5] for r in rows if r[5] is not None), Decimal(0))),
        "errors": str(sum(r[7] for r in rows)), "warnings": str(sum(r[8] for r in rows)),
    }
    for column in tables.SHIP_COLUMNS:
        numeric = column.number_format is not None
        table.add_column(column.name, justify="right" if numeric else "left",
                         footer=totals.get(column.name, "total" if column.name == "file" else ""))
    for row in rows:
        table.add_row(*[Text(grouped(v)) if isinstance(v, Decimal) else Text("" if v is None else visible(str(v)))
                        for v in row])  # Text: a name from a sheet is never read as markup
    return table


def rules_table() -> Table:
    """Every rule: code, name, most serious level, and what it checks."""
    from shipyard.core.registry import all_rules

    table = Table(show_edge=False, header_style="bold")
    for column in ("code", "name", "level", "checks"):
        table.add_column(column)
    for rule in all_rules().values():
        table.add_row(rule.code, rule.meta.name, rule.meta.severity.value, rule.summary)
    return table
