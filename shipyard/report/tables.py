"""The stable tables behind ``audit`` and ``export``: one row per ship, one per battery (or turret group,
bay, spinal mount), one per High Guard component, one per finding. Each table is a list of ``Column``
(name, unit format, width) and a row builder; the workbook, CSV and JSON writers share them, so the
layout is documented once (docs/export.md). Each system gives its own cells (its ``tables`` module: the
ship's name, TL, tonnage, cost and ratings, its battery rows and component rows).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.parts import ShipTables, ship_tables
from shipyard.core.records import Ship
from shipyard.core.registry import system_of_ship
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
    wrap: bool = False  # a long text (a message) wraps within the width instead of widening the page


TONS = '#,##0.###" t"'
SHARE = "0.00%"  # a fraction shown as a percentage
MCR = '#,##0.00" MCr"'
WHOLE = "0"

SHIP_COLUMNS = (
    Column("file", width=40),
    Column("ship", width=28),
    Column("count", WHOLE, 7),
    Column("format", width=10),
    Column("TL", WHOLE, 5),
    Column("tonnage", TONS, 14),
    Column("cost", MCR, 16),
    Column("size", WHOLE, 6),
    Column("armour", WHOLE, 8),
    Column("toughness", WHOLE, 10),
    Column("ratings", width=34),
    Column("errors", WHOLE, 8),
    Column("warnings", WHOLE, 9),
    Column("verdict", width=11),
)
#: Where each column of a Ships row stands, by name.
SHIP = {column.name: index for index, column in enumerate(SHIP_COLUMNS)}
#: The Ships columns of the audit's terminal table (the ratings column says what size, armour and toughness do).
TERMINAL_SHIP_COLUMNS = (
    "file",
    "ship",
    "count",
    "format",
    "TL",
    "tonnage",
    "cost",
    "ratings",
    "errors",
    "warnings",
    "verdict",
)
BATTERY_COLUMNS = (
    Column("file", width=40),
    Column("ship", width=28),
    Column("battery", width=30),
    Column("kind", width=12),
    Column("count", WHOLE, 7),
    Column("weapons each", WHOLE, 13),
    Column("rating", width=16),
    Column("pen:dam VS S M L X", width=34),
    Column("point defence", WHOLE, 13),
    Column("mounting", width=16),
    Column("bearing", WHOLE, 9),
)
COMPONENT_COLUMNS = (
    Column("file", width=40),
    Column("ship", width=28),
    Column("section", width=14),
    Column("count", "0.#", 7),
    Column("component", width=36),
    Column("tons", TONS, 14),
    Column("cost", MCR, 14),
    Column("EP", "0.###", 10),
)
FINDING_COLUMNS = (
    Column("file", width=40),
    Column("line", WHOLE, 6),
    Column("col", WHOLE, 5),
    Column("severity", width=9),
    Column("code", width=8),
    Column("rule", width=24),
    Column("message", width=90, wrap=True),
)
#: Percentages are stored as fractions (12.5% as 0.125) under a % format, as a spreadsheet keeps them.
PERCENT = 100
RULE_COLUMNS = (
    Column("code", width=8),
    Column("name", width=26),
    Column("level", width=8),
    Column("family", width=7),
    Column("checks", width=90, wrap=True),
)
SUMMARY_COLUMNS = (Column("item", width=24), Column("value", "#,##0", 30))


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


def _cells(ship: Ship) -> ShipTables | None:
    """The table cells module of a ship's system (``ship_cells``, ``battery_rows``, ``component_rows``)."""
    system = system_of_ship(ship.format)
    return ship_tables(system) if system is not None and system.tables else None


def ship_rows(sheets: Iterable[SheetFile]) -> Iterable[list]:
    """One row per ship (its count 1: a fleet audited says how many), one per file that holds none: a game's
    log, and a file of a system whose records are no ships of a sheet (a Dark Stars system, an SFC roster), which
    are not counted as ships."""
    for sheet in sheets:
        if sheet.format == "fleet":
            continue
        if not sheet.ships or all(_cells(ship) is None for ship in sheet.ships):
            errors = sum(d.severity is Severity.ERROR for d in sheet.diagnostics)
            warnings = sum(d.severity is Severity.WARNING for d in sheet.diagnostics)
            yield [
                sheet.path,
                None,
                None,
                sheet.format,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                errors,
                warnings,
                "unreadable" if not sheet.opened else verdict(errors, warnings),
            ]
            continue
        for ship, found in zip(sheet.ships, findings_by_ship(sheet), strict=True):
            errors = sum(d.severity is Severity.ERROR for d in found)
            warnings = sum(d.severity is Severity.WARNING for d in found)
            cells = _cells(ship)
            name, tl, tonnage, cost, rated = cells.ship_cells(ship) if cells else (None,) * 5
            size, armour, toughness = cells.rating_cells(ship) if cells else (None,) * 3
            yield [
                sheet.path,
                name,
                1,
                sheet.format,
                tl,
                tonnage,
                cost,
                size,
                armour,
                toughness,
                rated,
                errors,
                warnings,
                verdict(errors, warnings),
            ]


