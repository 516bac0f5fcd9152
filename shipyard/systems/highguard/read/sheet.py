"""The High Guard sheet being read: its ships as drafts (each derived from the record it becomes), the findings
so far, the line being read and the reader's state (``State``, frozen: each step leaves a new one)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span
from shipyard.core.records import Note
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.highguard.read.state import State
from shipyard.systems.highguard.repairs import Repair


@dataclass
class BatteryLine:
    """A battery line as read, its counts placed once the ship's USP is known."""

    bearing: bool
    cells: list[Token]
    line_number: int
    text: str
    laden: bool


#: The fields of the record a draft becomes, as the model declares them (``format`` is the model's own constant),
#: each with its default: a factory to call (a fresh list or dict) or a value.
_DRAFTED = {
    name: (info.default_factory, info.default) for name, info in HighGuardShip.model_fields.items() if name != "format"
}


class ShipDraft:
    """One High Guard ship while its lines are read: the values of the record it becomes (``build``), by the
    model's own fields (``HighGuardShip.model_fields``: none declared twice), each at the model's default until a
    line sets it, and what the reading keeps for itself."""

    #: The line of this ship's USP when it could not be read: the block keeps its lines to itself (each one
    #: said, none applied to a neighbour) and builds no ship.
    refused: int | None
    #: Why the block was refused, for its lines' findings.
    refused_why: str
    #: A summary line (or a piece of one) of this ship could not be read: the legend it held may be lost.
    summary_refused: bool
    #: Every line read into this ship: (number, text), for a refused block's findings.
    lines: list[tuple[int, str]]
    battery_lines: list[BatteryLine]

    def __init__(self) -> None:
        self.refused, self.refused_why, self.summary_refused = None, "", False
        self.lines, self.battery_lines = [], []

    def __getattr__(self, name: str) -> Any:
        """A field no line has set yet: the model's default, kept (a list or a dict is then filled in place)."""
        if name not in _DRAFTED:
            raise AttributeError(f"a High Guard ship has no field {name!r}")
        factory, default = _DRAFTED[name]
        value = factory() if factory is not None else default  # type: ignore[call-arg]  # no data-taking factory
        object.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _DRAFT_NAMES:
            raise AttributeError(f"a High Guard ship has no field {name!r}")
        object.__setattr__(self, name, value)

    def build(self) -> HighGuardShip:
        return HighGuardShip.trusted(**{name: getattr(self, name) for name in _DRAFTED})


#: Every name a draft takes: the record's fields and the reading's own.
_DRAFT_NAMES = frozenset(_DRAFTED) | frozenset(ShipDraft.__annotations__)


class Reading:
    """A sheet being read: its ships, its findings, the line being read (number and text, for the findings'
    spans and source lines) and the reader's ``state``."""

    def __init__(self, path: str):
        self.path = path
        self.ships: list[ShipDraft] = []
        self.diagnostics: list[Diagnostic] = []
        self.line_number = 0
        self.text = ""
        self.state = State()

    def new_ship(self) -> ShipDraft:
        ship = ShipDraft()
        self.ships.append(ship)
        self.state = self.state.new_ship()
        return ship

    @property
    def ship(self) -> ShipDraft:
        return self.ships[-1] if self.ships else self.new_ship()

    def span(self, col: int = 1, end_col: int | None = None) -> Span:
        return Span.on_line(self.path, self.line_number, col, end_col)

    def report(self, code: str, severity: Severity, message: str, col: int = 1, fix: Fix | None = None) -> None:
        self.diagnostics.append(
            Diagnostic(
                code=code, severity=severity, message=message, span=self.span(col), source_line=self.text, fix=fix
            )
        )

    def said(self, repairs: list[Repair] | tuple[Repair, ...]) -> None:
        """Each repair made to the line, as a warning at its column."""
        for repair in repairs:
            self.report("HG007", Severity.WARNING, repair.words, repair.col)

    def respelled(self, code: str, message: str, col: int, written: str, meant: str, fix_words: str) -> None:
        """A warning at ``col`` whose fix writes ``meant`` where the line has ``written`` (a misspelt key or
        label, already read as ``meant``)."""
        fix = Fix(
            message=fix_words,
            edits=(Edit(line=self.line_number, col=col, end_col=col + len(written), old=written, new=meant),),
        )
        self.report(code, Severity.WARNING, message, col, fix)

    def unknown(self, key: str, value: str, col: int) -> bool:
        """Whether a value is the sheet's "?" (unknown): said, and not read as a number."""
        if value.rstrip(".").strip() != "?":
            return False
        self.report("HG008", Severity.WARNING, f"{key} is '?' on the sheet (unknown): not read", col)
        return True

    def keep_as_note(self, text: str) -> None:
        self.ship.notes.append(Note.trusted(text=text.strip(), spans={"self": self.span()}))

    def claim_heading(self, ship: ShipDraft) -> None:
        """The heading read above a ship, given to it (the ship it heads, never the one above it)."""
        pending = self.state.pending_heading
        if pending is not None and ship.heading is None:
            ship.heading, ship.heading_count, ship.spans["heading"] = pending
            ship.lines.append((ship.spans["heading"].line, ship.heading))
        self.state = replace(self.state, pending_heading=None)

    def refuse_ship(self, why: str | None = None) -> None:
        """A ship's USP line could not be read: the lines of its block (those before it that named it, those
        after it up to the next ship) are its own, never given to the ship above."""
        ship = self.ship
        if ship.usp is not None or ship.components or ship.refused is not None:
            ship = self.new_ship()
        ship.refused = self.line_number
        ship.refused_why = why or f"the ship whose USP line (line {self.line_number}) could not be read"
        self.claim_heading(ship)
        self.state = replace(self.state, after_usp=True)  # its battery lines are read as battery lines (refused)

    def refused_lines(self, ship: ShipDraft) -> None:
        """Each line of a refused ship's block that has no finding of its own, said: not applied to any ship."""
        said = {d.span.line for d in self.diagnostics if d.span is not None}
        for self.line_number, self.text in ship.lines:
            if self.line_number not in said:
                self.report("HG012", Severity.WARNING, f"not read: this line belongs to {ship.refused_why}")
