"""A TCS tournament scenario and a fleet file (TCS82; TCS82).

The scenario's defaults are the values the seed gives and nothing else: the budget is the trillion
credits of Trillion Credit Squadron (MCr 1,000,000), and drop tanks are taken to be dropped before
combat ("Drop tanks may be assumed to be transfered to tugs and placed in the safe area ... at the
beginning of the tourney", rules clarification 7). The seed gives no tech level and no minimum jump or
maneuver: those are unset until a scenario file sets them, and the checks that need them stay quiet.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.toml_input import ClosedTable, FileName

#: Trillion Credit Squadron: one trillion credits.
TCS_BUDGET_MCR = Decimal(1_000_000)
#: A judge's ruling is a percent, 0 to 100: of a system's value kept, or of a ship's whole value lost.
RulingPercent = Annotated[Decimal, Field(ge=0, le=100)]


class Scenario(BaseModel):
    """``[scenario]`` of a scenario file."""

    # Built when a scenario is read: a check without one takes ``default_scenario()`` and builds no validator.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = "Trillion Credit Squadron"
    budget_mcr: Decimal = Field(default=TCS_BUDGET_MCR, gt=0)
    tech_level: int | None = Field(default=None, ge=0, le=33)
    minimum_jump: int | None = Field(default=None, ge=0, le=6)
    minimum_maneuver: int | None = Field(default=None, ge=0, le=6)
    drop_tanks_dropped: bool = True
    #: Whether drop tanks bought for ships built in quantity get the quantity price too; the sources are silent,
    #: and shipyard's reading is that they do not (tanks are stores, bought per ship at their price).
    drop_tanks_in_quantity: bool = False
    #: Rules clarification 9: carried big craft have staterooms of their own, so their crews need none on the
    #: carrier (shipyard's reading where a sheet does not say); false counts their crews on the carrier.
    big_craft_staterooms: bool = True
    #: Determination of Damage: a ship "incapable of at least a jump-1 following the battle" is lost whole. Whether its
    #: drop tanks' fuel counts toward that jump-1: fuel hits destroy internal tankage only (rules clarification 3) and
    #: a ship may jump while dropping its tanks (clarification 6), so shipyard's reading is that it does (a ship whose
    #: jump fuel is in its tanks is not lost whole for one fuel hit); false counts the internal fuel left only.
    drop_tank_fuel_after_battle: bool = True
    #: The judge's rulings for the holes of Appendix A's tables: the key each APX001 finding names, and the
    #: percent kept (tables 1, 2, 6, 7) or MCr lost (a ship with no jump drive: "full value" = 100).
    rulings: dict[str, RulingPercent] = Field(default_factory=dict)
    #: Appendix A step F's "money spent on original fleet": each ship at its sheet's price, the basis its losses
    #: are valued on (a fleet lost entire has lost 100%; shipyard's reading), or the fleet's cost by High Guard's
    #: quantity rule with its drop tanks, as the budget counts it (the money the entrant paid).
    money_spent: Literal["sheet prices", "quantity rule"] = "sheet prices"


@cache
def default_scenario() -> Scenario:
    """The scenario a ship is checked under when none is given: every default, made once (frozen, so shared)
    and without validation, as pydantic leaves defaults unvalidated anyway (``rulings`` given, not made by its
    factory: as ``config.defaults``)."""
    return Scenario.model_construct(set(), rulings={})


class ScenarioFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # built when a scenario file is read

    scenario: Scenario = Field(default_factory=Scenario)


#: The most copies of one design a fleet file may build: more than a trillion credits buys of the cheapest hull
#: High Guard allows (a 10-ton craft at under MCr 1), so no legal fleet comes near it; a count past it is a
#: typo, and is refused at its line rather than counted copy by copy.
MAX_COPIES = 1_000_000


class FleetEntry(ClosedTable):
    """One ``[[ship]]`` of a fleet file: a sheet, how many are built, and its role."""

    model_config = ConfigDict(frozen=True)

    sheet: FileName  # a path, relative to the fleet file
    #: One ship of the sheet, by its name or hull number (any case); unset: every ship of the sheet.
    name: str | None = None
    #: How many are built; unset: the count its sheet's heading gives ("Seventy-five Eurisko class ..."), else 1.
    count: int | None = Field(default=None, ge=1, le=MAX_COPIES)
    role: Literal["warship", "tug", "tender", "other"] = "warship"
    extra_drop_tanks: Decimal = Field(default=Decimal(0), ge=0)  # tons of tanks a tug carries beyond its ships'


class FleetDoctrine(ClosedTable):
    """A fleet file's ``[doctrine]``: how its fleet fights in ``tcs battle`` (docs/tcs-combat.md, "Doctrine"); the
    command line's options change it. The defaults are the battle engine's (``combat.engine.Orders``)."""

    model_config = ConfigDict(frozen=True)

    #: Classes (as the sheets name them) kept in the reserve line.
    reserve: list[str] = Field(default_factory=list)
    #: The range asked for with the initiative: "best" (where its line gains most), "long" or "short".
    range: Literal["best", "long", "short"] = "best"
    #: "spread": each kind of battery shared over the targets still to be presented; "focus": all at the first.
    fire: Literal["spread", "focus"] = "spread"
    #: Lasers and energy weapons also fire against missiles (each battery once a turn, in defence or at a target).
    beam_defence: bool = False


class FleetFile(BaseModel):
    """A fleet file: its ships, optionally its scenario inline, and how it fights."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # built when a fleet file is read

    name: str | None = None
    scenario: Scenario | None = None
    doctrine: FleetDoctrine | None = None
    ship: list[FleetEntry] = Field(min_length=1)