class SheetTables(NamedTuple):
    """A checked file as the audit and the export keep it: its rows of each table and its counts, never its
    ships (a parsed ship is some 50 KB; its rows a few hundred bytes), so memory does not grow with the ships
    held. Built where the file is checked (a worker), so the parent only writes."""

    path: str
    format: str
    ships: list[list]
    batteries: list[list]
    components: list[list]
    findings: list[list]
    errors: int
    warnings: int
    infos: int
    opened: bool
    #: Its error findings (few): what ``export`` reports, and for the exit code (some mean an input was not read).
    error_findings: tuple[Diagnostic, ...] = ()
    #: Read, but a line or a block of it not (``SheetFile.read_in_part``): some of what it holds is in no ship.
    in_part: bool = False
    #: Its ships are headed with how many there are ("Seventy-five Eurisko class Battle Riders"): a published
    #: squadron's file, a fleet of its own when no fleet file is audited with it.
    headed: bool = False


def tabulate(sheet: SheetFile) -> SheetTables:
    """Every table's rows of one checked file, and the counts of its findings by severity."""
    found = sheet.diagnostics
    return SheetTables(
        sheet.path,
        sheet.format,
        list(ship_rows([sheet])),
        list(battery_rows([sheet])),
        list(component_rows([sheet])),
        list(finding_rows([sheet])),
        sum(d.severity is Severity.ERROR for d in found),
        sum(d.severity is Severity.WARNING for d in found),
        sum(d.severity is Severity.INFO for d in found),
        sheet.opened,
        tuple(d for d in found if d.severity is Severity.ERROR),
        sheet.read_in_part,
        any(getattr(ship, "heading_count", None) for ship in sheet.ships),
    )


def named(table: SheetTables) -> SheetTables:
    """A file's tables with standard input (spooled to a file, shipyard/core/stdin.py) named as ``<stdin>``
    in the file column of every row (the first); any other file's as they are."""
    from shipyard.core.stdin import shown

    name = shown(table.path)
    if name == table.path:
        return table

    def rows(part: list[list]) -> list[list]:
        return [[name, *row[1:]] for row in part]

    return table._replace(
        path=name,
        ships=rows(table.ships),
        batteries=rows(table.batteries),
        components=rows(table.components),
        findings=rows(table.findings),
    )


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
    yield from diagnostic_rows([d for sheet in sheets for d in sheet.diagnostics] + list(extra))


def diagnostic_rows(found: Iterable[Diagnostic]) -> Iterable[list]:
    from shipyard.core.registry import rule_for

    for d in found:
        rule = rule_for(d.code)
        yield [
            d.span.path,
            d.span.line,
            d.span.col,
            d.severity.value,
            d.code,
            rule.meta.name if rule else None,
            d.message,
        ]


def rule_rows() -> Iterable[list]:
    from shipyard.core.registry import all_rules

    for rule in all_rules().values():
        yield [rule.code, rule.meta.name, rule.meta.severity.value, rule.meta.family, rule.summary]


class ShipRows:
    """The Ships rows of an audit kept on disk as they come (a temporary file, one pickled row each), and read
    back as often as a report needs them, each ship's count from the fleets applied as it is read: memory does
    not grow with the number of ships."""

    def __init__(self) -> None:
        import tempfile

        self.file = tempfile.TemporaryFile()  # noqa: SIM115 (closed with the spool)
        self.count = 0
        self.counts: dict[tuple[str, str], int] = {}

    def extend(self, rows: Iterable[list]) -> None:
        import pickle

        for row in rows:
            pickle.dump(row, self.file, protocol=pickle.HIGHEST_PROTOCOL)
            self.count += 1

    def count_from(self, fleets: tuple[Any, ...]) -> None:
        """Each ship's count from the fleets audited (a ship in no fleet counts 1)."""
        import os

        for total in fleets:
            for path, name, count in total.counts:
                key = (os.path.normpath(os.path.abspath(path)), name)
                self.counts[key] = self.counts.get(key, 0) + count

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[list]:
        import os
        import pickle

        self.file.flush()
        with open(self.file.fileno(), "rb", closefd=False) as reader:  # a reader of its own: iterations may nest
            reader.seek(0)
            for _ in range(self.count):
                row = pickle.load(reader)
                if self.counts and row[SHIP["ship"]] is not None:
                    key = (os.path.normpath(os.path.abspath(row[SHIP["file"]])), row[SHIP["ship"]])
                    row[SHIP["count"]] = self.counts.get(key, row[SHIP["count"]])
                yield row

    def close(self) -> None:
        self.file.close()


