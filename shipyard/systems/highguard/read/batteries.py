"""Battery lines (batteries and bearing, under the USP) as they are read, and their counts placed under the USP's
own digits once the ship's USP and legend are known; the Crew= and TL= trailers."""

from __future__ import annotations

from lark import Token

from shipyard.core.diagnostics import Severity, Span
from shipyard.core.names import quoted
from shipyard.systems.highguard.charts import ehex_value
from shipyard.systems.highguard.model import BATTERY_COLUMNS, BatteryCounts
from shipyard.systems.highguard.read.lines import (
    BATTERY_LINES_A_BLOCK,
    MAX_DIGIT,
    TRAILER,
    battery_cells,
    column_offsets,
    match_groups,
    quick,
    token_col,
    tonnage_tons,
)
from shipyard.systems.highguard.read.sheet import BatteryLine, Reading, ShipDraft


def battery_line(r: Reading, line: str) -> None:
    tree = quick("battery_line").parse(line)
    tokens = list(tree.scan_values(lambda v: isinstance(v, Token)))
    label = next((t for t in tokens if t.type == "BATTERY_LABEL"), None)
    cells = battery_cells(tokens)
    ship = r.ship
    if (
        not r.state.in_drop_tanks
        and ship.refused is None
        and sum(not each.laden for each in ship.battery_lines) >= BATTERY_LINES_A_BLOCK
    ):
        # A third battery line: the block of another ship whose USP line was not found above it.
        r.refuse_ship(
            f"a ship whose USP line was not found (battery lines again under the ship of line "
            f"{(ship.spans.get('usp') or r.span()).line})"
        )
        ship = r.ship
    # An unlabelled line under the USP: HG'80's order, the bearing line first, then the batteries line.
    bearing = (
        "bear" in str(label).lower()
        if label is not None
        else not any(each.laden == r.state.in_drop_tanks for each in ship.battery_lines)
    )
    ship.battery_lines.append(BatteryLine(bearing, cells, r.line_number, r.text, r.state.in_drop_tanks))
    tonnage = next((t for t in tokens if t.type == "TONNAGE"), None)
    if not cells and tonnage is None and not any(t.type == "TRAILER" for t in tokens):
        r.report(
            "HG014",
            Severity.WARNING,
            "a battery line with no counts (nor Crew= or TL=): nothing read from it; its ship has no such counts",
        )
    if tonnage is not None and not r.state.in_drop_tanks and ship.tonnage is None:
        ship.tonnage = tonnage_tons(str(tonnage))
        ship.spans["tonnage"] = r.span(token_col(tonnage))
    for trailer in (t for t in tokens if t.type == "TRAILER"):
        read_trailer(r, ship, trailer)


def read_trailer(r: Reading, ship: ShipDraft, trailer: Token) -> None:
    """A battery line's Crew= or TL= trailer."""
    key, value = match_groups(TRAILER, str(trailer))
    key = "TL" if key.upper() == "TL" else "Crew"
    if r.unknown(key, value, token_col(trailer)) or r.state.in_drop_tanks:
        return
    if key == "Crew":
        ship.crew = int(value.replace(",", ""))
        ship.spans["crew"] = r.span(token_col(trailer))
        return
    tl, _, refit = value.partition("/")
    ship.tl = int(tl)
    ship.spans["tl"] = r.span(token_col(trailer))
    if refit:
        ship.refit_tl = int(refit)


def settle_batteries(r: Reading, ship: ShipDraft) -> None:
    for line in ship.battery_lines:
        bearing, cells = line.bearing, line.cells
        if line.laden:  # the laden block repeats the counts; the main block's are the ones checked
            ship.spans[f"laden_{'bearing' if line.bearing else 'batteries'}"] = Span.on_line(
                r.path, line.line_number, 1
            )
            continue
        r.line_number, r.text = line.line_number, line.text
        counts = battery_counts(r, ship, cells) if cells else None  # a line of trailers only holds no counts
        if counts is not None:
            if bearing:
                ship.bearing = counts
            else:
                ship.batteries = counts


def battery_counts(r: Reading, ship: ShipDraft, cells: list[Token]) -> BatteryCounts | None:
    usp = ship.usp
    if usp is None:
        r.report("HG004", Severity.ERROR, "a battery line with no USP line before it: its columns cannot be read")
        return None
    start = usp.spans["self"].col - 1 if "self" in usp.spans else 0
    columns = {start + offset: name for name, offset in column_offsets(usp).items()}
    values: dict = {}
    spans: dict = {}
    aligned = all((token_col(cell) - 1) in columns for cell in cells)
    letters = {**ship.battery_legend, **ship.substitutions}

    uncertain: list[str] = []

    def count_of(cell: Token, column: str) -> int:
        char = str(cell)
        count = letters.get(char, ehex_value(char))
        if count is None:  # the grammar's CELL is an eHex digit
            raise ValueError(f"battery count {quoted(char)} is not an eHex digit")
        if ship.summary_refused and char not in letters and count > MAX_DIGIT:
            uncertain.append(column)
            r.report(
                "HG013",
                Severity.WARNING,
                f"{column.replace('_', ' ')} count '{char}' read as eHex "
                f"{count}, but a summary line of this ship could not be read in full and may hold its "
                "legend: the value is uncertain",
                token_col(cell),
            )
        return count

    if aligned:
        for cell in cells:
            name = columns[token_col(cell) - 1]
            values[name] = count_of(cell, name)
            spans[name] = r.span(token_col(cell))
        return BatteryCounts.trusted(**values, uncertain=tuple(uncertain), spans=spans)
    weapon_digits = [name for name in BATTERY_COLUMNS if usp.column_digit(name)]
    if len(cells) == len(weapon_digits):
        for cell, name in zip(cells, weapon_digits, strict=True):
            values[name] = count_of(cell, name)
            spans[name] = r.span(token_col(cell))
        read_as = ", ".join(f"{name.replace('_', ' ')} {values[name]}" for name in weapon_digits)
        r.report(
            "HG003",
            Severity.WARNING,
            "battery counts are not under their USP digits (alignment lost in the copy): read in order "
            f"as {read_as}, the USP's non-zero weapon digits",
            token_col(cells[0]) if cells else 1,
        )
        return BatteryCounts.trusted(**values, uncertain=tuple(uncertain), spans=spans)
    r.report(
        "HG004",
        Severity.ERROR,
        f"battery columns ambiguous: {len(cells)} counts are not under the USP's digits and the USP has "
        f"{len(weapon_digits)} non-zero weapon digits ({', '.join(weapon_digits) or 'none'}); not guessed",
        token_col(cells[0]) if cells else 1,
    )
    return None
