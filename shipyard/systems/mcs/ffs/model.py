"""An FFS design as the MCS converter reads it: the values a Fire, Fusion & Steel design sheet gives.

The input of ``shipyard convert DESIGN.toml --to mcs`` (and of the workbook template), validated
strictly: an unknown key is an error (a typo must not silently drop a value). Figures are FFS values
in the edition the design names (``edition``: "ffs1" for FFS1/TNE figures, "ffs2" for FFS2); the
converter scales them. Field meanings follow MCS section 6; docs/converters.md documents the layout.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, model_validator

from shipyard.core.names import quoted
from shipyard.core.toml_input import ClosedTable

Edition = Literal["ffs1", "ffs2"]
#: The editions by name, as a command line gives them.
EDITIONS: dict[str, Edition] = {"ffs1": "ffs1", "ffs2": "ffs2"}
#: The least displacement (dTons) or mass (tonnes) of a design: no craft is smaller, and the charts' ratings,
#: worked per dTon, run past any rule for a hull of a fraction of one.
SMALLEST_HULL = 1


def _sheet_name(value: str) -> str:
    if any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 or char == ":" for char in value):
        raise ValueError(
            "a name goes on one line of a USD sheet: no control characters and no ':' (which would end a key there)"
        )
    return value


def _battery_name(value: str) -> str:
    from shipyard.systems.mcs.read.lines import usd_parser  # the grammar's own shape of a weapon name

    if not re.fullmatch(usd_parser().get_terminal("WEAPON_NAME").pattern.to_regexp(), value):
        raise ValueError(
            f"a battery's name goes on a USD sheet as words that begin with a letter (letters, digits "
            f"and - / & . '), found {quoted(value)}"
        )
    return value


#: A name that goes on a USD sheet: not blank, on one line, without the colon that ends a key.
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(_sheet_name)]
#: A battery's name, as the USD grammar reads a weapon's.
BatteryName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(_battery_name)]


class _Input(ClosedTable):
    model_config = ConfigDict(frozen=True)


class FfsHull(_Input):
    """The ship: hull, armour, power, crew protection."""

    name: Name
    tl: int = Field(ge=0, le=33)
    type: Name | None = None
    displacement: Decimal = Field(ge=SMALLEST_HULL)  # dTons
    mass: Decimal | None = Field(default=None, ge=SMALLEST_HULL)  # tonnes; without it, displacement x 10 (section 6.1)
    armour: Decimal | None = Field(default=None, ge=0)  # FFS armour value
    power_plant_mw: list[Decimal] = Field(default_factory=list)  # one output per plant (MW)
    g_compensation: int | None = Field(default=None, ge=0)
    g_tanks: bool = False  # G-tanks for every workstation crew member
    meson_screen: Decimal | None = Field(default=None, ge=0)  # FFS screen value
    # Section 6.1 toughness modifiers, each -1.
    high_automation: bool = False
    open_frame: bool = False
    cargo_and_fuel_over_70_percent: bool = False
    maneuver: Decimal | None = None
    jump: int | None = None
    crew: int | None = None


class FfsBeam(_Input):
    """One kind of beam battery: ``batteries`` identical batteries of ``count`` weapons each."""

    name: BatteryName
    type: Literal["laser", "paw", "meson"]
    count: int = Field(ge=1)  # weapons in one battery
    batteries: int = Field(default=1, ge=1)
    damage: list[Decimal] = Field(min_length=1, max_length=5)  # one weapon, at 5/10/20/40/80 hexes
    penetration: Decimal | None = Field(default=None, ge=0)  # one weapon; default laser x10, PAW/meson = damage
    pulses: int = Field(gt=0)  # per 30-minute turn (sustained)
    peak_pulses: int | None = Field(default=None, gt=0)  # a peak held at least one minute (PD only)
    beam_pointer_km: int = Field(gt=0)
    turrets: int | None = Field(default=None, ge=1)  # per battery, written on the sheet


class FfsMissiles(_Input):
    """One kind of missile battery."""

    name: BatteryName = "Missile Battery"
    warhead: Literal["nuclear", "chemical", "kkm"] = "nuclear"
    tl: int | None = None  # the missiles' TL; default the ship's
    launchers: int = Field(ge=1)  # per battery
    batteries: int = Field(default=1, ge=1)
    mount: Literal["barbette", "bay", "turret"] = "barbette"
    autoloader: bool = True
    missiles_per_salvo: int | None = Field(default=None, ge=1)  # designer's choice; default by the TL table
    salvos: int | None = Field(default=None, ge=0)  # ready salvos per battery
    salvos_in_cargo: int | None = Field(default=None, ge=0)
    warhead_damage: Decimal | None = Field(default=None, gt=0)  # non-standard nuclear: FFS warhead damage
    missile_g: Decimal | None = Field(default=None, ge=0)  # non-standard: G without fuel mass, for evasion


class FfsSandcasters(_Input):
    name: BatteryName = "Sandcaster battery"
    count: int = Field(ge=1)  # casters in one battery
    batteries: int = Field(default=1, ge=1)
    tl: int | None = None  # default the ship's
    canisters: int | None = Field(default=None, ge=0)


class FfsDampers(_Input):
    name: BatteryName = "Damper Battery"
    count: int = Field(ge=1)  # dampers in one battery
    batteries: int = Field(default=1, ge=1)


class FfsDesign(_Input):
    """A whole design file."""

    edition: Edition | None = None  # required, here or as --edition: the scale is never guessed
    ship: FfsHull
    beam: list[FfsBeam] = Field(default_factory=list)
    missiles: list[FfsMissiles] = Field(default_factory=list)
    sandcasters: list[FfsSandcasters] = Field(default_factory=list)
    dampers: list[FfsDampers] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _one_plant_as_list(cls, data):
        ship = data.get("ship") if isinstance(data, dict) else None
        if isinstance(ship, dict) and isinstance(ship.get("power_plant_mw"), (int, float, str, Decimal)):
            data = {**data, "ship": {**ship, "power_plant_mw": [ship["power_plant_mw"]]}}
        return data
