"""USD sheets (MCS and T4) to ``UsdShip`` records and diagnostics.

Each physical line is told by ``read/classify.py`` (a line of fields, a line ``grammars/usd.lark`` reads, or one
it refuses, rated or prose) and read by the module of its kind: ``read/fields.py`` types each field's value by its
key (keys match case-insensitively; a near miss such as ``Fire Cotnrol`` is read as the key it resembles, with a
warning), ``read/batteries.py`` makes each battery, ``read/notes.py`` keeps a line that does not parse as a note
(plain prose reported as information, a line that looks like a rating as an error naming what was expected), and
``read/joins.py`` reads a line a copy broke. The ship being built, the findings and the reader's frozen state are
``read/sheet.py``'s. A ``Class:`` key, or a name standing before ``TL``, starts a new ship, so one file may hold
several.

Diagnostic codes (family USD):
  USD100 info     a line of free text, kept as a note
  USD101 error    a line that looks like a rating but does not parse (kept as a note)
  USD102 error    a field value of the wrong kind ("Size: five")
  USD103 warning  a key close to a known one, read as that key
  USD104 warning  an unknown key; the field is kept as a note
  USD105 warning  a key given twice for one ship; the second is kept as a note
  USD106 info     text after a field's value, kept as a note
  USD107 error    no ship in the file: no line has a USD key or a battery
  USD108 warning  a battery detail that names nothing shipyard knows, kept verbatim
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from shipyard.core.copies import cut_at_end_of_file
from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.grammar import quick_parser
from shipyard.core.source import split_lines
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.mcs.read.batteries import range_limit, read_battery
from shipyard.systems.mcs.read.classify import LineKind, classify
from shipyard.systems.mcs.read.fields import read_field, read_fields, read_heading
from shipyard.systems.mcs.read.joins import (
    said_soft_breaks,
    scanned_battery_line,
    soft_breaks,
    wrapped_line,
    wrapped_sensors,
)
from shipyard.systems.mcs.read.lines import NOTES_KEY, FieldItem, HeadingItem, Item, LineItems, NotesItem, field_items
from shipyard.systems.mcs.read.notes import unreadable_line
from shipyard.systems.mcs.read.sheet import Reading


def read_sheet(r: Reading, text: str) -> None:
    """Every line of a sheet read in turn, by its kind; the last ship finished and the file's findings said."""
    parser = quick_parser("usd.lark", "line")
    # A local, not the reader's: kept on the reader, it would hold the reader (reader -> items -> span ->
    # reader), a cycle that leaves the file's every record to the cyclic collector, not to reference counting.
    items = LineItems(r.span)
    text, after_end = cut_at_end_of_file(text)
    lines = split_lines(text)
    joined_to = 0  # the last line read joined to one before it, not read again
    for r.line_no, r.line_text in enumerate(lines, start=1):
        if not r.line_text.strip() or r.line_no <= joined_to:
            continue
        if r.wrap is not None:
            r.wrap = None  # the line before was read joined with this one's lines; this one is read alone
        if r.line_text[-1] == "=" and r.line_no < len(lines):
            joined_to = soft_breaks(r, lines)
        read = classify(r.line_text, parser)
        if read.fields is not None:
            fields = read.fields
            following = r.line_no + len(r.wrap or ())  # the next line not yet read, from 0
            if following < len(lines) and wrapped_sensors(r, fields, lines[following]):
                joined_to = following + 1
                fields = field_items(r.line_text) or fields
            read_fields(r, fields)
            continue
        tree = read.tree
        if tree is None:
            rated = read.kind is LineKind.RATED
            tree = scanned_battery_line(r, parser) if rated else None
            following = r.line_no + len(r.wrap or ())  # the next line not yet read, from 0
            if tree is None and rated and following < len(lines):
                tree = wrapped_line(r, parser, lines[following])
                joined_to = following + 1 if tree is not None else joined_to
            if tree is None:
                if not rated and range_limit(r):
                    continue
                unreadable_line(r, parser, rated)
                continue
        read_items(r, items.transform(tree))
    r.wrap = None  # what follows is said at the file's own lines
    r.finish_ship()
    said_soft_breaks(r)
    if after_end.strip():  # a CP/M copy's padding after the mark is nothing; anything more is said
        r.line_text = after_end.strip().splitlines()[0]
        r.report("USD110", Severity.INFO, "text after the CP/M end-of-file mark (Ctrl-Z): not read")
    if not r.ships:
        r.line_no, r.line_text = 1, split_lines(text)[0]
        r.report(
            "USD107",
            Severity.ERROR,
            "no ship found: expected USD lines such as 'Class: Kuvasz TL:12', "
            "'Displacement: 500 tons' or '2xLaser Battery (+2) (14:9 14:9 14:9 12:7)'",
        )


def read_items(r: Reading, items: Sequence[Item]) -> None:
    """A parsed line's items, each by its kind: a heading, notes, a field (up to the next item), a battery."""
    starts = [item.column for item in items] + [len(r.line_text) + 1]
    for index, item in enumerate(items):
        if isinstance(item, HeadingItem):
            read_heading(r, item.token)
        elif isinstance(item, NotesItem):
            text = NOTES_KEY.sub("", str(item.token)).strip()
            if text:
                r.keep_note(text, item.token.column or 1)
                r.ship.has_content = True
        elif isinstance(item, FieldItem):
            read_field(r, item, next_start=starts[index + 1])
        else:
            r.grouped(None)
            read_battery(r, item)


def parse_usd(text: str, path: str = "<string>") -> tuple[list[UsdShip], list[Diagnostic]]:
    """Read USD sheet text: the ships it holds and every diagnostic, in file order."""
    reader = Reading(path)
    read_sheet(reader, text)
    return reader.ships, reader.diagnostics


def read_usd(text: str | None, path: Path, shown: str) -> tuple[list[UsdShip], list[Diagnostic]]:
    """The registry's reader for USD sheets."""
    return parse_usd(text or "", shown)
