"""Read High Guard sheets: USP blocks (HG'80 / TCS and High Guard Shipyard layouts) and component sheets.

One physical line at a time (grammars/highguard.lark, one start rule per line kind): ``read/classify.py`` tells
the line's kind from its shape and the reader's state (``read/state.py``, frozen: each step leaves a new one), and
the handler of that kind reads it (``read/usp.py``, ``batteries.py``, ``pairs.py``, ``components.py``,
``notes.py``) into the ship being drafted (``read/sheet.py``). A line the grammar cannot read costs that line only
and is kept as a note. Battery lines are read by column under the USP's own digits (High Guard Shipyard's sheets,
battery lines); a copy whose alignment was lost is read by assigning its counts to the non-zero weapon digits when
that is unambiguous (a warning), else it is an error naming the ambiguity.

Its codes (HG001-HG019) are catalogued in shipyard/systems/highguard/codes.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import InvalidOperation
from pathlib import Path

from lark.exceptions import LarkError, UnexpectedInput

from shipyard.core.copies import cut_at_end_of_file
from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.parse_errors import describe
from shipyard.core.records import Note
from shipyard.core.source import split_lines
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.highguard.read.batteries import battery_line, settle_batteries
from shipyard.systems.highguard.read.classify import Line, LineKind, classify
from shipyard.systems.highguard.read.components import component_line
from shipyard.systems.highguard.read.lines import TERMINAL_WORDS, first_col, line_rule
from shipyard.systems.highguard.read.notes import continue_note, text_field
from shipyard.systems.highguard.read.pairs import pairs_line
from shipyard.systems.highguard.read.sheet import Reading
from shipyard.systems.highguard.read.usp import usp_line
from shipyard.systems.highguard.repairs import repair_figures, repair_line

#: The kinds of line that leave the "after a USP" mark as it was (headers of a block, not lines of it).
_HEADERS = frozenset(
    {LineKind.SECTION, LineKind.DROP_TANKS, LineKind.CREW_HEAD, LineKind.CREW_BREAKDOWN, LineKind.BLOCK_HEAD}
)


def _section(r: Reading, read: Line, stripped: str) -> None:
    upper = stripped.upper()
    if r.ships and r.ship.components and upper == "HULL" and r.state.section not in (None,):
        r.new_ship()
    r.state = replace(r.state, section="ACCOMODATIONS" if upper == "ACCOMMODATIONS" else upper)


def _crew_breakdown(r: Reading, read: Line, stripped: str) -> None:
    r.state = replace(r.state, crew_breakdown_next=False)
    r.ship.crew_breakdown = stripped
    r.ship.spans["crew_breakdown"] = r.span(first_col(read.line))


def _battery(r: Reading, read: Line, stripped: str) -> None:
    line, repairs = repair_figures(read.line)  # the Crew= / TL= trailer
    r.said(repairs)
    battery_line(r, line)


def _text_field(r: Reading, read: Line, stripped: str) -> None:
    assert read.field is not None  # a text field's line carries its key and value
    text_field(r, *read.field, read.line)


def _pairs(r: Reading, read: Line, stripped: str) -> None:
    r.said(read.repairs)
    pairs_line(r, read.line)


def _heading(r: Reading, read: Line, stripped: str) -> None:
    assert read.heads is not None  # a heading's line carries its count
    r.state = replace(r.state, pending_heading=(stripped, read.heads, r.span(first_col(read.line))))


def _title(r: Reading, read: Line, stripped: str) -> None:
    if r.ships and (r.ship.components or r.ship.title):
        r.new_ship()
    r.ship.title = stripped
    r.ship.spans["title"] = r.span(first_col(read.line))


def _broken_usp(r: Reading, read: Line, stripped: str) -> None:
    r.report(
        "HG001",
        Severity.ERROR,
        "cannot read this line: it has the shape of a USP line, but "
        f"expected {TERMINAL_WORDS['USP']}; the lines under it are its ship's, read into none",
    )
    r.refuse_ship()


def _free_text(r: Reading, read: Line, stripped: str) -> None:
    r.report("HG002", Severity.INFO, "free text, kept as a note")
    r.keep_as_note(read.line)


#: What reads each kind of line.
HANDLERS: dict[LineKind, Callable[[Reading, Line, str], None]] = {
    LineKind.SECTION: _section,
    LineKind.DROP_TANKS: lambda r, read, stripped: setattr(r, "state", replace(r.state, in_drop_tanks=True)),
    LineKind.CREW_HEAD: lambda r, read, stripped: setattr(r, "state", replace(r.state, crew_breakdown_next=True)),
    LineKind.CREW_BREAKDOWN: _crew_breakdown,
    LineKind.BLOCK_HEAD: lambda r, read, stripped: None,
    LineKind.USP: lambda r, read, stripped: usp_line(r, read.line),
    LineKind.BATTERY: _battery,
    LineKind.COMPONENT: lambda r, read, stripped: component_line(r, read.line),
    LineKind.TEXT_FIELD: _text_field,
    LineKind.PAIRS: _pairs,
    LineKind.HEADING: _heading,
    LineKind.TITLE: _title,
    LineKind.NOTE_GOES_ON: lambda r, read, stripped: continue_note(r, read.line),
    LineKind.BROKEN_USP: _broken_usp,
    LineKind.FREE_TEXT: _free_text,
}
#: What a respelling of each kind of line is said as (HG011, with its fix).
_RESPELT = {
    LineKind.BATTERY: ("battery label '{0}': did you mean '{1}'? Read as that label", "spell the label '{1}'"),
    LineKind.TEXT_FIELD: ("unknown key '{0}': did you mean '{1}'? Read as that key", "spell the key '{1}'"),
}


def read_line(r: Reading, line: str, stripped: str) -> None:
    """One line read: classified in the state the line before left, then read by its kind's handler."""
    before = r.state
    r.state = replace(before, note_open=False)  # a note goes on only on the line right under it
    read = classify(line, stripped, before, bool(r.ships) and bool(r.ships[-1].notes))
    for col, written, meant in read.respelt:
        message, fix_words = _RESPELT[read.kind]
        r.respelled("HG011", message.format(written, meant), col, written, meant, fix_words.format(written, meant))
    if read.kind not in _HEADERS:
        r.state = replace(r.state, after_usp=read.kind in (LineKind.USP, LineKind.BATTERY))
    HANDLERS[read.kind](r, read, stripped)


