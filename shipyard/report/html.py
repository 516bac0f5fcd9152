"""The HTML reports: ``audit -o report.html`` and ``score -o scores.html``. One self-contained page each (the
stylesheet inline, the charts inline SVG, no script and nothing fetched), printable on A4 landscape.

Templates are Jinja2 (``templates/``) with autoescaping on, so nothing from a sheet can become markup. The audit's
findings are kept in a temporary file while the audit runs (one JSON line each) and read back file by file when
the page is written, which Jinja2 streams to the output: memory does not grow with the number of findings.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from decimal import Decimal
from importlib import resources
from itertools import groupby
from pathlib import Path
from typing import IO, Any

from shipyard.core.files import write_text_atomic
from shipyard.core.numbers import grouped, money
from shipyard.core.version import version
from shipyard.report import charts, tables
from shipyard.report.tables import Column

#: The designs or ships drawn in the cost chart (the costliest first); the rest are one bar, "others".
COST_BARS = 20
#: The rules drawn in the findings chart (the most frequent first).
RULE_BARS = 15


def _environment() -> Any:
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("shipyard.report", "templates"),
        autoescape=True,
        trim_blocks=False,
        lstrip_blocks=False,
        undefined=jinja2.StrictUndefined,
    )
    environment.tests["number_like"] = lambda value: (
        isinstance(value, (int, float, Decimal)) or (isinstance(value, str) and value[:1].isdigit())
    )
    return environment


def _stylesheet() -> str:
    return resources.files("shipyard.report").joinpath("templates", "report.css").read_text(encoding="utf-8")


def _cell(value: Any, column: Column, units: bool = False) -> str:
    """A cell's text: figures grouped, MCr as ``money`` (with their unit, MCr or t, when ``units``: a table's header
    says it)."""
    if value is None:
        return ""
    if units and isinstance(value, (Decimal, int)) and column.number_format in (tables.MCR, tables.TONS):
        return f"MCr {money(value)}" if column.number_format == tables.MCR else f"{grouped(value)} t"
    if isinstance(value, (Decimal, int)) and column.number_format == tables.MCR:
        return money(value)  # an MCr figure as the audit's text writes it
    if isinstance(value, (Decimal, float)) and column.number_format == tables.SHARE:
        return f"{value * 100:.2f}%"
    if isinstance(value, (Decimal, float)):
        return grouped(value)
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


#: The columns whose text is one code a line must never break: a USP's dashes are part of it.
UNBROKEN_COLUMNS = ("ratings", "USP")


def _kind(column: Column) -> str:
    if column.number_format is not None:
        return "number"
    return "path" if column.name == "file" else ("code" if column.name in UNBROKEN_COLUMNS else "text")


def table(
    table_id: str,
    heading: str,
    columns: tuple[Column, ...],
    rows: Iterable[list],
    mark: str | None = None,
    footer: list[Any] | None = None,
) -> dict[str, Any]:
    shown = [{"name": c.name, "kind": _kind(c)} for c in columns]
    at = [c.name for c in columns].index(mark) if mark else None
    body = (
        {
            "cells": [(_cell(v, c), k) for v, c, k in zip(row, columns, shown, strict=True)],
            "mark": row[at] if at is not None else None,
        }
        for row in rows
    )
    foot = [(_cell(v, c), k) for v, c, k in zip(footer, columns, shown, strict=True)] if footer else None
    return {"id": table_id, "heading": heading, "columns": shown, "rows": body, "footer": foot}


def extra_table(extra: tables.ExtraTable) -> dict[str, Any]:
    """A table a system adds (the Losses of a scored fleet) as the page shows it."""
    return table(extra.sheet.lower(), extra.heading, extra.columns, extra.rows)


def write_page(output: Path, template: str, context: dict[str, Any]) -> None:
    page = _environment().get_template(template)
    write_text_atomic(
        output, lambda stream: page.stream(stylesheet=_stylesheet(), version=version(), **context).dump(stream)
    )


class AuditPage:
    """The audit's HTML page, filled as the files are checked: each file's findings go to a spool (a temporary
    file) and are counted by rule; ``finish`` writes the page."""

    def __init__(self) -> None:
        self.spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed in finish)
        self.codes: Counter[str] = Counter()

    def add(self, table: tables.SheetTables) -> None:
        for row in table.findings:
            self.codes[row[4]] += 1
            self.spool.write(json.dumps(row) + "\n")

    def add_findings(self, found: Iterable[Any]) -> None:
        for row in tables.diagnostic_rows(found):
            self.codes[row[4]] += 1
            self.spool.write(json.dumps(row) + "\n")

    def _groups(self, ship_rows: Iterable[list]) -> Iterator[dict[str, Any]]:
        """The findings file by file, each with its ships' names: the findings and the ships come in the order
        the files were checked, so the two are read side by side, neither held whole."""
        from shipyard.core.source import SourceQuoter

        quoter = SourceQuoter()  # each file read once, when its first finding that quotes a line comes
        ships = groupby(
            (row for row in ship_rows if row[tables.SHIP["ship"]] is not None), key=lambda row: row[tables.SHIP["file"]]
        )
        pending: tuple[str, list[str]] | None = None

        def names(path: str) -> list[str]:
            nonlocal pending
            while pending is None or pending[0] != path:
                step = next(ships, None)
                if step is None:
                    return []
                pending = (step[0], [str(row[tables.SHIP["ship"]]) for row in step[1]])
            return pending[1]

        self.spool.seek(0)
        rows = (json.loads(line) for line in self.spool)
        for path, found in groupby(rows, key=lambda row: row[0]):
            findings = []
            for _, line, col, severity, code, _rule, message in found:
                quoted = quoter.line(path, line) if severity != "info" else None
                source = quoted.replace("\t", " ").rstrip() if quoted is not None else None
                findings.append(
                    {
                        "line": line,
                        "col": max(col, 1),
                        "severity": severity,
                        "code": code,
                        "message": message,
                        "source": source,
                    }
                )
            yield {"path": path, "ships": ", ".join(names(path)), "findings": findings}

    def finish(
        self, output: Path, summary: list[list[Any]], ship_rows: Iterable[list], extras: tables.AuditExtras
    ) -> None:
        """Write the page: the summary, the charts (cost, findings by rule, and those of ``extras``), the
        ships, the tables of ``extras`` (a scored fleet's Losses, as the workbook has them) and the findings by
        file."""
        try:
            item = {name: value for name, value, _ in summary}
            shown = [
                (name, _cell(value, Column(name, unit or ("0" if isinstance(value, int) else None)), units=True))
                for name, value, unit in summary
                if name not in ("verdict", "written by")
            ]
            columns = tuple(tables.SHIP_COLUMNS[tables.SHIP[name]] for name in tables.TERMINAL_SHIP_COLUMNS)
            picked = ([row[tables.SHIP[c.name]] for c in columns] for row in ship_rows)
            totals = tables.ShipTotals(ship_rows)
            footer: list[Any] = [
                "total",
                None,
                totals.copies,
                None,
                None,
                totals.tonnage,
                totals.cost,
                None,
                totals.errors,
                totals.warnings,
                None,
            ]
            context = {
                "title": "shipyard audit",
                "verdict": item["verdict"],
                "subtitle": f"{item['ships (sheets)']} ship(s) in {item['files']} file(s); scenario {item['scenario']}",
                "verdict_words": f"{item['ships passing']} pass, {item['ships with warnings']} check, "
                f"{item['ships failing']} fail; {tables.files_words(item)}",
                "summary": shown,
                "charts": [
                    c for c in (extras.cost_chart or cost_chart(ship_rows, extras.budget), rule_chart(self.codes)) if c
                ]
                + list(extras.charts),
                "tables": [table("ships", "Ships", columns, picked, mark="verdict", footer=footer)]
                + [extra_table(extra) for extra in extras.tables],
                "groups": self._groups(ship_rows),
            }
            write_page(output, "audit.html.j2", context)
        finally:
            self.spool.close()


def cost_chart(ship_rows: Iterable[list], budget: Decimal | None) -> str | None:
    """Cost by ship: each ship times its count against the scenario's budget (if any). The costliest
    COST_BARS - 1 are drawn, the rest summed as one bar (only those are held, whatever the number of ships)."""
    every = (
        (str(r[tables.SHIP["ship"]]), r[tables.SHIP["cost"]] * r[tables.SHIP["count"]])
        for r in ship_rows
        if r[tables.SHIP["ship"]] is not None and r[tables.SHIP["cost"]] is not None
    )
    bars = charts.costliest(every, COST_BARS)
    if not bars:
        return None
    limit = ("budget", budget) if budget else None
    return charts.bar_chart("Cost by ship (times its count), MCr", bars, "MCr", limit)


def rule_chart(codes: Counter[str]) -> str | None:
    """Findings by rule (code), the most frequent first."""
    if not codes:
        return None
    from shipyard.core.registry import rule_for

    def label(code: str) -> str:
        rule = rule_for(code)
        return f"{code} {rule.meta.name}" if rule is not None else code

    bars = [(label(code), count) for code, count in sorted(codes.items(), key=lambda x: (-x[1], x[0]))[:RULE_BARS]]
    return charts.bar_chart("Findings by rule", bars)
