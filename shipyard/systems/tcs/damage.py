"""A damage record: what each ship of a fleet looks like after a TCS battle (TCS82, Appendix A step A).

TOML, one ``[[damage]]`` per damaged ship (not ``[[ship]]``: that is a fleet file); ships not listed
are intact. The installed figures come from the
ship's sheet, never typed here: a record gives only what the battle changed.

    [[damage]]
    sheet = "vigilant.txt"       # the sheet, as the fleet file names it (or the file name in a folder)
    copy = 1                     # which of the built copies (default 1)
    status = "damaged"           # intact | damaged | abandoned | hulk | vaporised | destroyed
    maneuver = 2                 # damaged ratings; absent = as installed
    jump = 1
    power = 3
    armour = 3
    fuel_hits = 20               # percent of the tankage lost
    spinal = "D"                 # the spinal mount's code now
    damper = 1
    meson_screen = 0
    turrets_destroyed = 4
    bays_destroyed = 0
    crew_lost = 30
    computer = "Model/2fib"      # the computer model left
    life_support = false         # the battle destroyed it: a hulk (step C)

A ship left without life support, jump drive, power plant or fuel is a hulk and counts its full value (step C)
whatever its status says; so does a ship whose fuel left cannot take it a jump-1 (Determination of Damage).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.source import read_sheet_text
from shipyard.core.toml_input import ClosedTable, FileName, load_toml_model

Status = Literal["intact", "damaged", "abandoned", "hulk", "vaporised", "destroyed"]


class ShipDamage(ClosedTable):
    model_config = ConfigDict(frozen=True)

    sheet: FileName
    copy_number: int = Field(default=1, ge=1, alias="copy")
    status: Status = "damaged"
    maneuver: int | None = Field(default=None, ge=-1)
    jump: int | None = Field(default=None, ge=-1)
    power: Decimal | None = Field(default=None, ge=0)
    armour: int | None = Field(default=None, ge=0)
    fuel_hits: Decimal = Field(default=Decimal(0), ge=0, le=100)
    spinal: str | None = Field(default=None, pattern=r"^[A-Z]$")
    damper: int | None = Field(default=None, ge=0)
    meson_screen: int | None = Field(default=None, ge=0)
    turrets_destroyed: int = Field(default=0, ge=0)
    bays_destroyed: int = Field(default=0, ge=0)
    crew_lost: int = Field(default=0, ge=0)
    computer: str | None = None
    #: False when the battle left the ship without life support: a hulk (step C).
    life_support: bool = True


class DamageRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str | None = None
    damage: list[ShipDamage] = Field(default_factory=list)


def load_record(path: Path, problems: list[Diagnostic]) -> tuple[DamageRecord | None, dict]:
    """A damage record file and the positions of its keys; problems of reading go to ``problems``."""
    text, found = read_sheet_text(path, str(path))
    problems += found
    if text is None:
        return None, {}
    record, found, positions = load_toml_model(text, str(path), DamageRecord, "DMG001", "DMG002", "TOML damage record")
    problems += found
    return record, positions
