"""The USD sheet being read: the ship being built, the ships and findings so far, the line being read (with the
lines a copy broke it into) and the reader's state (``State``, frozen: each step leaves a new one)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from shipyard.core.diagnostics import Diagnostic, Fix, Severity, Span
from shipyard.core.fast import new_tuple
from shipyard.core.names import quoted
from shipyard.systems.mcs.model import CrewQuality, Jammer, Note, Sensor, Signature, UsdShip
from shipyard.systems.mcs.read.lines import BOUNDARY, display_name


class State(NamedTuple):
    """What the reader carries from one line to the next: the group of keys the fields are in (``Sensors:``
    starts one), and the line of the last battery read (a range limit may stand under it)."""

    group: str | None = None
    battery_line: int = 0


@dataclass
class ShipBuilder:
    """Collects one ship's values and spans while its lines are read."""

    values: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)
    weapons: list = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    sensors: list[Sensor] = field(default_factory=list)
    jammers: list[Jammer] = field(default_factory=list)
    signature: dict[str, Any] = field(default_factory=dict)
    signature_spans: dict[str, Span] = field(default_factory=dict)
    crew_quality: dict[str, Any] = field(default_factory=dict)
    crew_quality_spans: dict[str, Span] = field(default_factory=dict)
    has_content: bool = False

    def build(self) -> UsdShip:
        values = dict(self.values)
        if self.signature:
            values["signature"] = Signature.trusted(**self.signature, spans=self.signature_spans)
        if self.crew_quality:
            values["crew_quality"] = CrewQuality.trusted(**self.crew_quality, spans=self.crew_quality_spans)
        return UsdShip.trusted(
            **values, weapons=self.weapons, notes=self.notes, sensors=self.sensors, ecm=self.jammers, spans=self.spans
        )


class Reading:
    """A USD file being read into ships: its ships, findings, the line being read (joined, where a copy broke it)
    and the reader's ``state``; one instance per file."""

    def __init__(self, path: str):
        self.path = path
        self.ships: list[UsdShip] = []
        self.diagnostics: list[Diagnostic] = []
        self.ship = ShipBuilder()
        self.state = State()
        self.key_read = ""  # the last key as read (canonical_key)
        #: The figures of the field being read that were read through a scanner's letters: (column, as written,
        #: as read), said once the field is read (USD109).
        self.scanned: list[tuple[int, str, str]] = []
        self.line_no = 0
        self.line_text = ""
        #: While a line broken by a copy (its wrapping, or quoted-printable's soft line breaks) is read joined with
        #: the lines after it: for each of them, the column past which the joined text is that line's, and what to
        #: take from a column there to give its column on that line.
        self.wrap: tuple[tuple[int, int], ...] | None = None
        #: The lines read joined at soft line breaks: (line, the first break's column, the line, the last joined).
        self.soft_broken: list[tuple[int, int, str, int]] = []

    def span(self, column: int, end_column: int | None = None) -> Span:
        if self.wrap is None:  # Span.on_line, written out: some sixty spans a sheet
            return new_tuple(Span, (self.path, self.line_no, column, self.line_no, end_column))
        line, col = self.placed(column)
        end_line, end = self.placed(end_column) if end_column is not None else (line, None)
        return Span(path=self.path, line=line, col=col, end_line=end_line, end_col=end)

    def placed(self, column: int) -> tuple[int, int]:
        """The line and column in the file of a column of a joined line (``wrap``)."""
        wrap = self.wrap or ()
        step = bisect.bisect_left(wrap, column, key=BOUNDARY)  # the breaks before the column
        return (self.line_no + step, column - wrap[step - 1][1]) if step else (self.line_no, column)

    def report(self, code: str, severity: Severity, message: str, column: int = 1, fix: Fix | None = None) -> None:
        source = self.line_text if self.wrap is None else None  # a joined line's own lines are quoted from the file
        self.diagnostics.append(
            Diagnostic(
                code=code, severity=severity, message=message, span=self.span(column), source_line=source, fix=fix
            )
        )

    def keep_note(self, text: str, column: int) -> None:
        self.ship.notes.append(Note.trusted(text=text.strip(), spans={"self": self.span(column)}))

    def start_ship_if_named(self) -> None:
        if "class_name" in self.ship.values:
            self.finish_ship()

    def finish_ship(self) -> None:
        if self.ship.has_content:
            self.ships.append(self.ship.build())
        elif self.ship.notes and self.ships:
            # Notes after the last ship's lines belong to it.
            last = self.ships.pop()
            self.ships.append(last.model_copy(update={"notes": [*last.notes, *self.ship.notes]}))
        self.ship = ShipBuilder()
        self.grouped(None)

    def grouped(self, group: str | None) -> None:
        """The group of keys the line's fields are in from now (``Sensors:``, ``Signature:``, ``ECM:``)."""
        state = self.state
        if state.group != group:
            self.state = new_tuple(State, (group, state.battery_line))  # State(...), without its keyword parsing

    def battery_read(self) -> None:
        """A battery read: its last line (where a copy broke it in two) is the one a range limit may stand under."""
        self.state = new_tuple(State, (self.state.group, self.line_no + len(self.wrap or ())))

    def said_scanned(self, written: str, read: str, column: int) -> None:
        self.report(
            "USD109",
            Severity.WARNING,
            f"{quoted(written)} read as {read}: a scanner's letters for digits (O for 0, l and I for 1)",
            column,
        )

    def set_value(self, name: str, value: Any, span: Span) -> bool:
        if name in self.ship.values:
            first = self.ship.spans.get(name)
            where = f" from line {first.line}" if first else ""
            self.report(
                "USD105",
                Severity.WARNING,
                f"{display_name(name)} given twice: the value{where} is kept, this one is kept as a note",
                span.col,
            )
            return False
        self.ship.values[name] = value
        self.ship.spans[name] = span
        self.ship.has_content = True
        return True