def _unreadable(r: Reading, line: str, error: Exception) -> None:
    """A line that could not be read: said (HG001) and kept as a note; a USP line's ship refused with it, so the
    lines of its block are never given to the ship above."""
    if line_rule(line) == "usp_line" and not r.state.in_drop_tanks:
        r.refuse_ship()
    if isinstance(error, UnexpectedInput):
        col, expected = describe(error, line, TERMINAL_WORDS)
        message = f"cannot read this line: {expected}; the line is kept as a note"
    else:
        col = 1
        message = f"cannot read this line ({error}); the line is kept as a note"
    r.report("HG001", Severity.ERROR, message, col)
    r.keep_as_note(line)


def read_sheet(r: Reading, text: str) -> None:
    """Every line of a sheet read in turn; a line that cannot be read is said and kept as a note."""
    text, after_end = cut_at_end_of_file(text)
    for r.line_number, r.text in enumerate(split_lines(text), start=1):
        if not r.text or r.text.isspace():
            r.state = replace(r.state, note_open=False)
            continue
        line, repairs = repair_line(r.text)
        r.said(repairs)
        stripped = line.strip()
        if not stripped:
            continue
        try:
            read_line(r, line, stripped)
        except (LarkError, ValueError, InvalidOperation) as error:
            _unreadable(r, line, error)
        pending = r.state.pending_heading
        if pending is None or pending[2].line != r.line_number:
            r.ship.lines.append((r.line_number, r.text))  # a heading is the next ship's
    if after_end.strip():
        r.text = after_end.strip().splitlines()[0]
        r.report("HG002", Severity.INFO, "text after the CP/M end-of-file mark (Ctrl-Z): not read")


def finish(r: Reading) -> tuple[list[HighGuardShip], list[Diagnostic]]:
    """The ships read, each settled (its battery counts placed under its USP) and built; a refused block's
    lines said; a sheet of none said once (HG006)."""
    ships: list[HighGuardShip] = []
    for ship in r.ships:
        if ship.refused is not None:
            r.refused_lines(ship)
            continue
        settle_batteries(r, ship)
        if not (ship.usp is not None or ship.components):
            if ship.notes and ships:
                ships[-1] = ships[-1].model_copy(update={"notes": ships[-1].notes + ship.notes})
            if ships or len(r.ships) > 1:  # a sheet of one such block is said once (HG006), below
                ship.refused_why = "a ship block with neither a USP line nor a component sheet"
                r.refused_lines(ship)
            continue
        ships.append(ship.build())
    if r.state.pending_heading is not None:  # a heading with no ship under it
        text, _, span = r.state.pending_heading
        r.line_number, r.text = span.line, text
        r.report("HG002", Severity.INFO, "a heading with no ship under it, kept as a note", span.col)
        if ships:
            ships[-1] = ships[-1].model_copy(
                update={"notes": [*ships[-1].notes, Note.trusted(text=text, spans={"self": span})]}
            )
    if not ships:
        r.line_number, r.text = 1, ""
        r.report(
            "HG006",
            Severity.ERROR,
            "no High Guard ship found: expected a USP line such as "
            "'BC-A2447G2-000510-50202-0 MCr 1336.63 1250 tons' or component "
            "lines such as 'Bridge: 25.000 Td; MCr 6.250'",
        )
    return ships, r.diagnostics


def parse_highguard(text: str, path: str = "<sheet>") -> tuple[list[HighGuardShip], list[Diagnostic]]:
    """The High Guard ships of a sheet and the diagnostics of reading it. Never raises for bad input."""
    reading = Reading(path)
    read_sheet(reading, text)
    return finish(reading)


def read_highguard(text: str | None, path: Path, shown: str) -> tuple[list[HighGuardShip], list[Diagnostic]]:
    """The registry's reader for High Guard sheets."""
    return parse_highguard(text or "", shown)