#: How many files read in part an audit names (the rest are counted).
PARTIAL_NAMED = 20


def partial_words(count: int, names: list[str]) -> str:
    """The files read in part, named: "a.txt, b.txt", and "and N more" past the ones named."""
    more = f" and {count - len(names)} more" if count > len(names) else ""
    return ", ".join(names) + more


class AuditSummary:
    """The counts of an audit, file by file as the files are checked, and its Summary: files and those not read,
    ships and their verdicts, findings by severity, tonnage and cost (each ship times its count), each fleet's
    designs, ships, cost against its budget with the margin and its verdict, and the audit's verdict. The one
    computation behind the terminal, the workbook and the HTML report."""

    def __init__(self) -> None:
        from collections import Counter

        self.files = self.unread = self.partial = self.errors = self.warnings = self.infos = 0
        #: The first PARTIAL_NAMED files read in part, by name (the count holds them all).
        self.partial_names: list[str] = []
        self.fleet_files = self.fleet_errors = self.fleet_warnings = 0
        #: The files of the folders not read for their names, by extension (``batch.find_files`` counts them).
        self.skipped: Counter[str] = Counter()

    def add(self, table: SheetTables) -> None:
        if table.format == "fleet":
            self.fleet_files += 1
            self.fleet_errors += table.errors
            self.fleet_warnings += table.warnings
        else:
            self.files += 1
            self.unread += not table.opened
            if table.in_part:
                self.partial += 1
                if len(self.partial_names) < PARTIAL_NAMED:
                    self.partial_names.append(table.path)
        self.errors += table.errors
        self.warnings += table.warnings
        self.infos += table.infos

    def skipped_count(self) -> int:
        """The files of the folders skipped, for their names or for what they hold."""
        return skipped_count(self.skipped)

    def verdict(self) -> str:
        """fail (an error finding anywhere, a fleet's included), check (a warning), else pass."""
        return verdict(self.errors, self.warnings)

    def rows(self, ship_rows: Iterable[list], extras: AuditExtras | None = None) -> list[list]:
        """The Summary: (item, value, number format) rows. The scenario, its budget and the margin under it of
        every ship times its count come from ``extras`` (the system that reads fleets), and so do the rows of
        each fleet it priced; the margin of the whole audit is given only when no fleet was priced."""
        from shipyard.core.version import version

        extras = extras or AuditExtras()
        totals = ShipTotals(ship_rows)
        toml, names = no_sheet(self.skipped)
        rows: list[list] = [
            ["verdict", self.verdict()],
            ["files", self.files],
            ["files not read", self.unread],
            ["files read in part", self.partial],
            *([["read in part", partial_words(self.partial, self.partial_names)]] if self.partial else []),
            ["files skipped", self.skipped_count()],
            *([["skipped by extension", kinds]] if (kinds := skipped_kinds(self.skipped)) else []),
            *([["TOML files that are no sheet", toml]] if toml else []),
            *([["no sheet", names]] if toml else []),
            ["ships (sheets)", totals.ships],
            ["ships (counted)", totals.copies],
            ["ships passing", totals.verdicts["pass"]],
            ["ships with warnings", totals.verdicts["check"]],
            ["ships failing", totals.verdicts["fail"]],
            ["errors", self.errors],
            ["warnings", self.warnings],
            ["information", self.infos],
            ["fleet errors", self.fleet_errors],
            ["total tonnage", totals.tonnage],
            ["total cost", totals.cost],
            ["scenario", extras.scenario or "(none)"],
            ["budget", extras.budget],
        ]
        if not extras.fleet_rows and extras.budget is not None:
            rows.append(["margin", extras.budget - totals.cost])
        shown = [[name, value, SUMMARY_FORMATS.get(name)] for name, value in rows]
        return [*shown, *([*row] for row in extras.fleet_rows), ["written by", f"shipyard {version()}", None]]


class ExtraTable(NamedTuple):
    """A table a system adds to a report: a sheet of the workbook and a table of the page."""

    sheet: str  # the workbook's sheet, and the page table's id in lower case
    heading: str  # the page's heading above it
    columns: tuple[Column, ...]
    rows: list[list]


