"""Component lines ("Bridge: 25.000 Td; MCr 6.250"): their count, label (a misspelt one read as the label it
is nearest), tons, MCr and tails, in the section the sheet has reached."""

from __future__ import annotations

from typing import Any

from lark.exceptions import UnexpectedInput

from shipyard.core.diagnostics import Severity
from shipyard.systems.highguard.labels import read_label
from shipyard.systems.highguard.model import Component
from shipyard.systems.highguard.read.lines import component_pieces, first_col, number, quick_component_pieces
from shipyard.systems.highguard.read.sheet import Reading


def component_line(r: Reading, line: str) -> None:
    # Read without its indent (a sheet pasted indented, or quoted in a reply): the grammar's LABEL may begin
    # with blanks, so an indented "  30 x Laser Turrets:" would be a label of "30 x Laser Turrets", uncounted.
    unindented = line.lstrip(" \t")
    pieces = quick_component_pieces(unindented)
    if pieces is None:
        try:
            pieces = component_pieces(unindented)
        except UnexpectedInput:
            pieces = component_pieces(line)  # the line as it is: lark's error at the line's own columns
    values: dict[str, Any] = {"section": r.state.section or "(none)"}
    for kind, text in pieces:
        if kind == "label":
            values["label"] = component_label(r, " ".join(text.split()), text.strip(), line)
        elif kind == "crew":
            values["crew"] = int(number(text))
        else:
            values[kind] = number(text.lstrip("+"))
    first = first_col(line)
    spans = {"self": r.span(first, len(line.rstrip()) + 1)}
    r.ship.components.append(Component.trusted(**values, spans=spans))
    if r.state.section is None:
        r.report("HG002", Severity.INFO, "a component line before any section header (HULL, ...)", first)


def component_label(r: Reading, label: str, written: str, line: str) -> str:
    """A component's label as it is read: one its section does not hold is read as the label it is nearest
    (HG009, a warning with the fix), or kept and said (HG010, info) when none is."""
    reading = read_label(r.state.section or "", label)
    if reading is None:
        return label
    col = line.find(written) + 1
    section = (r.state.section or "").upper()
    if reading.meant is None:
        r.report(
            "HG010",
            Severity.INFO,
            f"component '{label}' is no label High Guard Shipyard writes in "
            f"{section}: counted in the tonnage and cost, not rated",
            col,
        )
        return label
    r.respelled(
        "HG009",
        f"unknown component '{label}' in {section}: did you mean '{reading.meant}'? Read as that",
        col,
        written,
        reading.meant,
        f"write '{reading.meant}'",
    )
    return reading.meant
