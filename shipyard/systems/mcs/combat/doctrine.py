"""How a side fights an MCS battle (``Doctrine``), as an engagement file's side gives it, and the bands a battle
starts at or seeks."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from shipyard.core.toml_input import ClosedTable
from shipyard.systems.mcs.combat import readings as r
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.readings import Orders
from shipyard.systems.mcs.combat.state import whole

#: A band a battle starts at or seeks, by its key or its name ("Long"), as the fire log's.
Band = Annotated[Literal["vs", "s", "m", "l", "x"], BeforeValidator(t.band_word)]


_D = r.DEFAULT_ORDERS  # each field's default, from the engine's record


class Entry(ClosedTable):
    """A table of an engagement file: its keys in any case, an unknown key refused."""


class Doctrine(Entry):
    """How a side fights. G: ``maneuver`` to every ship (MCS 2.1: a fleet allocates the same), half a spinal
    ship's G to aiming when ``aim``, the rest to evasion when ``evade``. The defaults are ``readings.Orders``'s,
    the plain record the engine reads (``orders``)."""

    maneuver: Fraction = Field(Fraction(_D.maneuver), ge=0)
    aim: bool = _D.aim
    evade: bool = _D.evade
    #: The range band the side closes or opens to when it wins initiative: a band, "hold", or "best" (the band
    #: where its beam batteries' damage most exceeds the enemy's toughness).
    seek: Band | Literal["hold", "best"] = _D.seek  # type: ignore[assignment]  # "best", one of the literals
    target: Literal["largest", "smallest", "nearest-to-death"] = _D.target
    missiles: bool = _D.missiles
    sand: Literal["none", "blocking"] = _D.sand
    #: Batteries kept for point defence: "pd" (those named PD, and dampers), "none", or names.
    point_defence: Literal["pd", "none"] | list[str] = _D.point_defence  # type: ignore[assignment]  # "pd"
    #: A ship withdraws at the end of a turn when this share of its batteries is lost (None: never).
    withdraw: Fraction | None = Field(_D.withdraw, gt=0, le=1)

    def orders(self) -> Orders:
        """The plain record the engine reads (made once a side)."""
        values = {name: getattr(self, name) for name in type(self).model_fields}
        values["maneuver"] = whole(self.maneuver)
        if isinstance(self.point_defence, list):
            values["point_defence"] = tuple(self.point_defence)
        return Orders(**values)


#: The doctrine a side fights by when its engagement says nothing.
DEFAULT_DOCTRINE = Doctrine()
