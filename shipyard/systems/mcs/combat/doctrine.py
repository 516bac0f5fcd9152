"""How a side fights an MCS battle (``Doctrine``), as an engagement file's side gives it, and the bands a battle
starts at or seeks."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from shipyard.core.toml_input import ClosedTable
from shipyard.systems.mcs.combat import tables as t

#: A band a battle starts at or seeks, by its key or its name ("Long"), as the fire log's.
Band = Annotated[Literal["vs", "s", "m", "l", "x"], BeforeValidator(t.band_word)]


class Entry(ClosedTable):
    """A table of an engagement file: its keys in any case, an unknown key refused."""


class Doctrine(Entry):
    """How a side fights. G: ``maneuver`` to every ship (MCS 2.1: a fleet allocates the same), half a spinal
    ship's G to aiming when ``aim``, the rest to evasion when ``evade``."""

    maneuver: Fraction = Field(Fraction(0), ge=0)
    aim: bool = True
    evade: bool = True
    #: The range band the side closes or opens to when it wins initiative: a band, "hold", or "best" (the band
    #: where its beam batteries' damage most exceeds the enemy's toughness).
    seek: Band | Literal["hold", "best"] = "best"
    target: Literal["largest", "smallest", "nearest-to-death"] = "largest"
    missiles: bool = True
    sand: Literal["none", "blocking"] = "blocking"
    #: Batteries kept for point defence: "pd" (those named PD, and dampers), "none", or names.
    point_defence: Literal["pd", "none"] | list[str] = "pd"
    #: A ship withdraws at the end of a turn when this share of its batteries is lost (None: never).
    withdraw: Fraction | None = Field(None, gt=0, le=1)


#: The doctrine a side fights by when its engagement says nothing.
DEFAULT_DOCTRINE = Doctrine()
