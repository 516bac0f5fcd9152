"""What the compiled engine reads of a battle's rules: ``Readings`` (the readings and optional rules, made once a
battle from the validated ``options.Options``) and ``Orders`` (how one side fights, made once a side from its
``doctrine.Doctrine``). Plain frozen records: the engine reads a native field on every hit, never a pydantic
model's attribute (CONTRIBUTING.md, "The battle engine").

The defaults live here, once; ``Options`` and ``Doctrine`` take theirs from these records and document each field,
and a test holds the two field lists equal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Literal

from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.state import G

#: The kinds of weapon a hit is made by.
Weapon = Literal["laser", "paw", "meson", "missile"]
SeverityAgainst = Literal["toughness", "size"]
AimingHalf = Literal["exact", "rounded down"]
PowerLoss = Literal["maneuver", "batteries"]
MagazineLoss = Literal["ship", "launcher"]
Spectacular = Literal["all-ones", "never"]
MissileRule = Literal["quick", "long"]
Sensors = Literal["ignore", "lidar", "lock"]
Target = Literal["largest", "smallest", "nearest-to-death"]
Sand = Literal["none", "blocking"]


def _by_fields(record: Any) -> tuple[type, tuple[Any, ...]]:
    """A frozen record pickled as its class and its fields' values (compiled, a frozen dataclass is not unpickled
    otherwise: the copy's fields are set one by one, which a frozen class refuses; a battle's readings go to worker
    processes)."""
    return type(record), tuple(getattr(record, field.name) for field in fields(record))


@dataclass(frozen=True)
class Readings:
    """The readings and optional rules a battle is fought by (each field documented on ``options.Options``)."""

    severity_against: SeverityAgainst = "toughness"
    pc_survivability: bool = False
    quick_combat: bool = False
    quick_heavy_on_zero: bool = False
    aiming: bool = True
    no_aim_penalty: int = t.AIMING_NONE_PENALTY
    aiming_half: AimingHalf = "exact"
    power_loss: PowerLoss = "maneuver"
    magazine_loss: MagazineLoss = "ship"
    location_on_no_effect: bool = False
    screen_task: bool = True
    spectacular: Spectacular = "all-ones"
    missile_rule: MissileRule = "quick"
    sensors: Sensors = "ignore"
    weasel: bool = False

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return _by_fields(self)


#: The seed's tables' readings, no optional rule beyond aiming G.
DEFAULT_READINGS = Readings()


@dataclass(frozen=True)
class Orders:
    """How a side fights (each field documented on ``doctrine.Doctrine``). ``point_defence``: "pd", "none", or
    the names of the lines kept for it."""

    maneuver: G = 0
    aim: bool = True
    evade: bool = True
    seek: str = "best"
    target: Target = "largest"
    missiles: bool = True
    sand: Sand = "blocking"
    point_defence: str | tuple[str, ...] = "pd"
    withdraw: Fraction | None = None

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return _by_fields(self)


#: The orders of a side whose engagement says nothing.
DEFAULT_ORDERS = Orders()

#: How power plant damage is felt (MCS 4.5), in the words a log says it with.
POWER_LOSS_WORDS = {
    "maneuver": "each point lost reduces maneuver by one",
    "batteries": "each two points lost disable a weapon battery",
}
