"""Tables for the terminal (rich): the audit's table of ships with the totals, and the rule list."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from shipyard.core.layout import Hanging
from shipyard.core.numbers import grouped, money
from shipyard.report import tables
from shipyard.report.text import visible

#: Ships a table drawn at a time: the terminal table of a large audit is printed in parts of this many rows, at
#: column widths fixed from every row, so it reads as one table and never sits whole in memory as drawn text.
TABLE_CHUNK = 500
#: The narrowest a text column is folded to before the table gives way to one ship a paragraph.
FOLDED_MIN = 8
#: The columns folded (broken across lines, every character kept) when the table is wider than the terminal;
#: figures, paths and the verdict are never folded or cut.
FOLDABLE = ("ship", "ratings", "format")


def _text(value: Any, column: str = "") -> str:
    """A cell as the table shows it: a cost as ``money``, any other figure grouped, text made visible."""
    if isinstance(value, Decimal):
        return money(value) if column == "cost" else grouped(value)
    return "" if value is None else visible(str(value))


def audit_tables(rows: Iterable[list[Any]], width: int) -> Iterator[Any]:
    """The audit's table of ships for a terminal ``width`` columns wide, as renderables to print one after the
    other: the table in parts of TABLE_CHUNK rows at one set of column widths, its totals under the last; when
    it is wider than the terminal its name, format and ratings columns fold (no figure or path is cut); when even
    that does not fit, one ship a paragraph. ``rows`` is read three times (totals, widths, the parts: a list or
    the audit's spool), and only one part's cells exist at a time."""
    ship = tables.SHIP
    counted = tables.ShipTotals(rows)
    unread = counted.rows - counted.ships
    title = f"shipyard audit: {counted.ships} ship(s)" + (f", {unread} file(s) without a ship" if unread else "")
    totals = {
        "file": "total",
        "count": str(counted.copies),
        "tonnage": grouped(counted.tonnage),
        "cost": money(counted.cost),
        "errors": str(counted.errors),
        "warnings": str(counted.warnings),
    }
    shown = [tables.SHIP_COLUMNS[ship[name]] for name in tables.TERMINAL_SHIP_COLUMNS]
    widths = {c.name: max(len(c.name), len(totals.get(c.name, ""))) for c in shown}
    for row in rows:
        for c in shown:
            widths[c.name] = max(widths[c.name], len(_text(row[ship[c.name]], c.name)))
    gaps = 2 * (len(shown) - 1) + 1  # a space of padding after each column, and the column rule
    over = sum(widths.values()) + gaps - width
    while over > 0:  # the widest text column gives way, a character at a time, down to FOLDED_MIN
        widest = max(FOLDABLE, key=lambda n: widths[n])
        if widths[widest] <= FOLDED_MIN:
            break
        widths[widest] -= 1
        over -= 1
    if over > 0:
        yield Text(title, style="bold")
        yield from _stacked(rows, shown)
        yield Hanging(_stacked_totals(totals), sep=" · ", indent=4)
        return

    def part(chunk: list[list[Any]], first: bool, last: bool) -> Table:
        table = Table(
            title=title if first else None,
            header_style="bold",
            box=box.SIMPLE,
            show_edge=False,
            padding=(0, 1, 0, 0),
            pad_edge=False,
            show_header=first,
            show_footer=last,
            footer_style="bold",
            title_justify="left",
        )
        for column in shown:
            numeric = column.number_format is not None
            table.add_column(
                column.name,
                justify="right" if numeric else "left",
                width=widths[column.name],
                no_wrap=column.name not in FOLDABLE,
                overflow="fold",
                footer=totals.get(column.name, ""),
            )
        for row in chunk:
            table.add_row(*[Text(_text(row[ship[column.name]], column.name)) for column in shown])  # Text: never markup
        return table

    chunk: list[list[Any]] = []
    done = 0
    for row in rows:
        chunk.append(row)
        done += 1
        if len(chunk) == TABLE_CHUNK and done < counted.rows:
            yield part(chunk, done == TABLE_CHUNK, False)
            chunk = []
    yield part(chunk, done <= TABLE_CHUNK, True)


def _stacked(rows: Iterable[list[Any]], shown: list[Any]) -> Any:
    ship = tables.SHIP
    for row in rows:
        cells = [f"{c.name} {_text(row[ship[c.name]], c.name)}" for c in shown[1:] if row[ship[c.name]] is not None]
        yield Text(_text(row[ship["file"]]), style="bold", overflow="fold")
        yield Hanging(cells, sep=" · ", first="  ", indent=4)  # a cell's name and its figure stay on one line


def _stacked_totals(totals: dict[str, str]) -> list[str]:
    """The totals row of the stacked layout: ``total:`` and each total with its name."""
    cells = [f"{name} {value}" for name, value in totals.items() if name != "file"]
    return [f"total: {cells[0]}", *cells[1:]] if cells else ["total:"]


def verdict_line(summary: list[list[Any]]) -> str:
    """The audit's verdict in one line, from its Summary: ``audit: fail (3 ship(s): 2 pass, 0 check, 1 fail;
    1 file(s) not read, 1 file(s) read in part (squadron.txt); 4 error(s), 2 warning(s))``."""
    item = {name: value for name, value, _ in summary}
    return (
        f"audit: {item['verdict']} ({item['ships (sheets)']} ship(s): {item['ships passing']} pass, "
        f"{item['ships with warnings']} check, {item['ships failing']} fail; {tables.files_words(item)}; "
        f"{item['errors']} error(s), {item['warnings']} warning(s))"
    )


def rules_table() -> Any:
    """Every rule: code, name, most serious level, and what it checks; a table where the terminal holds its
    codes, names and levels whole, else each rule stacked (its line, then what it checks under it)."""
    from shipyard.core.layout import Fitting, longest_word
    from shipyard.core.registry import all_rules

    rows = [(rule.code, rule.meta.name, rule.meta.severity.value, rule.summary) for rule in all_rules().values()]

    def table(checks: list[str]) -> Table:
        drawn = Table(show_edge=False, header_style="bold")
        for column in ("code", "name", "level"):
            drawn.add_column(column, no_wrap=True)
        drawn.add_column("checks")
        for (code, name, level, _), said in zip(rows, checks, strict=True):
            drawn.add_row(code, name, level, said)
        return drawn

    # Measured with each summary reduced to its longest word: the least the table needs.
    probe = table([longest_word(summary) for *_, summary in rows])
    stacked = [
        part
        for code, name, level, summary in rows
        for part in (Text(f"{code}  {name}  {level}", overflow="fold"), Hanging(summary.split(), first="  "))
    ]
    return Fitting((table([summary for *_, summary in rows]), probe), Group(*stacked))
