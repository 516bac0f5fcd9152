"""What a line of a USD sheet is, told from the line alone: ``classify`` is pure (it reports nothing and changes
nothing), so the order of its tests, which *is* the grammar of a sheet, can be read, and tested with a table of
lines, in one place. The readings of a line a copy broke (joined to the next, read through a scanner's letters)
come after, in ``joins``: they need the lines around it."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from lark import Token, Tree

from shipyard.core.fast import new_tuple
from shipyard.core.quickparse import QuickParser
from shipyard.systems.mcs.read.lines import LOOKS_RATED, FieldItem, field_items


class LineKind(Enum):
    FIELDS = "a line of fields only ('Displacement: 15000  Crew: 789'), read without the parser"
    ITEMS = "a line the grammar reads: a heading, notes, batteries, or fields among them"
    RATED = "a line that looks like a rating (a Pen:Dam pair, T4 values, a rate of fire) and does not read"
    PROSE = "a line that is no rating and does not read: free text, or a battery's range limit"


FIELDS, ITEMS = LineKind.FIELDS, LineKind.ITEMS


class Line(NamedTuple):
    """A line classified: its kind, and what reading it gave (a line of fields' items, the grammar's tree)."""

    kind: LineKind
    fields: list[FieldItem] | None = None
    tree: Tree[Token] | None = None


def classify(line: str, parser: QuickParser) -> Line:
    """What ``line`` is: fields first (most of a sheet, read by the grammar's own terminals without its parser),
    then what the grammar reads, then, of what it refuses, a line that looks like a rating or one that does not."""
    fields = field_items(line)
    if fields is not None:
        return new_tuple(Line, (FIELDS, fields, None))  # Line(...), without its generated __new__: every line
    tree = parser.parse_or_none(line)
    if tree is not None:
        return new_tuple(Line, (ITEMS, None, tree))
    return Line(LineKind.RATED if LOOKS_RATED.search(line) is not None else LineKind.PROSE)
