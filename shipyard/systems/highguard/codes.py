"""The High Guard system's diagnostic codes that are not rules: reading USP blocks and component sheets."""

from __future__ import annotations

from shipyard.core.codes import Code, E, I, W

CODES = (
    Code("HG001", E, "a USP, battery or component line that does not read; kept as a note"),
    Code("HG002", I, "free text in a High Guard sheet, kept as a note"),
    Code("HG003", W, "battery counts not under their USP digits (a collapsed copy): assigned in order to the "
                     "non-zero weapon digits"),
    Code("HG004", E, "battery columns ambiguous (the counts do not match the non-zero weapon digits): not guessed"),
    Code("HG006", E, "no High Guard ship in the file"),
)
