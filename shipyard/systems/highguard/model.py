"""High Guard sheets as read: the USP block, decoded, and the component sheet (frozen pydantic records).

Figures are kept as ``Decimal`` (tons and MCr to the published precision). Every record keeps ``spans``
as the USD records do (shipyard/systems/mcs/model.py): where each value was read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache
from typing import ClassVar, Literal

from pydantic import Field, computed_field

from shipyard.core.records import Figure, Note, Record, Ship

#: The USP columns that carry battery counts, in the order of the battery lines (High Guard Shipyard's sheets, battery
#: lines).
BATTERY_COLUMNS = ("sandcaster", "repulsor", "laser", "energy", "particle_accelerator", "meson", "missile")
#: A component label's factor: "Factor-1.5" (a number, read whole) or a spinal mount's letter ("Factor-T").
_FACTOR = re.compile(r"Factor-([0-9]+(?:\.[0-9]+)?|[A-Z])")


class UspProfile(Record):
    """A decoded USP: ``TT-SCJMPKC-ASMNFR-LEPGK-F`` (High Guard, the USP). Digits are eHex values; the PA
    and meson positions hold a spinal mount letter as ``*_spinal`` instead of a battery factor."""

    text: str
    ship_type: str
    hull_code: str
    configuration: int
    jump: int
    maneuver: int
    power: int
    computer: str  # the USP digit: 0-9, fib A-J, bis R/S
    crew: int
    armour: int
    sandcaster: int
    meson_screen: int
    damper: int
    black_globe: int
    repulsor: int
    laser: int
    energy: int
    particle_accelerator: int
    particle_accelerator_spinal: str | None = None
    meson: int
    meson_spinal: str | None = None
    missile: int
    fighters: int

    def spinal(self, column: str) -> str | None:
        """The spinal mount letter at a battery column's position (only particle accelerators and mesons have
        one), or None."""
        return (
            self.particle_accelerator_spinal
            if column == "particle_accelerator"
            else (self.meson_spinal if column == "meson" else None)
        )

    def column_digit(self, column: str) -> int | str | None:
        """What the USP gives at a battery column: its factor, or the spinal mount's letter (falsy for none)."""
        return getattr(self, column) or self.spinal(column)


class BatteryCounts(Record):
    """One battery line: how many batteries (or batteries bearing) per USP column; None for a blank."""

    sandcaster: int | None = None
    repulsor: int | None = None
    laser: int | None = None
    energy: int | None = None
    particle_accelerator: int | None = None
    meson: int | None = None
    missile: int | None = None
    #: The columns whose count is uncertain: a letter past 9 the sheet's legend may give, where that legend
    #: could not be read in full (HG013); read as its eHex value, and said wherever the count is used.
    uncertain: tuple[str, ...] = ()

    def get(self, column: str) -> int:
        return getattr(self, column) or 0


class Component(Record):
    """One line of a component sheet: ``[count x ]label: tons Td; MCr cost[; +/-EP EP][; Crew N]``."""

    section: str
    count: Figure | None = None
    label: str
    tons: Figure
    mcr: Figure
    ep: Figure | None = None
    crew: int | None = None
    craft_cost: Figure | None = None

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def factor(self) -> str | None:
        """The ``Factor-x`` of the label: a number (``Factor-1.5``, read whole), or a spinal letter."""
        found = _FACTOR.search(self.label)
        return found.group(1) if found else None

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def backup(self) -> bool:
        return self.label.lower().startswith("backup")

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def bay_size(self) -> int | None:
        found = re.match(r"(50|100)T ", self.label)
        return int(found.group(1)) if found else None


class HighGuardShip(Ship):
    """One High Guard ship: a USP block, a component sheet, or both (High Guard Shipyard's sheets, the sheet)."""

    ANCHORS: ClassVar[tuple[str, ...]] = ("usp", "title", "class_name")
    format: Literal["highguard"] = "highguard"
    name: str | None = None
    hull_number: str | None = None
    ship_class: str | None = None
    ship_type_name: str | None = None
    architect: str | None = None
    tl: int | None = None
    refit_tl: int | None = None
    usp: UspProfile | None = None
    cost_mcr: Figure | None = None
    tonnage: Figure | None = None
    batteries: BatteryCounts | None = None
    bearing: BatteryCounts | None = None
    crew: int | None = None
    summary: dict[str, Figure] = Field(default_factory=dict)  # Cargo, Fuel, EP, Agility, Passengers, ...
    flags: list[str] = Field(default_factory=list)  # "Pulse Lasers", "Frozen Watch (x37)"
    craft: str | None = None
    fuel_treatment: str | None = None
    backups: str | None = None
    substitutions: dict[str, int] = Field(default_factory=dict)
    # A sheet's own letters for battery counts past one eHex digit, on its summary line ("W = 40. X = 64."):
    # they replace the eHex value of those letters in the battery counts, and only there.
    battery_legend: dict[str, int] = Field(default_factory=dict)
    laden_usp: UspProfile | None = None
    laden_tonnage: Figure | None = None

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def laden(self) -> dict[str, str] | None:
        """With drop tanks: the laden USP prefix (``BA-K931363``) and where it came from, printed on the sheet or
        derived from the drives (High Guard, p. 23); None without drop tanks."""
        from shipyard.systems.highguard.design import LADEN_FROM, laden_profile

        found = laden_profile(self)
        return {"usp": found[0], "from": LADEN_FROM[found[1]]} if found is not None else None

    drop_tank_cost: Figure | None = None
    title: str | None = None  # the component sheet's "<Class> Class <Type>"
    #: A published squadron's heading over the ship, with the count it gives ("Seventy-five Eurisko class Battle
    #: Riders": 75): how many a fleet builds when its file gives no count.
    heading: str | None = None
    heading_count: int | None = None
    crew_breakdown: str | None = None  # HGS's "Book 5 Crew Breakdown" line, as written
    components: list[Component] = Field(default_factory=list)
    notes: list[Note] = Field(default_factory=list)

    @property
    def display_name(self) -> str:
        return self.name or self.ship_class or (self.title or "").strip() or "(unnamed ship)"

    def components_in(self, section: str) -> list[Component]:
        return [c for c in self.components if c.section == section]

    def find_component(self, section: str, pattern: str) -> Component | None:
        """The first component of ``section`` whose label matches ``pattern`` (case-insensitive)."""
        return first_labelled(self.components_in(section), pattern)


@lru_cache(maxsize=256)  # the engine's and the rules' few dozen patterns, asked of every component of every ship
def label_pattern(pattern: str) -> re.Pattern[str]:
    """A pattern a component's label is matched with (case-insensitive), compiled once."""
    return re.compile(pattern, re.I)


def first_labelled(components: Iterable[Component], pattern: str) -> Component | None:
    """The first of ``components`` whose label matches ``pattern`` (case-insensitive)."""
    matches = label_pattern(pattern).search
    return next((c for c in components if matches(c.label)), None)


__all__ = ["BATTERY_COLUMNS", "BatteryCounts", "Component", "Decimal", "HighGuardShip", "UspProfile"]
