"""Lines that are no rating and no field: free text kept as a note (USD100), and a line that looks like a rating
but does not read, kept as a note with what was expected (USD101)."""

from __future__ import annotations

from shipyard.core.diagnostics import Severity
from shipyard.core.parse_errors import describe
from shipyard.core.quickparse import QuickParser
from shipyard.systems.mcs.read.lines import (
    TERMINAL_WORDS,
)
from shipyard.systems.mcs.read.sheet import Reading


def unreadable_line(r: Reading, parser: QuickParser, rated: bool) -> None:
    """A line the grammar refuses: kept as a note; an error naming what was expected when it looks like a
    rating (the parser's error is asked for only then), else free text."""
    stripped = r.line_text.strip()
    first_col = len(r.line_text) - len(r.line_text.lstrip()) + 1
    r.keep_note(stripped, first_col)
    if rated:
        column, message = describe(parser.error(r.line_text), r.line_text, TERMINAL_WORDS)
        r.report("USD101", Severity.ERROR, f"cannot read this rating: {message}; the line is kept as a note", column)
    else:
        r.report("USD100", Severity.INFO, "free text, kept as a note", first_col)
