"""Simple Fleet Combat rosters (TOML, docs/sfc.md): one side's elements with their types, TLs and counts, what
each carries, the flagship and the points budget. Read into a ``Roster`` record with the span of each value;
``shipyard check`` runs the SFC rules on it (shipyard/systems/sfc/rules/).

    [roster]
    name = "Imperial squadron"
    budget = 100            # the seed's suggested 100; a scenario may set another
    must_jump = true        # the force jumps in (an attacker): every element must jump or be carried

    [[element]]
    type = "dreadnought"
    tl = 12
    name = "Lion"
    flagship = true
    carries = [{ type = "fighter", tl = 12 }]
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.records import Record, Ship
from shipyard.core.toml_input import ClosedTable, load_toml_model, located
from shipyard.systems.sfc import charts as c

ElementType = Literal[
    "dreadnought",
    "cruiser",
    "carrier",
    "fighter",
    "tender",
    "sdb",
    "escort",
    "assault-transport",
    "transport",
    "rider",
    "deep-meson-gun",
]


class CarriedInput(ClosedTable):
    type: ElementType
    tl: int = 10
    count: int = Field(1, ge=1)


class ElementInput(ClosedTable):
    type: ElementType
    tl: int = 10
    count: int = Field(1, ge=1)
    name: str | None = None
    flagship: bool = False
    carries: list[CarriedInput] = Field(default_factory=list)


class RosterInput(ClosedTable):
    name: str | None = None
    budget: int = Field(c.SUGGESTED_POINTS, ge=1)
    must_jump: bool = False
    fighter_in_dreadnought_points: bool = True


class RosterFile(ClosedTable):
    roster: RosterInput
    element: list[ElementInput] = Field(default_factory=list)


class Carried(Record):
    type: str
    tl: int
    count: int


class RosterElement(Record):
    type: str
    tl: int
    count: int
    name: str | None = None
    flagship: bool = False
    carries: list[Carried] = Field(default_factory=list)

    def lines(self) -> list[RosterElement | Carried]:
        """The element line and the lines of what it carries, each counted for points."""
        return [self, *self.carries]

    @property
    def label(self) -> str:
        base = c.ELEMENTS[self.type].name
        return f"{self.name} ({base})" if self.name else base


class Roster(Ship):
    """One side of a Simple Fleet Combat game."""

    ANCHORS: ClassVar[tuple[str, ...]] = ("name",)
    format: Literal["sfc"] = "sfc"
    name: str | None = None
    budget: int = c.SUGGESTED_POINTS
    must_jump: bool = False
    #: The dreadnought's 24 points pay for its 1 embarked fighter element, if any (c.INCLUDED_IN_POINTS); false
    #: counts the fighter's own points too.
    fighter_in_dreadnought_points: bool = True
    elements: list[RosterElement] = Field(default_factory=list)

    @property
    def display_name(self) -> str:
        return self.name or "(unnamed roster)"


def element_points(
    element: RosterElement | Carried, carrier: RosterElement | None = None, included: bool = True
) -> Fraction | None:
    """Points of an element line (its count, at its TL); None for a TL without a multiplier in the seed. A line
    ``carrier`` carries is counted less what the carrier's own points pay for (``included``: a dreadnought's one
    fighter element, c.INCLUDED_IN_POINTS)."""
    multiplier = c.TL_MULTIPLIERS.get(element.tl)
    count = element.count
    paid = c.INCLUDED_IN_POINTS.get(carrier.type) if carrier is not None and included else None
    if paid is not None and paid[0] == element.type and carrier is not None:
        count = max(0, count - paid[1] * carrier.count)
    return None if multiplier is None else c.ELEMENTS[element.type].points * multiplier * count


def priced_lines(roster: Roster) -> Iterator[tuple[RosterElement, RosterElement | Carried, Fraction | None]]:
    """Each element line of a roster and each line of what it carries, with its points (``element_points``, the
    roster's reading of a dreadnought's fighter): (the element, the line, its points)."""
    for element in roster.elements:
        for line in element.lines():
            carrier = None if line is element else element
            yield element, line, element_points(line, carrier, roster.fighter_in_dreadnought_points)


def read_roster(text: str | None, path: Path, shown: str) -> tuple[list[Ship], list[Diagnostic]]:
    """The registry's reader: a roster file as one ``Roster``, with located errors (SFC001, SFC002)."""
    loaded, found, positions = load_toml_model(text or "", shown, RosterFile, "SFC001", "SFC002", "SFC roster")
    if loaded is None:
        return [], found
    elements = []
    for index, item in enumerate(loaded.element):
        where = ("element", index)
        spans = {"self": located(positions, shown, where)}
        spans.update(
            {
                key: located(positions, shown, (*where, key))
                for key in ("type", "tl", "count", "flagship", "carries", "name")
            }
        )
        carried = [Carried(type=x.type, tl=x.tl, count=x.count, spans={"self": spans["carries"]}) for x in item.carries]
        elements.append(
            RosterElement(
                type=item.type,
                tl=item.tl,
                count=item.count,
                name=item.name,
                flagship=item.flagship,
                carries=carried,
                spans=spans,
            )
        )
    head = {"self": located(positions, shown, ("roster",))}
    head.update({key: located(positions, shown, ("roster", key)) for key in ("name", "budget", "must_jump")})
    roster = Roster(
        name=loaded.roster.name,
        budget=loaded.roster.budget,
        must_jump=loaded.roster.must_jump,
        fighter_in_dreadnought_points=loaded.roster.fighter_in_dreadnought_points,
        elements=elements,
        spans=head,
    )
    return [roster], found