class AuditExtras(NamedTuple):
    """What the system that reads fleets and scenarios (``System.fleets``) adds to an audit: the scenario's
    name and budget, the Summary rows of each fleet it priced ([item, value, number format]), the cost chart of
    the fleet (inline SVG, drawn with report/charts.py; without one the page draws each ship times its count
    against the budget), the tables of a scored fleet (the Losses) and their charts."""

    scenario: str | None = None
    budget: Decimal | None = None
    fleet_rows: tuple[tuple[str, object, str | None], ...] = ()
    cost_chart: str | None = None
    tables: tuple[ExtraTable, ...] = ()
    charts: tuple[str, ...] = ()


def skipped_kinds(skipped: Mapping[str, int]) -> str:
    """The files skipped for their names, by extension: ``.bak, .doc 2, no extension``."""
    from shipyard.core.batch import NO_SHEET

    named = sorted((kind, count) for kind, count in skipped.items() if not kind.startswith(NO_SHEET))
    return ", ".join(f"{suffix} {count}" if count > 1 else suffix for suffix, count in named)


def skipped_count(skipped: Mapping[str, int]) -> int:
    """The files of the folders skipped, for their names (by extension) or for what they hold."""
    from shipyard.core.batch import NO_SHEET

    return sum(count for kind, count in skipped.items() if not kind.startswith(NO_SHEET)) + skipped.get(NO_SHEET, 0)


def no_sheet(skipped: Mapping[str, int]) -> tuple[int, str]:
    """The files of the folders skipped for what they hold (valid TOML that is no sheet): how many, and their
    names ("a/scenario.toml, pyproject.toml and 3 more")."""
    from shipyard.core.batch import NO_SHEET

    count = skipped.get(NO_SHEET, 0)
    names = sorted(kind.removeprefix(NO_SHEET) for kind in skipped if kind.startswith(NO_SHEET) and kind != NO_SHEET)
    return count, partial_words(count, names)


def files_words(item: dict[str, Any]) -> str:
    """An audit's files in words, from its Summary's items: "0 file(s) not read, 2 file(s) read in part (a.txt,
    b.txt); 1 file(s) skipped, ..." (the terminal's verdict line and the page's)."""
    partial = (
        f", {item['files read in part']} file(s) read in part ({item['read in part']})"
        if item.get("files read in part")
        else ""
    )
    toml = item.get("TOML files that are no sheet", 0)
    by_name = item.get("files skipped", 0) - toml
    skipped = skipped_words(by_name, item.get("skipped by extension", ""), toml, item.get("no sheet", ""))
    return f"{item['files not read']} file(s) not read{partial}{skipped}"


def skipped_words(count: int, kinds: str, toml: int = 0, names: str = "") -> str:
    """The files of the folders skipped, in a summary's words (``check``, ``export``, the audit's line and
    page): ``count`` for their names (``kinds``: their extensions), ``toml`` for what they hold (``names``);
    each part after "; ", or "" when none was."""
    words = f"; {count} file(s) skipped, not sheets by their extension ({kinds})" if count else ""
    return words + (f"; {toml} TOML file(s) that are no sheet skipped ({names})" if toml else "")


class ShipTotals:
    """The totals of Ships rows, in one pass: ships (a row with a ship), copies (their counts), the verdicts,
    tonnage and cost (each ship times its count), errors and warnings (every row's)."""

    def __init__(self, rows: Iterable[list]) -> None:
        from collections import Counter

        self.rows = self.ships = self.copies = self.errors = self.warnings = 0
        self.tonnage = self.cost = Decimal(0)
        self.verdicts: Counter[str] = Counter()
        for row in rows:
            self.rows += 1
            self.errors += row[SHIP["errors"]]
            self.warnings += row[SHIP["warnings"]]
            if row[SHIP["ship"]] is None:
                continue
            count = row[SHIP["count"]] or 0
            self.ships += 1
            self.copies += count
            self.verdicts[row[SHIP["verdict"]]] += 1
            if row[SHIP["tonnage"]] is not None:
                self.tonnage += row[SHIP["tonnage"]] * count
            if row[SHIP["cost"]] is not None:
                self.cost += row[SHIP["cost"]] * count


#: The Summary's figures in MCr or tons (the rest are counts or words; a system's fleet rows carry their own).
SUMMARY_FORMATS = {
    "total tonnage": TONS,
    "total cost": MCR,
    "budget": MCR,
    "margin": MCR,
}
