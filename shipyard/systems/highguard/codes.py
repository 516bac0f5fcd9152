"""The High Guard system's diagnostic codes that are not rules: reading USP blocks and component sheets."""

from __future__ import annotations

from shipyard.core.codes import ERROR, INFO, WARNING, Code

CODES = (
    Code("HG001", ERROR, "a USP, battery or component line that does not read; kept as a note", partial=True),
    Code("HG002", INFO, "free text in a High Guard sheet, kept as a note"),
    Code(
        "HG003",
        WARNING,
        "battery counts not under their USP digits (a collapsed copy): assigned in order to the non-zero weapon digits",
    ),
    Code(
        "HG004",
        ERROR,
        "battery columns ambiguous (the counts do not match the non-zero weapon digits): not guessed",
        partial=True,
    ),
    Code("HG006", ERROR, "no High Guard ship in the file"),
    Code(
        "HG007",
        WARNING,
        "a copy repaired: quoted-printable '=3D', a USP broken by spaces, a scanner's O for 0 or l for 1 in a figure",
    ),
    Code("HG008", WARNING, "a figure the sheet gives as '?' (unknown): not read"),
    Code(
        "HG009",
        WARNING,
        "a component label misspelt (no label of its section, near one: 'M-Drvie Factor-3'), "
        "read as the label it is nearest (fixable)",
        "Near is a likeness of 0.8 or more (difflib's ratio), the label's factor, model and bay size kept as "
        "written; the fix writes the label as High Guard Shipyard does.",
    ),
    Code(
        "HG010",
        INFO,
        "a component label that is no High Guard Shipyard label of its section and near none: "
        "counted in the tonnage and cost, not rated",
        "Also a label as near two labels as each other ('X-Drive' of M-Drive and J-Drive): not guessed. Write "
        "the label as High Guard Shipyard does, or move a component of your own to USER DEFINED.",
    ),
    Code(
        "HG011",
        WARNING,
        "a summary or text field key or a battery line's label misspelt ('Agilty', 'Tech Levle', 'BBearing', "
        "'Batterues'), read as the key or label it is nearest (fixable)",
    ),
    Code(
        "HG012",
        WARNING,
        "a line of a ship whose USP line could not be read: kept to that ship, applied to none",
        "A block's battery, summary and note lines belong to the USP they stand under. When that USP line is "
        "refused (HG001), each of its block's lines is said here and none is given to the ship above.",
        partial=True,
    ),
    Code(
        "HG013",
        WARNING,
        "a battery count past 9 (a letter) whose value is uncertain: a summary line that may hold "
        "the sheet's legend for it could not be read in full",
        "The count is read as its eHex value and marked uncertain: shown with '?', and said by the rules that use it.",
    ),
    Code(
        "HG014",
        WARNING,
        "a battery line with no counts and no Crew= or TL= on it (counts lost in a copy): nothing read",
        partial=True,
    ),
)
